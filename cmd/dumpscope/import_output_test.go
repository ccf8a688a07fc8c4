package main

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer/replay"
)

// TestLoadDataLine: the --load-data summary names only the reasons that hold. It said
// "3 ran as INSERTs: 0 after a LOAD that was not clean … was rolled back, the others not
// provably exact as LOAD DATA" on a run where nothing was rolled back.
func TestLoadDataLine(t *testing.T) {
	const head = "dumpscope: --load-data: 18 batches loaded in bulk" // internal/difffuzz reads this part
	const rolledBack = "after a LOAD that was not clean (a warning or a row the server skipped) was rolled back"
	for _, tc := range []struct {
		replayed, asInserts int64
		want                string
	}{
		{0, 0, head},
		{0, 3, head + "; 3 ran as INSERTs, not provably exact as LOAD DATA"},
		{2, 2, head + "; 2 ran as INSERTs " + rolledBack},
		{1, 3, head + "; 3 ran as INSERTs: 1 " + rolledBack + ", the others not provably exact as LOAD DATA"},
	} {
		if got := loadDataLine(&replay.LoadDataStats{Loaded: 18, Replayed: tc.replayed, AsInserts: tc.asInserts}); got != tc.want {
			t.Errorf("replayed %d of %d:\n got %q\nwant %q", tc.replayed, tc.asInserts, got, tc.want)
		}
	}
}
