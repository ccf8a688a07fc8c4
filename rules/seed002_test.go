package rules

import (
	"math"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
	"github.com/dumpscope/dumpscope/runrecord"
	"github.com/google/go-cmp/cmp"
)

// Seed 002 (../shared/seeds/002_ecb9283a3d78ec01.txt): `zcat test.sql.gz | mysql` of
// about 15 M rows into Percona Server 8.0.22 on CentOS 8.3 (kernel 4.18: no flush
// columns), datadir on an md RAID1 of two Samsung MZVLB1T0HBLR (PM981, a client drive).
// With 2 × 128 MB redo it took 23:19; iostat showed, per member, 1431.6 w/s, 31421.85
// wkB/s, 290.07 wrqm/s (16.85 %), wareq-sz 21.95 kB, and
//
//	nvme0n1 w_await 0.40 ms, aqu-sz 0.26, %util 71.40
//	nvme1n1 w_await 1.00 ms, aqu-sz 1.15, %util 99.68
//
// with CPU 0.80 user, 0.27 system, 4.74 iowait, 94.19 idle. With 2 × 5 GB redo the same
// dump took 6:33. The generator below turns those numbers into 60 one-second samples of
// a run record. What the seed does not say is an assumption, stated here and in
// testdata/README.md:
//
//   - dump: 2.2 GB uncompressed (≈147 bytes/row), mysqldump extended INSERTs of ≈1 MB
//     (net_buffer_length), so ≈1.5 statements and commits per second at 23:19;
//   - redo: ≈2.5 GB for the whole import (1.8 MB/s over 23:19, 6.4 MB/s over 6:33);
//   - checkpoint age pinned between 88 % and 95 % of the maximum with 2 × 128 MB,
//     about 12 % with 2 × 5 GB (the seed's diagnosis, and what a 10 GB log allows);
//   - fsyncs: MySQL 8.0's log flusher fsyncs after each redo write (the behaviour behind
//     Bug 93734, which the seed cites): 520 redo fsyncs/s and 560 in total at 1 ms each;
//     with the big redo, page flushing almost stops and redo fsyncs dominate (700/s);
//   - page flushing ≈890 pages/s (1431.6 w/s minus redo writes), each page also through
//     the doublewrite buffer; with 2 × 5 GB ≈150 pages/s;
//   - buffer pool 16 GiB on the 64 GB host, binary log on with sync_binlog=1 (the
//     8.0 defaults), innodb_flush_method=fsync (the Linux default before 8.4),
//     innodb_flush_neighbors=0 (the 8.0 default);
//   - the 2 × 5 GB device numbers are the 128 MB ones with the page-flush writes taken
//     out (the seed has no iostat for that run); nvme1n1 stays the slow member.
type seedScenario struct {
	name          string
	logFileBytes  int64
	rowsPerSec    float64
	redoPerSec    float64
	agePct        func(i int) float64 // checkpoint age, % of max
	dirtyPct      func(i int) float64
	logFsyncs     float64
	dataFsyncs    float64
	pagesFlushed  float64
	wPerSec       float64
	wkBPerSec     float64
	util1, await1 float64 // nvme1n1
	util0, await0 float64 // nvme0n1
	durationSec   float64
}

// jitter is a deterministic ±amp wobble so per-tick values vary like real samples while
// their means stay the seed's numbers.
func jitter(i int, phase, amp float64) float64 {
	return 1 + amp*math.Sin(1.7*float64(i)+phase)
}

