package transform

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/google/go-cmp/cmp"
)

// TestDefinerEachServerPart: --definer rewrites the DEFINER= clause of each statement of a
// text the server runs as several (a DROP, then the CREATE with the clause), procedure,
// trigger and view, and leaves a body's `definer = 'x'` column alone; a text without a
// clause in any part is left as it was (TestReviewX17DefinerAfterDropInOneText).
func TestDefinerEachServerPart(t *testing.T) {
	dump := "DELIMITER //\n" +
		"DROP PROCEDURE IF EXISTS p; CREATE DEFINER=`old`@`%` PROCEDURE p() BEGIN UPDATE t SET definer = 'x'; SELECT 1; END //\n" +
		"DROP TRIGGER IF EXISTS tr; CREATE /*!50017 DEFINER=`old`@`%`*/ TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN SET NEW.definer = 'y'; END //\n" +
		"DROP VIEW IF EXISTS v; CREATE ALGORITHM=UNDEFINED DEFINER=old@localhost SQL SECURITY DEFINER VIEW v AS SELECT 1 //\n" +
		"DROP PROCEDURE IF EXISTS q; CREATE PROCEDURE q() BEGIN SET @definer = 1; END //\n" +
		"DELIMITER ;\n"
	got, _ := sqlOf(t, dump, Options{Definer: "loader@localhost"})
	want := []string{"DELIMITER //",
		"DROP PROCEDURE IF EXISTS p;\nCREATE DEFINER=`loader`@`localhost` PROCEDURE p() BEGIN UPDATE t SET definer = 'x'; SELECT 1; END",
		"DROP TRIGGER IF EXISTS tr;\nCREATE /*!50017 DEFINER=`loader`@`localhost`*/ TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN SET NEW.definer = 'y'; END",
		"DROP VIEW IF EXISTS v;\nCREATE ALGORITHM=UNDEFINED DEFINER=`loader`@`localhost` SQL SECURITY DEFINER VIEW v AS SELECT 1",
		"DROP PROCEDURE IF EXISTS q; CREATE PROCEDURE q() BEGIN SET @definer = 1; END",
		"DELIMITER ;"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	// The rewritten text is cut into the same parts again by the replay.
	for _, q := range want[1:4] {
		st := split.Statement{SQL: []byte(q), Kind: split.KindRoutine, OwnDelimiter: true}
		if n := len(split.ServerParts(&st)); n != 2 {
			t.Errorf("%q: %d server parts, want 2", q, n)
		}
	}
}

// TestStartAtServerPart: --start-at at a part's offset (the text's + the part's index, what
// a failure in it names) starts there: the parts before it are skipped but for session
// statements, which run again as before any offset; past the last part it is still inside
// the statement (TestReviewX17StartAtAdvicePart).
func TestStartAtServerPart(t *testing.T) {
	dump := "INSERT INTO a VALUES (0);\nDELIMITER ;;\nSET NAMES utf8mb4; INSERT INTO lg VALUES (1); INSERT INTO t VALUES (1); INSERT INTO t VALUES (2);;\nDELIMITER ;\nINSERT INTO lg VALUES (2);\n"
	text := int64(strings.Index(dump, "SET NAMES"))
	for k, want := range map[int64][]string{
		2: {"DELIMITER ;;", "SET NAMES utf8mb4;\nINSERT INTO t VALUES (1);\nINSERT INTO t VALUES (2)", "DELIMITER ;", "INSERT INTO lg VALUES (2)"},
		3: {"DELIMITER ;;", "SET NAMES utf8mb4;\nINSERT INTO t VALUES (2)", "DELIMITER ;", "INSERT INTO lg VALUES (2)"},
		1: {"DELIMITER ;;", "SET NAMES utf8mb4;\nINSERT INTO lg VALUES (1);\nINSERT INTO t VALUES (1);\nINSERT INTO t VALUES (2)", "DELIMITER ;", "INSERT INTO lg VALUES (2)"},
		0: {"DELIMITER ;;", "SET NAMES utf8mb4; INSERT INTO lg VALUES (1); INSERT INTO t VALUES (1); INSERT INTO t VALUES (2)", "DELIMITER ;", "INSERT INTO lg VALUES (2)"},
	} {
		got, _ := sqlOf(t, dump, Options{StartAt: text + k})
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("--start-at text+%d (-want +got):\n%s", k, d)
		}
	}
	tr, _ := New(Options{StartAt: text + 4})
	tr.Attach(split.NewSplitter(strings.NewReader(dump), split.SplitOptions{}), "", nil)
	for tr.Next() {
	}
	if err := tr.Err(); err == nil || !strings.Contains(err.Error(), "is inside the statement") {
		t.Errorf("past the last part: %v", err)
	}
}

// TestStartAtServerPartFiltered: under a filter the replay runs the text keepParts cut
// down, and a failure names the offset of a part of that cut text; --start-at with the
// same filter cuts the same way first, so that offset is the same part.
func TestStartAtServerPartFiltered(t *testing.T) {
	dump := "DELIMITER ;;\nINSERT INTO u VALUES (0); INSERT INTO lg VALUES (1); INSERT INTO t VALUES (1);;\nDELIMITER ;\n"
	text := int64(strings.Index(dump, "INSERT INTO u"))
	got, _ := sqlOf(t, dump, Options{ExcludeTables: []string{"u"}, StartAt: text + 1})
	want := []string{"DELIMITER ;;", "INSERT INTO t VALUES (1)", "DELIMITER ;"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	// The cut text's part 1, as the replay numbers it.
	tr, _ := New(Options{ExcludeTables: []string{"u"}})
	tr.Attach(split.NewSplitter(strings.NewReader(dump), split.SplitOptions{}), "", nil)
	for tr.Next() {
		if st := tr.Statement(); st.Offset == text {
			if parts := split.ServerParts(&st); len(parts) != 2 || parts[1].Offset != text+1 || string(parts[1].SQL) != "INSERT INTO t VALUES (1)" {
				t.Errorf("cut text's parts: %+v", parts)
			}
		}
	}
}
