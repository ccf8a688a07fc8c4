package report

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/runrecord"
)

// TestAlreadySetIsNotRecommended: the advisors' classic failure is to recommend the value
// a server already has. A finding whose every setting is already in place is reported as
// such, recommends nothing, and does not make the verdict.
func TestAlreadySetIsNotRecommended(t *testing.T) {
	rec := runrecord.New("test", time.Unix(0, 0), nil, 1)
	rec.EndedAt = rec.StartedAt.Add(time.Minute)
	rec.Server = runrecord.Server{Flavor: "mariadb", Version: "10.11.6", Variables: map[string]any{
		"innodb_log_file_size": float64(1 << 30), "innodb_flush_log_at_trx_commit": float64(1), "innodb_doublewrite": "ON"}}
	findings := []advisor.Finding{
		{ID: "redo-log-too-small", Severity: advisor.SeverityCritical, Title: "t",
			Recommendation: "my.cnf [mysqld]: innodb_log_file_size = 1G; live: SET GLOBAL innodb_log_file_size = 1073741824;"},
		{ID: "doublewrite-during-import", Severity: advisor.SeverityWarn, Title: "t",
			Recommendation: "my.cnf [mysqld]: innodb_doublewrite = 1 (note); innodb_flush_log_at_trx_commit = 2; live: …"},
	}
	a := Analyze(rec, findings)
	if !a.Findings[0].AlreadySet || a.Findings[1].AlreadySet {
		t.Fatalf("already set: %v, %v; want true, false", a.Findings[0].AlreadySet, a.Findings[1].AlreadySet)
	}
	if a.Verdict.Severity != "warn" || strings.Contains(a.Verdict.Text, "redo-log-too-small") {
		t.Errorf("verdict %+v: the already-set finding must not count", a.Verdict)
	}
	var b bytes.Buffer
	if err := Text(&b, a); err != nil {
		t.Fatal(err)
	}
	txt := b.String()
	for _, want := range []string{"innodb_log_file_size is already 1G: nothing to change", "innodb_doublewrite is already ON: nothing to change", "innodb_flush_log_at_trx_commit: 1 → 2"} {
		if !strings.Contains(txt, want) {
			t.Errorf("report lacks %q:\n%s", want, txt)
		}
	}
	if strings.Contains(txt, "SET GLOBAL innodb_log_file_size") {
		t.Errorf("the report still recommends the value already set:\n%s", txt)
	}
}

func TestSameSetting(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"1073741824", "1G", true}, {"134217728", "128M", true}, {"ON", "1", true}, {"OFF", "0", true},
		{"O_DIRECT", "o_direct", true}, {"134217728", "1G", false}, {"2", "1", false}, {"ON", "2", false},
	} {
		if got := sameSetting(tt.a, tt.b); got != tt.want {
			t.Errorf("sameSetting(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
}

// TestRepeatedFindingIsOneBlock: a finding that fired again after clearing is listed
// once, with every interval, and named once in the verdict.
func TestRepeatedFindingIsOneBlock(t *testing.T) {
	rec := runrecord.New("test", time.Unix(0, 0), nil, 1)
	rec.EndedAt = rec.StartedAt.Add(2 * time.Minute)
	rec.Server = runrecord.Server{Flavor: "mariadb", Version: "10.11.6"}
	c1, c2 := 17.0, 50.0
	f := advisor.Finding{ID: "disk-filling", Severity: advisor.SeverityCritical, Title: "full soon",
		Evidence: map[string]any{"seconds_to_full": 3074.0, "min_fill_bytes_per_s": 65536.0}}
	a, b := f, f
	a.FiredAt, a.ClearedAt = 6, &c1
	b.FiredAt, b.ClearedAt = 46, &c2
	var out bytes.Buffer
	if err := Text(&out, Analyze(rec, []advisor.Finding{a, b})); err != nil {
		t.Fatal(err)
	}
	txt := out.String()
	for _, want := range []string{"CRITICAL: disk-filling (fired 2 times)", "+0:06 to +0:17, +0:46 to +0:50 (2 times, 15 s in all)"} {
		if !strings.Contains(txt, want) {
			t.Errorf("report lacks %q:\n%s", want, txt)
		}
	}
	if n := strings.Count(txt, "CRITICAL disk-filling:"); n != 1 {
		t.Errorf("the finding is listed %d times, want once", n)
	}
}

// TestPhasesFromTicks: the phases the importer reported in its ticks make the report's
// phases; a record without them (written before phases were reported) falls back to the
// rows-based split.
func TestPhasesFromTicks(t *testing.T) {
	start := time.Date(2026, 12, 3, 10, 0, 0, 0, time.UTC)
	rec := runrecord.New("test", start, nil, 1)
	rec.EndedAt = start.Add(10 * time.Second)
	for i, c := range []struct {
		phase string
		rows  int64
	}{{"loading", 0}, {"loading", 5}, {"", 9}, {"loading", 10}, {"indexes", 10}, {"indexes", 10}, {"verifying rows", 10}} {
		rec.Samples = append(rec.Samples, advisor.Snapshot{T: float64(i + 1), Import: &advisor.ImportProgress{Rows: c.rows, Phase: c.phase}})
	}
	a := Analyze(rec, nil)
	want := []runrecord.PhaseTime{{Name: "loading", StartT: 0, EndT: 5}, {Name: "indexes", StartT: 5, EndT: 7}, {Name: "verifying rows", StartT: 7, EndT: 10}}
	if !a.PhasesFromTicks || len(a.Phases) != len(want) {
		t.Fatalf("phases %+v (from ticks %v), want %+v", a.Phases, a.PhasesFromTicks, want)
	}
	for i := range want {
		if a.Phases[i].Name != want[i].Name || a.Phases[i].StartT != want[i].StartT || a.Phases[i].EndT != want[i].EndT {
			t.Errorf("phase %d: %+v, want %+v", i, a.Phases[i], want[i])
		}
	}
	// The note under them says how they were timed, not that the record lacks them.
	var text strings.Builder
	if err := Text(&text, a); err != nil || strings.Contains(text.String(), "the record has none") || !strings.Contains(text.String(), "Phase times are at tick resolution") {
		t.Errorf("reported phases: the note reads as if the record had none (%v):\n%s", err, text.String())
	}
	for i := range rec.Samples {
		rec.Samples[i].Import.Phase = ""
	}
	if a := Analyze(rec, nil); len(a.Phases) != 3 || a.Phases[1].Name != "table data" {
		t.Errorf("without reported phases: %+v, want the rows-based split", a.Phases)
	}
}
