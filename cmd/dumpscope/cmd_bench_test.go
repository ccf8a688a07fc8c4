package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/report"
)

func TestParseVariant(t *testing.T) {
	v, err := parseVariant("redo-1G:innodb_log_file_size=1G, innodb_flush_log_at_trx_commit=2")
	if err != nil || v.name != "redo-1G" || !cmp.Equal(v.settings, []string{"innodb_log_file_size=1G", "innodb_flush_log_at_trx_commit=2"}) {
		t.Errorf("parseVariant = %+v, %v", v, err)
	}
	if v, err := parseVariant("defaults"); err != nil || v.settings != nil {
		t.Errorf("parseVariant(defaults) = %+v, %v", v, err)
	}
	for _, bad := range []string{"", ":a=1", "x:novalue", "a/b:x=1"} {
		if _, err := parseVariant(bad); err == nil {
			t.Errorf("parseVariant(%q): want an error", bad)
		}
	}
}

func TestBenchOrder(t *testing.T) {
	got := benchOrder(2, 3)
	want := [][2]int{{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 2}, {1, 2}} // A B B A A B
	if !cmp.Equal(got, want) {
		t.Errorf("benchOrder(2, 3) = %v, want %v", got, want)
	}
}

// TestBenchRedo: seed 002's before/after in one command, in miniature. A 4 MB redo log
// against a 256 MB one on the same dump: every run is recorded, the comparison shows the
// variable that differs, and redo-log-too-small fires on the small log and is cleared on
// the large one.
func TestBenchRedo(t *testing.T) {
	o := gen.DefaultOptions()
	o.SizeBytes = 96 << 20
	dump := writeGenDump(t, o)
	dir := t.TempDir()
	var out, errb bytes.Buffer
	code := run([]string{"bench", dump, "--variant", "redo-4M:innodb_log_file_size=4M", "--variant", "redo-256M:innodb_log_file_size=256M",
		"--sandbox-dir", shortDir(t), "--out-dir", dir, "--interval", "250ms", "-o", filepath.Join(dir, "compare.html")},
		stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	if code != exitOK {
		t.Fatalf("bench: exit %d\n%s", code, errb.String())
	}
	for _, want := range []string{"innodb_log_file_size  4M       256M", "redo-log-too-small", "cleared"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("bench output lacks %q:\n%s", want, out.String())
		}
	}
	if !strings.Contains(errb.String(), "[redo-4M #1] ") {
		t.Errorf("the runs' progress is not prefixed with their variant:\n%s", errb.String())
	}
	for _, f := range []string{"redo-4M-1.json", "redo-256M-1.json"} {
		if _, err := report.ReadFile(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	if code := run([]string{"bench", dump, "--variant", "a"}, stdio{Out: &out, Err: &errb}); code != exitUsage {
		t.Errorf("one variant: exit %d, want %d", code, exitUsage)
	}
}

func TestOverlaySettings(t *testing.T) {
	got := overlaySettings([]string{"innodb_log_file_size=4M", "innodb_io_capacity=100"}, []string{"innodb_log_file_size=1G"})
	want := []string{"innodb_io_capacity=100", "innodb_log_file_size=1G"}
	if !cmp.Equal(got, want) {
		t.Errorf("overlaySettings = %q, want %q", got, want)
	}
}

// TestBenchAuto: advice verified by experiment. The baseline has a 4 MB redo log; its
// run's redo finding becomes a variant with the recommended size (the baseline's other
// settings kept), which is run and compared: the finding is cleared there and the
// verdict line gives the measured effect.
func TestBenchAuto(t *testing.T) {
	o := gen.DefaultOptions()
	o.SizeBytes = 96 << 20
	dump := writeGenDump(t, o)
	dir := t.TempDir()
	var out, errb bytes.Buffer
	code := run([]string{"bench", "--auto", "--variant", "small-redo:innodb_log_file_size=4M", dump,
		"--sandbox-dir", shortDir(t), "--out-dir", dir, "--interval", "250ms"},
		stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	if code != exitOK {
		t.Fatalf("bench --auto: exit %d\n%s", code, errb.String())
	}
	if !strings.Contains(errb.String(), "advice to verify: redo-log-too-small (innodb_log_file_size=") {
		t.Fatalf("no redo advice turned into a variant:\n%s", errb.String())
	}
	var verdict string
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(l, "redo-log-too-small (") {
			verdict = l
		}
	}
	if !strings.Contains(verdict, "×") {
		t.Errorf("no measured effect for the redo advice:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "critical redo-log-too-small  fired") || !strings.Contains(out.String(), "cleared") {
		t.Errorf("the redo finding is not cleared by its own advice:\n%s", out.String())
	}
	t.Log(verdict)
}
