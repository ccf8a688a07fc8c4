package importer_test

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestXFix43PreflightVersionedEmpty: the preflight lets rows into an existing table that
// was empty (nothing can be lost), but listed only TABLE_TYPE `BASE TABLE`: an empty
// table WITH SYSTEM VERSIONING (`SYSTEM VERSIONED`) counted as full and a dump filling it
// was refused without --overwrite, where the client loads it (x-fix36's leftover,
// preflight.go). Its history counts as rows: a versioned table whose current rows are
// deleted still holds them, and DELETE HISTORY of it stays refused.
func TestXFix43PreflightVersionedEmpty(t *testing.T) {
	srv := testsandbox.Start(t)
	db := sandboxDB(t, srv, "")
	db.SetMaxOpenConns(1)
	for _, q := range []string{"DROP DATABASE IF EXISTS d", "CREATE DATABASE d",
		"CREATE TABLE d.tv (id int PRIMARY KEY) ENGINE=InnoDB WITH SYSTEM VERSIONING",
		"CREATE TABLE d.ta (id int PRIMARY KEY) ENGINE=Aria WITH SYSTEM VERSIONING",
		"CREATE TABLE d.th (id int PRIMARY KEY) ENGINE=InnoDB WITH SYSTEM VERSIONING",
		"INSERT INTO d.th VALUES (7)", "DELETE FROM d.th"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, c := range []struct {
		stmt    string
		refused bool
	}{
		{"INSERT INTO tv VALUES (1),(2)", false},
		{"INSERT INTO ta VALUES (1),(2)", false},
		{"INSERT INTO th VALUES (1)", true},
		{"DELETE HISTORY FROM th", true},
	} {
		t.Run(c.stmt, func(t *testing.T) {
			res, err := tryImport(t, srv, "", importer.Source{Path: writeFile(t, "d.sql", []byte("USE d;\n"+c.stmt+";\n"))}, importer.Options{SkipRowCounts: true, Log: &strings.Builder{}})
			if err == nil {
				err = res.Err
			}
			refused := err != nil && strings.Contains(err.Error(), "overwrite")
			if refused != c.refused || err != nil && !refused {
				t.Fatalf("%s without --overwrite: %v; want refused %v", c.stmt, err, c.refused)
			}
		})
	}
	var n int
	if err := db.QueryRow("SELECT (SELECT COUNT(*) FROM d.tv) + (SELECT COUNT(*) FROM d.ta) + (SELECT COUNT(*) FROM d.th FOR SYSTEM_TIME ALL)").Scan(&n); err != nil || n != 5 {
		t.Fatalf("rows of tv, ta and th's history: %d (%v), want 2 + 2 + 1", n, err)
	}
}

// TestXFix43TemporaryFillVersioned: a temporary table filled from a real InnoDB table
// that nothing writes after the fill is sent again on resume and rebuilt exactly
// (exactFill); a fill from a table WITH SYSTEM VERSIONING was refused, exactFill
// listing only TABLE_TYPE `BASE TABLE` (x-fix36's leftover). Its history read (FOR
// SYSTEM_TIME ALL) is exact too; a write of it after the fill stays refused.
func TestXFix43TemporaryFillVersioned(t *testing.T) {
	head := strings.Replace(x15Head, "ENGINE=InnoDB", "ENGINE=InnoDB WITH SYSTEM VERSIONING", 1) + "UPDATE k SET v = 21 WHERE id = 2;\n"
	tail := "INSERT INTO k SELECT id + 100, v FROM t1;\n"
	t.Run("current rows", func(t *testing.T) {
		x15StopResume(t, head+"CREATE TEMPORARY TABLE t1 SELECT * FROM k;\n"+x15Rows()+tail)
	})
	t.Run("history", func(t *testing.T) {
		x15StopResume(t, head+"CREATE TEMPORARY TABLE t1 SELECT id, v FROM k FOR SYSTEM_TIME ALL;\n"+x15Rows()+"INSERT INTO k SELECT id + 100 + v, v FROM t1;\n")
	})
	t.Run("written after the fill", func(t *testing.T) {
		x15StopRefused(t, head+"CREATE TEMPORARY TABLE t1 SELECT * FROM k;\nINSERT INTO k VALUES (3, 30);\n"+x15Rows()+tail, "--resume cannot rebuild temporary table r15.t1 as the dump made it")
	})
}

// TestKillSweepXFix43VersionedFill: TestXFix43TemporaryFillVersioned's fill of its history,
// killed at every point: the points between the fill and the statement that reads the
// temporary table resume as the client (refused before: exactFill left the versioned k
// out); after that statement wrote k, refused.
func TestKillSweepXFix43VersionedFill(t *testing.T) {
	const script = "CREATE DATABASE ks;\nUSE ks;\n" + // 1-2
		"CREATE TABLE k (id int PRIMARY KEY, v int) ENGINE=InnoDB WITH SYSTEM VERSIONING;\n" + // 3
		"INSERT INTO k VALUES (1, 10), (2, 20);\n" + // 4
		"UPDATE k SET v = 21 WHERE id = 2;\n" + // 5
		"CREATE TEMPORARY TABLE t1 SELECT id, v FROM k FOR SYSTEM_TIME ALL;\n" + // 6
		"CREATE TABLE u (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" + // 7
		"INSERT INTO u VALUES (1, 1);\n" + // 8
		"INSERT INTO u VALUES (2, 2);\n" + // 9
		"INSERT INTO k SELECT id + 100 + v, v FROM t1;\n" + // 10
		"INSERT INTO u VALUES (3, 3);\n" // 11
	got := sweepClean(t, script, "resume")
	for _, at := range []string{"before 8", "before 9", "before 10"} {
		if why, ok := got[at]; !ok || why != "" {
			t.Errorf("killed %s: %q, %v; want the client's", at, why, ok)
		}
	}
	// Line 10 wrote k: t1, sent again, would read its rows.
	if why := got["before 11"]; !strings.Contains(why, "cannot rebuild temporary table ks.t1") {
		t.Errorf("killed before 11: %q; want the refusal of line 6", why)
	}
}
