package replay

import (
	"context"

	"github.com/dumpscope/dumpscope/importer/split"
)

// Conditions counted under --skip-warning-count.
//
// lostArea refuses a reader planned plan.AreaLost unless no condition was counted from
// the last statement planned plan.AreaBase to the turn to serial (Replayer.conditions).
// With warnings not counted it could not tell and let the reader run: `INSERT IGNORE INTO
// t VALUES (1, 5), (3, 3)` (a duplicate: one warning, on a worker), `SELECT 14 INTO @v`
// (serial from here), `GET DIAGNOSTICS @n = NUMBER` stored 0 where the client stores 1
// (TestXFix34SkipWarningCountAreaLost, --parallel 3 --skip-warning-count). Refusing every
// such reader refused the suite's checkpointed dumps, which open with CREATE TABLE IF NOT
// EXISTS on an empty target (no condition) before the turn
// (TestDiffFuzzFound2SelectIntoDiagnostics). So the conditions are counted where that
// costs nothing or little, and nothing is listed or added to the summary's warnings
// (the option's promise: no SHOW WARNINGS):
//   - a worker's row statement: its OK packet's count (rawQuery), read anyway; where the
//     packet could not be read (TLS under the driver), one condition is assumed: a
//     refusal of a later AreaLost reader, never a silent difference;
//   - a statement planned AreaBase that runs through Replayer.exec (a barrier, on the
//     control connection or a worker): SELECT @@warning_count after it (after emptying a
//     stale list first where it opens no table, as the counting replay does), one query
//     per such statement while the run is parallel. The planner marks it before it is
//     dispatched (markArea); exec counts it (countArea).
// An error of a statement counted so is a condition too.

// markArea notes that st, planned plan.AreaBase, has its conditions counted by exec
// under --skip-warning-count (see above).
func (wl *warnLog) markArea(st *split.Statement) {
	if !wl.r.opt.SkipWarningCount {
		return
	}
	wl.r.listMu.Lock()
	defer wl.r.listMu.Unlock()
	if wl.areaMarks == nil {
		wl.areaMarks = map[int64]bool{}
	}
	wl.areaMarks[st.Offset] = true
}

// areaMarked reports whether st is a statement markArea noted, not yet counted.
func (wl *warnLog) areaMarked(st *split.Statement) bool {
	wl.r.listMu.Lock()
	defer wl.r.listMu.Unlock()
	return wl.areaMarks[st.Offset]
}

// clearAreaMarks forgets the marks left (statements not sent: a resume's skipped ones, a
// row insert that joined a batch): at the turn to serial, when everything before has
// finished.
func (wl *warnLog) clearAreaMarks() {
	wl.r.listMu.Lock()
	defer wl.r.listMu.Unlock()
	clear(wl.areaMarks)
}

// countArea counts, after st ran on c with outcome err, its conditions when markArea
// noted it: @@warning_count, or one for an error.
func (wl *warnLog) countArea(ctx context.Context, c Conn, st *split.Statement, err error) error {
	r := wl.r
	if !r.opt.SkipWarningCount || !wl.areaMarked(st) {
		return nil
	}
	r.listMu.Lock()
	delete(wl.areaMarks, st.Offset)
	r.listMu.Unlock()
	wl.setWarningsEmpty(c, false)
	if err != nil {
		r.conditions.Add(1)
		return nil
	}
	var n int64
	if qerr := c.QueryRowContext(ctx, "SELECT @@warning_count").Scan(&n); qerr != nil {
		return qerr
	}
	r.conditions.Add(n)
	return nil
}

// countRowConditions counts a worker's row statement's conditions under
// --skip-warning-count: n from its OK packet when known, else one (see above).
func (wl *warnLog) countRowConditions(n int, known bool) {
	if !known {
		n = 1
	}
	wl.r.conditions.Add(int64(n))
}
