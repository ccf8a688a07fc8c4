package sqlscan

import "testing"

// TestBackticked: under ANSI_QUOTES each "…" identifier becomes `…` (doubled quotes
// undone, backticks doubled); strings, comments' text and other modes are left alone.
func TestBackticked(t *testing.T) {
	ansi := Syntax{ANSIQuotes: true}
	for _, c := range []struct {
		in  string
		syn Syntax
		out string
	}{
		{`KEY "v" ("v")`, ansi, "KEY `v` (`v`)"},
		{`KEY "a""b" ("x` + "`" + `y")`, ansi, "KEY `a\"b` (`x``y`)"},
		{`"c" int DEFAULT 'it''s "q"' COMMENT 'x\'"y"'`, ansi, "`c` int DEFAULT 'it''s \"q\"' COMMENT 'x\\'\"y\"'"},
		{`/*!50100 KEY "k" ("v") */`, ansi, "/*!50100 KEY `k` (`v`) */"},
		{`KEY "v" ("v")`, Syntax{}, `KEY "v" ("v")`},
		{"KEY `v` (`v`)", ansi, "KEY `v` (`v`)"},
	} {
		if got := string(Backticked([]byte(c.in), c.syn)); got != c.out {
			t.Errorf("Backticked(%s, %+v) = %s, want %s", c.in, c.syn, got, c.out)
		}
	}
}
