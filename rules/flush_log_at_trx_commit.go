package rules

import (
	"fmt"

	"github.com/dumpscope/dumpscope/advisor"
)

// Commit-flush thresholds (docs/rules.md "flush-log-at-trx-commit").
const (
	// commitFlushShare: commits × flush latency must take this share of wall time.
	commitFlushShare = 0.20
	// minCommitsPerSec: below this the import commits too rarely for per-commit flushes
	// to matter whatever the latency (a dump of large extended INSERTs commits a few
	// times per second).
	minCommitsPerSec = 50.0
)

// FlushLogAtTrxCommit fires when innodb_flush_log_at_trx_commit=1 makes every commit wait
// for a redo flush and those waits (commits/s × flush latency) are a real share of the
// import's time.
type FlushLogAtTrxCommit struct{}

func (FlushLogAtTrxCommit) ID() string { return "flush-log-at-trx-commit" }

// commitCost measures commits per second and the time they spend in durable flushes.
type commitCost struct {
	commitsPerSec float64
	source        string
	lat           flushLatency
	share         float64
}

func measureCommitCost(env *advisor.Env, w advisor.Window) (commitCost, bool) {
	rate, src, ok := commitRate(w)
	if !ok {
		return commitCost{}, false
	}
	lat, ok := syncLatency(env, w, dataDevices(env, w))
	if !ok {
		return commitCost{}, false
	}
	return commitCost{commitsPerSec: rate, source: src, lat: lat, share: rate * lat.ms / 1000}, true
}

func (c commitCost) evidence(w advisor.Window) map[string]any {
	return map[string]any{
		"commits_per_sec":        round(c.commitsPerSec),
		"commit_source":          c.source,
		"durable_write_ms":       round(c.lat.ms),
		"durable_write_source":   c.lat.source,
		"durable_write_device":   c.lat.device,
		"commit_flush_share_pct": round(100 * c.share),
		"window_seconds":         round(w.Span()),
	}
}

func (r FlushLogAtTrxCommit) Check(env *advisor.Env, w advisor.Window) *advisor.Finding {
	if v, ok := varString(env, "innodb_flush_log_at_trx_commit"); !ok || v != "1" {
		return nil // 0 or 2: already applied; unknown: cannot tell
	}
	if w.Span() < minSpanSeconds {
		return nil
	}
	c, ok := measureCommitCost(env, w)
	if !ok || c.commitsPerSec < minCommitsPerSec || c.share < commitFlushShare {
		return nil
	}
	ev := c.evidence(w)
	ev["innodb_flush_log_at_trx_commit"] = 1
	ev["min_commits_per_sec"] = minCommitsPerSec
	ev["commit_flush_share_threshold_pct"] = 100 * commitFlushShare
	sev := advisor.SeverityWarn
	if c.share >= 0.5 {
		sev = advisor.SeverityCritical
	}
	s := serverOf(env)
	return &advisor.Finding{
		Severity: sev,
		Title: fmt.Sprintf("Every commit waits for a redo flush: %.0f commits/s × %.2f ms = %.0f%% of wall time",
			c.commitsPerSec, c.lat.ms, 100*c.share),
		Evidence: ev,
		Recommendation: recommend(s, []change{{name: "innodb_flush_log_at_trx_commit", value: "2", setValue: "2"}},
			"revert to 1 (a crash can lose up to a second of commits with 2). dumpscope import --relax-durability does this for the import only."),
	}
}
