package importer_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/importer"
)

// viewScopeDump ends as mysqldump's dumps do: the final CREATE VIEWs after every table's
// rows. va names only a; vb names big.
const viewScopeDump = "USE vw;\nCREATE TABLE a (id INT PRIMARY KEY, v INT) ENGINE=InnoDB;\n" +
	"INSERT INTO a VALUES (1, 10), (2, 20);\n" +
	"INSERT INTO big VALUES (1), (2), (3);\nINSERT INTO big VALUES (4), (5);\n" +
	"CREATE ALGORITHM=UNDEFINED SQL SECURITY DEFINER VIEW `va` AS SELECT `a`.`id` AS `id`, `a`.`v` AS `v` FROM `a`;\n" +
	"CREATE VIEW vb AS SELECT COUNT(*) AS n FROM big;\n"

// TestParallelFinalViewBesideOtherRows: a CREATE VIEW that reads tables waited for every
// batch in flight (a global barrier), so mysqldump's final views held the dispatcher until
// the last table's last batch had committed. It now waits only for the tables its text
// names (viewscope.go). Another session holds a row lock that big's batch waits for: va
// (on a) must be created meanwhile, vb (on big) must not, and the result is the client's.
// Before the change va did not appear while big's batch waited (both modes failed).
// "trigger reads the view": big's trigger reads vt, which the dump then replaces by a view
// of a; the replacement must wait for big's rows, whose trigger reads the stand-in with the
// client (a guard of the narrowing: it passed before, when the view waited for everything).
func TestParallelFinalViewBesideOtherRows(t *testing.T) {
	cases := []struct {
		name, dump, probe, want string
	}{
		{"views", viewScopeDump, "SELECT GROUP_CONCAT(TABLE_NAME ORDER BY TABLE_NAME) FROM information_schema.VIEWS WHERE TABLE_SCHEMA = 'vw'", "va"},
		{"trigger reads the view", "USE vw;\nCREATE TABLE a (id INT PRIMARY KEY, v INT) ENGINE=InnoDB;\nCREATE TABLE log (x INT) ENGINE=InnoDB;\n" +
			"CREATE VIEW vt AS SELECT 1 AS x;\nINSERT INTO a VALUES (1, 10);\n" +
			"CREATE TRIGGER trg AFTER INSERT ON big FOR EACH ROW INSERT INTO log SELECT x FROM vt;\n" +
			"INSERT INTO big VALUES (1), (2), (3);\nINSERT INTO big VALUES (4), (5);\n" +
			"CREATE OR REPLACE VIEW vt AS SELECT v AS x FROM a;\n", "SELECT GROUP_CONCAT(x) FROM vw.vt", "1"},
	}
	f := newSessionFixture(t, "")
	setup := func() {
		f.exec("DROP DATABASE IF EXISTS vw")
		f.exec("DROP DATABASE IF EXISTS dumpscope_progress")
		f.exec("CREATE DATABASE vw")
		f.exec("CREATE TABLE vw.big (id INT PRIMARY KEY) ENGINE=InnoDB")
	}
	const state = "SELECT CONCAT_WS(':', (SELECT GROUP_CONCAT(CONCAT(id, '=', v) ORDER BY id) FROM vw.a), " +
		"(SELECT GROUP_CONCAT(id ORDER BY id) FROM vw.big), (SELECT GROUP_CONCAT(TABLE_NAME, ' ', VIEW_DEFINITION ORDER BY TABLE_NAME) " +
		"FROM information_schema.VIEWS WHERE TABLE_SCHEMA = 'vw'), (SELECT GROUP_CONCAT(TABLE_NAME ORDER BY TABLE_NAME) " +
		"FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'vw'))"
	ctx := context.Background()
	for _, c := range cases {
		if err := os.WriteFile(f.path, []byte(c.dump), 0o600); err != nil {
			t.Fatal(err)
		}
		setup()
		f.client()
		want := f.query(state)
		if c.name != "views" {
			want += "|" + f.query("SELECT GROUP_CONCAT(x ORDER BY x) FROM vw.log")
		}
		for _, o := range []importer.Options{
			{Parallel: 2, BatchBytes: 1 << 20},
			{Parallel: 2, BatchBytes: 1 << 20, CheckpointPath: filepath.Join(t.TempDir(), "journal")},
		} {
			t.Run(c.name+" "+optsName(o), func(t *testing.T) {
				setup()
				holder, err := f.db.Conn(ctx)
				if err != nil {
					t.Fatal(err)
				}
				defer holder.Close()
				for _, q := range []string{"BEGIN", "INSERT INTO vw.big VALUES (1)"} {
					if _, err := holder.ExecContext(ctx, q); err != nil {
						t.Fatal(err)
					}
				}
				done := make(chan *importer.Result, 1)
				go func() {
					o.Log = &syncDiscard{}
					res, err := importer.Import(ctx, f.cfg, importer.Source{Path: f.path}, o)
					if err != nil {
						t.Errorf("Import: %v", err)
					}
					done <- res
				}()
				waiting := "0"
				for deadline := time.Now().Add(15 * time.Second); waiting == "0" && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
					waiting = f.query("SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT'")
				}
				seen := f.query(c.probe)
				for deadline := time.Now().Add(10 * time.Second); seen != c.want && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
					seen = f.query(c.probe)
				}
				time.Sleep(2 * time.Second) // what comes next in the stream, and must wait, has had its chance
				seen = f.query(c.probe)
				if _, err := holder.ExecContext(ctx, "ROLLBACK"); err != nil {
					t.Fatal(err)
				}
				res := <-done
				if seen != c.want {
					t.Errorf("%s while big's batch waited for the row lock (%s waiting): %q, want %q", c.probe, waiting, seen, c.want)
				}
				if res != nil && res.Err != nil {
					t.Fatalf("import: %v", res.Err)
				}
				got := f.query(state)
				if c.name != "views" {
					got += "|" + f.query("SELECT GROUP_CONCAT(x ORDER BY x) FROM vw.log")
				}
				if got != want {
					t.Errorf("dumpscope: %s\nthe client: %s", got, want)
				}
			})
		}
	}
}

// syncDiscard is a log that keeps nothing (the import writes to it from its goroutines).
type syncDiscard struct{}

func (syncDiscard) Write(p []byte) (int, error) { return len(p), nil }
