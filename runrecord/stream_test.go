package runrecord

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
)

// busySample is a tick of a busy import: two devices, CPU, InnoDB, and the status
// counters the sampler reads by default, most of them moving.
func busySample(i int) advisor.Snapshot {
	t := float64(i)
	f := 100 + float64(i%7)
	dev := iostat.DeviceStats{RPerSec: 0.33, WPerSec: 1431.6 + float64(i%13)/3, WkBPerSec: 31421.85 + float64(i%17)*1.234567,
		WrqmPerSec: 290.07, WrqmPct: 16.851234, WAwaitMs: 0.4012345, WareqSzkB: 21.95, AquSz: 0.26, UtilPct: 71.4 + float64(i%5)/7,
		FPerSec: &f, FAwaitMs: &f}
	status := map[string]float64{}
	for k, name := range advisor.SampledStatus() {
		switch {
		case k%3 == 0: // a third of the counters move every tick
			status[name] = float64(i * (k + 1) * 1000)
		default:
			status[name] = float64(k)
		}
	}
	sp := 37.123456
	return advisor.Snapshot{T: t,
		Import:  &advisor.ImportProgress{Bytes: int64(i) * 1 << 20, Statements: int64(i) * 10, Rows: int64(i) * 10000, Table: fmt.Sprintf("db.t%d", i/600)},
		Devices: map[string]iostat.DeviceStats{"nvme0n1": dev, "nvme1n1": dev},
		CPU:     &iostat.CPUStats{UserPct: 0.8123, SystemPct: 0.27, IowaitPct: 4.74, IdlePct: 94.19, ClientPct: 12.345678, ServerPct: &sp},
		InnoDB:  &advisor.InnoDB{LSN: int64(i) << 22, CheckpointLSN: int64(i+100)<<22 - 100<<20, CheckpointAgeBytes: 100 << 20, MaxCheckpointAgeBytes: 217 << 20, DirtyPagesPct: 12.3456},
		Status:  status,
	}
}

// TestRecorderBoundedView: the in-memory view never exceeds MaxSamples, keeps the last
// cumulative values exactly and averages rates over what it merged.
func TestRecorderBoundedView(t *testing.T) {
	rec := New("test", time.Unix(0, 0), nil, 1)
	r := NewRecorder(rec)
	r.MaxSamples = 8
	for i := 1; i <= 100; i++ {
		s := busySample(i)
		d := s.Devices["nvme0n1"]
		d.WPerSec = float64(i % 2 * 2) // 0, 2, 0, 2 …: every merged pair averages 1
		s.Devices = map[string]iostat.DeviceStats{"nvme0n1": d}
		r.Tick(advisor.Tick{Snapshot: s})
		if n := len(rec.Samples); n > 8 {
			t.Fatalf("after %d ticks the view holds %d samples, want ≤ 8", i, n)
		}
	}
	got := r.Finish(time.Unix(100, 0), nil, Outcome{Status: OutcomeOK})
	last := got.Samples[len(got.Samples)-1]
	if last.T != 100 || last.Import.Rows != 100*10000 {
		t.Errorf("last sample t=%v rows=%d, want the 100th tick's", last.T, last.Import.Rows)
	}
	for _, s := range got.Samples[:len(got.Samples)-1] {
		if w := s.Devices["nvme0n1"].WPerSec; w != 1 {
			t.Errorf("sample at t=%v: w/s %v, want the merged average 1", s.T, w)
		}
	}
	if r.Ticks() != 100 {
		t.Errorf("Ticks() = %d", r.Ticks())
	}
	if len(got.Tables) != 1 || got.Tables[0].Name != "db.t0" || got.Tables[0].Seconds != 100 {
		t.Errorf("tables = %+v, want db.t0 for 100 s", got.Tables)
	}
}

// TestSaverAppends: each periodic save appends to the file (what was there stays, byte
// for byte), the finished file holds every tick at full resolution, and a file cut
// mid-line (a crash) reads as an interrupted run with every whole sample.
func TestSaverAppends(t *testing.T) {
	for _, name := range []string{"run.json", "run.json.gz"} {
		t.Run(name, func(t *testing.T) { testSaverAppends(t, name) })
	}
}

