package replay

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// warnLog is a replay's bookkeeping of the server's warnings: which statements count them,
// reading them (from the OK packet, or SHOW WARNINGS) and listing the first ones, and
// per connection whether the server's list is known to be empty.
type warnLog struct {
	r *Replayer
	// warnEmpty is per connection whether its warning list is known to be empty (under
	// listMu; see warnings.go).
	warnEmpty map[Conn]bool
	// pending is the last statement's warnings when the wire said it raised some: the
	// list is read just before the next statement is sent (see readPending).
	pending *pendingWarnings
	// laterReader: the dump created a trigger, routine, view or column default that reads
	// ROW_COUNT() or FOUND_ROWS() when it runs (plan.LaterCountsReader); from then on any
	// statement may run it, so SHOW WARNINGS, which sets ROW_COUNT() to −1, is sent
	// before none.
	laterReader bool
	// hold: the statement about to run on the control connection may have its commit
	// wait for a reader of its diagnostics area (diagTail), which SELECT @@warning_count
	// would change (ROW_COUNT −1): its warnings are read when the commit is settled
	// (held), before dumpscope's progress row empties the list.
	hold bool
	held *split.Statement
	// diag follows the dump's procedures and prepared statements: the warnings of a
	// CALL or EXECUTE that may read the area (or of SHOW WARNINGS, which keeps it) are
	// not counted, nor stale ones cleared before it.
	diag plan.DiagnosticsReaders
	// inOrder: the replay's own connection runs the dump's statements in stream order
	// (the parallel replay gone serial, or serial with progress rows), so a reader of
	// the diagnostics area there reads what the statements before it left (mayKeep).
	inOrder atomic.Bool
	// keepWire reads the control connection's OK packets for a statement mayKeep leaves
	// uncounted (diagcount.go's countKeeper); nil where they cannot be read.
	keepWire *PacketWatch
	// areaOpen: 70145's window is open (lostArea): under --skip-warning-count exec
	// counts the conditions of what it runs all the same (diagcount.go).
	areaOpen atomic.Bool
}

// Stale warnings. The server clears a connection's warning list only when a statement
// uses a table or raises a condition of its own: after `INSERT … (1000)` into a TINYINT
// (one warning), a CREATE PROCEDURE, DROP PROCEDURE, COMMIT or CREATE DATABASE that raises
// nothing leaves @@warning_count at 1 and SHOW WARNINGS listing the INSERT's warning. The
// client counts from the OK packet, which carries the statement's own count (0), and
// go-sql-driver does not expose it; so before a statement that may use no table, on a
// connection whose list may hold something, the list is emptied with a statement that
// uses a derived table and nothing else (no lock, no transaction, allowed under LOCK
// TABLES). What @@warning_count says after the dump's statement is then its own.
//
// This is the parallel replay's way (its batches are not the client's statements). The
// serial replay reads each statement's own count from the wire (okpacket.go) and sends
// nothing, which the dump's ROW_COUNT() and FOUND_ROWS() would see.

// clearWarningsSQL empties the connection's warning list: a derived table counts as a
// table for the server's "statement that uses tables" rule.
const clearWarningsSQL = "DO (SELECT 1 FROM (SELECT 1) AS dumpscope_clear_warnings)"

// usesTable reports whether the server clears the warning list before st runs whatever
// st raises: st names a table it opens (tried on MariaDB 10.11: DROP TRIGGER, CREATE and
// DROP DATABASE, COMMIT and routines do not clear it).
func usesTable(st *split.Statement) bool {
	switch st.Kind {
	case split.KindInsert:
		return true
	case split.KindDDL, split.KindRoutine:
		switch st.Verb {
		case "CREATE TABLE", "ALTER TABLE", "DROP TABLE", "TRUNCATE TABLE", "RENAME TABLE",
			"CREATE INDEX", "DROP INDEX", "CREATE VIEW", "DROP VIEW", "CREATE TRIGGER":
			return true
		}
	}
	return false
}

// countsWarnings reports whether exec reads the warnings st raised.
func (wl *warnLog) countsWarnings(c Conn, st *split.Statement) bool {
	r := wl.r
	if wl.mayKeep(c, st) {
		return false
	}
	// A reader of the diagnostics area raises nothing of its own, and the statement
	// that empties a stale list before it would empty what it reads (diagtail.go). A
	// statement that keeps the area (keepsArea: DO 1, SELECT @v) is not counted either:
	// emptied before it, the list a reader after it reads would be empty
	// (TestKeptDiagnosticsKeepers); what it raises itself goes uncounted. COMMIT and a
	// PREPARE of no table likewise (keepsAreaCounted; TestXDiag2KeepersWaitedPast).
	return !r.opt.SkipWarningCount && wl.counts(st)
}

