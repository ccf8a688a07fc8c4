package main

import (
	"database/sql"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
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
// textfile at the end. Scrapes send nothing to the server: while the endpoint is scraped
// as fast as it answers, the server's Questions counter grows by fewer statements than
// there were scrapes.
func TestWatchMetricsTextfile(t *testing.T) {
	srv := testsandbox.StartOnDisk(t)
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	questions := func() int64 {
		var name string
		var n int64
		if err := db.QueryRow("SHOW GLOBAL STATUS LIKE 'Questions'").Scan(&name, &n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	textfile := filepath.Join(t.TempDir(), "dumpscope.prom")
	port := strconv.Itoa(freePort(t))
	stop := make(chan struct{})
	scrapes := make(chan int)
	go func() {
		n := 0
		for {
			select {
			case <-stop:
				scrapes <- n
				return
			default:
			}
			if resp, err := http.Get("http://127.0.0.1:" + port + "/metrics"); err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK {
					n++
				}
			}
		}
	}()
	before := questions()
	code, _, errOut := runCmd(runWatch, "--no-defaults", "-S", srv.Socket, "-uroot", "--interval", "250ms",
		"--duration", "2s", "--probe", "300ms", "--listen", port, "--metrics-textfile", textfile)
	close(stop)
	n := <-scrapes
	statements := questions() - before - 1 // the second SHOW STATUS counts itself
	if code != exitOK {
		t.Fatalf("watch: exit %d\n%s", code, errOut)
	}
	t.Logf("%d scrapes, %d statements on the server (%s)", n, statements, strings.TrimSpace(tail(errOut, 1)))
	if n <= int(statements) {
		t.Fatalf("only %d scrapes against %d statements: the test proves nothing", n, statements)
	}
	if !strings.Contains(errOut, "metrics at http://127.0.0.1:"+port+"/metrics") || strings.Contains(errOut, "reachable from other machines") {
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
