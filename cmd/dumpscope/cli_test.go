package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/internal/cliflag"
	"github.com/dumpscope/dumpscope/internal/units"
)

// goTypePlaceholder is a help line whose flag value is shown as pflag's type name.
var goTypePlaceholder = regexp.MustCompile(`(?m)^ +(-., )?--[a-z-]+ (int|int64|uint|float|float64|string|strings|duration)( |$)`)

var updateGolden = flag.Bool("update", false, "rewrite testdata/help/*.golden from the current --help output")

// TestHelpGolden pins every command's --help (on stdout, exit 0) to a golden file, and
// checks that -?, dumpscope help CMD and dumpscope CMD --help print the same text.
func TestHelpGolden(t *testing.T) {
	names := []string{"dumpscope"}
	for _, c := range commands() {
		names = append(names, c.name)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			args := []string{name, "--help"}
			if name == "dumpscope" {
				args = []string{"--help"}
			}
			var out, errb bytes.Buffer
			if code := runCommand(args, stdio{Out: &out, Err: &errb}); code != exitOK {
				t.Fatalf("%q: exit %d, stderr %q", args, code, errb.String())
			}
			if errb.Len() > 0 {
				t.Errorf("%q wrote to stderr: %q", args, errb.String())
			}
			golden := filepath.Join("testdata", "help", name+".golden")
			if *updateGolden {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -run TestHelpGolden -update)", err)
			}
			if diff := cmp.Diff(string(want), out.String()); diff != "" {
				t.Errorf("%q (-golden +got):\n%s", args, diff)
			}
			for _, line := range strings.Split(out.String(), "\n") {
				if len([]rune(line)) > cliflag.Width {
					t.Errorf("help line wider than %d columns: %q", cliflag.Width, line)
				}
			}
			// A flag's value is named for what it is (N, DURATION), never by its Go type:
			// "--repeat int" leaves the reader to guess what the int counts.
			if m := goTypePlaceholder.FindString(out.String()); m != "" {
				t.Errorf("a flag's value named by its Go type: %q (name it in the usage with backquotes)", m)
			}
			if strings.Contains(out.String(), "internal") || strings.Contains(out.String(), "only mode") {
				t.Errorf("help shows an internal flag or a stale mode note")
			}
			if name == "dumpscope" {
				return
			}
			for _, other := range [][]string{{"help", name}, {name, "-?"}} {
				var o2 bytes.Buffer
				if code := runCommand(other, stdio{Out: &o2, Err: &bytes.Buffer{}}); code != exitOK || o2.String() != out.String() {
					t.Errorf("%q: exit %d, output differs from --help", other, code)
				}
			}
		})
	}
}

// TestUsageErrors checks that each command-line mistake exits 2 with one line naming the
// flag at fault (and a pointer to --help), never the whole flag list.
func TestUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"import", "--paralel", "2", "x.sql"}, "unknown flag --paralel (did you mean --parallel?)"},
		{[]string{"import", "--sandbx"}, "did you mean --sandbox?"},
		{[]string{"import", "--parallel", "0", "x.sql"}, "--parallel 0: want 1 or more"},
		{[]string{"import", "--interval", "0", "x.sql"}, "--interval 0s: want more than 0"},
		{[]string{"import", "--interval", "soon", "x.sql"}, `--interval "soon": want seconds`},
		{[]string{"import", "--parallel"}, "--parallel needs a value (--parallel N)"},
		{[]string{"import", "-parallel", "4", "x.sql"}, "-parallel: long options take two dashes: --parallel"},
		{[]string{"import", "-no-tui", "x.sql"}, "long options take two dashes: --no-tui"},
		{[]string{"import", "a.sql", "b.sql"}, "one FILE expected, got 2: a.sql b.sql"},
		{[]string{"import"}, "missing FILE"},
		{[]string{"import", "--batch-bytes", "lots", "x.sql"}, `--batch-bytes "lots"`},
		{[]string{"probe", "--mode", "foo"}, `--mode "foo": want fdatasync or o_dsync`},
		{[]string{"probe", "--block", "0"}, `--block "0"`},
		{[]string{"probe", "--duration", "x"}, `--duration "x"`},
		{[]string{"gen", "-h"}, "unknown flag -h (help is --help or -?"},
		{[]string{"split", "-h", "x.sql"}, "unknown flag -h"},
		{[]string{"devices", "-x"}, "unknown flag -x in -x"},
		{[]string{"advise", "--jsn"}, "did you mean --json?"},
		{[]string{"watch", "--interval", "-1"}, `--interval "-1"`},
		{[]string{"help", "nope"}, `unknown command "nope"`},
		{[]string{"imprt", "x.sql"}, `unknown command "imprt" (did you mean import?)`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var out, errb bytes.Buffer
			code := runCommand(tt.args, stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
			if code != exitUsage {
				t.Errorf("exit %d, want %d (stderr %q)", code, exitUsage, errb.String())
			}
			if !strings.Contains(errb.String(), tt.want) {
				t.Errorf("stderr %q, want it to contain %q", errb.String(), tt.want)
			}
			if lines := strings.Count(errb.String(), "\n"); lines > 2 {
				t.Errorf("usage error is %d lines, want at most 2:\n%s", lines, errb.String())
			}
			if out.Len() > 0 {
				t.Errorf("usage error wrote to stdout: %q", out.String())
			}
		})
	}
}

// TestReadAheadZero: --read-ahead 0 is what its help says, memory only (no spool), not a
// usage error (it was one: "bad size").
func TestReadAheadZero(t *testing.T) {
	var errb bytes.Buffer
	o, code := parseImport([]string{"--parallel", "2", "--read-ahead", "0", "dump.sql"}, stdio{Err: &errb})
	if o == nil {
		t.Fatalf("--read-ahead 0: exit %d, %s", code, errb.String())
	}
	if got, _ := units.ParseBytes(o.readAhead); got != 0 { // what importOptionsFor passes on
		t.Fatalf("--read-ahead 0: %d bytes of read-ahead, want 0", got)
	}
}

// TestFlagsAnywhere parses flags after FILE and plain seconds for durations.
func TestFlagsAnywhere(t *testing.T) {
	o, code := parseImport([]string{"dump.sql", "--parallel", "3", "--interval", "1", "--probe", "0.5", "-uroot", "-h", "db1"}, stdio{Err: &bytes.Buffer{}})
	if o == nil {
		t.Fatalf("parseImport: exit %d", code)
	}
	if o.file != "dump.sql" || o.parallel != 3 || o.interval.Seconds() != 1 || o.probe.Milliseconds() != 500 {
		t.Errorf("got file %q parallel %d interval %v probe %v", o.file, o.parallel, o.interval, o.probe)
	}
	if got := o.conn.Redacted(); !strings.Contains(got, "--user=root") || !strings.Contains(got, "--host=db1") {
		t.Errorf("connection flags after FILE not recorded: %s", got)
	}
}