// counts is countsWarnings but for --skip-warning-count and mayKeep (diagcount.go's
// areaCounts asks it too).
func (wl *warnLog) counts(st *split.Statement) bool {
	return st.Kind != split.KindSession && st.Kind != split.KindLock && !wl.diag.Reads(st, wl.r.database) && !keepsAreaCounted(st)
}

// mayKeep reports whether st, about to run on c, is a SELECT, DO or VALUES that names no
// table (plan.MayKeepArea) run in stream order on the replay's own connection (inOrder):
// the server keeps the diagnostics area before it, and it keeps the list when it raises
// nothing, so a reader after it reads the statement before's conditions, as the
// client's did. Emptied before it to count its own warnings (clearWarningsSQL), the
// list was gone: `SET @dw = CAST('5y' AS SIGNED); SELECT CONCAT(@c, 1) INTO @x; SELECT
// @@warning_count INTO @w3` stored 0 where the client stores 1 (x-fix34, --parallel gone
// serial and serial --checkpoint; `DO f(1)` of a stored function that opens no table
// likewise: TestLeadS43WarningThenFunctionCallThenReader). Its own warnings go uncounted,
// as a keeper's (keepsAreaCounted). A SAVEPOINT or RELEASE SAVEPOINT, and a wrapper
// whose innermost statement is such a SELECT, DO, VALUES or SET (plan's KeepsWrapped:
// EXECUTE IMMEDIATE 'SELECT 1', EXECUTE of a prepared 'SELECT 1', SET STATEMENT … FOR DO
// 1) keep it too: emptied before them, a CALL after them whose body stores
// @@warning_count stored 0 where the client stores 1 (TestReviewX20StaleLookupsEmptyArea).
func (wl *warnLog) mayKeep(c Conn, st *split.Statement) bool {
	if !wl.inOrder.Load() || c != wl.r.conn || st.Kind == split.KindClient || len(st.SQL) == 0 {
		return false
	}
	switch strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax())) {
	case "SELECT", "DO", "VALUES":
		return plan.MayKeepArea(st)
	case "SAVEPOINT", "RELEASE":
		return plan.IsSavepoint(st)
	case "EXECUTE", "SET":
		return wl.diag.KeepsWrapped(st)
	}
	return false
}

// clearStaleWarnings empties c's warning list before st when st's own warnings could not
// be told from what an earlier statement left there.
func (wl *warnLog) clearStaleWarnings(ctx context.Context, c Conn, st *split.Statement) error {
	if !(wl.countsWarnings(c, st) || wl.areaCounts(c, st)) || usesTable(st) || wl.warningsEmpty(c) {
		return nil
	}
	if err := wl.countLost(ctx, c); err != nil { // diagcount.go
		return err
	}
	if _, err := c.ExecContext(ctx, clearWarningsSQL); err != nil {
		return err
	}
	wl.setWarningsEmpty(c, true)
	return nil
}

// warningsEmpty reports whether c's warning list is known to be empty: the last statement
// on it was counted and raised nothing.
func (wl *warnLog) warningsEmpty(c Conn) bool {
	r := wl.r
	r.listMu.Lock()
	defer r.listMu.Unlock()
	return wl.warnEmpty[c]
}

// setWarningsEmpty records what c's warning list holds. Anything sent on c without
// counting its warnings (session statements, a worker's replay of them, an error, added
// indexes) makes it unknown: setWarningsEmpty(c, false).
func (wl *warnLog) setWarningsEmpty(c Conn, empty bool) {
	r := wl.r
	r.listMu.Lock()
	defer r.listMu.Unlock()
	if wl.warnEmpty == nil {
		wl.warnEmpty = map[Conn]bool{}
	}
	wl.warnEmpty[c] = empty
}

// ServerWarning is one warning the server raised for a dump statement.
type ServerWarning struct {
	Offset  int64
	Line    int64
	Table   string
	Level   string // "Warning" or "Error"; notes are not kept
	Code    int
	Message string
}

func (w ServerWarning) String() string {
	return fmt.Sprintf("%s: %s %d: %s", split.Position{Offset: w.Offset, Line: w.Line}, w.Level, w.Code, w.Message)
}

// maxWarningsKept bounds the warnings a result lists (all are counted).
const maxWarningsKept = 20

// countWarnings reads @@warning_count after a statement and, when it is not zero, SHOW
// WARNINGS, so that notes ("table already exists") are told apart from warnings (data
// truncated, out of range), which are counted and the first few kept with their position.
func (wl *warnLog) countWarnings(ctx context.Context, c Conn, st *split.Statement) error {
	ws, n, err := wl.readWarnings(ctx, c, st)
	wl.recordWarnings(ws, n)
	return err
}

