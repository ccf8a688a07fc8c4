package importer_test

import (
	"fmt"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestResumeAtXAStart (TestImportPlanCorpus2Kill9's savepoint-xa, resumed at offset 3299):
// a resume whose first statement is XA START must not find the control connection in a
// transaction (ERROR 1400 XAER_OUTSIDE).
func TestResumeAtXAStart(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int PRIMARY KEY, v varchar(40));\n" +
		rowsOf("t1", 0, 50) + rowsOf("t1", 50, 100) +
		"START TRANSACTION;\nINSERT INTO t1 VALUES (10000,'a');\nSAVEPOINT a;\nINSERT INTO t1 VALUES (10001,'b');\nROLLBACK TO SAVEPOINT a;\nCOMMIT;\n" +
		"XA START 'x1';\nINSERT INTO t1 VALUES (20000,'c');\nXA END 'x1';\nXA PREPARE 'x1';\nXA ROLLBACK 'x1';\n" +
		rowsOf("t1", 3000, 3050)
	for _, stop := range []int64{6, 9, 11, 12} {
		t.Run(fmt.Sprint("stop at line ", stop), func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop})
		})
	}
}
