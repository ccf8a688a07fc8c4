package replay

import (
	"strings"
	"testing"
)

// TestNamesCallServerBlanks: a stored function's name followed by the server's blanks
// (\f, \v) or a comment and then '(' is a call (x-review14 #8: namesCall trimmed
// " \t\r\n" only, so f\f(1) was taken for no call).
func TestNamesCallServerBlanks(t *testing.T) {
	for body, want := range map[string]bool{
		"SELECT f\f(1)":        true,
		"SELECT f\v(1)":        true,
		"SELECT f /* c */ (1)": true,
		"SELECT `f`\f(1)":      true,
		"SELECT f":             false,
		"SELECT f\f+ (1)":      false,
		"SELECT x.f -- c\n(1)": true,
	} {
		upper := strings.ToUpper(strings.ReplaceAll(body, "`", "")) // as mayCallFunction gives it
		if got := namesCall([]string{"F"}, upper); got != want {
			t.Errorf("namesCall(F, %q) = %v, want %v", body, got, want)
		}
	}
}
