package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestGenImportsWithoutWarnings: gen's default dump imports into a fresh server without
// one warning (the demo used to end with three "Event scheduler is switched off"), and
// gen --events, like mariadb-dump --events, brings the event and its warning back.
func TestGenImportsWithoutWarnings(t *testing.T) {
	srv := testsandbox.Start(t)
	dir := t.TempDir()
	for _, tt := range []struct {
		name        string
		extra       []string
		wantWarning bool
	}{
		{"default", nil, false},
		{"events", []string{"--events"}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dump := filepath.Join(dir, tt.name+".sql")
			var out, errb bytes.Buffer
			if code := runCommand(append([]string{"gen", "--size", "256K", "-o", dump}, tt.extra...), stdio{Out: &out, Err: &errb}); code != exitOK {
				t.Fatalf("gen: exit %d: %s", code, errb.String())
			}
			out.Reset()
			errb.Reset()
			code := runCommand([]string{"import", "--no-defaults", "-u", "root", "-S", srv.Socket, "--no-advisor", "--overwrite", dump},
				stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
			if code != exitOK {
				t.Fatalf("import: exit %d: %s", code, errb.String())
			}
			all := out.String() + errb.String()
			gotWarning := strings.Contains(all, "Event scheduler is switched off")
			if gotWarning != tt.wantWarning || !tt.wantWarning && strings.Contains(all, "warnings") {
				t.Errorf("event scheduler warning %v, want %v:\n%s", gotWarning, tt.wantWarning, all)
			}
		})
	}
}
