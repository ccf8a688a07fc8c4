package replay

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// rowCounts follows, in a parallel replay, what ROW_COUNT() and FOUND_ROWS() return on the
// client's one connection, so that a dump statement that reads them is given the client's
// values (difffuzz seed 500: `CREATE DATABASE fz0; SET @v = ROW_COUNT();` read 0 where the
// client's read 1). On the control connection dumpscope's own statements (progress rows
// and their COMMIT, intents, warning counts, table look-ups) run between two of the dump's,
// and each sets both functions anew; the dump's statements also run on other connections
// (batches and barrier items on the workers). Every dump statement that runs notes what it
// left (noteRan: the driver's affected-rows count, which is ROW_COUNT(); both functions
// read back at once after a statement that may return a result set or set FOUND_ROWS);
// a reader, which always runs on the control connection once nothing else is in flight,
// gets the values as literals in place of the calls (give).
//
// What the mariadb client's connection starts with and what its `use` does were read
// from the client: ROW_COUNT() 0 and FOUND_ROWS() 0 at the start (startFoundRows); a
// `use` sends SELECT DATABASE() and leaves ROW_COUNT() 0 and FOUND_ROWS() 1. UPDATE,
// DELETE, INSERT … VALUES and DDL (DROP TABLE, CREATE TABLE, ALTER, TRUNCATE, RENAME,
// CREATE DATABASE/VIEW/PROCEDURE) leave FOUND_ROWS() as it was; INSERT … SELECT, REPLACE …
// SELECT and CREATE TABLE … SELECT set it (the rows the SELECT found, 0 for one that
// opens no table: `INSERT INTO t SELECT FOUND_ROWS()` leaves 0, measured on MariaDB
// 10.11.19; difffuzz seed 85117), so they are read back too (setsFoundInside).
type rowCounts struct {
	mu sync.Mutex
	// rowAt is the offset of the furthest dump statement (in stream order) whose
	// ROW_COUNT() is noted, row that count; -1 before any. rowLost: not known (a DDL a
	// resume found already applied, ERROR 1050 in place of its count).
	rowAt, row int64
	rowLost    bool
	// rowReadOver: ROW_COUNT() after the statement at rowAt, a count giveRow cannot give
	// back (not −1, 0 or 1), was overwritten by dumpscope's own read of the user
	// variables it set (recordUserVarsInTxn): a reader right after it is refused.
	rowReadOver bool
	// foundAt, found: the same for FOUND_ROWS(), which only some statements set; lost
	// after a CALL or EXECUTE that giveFound could not precede, skipped once a resume skipped a statement that may have
	// set it (a reader is then refused: lostState).
	foundAt, found          int64
	foundLost, foundSkipped bool
	// foundHeld: found is not read yet; the control connection holds it in
	// foundRowsVar (holdFound), which give reads in its place and giveFound reads back.
	foundHeld bool
	// foundGivenAt is the offset of the CALL or EXECUTE before which the control
	// connection was given the client's FOUND_ROWS() (giveFound); -1: none.
	foundGivenAt int64
	// codeReadsAt is the offset of the CALL or EXECUTE whose code may read ROW_COUNT
	// (plan.Plan.CodeReadsRowCount), which giveFound gives it back before, and codePrev
	// the offset of the dump statement sent before it (-1: none).
	codeReadsAt, codePrev int64
	// plannedAt is the offset of the dump statement the control connection is about to
	// run (runPlanned), plannedPrev the offset of the one sent before it (-1: none):
	// what a reader of ROW_COUNT there is given (giveRow) and what a GET DIAGNOSTICS
	// leaves (noteRan). plannedLiteral: that statement is a row insert of literal values
	// (plan.Plan.Literal), which reads no count: giveRow and give skip it unscanned.
	plannedAt, plannedPrev int64
	plannedLiteral         bool
	// oneFilledAt is the offset of the statement for which fillRowToCode put the one row
	// of a ROW_COUNT() 1 in the scratch table (-1: none): giveRowToCode deletes it rather
	// than SELECT 1 INTO, which changes what a block leaves in FOUND_ROWS().
	oneFilledAt int64
}

