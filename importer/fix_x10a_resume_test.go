package importer_test

import (
	"fmt"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestFixX10aWrappedImplicitCommitResume: inside the dump's START TRANSACTION, in a
// checkpointed run gone serial, EXECUTE IMMEDIATE 'CREATE TABLE …' (or a prepared one)
// commits the rows before it implicitly, as the client's does. The planner kept them in
// the open transaction (it planned the EXECUTE as itself), so their progress rows were
// not committed with them, and a run stopped after the EXECUTE sent them again on
// --resume: ERROR 1062 where the client went on. The wrapped DDL is planned as what it
// is (registry.inner), which ends the region.
func TestFixX10aWrappedImplicitCommitResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, ddl := range map[string]string{
		"execute-immediate": "EXECUTE IMMEDIATE 'CREATE TABLE IF NOT EXISTS t9 (a int)';\n",
		"prepared":          "EXECUTE s;\n",
	} {
		// Line 8 is the DDL; the stops are after it, the rows after it and the ROLLBACK.
		dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
			"PREPARE s FROM 'CREATE TABLE IF NOT EXISTS t9 (a int)';\nSELECT COUNT(*) INTO @c FROM t1;\nSTART TRANSACTION;\n" +
			rowsOf("t1", 1, 10) + ddl + rowsOf("t1", 100, 110) + rowsOf("t1", 200, 210) + "ROLLBACK;\n" + rowsOf("t1", 300, 310)
		for stop := int64(8); stop <= 11; stop++ {
			t.Run(fmt.Sprint(name, "/stop at line ", stop), func(t *testing.T) {
				runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop})
			})
		}
	}
}
