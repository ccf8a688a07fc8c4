package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestLockedWriteCallsFunction (x-fix22's leftover, x-fix29): under the dump's LOCK
// TABLES, in a run gone serial with progress rows, a write to an InnoDB table that calls
// the stored function g, which inserts into the keyless MyISAM lm, directly or through a
// view whose definition calls g. The LOCK TABLES intent path (lockState.intent) asked
// only whether the written table, or a view's base tables (checkpoint.ViewBases), are
// non-transactional: the InnoDB table is not, so the statement got no intent and ran in
// the transaction of its progress row. Killed after it ran, before that row, the rollback
// left g's MyISAM rows and the resume ran it again: lm's rows twice, silently. Now it
// leaves an intent with no checksums (nothing outside its locks can be read there) and
// no "ran" marker (its InnoDB part is undone by the rollback): the resume refuses it as
// maybe half applied, by name.
func TestLockedWriteCallsFunction(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	head := "SET NAMES utf8mb4;\nCREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE i (id int PRIMARY KEY, c int) ENGINE=InnoDB;\nINSERT INTO i VALUES (1,0),(2,0);\n" +
		"CREATE TABLE lm (v int) ENGINE=MyISAM;\n" +
		"DELIMITER //\nCREATE FUNCTION g(x int) RETURNS int MODIFIES SQL DATA BEGIN INSERT INTO lm VALUES (x); RETURN x; END//\nDELIMITER ;\n" +
		"CREATE VIEW vg AS SELECT id, c, g(id) AS x FROM i;\n" +
		"START TRANSACTION;\nSAVEPOINT s1;\nCOMMIT;\n"
	tail := "UNLOCK TABLES;\nCREATE TABLE b (id int PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO b VALUES (1),(2);\n"
	for name, body := range map[string]string{
		"direct":       "LOCK TABLES i WRITE, lm WRITE;\nUPDATE i SET c = g(id);\n",
		"through view": "LOCK TABLES vg WRITE, i WRITE, lm WRITE;\nUPDATE vg SET c = 5 WHERE x > 0;\n",
	} {
		dump := head + body + tail
		t.Run(name, func(t *testing.T) {
			killAt(t, ref, srv, "fz0", dump, lineOf(t, dump, "UPDATE "), "may be half applied", importer.WithAfterDDLHook)
		})
	}
}