func seed002Record(sc seedScenario) *runrecord.Record {
	const (
		t0        = 600.0 // a minute of steady state, ten minutes into the import
		n         = 60
		bytesRow  = 147.0
		stmtBytes = 1 << 20
	)
	flavor, v, _ := advisor.DetectFlavor("8.0.22-13", "Percona Server (GPL), Release 13, Revision 6f7822f")
	capacity := 2 * sc.logFileBytes
	maxAge := advisor.MaxCheckpointAgeBytes(flavor, v, capacity, 2, 16384, 0)
	start := time.Date(2021, 3, 25, 18, 45, 14, 0, time.UTC)
	rec := runrecord.New("0.1.0", start, []string{"dumpscope", "import", "-u", "root", "test", "test.sql.gz"}, 1)
	rec.EndedAt = start.Add(time.Duration(sc.durationSec) * time.Second)
	rec.Dump = &advisor.DumpInfo{Name: "test.sql.gz", Bytes: 2_200_000_000, Rows: 15_000_000,
		Statements: 2_200_000_000 / stmtBytes, LargestStatementBytes: stmtBytes}
	rec.Host = &advisor.HostInfo{CPUModel: "AMD Ryzen 7 3700X 8-Core Processor", Cores: 16,
		MemoryBytes: 64 << 30, Kernel: "4.18.0-240.el8.x86_64"}
	rec.Server = runrecord.Server{Flavor: flavor, Version: "8.0.22-13", Variables: map[string]any{
		"innodb_log_file_size":           sc.logFileBytes,
		"innodb_log_files_in_group":      2,
		"innodb_flush_log_at_trx_commit": 1,
		"log_bin":                        "ON",
		"sync_binlog":                    1,
		"innodb_doublewrite":             "ON",
		"innodb_flush_method":            "fsync",
		"innodb_flush_neighbors":         0,
		"innodb_io_capacity":             200,
		"innodb_io_capacity_max":         2000,
		"innodb_buffer_pool_size":        int64(16 << 30),
		"innodb_log_buffer_size":         16 << 20,
		"innodb_page_size":               16384,
		"max_allowed_packet":             64 << 20,
		"version":                        "8.0.22-13",
		"version_comment":                "Percona Server (GPL), Release 13, Revision 6f7822f",
	}}
	no, model := false, "SAMSUNG MZVLB1T0HBLR-000L7"
	rec.Devices = []iostat.Device{
		{Name: "md127", MajMin: "9:127", Role: []string{"datadir"}, Kind: "md", Transport: "md", Members: []string{"nvme0n1", "nvme1n1"}, Rotational: &no},
		{Name: "nvme0n1", MajMin: "259:0", Role: []string{"member"}, Kind: "disk", Transport: "nvme", Model: model, Rotational: &no, WriteCache: "write back", LogicalBlockBytes: 512, PhysicalBlockBytes: 512},
		{Name: "nvme1n1", MajMin: "259:1", Role: []string{"member"}, Kind: "disk", Transport: "nvme", Model: model, Rotational: &no, WriteCache: "write back", LogicalBlockBytes: 512, PhysicalBlockBytes: 512},
	}
	commitsPerSec := sc.rowsPerSec * bytesRow / stmtBytes
	for i := 0; i < n; i++ {
		t := t0 + float64(i)
		// Cumulative counters: a base from the time before the window plus the rate.
		cum := func(rate float64) float64 { return math.Round(rate * t) }
		lsn := int64(8_000_000_000 + sc.redoPerSec*t)
		age := int64(sc.agePct(i) / 100 * float64(maxAge))
		dirty := sc.dirtyPct(i)
		pagesTotal := float64(16<<30) / 16384
		member := func(util, await, aqu float64) iostat.DeviceStats {
			j := jitter(i, util, 0.02)
			return iostat.DeviceStats{WPerSec: round(sc.wPerSec * j), WkBPerSec: round(sc.wkBPerSec * j),
				WrqmPerSec: round(290.07 * j), WrqmPct: 16.85, WAwaitMs: round(await * jitter(i, 2*util, 0.03)),
				WareqSzkB: 21.95, AquSz: round(aqu * j), UtilPct: round(math.Min(util*jitter(i, util, 0.003), 100))}
		}
		srv := 17.0 * jitter(i, 1, 0.05)
		rec.Samples = append(rec.Samples, advisor.Snapshot{
			T: t,
			Import: &advisor.ImportProgress{Bytes: int64(sc.rowsPerSec * bytesRow * t), Rows: int64(sc.rowsPerSec * t),
				Statements: int64(commitsPerSec * t), Commits: int64(commitsPerSec * t)},
			Devices: map[string]iostat.DeviceStats{
				// md on kernel 4.18 accounts no time: await and %util read 0.
				"md127":   {WPerSec: round(sc.wPerSec * 1.2026 * jitter(i, 0, 0.02)), WkBPerSec: round(sc.wkBPerSec * jitter(i, 0, 0.02)), WareqSzkB: 18.25},
				"nvme0n1": member(sc.util0, sc.await0, sc.await0*sc.wPerSec/1000*0.45),
				"nvme1n1": member(sc.util1, sc.await1, sc.await1*sc.wPerSec/1000*0.8),
			},
			CPU: &iostat.CPUStats{UserPct: 0.80, SystemPct: 0.27, IowaitPct: 4.74, IdlePct: 94.19,
				ClientPct: round(6 * jitter(i, 3, 0.1)), ServerPct: &srv},
			InnoDB: &advisor.InnoDB{LSN: lsn, CheckpointLSN: lsn - age, CheckpointAgeBytes: age,
				MaxCheckpointAgeBytes: maxAge, RedoCapacityBytes: capacity, DirtyPagesPct: round(dirty)},
			Status: map[string]float64{
				"Innodb_os_log_written":            cum(sc.redoPerSec),
				"Innodb_lsn_current":               float64(lsn),
				"Innodb_lsn_last_checkpoint":       float64(lsn - age),
				"Innodb_checkpoint_age":            float64(age),
				"Innodb_checkpoint_max_age":        float64(maxAge),
				"Innodb_os_log_fsyncs":             cum(sc.logFsyncs),
				"Innodb_data_fsyncs":               cum(sc.dataFsyncs),
				"Innodb_log_writes":                cum(sc.logFsyncs * 1.02),
				"Innodb_log_waits":                 0,
				"Innodb_buffer_pool_pages_flushed": cum(sc.pagesFlushed),
				"Innodb_dblwr_pages_written":       cum(sc.pagesFlushed),
				"Innodb_dblwr_writes":              cum(sc.pagesFlushed / 60),
				"Innodb_buffer_pool_reads":         cum(0.5),
				"Innodb_buffer_pool_pages_dirty":   math.Round(dirty / 100 * pagesTotal),
				"Innodb_buffer_pool_pages_total":   pagesTotal,
				"Innodb_rows_inserted":             cum(sc.rowsPerSec),
				"Handler_commit":                   cum(commitsPerSec),
				"Com_commit":                       0,
				"Com_insert":                       cum(commitsPerSec),
				"Binlog_cache_use":                 cum(commitsPerSec),
			},
		})
	}
	return rec
}

