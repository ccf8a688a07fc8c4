package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportCommand renders a recorded run in every format, by -o's extension, with the
// flag after the record; and --fail-on sets the exit code.
func TestReportCommand(t *testing.T) {
	rec := "../../report/testdata/seed002-128M.json"
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := run([]string{"report", rec}, stdio{Out: &out, Err: &errb}); code != exitOK {
		t.Fatalf("report: exit %d: %s", code, errb.String())
	}
	if !strings.HasPrefix(out.String(), "# Verdict") || !strings.Contains(out.String(), "innodb_log_file_size: 128M → 4G") {
		t.Errorf("text report:\n%s", out.String())
	}
	for _, ext := range []string{"md", "html", "json"} {
		path := filepath.Join(dir, "r."+ext)
		if code := run([]string{"report", rec, "-o", path}, stdio{Out: &out, Err: &errb}); code != exitOK {
			t.Fatalf("report -o %s: exit %d: %s", path, code, errb.String())
		}
		doc, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		switch ext {
		case "md":
			if !bytes.HasPrefix(doc, []byte("# dumpscope report")) {
				t.Errorf("Markdown report starts %q", doc[:40])
			}
		case "html":
			if !bytes.Contains(doc, []byte("<svg")) {
				t.Error("HTML report has no chart")
			}
		case "json":
			var a struct {
				Verdict  struct{ Severity string }
				Findings []struct{ ID string }
			}
			if err := json.Unmarshal(doc, &a); err != nil || a.Verdict.Severity != "critical" || len(a.Findings) != 2 {
				t.Errorf("JSON report: %v, %+v", err, a)
			}
		}
	}
	for _, tt := range []struct {
		args []string
		want int
	}{
		{[]string{"report", "--fail-on", "critical", rec}, exitFindings},
		{[]string{"report", "--fail-on", "warn", rec}, exitFindings},
		{[]string{"report", "--fail-on", "bogus", rec}, exitUsage},
		{[]string{"report"}, exitUsage},
		{[]string{"report", filepath.Join(dir, "missing.json")}, exitFailure},
	} {
		if code := run(tt.args, stdio{Out: &out, Err: &errb}); code != tt.want {
			t.Errorf("%q: exit %d, want %d", tt.args, code, tt.want)
		}
	}
}

// TestCompareCommand: two records side by side, a side of several runs by commas and by
// glob, labels, and the errors a user meets.
func TestCompareCommand(t *testing.T) {
	a, b := "../../report/testdata/seed002-128M.json", "../../report/testdata/seed002-5G.json"
	var out, errb bytes.Buffer
	if code := run([]string{"compare", a, b, "--labels", "128M,5G"}, stdio{Out: &out, Err: &errb}); code != exitOK {
		t.Fatalf("compare: exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"innodb_log_file_size  128M  5G", "×0.28", "redo-log-too-small  fired  cleared"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("compare output lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := run([]string{"compare", a + "," + a, "../../report/testdata/seed002-5*.json", "-o", filepath.Join(t.TempDir(), "c.html")}, stdio{Out: &out, Err: &errb}); code != exitOK {
		t.Fatalf("compare with sides of runs: exit %d: %s", code, errb.String())
	}
	for _, tt := range []struct {
		args []string
		want int
	}{
		{[]string{"compare", a}, exitUsage},
		{[]string{"compare", a, "nothing-*.json"}, exitUsage},
		{[]string{"compare", a, b, "--labels", "x"}, exitUsage},
		{[]string{"compare", a, "missing.json"}, exitFailure},
	} {
		if code := run(tt.args, stdio{Out: &out, Err: &errb}); code != tt.want {
			t.Errorf("%q: exit %d, want %d", tt.args, code, tt.want)
		}
	}
}