// startFoundRows is FOUND_ROWS() on a new connection before any statement set it: 0 on
// a new thread of MariaDB 10.11.19. The client sends nothing of its own in batch mode
// (checked under strace: no `select @@version_comment limit 1`, which it sends only to
// print its welcome), but a connection the server gives a cached thread
// (thread_cache_size > 0, the default) reads what that thread's previous connection left:
// `SELECT SQL_CALC_FOUND_ROWS … LIMIT 0` of 3 rows on one connection, `SELECT
// FOUND_ROWS()` on the next reads 3; with thread_cache_size = 0 it reads 0. That value
// is the server's history, not the dump's (difffuzz seed 59237: 1 under the client, whose
// server had run other connections before, 0 here): 0 is the only one a dump can be
// said to mean.
const startFoundRows = 0

func newRowCounts() *rowCounts {
	return &rowCounts{rowAt: -1, foundAt: -1, foundGivenAt: -1, codeReadsAt: -1, codePrev: -1, plannedAt: -1, plannedPrev: -1, oneFilledAt: -1}
}

// giveFound sets FOUND_ROWS() on c to the client's before a CALL or EXECUTE runs on it:
// a procedure or prepared statement that runs no SELECT leaves FOUND_ROWS() as it was
// (the client's read 2 after `SELECT … LIMIT 2; CALL p();` with p setting a variable),
// and on the control connection it was what dumpscope's own statements left. After it,
// the read-back in noteRan is the client's value either way. The count is set by a
// SELECT SQL_CALC_FOUND_ROWS … LIMIT 0 that returns no rows over a cross join of digit
// tables filtered to n rows (at most 10n made: 3,000,000 in 2 s on MariaDB 10.11, where
// a recursive CTE took 30 s); ROW_COUNT() after a CALL or EXECUTE is the statement's
// own, whatever came before. Not known (a resume skipped what set it), or not to be
// given without emptying the diagnostics area (see below): nothing is sent, and a reader
// after it is refused (lostState). n of 0 and 1 is given by SELECTs that keep the area.
func (rc *rowCounts) giveFound(ctx context.Context, c Conn, st *split.Statement) error {
	if rc == nil || st.Kind == split.KindClient {
		return nil
	}
	w := resultWord(st)
	if mayKeepFound(w) {
		return giveFoundKept(ctx, rc, c, st) // foundkept.go
	}
	if !runsCodeWord(w) {
		return nil
	}
	if err := rc.readHeldFound(ctx, c); err != nil {
		return err
	}
	if err := rc.fillRowToCode(ctx, c, st); err != nil { // rowcodegive.go
		return err
	}
	n, known := foundToGive(rc)
	if !known {
		return rc.giveRowToCode(ctx, c, st, false)
	}
	if n > 1 {
		// Only a SELECT that opens no table and has no subquery keeps the diagnostics
		// area, and none of those returns more than one row; the digit tables empty the
		// area, which the CALL's or EXECUTE's code may read (GET DIAGNOSTICS in a
		// procedure made by EXECUTE IMMEDIATE, which the dump does not show:
		// TestDiffFuzzFound3FoundRowsBeforeCallClearsDiagnostics). SELECT @@warning_count
		// keeps it (all checked on MariaDB 10.11): with conditions in it, nothing is
		// given, and FOUND_ROWS() after st is not known (a reader is refused, lostState).
		var w int64
		if err := c.QueryRowContext(ctx, "SELECT @@warning_count").Scan(&w); err != nil {
			return err
		}
		if w > 0 {
			return rc.giveRowToCode(ctx, c, st, true)
		}
	}
	if _, err := c.ExecContext(ctx, foundRowsQuery(n)); err != nil {
		return err
	}
	rc.mu.Lock()
	rc.foundGivenAt = st.Offset
	rc.mu.Unlock()
	return rc.giveRowToCode(ctx, c, st, true)
}

