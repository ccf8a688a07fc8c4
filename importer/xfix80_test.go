package importer_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// x-fix80: a START TRANSACTION or BEGIN inside the dump's open transaction commits it
// implicitly and opens the next (x-review26 finding 2, TestReviewX26TempTxnBeginAgain,
// which has a temporary table in it; the cause needs none). In a run gone serial the
// first transaction's progress row covered the BEGIN too (runSerial took it for a COMMIT,
// whose row commits with it), so a resume killed inside the second transaction skipped
// the BEGIN and sent the second transaction's statements under autocommit: the dump's
// ROLLBACK then undid nothing, and k kept the rolled-back row 4, silently. Now the BEGIN
// ends the stretch before it, as any implicit commit does (plan.Plan.Reopens), and a
// resume sends it again. COMMIT AND CHAIN, whose progress row commits with it, is
// reopened on resume by chainState.skipped, as before.

// x80Script is k's first row in a transaction opened by open, again (a BEGIN inside it),
// then a row that ROLLBACK undoes and a last row outside: the client's k is 1,99.
func x80Script(open, again string) string {
	return "CREATE DATABASE q;\nUSE q;\nCREATE TABLE k (id int PRIMARY KEY) ENGINE=InnoDB;\n" +
		open + "INSERT INTO k VALUES (1);\n" + again + "INSERT INTO k VALUES (4);\nROLLBACK;\nSET autocommit=1;\nINSERT INTO k VALUES (99);\n"
}

var x80Shapes = map[string][2]string{
	"begin":                         {"START TRANSACTION;\n", "BEGIN;\n"},
	"begin work":                    {"START TRANSACTION;\n", "BEGIN WORK;\n"},
	"start transaction":             {"BEGIN;\n", "START TRANSACTION;\n"},
	"autocommit 0 then begin":       {"SET autocommit=0;\n", "BEGIN;\n"},
	"commit and chain (unchanged)":  {"START TRANSACTION;\n", "COMMIT AND CHAIN;\n"},
	"read only (the client's 1792)": {"START TRANSACTION;\n", "START TRANSACTION READ ONLY;\n"},
}

// TestXFix80BeginInTransactionResumed sweeps each shape's kill points from k's first row
// on (--checkpoint, a run gone serial at the transaction) and resumes.
func TestXFix80BeginInTransactionResumed(t *testing.T) {
	for name, c := range x80Shapes {
		t.Run(name, func(t *testing.T) {
			if n := x71Sweep(t, x80Script(c[0], c[1]), "resume", "INSERT INTO k VALUES (1)", ""); n == 0 {
				t.Fatal("no kill points")
			}
		})
	}
}

// TestXFix80BeginInTransactionModes: without kills, serial, --parallel 2 and --parallel 2
// with progress rows give k as the client does (the plan's region ends at the second
// BEGIN, and the server's implicit commit is the client's).
func TestXFix80BeginInTransactionModes(t *testing.T) {
	f := newSessionFixture(t, "")
	for name, c := range x80Shapes {
		if err := os.WriteFile(f.path, []byte(x80Script(c[0], c[1])), 0o600); err != nil {
			t.Fatal(err)
		}
		f.exec("DROP DATABASE IF EXISTS q")
		f.client()
		want := f.query("SELECT GROUP_CONCAT(id ORDER BY id) FROM q.k")
		for mode, o := range map[string]importer.Options{"serial": {}, "parallel 2": {Parallel: 2, BatchBytes: 512},
			"parallel 2 checkpoint": {Parallel: 2, BatchBytes: 512, CheckpointPath: filepath.Join(t.TempDir(), "journal")}} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				for _, q := range []string{"DROP DATABASE IF EXISTS q", "DROP DATABASE IF EXISTS dumpscope_progress"} {
					f.exec(q)
				}
				o.Log = io.Discard // the one-line notice of the transaction run serially
				res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: f.path}, o)
				if err == nil && res != nil {
					err = res.Err
				}
				if err != nil { // READ ONLY with progress rows: refused, loudly (the client stops at ERROR 1792 later)
					t.Logf("refused: %v", err)
					return
				}
				if got := f.query("SELECT GROUP_CONCAT(id ORDER BY id) FROM q.k"); got != want {
					t.Errorf("k holds %q, the client's %q", got, want)
				}
			})
		}
	}
}
