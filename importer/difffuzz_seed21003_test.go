package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestDiffFuzzSeed21003KeptDiagnostics: a statement that opens no table and raises no
// condition (UNLOCK TABLES, SET @v = 1) leaves the diagnostics area as the statement
// before it left it, so GET DIAGNOSTICS @ac5 = NUMBER after SET @ac5 = 1 reads the
// conditions of the last statement that opened a table: 1 after mysqldump's ENABLE KEYS
// on InnoDB (Note 1031) or after an INSERT IGNORE with one warning. The client then keeps
// autocommit on and the ROLLBACK undoes nothing. A parallel run gone serial (here at
// completion_type = CHAIN) sends progress rows and catalogue lookups between those
// statements (and the parallel dispatcher drops the no-op KEYS toggle), GET DIAGNOSTICS
// reads 0, autocommit goes off and the ROLLBACK loses row 3 silently (difffuzz seed
// 21003: t4 short of rows 270-318 in the load-data and spool modes, not the
// --load-data converter). The serial replay (Parallel 1) sends only the client's
// statements and matches.
func TestDiffFuzzSeed21003KeptDiagnostics(t *testing.T) {
	chain := "CREATE DATABASE d;\nUSE d;\nSET completion_type = 1;\nSTART TRANSACTION;\nCOMMIT;\nSET completion_type = 0;\nCOMMIT;\n" +
		"CREATE TABLE t (id INT PRIMARY KEY, v TINYINT) ENGINE=InnoDB;\n"
	read := "SET @ac5 = 1;\nGET DIAGNOSTICS @ac5 = NUMBER;\nSET autocommit = @ac5;\n" +
		"INSERT INTO t VALUES (3,0);\nROLLBACK;\nSET autocommit = 1;\n"
	dumps := map[string]string{
		"keys-toggle": chain + "LOCK TABLES t WRITE;\n/*!40000 ALTER TABLE t DISABLE KEYS */;\nINSERT INTO t VALUES (1,0),(2,0);\n" +
			"/*!40000 ALTER TABLE t ENABLE KEYS */;\nUNLOCK TABLES;\n" + read,
		"insert-warning": chain + "INSERT INTO t VALUES (1,0);\nINSERT IGNORE INTO t VALUES (2,300);\nUNLOCK TABLES;\n" + read,
	}
	modes := map[string]importer.Options{
		"serial":    {Parallel: 1},
		"parallel":  {Parallel: 2},
		"load-data": {LoadData: true, Parallel: 2, BatchBytes: 2048},
	}
	for dn, dump := range dumps {
		for mn, o := range modes {
			t.Run(dn+"/"+mn, func(t *testing.T) { importMatchesClient(t, dump, o, "d") })
		}
	}
}
