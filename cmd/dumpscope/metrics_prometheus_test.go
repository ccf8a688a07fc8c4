package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/runrecord"
	"github.com/dumpscope/dumpscope/sandbox"
)

// freePort returns a loopback port nobody listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// promServer is a real Prometheus (Debian's prometheus package) on loopback, with its
// own temp dir, scraping one target every second.
type promServer struct {
	base string
	log  string
}

func startPrometheus(t *testing.T, target string) *promServer {
	t.Helper()
	bin := testsandbox.RequireTool(t, "prometheus")
	dir := t.TempDir()
	cfg := fmt.Sprintf("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n  - job_name: dumpscope\n    static_configs:\n      - targets: ['%s']\n", target)
	if err := os.WriteFile(filepath.Join(dir, "prometheus.yml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	logPath := filepath.Join(dir, "prometheus.log")
	logf, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "--config.file="+filepath.Join(dir, "prometheus.yml"),
		"--storage.tsdb.path="+filepath.Join(dir, "data"), "--web.listen-address="+addr)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		logf.Close()
	})
	p := &promServer{base: "http://" + addr, log: logPath}
	p.waitFor(t, "Prometheus ready", func() (bool, error) {
		resp, err := http.Get(p.base + "/-/ready")
		if err != nil {
			return false, nil
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK, nil
	})
	return p
}

// waitFor polls cond until it holds. The deadline only guards against a hang (a
// Prometheus that never starts, an import that stalls); nothing is measured by it.
func (p *promServer) waitFor(t *testing.T, what string, cond func() (bool, error)) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		ok, err := cond()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			log, _ := os.ReadFile(p.log)
			t.Fatalf("gave up waiting for %s; prometheus log:\n%s", what, tail(string(log), 2000))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// promResult is the data of a query API answer.
type promResult struct {
	ResultType string `json:"resultType"`
	Result     []struct {
		Metric map[string]string `json:"metric"`
		Value  [2]any            `json:"value"`
		Values [][2]any          `json:"values"`
	} `json:"result"`
}

