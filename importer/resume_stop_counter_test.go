package importer_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// A graceful stop inside the dump's transaction rolls back what it sent, and sends
// nothing after the statement it stopped after (Journal.DispatchedThrough). lostCounter
// refused, on --resume, every INSERT into an AUTO_INCREMENT table up to the
// transaction's end as if the earlier attempt had been killed inside it (x-review18:
// MySQL Workbench's data section, START TRANSACTION; INSERT … VALUES (DEFAULT, …); COMMIT,
// and mysqldump --no-autocommit's set autocommit=0 … commit). Now a statement no earlier
// attempt sent (checkpoint.NeverSent) passes; after a kill, and after any attempt that
// follows a kill, the refusal stays.

// stopCounterScript is a Workbench data section and a --no-autocommit table.
const stopCounterScript = "CREATE DATABASE wb;\nUSE wb;\n" + // 1-2
	"CREATE TABLE author (id INT NOT NULL AUTO_INCREMENT, name VARCHAR(45) NULL, PRIMARY KEY (id)) ENGINE = InnoDB;\n" + // 3
	"CREATE TABLE book (id INT NOT NULL AUTO_INCREMENT, author_id INT NOT NULL, PRIMARY KEY (id)) ENGINE = InnoDB;\n" + // 4
	"START TRANSACTION;\n" + // 5
	"INSERT INTO author (id, name) VALUES (1, 'Ann');\n" + // 6
	"INSERT INTO author (id, name) VALUES (DEFAULT, 'Ben');\n" + // 7
	"INSERT INTO author (id, name) VALUES (DEFAULT, 'Cy');\n" + // 8
	"COMMIT;\n" + // 9
	"START TRANSACTION;\n" + // 10
	"INSERT INTO book (id, author_id) VALUES (DEFAULT, 2);\n" + // 11
	"INSERT INTO book (id, author_id) VALUES (DEFAULT, 3);\n" + // 12
	"COMMIT;\n" + // 13
	"set autocommit=0;\n" + // 14
	"INSERT INTO book VALUES (NULL, 1);\n" + // 15
	"INSERT INTO book VALUES (NULL, 2);\n" + // 16
	"commit;\n" // 17

// TestStopSweepAutoIncrementTransaction stops the script gracefully after each statement
// and resumes: the client's database, or a refusal only where the stop came after an
// INSERT that took an id inside the open transaction (its rollback kept the counter
// moved: the client's next id would differ). Before, a stop after lines 4, 5, 6, 9, 10,
// 13 and 14 was refused too. Killed before lines 5 and 6, the resume still refuses at
// line 7: a kill does not say how far the earlier attempt got.
func TestStopSweepAutoIncrementTransaction(t *testing.T) {
	idsTaken := map[string]string{"stop 7": "line 7", "stop 8": "line 7", "stop 11": "line 11", "stop 12": "line 11", "stop 15": "line 15", "stop 16": "line 15"}
	n := 0
	for _, r := range stopSweep(t, []byte(stopCounterScript), "resume", nil) {
		n++
		at := r.at.kind + " " + itoa(r.at.line)
		switch line, refuse := idsTaken[at]; {
		case r.d != nil:
			t.Errorf("stopped at %v and resumed: %v", r.at, r.d)
		case refuse && !strings.Contains(r.refused, line+": INSERT") || refuse && !strings.Contains(r.refused, "cannot recreate the AUTO_INCREMENT counter"):
			t.Errorf("stopped at %v: %q; want the AUTO_INCREMENT refusal at %s", r.at, r.refused, line)
		case !refuse && r.refused != "":
			t.Errorf("stopped at %v: refused (%s); want the client's: the stop sent no INSERT of the open transaction", r.at, r.refused)
		}
	}
	if n != 17 {
		t.Errorf("%d stop points; want 17", n)
	}
	killed := killSweep(t, []byte(stopCounterScript), "resume", func(k killPoint) bool {
		return k.kind == "before" && (k.line == 5 || k.line == 6)
	})
	for _, r := range killed {
		if r.d != nil || !strings.Contains(r.refused, "line 7: INSERT") {
			t.Errorf("killed %v and resumed: %v, %q; want the AUTO_INCREMENT refusal at line 7", r.at, r.d, r.refused)
		}
	}
	if len(killed) != 2 {
		t.Errorf("%d kill points; want 2", len(killed))
	}
}

// TestResumeKillThenStopKeepsCounterRefusal: killed after line 7 took id 2 inside the
// transaction (its rollback keeps the counter at 3), resumed and stopped gracefully after
// line 5, then resumed again. The second attempt's journal says it sent nothing past
// line 5, but the killed first one went further: the third attempt must refuse at line
// 7, not take id 3 where the client's took 2 (EndsRecorded: a kill before makes how far
// the attempts sent unknown).
func TestResumeKillThenStopKeepsCounterRefusal(t *testing.T) {
	ctx := context.Background()
	srv := testsandbox.Start(t)
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	dump := filepath.Join(dir, "wb.sql")
	if err := os.WriteFile(dump, []byte(stopCounterScript), 0o600); err != nil {
		t.Fatal(err)
	}
	journal := filepath.Join(dir, "journal")
	base := importer.Options{Parallel: 2, BatchBytes: 2 << 10, CheckpointPath: journal}

	var asKilled []byte
	first := hooked(base, func(kind string, st *split.Statement) error {
		if kind == "before" && st.Line == 8 {
			asKilled, _ = os.ReadFile(journal) // as a kill finds it
			return errSweepKill
		}
		return nil
	})
	if _, err := importer.Import(ctx, cfg, importer.Source{Path: dump}, first); asKilled == nil {
		t.Fatalf("the first attempt did not reach line 8: %v", err)
	}
	if err := os.WriteFile(journal, asKilled, 0o600); err != nil {
		t.Fatal(err)
	}
	o := base
	o.Resume = true
	res, err := importer.Import(ctx, cfg, importer.Source{Path: dump}, stopAfter(5, o))
	if err != nil || res.Status != importer.Interrupted {
		t.Fatalf("the second attempt did not stop after line 5: %v, %v", res, err)
	}
	res, err = importer.Import(ctx, cfg, importer.Source{Path: dump}, o)
	if err == nil {
		err = res.Err
	}
	if err == nil || !strings.Contains(err.Error(), "line 7: INSERT `author`: --resume cannot recreate the AUTO_INCREMENT counter of wb.author") {
		var next int64
		_ = sandboxDB(t, srv, "wb").QueryRow("SELECT id FROM author WHERE name = 'Ben'").Scan(&next)
		t.Fatalf("the third attempt: %v (Ben's id %d, the client's 2); want the AUTO_INCREMENT refusal at line 7", err, next)
	}
}