func seed002Scenarios() (small, large seedScenario) {
	small = seedScenario{
		name: "seed002-redo-2x128M.json", logFileBytes: 134217728,
		rowsPerSec: 15e6 / (23*60 + 19), redoPerSec: 2.5e9 / (23*60 + 19),
		agePct:    func(i int) float64 { return 91.5 + 3.5*math.Sin(0.9*float64(i)) },
		dirtyPct:  func(i int) float64 { return 1.4 + 0.1*math.Sin(0.5*float64(i)) },
		logFsyncs: 520, dataFsyncs: 560, pagesFlushed: 890,
		wPerSec: 1431.6, wkBPerSec: 31421.85,
		util1: 99.68, await1: 1.00, util0: 71.40, await0: 0.40,
		durationSec: 23*60 + 19,
	}
	large = seedScenario{
		name: "seed002-redo-2x5G.json", logFileBytes: 5 << 30,
		rowsPerSec: 15e6 / (6*60 + 33), redoPerSec: 2.5e9 / (6*60 + 33),
		agePct:    func(i int) float64 { return 12 + 0.5*math.Sin(0.3*float64(i)) },
		dirtyPct:  func(i int) float64 { return 20 + 0.1*float64(i) },
		logFsyncs: 700, dataFsyncs: 720, pagesFlushed: 150,
		wPerSec: 1100, wkBPerSec: 14000,
		util1: 97.5, await1: 1.00, util0: 52.0, await0: 0.40,
		durationSec: 6*60 + 33,
	}
	return small, large
}

// TestSeed002 replays the canonical case: with 2 × 128 MB redo the redo and the device
// findings fire; with 2 × 5 GB only the device finding remains.
func TestSeed002(t *testing.T) {
	small, large := seed002Scenarios()
	tests := []struct {
		sc   seedScenario
		want []string
	}{
		{small, []string{"redo-log-too-small", "sync-write-latency"}},
		{large, []string{"sync-write-latency"}},
	}
	for _, tt := range tests {
		t.Run(tt.sc.name, func(t *testing.T) {
			rec := golden(t, tt.sc.name, seed002Record(tt.sc))
			fs, _ := replay(rec, Default())
			if diff := cmp.Diff(tt.want, firedIDs(fs)); diff != "" {
				t.Fatalf("fired (-want +got):\n%s", diff)
			}
			for _, f := range fs {
				if f.ClearedAt != nil {
					t.Errorf("%s cleared at %v; the condition holds the whole minute", f.ID, *f.ClearedAt)
				}
				t.Logf("%s %s fired %.0f: %s\n  evidence %v\n  %s", f.Severity, f.ID, f.FiredAt, f.Title, f.Evidence, f.Recommendation)
			}
		})
	}
}
