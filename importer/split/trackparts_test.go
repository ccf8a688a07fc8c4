package split

import (
	"os"
	"strings"
	"testing"
)

// TestTrackTextParts: the SETs of a DELIMITER text's parts after its first statement
// change how the splitter reads on, as the server runs them (the found script of
// TestDiffFuzzFoundS46TextSetsModeBack: a text under NO_BACKSLASH_ESCAPES whose last part
// sets sql_mode back from a variable). Failed before: the splitter read on under
// NO_BACKSLASH_ESCAPES, and cut `'x\'; y'` at its ';'.
func TestTrackTextParts(t *testing.T) {
	b, err := os.ReadFile("../../internal/difffuzz/testdata/found/s46-multi-stmt-mode-back.sql")
	if err != nil {
		t.Fatal(err)
	}
	sp := NewSplitter(strings.NewReader(string(b)), SplitOptions{TrackSQLMode: true, Force: true})
	var got []string
	for sp.Next() {
		if st := sp.Statement(); st.Kind == KindInsert {
			got = append(got, string(st.SQL))
		}
	}
	want := []string{"INSERT INTO t VALUES (1, 'a\\'), (2, 'b;c');\nSET sql_mode = @mt_mode", "INSERT INTO t VALUES (3, 'x\\'; y')", "INSERT INTO t VALUES (4, 'p\\'q')",
		"INSERT INTO t VALUES (5, IF(@@sql_mode LIKE \"%NO_BACKSLASH%\", \"nbe\", \"esc\"))"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("inserts %q, want %q", got, want)
	}
	for q, want := range map[string]bool{"DO 1; SET @a = 1": true, "DO 1;\n\tset names x": true, "DO 1; SETX = 1": false, "DO 'SET'; DO 2": false, "SET @a = 1": false} {
		if got := setAfterSemicolon([]byte(q)); got != want {
			t.Errorf("setAfterSemicolon(%q) = %v, want %v", q, got, want)
		}
	}
}

// TestSQLModeUnknownAt: the first SET of the session sql_mode whose value the tracker
// cannot evaluate is named by its statement's offset (a text of several: the text's);
// literals, @@sql_mode and variables assigned from them are evaluated, a SET GLOBAL
// changes nothing of the session.
func TestSQLModeUnknownAt(t *testing.T) {
	for _, c := range []struct {
		in   string
		at   int64
		want bool
	}{
		{"SET sql_mode = 'ANSI_QUOTES';\nSET @m = @@sql_mode;\nSET sql_mode = @m;\nSET GLOBAL sql_mode = CONCAT(@@sql_mode, ',X');\nSELECT 1;\n", 0, false},
		{"SELECT 1;\nSET sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES');\nSET sql_mode = DEFAULT;\n", 9, true},
		{"SET @m = CONCAT('A', 'NSI');\nSELECT 1;\nSET SESSION sql_mode = @m;\n", 38, true},
		{"DELIMITER ;;\nINSERT INTO t VALUES (1); SET sql_mode = @nowhere;;\nDELIMITER ;\n", 13, true},
	} {
		sp := NewSplitter(strings.NewReader(c.in), SplitOptions{TrackSQLMode: true})
		for sp.Next() {
		}
		if at, ok := sp.SQLModeUnknownAt(); ok != c.want || ok && at != c.at {
			t.Errorf("%q: SQLModeUnknownAt %d, %v; want %d, %v", c.in, at, ok, c.at, c.want)
		}
	}
}

// TestSQLModeUnknownAtWrongGuesses (x-fix76, reread s51 1.1): the forms whose sql_mode the
// tracker evaluated wrongly, as if it knew it, make it unknown from their statement (at,
// the text it starts with): a number (a bit set), the global value, a user variable that
// a statement other than SET may have assigned (SELECT … INTO, CALL, dynamic SQL), and a
// top-level compound block that sets sql_mode (its SET stays in effect after it). Forms
// it still follows need no stop (at ""). Failed before: the 12 unknown forms, all
// SQLModeUnknownAt false.
func TestSQLModeUnknownAtWrongGuesses(t *testing.T) {
	for _, c := range []struct{ in, at string }{
		{"SELECT 1;\nSET sql_mode = 4;\n", "SET sql_mode = 4"},
		{"SELECT 1;\nSET sql_mode = @@GLOBAL.sql_mode;\n", "SET sql_mode = @@"},
		{"SET @m = @@global.sql_mode;\nSELECT 1;\nSET sql_mode = @m;\n", "SET sql_mode"},
		{"SET sql_mode = @@default.sql_mode;\n", "SET sql_mode"},
		{"SET @m = '';\nSELECT 'ANSI_QUOTES' INTO @m;\nSET sql_mode = @m;\n", "SET sql_mode"},
		{"SET @m = '';\nCALL p(@m);\nSET sql_mode = @m;\n", "SET sql_mode"},
		{"SET @m = '';\nCALL p();\nSET sql_mode = @m;\n", "SET sql_mode"},
		{"SET @m = '';\nPREPARE s FROM 'SET @m = 1';\nEXECUTE s;\nSET sql_mode = @m;\n", "SET sql_mode"},
		{"SET @m = '';\nINSERT INTO t SELECT @m := 'ANSI_QUOTES';\nSET sql_mode = @m;\n", "SET sql_mode"},
		{"DELIMITER ;;\nBEGIN NOT ATOMIC SET sql_mode = 'ANSI_QUOTES'; END;;\nDELIMITER ;\n", "BEGIN"},
		{"DELIMITER ;;\nIF 1 THEN SET sql_mode = 'ANSI_QUOTES'; END IF;;\nDELIMITER ;\n", "IF"},
		{"DELIMITER ;;\nl1: BEGIN NOT ATOMIC SET SESSION sql_mode = 'ANSI'; END;;\nDELIMITER ;\n", "l1:"},
		{"SET @m = '';\nINSERT INTO t VALUES ('a@b');\nSET sql_mode = @m;\n", ""},
		{"/*!50003 SET @saved_sql_mode = @@sql_mode */;\n/*!50003 SET sql_mode = 'ANSI_QUOTES' */;\nDELIMITER ;;\n/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.i = 1 */;;\nDELIMITER ;\n/*!50003 SET sql_mode = @saved_sql_mode */;\nSELECT 1;\n", ""},
		{"SET @m = 'ANSI_QUOTES';\nSELECT 1;\nSET sql_mode = @m;\nSELECT @@sql_mode;\nSET STATEMENT sql_mode = '' FOR SELECT 1;\n", ""},
		{"DELIMITER ;;\nBEGIN NOT ATOMIC SELECT 1; END;;\nCREATE PROCEDURE p() BEGIN SET sql_mode = ''; END;;\nDELIMITER ;\n", ""},
	} {
		sp := NewSplitter(strings.NewReader(c.in), SplitOptions{TrackSQLMode: true})
		for sp.Next() {
		}
		at, ok := sp.SQLModeUnknownAt()
		want := int64(strings.Index(c.in, c.at))
		if at == want-1 && c.in[at] == '\n' {
			at = want // the statement's Raw may start with the newline before it
		}
		if c.at == "" && ok || c.at != "" && (!ok || at != want) {
			t.Errorf("%q: SQLModeUnknownAt %d, %v; want %d, %v", c.in, at, ok, want, c.at != "")
		}
	}
}
