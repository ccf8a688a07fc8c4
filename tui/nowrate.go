package tui

import "github.com/dumpscope/dumpscope/advisor"

// nowWindowSeconds is the span the import panel's "now" rates cover. One tick is too
// short: a --parallel import commits a batch (16 MiB with --load-data) every second or
// two, so a one-tick rate flips between 0 and twice the pace, and "now 0 B/s 0 rows/s"
// on every other screen reads as a stalled restore.
const nowWindowSeconds = 5

// progressPoint is one tick's import counters, for the "now" rates.
type progressPoint struct {
	t           float64
	bytes, rows int64
}

// nowRates keeps s's import counters in st.recent and returns the SQL bytes and rows per
// second since the oldest tick within nowWindowSeconds (the previous tick at least);
// zeros until there are two ticks with import progress.
func (st *state) nowRates(s advisor.Snapshot) (bytesPerSec, rowsPerSec float64) {
	if s.Import == nil {
		st.recent = st.recent[:0]
		return 0, 0
	}
	st.recent = append(st.recent, progressPoint{t: s.T, bytes: s.Import.Bytes, rows: s.Import.Rows})
	// Drop points while the next one is still old enough to span the window.
	cut := 0
	for cut+1 < len(st.recent)-1 && st.recent[cut+1].t <= s.T-nowWindowSeconds {
		cut++
	}
	st.recent = append(st.recent[:0], st.recent[cut:]...)
	if len(st.recent) < 2 {
		return 0, 0
	}
	first, last := st.recent[0], st.recent[len(st.recent)-1]
	dt := last.t - first.t
	if dt <= 0 {
		return 0, 0
	}
	return max(0, float64(last.bytes-first.bytes)/dt), max(0, float64(last.rows-first.rows)/dt)
}
