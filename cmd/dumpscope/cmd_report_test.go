package main

import (
	"bytes"
	"encoding/json"
	stdhtml "html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/runrecord"
)

// TestReportCommand renders a recorded run in every format, by -o's extension, with the
// flag after the record; and --fail-on sets the exit code.
func TestReportCommand(t *testing.T) {
	rec := "../../report/testdata/seed002-128M.json"
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := runCommand([]string{"report", rec}, stdio{Out: &out, Err: &errb}); code != exitOK {
		t.Fatalf("report: exit %d: %s", code, errb.String())
	}
	if !strings.HasPrefix(out.String(), "# Verdict") || !strings.Contains(out.String(), "innodb_log_file_size: 128M → 4G") {
		t.Errorf("text report:\n%s", out.String())
	}
	for _, ext := range []string{"md", "html", "json"} {
		path := filepath.Join(dir, "r."+ext)
		if code := runCommand([]string{"report", rec, "-o", path}, stdio{Out: &out, Err: &errb}); code != exitOK {
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
		errb.Reset()
		if code := runCommand(tt.args, stdio{Out: &out, Err: &errb}); code != tt.want {
			t.Errorf("%q: exit %d, want %d", tt.args, code, tt.want)
		}
		// Exit 5 is a verdict on the server, not a failure of the command: a line must
		// say which finding caused it.
		if tt.want == exitFindings && !strings.Contains(errb.String(), "exit status 5: ") {
			t.Errorf("%q: exit 5 without a line saying why; stderr %q", tt.args, errb.String())
		}
	}
}

// TestCompareCommand: two records side by side, a side of several runs by commas and by
// glob, labels, and the errors a user meets.
func TestCompareCommand(t *testing.T) {
	a, b := "../../report/testdata/seed002-128M.json", "../../report/testdata/seed002-5G.json"
	var out, errb bytes.Buffer
	if code := runCommand([]string{"compare", a, b, "--labels", "128M,5G"}, stdio{Out: &out, Err: &errb}); code != exitOK {
		t.Fatalf("compare: exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"innodb_log_file_size  128M  5G", "×0.28", "redo-log-too-small  fired  cleared"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("compare output lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := runCommand([]string{"compare", a + "," + a, "../../report/testdata/seed002-5*.json", "-o", filepath.Join(t.TempDir(), "c.html")}, stdio{Out: &out, Err: &errb}); code != exitOK {
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
		if code := runCommand(tt.args, stdio{Out: &out, Err: &errb}); code != tt.want {
			t.Errorf("%q: exit %d, want %d", tt.args, code, tt.want)
		}
	}
}

// TestImportReportFailOn: the headless evaluation in one command. `import --sandbox
// --report r.html --fail-on warn` with a 4 MB redo log writes the HTML report (no
// --record needed), the report names the redo finding and its fix, and the exit code
// says a finding fired (redo-log-too-small is warn or critical, by how close the
// checkpoint age came to its maximum); --fail-on with a bad value is a usage error.
func TestImportReportFailOn(t *testing.T) {
	o := gen.DefaultOptions()
	o.SizeBytes = 128 << 20
	dump := writeGenDump(t, o)
	dir := t.TempDir()
	html, md := filepath.Join(dir, "r.html"), filepath.Join(dir, "r.md")
	var out, errb bytes.Buffer
	code := runCommand([]string{"import", "--sandbox", "--sandbox-dir", shortDir(t), "--sandbox-set", "innodb_log_file_size=4M",
		"--interval", "250ms", "--report", html, "--fail-on", "warn", dump}, stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	if code != exitFindings {
		t.Fatalf("import --fail-on warn: exit %d, want %d\n%s%s", code, exitFindings, out.String(), errb.String())
	}
	doc, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"redo-log-too-small", "innodb_log_file_size: 4M → ", "<svg"} {
		if !strings.Contains(string(doc), want) {
			t.Errorf("the HTML report lacks %q", want)
		}
	}
	// The end-of-run summary ends with the verdict, which weighs the redo finding (as the
	// bottleneck, or beside a larger one on a busy machine), and the report carries it.
	verdict := lastVerdictLine(out.String())
	if !strings.Contains(verdict, "redo-log-too-small") {
		t.Errorf("import's verdict does not weigh the redo finding: %q", verdict)
	}
	if !strings.Contains(string(doc), stdhtml.EscapeString(verdict)) {
		t.Errorf("the HTML report lacks the import's verdict %q", verdict)
	}
	t.Logf("4M: %s", verdict)
	out.Reset()
	// The Markdown report of the same kind of run, rendered from its record, is a
	// golden-free smoke check that the record the import wrote reads back.
	rec := filepath.Join(dir, "run.json")
	code = runCommand([]string{"import", "--sandbox", "--sandbox-dir", shortDir(t), "--interval", "250ms", "--record", rec, "--report", md, "--fail-on", "critical", dump},
		stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	if code != exitOK && code != exitFindings {
		t.Fatalf("second import: exit %d\n%s", code, errb.String())
	}
	raw, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := runrecord.Validate(raw); err != nil {
		t.Errorf("the import's record: %v", err)
	}
	r, err := runrecord.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	// The dump's tables with rows, each named with its database. (Not the first one: a
	// view's stand-in table, current while it is created, may come first.)
	withRows := 0
	for _, tt := range r.Tables {
		if tt.Rows > 0 {
			withRows++
		}
		if !strings.Contains(tt.Name, ".") {
			t.Errorf("record table %q has no database, as the ticks' names have", tt.Name)
		}
	}
	if withRows == 0 {
		t.Errorf("record tables = %+v, want the dump's tables with rows", r.Tables)
	}
	// advise --run on the import's record gives the verdict the import printed.
	var replayOut bytes.Buffer
	if code := runCommand([]string{"advise", "--run", rec}, stdio{Out: &replayOut, Err: &errb}); code != exitOK {
		t.Fatalf("advise --run: exit %d\n%s", code, errb.String())
	}
	if live, replayed := lastVerdictLine(out.String()), lastVerdictLine(replayOut.String()); live == "" || live != replayed {
		t.Errorf("verdicts differ:\nimport:        %s\nadvise --run:  %s", live, replayed)
	} else {
		t.Logf("default redo: %s", live)
	}
	if b, err := os.ReadFile(md); err != nil || !bytes.Contains(b, []byte("## Phases and tables")) {
		t.Errorf("Markdown report: %v", err)
	}
	if code := runCommand([]string{"import", "--fail-on", "sometimes", dump}, stdio{In: strings.NewReader(""), Out: &out, Err: &errb}); code != exitUsage {
		t.Errorf("--fail-on sometimes: exit %d, want %d", code, exitUsage)
	}
}

// lastVerdictLine is the last line of out that begins "verdict: ".
func lastVerdictLine(out string) string {
	var v string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "verdict: ") {
			v = l
		}
	}
	return v
}