func testSaverAppends(t *testing.T, name string) {
	path := filepath.Join(t.TempDir(), name)
	start := time.Date(2026, 12, 3, 10, 0, 0, 0, time.UTC)
	rec := New("test", start, []string{"dumpscope", "watch"}, 1)
	rec.Server = Server{Flavor: "mariadb", Version: "10.11.6", Variables: map[string]any{"innodb_log_file_size": 4194304}}
	r := NewRecorder(rec)
	r.MaxSamples = 16 // smaller than the run: the file must still get every tick
	saver := &PeriodicSaver{Path: path, Every: 10, Recorder: r, Now: func() time.Time { return start.Add(time.Minute) }}
	var prev []byte
	var want []advisor.Snapshot
	for i := 1; i <= 35; i++ {
		s := busySample(i)
		if i == 20 {
			s.Status = nil // a tick whose status query failed
		}
		want = append(want, RoundSnapshot(s))
		tick := advisor.Tick{Snapshot: s}
		if i == 12 {
			tick.Changes = []advisor.VariableChange{{T: 12, Name: "innodb_io_capacity", Value: float64(2000)}}
		}
		r.Tick(tick)
		saver.Tick(tick)
		if saver.Err != nil {
			t.Fatal(saver.Err)
		}
		if i%10 == 0 {
			cur, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(cur, prev) || len(cur) <= len(prev) {
				t.Fatalf("save at tick %d rewrote the file instead of appending", i)
			}
			if err := Validate(cur); err != nil {
				t.Fatalf("save at tick %d: %v", i, err)
			}
			prev = cur
		}
	}
	// What a crash after the third save leaves (for .gz: no gzip trailer) reads as an
	// interrupted run with the 30 saved samples.
	saved, err := Read(bytes.NewReader(prev))
	if err != nil {
		t.Fatalf("the file as of the last save: %v", err)
	}
	if len(saved.Samples) != 30 || saved.Outcome.Status != OutcomeInterrupted {
		t.Errorf("the file as of the last save: %d samples, outcome %q; want 30, interrupted", len(saved.Samples), saved.Outcome.Status)
	}
	final := r.Finish(start.Add(35*time.Second), nil, Outcome{Status: OutcomeOK, Warnings: 3})
	if err := WriteFile(path, final); err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(doc, prev) {
		t.Fatal("the final write rewrote the file")
	}
	if err := Validate(doc); err != nil {
		t.Fatal(err)
	}
	back, err := Read(bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, back.Samples); diff != "" {
		t.Errorf("samples read back (-want +got):\n%s", diff)
	}
	if back.Outcome.Status != OutcomeOK || back.Outcome.Warnings != 3 || len(back.Server.VariableChanges) != 1 {
		t.Errorf("outcome %+v, changes %+v", back.Outcome, back.Server.VariableChanges)
	}

	if strings.HasSuffix(name, ".gz") {
		return
	}
	// A crash in the middle of the 30th tick's line.
	cut := bytes.Index(doc, []byte(`{"sample":{"t":30,`)) + 20
	crashed, err := Read(bytes.NewReader(doc[:cut]))
	if err != nil {
		t.Fatal(err)
	}
	if len(crashed.Samples) != 29 || crashed.Outcome.Status != OutcomeInterrupted {
		t.Errorf("crashed record: %d samples, outcome %q; want 29, interrupted", len(crashed.Samples), crashed.Outcome.Status)
	}
}

// TestRecordSizePerHour measures a version 2 record of an hour of busy 1 s ticks against
// version 1 (the number docs/runrecord.md quotes), and bounds it.
func TestRecordSizePerHour(t *testing.T) {
	rec := New("test", time.Unix(0, 0), nil, 1)
	rec.Server = Server{Flavor: "mariadb", Version: "10.11.6"}
	for i := 1; i <= 3600; i++ {
		rec.Samples = append(rec.Samples, busySample(i))
	}
	var v2, v1 bytes.Buffer
	if err := Write(&v2, rec); err != nil {
		t.Fatal(err)
	}
	old := *rec
	old.Version = VersionOne
	if err := Write(&v1, &old); err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(v2.Bytes())
	zw.Close()
	t.Logf("one hour at 1 s: version 2 %.2f MB (%d B/sample), gzipped %.2f MB; version 1 %.2f MB", float64(v2.Len())/1e6, v2.Len()/3600, float64(gz.Len())/1e6, float64(v1.Len())/1e6)
	if v2.Len() > 3600*1500 {
		t.Errorf("version 2 takes %d B per sample, want ≤ 1500", v2.Len()/3600)
	}
}

// TestValidateLines: a version 2 line is checked against $defs/line, and the error names
// the line.
func TestValidateLines(t *testing.T) {
	head := `{"format":"dumpscope-run","version":2,"started_at":"2026-12-02T13:05:26Z","server":{"flavor":"mysql","version":"8.4.0"}}` + "\n"
	tests := []struct{ name, lines, wantInErr string }{
		{"ok", `{"sample":{"t":1,"devices":{"sda":{"w_s":1}}}}` + "\n" + `{"state":{"ended_at":"2026-12-02T13:06:00Z","findings":[],"outcome":{"status":"ok"}}}`, ""},
		{"two kinds", `{"sample":{"t":1},"state":{"ended_at":"2026-12-02T13:06:00Z","findings":[],"outcome":{"status":"ok"}}}`, "line 2"},
		{"unknown kind", `{"samples":{"t":1}}`, "line 2"},
		{"string rate", `{"sample":{"t":1}}` + "\n" + `{"sample":{"t":2,"devices":{"sda":{"w_s":"1"}}}}`, "line 3: /sample/devices/sda/w_s"},
		{"t backwards", `{"sample":{"t":2}}` + "\n" + `{"sample":{"t":1}}`, "samples[1].t"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Validate([]byte(head + tt.lines + "\n"))
			switch {
			case tt.wantInErr == "" && err != nil:
				t.Errorf("Validate = %v", err)
			case tt.wantInErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantInErr)):
				t.Errorf("Validate = %v, want an error naming %q", err, tt.wantInErr)
			}
		})
	}
}