// foundRowsQuery returns a statement that returns no rows and leaves FOUND_ROWS() n.
func foundRowsQuery(n int64) string {
	if n <= 0 {
		return "SELECT SQL_CALC_FOUND_ROWS 1 FROM DUAL WHERE 0 LIMIT 0"
	}
	var from, sum strings.Builder
	scale := int64(1)
	for i := 0; scale < n; i++ {
		if i > 0 {
			from.WriteString(", ")
			sum.WriteString(" + ")
		}
		fmt.Fprintf(&from, "d d%d", i)
		fmt.Fprintf(&sum, "%d * d%d.i", scale, i)
		scale *= 10
	}
	if scale == 1 { // n == 1
		return "SELECT SQL_CALC_FOUND_ROWS 1 LIMIT 0"
	}
	return "WITH d(i) AS (SELECT 0 UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9) " +
		"SELECT SQL_CALC_FOUND_ROWS 1 FROM " + from.String() + " WHERE " + sum.String() + " < " + strconv.FormatInt(n, 10) + " LIMIT 0"
}

// resultVerbs are the first words of statements that may return a result set (then
// ROW_COUNT() is −1, not the driver's affected rows) and set FOUND_ROWS(), or leave it
// (mayKeepFound: a read-back after one is the client's only where giveFound ran). A SELECT
// inside another statement (INSERT … SELECT, CREATE TABLE … SELECT) sets neither. CALL
// and EXECUTE may or may not run a SELECT: FOUND_ROWS() after them is known only when the
// client's was given to the connection before them (giveFound). XA is
// not among them: after XA END the server refuses the read-back (ERROR 1399).
var resultVerbs = map[string]bool{
	"SELECT": true, "SHOW": true, "DESC": true, "DESCRIBE": true, "EXPLAIN": true, "HELP": true,
	"CALL": true, "EXECUTE": true, "HANDLER": true, "VALUES": true, "TABLE": true, "WITH": true,
	"CHECK": true, "ANALYZE": true, "OPTIMIZE": true, "REPAIR": true, "CHECKSUM": true,
}

