package importer_test

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// TestResumeAtXAStart (TestImportPlanCorpus2Kill9's savepoint-xa, resumed at offset 3299):
// a resume whose first statement is XA START must not find the control connection in a
// transaction (ERROR 1400 XAER_OUTSIDE). With a MyISAM table on the server, the XA
// statements get intents (they may write any table) and are not marked: after XA END the
// dump's connection refuses every statement but XA PREPARE/COMMIT/ROLLBACK (ERROR 1399).
func TestResumeAtXAStart(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, myisam := range []string{"", "CREATE TABLE m (id int) ENGINE=MyISAM;\n"} {
		testResumeAtXAStart(t, ref, srv, myisam)
	}
}

// TestResumeAfterXAPrepare: stopped between XA PREPARE and XA ROLLBACK, the interrupted
// run leaves the XA transaction prepared in the server (it outlives the connection); the
// resume's XA START met ERROR 1440 XAER_DUPID, and the prepared transaction's locks held
// up whatever came next. It refuses instead, saying how to end it.
func TestResumeAfterXAPrepare(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int PRIMARY KEY, v varchar(40));\n" +
		rowsOf("t1", 0, 50) + rowsOf("t1", 50, 100) +
		"XA START 'x1';\nINSERT INTO t1 VALUES (20000,'c');\nXA END 'x1';\nXA PREPARE 'x1';\nXA ROLLBACK 'x1';\n" +
		rowsOf("t1", 3000, 3050)
	runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: 9, refusal: "XA ROLLBACK"})
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("XA ROLLBACK 'x1'"); err != nil {
		t.Fatalf("the interrupted run left no prepared XA transaction to end: %v", err)
	}
}

func testResumeAtXAStart(t *testing.T, ref, srv *sandbox.Server, myisam string) {
	dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int PRIMARY KEY, v varchar(40));\n" + myisam +
		rowsOf("t1", 0, 50) + rowsOf("t1", 50, 100) +
		"START TRANSACTION;\nINSERT INTO t1 VALUES (10000,'a');\nSAVEPOINT a;\nINSERT INTO t1 VALUES (10001,'b');\nROLLBACK TO SAVEPOINT a;\nCOMMIT;\n" +
		"XA START 'x1';\nINSERT INTO t1 VALUES (20000,'c');\nXA END 'x1';\nXA PREPARE 'x1';\nXA ROLLBACK 'x1';\n" +
		rowsOf("t1", 3000, 3050)
	stops := []int64{6, 9, 11, 12}
	if myisam != "" {
		stops = []int64{7, 10, 12, 13, 14}
	}
	for _, stop := range stops {
		t.Run(fmt.Sprint("stop at line ", stop, map[bool]string{true: " with MyISAM"}[myisam != ""]), func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop})
		})
	}
}

// TestResumeAtSavepoint (TestImportPlanCorpus2Kill9's savepoint-xa, resumed after a
// progress row that ended at the SAVEPOINT, offset 3236): with a non-transactional table
// anywhere on the server, a SAVEPOINT inside the dump's transaction got an intent over
// every such table and, once it returned, a marker; stopped before the COMMIT, the resume
// counted the SAVEPOINT as run, skipped it, and failed at ROLLBACK TO SAVEPOINT a with
// ERROR 1305 (the transaction it belonged to had rolled back). A row into the MyISAM table
// between them stays whatever the transaction does: it is marked, and not sent again.
func TestResumeAtSavepoint(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int PRIMARY KEY, v varchar(40));\nCREATE TABLE m (id int) ENGINE=MyISAM;\n" +
		rowsOf("t1", 0, 50) + rowsOf("t1", 50, 100) +
		"START TRANSACTION;\nINSERT INTO t1 VALUES (10000,'a');\nSAVEPOINT a;\nINSERT INTO m VALUES (1);\nINSERT INTO t1 VALUES (10001,'b');\nRELEASE SAVEPOINT a;\nSAVEPOINT b;\nINSERT INTO t1 VALUES (10002,'b');\nROLLBACK TO SAVEPOINT b;\nCOMMIT;\n" +
		rowsOf("t1", 3000, 3050)
	for _, stop := range []int64{9, 10, 11, 12, 13, 14, 15} {
		t.Run(fmt.Sprint("stop at line ", stop), func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop})
		})
	}
}