// readWarnings reads st's warnings (notes left out) from c: the list SHOW WARNINGS gives
// and their count, which covers those past max_error_count.
func (wl *warnLog) readWarnings(ctx context.Context, c Conn, st *split.Statement) ([]ServerWarning, int64, error) {
	var n int64
	if err := c.QueryRowContext(ctx, "SELECT @@warning_count").Scan(&n); err != nil {
		wl.setWarningsEmpty(c, false)
		return nil, 0, err
	}
	return wl.warningsCounted(ctx, c, st, n)
}

// warningsCounted is readWarnings once st's count of conditions n is known: from
// @@warning_count, or from the OK packet a worker read (rawQuery), which spares a query
// per statement. For a statement that uses a table the two agree: the server empties the
// list before it runs.
func (wl *warnLog) warningsCounted(ctx context.Context, c Conn, st *split.Statement, n int64) ([]ServerWarning, int64, error) {
	wl.setWarningsEmpty(c, n == 0)
	wl.r.conditions.Add(n)
	if n == 0 {
		return nil, 0, nil
	}
	return wl.listWarnings(ctx, c, st, n)
}

// listWarnings reads the warnings of st, which raised n conditions (notes included), with
// SHOW WARNINGS.
func (wl *warnLog) listWarnings(ctx context.Context, c Conn, st *split.Statement, n int64) ([]ServerWarning, int64, error) {
	rows, err := c.QueryContext(ctx, "SHOW WARNINGS")
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var all []ServerWarning
	for rows.Next() {
		w := ServerWarning{Offset: st.Offset, Line: st.Line, Table: st.Table}
		if err := rows.Scan(&w.Level, &w.Code, &w.Message); err != nil {
			return nil, 0, err
		}
		all = append(all, w)
	}
	if int64(len(all)) > n {
		// The list holds conditions kept from before st too (a stored function's are
		// added to them: diagcount.go's countKeeper): st's are the last n.
		all = all[int64(len(all))-n:]
	}
	var ws []ServerWarning
	for _, w := range all {
		if w.Level != "Note" {
			ws = append(ws, w)
		}
	}
	warnings := int64(len(ws))
	// SHOW WARNINGS lists at most max_error_count; the count covers the rest.
	if warnings > 0 && n > warnings {
		warnings = n
	}
	return ws, warnings, rows.Err()
}

// recordWarnings adds warnings read by readWarnings to the result: n counted, the list
// kept up to maxWarningsKept.
func (wl *warnLog) recordWarnings(ws []ServerWarning, n int64) {
	r := wl.r
	if n == 0 {
		return
	}
	r.listMu.Lock()
	for _, w := range ws {
		if len(r.result.WarningList) < maxWarningsKept {
			r.result.WarningList = append(r.result.WarningList, w)
		}
	}
	r.listMu.Unlock()
	r.warnings.Add(n)
}

// pendingWarnings is a statement that raised n conditions (warnings or notes), whose list
// is not read yet.
type pendingWarnings struct {
	st split.Statement // its position and table; SQL not kept
	n  int64
}

// notePending takes st's warning count from the wire: nothing to do when it is 0 (most
// statements), and otherwise the list is read before the next statement (readPending).
func (wl *warnLog) notePending(st *split.Statement) {
	r := wl.r
	n, ok := r.opt.Wire.lastWarnings()
	if !ok || n == 0 {
		return
	}
	wl.pending = &pendingWarnings{st: split.Statement{Kind: st.Kind, Table: st.Table, Offset: st.Offset, Line: st.Line}, n: int64(n)}
}

// readPending reads the pending statement's warnings, before next is sent (nil: the
// replay ended). SHOW WARNINGS tells the warnings from the notes and leaves the warning
// list alone, but ROW_COUNT() becomes −1 after it (MariaDB 10.11 keeps FOUND_ROWS();
// other servers may not), so it is not sent when next may read either: then the
// conditions are counted as warnings, unlisted, as they cannot be told apart from notes
// without a statement.
func (wl *warnLog) readPending(ctx context.Context, next *split.Statement) {
	r := wl.r
	p := wl.pending
	if p == nil {
		return
	}
	wl.pending = nil
	if next != nil && (wl.laterReader || mayReadRowCount(next)) {
		wl.recordWarnings(nil, p.n)
		return
	}
	ws, n, err := wl.listWarnings(ctx, r.conn, &p.st, p.n)
	if err != nil {
		ws, n = nil, p.n // the count is known; the list is not
	}
	wl.recordWarnings(ws, n)
}

// mayReadRowCount reports whether st may read ROW_COUNT() or FOUND_ROWS(): it names one,
// or runs code that the text does not show (a stored procedure, a prepared statement).
func mayReadRowCount(st *split.Statement) bool {
	if strings.HasPrefix(st.Verb, "CALL") || strings.HasPrefix(st.Verb, "EXECUTE") {
		return true
	}
	return containsFold(st.SQL, "ROW_COUNT") || containsFold(st.SQL, "FOUND_ROWS")
}
