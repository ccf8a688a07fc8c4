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
// (TestDiffFuzzFound2SelectIntoDiagnostics). So while that window is open (areaOpen:
// from the first statement planned AreaBase to the turn, every statement before the turn
// finished) the conditions are counted all the same, and nothing is listed or added to
// the summary's warnings (the option's promise: no SHOW WARNINGS):
//   - a worker's row statement: its OK packet's count (rawQuery), read anyway; where the
//     packet could not be read (TLS under the driver), one condition is assumed: a
//     refusal of a later AreaLost reader, never a silent difference;
//   - a statement that runs through Replayer.exec (on the control connection, or a
//     barrier item on a worker) and that the counting replay counts (warnLog.counts):
//     SELECT @@warning_count after it, after emptying a stale list where it opens no
//     table, as the counting replay does. One query per such statement while the run is
//     parallel; a serial run (serial --checkpoint) sends none.
// An error of a statement counted so is a condition too.

// areaCounts reports whether exec counts st's conditions under --skip-warning-count
// (see above).
func (wl *warnLog) areaCounts(c Conn, st *split.Statement) bool {
	return wl.r.opt.SkipWarningCount && wl.areaOpen.Load() && st.Kind != split.KindClient && len(st.SQL) > 0 && !wl.mayKeep(c, st) && wl.counts(st)
}

// countArea counts, after st ran on c with outcome err, its conditions when areaCounts:
// @@warning_count, or one for an error.
func (wl *warnLog) countArea(ctx context.Context, c Conn, st *split.Statement, err error) error {
	r := wl.r
	if !wl.areaCounts(c, st) {
		return nil
	}
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
	wl.setWarningsEmpty(c, n == 0)
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
