package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestXTidy2DMLTablesForms: into a target holding other.k, a dump whose UPDATE or
// multi-table DELETE writes other.k through a table-list form sqlscan.DMLTables did not
// read: a table after STRAIGHT_JOIN (`UPDATE t STRAIGHT_JOIN other.k SET k.i = 5`), a
// parenthesised list (`UPDATE (t, other.k) …`, `UPDATE (t JOIN other.k ON …) …`), a
// DELETE target that is the alias of such a reference (`DELETE y FROM t STRAIGHT_JOIN
// other.k AS y`, `DELETE y FROM t, (other.k AS y)`, `DELETE FROM y USING (other.k y)`).
// The server runs each (10.11: other.k changed or emptied); dumpscope imported them
// without --overwrite, silent against docs/import.md §Preflight ("nothing that exists is
// touched"), serial and --parallel 2.
//
// Cause: DMLTables kept its own table-list reader (STRAIGHT_JOIN taken for an alias, a
// parenthesised group skipped whole), drifted from plan.tableRefs, which x-fix60 had
// taught these forms. Fixed by x-tidy2: DMLTables reads the UPDATE's and DELETE's lists
// with sqlscan.ReadTableRefs (tableRefs moved to sqlscan); found by the differential
// fuzz of the old reader against the new. 12 of 14 subtests failed before (the guards,
// a plain JOIN, passed).
func TestXTidy2DMLTablesForms(t *testing.T) {
	f := newSessionFixture(t, "")
	const head = "CREATE TABLE t (i int);\nINSERT INTO t VALUES (1);\n"
	for name, body := range map[string]string{
		"update straight join":       "UPDATE t STRAIGHT_JOIN other.k SET k.i = 5;\n",
		"update parenthesised":       "UPDATE (t, other.k) SET k.i = 5;\n",
		"update parenthesised join":  "UPDATE (t JOIN other.k ON k.i = t.i) SET k.i = 5;\n",
		"delete straight join alias": "DELETE y FROM t STRAIGHT_JOIN other.k AS y;\n",
		"delete parenthesised alias": "DELETE y FROM t, (other.k AS y);\n",
		"delete using parenthesised": "DELETE FROM y USING (other.k y);\n",
		"guard join":                 "UPDATE t JOIN other.k ON k.i = t.i SET k.i = 5;\n",
	} {
		for mode, o := range map[string]importer.Options{"serial": {}, "parallel 2": {Parallel: 2, BatchBytes: 512}} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				x23Untouched(t, f, "CREATE DATABASE fresh;\nUSE fresh;\n"+head+body, o)
			})
		}
	}
}