// query runs a PromQL query through the HTTP API (at time at, unless zero) and returns
// its data, or the API's error.
func (p *promServer) query(expr string, at time.Time) (*promResult, error) {
	v := url.Values{"query": {expr}}
	if !at.IsZero() {
		v.Set("time", strconv.FormatFloat(float64(at.UnixNano())/1e9, 'f', 3, 64))
	}
	resp, err := http.PostForm(p.base+"/api/v1/query", v)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var out struct {
		Status    string     `json:"status"`
		ErrorType string     `json:"errorType"`
		Error     string     `json:"error"`
		Data      promResult `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return nil, fmt.Errorf("query %s: %w", expr, err)
	}
	if out.Status != "success" {
		return nil, fmt.Errorf("query %s: %s: %s", expr, out.ErrorType, out.Error)
	}
	return &out.Data, nil
}

// scalar is the single value of an instant vector; ok is false when it is empty.
func (p *promServer) scalar(expr string) (v float64, ok bool, err error) {
	r, err := p.query(expr, time.Time{})
	if err != nil || len(r.Result) == 0 {
		return 0, false, err
	}
	if len(r.Result) > 1 {
		return 0, false, fmt.Errorf("%s: %d series, want 1", expr, len(r.Result))
	}
	v, err = strconv.ParseFloat(r.Result[0].Value[1].(string), 64)
	return v, err == nil, err
}

// rawValues are every sample Prometheus stored for expr (a plain selector) in the last
// ten minutes.
func (p *promServer) rawValues(t *testing.T, selector string) []float64 {
	t.Helper()
	r, err := p.query(selector+"[10m]", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	var out []float64
	for _, s := range r.Result {
		for _, v := range s.Values {
			f, err := strconv.ParseFloat(v[1].(string), 64)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, f)
		}
	}
	return out
}

// TestMetricsPrometheus runs a real import into a sandbox with --listen, scraped every
// second by a real Prometheus, and checks what Prometheus stored against the run record
// of the same run: every dumpscope_restore_bytes_total and
// dumpscope_innodb_checkpoint_age_bytes sample Prometheus holds is a value the record
// has (a scrape reports the latest tick, and the recorder keeps every tick), with at
// least three (two for the checkpoint age) distinct values scraped. The dump arrives on stdin in four parts, each
// sent only once Prometheus has seen the previous one applied, so the scrapes fall
// inside the import however fast this machine is. On the way, a live scrape passes
// promtool check metrics, and every PromQL expression of docs/grafana/dumpscope.json
// evaluates without error against the stored series.
func TestMetricsPrometheus(t *testing.T) {
	if _, err := sandbox.FindServerBinary(); errors.Is(err, sandbox.ErrNoServerBinary) {
		testsandbox.Unavailable(t, "%v", err)
	}
	promtool := testsandbox.RequireTool(t, "promtool")
	listen := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	prom := startPrometheus(t, listen)

	o := gen.DefaultOptions()
	o.SizeBytes = 16 << 20
	var dump bytes.Buffer
	if _, err := gen.Write(&dump, o); err != nil {
		t.Fatal(err)
	}
	rec := filepath.Join(t.TempDir(), "run.json")
	textfile := filepath.Join(t.TempDir(), "dumpscope.prom")
	pr, pw := io.Pipe()
	var out, errb bytes.Buffer
	done := make(chan int, 1)
	go func() {
		// The redo log is 4 MB so that the checkpoint age moves between scrapes.
		done <- runCommand([]string{"import", "--sandbox", "--sandbox-dir", shortDir(t), "--sandbox-set", "innodb_log_file_size=4M",
			"--interval", "250ms", "--record", rec, "--listen", listen, "--metrics-textfile", textfile, "-"},
			stdio{In: pr, Out: &out, Err: &errb})
	}()

	const parts = 4
	data := dump.Bytes()
	seen := -1.0
	var during time.Time // a moment at which Prometheus held the run's series
	for i := 0; i < parts; i++ {
		part := data[i*len(data)/parts : (i+1)*len(data)/parts]
		if _, err := pw.Write(part); err != nil {
			t.Fatalf("feeding part %d: %v\n%s", i+1, err, errb.String())
		}
		if i == parts-1 {
			break
		}
		prom.waitFor(t, fmt.Sprintf("Prometheus to see part %d applied", i+1), func() (bool, error) {
			select {
			case code := <-done:
				return false, fmt.Errorf("import ended early: exit %d\n%s%s", code, out.String(), errb.String())
			default:
			}
			v, ok, err := prom.scalar("dumpscope_restore_bytes_total")
			if err != nil || !ok || v <= seen {
				return false, err
			}
			seen, during = v, time.Now()
			return true, nil
		})
		if i == 0 {
			promtoolCheck(t, promtool, "http://"+listen+"/metrics")
		}
	}
	pw.Close()
	if code := <-done; code != exitOK {
		t.Fatalf("import: exit %d\n%s%s", code, out.String(), errb.String())
	}

	r, err := runrecord.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	recBytes, recAge := map[float64]bool{}, map[float64]bool{}
	for _, s := range r.Samples {
		if s.Import != nil {
			recBytes[float64(s.Import.Bytes)] = true
		}
		if s.InnoDB != nil {
			recAge[float64(s.InnoDB.CheckpointAgeBytes)] = true
		}
	}
	// The endpoint's last answer (after the import) carries the importer's totals,
	// which the record keeps in its dump section.
	recBytes[float64(r.Dump.Bytes)] = true
	// Each of the three waits above saw a new restore_bytes value; the checkpoint age
	// moves with every batch on a 4 MB log, but two scrapes may rightly see one value.
	for _, m := range []struct {
		name        string
		record      map[float64]bool
		minDistinct int
	}{
		{"dumpscope_restore_bytes_total", recBytes, 3},
		{"dumpscope_innodb_checkpoint_age_bytes", recAge, 2},
	} {
		got := prom.rawValues(t, m.name)
		distinct := map[float64]bool{}
		for _, v := range got {
			distinct[v] = true
			if !m.record[v] {
				t.Errorf("%s: Prometheus has %v, which no sample of the run record has", m.name, v)
			}
		}
		if len(distinct) < m.minDistinct {
			t.Errorf("%s: %d distinct values scraped (%v), want at least %d", m.name, len(distinct), got, m.minDistinct)
		}
	}

	// The textfile holds the final totals.
	tf, err := os.ReadFile(textfile)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("dumpscope_restore_bytes_total %s\n", strconv.FormatFloat(float64(r.Dump.Bytes), 'g', -1, 64)); !bytes.Contains(tf, []byte(want)) {
		t.Errorf("textfile lacks %q:\n%s", want, tf)
	}
	if !bytes.Contains(tf, []byte(`dumpscope_restore_phase{phase="finished"} 1`)) {
		t.Errorf("textfile does not say finished:\n%s", tf)
	}

	checkDashboardQueries(t, prom, during)
}

func promtoolCheck(t *testing.T, promtool, url string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"dumpscope_restore_bytes_total", "dumpscope_innodb_checkpoint_age_bytes", "dumpscope_disk_writes_completed_total"} {
		if !bytes.Contains(body, []byte(want+" ")) && !bytes.Contains(body, []byte(want+"{")) {
			t.Errorf("live scrape lacks %s", want)
		}
	}
	cmd := exec.Command(promtool, "check", "metrics")
	cmd.Stdin = bytes.NewReader(body)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("promtool check metrics on a live scrape: %v\n%s", err, out)
	}
}

// grafanaDashboard is the part of Grafana's dashboard JSON model the checks read.
type grafanaDashboard struct {
	UID           string                        `json:"uid"`
	Title         string                        `json:"title"`
	SchemaVersion int                           `json:"schemaVersion"`
	Panels        []dashPanel                   `json:"panels"`
	Templating    struct{ List []dashVariable } `json:"templating"`
}

type dashPanel struct {
	ID         int                       `json:"id"`
	Type       string                    `json:"type"`
	Title      string                    `json:"title"`
	GridPos    *struct{ X, Y, W, H int } `json:"gridPos"`
	Datasource *dashDS                   `json:"datasource"`
	Targets    []struct {
		RefID      string  `json:"refId"`
		Expr       string  `json:"expr"`
		Datasource *dashDS `json:"datasource"`
	} `json:"targets"`
}

type dashDS struct {
	Type string `json:"type"`
	UID  string `json:"uid"`
}

type dashVariable struct {
	Type       string          `json:"type"`
	Name       string          `json:"name"`
	Query      json.RawMessage `json:"query"`
	Definition string          `json:"definition"`
	Datasource *dashDS         `json:"datasource"`
}

func readDashboard(t *testing.T) grafanaDashboard {
	t.Helper()
	raw, err := os.ReadFile("../../docs/grafana/dumpscope.json")
	if err != nil {
		t.Fatal(err)
	}
	var d grafanaDashboard
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&d); err != nil {
		t.Fatalf("docs/grafana/dumpscope.json: %v", err)
	}
	return d
}

// TestDashboardStructure checks docs/grafana/dumpscope.json against Grafana's dashboard
// JSON model: a uid, title and schemaVersion; a Prometheus datasource variable that
// every panel and target uses (so the dashboard imports into any Grafana); an instance
// variable from dumpscope_run_info; panels with unique ids and a grid position inside
// the 24-column grid; every non-row panel with PromQL targets with unique refIds.
func TestDashboardStructure(t *testing.T) {
	d := readDashboard(t)
	if d.UID == "" || d.Title == "" || d.SchemaVersion < 36 {
		t.Errorf("uid %q, title %q, schemaVersion %d: want both set and a schemaVersion of Grafana 10 or later (≥ 36)", d.UID, d.Title, d.SchemaVersion)
	}
	vars := map[string]dashVariable{}
	for _, v := range d.Templating.List {
		vars[v.Name] = v
	}
	if v, ok := vars["datasource"]; !ok || v.Type != "datasource" || !strings.Contains(string(v.Query), "prometheus") {
		t.Errorf("no datasource variable of type prometheus: %+v", v)
	}
	if v, ok := vars["instance"]; !ok || v.Type != "query" || !strings.Contains(v.Definition, "dumpscope_run_info") ||
		v.Datasource == nil || v.Datasource.UID != "${datasource}" {
		t.Errorf("instance variable: %+v", v)
	}
	ids := map[int]bool{}
	var want = []string{"dumpscope_restore_progress_ratio", "dumpscope_restore_eta_seconds", "dumpscope_restore_bytes_total",
		"dumpscope_disk_write_await_seconds", "dumpscope_disk_utilization_ratio", "dumpscope_innodb_checkpoint_age_bytes",
		"dumpscope_innodb_checkpoint_max_age_bytes", "dumpscope_finding_active"}
	used := map[string]bool{}
	for _, p := range d.Panels {
		if ids[p.ID] || p.ID == 0 {
			t.Errorf("panel %q: id %d missing or repeated", p.Title, p.ID)
		}
		ids[p.ID] = true
		if p.GridPos == nil || p.GridPos.W <= 0 || p.GridPos.H <= 0 || p.GridPos.X+p.GridPos.W > 24 {
			t.Errorf("panel %q: gridPos %+v outside the 24-column grid", p.Title, p.GridPos)
		}
		if p.Type == "row" {
			continue
		}
		if p.Datasource == nil || p.Datasource.UID != "${datasource}" || len(p.Targets) == 0 {
			t.Errorf("panel %q: datasource %+v, %d targets; want ${datasource} and targets", p.Title, p.Datasource, len(p.Targets))
		}
		refs := map[string]bool{}
		for _, tg := range p.Targets {
			if tg.Expr == "" || tg.RefID == "" || refs[tg.RefID] || tg.Datasource == nil || tg.Datasource.UID != "${datasource}" {
				t.Errorf("panel %q: target %+v", p.Title, tg)
			}
			refs[tg.RefID] = true
			for _, m := range want {
				if strings.Contains(tg.Expr, m) {
					used[m] = true
				}
			}
		}
	}
	for _, m := range want {
		if !used[m] {
			t.Errorf("no panel shows %s", m)
		}
	}
}

// grafanaVars stand for Grafana's variables as a query sent to Prometheus has them:
// "All" instances is the regex .*, and $__rate_interval is at least four scrape
// intervals.
var grafanaVars = strings.NewReplacer("$instance", ".*", "${instance}", ".*", "$__rate_interval", "1m", "${__rate_interval}", "1m")

var labelValues = regexp.MustCompile(`^label_values\(\s*([^,]+?)\s*,\s*\w+\s*\)$`)

// checkDashboardQueries evaluates every expression of the dashboard at a moment during
// the run: none may fail, and those that read series every import has must return data.
func checkDashboardQueries(t *testing.T, prom *promServer, at time.Time) {
	t.Helper()
	d := readDashboard(t)
	// Series that a stdin import on a sandbox does not have: no file size (progress,
	// ETA), maybe no finding, no flush counters on kernels before 5.5.
	mayBeEmpty := regexp.MustCompile(`progress_ratio|eta_seconds|finding_active|flush_await`)
	var exprs []string
	for _, v := range d.Templating.List {
		if m := labelValues.FindStringSubmatch(v.Definition); m != nil {
			exprs = append(exprs, m[1])
		}
	}
	for _, p := range d.Panels {
		for _, tg := range p.Targets {
			exprs = append(exprs, tg.Expr)
		}
	}
	for _, e := range exprs {
		q := grafanaVars.Replace(e)
		if strings.Contains(q, "$") {
			t.Errorf("%s: a Grafana variable the test does not know", e)
			continue
		}
		r, err := prom.query(q, at)
		if err != nil {
			t.Errorf("dashboard expression does not evaluate: %v", err)
			continue
		}
		if len(r.Result) == 0 && !mayBeEmpty.MatchString(e) {
			t.Errorf("dashboard expression returned no data during the run: %s", q)
		}
	}
}
