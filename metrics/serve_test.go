package metrics

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

func TestListenAddr(t *testing.T) {
	tests := []struct {
		in       string
		want     string
		loopback bool
		wantErr  string
	}{
		{"9187", "127.0.0.1:9187", true, ""},
		{"127.0.0.1:9187", "127.0.0.1:9187", true, ""},
		{"localhost:9187", "localhost:9187", true, ""},
		{"[::1]:9187", "[::1]:9187", true, ""},
		{":9187", ":9187", false, ""},
		{"0.0.0.0:9187", "0.0.0.0:9187", false, ""},
		{"10.1.2.3:9187", "10.1.2.3:9187", false, ""},
		{"db1.example:9187", "db1.example:9187", false, ""},
		{"", "", false, "empty address"},
		{"70000", "", false, "out of range"},
		{"host", "", false, "want a port or HOST:PORT"},
		{"host:http", "", false, "not a number"},
	}
	for _, tt := range tests {
		got, lo, err := ListenAddr(tt.in)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ListenAddr(%q) error %v, want one containing %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want || lo != tt.loopback {
			t.Errorf("ListenAddr(%q) = %q, %v, %v; want %q, %v", tt.in, got, lo, err, tt.want, tt.loopback)
		}
	}
}

// TestServePromtool: a scrape of the endpoint passes `promtool check metrics` (the
// Prometheus project's linter: naming, units, _total on counters, help text), and
// carries the run's series beside the Go and process collectors.
func TestServePromtool(t *testing.T) {
	promtool := testsandbox.RequireTool(t, "promtool")
	c := newTestCollector()
	c.Tick(seed002Tick())
	srv, err := Serve("127.0.0.1:0", c)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	resp, err := http.Get("http://" + srv.Addr() + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /metrics: %d, %v", resp.StatusCode, err)
	}
	for _, want := range []string{"dumpscope_restore_bytes_total 4.194304e+08", "process_cpu_seconds_total ", "dumpscope_run_info{"} {
		if !bytes.Contains(body, []byte(want)) {
			t.Errorf("scrape lacks %q", want)
		}
	}
	cmd := exec.Command(promtool, "check", "metrics")
	cmd.Stdin = bytes.NewReader(body)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("promtool check metrics: %v\n%s", err, out)
	}
}

// TestWriteTextfile: the textfile holds the run's metrics and nothing node_exporter
// has itself, is readable by everyone (node_exporter runs as its own user), and leaves
// no temp file behind.
func TestWriteTextfile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "dumpscope.prom")
	if err := os.WriteFile(path, []byte("stale"), 0o600); err != nil {
		t.Fatal(err)
	}
	c := newTestCollector()
	c.Tick(seed002Tick())
	c.Finish(Final{Phase: PhaseFinished, Progress: &advisor.ImportProgress{Bytes: 500 << 20}, Tables: 7})
	if err := WriteTextfile(path, c); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(f)
	if err != nil {
		t.Fatalf("textfile does not parse: %v", err)
	}
	for name := range families {
		if !strings.HasPrefix(name, "dumpscope_") {
			t.Errorf("textfile has %s; node_exporter refuses a textfile that repeats its own series", name)
		}
	}
	for name, want := range map[string]float64{"dumpscope_restore_bytes_total": 500 << 20, "dumpscope_restore_tables_done": 7} {
		fam := families[name]
		if fam == nil || len(fam.Metric) != 1 {
			t.Errorf("%s: %v", name, fam)
			continue
		}
		got := fam.Metric[0].GetGauge().GetValue() + fam.Metric[0].GetCounter().GetValue()
		if got != want {
			t.Errorf("%s = %v, want the final %v", name, got, want)
		}
	}
	phase := families["dumpscope_restore_phase"]
	if phase == nil {
		t.Fatal("no dumpscope_restore_phase")
	}
	for _, m := range phase.Metric {
		if m.GetLabel()[0].GetValue() == PhaseFinished && m.GetGauge().GetValue() != 1 {
			t.Errorf("phase finished = %v, want 1", m.GetGauge().GetValue())
		}
	}
	st, _ := os.Stat(path)
	if st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", st.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if diff := cmp.Diff([]string{"dumpscope.prom"}, names); diff != "" {
		t.Errorf("directory (-want +got):\n%s", diff)
	}
}

// BenchmarkScrape is one scrape of the endpoint as Prometheus makes it (asking for gzip;
// a tick with one device, InnoDB, a probe and findings, and dumpscope's CPU), through
// the HTTP handler and the text encoder: the CPU a scrape costs dumpscope.
func BenchmarkScrape(b *testing.B) {
	c := newTestCollector()
	c.Tick(seed002Tick())
	srv, err := Serve("127.0.0.1:0", c)
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	handler := srv.srv.Handler
	req := httptest.NewRequest(http.MethodGet, "/metrics", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		handler.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatal(w.Code)
		}
	}
}

// BenchmarkCollectorOnly is the run's own metrics without the runtime collectors.
func BenchmarkCollectorOnly(b *testing.B) {
	c := newTestCollector()
	c.Tick(seed002Tick())
	reg := prometheus.NewRegistry()
	reg.MustRegister(c)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := reg.Gather(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTick is the collector's work on each tick, which it adds to every tick
// whether or not anything scrapes.
func BenchmarkTick(b *testing.B) {
	c := newTestCollector()
	t := seed002Tick()
	b.ReportAllocs()
	for b.Loop() {
		c.Tick(t)
	}
}