// TestResumeAfterXACommit (the kill -9 corpus run's xa): killed after the dump's XA COMMIT
// and before the progress row that can only follow it (XA END ends what the connection
// may run inside the transaction), the resume ran the XA transaction again and stopped at
// ERROR 1062 on its row. The marker the XA transaction carries (checkpoint.Run.MarkXA)
// says it committed: the resume skips it whole. Two-phase and ONE PHASE.
func TestResumeAfterXACommit(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	head := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int PRIMARY KEY, v varchar(40));\n" +
		rowsOf("t1", 0, 50) + rowsOf("t1", 50, 100) +
		"XA START 'x1';\nINSERT INTO t1 VALUES (20000,'c');\nXA END 'x1';\n"
	for _, c := range []struct {
		name, end string
		stop      int64
	}{
		{"two-phase", "XA PREPARE 'x1';\nXA COMMIT 'x1';\n", 10},
		{"one phase", "XA COMMIT 'x1' ONE PHASE;\n", 9},
	} {
		t.Run(c.name, func(t *testing.T) {
			dump := head + c.end + rowsOf("t1", 3000, 3050)
			commit := strings.Index(dump, "XA COMMIT")
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: c.stop, unrecord: int64(commit + 1),
				resumeSays: "had committed when the interrupted run ended"})
		})
	}
}

// TestImportDumpEndsInXA (difffuzz seed 12008, shrunk): a dump that ends inside its XA
// transaction, before XA END or after it, leaves nothing of it with the client (its
// connection closes, the server rolls it back); dumpscope's plain ROLLBACK at the end
// failed with ERROR 1399. It is rolled back with the XA statements that end it. Ending
// after XA PREPARE, where the client leaves it prepared in the server, the import is
// refused by name.
func TestImportDumpEndsInXA(t *testing.T) {
	head := "CREATE DATABASE xe;\nUSE xe;\nCREATE TABLE t (id int PRIMARY KEY);\nINSERT INTO t VALUES (1);\n"
	for _, c := range []struct{ name, tail, refusal string }{
		{"active", "XA START 'x1';\nINSERT INTO t VALUES (2);\n", ""},
		{"idle", "XA BEGIN 'x1','b1' ;\nINSERT INTO t VALUES (2);\nXA END 'x1','b1';\n", ""},
		{"prepared", "XA START 'x1';\nINSERT INTO t VALUES (2);\nXA END 'x1';\nXA PREPARE 'x1';\n", "ends with XA transaction 'x1' prepared"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dump := writeFile(t, "xe.sql", []byte(head+c.tail))
			ref := testsandbox.Start(t)
			clientImport(t, ref, dump)
			want := redumps(t, ref, "xe")
			for _, o := range []importer.Options{{}, {Parallel: 2}, {Parallel: 2, CheckpointPath: filepath.Join(t.TempDir(), "journal")}} {
				got := testsandbox.Start(t)
				res := importFile(t, got, "", dump, o)
				if c.refusal != "" && o.Parallel > 1 {
					if res.Err == nil || !strings.Contains(res.Err.Error(), c.refusal) {
						t.Fatalf("%+v: err %v, want %q", o, res.Err, c.refusal)
					}
					continue
				}
				finished(t, res)
				sameDump(t, fmt.Sprintf("%+v", o), want, redumps(t, got, "xe"))
			}
		})
	}
}

// TestResumeXATriggerVariable (difffuzz seed 12008): once a trigger names a user
// variable, each statement's values of it are journaled with a read-back on the control
// connection; after XA END that connection refuses every statement but the XA ones, and
// the journal's read-back failed the import with ERROR 1399. XA statements run no trigger:
// nothing to journal.
func TestResumeXATriggerVariable(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "SET NAMES utf8mb4;\nCREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TRIGGER trg BEFORE INSERT ON t1 FOR EACH ROW SET @trg = COALESCE(@trg, 0) + 1;\n" +
		rowsOf("t1", 1, 40) + "XA START 'x1';\n" + rowsOf("t1", 40, 45) + "XA END 'x1';\nXA PREPARE 'x1';\nXA COMMIT 'x1';\n" +
		rowsOf("t1", 60, 70) + "CREATE TABLE vars (name varchar(20), v bigint);\nINSERT INTO vars VALUES ('trg', @trg);\n"
	runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: 12})
}
