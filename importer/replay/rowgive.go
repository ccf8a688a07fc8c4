package replay

import (
	"context"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// What a reader of ROW_COUNT on the control connection is given back before it runs
// (rowCounts follows the counts: rowcount.go).

// giveBefore gives c, before st runs on it, what st may read of the counts the dump's
// statement before it left: ROW_COUNT on the control connection (giveRow), FOUND_ROWS()
// before a CALL or EXECUTE (giveFound).
func (rc *rowCounts) giveBefore(ctx context.Context, c Conn, control bool, st *split.Statement, q []byte) error {
	if control {
		if err := rc.giveRow(ctx, c, st, q); err != nil {
			return err
		}
	}
	return rc.giveFound(ctx, c, st)
}

// planned notes that the statement at offset at is about to run on the control
// connection, prev being the offset of the dump statement sent before it (-1: none), and
// literal whether it is a row insert of literal values (plan.Plan.Literal).
func (rc *rowCounts) planned(at, prev int64, literal bool) {
	if rc == nil {
		return
	}
	rc.mu.Lock()
	rc.plannedAt, rc.plannedPrev, rc.plannedLiteral = at, prev, literal
	rc.mu.Unlock()
}

// literalRows reports whether st is the statement planned last and a row insert of
// literal values (planned): it reads no ROW_COUNT or FOUND_ROWS, whatever its strings
// hold, so that the checks for a reader skip it without a pass over its text (a scan of
// every 1 MiB INSERT on the control connection cost 0.15 s of client CPU per 190 MiB).
func (rc *rowCounts) literalRows(st *split.Statement) bool {
	if rc == nil {
		return false
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return rc.plannedLiteral && rc.plannedAt == st.Offset
}

// rowBefore returns ROW_COUNT() as the dump's statement before st left it, and whether it
// is known: st is the statement planned last (planned) and the count noted is of the
// statement sent right before it.
func (rc *rowCounts) rowBefore(st *split.Statement) (int64, bool) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return rc.row, rc.plannedAt == st.Offset && rc.rowAt == rc.plannedPrev && !rc.rowLost
}

// giveRow gives the control connection c back, right before st, a reader of the
// diagnostics area's row count that give cannot turn into a literal (GET DIAGNOSTICS @r
// = ROW_COUNT), the count the dump's statement before it left: dumpscope's own
// statements after that one (its warning count, its user variables: SELECTs, which leave
// −1; runBarrier's START TRANSACTION: 0) changed it. Each statement sent keeps the
// conditions (it opens no table and raises none): SELECT 1 leaves −1, DO 0 leaves 0, and
// SELECT 1 INTO rowCountVar 1 (the only counts a SELECT … INTO, SET or DO leaves;
// checked on MariaDB 10.11). Another count is left as it is: nothing of dumpscope's ran
// since (the statement's warnings wait), or the reader ran before them
// (diagunread.go). A CALL or EXECUTE gets FOUND_ROWS() given before it (giveFound), and
// its code's count (giveRowToCode). Given only where diagTail.before ran the reader, a
// GET DIAGNOSTICS @r = ROW_COUNT after a statement that owed nothing there (DML of a
// TEMPORARY table, which has no progress row) read −1 or 0 where the client's read 1
// (TestXFix46TemporaryRowCountRead): runBarrier's START TRANSACTION or the warning count
// came between.
func (rc *rowCounts) giveRow(ctx context.Context, c Conn, st *split.Statement, q []byte) error {
	if rc == nil || st.Kind == split.KindClient {
		return nil
	}
	// The count first: after a row insert of more than one row (the common case) nothing
	// is given, and the text is not scanned.
	n, known := rc.rowBefore(st)
	if !known || n < -1 || n > 1 || rc.literalRows(st) || !sqlscan.ContainsFoldASCII(q, "ROW_COUNT") || mayRunCode(st) {
		return nil // !known: refused (lostState), or not a reader in stream order
	}
	var give string
	switch {
	case n == -1:
		return c.QueryRowContext(ctx, "SELECT 1").Scan(new(int))
	case n == 0:
		give = "DO 0"
	case n == 1:
		give = "SELECT 1 INTO " + rowCountVar
	default:
		return nil
	}
	_, err := c.ExecContext(ctx, give)
	return err
}
