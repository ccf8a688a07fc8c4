package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestMetricsFlagsUsage: what cannot work is refused before anything starts.
func TestMetricsFlagsUsage(t *testing.T) {
	tests := []struct {
		args    []string
		wantErr string
	}{
		{[]string{"--no-advisor", "--listen", "9187", "x.sql"}, "drop --no-advisor"},
		{[]string{"--no-advisor", "--metrics-textfile", "x.prom", "x.sql"}, "drop --no-advisor"},
		{[]string{"--listen", "db1", "x.sql"}, "want a port or HOST:PORT"},
		{[]string{"--listen", "99999", "x.sql"}, "out of range"},
	}
	for _, tt := range tests {
		code, _, errOut := runCmd(runImport, tt.args...)
		if code != exitUsage || !strings.Contains(errOut, tt.wantErr) {
			t.Errorf("import %q: code %d, stderr %q; want %d and %q", tt.args, code, errOut, exitUsage, tt.wantErr)
		}
	}
}

// TestWatchMetricsTextfile: watch exports the server side and the probe (no restore
// series: nothing is imported), serves on loopback without a warning, and leaves the
// textfile at the end.
func TestWatchMetricsTextfile(t *testing.T) {
	srv := testsandbox.Start(t)
	textfile := filepath.Join(t.TempDir(), "dumpscope.prom")
	code, _, errOut := runCmd(runWatch, "--no-defaults", "-S", srv.Socket, "-uroot", "--interval", "250ms",
		"--duration", "1s", "--probe", "300ms", "--listen", "0", "--metrics-textfile", textfile)
	if code != exitOK {
		t.Fatalf("watch: exit %d\n%s", code, errOut)
	}
	if !strings.Contains(errOut, "metrics at http://127.0.0.1:") || strings.Contains(errOut, "reachable from other machines") {
		t.Errorf("a bare port must bind loopback, without the warning:\n%s", errOut)
	}
	b, err := os.ReadFile(textfile)
	if err != nil {
		t.Fatal(err)
	}
	tf := string(b)
	for _, want := range []string{"\ndumpscope_innodb_checkpoint_age_bytes ", "\ndumpscope_probe_sync_write_latency_seconds_count{",
		`dumpscope_server_info{flavor="mariadb"`, `dumpscope_run_info{dump="",`} {
		if !strings.Contains(tf, want) {
			t.Errorf("textfile lacks %q", want)
		}
	}
	if strings.Contains(tf, "dumpscope_restore_") {
		t.Errorf("watch imports nothing, yet the textfile has restore series:\n%s", tf)
	}
}
