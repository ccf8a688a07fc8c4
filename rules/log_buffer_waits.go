package rules

import (
	"fmt"
	"strconv"

	"github.com/dumpscope/dumpscope/advisor"
)

// minLogWaitsPerSec: Innodb_log_waits growing at least this fast.
const minLogWaitsPerSec = 1.0

// LogBufferWaits fires when Innodb_log_waits grows in the window: transactions waited
// because the redo log buffer was full (large extended INSERTs fill it).
type LogBufferWaits struct{}

func (LogBufferWaits) ID() string { return "log-buffer-waits" }

func (r LogBufferWaits) Check(env *advisor.Env, w advisor.Window) *advisor.Finding {
	if w.Span() < minSpanSeconds {
		return nil
	}
	waits, ok := w.Rate("Innodb_log_waits")
	if !ok || waits < minLogWaitsPerSec {
		return nil
	}
	cur, ok := varInt(env, "innodb_log_buffer_size")
	if !ok || cur <= 0 {
		cur = 16 * miB
	}
	target := min(max(64*miB, roundUpPow2(2*float64(cur), miB)), 512*miB)
	if target <= cur {
		return nil
	}
	s := serverOf(env)
	c := change{name: "innodb_log_buffer_size", value: cnfBytes(target), setValue: strconv.FormatInt(target, 10)}
	ev := map[string]any{
		"log_waits_per_sec":            round(waits),
		"min_log_waits_per_sec":        minLogWaitsPerSec,
		"innodb_log_buffer_size_bytes": cur,
		"recommended_bytes":            target,
		"window_seconds":               round(w.Span()),
	}
	if rr, _, ok := redoRate(w); ok {
		ev["redo_bytes_per_sec"] = round(rr)
	}
	return &advisor.Finding{
		Severity:       advisor.SeverityWarn,
		Title:          fmt.Sprintf("Log buffer full: %.1f waits/s for redo buffer space", waits),
		Evidence:       ev,
		Recommendation: recommend(s, []change{c}, "keep it; the memory cost is small."),
	}
}
