package report_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/report"
	"github.com/dumpscope/dumpscope/rules"
	"github.com/dumpscope/dumpscope/runrecord"
)

var update = flag.Bool("update", false, "rewrite the golden files and generated records in testdata/")

// fixtures are run records in testdata/: seed 002's two runs, made from the rules
// package's version 1 fixtures (../rules/testdata) as version 2 records with the findings
// of a replay through rules.Default(), so report and compare see what import writes.
var fixtures = map[string]string{
	"seed002-128M.json": "../rules/testdata/seed002-redo-2x128M.json",
	"seed002-5G.json":   "../rules/testdata/seed002-redo-2x5G.json",
}

func TestFixtures(t *testing.T) {
	for name, from := range fixtures {
		rec, err := runrecord.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		rec.Version = runrecord.Version
		eng := rules.NewEngine()
		runrecord.ReplayInto(rec, eng)
		rec.Findings = eng.Findings()
		v := rules.VerdictOf(eng)
		rec.Verdict = &v
		var buf bytes.Buffer
		if err := runrecord.Write(&buf, rec); err != nil {
			t.Fatal(err)
		}
		checkGolden(t, filepath.Join("testdata", name), buf.Bytes())
		if err := runrecord.Validate(buf.Bytes()); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// checkGolden compares got with the file at path, rewriting it under -update.
func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./report -update)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s differs (-want +got; go test ./report -update rewrites it):\n%s", path, diff)
	}
}

func readFixture(t *testing.T, name string) *runrecord.Record {
	t.Helper()
	rec, err := runrecord.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestReportGolden renders each recorded run as text and Markdown against golden files:
// seed 002's two runs, and two real runs recorded by `dumpscope import --sandbox --record`
// (scripts/report-screenshot.sh: a 200 MiB generated dump with a 4 MB and a 1 GB redo
// log; gzip-compressed records).
func TestReportGolden(t *testing.T) {
	for _, name := range []string{"seed002-128M.json", "seed002-5G.json", "sandbox-redo-4M.json.gz", "sandbox-redo-1G.json.gz"} {
		rec := readFixture(t, name)
		withVerdict(rec)
		a := report.Analyze(rec, rec.Findings)
		base := strings.TrimSuffix(strings.TrimSuffix(name, ".gz"), ".json")
		var txt, md bytes.Buffer
		if err := report.Text(&txt, a); err != nil {
			t.Fatal(err)
		}
		if err := report.Markdown(&md, a); err != nil {
			t.Fatal(err)
		}
		checkGolden(t, filepath.Join("testdata", base+".txt"), txt.Bytes())
		checkGolden(t, filepath.Join("testdata", base+".md"), md.Bytes())
		for i, l := range strings.Split(txt.String(), "\n") {
			if n := len([]rune(l)); n > 80 && !strings.HasPrefix(l, "verdict: ") {
				t.Errorf("%s.txt line %d is %d columns: %q", base, i+1, n, l)
			}
		}
	}
}

// withVerdict gives a record written before there were verdicts the one `dumpscope
// report` gives it: from its findings and a replay's time attribution.
func withVerdict(rec *runrecord.Record) {
	if rec.Verdict != nil {
		return
	}
	eng := rules.NewEngine()
	runrecord.ReplayInto(rec, eng)
	v := rules.BuildVerdict(rec.Findings, eng.Attribution())
	rec.Verdict = &v
}

// TestReportVerdictLine: the report's verdict line is the one advise --run prints for
// the same record, unwrapped, in text and Markdown, and at the HTML page's top.
func TestReportVerdictLine(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"sandbox-redo-4M.json.gz", "verdict: the bottleneck is redo checkpoint waits (~46 % of 1:11, redo-log-too-small); fix: innodb_log_file_size = 1G (estimate: up to 1.9× faster); consequences: io-capacity-low"},
		{"sandbox-redo-1G.json.gz", "verdict: inconclusive: the findings (io-capacity-low) explain under 5 % of 0:45; the largest wait was server CPU (~27 %)"},
	} {
		rec := readFixture(t, tc.name)
		withVerdict(rec)
		a := report.Analyze(rec, rec.Findings)
		var txt, md, h bytes.Buffer
		if err := report.Text(&txt, a); err != nil {
			t.Fatal(err)
		}
		if err := report.Markdown(&md, a); err != nil {
			t.Fatal(err)
		}
		if err := report.HTML(&h, rec, a); err != nil {
			t.Fatal(err)
		}
		if got := grepLine(txt.String(), "verdict: "); got != tc.want {
			t.Errorf("%s text: %q, want %q", tc.name, got, tc.want)
		}
		if got := grepLine(md.String(), "verdict: "); got != strings.ReplaceAll(tc.want, "*", `\*`) {
			t.Errorf("%s md: %q, want %q", tc.name, got, tc.want)
		}
		doc := h.String()
		if i, j := strings.Index(doc, "verdict-line\">verdict: "), strings.Index(doc, "<h2>Findings"); i < 0 || i > j {
			t.Errorf("%s html: no verdict line before the findings", tc.name)
		}
	}
}

