package rules

import (
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/advisor"
)

// Binary-log thresholds (docs/rules.md "binlog-during-import").
const (
	// binlogBytesShare: binlog bytes as a share of the data devices' write bytes.
	binlogBytesShare = 0.20
	// binlogSyncShare: binlog group commits × flush latency as a share of wall time
	// (sync_binlog=1 fsyncs the binlog once per group commit).
	binlogSyncShare = 0.10
)

// BinlogDuringImport fires when the binary log is on and measurably costs the import
// time: its writes are a large share of what the busy data devices write, or
// sync_binlog=1 makes each commit wait for a binlog fsync.
type BinlogDuringImport struct{}

func (BinlogDuringImport) ID() string { return "binlog-during-import" }

// deviceWriteBytes is the write bytes per second of the busiest data leaf (a RAID1 member
// receives every write, so the members are not summed).
func deviceWriteBytes(w advisor.Window, leaves []string) (bytesPerSec, utilPct float64, device string) {
	for _, d := range leaves {
		if kb, ok := w.DeviceMean(d, advisor.WriteKBPerSec); ok && kb*kiB > bytesPerSec {
			bytesPerSec, device = kb*kiB, d
			utilPct, _ = w.DeviceMean(d, advisor.UtilPct)
		}
	}
	return bytesPerSec, utilPct, device
}

func (r BinlogDuringImport) Check(env *advisor.Env, w advisor.Window) *advisor.Finding {
	if on, known := varOn(env, "log_bin"); !on || !known {
		return nil
	}
	if w.Span() < minSpanSeconds {
		return nil
	}
	leaves := dataDevices(env, w)
	ev := map[string]any{"log_bin": "ON", "window_seconds": round(w.Span())}
	syncBinlog, _ := varString(env, "sync_binlog")
	ev["sync_binlog"] = syncBinlog
	var reasons []string

	// Volume: MariaDB counts binlog bytes (Binlog_bytes_written); MySQL has no such
	// counter, so there only the sync cost below can be measured.
	if b, ok := w.Rate("Binlog_bytes_written"); ok && b > 0 {
		dev, util, name := deviceWriteBytes(w, leaves)
		ev["binlog_bytes_per_sec"] = round(b)
		if dev > 0 {
			share := b / dev
			ev["device_write_bytes_per_sec"] = round(dev)
			ev["device"] = name
			ev["device_util_pct"] = round(util)
			ev["binlog_share_of_device_writes_pct"] = round(100 * share)
			ev["binlog_share_threshold_pct"] = 100 * binlogBytesShare
			if share >= binlogBytesShare && util >= headroomUtilPct {
				reasons = append(reasons, fmt.Sprintf("binlog is %.0f%% of the writes of a device at %.0f%% util", 100*share, util))
			}
		}
	}
	// Sync: one binlog fsync per group commit when sync_binlog=1.
	syncCost := 0.0
	if syncBinlog == "1" {
		commits, src, ok := w.RateOf("Binlog_commits", "Binlog_cache_use")
		lat, okLat := syncLatency(env, w, leaves)
		if ok && okLat {
			syncCost = commits * lat.ms / 1000
			ev["binlog_commits_per_sec"] = round(commits)
			ev["binlog_commit_source"] = src
			ev["durable_write_ms"] = round(lat.ms)
			ev["durable_write_source"] = lat.source
			ev["binlog_sync_share_pct"] = round(100 * syncCost)
			ev["binlog_sync_share_threshold_pct"] = 100 * binlogSyncShare
			if syncCost >= binlogSyncShare {
				reasons = append(reasons, fmt.Sprintf("sync_binlog=1 fsyncs take %.0f%% of wall time", 100*syncCost))
			}
		}
	}
	if len(reasons) == 0 {
		return nil
	}
	s := serverOf(env)
	rec := "if no replica or point-in-time recovery needs the restored rows, skip the binary log for the import session: " +
		"dumpscope import --skip-binlog (SET SESSION sql_log_bin = 0; needs SUPER or SYSTEM_VARIABLES_ADMIN), or " +
		"mysql --init-command='SET SESSION sql_log_bin=0'. To turn it off server-wide: my.cnf [mysqld]: skip-log-bin " +
		"(log_bin is not dynamic on " + s.String() + ", restart the server)."
	if syncCost >= binlogSyncShare {
		rec += " To keep the binlog but stop the per-commit fsync: " +
			recommend(s, []change{{name: "sync_binlog", value: "0", setValue: "0"}}, "revert to 1.")
	}
	return &advisor.Finding{
		Severity:       advisor.SeverityWarn,
		Title:          "Binary log costs the import time: " + strings.Join(reasons, "; "),
		Evidence:       ev,
		Recommendation: rec,
	}
}
