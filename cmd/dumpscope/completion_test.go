package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestBashCompletion loads the generated script in bash and completes commands, flags,
// fixed choices and directories, as a user pressing Tab would.
func TestBashCompletion(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	var out, errb bytes.Buffer
	if code := runCommand([]string{"completion", "bash"}, stdio{Out: &out, Err: &errb}); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	script := filepath.Join(t.TempDir(), "dumpscope.bash")
	if err := os.WriteFile(script, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		words string
		cword int
		want  string
	}{
		{"dumpscope im", 1, "import"},
		{"dumpscope import --par", 2, "--parallel"},
		{"dumpscope import dump.sql --no-t", 3, "--no-tui"},
		{"dumpscope probe --mode o_", 3, "o_dsync"},
		{"dumpscope gen --format z", 3, "zstd"},
		{"dumpscope help rest", 2, "restore-settings"},
		{"dumpscope iostat -", 2, "--omit-idle"},
		{"dumpscope advise --ru", 2, "--run"},
	} {
		cmd := exec.Command(bash, "-c", `source "$1"; COMP_WORDS=($2); COMP_CWORD=$3; _dumpscope; echo "${COMPREPLY[*]}"`, "_", script, tt.words, strconv.Itoa(tt.cword))
		got, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v: %s", tt.words, err, got)
		}
		if !strings.Contains(" "+strings.TrimSpace(string(got))+" ", " "+tt.want+" ") {
			t.Errorf("complete %q: %q, want %q among them", tt.words, strings.TrimSpace(string(got)), tt.want)
		}
	}
	if code := runCommand([]string{"completion", "fish"}, stdio{Out: &out, Err: &errb}); code != exitUsage {
		t.Errorf("completion fish: exit %d, want %d", code, exitUsage)
	}
}