func grepLine(text, prefix string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}

// TestReportHTML: the HTML report is one file with no network reference, an SVG chart
// per measured series family, and the finding shaded.
func TestReportHTML(t *testing.T) {
	rec := readFixture(t, "seed002-128M.json")
	a := report.Analyze(rec, rec.Findings)
	var b bytes.Buffer
	if err := report.HTML(&b, rec, a); err != nil {
		t.Fatal(err)
	}
	doc := b.String()
	for _, bad := range []string{"http://", "https://", "<script", "src="} {
		if strings.Contains(strings.ReplaceAll(doc, `xmlns="http://www.w3.org/2000/svg"`, ""), bad) {
			t.Errorf("the HTML report contains %q: it must be self-contained", bad)
		}
	}
	if n := strings.Count(doc, "<svg"); n != 6 {
		t.Errorf("%d charts, want 6 (throughput, w/s, wkB/s, await, util, checkpoint age)", n)
	}
	if !strings.Contains(doc, "<title>redo-log-too-small</title>") {
		t.Error("the redo finding's interval is not shaded")
	}
}

func side(t *testing.T, label string, names ...string) report.Side {
	t.Helper()
	s := report.Side{Label: label}
	for _, n := range names {
		rec := readFixture(t, n)
		s.Files = append(s.Files, n)
		s.Records = append(s.Records, rec)
		s.Analyses = append(s.Analyses, report.Analyze(rec, rec.Findings))
	}
	return s
}

// TestCompareGolden: seed 002's before/after, one run a side.
func TestCompareGolden(t *testing.T) {
	c := report.Compare([]report.Side{side(t, "2x128M", "seed002-128M.json"), side(t, "2x5G", "seed002-5G.json")})
	var txt, md, h bytes.Buffer
	if err := report.CompareText(&txt, c); err != nil {
		t.Fatal(err)
	}
	if err := report.CompareMarkdown(&md, c); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "testdata/compare-seed002.txt", txt.Bytes())
	checkGolden(t, "testdata/compare-seed002.md", md.Bytes())
	for i, l := range strings.Split(txt.String(), "\n") {
		if n := len([]rune(l)); n > 80 && !strings.HasPrefix(l, "verdict: ") {
			t.Errorf("compare line %d is %d columns: %q", i+1, n, l)
		}
	}
	// compare opens with its verdict: the headline time's ratio, what cleared, what
	// changed.
	if want := "# Verdict #"; !strings.HasPrefix(txt.String(), want) {
		t.Errorf("compare does not open with its verdict:\n%s", txt.String())
	}
	if got, want := grepLine(txt.String(), "verdict: "), "verdict: 2x5G is 3.56× faster (23:19 → 6:33, single runs); cleared: redo-log-too-small; changed: innodb_log_file_size 128M → 5G"; got != want {
		t.Errorf("compare verdict %q, want %q", got, want)
	}
	if err := report.CompareHTML(&h, c); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(h.String(), "<svg"); n != 4 {
		t.Errorf("compare HTML: %d charts, want 4", n)
	}
	// The redo finding is cleared by the larger redo log.
	var redo *report.FindingDiff
	for i := range c.Findings {
		if c.Findings[i].ID == "redo-log-too-small" {
			redo = &c.Findings[i]
		}
	}
	if redo == nil || redo.Status[1] != "cleared" {
		t.Errorf("redo-log-too-small across sides: %+v, want cleared on the 5G side", redo)
	}

	// The same before/after, measured on this machine's sandbox.
	c = report.Compare([]report.Side{side(t, "redo-4M", "sandbox-redo-4M.json.gz"), side(t, "redo-1G", "sandbox-redo-1G.json.gz")})
	txt.Reset()
	if err := report.CompareText(&txt, c); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "testdata/compare-sandbox.txt", txt.Bytes())
}

