package split

import (
	"errors"
	"strings"
	"testing"
)

// TestUnknownClientCommand (difffuzz seed 70113): a backslash outside a string followed
// by a byte that names no client command (\" left by unbalanced quotes). The mariadb
// client without --force prints "Unknown command '\"'." and stops, sending nothing of
// that statement (put_info returns 1 in batch mode); with --force it keeps the two bytes
// and goes on (the differential corpus, run with --force, checks that form). The
// splitter kept the bytes either way, so the server failed the statement with ERROR
// 1064 where the client had stopped with its own reason. --binary-mode disables every
// command but \C and \-: \d is unknown there too.
func TestUnknownClientCommand(t *testing.T) {
	in := "SELECT 1;\nSELECT 2 \\\" FROM t;\nSELECT 3;\n"
	for _, r := range readers {
		for _, c := range []struct {
			name string
			in   string
			opt  SplitOptions
			off  int64
			kept string
		}{
			{"quote", in, SplitOptions{}, 19, "SELECT 2 \\\" FROM t"},
			{"binary mode", "SELECT 1;\nSELECT 2 \\d FROM t;\nSELECT 3;\n", SplitOptions{BinaryMode: true}, 19, "SELECT 2 \\d FROM t"},
		} {
			c.opt.ReadBufferSize = r.size
			got, err := splitAll(t, c.in, c.opt, r.wrap)
			var se *SplitError
			if !errors.As(err, &se) || se.Line != 2 || se.Offset != c.off || !strings.Contains(se.Msg, "Unknown command '\\") || strings.Contains(err.Error(), "\n") {
				t.Fatalf("%s/%s: %v; want a one-line SplitError at line 2, offset %d, with the client's reason", r.name, c.name, err, c.off)
			}
			if len(got) != 1 || got[0].SQL != "SELECT 1" {
				t.Fatalf("%s/%s: %+v; want SELECT 1 alone before the stop", r.name, c.name, got)
			}
			c.opt.Force = true
			got, err = splitAll(t, c.in, c.opt, r.wrap)
			if err != nil || len(got) < 3 || got[1].SQL != c.kept || got[2].SQL != "SELECT 3" {
				t.Fatalf("%s/%s with Force: %+v, %v; want the three statements, the two bytes kept", r.name, c.name, got, err)
			}
		}
	}
}
