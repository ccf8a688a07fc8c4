// Package shellquote writes a string as one word for a POSIX shell, for the commands
// dumpscope prints for a user to paste (the resume command of a run record, the iconv
// command of a UTF-16 dump's refusal): a path with a space, a quote or a $ would
// otherwise paste as something else.
package shellquote

import "strings"

// Quote returns a as it is when it holds only plainly safe bytes, else in single quotes
// (a quote inside it closed, escaped and reopened).
func Quote(a string) string {
	safe := a != ""
	for i := 0; i < len(a) && safe; i++ {
		c := a[i]
		safe = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_./=:,+@%", c) >= 0
	}
	if safe {
		return a
	}
	return "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
}
