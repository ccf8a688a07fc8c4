package replay

import (
	"context"

	"github.com/dumpscope/dumpscope/importer/plan"
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

// countUncounted counts, after st ran on c (err its outcome), what the counting replay
// leaves uncounted: under --skip-warning-count the conditions of 70145's window
// (countArea), and the warnings of a keeper armKeeper armed for (countKeeper).
func (wl *warnLog) countUncounted(ctx context.Context, c Conn, st *split.Statement, keeper bool, err error) error {
	if keeper && err == nil {
		return wl.countKeeper(ctx, c, st)
	}
	return wl.countArea(ctx, c, st, err)
}

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

// countLost adds to 70145's window, while it is open, what the control connection c's
// warning list holds right before dumpscope empties it (clearStaleWarnings): a keeper's
// conditions there (`SET @q = CAST('5x' AS SIGNED)`, which no count follows) that the
// client's area keeps past the statement about to run (CREATE PROCEDURE opens no table:
// plan's ClearsArea), and that a reader after the turn to serial reads
// (TestXFix42KeeperDDLAfterWarnings).
func (wl *warnLog) countLost(ctx context.Context, c Conn) error {
	if !wl.areaOpen.Load() || c != wl.r.conn {
		return nil
	}
	var n int64
	if err := c.QueryRowContext(ctx, "SELECT @@warning_count").Scan(&n); err != nil {
		return err
	}
	wl.r.conditions.Add(n)
	return nil
}

// countKept adds to 70145's window, while it is open (from the statement planned
// AreaBase on, while the run is parallel), what the control connection's warning list
// holds before a statement that may keep the client's diagnostics area (plan.MayKeepArea,
// or plan.ClearsArea false), before anything dumpscope sends for it: that list is the client's area after
// a keeper run on the control connection (`SET @q = CAST('5x' AS SIGNED)`, a session
// statement no count follows), and dumpscope's own statements before or after the next
// one (the look-ups of information_schema a barrier makes first, its progress row, the
// stale list's clearing) empty it where the client's keeps it. countLost counted it only
// before the clearing: `SET @q = CAST('5x' AS SIGNED); FLUSH TABLES; SELECT 14 INTO @v;
// GET DIAGNOSTICS @n = NUMBER` stored 0 where the client stores 1, and FLUSH STATUS,
// FLUSH PRIVILEGES, RESET QUERY CACHE, SAVEPOINT, SET GLOBAL likewise
// (TestReviewX20KeeperStatementsAfterWarning, --parallel, checkpointed and
// --skip-warning-count). A list the client's area no longer holds (a clearing
// statement ran on a worker since) is counted too: a refusal of a later reader, never a
// silent difference; counted twice, a condition only refuses sooner. One SELECT
// @@warning_count per such statement while the window is open, none where the list is
// known empty (warningsEmpty).
func countKept(ctx context.Context, cr *controller, st *split.Statement, pl plan.Plan) error {
	p := cr.p
	wl := &p.serial.warn
	if !wl.areaOpen.Load() || st.Kind == split.KindClient || len(st.SQL) == 0 || (plan.ClearsArea(st) && !plan.MayKeepArea(st)) || wl.warningsEmpty(p.control) {
		return nil
	}
	return wl.countLost(ctx, p.control)
}

// countRowConditions counts a worker's row statement's conditions under
// --skip-warning-count: n from its OK packet when known, else one (see above).
func (wl *warnLog) countRowConditions(n int, known bool) {
	if !known {
		n = 1
	}
	wl.r.conditions.Add(int64(n))
}

// The warnings of a statement that keeps the diagnostics area, in a run gone serial.
//
// warnLog.mayKeep leaves a SELECT, DO or VALUES that names no table, run in stream order
// on the control connection, uncounted: emptied before it (clearWarningsSQL) to count its
// own, the area a reader after it reads was gone (x-fix34). Since then their warnings
// were missing from the summary: `DO CAST('5x' AS SIGNED)` in a run gone serial counted
// none where `mariadb --show-warnings` shows one. The server's OK packet (or the EOF
// that ends a result set) carries the statement's own count, which the control
// connection's packet watch reads without sending anything (keepWire; the serial
// replay's wire does the same). Where it is not zero, SHOW WARNINGS lists them: it keeps
// the area, and its last n rows are the statement's (a plain statement's own replace what
// was kept; a stored function's are added to it). It leaves ROW_COUNT() −1: a SELECT or
// VALUES had that left by rowCounts.noteRan's read-back already; after a DO, whose 0
// the client's GET DIAGNOSTICS @r = ROW_COUNT reads, DO 0 gives it back (as rowCounts.giveRow
// does; it keeps the area). Any other count, one not known, or code of the dump's that
// reads ROW_COUNT() (laterReader) leaves them counted and unlisted.

// keeperWire is the packet watch of c, the control connection (nil: not readable).
func keeperWire(ctx context.Context, c Conn, ww *WireWatch) *PacketWatch {
	if ww == nil {
		return nil
	}
	ids, err := workerConnectionIDs(ctx, []Conn{c})
	if err != nil {
		return nil
	}
	return ww.watchOf(ctx, c, uint32(ids[0]))
}

// armKeeper arms the control connection's packet watch before st when countKeeper will
// read its count, and reports whether it did.
func (wl *warnLog) armKeeper(c Conn, st *split.Statement) bool {
	if wl.keepWire == nil || wl.r.opt.SkipWarningCount || !wl.mayKeep(c, st) || !wl.counts(st) {
		return false
	}
	wl.keepWire.arm()
	return true
}

// countKeeper counts and lists the warnings st, armed by armKeeper, raised (see above).
func (wl *warnLog) countKeeper(ctx context.Context, c Conn, st *split.Statement) error {
	r := wl.r
	n, ok := wl.keepWire.lastWarnings()
	if !ok || n == 0 {
		return nil
	}
	restore, can := "", false
	if rc := r.counts; rc != nil && !wl.laterReader {
		rc.mu.Lock()
		row, known := rc.row, rc.rowAt == st.Offset && !rc.rowLost
		rc.mu.Unlock()
		switch {
		case resultWord(st) != "":
			can = true // rowCounts.noteRan's SELECT after it left −1 already
		case known && row == 0:
			restore, can = "DO 0", true
		}
	}
	if !can {
		wl.recordWarnings(nil, int64(n))
		return nil
	}
	ws, counted, lerr := wl.listWarnings(ctx, c, st, int64(n))
	if lerr != nil {
		ws, counted = nil, int64(n) // counted all the same
	}
	var err error
	wl.recordWarnings(ws, counted)
	if restore != "" {
		_, err = c.ExecContext(ctx, restore)
	}
	return err
}