// TestCompareRepeated: with six runs a side, a clear difference is significant with a
// ratio interval around it, and a difference inside the noise reads "~".
func TestCompareRepeated(t *testing.T) {
	base := readFixture(t, "seed002-128M.json")
	mk := func(label string, secs ...float64) report.Side {
		s := report.Side{Label: label}
		for i, sec := range secs {
			rec := *base
			rec.EndedAt = rec.StartedAt.Add(time.Duration(sec * float64(time.Second)))
			a := report.Analyze(&rec, rec.Findings)
			s.Files = append(s.Files, fmt.Sprintf("%s-%d.json", label, i+1))
			s.Records = append(s.Records, &rec)
			s.Analyses = append(s.Analyses, a)
		}
		return s
	}
	a := mk("A", 1400, 1395, 1410, 1402, 1390, 1405)
	b := mk("B", 400, 395, 405, 398, 402, 393) // 3.5× faster
	n := mk("N", 1398, 1411, 1389, 1404, 1401, 1393)
	c := report.Compare([]report.Side{a, b, n})
	var txt bytes.Buffer
	if err := report.CompareText(&txt, c); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "testdata/compare-repeated.txt", txt.Bytes())
	var js bytes.Buffer
	if err := report.CompareJSON(&js, c); err != nil {
		t.Errorf("CompareJSON: %v", err)
	}
	// Four runs a side: no interval of the median (benchmath's is unbounded), yet the
	// JSON must still encode.
	four := report.Compare([]report.Side{mk("A4", 1400, 1395, 1410, 1402), mk("B4", 400, 395, 405, 398)})
	if err := report.CompareJSON(&js, four); err != nil {
		t.Errorf("CompareJSON with 4 runs a side: %v", err)
	}
	if c := four.Metrics[0].Cells[1]; c.Bounded || !c.Significant {
		t.Errorf("4 runs a side: duration cell %+v, want unbounded and significant", c)
	}
	d := c.Metrics[0]
	if d.Name != "duration" || !d.Cells[1].Significant || d.Cells[1].RatioLo > 0.29 || d.Cells[1].RatioHi < 0.28 {
		t.Errorf("duration B vs A: %+v, want significant with an interval around 0.285", d.Cells[1])
	}
	if d.Cells[2].Significant || !strings.Contains(txt.String(), "~") {
		t.Errorf("duration N vs A: %+v, want not significant (~)", d.Cells[2])
	}
	if len(c.Warnings) != 0 {
		t.Errorf("warnings with six runs a side: %q", c.Warnings)
	}
}

// TestReportReadsVersion1: a version 1 record (the rules fixtures are version 1, as
// the earlier code wrote them) renders the same verdict, findings and restore sections as
// its version 2 copy (further down, device percentiles differ in the 4th digit: version 2
// rounds rates to 4 significant digits).
func TestReportReadsVersion1(t *testing.T) {
	v1, err := runrecord.ReadFile(fixtures["seed002-128M.json"])
	if err != nil {
		t.Fatal(err)
	}
	v2 := readFixture(t, "seed002-128M.json")
	// The version 1 record has no verdict: it gets the one report gives it, which must
	// be the verdict stored in its version 2 copy.
	v1.Findings = v2.Findings
	withVerdict(v1)
	var a, b bytes.Buffer
	if err := report.Text(&a, report.Analyze(v1, v2.Findings)); err != nil {
		t.Fatal(err)
	}
	if err := report.Text(&b, report.Analyze(v2, v2.Findings)); err != nil {
		t.Fatal(err)
	}
	head := func(s string) string { return s[:strings.Index(s, "# Devices")] }
	if !strings.Contains(a.String(), "# Devices") || !strings.Contains(a.String(), "record   version 1") {
		t.Fatalf("version 1 report:\n%s", a.String())
	}
	if diff := cmp.Diff(head(b.String()), head(a.String())); diff != "" {
		t.Errorf("version 1 renders differently (-v2 +v1):\n%s", diff)
	}
}

// TestTextAndMarkdownEscapeControls: a table name is bytes of the dump, and an ESC or OSC
// in it must not reach the terminal that shows `dumpscope report` or `compare` (issue
// 22, item 14): text and Markdown escape control characters as termsafe does, so the
// name reads \x1b]0;pwn\x07 instead of retitling the terminal.
func TestTextAndMarkdownEscapeControls(t *testing.T) {
	const evil = "t\x1b]0;pwn\x07\u009b2J\r\nx"
	rec := readFixture(t, "sandbox-redo-4M.json.gz")
	if len(rec.Tables) == 0 {
		t.Fatal("fixture has no tables")
	}
	rec.Tables[0].Name = evil
	rec.Dump.Name = evil
	a := report.Analyze(rec, rec.Findings)
	c := report.Compare([]report.Side{{Label: evil, Files: []string{"a.json"}, Records: []*runrecord.Record{rec}, Analyses: []*report.Analysis{a}},
		side(t, "other", "sandbox-redo-1G.json.gz")})
	for name, render := range map[string]func(*bytes.Buffer) error{
		"Text":            func(b *bytes.Buffer) error { return report.Text(b, a) },
		"Markdown":        func(b *bytes.Buffer) error { return report.Markdown(b, a) },
		"CompareText":     func(b *bytes.Buffer) error { return report.CompareText(b, c) },
		"CompareMarkdown": func(b *bytes.Buffer) error { return report.CompareMarkdown(b, c) },
	} {
		var b bytes.Buffer
		if err := render(&b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out := b.String()
		if i := strings.IndexAny(out, "\x1b\x07\r\u009b"); i >= 0 {
			t.Errorf("%s: a raw control character at byte %d: %q", name, i, out[max(0, i-20):min(len(out), i+20)])
		}
		if !strings.Contains(out, `t\x1b]0;pwn\x07\u009b2J`) {
			t.Errorf("%s: the escaped name is missing", name)
		}
	}
}
