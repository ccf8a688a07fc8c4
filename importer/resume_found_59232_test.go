package importer_test

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestResumeFound59232XAStartAfterGlobalAutocommit (difffuzz seeds 59232 and 50604,
// resume; testdata/found/seed-59232-resume.sql): SET GLOBAL autocommit = 0 (plain, or
// wrapped in EXECUTE IMMEDIATE as in the seed), SET autocommit = DEFAULT (0), a row,
// ROLLBACK, SET GLOBAL autocommit = 1, SET autocommit = 1 (which commits the implicit
// transaction), then an XA transaction. A resume past those sends the session statements
// again on a new connection: DEFAULT read the GLOBAL as the interrupted run had left it
// (1), the skipped ROLLBACK opened its transaction again (START TRANSACTION: under
// autocommit = 0 the statements after it are in one), and SET autocommit = 1, no change
// there, ended nothing: XA START failed with ERROR 1400 XAER_OUTSIDE where the client
// went on. Failed before the fix (wrapped and plain); the session-only region is the
// control, which passed.
func TestResumeFound59232XAStartAfterGlobalAutocommit(t *testing.T) {
	head := "CREATE DATABASE fz1;\nUSE fz1;\n" +
		"CREATE TABLE c (id int PRIMARY KEY, pid int, note varchar(20)) ENGINE=InnoDB;\n" +
		"CREATE TABLE t121 (id int PRIMARY KEY, v varchar(20)) ENGINE=InnoDB;\n"
	tail := "INSERT INTO c (id) VALUES (1),(2);\n" + // the first run stops after it
		"XA START 'x90';\n" +
		"INSERT IGNORE INTO c VALUES (572,1089,'x');\n" +
		"XA END 'x90';\n" +
		"XA PREPARE 'x90';\n" +
		"XA COMMIT 'x90';\n" +
		"INSERT INTO c (id) VALUES (5);\n"
	region := "SET autocommit = DEFAULT;\nINSERT INTO t121 VALUES (1,'a'),(2,'b');\nROLLBACK;\n"
	for name, mid := range map[string]string{
		"wrapped":          "EXECUTE IMMEDIATE 'SET @@global.autocommit = 0';\n" + region + "SET GLOBAL autocommit = 1;\nSET autocommit = 1;\n",
		"plain":            "SET GLOBAL autocommit = 0;\n" + region + "SET GLOBAL autocommit = 1;\nSET autocommit = 1;\n",
		"session rollback": "SET autocommit = 0;\nINSERT INTO t121 VALUES (1,'a'),(2,'b');\nROLLBACK;\nSET autocommit = 1;\n",
	} {
		t.Run(name, func(t *testing.T) {
			dump := head + mid + tail
			stop := int64(strings.Count(head+mid, "\n") + 1)
			ref, srv := testsandbox.Start(t), testsandbox.Start(t)
			runFoundCase(t, ref, srv, foundCase{db: "fz1", dump: dump, stop: stop})
		})
	}
}
