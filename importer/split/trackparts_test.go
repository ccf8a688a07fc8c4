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
