package importer_test

import (
	"strings"
	"testing"
)

// x-fix61: temporary tables a CALLed procedure makes or drops, after a kill and
// --resume (TestDiffFuzzFoundS49cProcTempResumed is the fuzzer's). The resume skips the
// CALL (committed) and sends again the statements before its resume point that write,
// drop or read a temporary table: without the table the CALL made (ERROR 1146, a DROP
// ERROR 1051) or with the one it dropped (a CREATE again: ERROR 1050), where the client
// ran on. Loud before. Now such a statement refuses in one line naming the CALL, before
// it is sent; a plain DROP TEMPORARY TABLE of a table the CALL made is let go (the
// resume makes a stand-in for it to drop), so a resume killed past every such DROP goes
// on (replay/temprebuild.go refuseByCode, standIns).

const x61Proc = "CREATE DATABASE x61;\nUSE x61;\nCREATE TABLE pt1 (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=InnoDB;\n" +
	"DELIMITER ;;\nCREATE PROCEDURE ptp1(c INT)\nBEGIN\n  IF c > 0 THEN\n    CREATE TEMPORARY TABLE ptc1 (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=MEMORY;\n  END IF;\n" +
	"  CREATE TEMPORARY TABLE IF NOT EXISTS pta1 (id INT, v VARCHAR(40));\n  INSERT INTO pta1 VALUES (c, 'call');\nEND;;\n" +
	"CREATE PROCEDURE dropq() BEGIN DROP TEMPORARY TABLE tq; END;;\n" +
	"CREATE PROCEDURE ptb() BEGIN CREATE TEMPORARY TABLE IF NOT EXISTS pta1 (id INT, v VARCHAR(40)); INSERT INTO pta1 VALUES (5, 'b'); END;;\nDELIMITER ;\n"

// x61Sweep kills script at every point from the line holding from on, resumes, and
// fails on a difference; it returns the points refused and those that went on.
func x61Sweep(t *testing.T, script, from string) (refused, on []killPoint) {
	t.Helper()
	line := lineOfText(script, from)
	got := killSweep(t, []byte(script), "resume", func(k killPoint) bool { return k.line >= line })
	differ := 0
	for _, r := range got {
		switch {
		case r.d != nil:
			differ++
			t.Errorf("killed %v and resumed: %v", r.at, r.d)
		case r.refused != "":
			refused = append(refused, r.at)
			t.Logf("killed %v: refused: …%s", r.at, r.refused[max(0, len(r.refused)-260):])
		default:
			on = append(on, r.at)
		}
	}
	t.Logf("%d of %d kill points differ, %d refused", differ, len(got), len(refused))
	return refused, on
}

// lineOfText is the 1-based line of script where text first appears.
func lineOfText(script, text string) int64 {
	return int64(strings.Count(script[:strings.Index(script, text)], "\n") + 1)
}

func TestXFix61ProcTempDropped(t *testing.T) {
	t.Run("written after the call", func(t *testing.T) {
		// The temporary tables the CALL made are written and read after it: a resume
		// killed anywhere past the CALL refuses (before: ERROR 1146 at INSERT INTO
		// ptc1, ERROR 1051 at a DROP, once the kill was past a later commit).
		script := x61Proc + "CALL ptp1(2);\nINSERT INTO ptc1 VALUES (1,'c1'),(2,'c2');\nINSERT INTO pt1 VALUES (520,'r520');\n" +
			"INSERT INTO pt1 SELECT id, v FROM ptc1;\nSELECT COUNT(*) INTO @n FROM pta1;\nINSERT INTO pt1 VALUES (600, @n);\n" +
			"DROP TEMPORARY TABLE ptc1;\nDROP TEMPORARY TABLE pta1;\nINSERT INTO pt1 VALUES (700,'after');\n"
		_, on := x61Sweep(t, script, "CALL ptp1(2)")
		for _, k := range on {
			if k.line > lineOfText(script, "CALL ptp1(2)") {
				t.Errorf("killed %v: went on past the CALL", k)
			}
		}
	})
	t.Run("staging", func(t *testing.T) {
		// Rows read from them into a real table (committed, skipped), then dropped: a
		// resume killed past both DROPs goes on (their stand-ins are dropped), and the
		// real table made under pta1's name afterwards is the client's; between the
		// CALL and the DROPs it refuses (the tables are still there).
		script := x61Proc + "CALL ptp1(2);\nINSERT INTO pt1 VALUES (520,'r520');\nINSERT INTO pt1 SELECT id + 100, v FROM pta1;\n" +
			"DROP TEMPORARY TABLE ptc1;\nDROP TEMPORARY TABLE pta1;\nINSERT INTO pt1 VALUES (700,'after');\n" +
			"CREATE TABLE pta1 (id INT PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO pta1 VALUES (1);\nINSERT INTO pt1 VALUES (701,'after2');\n"
		refused, on := x61Sweep(t, script, "CALL ptp1(2)")
		for _, k := range on {
			if k.line > lineOfText(script, "CALL ptp1(2)") && k.line < lineOfText(script, "DROP TEMPORARY TABLE pta1") {
				t.Errorf("killed %v: went on where a temporary table the CALL made is still there", k)
			}
		}
		for _, k := range refused {
			if k.line > lineOfText(script, "INSERT INTO pt1 VALUES (700") {
				t.Errorf("killed %v: refused past the DROPs", k)
			}
		}
	})
	t.Run("made before the call too", func(t *testing.T) {
		// A plain CREATE made pta1, the body's CREATE … IF NOT EXISTS kept it: the
		// resume, which sent the plain one again, has it, and its stand-in must not
		// fail on it (ERROR 1050) where the DROP goes.
		script := x61Proc + "CREATE TEMPORARY TABLE pta1 (id INT, v VARCHAR(40));\nINSERT INTO pta1 VALUES (9,'pre');\nCALL ptb();\n" +
			"INSERT INTO pt1 SELECT id + 100, v FROM pta1;\nDROP TEMPORARY TABLE pta1;\nINSERT INTO pt1 VALUES (700,'after');\nINSERT INTO pt1 VALUES (701,'after2');\n"
		refused, on := x61Sweep(t, script, "CALL ptb()")
		for _, k := range refused {
			if k.line > lineOfText(script, "INSERT INTO pt1 VALUES (700") {
				t.Errorf("killed %v: refused past the DROP", k)
			}
		}
		if len(on) == 0 {
			t.Error("no kill point went on")
		}
	})
	t.Run("dropped by the call", func(t *testing.T) {
		// The body drops tq, which a plain CREATE made; the dump makes it again. A
		// resume past the CREATE sent it again beside the tq it kept: ERROR 1050.
		script := x61Proc + "CREATE TEMPORARY TABLE tq (id INT);\nINSERT INTO tq VALUES (1);\nCALL dropq();\n" +
			"INSERT INTO pt1 VALUES (520,'r520');\nCREATE TEMPORARY TABLE tq (id INT);\nINSERT INTO tq VALUES (2);\n" +
			"INSERT INTO pt1 SELECT id + 800, 'q' FROM tq;\nDROP TEMPORARY TABLE tq;\nINSERT INTO pt1 VALUES (900,'end');\n"
		_, on := x61Sweep(t, script, "CALL dropq()")
		for _, k := range on {
			if k.line > lineOfText(script, "CALL dropq()") {
				t.Errorf("killed %v: went on past the CALL", k)
			}
		}
	})
}
