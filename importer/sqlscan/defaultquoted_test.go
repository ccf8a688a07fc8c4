package sqlscan

import "testing"

// TestDefaultQuoted: bodies written under ANSI_QUOTES or NO_BACKSLASH_ESCAPES, as the
// default syntax reads them the same (the words after a backslash-ended name or string
// must not be hidden).
func TestDefaultQuoted(t *testing.T) {
	for _, tc := range []struct {
		src       string
		syn       Syntax
		want      string
		wordsSeen []string
	}{
		{`SET NEW.s = NEW."c\"; INSERT INTO lg VALUES (1)`, Syntax{ANSIQuotes: true}, "SET NEW.s = NEW.`c\\`; INSERT INTO lg VALUES (1)", []string{"INSERT"}},
		{`SET NEW.s = 'a\'; INSERT INTO lg VALUES ('x')`, Syntax{NoBackslashEscapes: true}, `SET NEW.s = 'a\\'; INSERT INTO lg VALUES ('x')`, []string{"INSERT"}},
		{`SET NEW.s = "it's" /* "c\" */`, Syntax{ANSIQuotes: true}, "SET NEW.s = `it's` /* \"c\\\" */", nil},
		{"SET NEW.s = 'plain'", Syntax{}, "SET NEW.s = 'plain'", nil},
	} {
		got := string(DefaultQuoted([]byte(tc.src), tc.syn))
		if got != tc.want {
			t.Errorf("DefaultQuoted(%q) = %q, want %q", tc.src, got, tc.want)
		}
		for _, w := range tc.wordsSeen {
			seen := false
			l := New([]byte(got), Syntax{})
			for tok := l.Next(); tok.Kind != EOF; tok = l.Next() {
				seen = seen || tok.Is(w)
			}
			if !seen {
				t.Errorf("%q: the default syntax does not see %s", got, w)
			}
		}
	}
}
