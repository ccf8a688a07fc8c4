package tui

import "testing"

// TestShortVersus: the narrow header's comparison with the last run stands on its own.
func TestShortVersus(t *testing.T) {
	for in, want := range map[string]string{
		"27% slower than the last run":  "27% slower",
		"9% faster than the last run":   "9% faster",
		"as fast as the last run":       "same pace",
		"6.8× faster than the last run": "6.8× faster",
	} {
		if got := shortVersus(in); got != want {
			t.Errorf("shortVersus(%q) = %q, want %q", in, got, want)
		}
	}
}
