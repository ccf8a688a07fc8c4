package rules

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/runrecord"
)

// TestRedoWaitShareIsTheVerdicts: a recorded 23 s import (256 MiB, --parallel 2
// --load-data, innodb_log_file_size=8M), replayed: the redo-log-too-small finding, whose
// window is the whole run, gives the share of time the import waited on the checkpoint
// that the verdict gives. Its title said "past 7/8 of its maximum on 54% of the last 23 s"
// beside the verdict's "redo checkpoint waits (~37 % of 0:23)", two shares of one wait.
func TestRedoWaitShareIsTheVerdicts(t *testing.T) {
	rec := readRecord(t, "testdata/sandbox-par256-redo-8M.json.gz")
	eng := NewEngine()
	runrecord.ReplayInto(rec, eng)
	var redo *advisor.Finding
	for _, f := range eng.Findings() {
		if f.ID == "redo-log-too-small" {
			redo = &f
		}
	}
	if redo == nil {
		t.Fatalf("no redo-log-too-small finding in %v", eng.Findings())
	}
	if span := rec.Samples[len(rec.Samples)-1].T - rec.Samples[0].T; redo.Evidence["window_seconds"] != round(span) {
		t.Fatalf("the finding's window is %v s, not the run's %.1f s: the shares would differ rightly", redo.Evidence["window_seconds"], span)
	}
	v := VerdictOf(eng)
	var verdictPct float64
	for _, ct := range v.TimeByCause {
		if ct.Cause == advisor.CauseRedo {
			verdictPct = ct.SharePct
		}
	}
	got, ok := redo.Evidence["redo_wait_pct"].(float64)
	if !ok || verdictPct == 0 || math.Abs(got-verdictPct) > 0.05 {
		t.Errorf("the finding's redo wait %v %%, the verdict's %.1f %%\n%s\n%s", redo.Evidence["redo_wait_pct"], verdictPct, redo.Title, v.Line())
	}
	if want := fmt.Sprintf("redo checkpoint waits ~%.0f%% of the last ", verdictPct); !strings.Contains(redo.Title, want) {
		t.Errorf("title %q does not say %q", redo.Title, want)
	}
}
