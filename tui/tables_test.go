package tui

import (
	"strings"
	"testing"
)

// TestTablesAndPhaseShown: the import panel shows the importer's phase and its tables
// done, of the total when the importer knows it.
func TestTablesAndPhaseShown(t *testing.T) {
	for _, tc := range []struct {
		name          string
		phase         string
		done, total   int
		want, notWant string
	}{
		{"total known", "loading", 4, 11, "tables 4/11", "tables done"},
		{"total unknown", "loading", 4, 0, "4 tables done", "tables 4/"},
		{"indexes", "indexes", 11, 11, "indexes", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec, frames := loadRun(t)
			frames = frames[:10]
			for i := range frames {
				if p := frames[i].Tick.Snapshot.Import; p != nil {
					q := *p
					q.Phase, q.TablesDone, q.TablesTotal = tc.phase, tc.done, tc.total
					frames[i].Tick.Snapshot.Import = &q
				}
			}
			out := run(t, New(importOptions(rec)), [2]int{160, 50}, frames, nil)
			if !strings.Contains(out, tc.want) {
				t.Errorf("the screen lacks %q:\n%s", tc.want, out)
			}
			if tc.notWant != "" && strings.Contains(out, tc.notWant) {
				t.Errorf("the screen has %q:\n%s", tc.notWant, out)
			}
		})
	}
}
