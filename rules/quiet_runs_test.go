package rules

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
	"github.com/dumpscope/dumpscope/runrecord"
)

// The quiet runs (rules/testdata/quiet-*.json.gz, README.md there): one 256 MiB generated
// dump into default MariaDB 10.11 sandboxes on this project's 2-core machine, nothing
// else running, serially and with --parallel 2 --load-data.
const (
	quietSerial   = "testdata/quiet-serial-256M.json.gz"
	quietLoadData = "testdata/quiet-ld-256M.json.gz"
)

// serverCPUPerRowSeconds is a record's server CPU (the sampled ticks' server_pct over
// their intervals) over the rows the importer counted by the last tick.
func serverCPUPerRowSeconds(t *testing.T, rec *runrecord.Record) float64 {
	t.Helper()
	cpu := 0.0
	for i := 1; i < len(rec.Samples); i++ {
		s := rec.Samples[i]
		if s.CPU == nil || s.CPU.ServerPct == nil {
			t.Fatalf("tick %d without the server's CPU", i)
		}
		cpu += *s.CPU.ServerPct / 100 * (s.T - rec.Samples[i-1].T)
	}
	last := rec.Samples[len(rec.Samples)-1].Import
	if last == nil || last.Rows == 0 {
		t.Fatal("no rows counted")
	}
	return cpu / float64(last.Rows)
}

// rowsPerSecond is the run's rows over its recorded time.
func rowsPerSecond(rec *runrecord.Record) float64 {
	return float64(rec.Dump.Rows) / rec.EndedAt.Sub(rec.StartedAt).Seconds()
}

// TestLoadDataServerCPURatio: the constant the estimate uses for what LOAD DATA saves
// the server a row is the measurement of the quiet runs (6.23 µs a row with --parallel 2
// --load-data against 6.94 µs serially with INSERTs).
func TestLoadDataServerCPURatio(t *testing.T) {
	serial := serverCPUPerRowSeconds(t, readRecord(t, quietSerial))
	ld := serverCPUPerRowSeconds(t, readRecord(t, quietLoadData))
	got := ld / serial
	t.Logf("server CPU a row: serial INSERT %.2f µs, --parallel 2 --load-data %.2f µs: %.3f", serial*1e6, ld*1e6, got)
	if math.Abs(got-loadDataServerCPURatio) > 0.01 {
		t.Errorf("the records give %.3f, loadDataServerCPURatio is %.2f", got, loadDataServerCPURatio)
	}
}

// TestFastPathEstimateOnQuietRuns: replayed, the serial quiet run's hint and its verdict
// print one estimate for --parallel 2 --load-data, and it is within 10 % of what the
// quiet --parallel 2 --load-data run of the same dump measured (rows a second).
func TestFastPathEstimateOnQuietRuns(t *testing.T) {
	rec := readRecord(t, quietSerial)
	measured := rowsPerSecond(readRecord(t, quietLoadData)) / rowsPerSecond(rec)
	eng := NewEngine()
	runrecord.ReplayInto(rec, eng)
	var hint *advisor.Finding
	for _, f := range eng.Findings() {
		if f.ID == "serial-replay-idle-cores" {
			hint = &f
		}
	}
	if hint == nil {
		t.Fatal("no serial-replay-idle-cores")
	}
	est, _ := evidenceFloat(*hint, "estimated_speedup")
	v := VerdictOf(eng)
	if v.Bottleneck == nil || v.Bottleneck.FindingID != hint.ID || v.Bottleneck.EstimatedSpeedup != est {
		t.Fatalf("the verdict does not carry the hint's estimate %.2f×: %s", est, v.Line())
	}
	t.Logf("estimate %.2f×, measured %.2f×", est, measured)
	if math.Abs(est/measured-1) > 0.10 {
		t.Errorf("estimate %.2f×, measured %.2f×: more than 10 %% apart", est, measured)
	}
	for _, s := range []string{hint.Title, hint.Recommendation, v.Line()} {
		if !strings.Contains(s, "2.0×") {
			t.Errorf("not the one estimate (2.0×): %s", s)
		}
	}
}

