package importer_test

import (
	"path/filepath"
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

// xfix43FoundHead is a dump head for the FOUND_ROWS() tests: b10 of 3 rows, sv of the
// values read, vars_fr to fill.
const xfix43FoundHead = "CREATE DATABASE fz0;\nUSE fz0;\n" +
	"CREATE TABLE b10 (id int PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO b10 VALUES (1),(2),(3);\n" +
	"CREATE TABLE sv (name varchar(10), v varchar(20)) ENGINE=InnoDB;\nCREATE TABLE vars_fr (n bigint PRIMARY KEY) ENGINE=InnoDB;\n" +
	"SELECT SQL_CALC_FOUND_ROWS * FROM b10 LIMIT 0;\n"

// TestXFix43FoundRowsAfterInsertSelect (x-fix35's leftover): an INSERT … SELECT that
// changed more than one row on the control connection, then a FOUND_ROWS() reader. The
// count cannot be read back without changing the diagnostics area's ROW_COUNT (a GET
// DIAGNOSTICS after it reads 3), so the reader was refused. A plain INSERT … SELECT (no
// IGNORE, ON DUPLICATE KEY UPDATE, OFFSET or SQL_CALC_FOUND_ROWS) inserts each row its
// SELECT finds or fails: FOUND_ROWS() is its row count (measured on MariaDB 10.11:
// joins, GROUP BY, DISTINCT, UNION, views, derived tables, CTEs, LIMIT). --parallel 3,
// --parallel 2 --checkpoint.
func TestXFix43FoundRowsAfterInsertSelect(t *testing.T) {
	for name, ins := range map[string]string{
		"plain":   "INSERT INTO vars_fr SELECT id FROM b10;\n",
		"join":    "INSERT INTO vars_fr SELECT a.id * 10 + b.id FROM b10 a JOIN b10 b ON a.id <= b.id;\n",
		"union":   "INSERT INTO vars_fr (n) SELECT id FROM b10 UNION ALL SELECT 7 UNION ALL SELECT 8;\n",
		"limit":   "INSERT INTO vars_fr SELECT id FROM b10 ORDER BY id LIMIT 2;\n",
		"cte":     "INSERT INTO vars_fr WITH c AS (SELECT id FROM b10) SELECT id + 5 FROM c;\n",
		"wrapped": "SET STATEMENT max_statement_time = 0 FOR INSERT INTO vars_fr SELECT id FROM b10;\n",
		// x-fix48: a union's LIMIT inside a derived table or CTE, the outer SELECT's own.
		"derived union limit": "INSERT INTO vars_fr SELECT id FROM (SELECT id FROM b10 UNION SELECT id + 10 FROM b10 LIMIT 5) d ORDER BY id LIMIT 4;\n",
		"cte union limit":     "INSERT INTO vars_fr WITH c AS (SELECT id FROM b10 UNION ALL SELECT id + 10 FROM b10) SELECT id FROM c LIMIT 5;\n",
	} {
		t.Run(name, func(t *testing.T) {
			dump := xfix43FoundHead + ins + "SELECT FOUND_ROWS() INTO @w2;\nSET @w3 = FOUND_ROWS();\n" +
				"INSERT INTO sv (name, v) VALUES ('fr', @w2), ('fr3', @w3);\n"
			want := x16Client(t, dump, "fz0")
			for name, o := range map[string]importer.Options{
				"parallel 3":            {Parallel: 3, BatchBytes: 2 << 10},
				"parallel 2 checkpoint": {Parallel: 2, BatchBytes: 512, CheckpointPath: filepath.Join(t.TempDir(), "journal")},
			} {
				t.Run(name, func(t *testing.T) { x16Straight(t, dump, "fz0", want, o) })
			}
		})
	}
}

// TestXFix43FoundRowsNotDerived: the INSERT … SELECT forms whose FOUND_ROWS() is not
// their row count (measured: OFFSET counts the rows passed, SQL_CALC_FOUND_ROWS all of
// them, IGNORE the duplicates it drops, ON DUPLICATE KEY UPDATE and REPLACE count a row
// twice, CREATE TABLE … SELECT of no table leaves 0): the reader stays refused, naming
// FOUND_ROWS().
func TestXFix43FoundRowsNotDerived(t *testing.T) {
	for name, ins := range map[string]string{
		"offset":    "INSERT INTO vars_fr SELECT id FROM b10 ORDER BY id LIMIT 2 OFFSET 1;\n",
		"offset ,":  "INSERT INTO vars_fr SELECT id FROM b10 ORDER BY id LIMIT 1, 2;\n",
		"calc":      "INSERT INTO vars_fr SELECT SQL_CALC_FOUND_ROWS id FROM b10 LIMIT 2;\n",
		"ignore":    "INSERT INTO vars_fr VALUES (1);\nINSERT IGNORE INTO vars_fr SELECT id FROM b10;\n",
		"duplicate": "INSERT INTO vars_fr VALUES (1);\nINSERT INTO vars_fr SELECT id FROM b10 ON DUPLICATE KEY UPDATE n = vars_fr.n + 10;\n",
		"replace":   "INSERT INTO vars_fr VALUES (1);\nREPLACE INTO vars_fr SELECT id FROM b10;\n",
		"create":    "CREATE TABLE c2 SELECT 1 a UNION ALL SELECT 2;\n",
	} {
		t.Run(name, func(t *testing.T) {
			dump := xfix43FoundHead + ins + "SELECT FOUND_ROWS() INTO @w2;\nINSERT INTO sv (name, v) VALUES ('fr', @w2);\n"
			want := x16Client(t, dump, "fz0")
			srv := testsandbox.Start(t)
			res, err := tryImport(t, srv, "", importer.Source{Path: writeFile(t, "d.sql", []byte(dump))}, importer.Options{Parallel: 3, BatchBytes: 2 << 10})
			if err == nil {
				err = res.Err
			}
			if err == nil {
				sameDump(t, "straight", want, redumps(t, srv, "fz0"))
				t.Fatalf("finished; want the FOUND_ROWS() reader refused")
			}
			if !strings.Contains(err.Error(), "FOUND_ROWS()") {
				t.Fatalf("%v; want the FOUND_ROWS() reader refused", err)
			}
		})
	}
}

// TestKillSweepXFix43FoundRows: TestXFix43FoundRowsAfterInsertSelect's dump killed at
// every point. A resume that runs the INSERT … SELECT gives the reader its row count
// (refused before); one that skips it refuses the reader by name (the count is not in
// the journal).
func TestKillSweepXFix43FoundRows(t *testing.T) {
	script := xfix43FoundHead + // 1-7
		"CREATE TABLE u (id int PRIMARY KEY) ENGINE=InnoDB;\n" + // 8
		"INSERT INTO u VALUES (1);\n" + // 9
		"INSERT INTO vars_fr SELECT a.id * 10 + b.id FROM b10 a JOIN b10 b ON a.id <= b.id;\n" + // 10
		"SELECT FOUND_ROWS() INTO @w2;\n" + // 11
		"INSERT INTO sv (name, v) VALUES ('fr', @w2);\n" + // 12
		"INSERT INTO u VALUES (2);\n" // 13
	got := sweepClean(t, script, "resume")
	for _, at := range []string{"before 9", "before 10", "before 13"} {
		if why, ok := got[at]; !ok || why != "" {
			t.Errorf("killed %s: %q, %v; want the client's", at, why, ok)
		}
	}
}

// TestXFix43TemporaryCodeCommaTables: a body that writes a temporary table and names a
// real one after a comma (UPDATE tt, k SET k.v = …): plan/routinetemp.go's reach read
// only the first table of a list, so the CALL was taken for one that reaches temporary
// tables only, sent again by the resume: k's rows updated twice (silent). Refused now,
// as a body writing k is. Read after a comma (FROM tt AS a, k), k is followed as a read
// (TestXFix43TemporaryCodeReadsReal).
func TestXFix43TemporaryCodeCommaTables(t *testing.T) {
	for name, c := range map[string]struct {
		body    string
		refused bool
	}{
		"update list": {"UPDATE tt, k SET k.v = k.v + 1, tt.v = tt.v + 1 WHERE k.id = tt.id", true},
		"select list": {"INSERT INTO tt SELECT k.id + 100, k.v FROM tt AS a, k WHERE a.id = 1", false},
	} {
		t.Run(name, func(t *testing.T) {
			dump := x15Head +
				"CREATE TABLE lg (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
				"CREATE TEMPORARY TABLE tt (id int PRIMARY KEY, v int) ENGINE=InnoDB;\nINSERT INTO tt VALUES (1, 10);\n" +
				"CREATE PROCEDURE fill() " + c.body + ";\nCALL fill();\n" +
				x15Rows() + "INSERT INTO lg SELECT * FROM tt;\n"
			if c.refused {
				x15StopRefused(t, dump, "writes it through a procedure, function or trigger")
			} else {
				x15StopResume(t, dump)
			}
		})
	}
}

// TestXFix43TemporaryCodeReadsReal (x-fix39's leftover): a CALL or DO whose procedure or
// function writes a temporary table from a real one (INSERT INTO tt SELECT … FROM k) was
// refused on resume while tt was there. Sent again, the code reads k as the
// interrupted run left it: what the dump had at the call while nothing the resume skips
// after it writes k, k is InnoDB and not reloaded, and no trigger or view exists
// (exactFill, as for a fill's FROM); a skipped statement that may call a stored function
// counts as a write. Stop + resume, --parallel 2.
func TestXFix43TemporaryCodeReadsReal(t *testing.T) {
	head := x15Head + "CREATE TABLE lg (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
		"CREATE TEMPORARY TABLE tt (id int PRIMARY KEY, v int) ENGINE=InnoDB;\nINSERT INTO tt VALUES (1, 10);\n"
	proc := "DELIMITER ;;\nCREATE PROCEDURE fill() BEGIN DECLARE n int; SELECT COUNT(*) INTO n FROM k; INSERT INTO tt SELECT id + 100, v + n FROM k; END;;\nDELIMITER ;\nCALL fill();\n"
	fn := "DELIMITER ;;\nCREATE FUNCTION f() RETURNS int BEGIN INSERT INTO tt SELECT id + 200, v FROM k JOIN lg USING (id); INSERT INTO tt SELECT id + 100, v FROM k; RETURN 1; END;;\nDELIMITER ;\nDO f();\n"
	tail := "INSERT INTO lg SELECT * FROM tt;\n"
	for name, dump := range map[string]string{
		"procedure": head + proc + x15Rows() + tail,
		"function":  head + fn + x15Rows() + tail,
	} {
		t.Run(name, func(t *testing.T) { x15StopResume(t, dump) })
	}
	refused := "--resume cannot rebuild temporary table r15.tt as the dump made it"
	writer := "DELIMITER ;;\nCREATE FUNCTION w() RETURNS int BEGIN INSERT INTO k VALUES (4, 40); RETURN 1; END;;\nDELIMITER ;\n"
	for name, dump := range map[string]string{
		"k written after":         head + proc + "INSERT INTO k VALUES (3, 30);\n" + x15Rows() + tail,
		"k written by a function": head + writer + proc + "INSERT INTO lg VALUES (50, w());\n" + x15Rows() + tail,
		"a trigger exists":        head + "CREATE TRIGGER tg BEFORE INSERT ON lg FOR EACH ROW SET NEW.v = NEW.v;\n" + proc + x15Rows() + tail,
		"a MyISAM table read":     strings.Replace(head, "ENGINE=InnoDB", "ENGINE=MyISAM", 1) + proc + x15Rows() + tail,
	} {
		t.Run(name, func(t *testing.T) { x15StopRefused(t, dump, refused) })
	}
}

// TestKillSweepXFix43CodeReadsReal: TestXFix43TemporaryCodeReadsReal's procedure killed
// at every point: between the CALL and the statement that reads tt the resume sends the
// CALL again and matches the client (refused before); after line 13 wrote k, refused.
func TestKillSweepXFix43CodeReadsReal(t *testing.T) {
	const script = "CREATE DATABASE ks;\nUSE ks;\n" + // 1-2
		"CREATE TABLE k (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" + // 3
		"INSERT INTO k VALUES (1, 10), (2, 20);\n" + // 4
		"CREATE TABLE u (id int PRIMARY KEY) ENGINE=InnoDB;\n" + // 5
		"CREATE TEMPORARY TABLE tt (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" + // 6
		"DELIMITER ;;\n" + // 7
		"CREATE PROCEDURE fill() BEGIN DECLARE n int; SELECT COUNT(*) INTO n FROM k; INSERT INTO tt SELECT id + 100, v + n FROM k; END;;\n" + // 8
		"DELIMITER ;\n" + // 9
		"CALL fill();\n" + // 10
		"INSERT INTO u VALUES (1);\n" + // 11
		"INSERT INTO u VALUES (2);\n" + // 12
		"INSERT INTO k SELECT id + 1000, v FROM tt;\n" + // 13
		"INSERT INTO u VALUES (3);\n" // 14
	got := sweepClean(t, script, "resume")
	for _, at := range []string{"before 11", "before 12", "before 13"} {
		if why, ok := got[at]; !ok || why != "" {
			t.Errorf("killed %s: %q, %v; want the client's", at, why, ok)
		}
	}
	if why := got["before 14"]; !strings.Contains(why, "cannot rebuild temporary table ks.tt") {
		t.Errorf("killed before 14: %q; want the refusal of line 10", why)
	}
}

// TestXFix43TemporaryCodeSequence: a procedure writing a temporary table with NEXTVAL of
// a sequence: sent again by a resume, it took the sequence's values a second time (the
// re-dump's lg and s differed from the client's, silent; x-fix39's reach read no
// sequence call in a body). Refused now, naming the CALL.
func TestXFix43TemporaryCodeSequence(t *testing.T) {
	dump := x15Head + "CREATE TABLE lg (id int PRIMARY KEY, v int) ENGINE=InnoDB;\nCREATE SEQUENCE s;\n" +
		"CREATE TEMPORARY TABLE tt (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
		"CREATE PROCEDURE fill() INSERT INTO tt VALUES (NEXTVAL(s), 1);\nCALL fill();\n" +
		x15Rows() + "INSERT INTO lg SELECT * FROM tt;\nINSERT INTO lg VALUES (NEXTVAL(s) + 100, 2);\n"
	for name, call := range map[string]string{
		"nextval":        "NEXTVAL(s)",
		"next value for": "NEXT VALUE FOR s",
	} {
		t.Run(name, func(t *testing.T) {
			x15StopRefused(t, strings.Replace(dump, "NEXTVAL(s), 1", call+", 1", 1), "takes values of a sequence")
		})
	}
}
