package shellquote

import "testing"

// TestQuote: safe words stay as they are; anything a shell reads otherwise is quoted.
func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"/tmp/dump.sql":    "/tmp/dump.sql",
		"--checkpoint=a,b": "--checkpoint=a,b",
		"/tmp/my dump.sql": "'/tmp/my dump.sql'",
		"it's.sql":         `'it'\''s.sql'`,
		"$(rm -rf x).sql":  "'$(rm -rf x).sql'",
		"":                 "''",
	} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %s, want %s", in, got, want)
		}
	}
}