// TestServerCPUBoundBusyHost: when the host's CPUs are busy, server-cpu-bound says whose
// they are. A restore that holds them itself (a quiet host) is at this host's limit: no
// "other load" to look for, more connections would not help, and what is left is less
// work per row — only what the run did not use — with an estimate for --load-data and
// none for --defer-indexes. Other processes' share is the fix, worth that share. Under
// watch the restoring client may be one of them, and the advice says so.
func TestServerCPUBoundBusyHost(t *testing.T) {
	idleDisk := dev("nvme0n1", iostat.DeviceStats{WPerSec: 500, WAwaitMs: 0.1, UtilPct: 20})
	// Two cores, 97 % busy: the server 160 % of a core, dumpscope 30 % (0.04 left).
	quiet := iostat.CPUStats{UserPct: 85, SystemPct: 12, IdlePct: 3, ClientPct: 30, ServerPct: f64(160)}
	// The same with the server at 120 %, dumpscope 10 %: 0.64 of a core is someone else's.
	crowded := iostat.CPUStats{UserPct: 85, SystemPct: 12, IdlePct: 3, ClientPct: 10, ServerPct: f64(120)}
	importing := func(cmd ...string) *advisor.Env {
		e := maria(nil)
		e.ImportConnections, e.Host.Cores = 2, 2
		e.Command = append([]string{"dumpscope", "import", "--parallel", "2"}, cmd...)
		return e
	}
	watching := maria(nil)
	watching.Host.Cores = 2
	watching.Command = []string{"dumpscope", "watch"}
	for _, tc := range []struct {
		name      string
		env       *advisor.Env
		cpu       iostat.CPUStats
		title     string
		want, not []string
		fix       string
		// estimate is the verdict's, with the server's CPU 60 % of the time (0: none).
		estimate float64
	}{
		{name: "the restore holds the host", env: importing(), cpu: quiet,
			title: "The restore keeps the host's 2 cores busy (97%: the server 160% of a core, dumpscope 30%)",
			want:  []string{"runs at the host's CPU limit", "import --load-data", "import --defer-indexes"},
			not:   []string{"other load", "other processes"},
			fix:   "--load-data, --defer-indexes if the tables have secondary indexes (the restore holds all 2 cores)",
			// (1.6 + 0.3) / (1.6 × 0.9 + 0.3)
			estimate: 1.09},
		{name: "the restore holds the host, with --load-data and --defer-indexes", env: importing("--load-data", "--defer-indexes"), cpu: quiet,
			title: "The restore keeps the host's 2 cores busy",
			want:  []string{"already sends LOAD DATA and builds secondary indexes after the data", "more cores"},
			not:   []string{"other load", "import --defer-indexes", "import --load-data"},
			fix:   "more cores (the restore holds all 2)"},
		{name: "other processes hold a share", env: importing("--load-data"), cpu: crowded,
			title: "The server keeps the host's CPUs busy (97%)",
			want:  []string{"other processes than the server and dumpscope (dumpscope itself: 10% of a core) use 0.6 of the host's 2 cores", "import --defer-indexes"},
			not:   []string{"CPU limit", "import --load-data"},
			fix:   "free the host's CPU (other processes use 0.6 of 2 cores), --defer-indexes if the tables have secondary indexes",
			// 60 % of the time the server's, 0.64 of its 1.94 busy cores others'.
			estimate: 1.25},
		{name: "watch: the restoring client is not ours", env: watching, cpu: crowded,
			title:    "The server keeps the host's CPUs busy (97%)",
			want:     []string{"the restoring client among them, if it runs on this host", "if they are the restore's own, it runs at the host's CPU limit"},
			not:      []string{"The restore keeps", "import --load-data", "dumpscope ("},
			fix:      "free the host's CPU, if other processes than the restoring client hold it (0.6 of 2 cores besides the server), --defer-indexes if the tables have secondary indexes",
			estimate: 1.25},
	} {
		t.Run(tc.name, func(t *testing.T) {
			eng := advisor.NewEngine([]advisor.Rule{ServerCPUBound{}}, advisor.DefaultWindowSeconds)
			for _, s := range build(20, idleDisk, cpu(tc.cpu)) {
				eng.Observe(tc.env, s)
			}
			fs := eng.Findings()
			if len(fs) != 1 {
				t.Fatalf("findings: %v", fs)
			}
			f := fs[0]
			t.Logf("%s\n%s\nfix: %s", f.Title, f.Recommendation, shortFix(f))
			if !strings.HasPrefix(f.Title, tc.title) {
				t.Errorf("title: %s", f.Title)
			}
			for _, w := range tc.want {
				if !strings.Contains(f.Recommendation, w) {
					t.Errorf("advice lacks %q: %s", w, f.Recommendation)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(f.Recommendation, w) || strings.Contains(f.Title, w) {
					t.Errorf("says %q: %s / %s", w, f.Title, f.Recommendation)
				}
			}
			if got := shortFix(f); got != tc.fix {
				t.Errorf("fix:\n got %s\nwant %s", got, tc.fix)
			}
			v := BuildVerdict(fs, attribution(20, map[advisor.Cause]float64{advisor.CauseServerCPU: 12}))
			got := 0.0
			if v.Bottleneck != nil {
				got = v.Bottleneck.EstimatedSpeedup
			}
			if got != tc.estimate {
				t.Errorf("estimate %.2f×, want %.2f×: %s", got, tc.estimate, v.Line())
			}
			// The verdict reads what the advice was from the evidence, not the wording:
			// reworded, and read back from a record's JSON, the fix and estimate stay.
			reworded := rewordedRoundTrip(t, f)
			if got := shortFix(reworded); got != tc.fix {
				t.Errorf("reworded, fix:\n got %s\nwant %s", got, tc.fix)
			}
			rv := BuildVerdict([]advisor.Finding{reworded}, attribution(20, map[advisor.Cause]float64{advisor.CauseServerCPU: 12}))
			if rv.Line() != v.Line() {
				t.Errorf("reworded, the verdict changed:\n got %s\nwant %s", rv.Line(), v.Line())
			}
		})
	}
}

// rewordedRoundTrip is f with its title and recommendation replaced by words that name
// no flag and no form, its evidence written to JSON and read back as a record gives it.
func rewordedRoundTrip(t *testing.T, f advisor.Finding) advisor.Finding {
	t.Helper()
	b, err := json.Marshal(f.Evidence)
	if err != nil {
		t.Fatal(err)
	}
	var ev map[string]any
	if err := json.Unmarshal(b, &ev); err != nil {
		t.Fatal(err)
	}
	f.Evidence = ev
	f.Title = "Reworded title"
	f.Recommendation = "Reworded advice."
	return f
}

// The quiet bench of stop 48 (/work/notes/s48/bench-final-{default,tuned}.log): the
// generated 200 MiB dump (1,249,047 rows), dumpscope --parallel 2, medians of the default
// server's 8 runs and the tuned server's 4 (512 MiB of redo, a 1 GiB buffer pool).
const (
	benchGen200Rows            = 1249047
	benchDefaultServerCPU      = 13.15 // seconds
	benchTunedServerCPU        = 10.85
	benchDefaultWall           = 7.9 // seconds
	benchTunedWall             = 6.65
	quietParallel              = "testdata/quiet-par-256M.json.gz"
	benchFlushPagesTolerance   = 0.10
	redoEstimateToleranceRatio = 0.10
)

// statusDelta is how much a status counter grew from a record's first tick to its last.
func statusDelta(t *testing.T, rec *runrecord.Record, name string) float64 {
	t.Helper()
	first, ok1 := rec.Samples[0].Status[name]
	last, ok2 := rec.Samples[len(rec.Samples)-1].Status[name]
	if !ok1 || !ok2 {
		t.Fatalf("no %s in the record", name)
	}
	return last - first
}

// TestFlushServerCPUPerPage: the server CPU a flushed page costs is what the quiet bench
// measured: the default server's CPU over the tuned one's (which writes no page during
// the import), over the pages the default server writes for that dump (the quiet
// --parallel 2 record's, scaled by rows to the bench's dump).
func TestFlushServerCPUPerPage(t *testing.T) {
	rec := readRecord(t, quietParallel)
	pages := statusDelta(t, rec, "Innodb_buffer_pool_pages_flushed") * benchGen200Rows / float64(rec.Dump.Rows)
	got := (benchDefaultServerCPU - benchTunedServerCPU) / pages
	t.Logf("%.0f pages, %.0f µs a page", pages, got*1e6)
	if math.Abs(got/flushServerCPUSecondsPerPage-1) > benchFlushPagesTolerance {
		t.Errorf("the bench gives %.0f µs a page, flushServerCPUSecondsPerPage is %.0f µs", got*1e6, flushServerCPUSecondsPerPage*1e6)
	}
}

// TestRedoEstimateOnQuietParallel: the quiet --parallel 2 run waited for the checkpoint
// 57 % of its time while the host's 2 cores were 96 % busy. The verdict's estimate for a
// larger redo log is bounded by the CPU the restore still needs (redoTimeFloor), not by
// the wait alone (2.3×), and is within 10 % of what the quiet bench measured with a larger
// log and pool on the same machine (1.19×, the pool's part included).
func TestRedoEstimateOnQuietParallel(t *testing.T) {
	rec := readRecord(t, quietParallel)
	eng := NewEngine()
	runrecord.ReplayInto(rec, eng)
	v := VerdictOf(eng)
	if v.Bottleneck == nil || v.Bottleneck.FindingID != "redo-log-too-small" {
		t.Fatalf("not the redo log: %s", v.Line())
	}
	est := v.Bottleneck.EstimatedSpeedup
	waitOnly := 1 / (1 - v.Bottleneck.TimeSharePct/100)
	measured := benchDefaultWall / benchTunedWall
	t.Logf("estimate %.2f×, the wait alone %.2f×, measured (log and pool) %.2f×: %s", est, waitOnly, measured, v.Line())
	if est >= waitOnly-0.1 {
		t.Errorf("estimate %.2f× is the wait's (%.2f×): the host's CPU does not bound it", est, waitOnly)
	}
	if math.Abs(est/measured-1) > redoEstimateToleranceRatio {
		t.Errorf("estimate %.2f×, measured %.2f×: more than 10 %% apart", est, measured)
	}
}

// indexFacts sets the importer's index facts on every tick.
func indexFacts(x advisor.IndexFacts) setter {
	return func(i int, s *advisor.Snapshot, _ map[string]float64) {
		if s.Import == nil {
			s.Import = &advisor.ImportProgress{}
		}
		xx := x
		s.Import.Indexes = &xx
	}
}

// TestServerCPUBoundIndexFacts: with the importer's facts on the CREATE TABLEs read
// (advisor.IndexFacts), server-cpu-bound's --defer-indexes advice says what the flag would
// build and on how much of the data, or is left out when the tables have no secondary
// index (the flag would do nothing); without them (watch, an old record) it says "if the
// tables have any", as before.
func TestServerCPUBoundIndexFacts(t *testing.T) {
	idleDisk := dev("nvme0n1", iostat.DeviceStats{WPerSec: 500, WAwaitMs: 0.1, UtilPct: 20})
	atLimit := cpu(iostat.CPUStats{UserPct: 85, SystemPct: 12, IdlePct: 3, ClientPct: 30, ServerPct: f64(160)})
	oneThread := cpu(iostat.CPUStats{UserPct: 45, SystemPct: 5, IdlePct: 50, ClientPct: 10, ServerPct: f64(95)})
	importing := func(conns int, cmd ...string) *advisor.Env {
		e := maria(nil)
		e.ImportConnections, e.Host.Cores = conns, 2
		e.Command = append([]string{"dumpscope", "import"}, cmd...)
		return e
	}
	none := advisor.IndexFacts{Tables: 11, RowBytes: 200 << 20}
	seven := advisor.IndexFacts{Tables: 11, IndexedTables: 5, SecondaryIndexes: 7, RowBytes: 200 << 20, IndexedRowBytes: 124 << 20}
	for _, tc := range []struct {
		name      string
		env       *advisor.Env
		set       []setter
		want, not []string
		fix       string
	}{
		{name: "at the limit, no secondary indexes", env: importing(2, "--parallel", "2"), set: []setter{atLimit, indexFacts(none)},
			want: []string{"import --load-data"}, not: []string{"--defer-indexes"},
			fix: "--load-data (the restore holds all 2 cores)"},
		{name: "at the limit, seven secondary indexes", env: importing(2, "--parallel", "2"), set: []setter{atLimit, indexFacts(seven)},
			want: []string{"dumpscope import --defer-indexes builds the 7 secondary indexes of 5 of the 11 tables once after the data instead of row by row (those tables take 62 % of the row data so far)"},
			not:  []string{"if the tables have any"},
			fix:  "--load-data, --defer-indexes for 7 secondary indexes, tables with 62 % of the row data (the restore holds all 2 cores)"},
		{name: "at the limit with --load-data, no secondary indexes", env: importing(2, "--parallel", "2", "--load-data"), set: []setter{atLimit, indexFacts(none)},
			want: []string{"This run already sends LOAD DATA and has no secondary indexes to build after the data in its 11 tables: what is left is a host with more cores"},
			not:  []string{"import --defer-indexes", "import --load-data"},
			fix:  "more cores (the restore holds all 2)"},
		{name: "at the limit, facts not known", env: importing(2, "--parallel", "2"), set: []setter{atLimit},
			want: []string{"if the tables have any"},
			fix:  "--load-data, --defer-indexes if the tables have secondary indexes (the restore holds all 2 cores)"},
		{name: "one server thread, no secondary indexes", env: importing(1), set: []setter{oneThread, indexFacts(none)},
			want: []string{"replay in parallel"}, not: []string{"--defer-indexes", "Secondary indexes"},
			fix: "replay in parallel (--parallel N)"},
		{name: "one server thread, seven secondary indexes", env: importing(1), set: []setter{oneThread, indexFacts(seven)},
			want: []string{"Secondary indexes and triggers cost server CPU per row; dumpscope import --defer-indexes builds the 7 secondary indexes"},
			fix:  "replay in parallel (--parallel N), --defer-indexes for 7 secondary indexes, tables with 62 % of the row data"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			eng := advisor.NewEngine([]advisor.Rule{ServerCPUBound{}}, advisor.DefaultWindowSeconds)
			for _, s := range build(20, append([]setter{idleDisk}, tc.set...)...) {
				eng.Observe(tc.env, s)
			}
			fs := eng.Findings()
			if len(fs) != 1 {
				t.Fatalf("findings: %v", fs)
			}
			f := fs[0]
			t.Logf("%s\n%s\nfix: %s\nevidence: %s", f.Title, f.Recommendation, shortFix(f), advisor.FormatEvidence(f.Evidence))
			for _, w := range tc.want {
				if !strings.Contains(f.Recommendation, w) {
					t.Errorf("advice lacks %q: %s", w, f.Recommendation)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(f.Recommendation, w) {
					t.Errorf("says %q: %s", w, f.Recommendation)
				}
			}
			if tc.fix != "" {
				if got := shortFix(f); got != tc.fix {
					t.Errorf("fix:\n got %s\nwant %s", got, tc.fix)
				}
				if got := shortFix(rewordedRoundTrip(t, f)); got != tc.fix {
					t.Errorf("fix read back from a record:\n got %s\nwant %s", got, tc.fix)
				}
			}
		})
	}
}