// noteRan records what st, just run on c (res and err its outcome), left in ROW_COUNT()
// and FOUND_ROWS(); control: c is the control connection, where the dump's next
// statement may read the diagnostics area. A nil rowCounts (a serial replay, exact
// through the wire) notes nothing.
func (rc *rowCounts) noteRan(ctx context.Context, c Conn, control bool, st *split.Statement, res sql.Result, err error) error {
	if rc == nil || st.Kind == split.KindClient || len(st.SQL) == 0 {
		return nil
	}
	if err != nil {
		rc.noteRow(st.Offset, -1) // an error leaves −1 (a --force run goes on)
		return nil
	}
	in := unwrapSetStatement(st)
	if w := resultWord(in); w == "XA RECOVER" {
		rc.noteRow(st.Offset, -1) // its rows; FOUND_ROWS() as it was, and no read-back in an XA transaction
		return nil
	} else if w != "" {
		var row, found int64
		if err := c.QueryRowContext(ctx, "SELECT ROW_COUNT(), FOUND_ROWS()").Scan(&row, &found); err != nil {
			return err
		}
		rc.noteRow(st.Offset, row)
		rc.mu.Lock()
		given := rc.foundGivenAt == st.Offset
		rc.mu.Unlock()
		rc.noteFound(st.Offset, found, (runsCodeWord(w) || mayKeepFound(w)) && !given)
		return nil
	}
	n, _ := res.RowsAffected()
	if control && statementItems(st) {
		// GET DIAGNOSTICS of statement items leaves ROW_COUNT() as it was (the client's
		// `INSERT … (7), (8), (9); GET DIAGNOSTICS @r = ROW_COUNT; SET @x = ROW_COUNT()`
		// stores 3 in both; its OK packet says 0). One that reads a CONDITION may raise
		// one, and then leaves −1.
		if row, known := rc.rowBefore(st); known {
			n = row
		}
	}
	selects, returning := false, false
	if !rc.literalRows(st) {
		selects, returning = insideWords(in)
	}
	if returning {
		// A result set: ROW_COUNT() −1 (GET DIAGNOSTICS … ROW_COUNT too), whatever the
		// driver's affected rows say, and FOUND_ROWS() what a SELECT inside left, or as it
		// was; the read-back leaves −1, st's own.
		rc.noteRow(st.Offset, -1)
		if !selects {
			return nil
		}
		var found int64
		if err := c.QueryRowContext(ctx, "SELECT FOUND_ROWS()").Scan(&found); err != nil {
			return err
		}
		rc.noteFound(st.Offset, found, false)
		return nil
	}
	rc.noteRow(st.Offset, n)
	if subquerySetsFound(in) {
		rc.noteFound(st.Offset, 0, true) // set by its subquery or not: a reader is refused (lostState)
		return nil
	}
	if selects && valuesSubquery(in) {
		rc.noteFound(st.Offset, 0, true) // set by its subquery or left as it was: a reader is refused (lostState)
		return nil
	}
	if selects {
		if control && n == 1 {
			return rc.holdFound(ctx, c, st)
		}
		if control && n > 1 && foundIsRowCount(in) {
			rc.noteFound(st.Offset, n, false)
			return nil
		}
		if control && n != 0 {
			// The read-back would leave −1 in the diagnostics area's row count, which a
			// GET DIAGNOSTICS … ROW_COUNT next on this connection reads
			// (TestReviewX13RowCountAfterTemporaryTable); DO 0 gives back only 0, and
			// holdFound's SELECT … INTO only 1. Not known: a FOUND_ROWS() reader is
			// refused (lostState), not given a guess.
			rc.noteFound(st.Offset, 0, true)
			return nil
		}
		var found int64
		if err := c.QueryRowContext(ctx, "SELECT FOUND_ROWS()").Scan(&found); err != nil {
			return err
		}
		if control {
			if _, err := c.ExecContext(ctx, "DO 0"); err != nil { // ROW_COUNT() 0 again
				return err
			}
		}
		rc.noteFound(st.Offset, found, false)
	}
	if isUse(st) {
		rc.noteFound(st.Offset, 1, false) // the client's SELECT DATABASE()
	}
	return nil
}

// holdFound keeps FOUND_ROWS() after st, an INSERT/REPLACE/CREATE TABLE … SELECT that
// changed one row on the control connection c, in foundRowsVar: SELECT FOUND_ROWS() INTO
// it opens no table, so it keeps the diagnostics area's conditions, and it leaves
// ROW_COUNT() 1, st's own, for a GET DIAGNOSTICS … ROW_COUNT after st (as giveRow's
// SELECT 1 INTO does; checked on MariaDB 10.11). A SELECT of the value would leave −1
// there, so it is not read into the replay: give puts the variable in the place of a
// reader's FOUND_ROWS(), and giveFound reads it back before a CALL or EXECUTE, where a
// SELECT is sent anyway. Marked lost instead, the reader was refused where the client
// reads the count (x-review16 #5, TestReviewX16FoundRowsAfterDropTable: INSERT INTO
// vars_fr SELECT FOUND_ROWS(), DROP TABLE, then SELECT … FOUND_ROWS() INTO @w2).
func (rc *rowCounts) holdFound(ctx context.Context, c Conn, st *split.Statement) error {
	if _, err := c.ExecContext(ctx, "SELECT FOUND_ROWS() INTO "+foundRowsVar); err != nil {
		return err
	}
	rc.noteFound(st.Offset, 0, false)
	rc.mu.Lock()
	if rc.foundAt == st.Offset {
		rc.foundHeld = true
	}
	rc.mu.Unlock()
	return nil
}

