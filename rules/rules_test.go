package rules

import (
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/google/go-cmp/cmp"
)

// The ids are part of the interface (issue 5, docs/rules.md).
func TestDefaultIDs(t *testing.T) {
	var got []string
	for _, r := range Default() {
		got = append(got, r.ID())
	}
	want := []string{"max-allowed-packet", "disk-filling", "redo-log-too-small", "sync-write-latency", "flush-log-at-trx-commit",
		"autocommit-per-row", "binlog-during-import", "doublewrite-during-import", "io-capacity-low",
		"flush-neighbors-on-ssd", "buffer-pool-small", "log-buffer-waits", "flush-method", "rotational-device",
		"client-cpu-bound", "server-cpu-bound", "serial-replay-idle-cores"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Default() ids (-want +got):\n%s", diff)
	}
}

// Records from a remote server, an old kernel or an old version lack whole parts; no rule
// may fire on — or trip over — what is not there.
func TestDefaultOnSparseRecords(t *testing.T) {
	envs := map[string]*advisor.Env{
		"nothing known":   {},
		"variables only":  maria(map[string]string{"innodb_flush_log_at_trx_commit": "1", "log_bin": "ON", "sync_binlog": "1", "innodb_doublewrite": "ON", "innodb_flush_neighbors": "1", "innodb_flush_method": "fsync", "innodb_io_capacity": "200"}),
		"unparsable vers": env("mysql", "garbage", map[string]string{"innodb_flush_log_at_trx_commit": "1"}),
	}
	windows := map[string][]advisor.Snapshot{
		"empty snapshots":     build(40),
		"one snapshot":        build(1, rate("Handler_commit", 1000)),
		"nil maps":            {{T: 0}, {T: 1}, {T: 2}, {T: 3}, {T: 4}, {T: 5}, {T: 6}},
		"counters only, idle": build(40, rate("Handler_commit", 0), rate("Innodb_data_fsyncs", 0), rate("Innodb_os_log_written", 0)),
	}
	for en, e := range envs {
		for wn, ticks := range windows {
			eng := advisor.NewEngine(Default(), 0)
			for _, s := range ticks {
				eng.Observe(e, s)
			}
			if fs := eng.Findings(); len(fs) != 0 {
				t.Errorf("%s / %s: fired %v", en, wn, firedIDs(fs))
			}
		}
	}
}

// BenchmarkDefaultObserve is one tick of every rule over a full 30-s window of seed 002:
// the advisor's whole per-second cost.
func BenchmarkDefaultObserve(b *testing.B) {
	small, _ := seed002Scenarios()
	rec := seed002Record(small)
	env := &advisor.Env{Server: rec.Server.ServerInfo(-1), Devices: rec.Devices, Host: *rec.Host, IntervalSeconds: 1}
	e := advisor.NewEngine(Default(), 0)
	for _, s := range rec.Samples[:31] {
		e.Observe(env, s)
	}
	b.ResetTimer()
	for i := range b.N {
		s := rec.Samples[31+i%29]
		s.T = 700 + float64(i) // keep time moving forward
		e.Observe(env, s)
	}
}
