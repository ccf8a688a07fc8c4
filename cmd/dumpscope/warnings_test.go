package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestNoEffectWarnings checks that a flag given where it does nothing is named in a
// warning, and that the useful combinations warn about nothing.
func TestNoEffectWarnings(t *testing.T) {
	tests := []struct {
		args []string
		want []string // substrings of warnings, one each; nil: no warning at all
	}{
		{[]string{"--sandbox", "-S", "/tmp/x.sock", "-u", "bob", "dump.sql"},
			[]string{"-S/--socket has no effect with --sandbox", "-u/--user has no effect with --sandbox"}},
		{[]string{"--sample-size", "1G", "--keep-sandbox", "-u", "root", "dump.sql"},
			[]string{"--keep-sandbox has no effect without --sandbox", "--sample-size has no effect without --sandbox"}},
		{[]string{"--sandbox", "--sample-size", "1G", "dump.sql"}, []string{"--sample-size has no effect with a FILE"}},
		{[]string{"--batch-bytes", "8M", "dump.sql"}, []string{"--batch-bytes has no effect without --parallel"}},
		{[]string{"--parallel", "100", "dump.sql"}, []string{"--parallel 100 on"}},
		{[]string{"--no-advisor", "--probe", "3", "dump.sql"}, []string{"--probe has no effect with --no-advisor"}},
		{[]string{"--sandbox", "--sample-size", "1G", "--keep-sandbox"}, nil},
		{[]string{"-u", "root", "-p", "--parallel", "2", "--batch-bytes", "8M", "dump.sql"}, nil},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var errb bytes.Buffer
			if o, code := parseImport(tt.args, stdio{Err: &errb}); o == nil {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			got := errb.String()
			if n := strings.Count(got, "warning:"); n != len(tt.want) {
				t.Errorf("%d warnings, want %d:\n%s", n, len(tt.want), got)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("stderr %q lacks %q", got, w)
				}
			}
		})
	}
}

func TestAdviseRunWarnings(t *testing.T) {
	var out, errb bytes.Buffer
	runCommand([]string{"advise", "--run", "/nonexistent/run.json", "-S", "/tmp/x.sock", "--duration", "3"}, stdio{Out: &out, Err: &errb})
	for _, w := range []string{"-S/--socket has no effect with --run", "--duration has no effect with --run"} {
		if !strings.Contains(errb.String(), w) {
			t.Errorf("stderr %q lacks %q", errb.String(), w)
		}
	}
}

func TestParallelWarning(t *testing.T) {
	for _, tt := range []struct {
		n, cpus int
		warn    bool
	}{{2, 2, false}, {8, 1, false}, {8, 2, false}, {9, 2, true}, {100, 2, true}, {32, 8, false}, {33, 8, true}} {
		w := parallelWarning(tt.n, tt.cpus)
		if got := w != ""; got != tt.warn {
			t.Errorf("parallelWarning(%d, %d) warns %v, want %v", tt.n, tt.cpus, got, tt.warn)
		}
		if w != "" && !strings.Contains(w, "max_connections") {
			t.Errorf("parallelWarning(%d, %d) = %q: no max_connections hint", tt.n, tt.cpus, w)
		}
	}
}