// readHeldFound reads back into rc the FOUND_ROWS() holdFound left in foundRowsVar on c,
// if it did (a SELECT: ROW_COUNT() −1 after it).
func (rc *rowCounts) readHeldFound(ctx context.Context, c Conn) error {
	rc.mu.Lock()
	held, at := rc.foundHeld, rc.foundAt
	rc.mu.Unlock()
	if !held {
		return nil
	}
	var n int64
	if err := c.QueryRowContext(ctx, "SELECT "+foundRowsVar).Scan(&n); err != nil {
		return err
	}
	rc.mu.Lock()
	if rc.foundHeld && rc.foundAt == at {
		rc.found, rc.foundHeld = n, false
	}
	rc.mu.Unlock()
	return nil
}

// countsAt returns ROW_COUNT() and FOUND_ROWS() noted after st, a SELECT … INTO or VALUES
// whose variables are being journaled (controller.recordUserVars); ok is false when they
// were not noted for st (a serial replay: nil).
func (rc *rowCounts) countsAt(st *split.Statement) (row, found int64, ok bool) {
	if rc == nil || !returnsResult(st) {
		return 0, 0, false
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.rowAt != st.Offset || rc.rowLost || rc.foundAt != st.Offset || rc.foundLost || rc.foundHeld {
		return 0, 0, false
	}
	return rc.row, rc.found, true
}

// gaveBack notes what st left, where a resume sent assign, the journaled SET of its
// variables, in its place (controller.restoreUserVars): a SET or DO leaves ROW_COUNT() 0
// and FOUND_ROWS() as it was, as the SET does; a SELECT … INTO or VALUES the counts
// journaled with the SET (checkpoint.CountsOf), which a reader after it is given (the
// client's `SELECT COUNT(*) INTO @rc FROM k; INSERT … ROW_COUNT()` stores 1: the control
// connection read −1 there, x-review16 #4). Without them (an older journal) both are not
// known: a reader is refused (lostState).
func (rc *rowCounts) gaveBack(st *split.Statement, assign string) {
	if rc == nil {
		return
	}
	if !returnsResult(st) {
		rc.noteRow(st.Offset, 0)
		return
	}
	row, found, ok := checkpoint.CountsOf(assign)
	if !ok {
		rc.lost(st.Offset)
		rc.mu.Lock()
		rc.foundSkipped = true
		rc.mu.Unlock()
		return
	}
	rc.noteRow(st.Offset, row)
	rc.noteFound(st.Offset, found, false)
}

// noteRow records ROW_COUNT() n after the dump statement at offset at; a statement before
// the furthest one noted (a batch that committed late) changes nothing.
func (rc *rowCounts) noteRow(at, n int64) {
	if rc == nil {
		return
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if at >= rc.rowAt {
		rc.rowAt, rc.row, rc.rowLost, rc.rowReadOver = at, n, false, false
	}
}

// lost notes that what the statement at offset at left in ROW_COUNT() is not known: a
// reader right after it is refused (lostState), not given a guess.
func (rc *rowCounts) lost(at int64) {
	if rc == nil {
		return
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if at >= rc.rowAt {
		rc.rowAt, rc.rowLost, rc.rowReadOver = at, true, false
	}
}

// rowCountLost reports whether ROW_COUNT() after the statement at offset prev is not
// known (lost).
func (rc *rowCounts) rowCountLost(prev int64) bool {
	if rc == nil {
		return false
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return rc.rowAt == prev && rc.rowLost
}

// noteFound records FOUND_ROWS() n after the dump statement at offset at, or that it is
// not known (lost).
func (rc *rowCounts) noteFound(at, n int64, lost bool) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if at >= rc.foundAt {
		rc.foundAt, rc.found, rc.foundLost, rc.foundSkipped, rc.foundHeld = at, n, lost, false, false
	}
}

// skipped notes a statement a resume did not run: FOUND_ROWS() is unknown from there on
// until a statement sets it (ROW_COUNT() after a skipped statement is refused, lostState).
// An INSERT … SELECT sets it too (setsFoundInside): skipped, a reader after a statement
// that leaves it (a DROP TABLE) was given the count from before it.
func (rc *rowCounts) skipped(st *split.Statement) {
	if rc == nil {
		return
	}
	in := unwrapSetStatement(st)
	if resultWord(in) != "" || isUse(st) || (!rc.literalRows(st) && (setsFoundInside(in) || subquerySetsFound(in))) {
		rc.mu.Lock()
		rc.foundSkipped = true
		rc.mu.Unlock()
	}
}

// foundRowsLost reports whether FOUND_ROWS() was last set by a CALL or EXECUTE that
// giveFound did not precede (noteFound lost).
func (rc *rowCounts) foundRowsLost() bool {
	if rc == nil {
		return false
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return rc.foundLost
}

// foundRowsSkipped reports whether FOUND_ROWS() was last set by a statement a resume
// skipped (skipped).
func (rc *rowCounts) foundRowsSkipped() bool {
	if rc == nil {
		return false
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return rc.foundSkipped
}

// readerVerbs are the statements in which a ROW_COUNT() or FOUND_ROWS() call is evaluated
// once, when the statement starts, so a literal can stand for it. Not a routine, trigger,
// view or event body (evaluated later, against other statements), nor CALL or a compound
// statement; nor CREATE TABLE … SELECT, whose column would take the literal's name.
var readerVerbs = map[string]bool{
	"SET": true, "SELECT": true, "INSERT": true, "REPLACE": true, "UPDATE": true, "DELETE": true, "DO": true, "VALUES": true,
}

// give returns q, prepared from st, with its ROW_COUNT() and FOUND_ROWS() calls replaced by
// the values the client's connection would return, prev being the offset of the dump
// statement sent before st (-1: none). A value not known leaves its calls as they are: a
// statement before st whose count nothing noted (an INSERT IGNORE or REPLACE never goes
// into a LOAD DATA, which gives no count per statement, when a reader follows it:
// rowBatch.asInserts); after a CALL or EXECUTE not preceded by giveFound, FOUND_ROWS().
// A FOUND_ROWS() holdFound kept on the connection is given as its variable.
func (rc *rowCounts) give(st *split.Statement, q []byte, prev int64) []byte {
	if rc == nil || !readerVerbs[strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax()))] || rc.literalRows(st) ||
		!(sqlscan.ContainsFoldASCII(q, "ROW_COUNT") || sqlscan.ContainsFoldASCII(q, "FOUND_ROWS")) {
		return q
	}
	rc.mu.Lock()
	row, rowKnown := rc.row, rc.rowAt == prev && !rc.rowLost
	found, foundKnown, held := rc.found, !rc.foundLost && !rc.foundSkipped, rc.foundHeld
	if rc.foundAt < 0 {
		found = startFoundRows
	}
	rc.mu.Unlock()
	var out []byte
	last := 0
	l := sqlscan.New(q, st.Syntax())
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind != sqlscan.Word {
			continue
		}
		var v int64
		switch {
		case t.Is("ROW_COUNT") && rowKnown:
			v = row
		case t.Is("FOUND_ROWS") && foundKnown:
			v = found
		default:
			continue
		}
		save := l.Pos
		if open := l.Next(); open.Kind != sqlscan.Punct || open.Text != "(" {
			l.Pos = save
			continue
		}
		closing := l.Next()
		if closing.Kind != sqlscan.Punct || closing.Text != ")" {
			l.Pos = save
			continue
		}
		out = append(out, q[last:t.Start]...)
		out = append(out, '(')
		if t.Is("FOUND_ROWS") && held {
			out = append(out, foundRowsVar...) // holdFound
		} else {
			out = strconv.AppendInt(out, v, 10)
		}
		out = append(out, ')')
		last = closing.End
	}
	if out == nil {
		return q
	}
	return append(out, q[last:]...)
}
