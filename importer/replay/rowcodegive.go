package replay

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/split"
)

// The ROW_COUNT() a CALL's, EXECUTE's or compound statement's code may read, given back
// on the control connection right before it (rowCounts.giveFound calls giveRowToCode;
// plan's rowcountcode.go marks such statements).

// errRowCountToCode is what giveRowToCode returns where it cannot give the count back:
// the replay refuses the statement with it (Replayer.exec). why says what stands in the
// way of giving back n.
type errRowCountToCode struct {
	n   int64
	why string
}

func (e errRowCountToCode) Error() string {
	count := "a count dumpscope did not follow"
	if e.n != unknownRowCount {
		count = strconv.FormatInt(e.n, 10)
	}
	why := e.why
	if e.n == unknownRowCount {
		why = "dumpscope did not follow it (a resume skipped the statement before, or its count was lost), and its own statements before a CALL, EXECUTE or compound statement leave −1"
	}
	return "the code it runs may read ROW_COUNT, which the client's connection has at " + count +
		" from the statement before it: " + why
}

// unknownRowCount stands for a ROW_COUNT() that rowCounts does not know in
// errRowCountToCode.
const unknownRowCount = -1 << 63

// rowToCode returns the ROW_COUNT() st's code may read (codeReadsAt) as the dump's
// statement before it left it, and whether it is known; reads is false where st's code
// reads none.
func (rc *rowCounts) rowToCode(st *split.Statement) (n int64, known, reads bool) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	reads = rc.codeReadsAt == st.Offset
	// Noted for the statement right before it: one a resume skipped has no count here.
	n, known = rc.row, rc.rowAt == rc.codePrev && !rc.rowLost
	if rc.codePrev < 0 && rc.rowAt < 0 {
		n, known = 0, true // a new connection's (the client's starts with 0)
	}
	return n, known, reads
}

// giveRowToCode gives the control connection, right before st (a CALL, EXECUTE or
// compound statement, after FOUND_ROWS() was given or held back), the ROW_COUNT() the
// dump's statement before it left, where st's code may read it (codeReadsAt; see plan's
// rowcountcode.go). selected: the statement the replay sent last is a SELECT, which left
// −1. −1 is given by SELECT 1, 0 by DO 0: both keep the diagnostics area; DO 0 keeps
// FOUND_ROWS() too (checked on MariaDB 10.11: SELECT … LIMIT 3; DO 0; CALL p() reads
// ROW_COUNT 0 and FOUND_ROWS() 3). A count of 1 or more is given by deleting the rows
// fillRowToCode put in a scratch table before FOUND_ROWS() was given (a DELETE keeps it):
// a block run after SELECT 1 INTO read FOUND_ROWS() 0 where the client's reads it as it
// was (x-review29's TestReviewX29RowCountGiven 3 of 72, x-fuzz9's seed 169686). Where the
// area holds a condition, fillRowToCode fills none and 1 is given by a SELECT … INTO
// (oneGive). One not known is refused: errRowCountToCode.
func (rc *rowCounts) giveRowToCode(ctx context.Context, c Conn, st *split.Statement, selected bool) error {
	n, known, reads := rc.rowToCode(st)
	switch {
	case !reads:
		return nil
	case !known:
		return errRowCountToCode{n: unknownRowCount}
	case n == -1 && selected:
		return nil
	case n == -1:
		return c.QueryRowContext(ctx, "SELECT 1").Scan(new(int))
	case n == 0:
		_, err := c.ExecContext(ctx, "DO 0")
		return err
	case n == 1 && !takeOneFilled(rc, st):
		_, err := c.ExecContext(ctx, oneGive(rc, st))
		return err
	}
	res, err := c.ExecContext(ctx, "DELETE FROM "+rowCountTable+" WHERE i = 0")
	if err != nil {
		return rowsRefused(n, err)
	}
	if got, err := res.RowsAffected(); err != nil || got != n {
		return rowsRefused(n, fmt.Errorf("%d rows deleted where %d were meant", got, n))
	}
	return nil
}

// rowCountTable is the scratch table fillRowToCode fills: a temporary table of the
// control connection's, in dumpscope's own schema (a temporary table needs no schema
// that exists, and one in the dump's current schema would hide a table of the dump's of
// that name), named with ownVarSuffix. MyISAM: its rows are not part of the dump's
// transaction, and no size cap (MEMORY's max_heap_table_size) stops a large count.
var rowCountTable = "`" + checkpoint.ProgressSchema + "`.`row_count_" + ownVarSuffix + "`"

// rowCountChunk is how many rows one INSERT of fillRowToCode adds (4 bytes each: a
// statement well under max_allowed_packet).
const rowCountChunk = 1 << 16

// fillRowToCode readies, before FOUND_ROWS() is given to st's code (giveFound), a
// ROW_COUNT() n > 1 that st's code may read: rowCountTable filled with n rows, which
// giveRowToCode then deletes, leaving n. A statement that uses a table clears the
// diagnostics area, which a CALLed body or a block may read (GET DIAGNOSTICS,
// @@warning_count): given only when c's area holds no condition (SELECT @@warning_count
// keeps it), so clearing it changes nothing. INSERT … VALUES and DELETE leave
// FOUND_ROWS() as it was, the SELECTs here do not: they come before giveFound's.
// Before, such a count was refused: a block reading ROW_COUNT() after an INSERT of
// three rows under --parallel 2, --load-data and --checkpoint (x-fix78's
// TestXFix78BlockReadsRowCount; TestXFix81BlockRowCountGiven), a CALL after an UPDATE of
// five (TestRowCountReadByCode). Temporary tables are written inside a READ ONLY
// transaction and under LOCK TABLES without a lock; where the server refuses one anyway,
// the count is refused, naming why.
func (rc *rowCounts) fillRowToCode(ctx context.Context, c Conn, st *split.Statement) error {
	n, known, reads := rc.rowToCode(st)
	if !reads || !known || n < 1 {
		return nil
	}
	var w int64
	if err := c.QueryRowContext(ctx, "SELECT @@warning_count").Scan(&w); err != nil {
		return err
	}
	if w > 0 && n == 1 {
		// Given by a SELECT … INTO that keeps the area (oneGive); giveFound gives no
		// FOUND_ROWS() above 1 over conditions either (a reader of it is refused: lostState).
		return nil
	}
	if w > 0 {
		return errRowCountToCode{n: n, why: "the statement that would leave that count on dumpscope's connection clears its diagnostics area, which holds " +
			strconv.FormatInt(w, 10) + " condition(s) the code may read as well (only −1, 0 and 1 are given back keeping it)"}
	}
	if _, err := c.ExecContext(ctx, "CREATE TEMPORARY TABLE IF NOT EXISTS "+rowCountTable+" (i tinyint NOT NULL DEFAULT 0) ENGINE=MyISAM"); err != nil {
		return rowsRefused(n, err)
	}
	var q strings.Builder
	for left := n; left > 0; {
		k := min(left, rowCountChunk)
		q.Reset()
		q.Grow(int(k)*4 + 64)
		q.WriteString("INSERT INTO " + rowCountTable + " VALUES (0)")
		for range k - 1 {
			q.WriteString(",(0)")
		}
		if _, err := c.ExecContext(ctx, q.String()); err != nil {
			return rowsRefused(n, err)
		}
		left -= k
	}
	if n == 1 {
		rc.mu.Lock()
		rc.oneFilledAt = st.Offset
		rc.mu.Unlock()
	}
	return nil
}

// foundToGive is the FOUND_ROWS() giveFound gives before a CALL, EXECUTE or compound
// statement, and whether it is known (it gives none that is not). A function, not a
// method: rowCounts is at the layout's 25.
func foundToGive(rc *rowCounts) (int64, bool) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.foundAt < 0 {
		return startFoundRows, true
	}
	return rc.found, !rc.foundLost && !rc.foundSkipped
}

// oneGive returns the statement that gives ROW_COUNT() 1 keeping the diagnostics area, for
// a count fillRowToCode could not fill (the area holds a condition): SELECT 1 INTO leaves
// FOUND_ROWS() 0 after it, SELECT SQL_CALC_FOUND_ROWS 1 INTO leaves 1 (checked on MariaDB
// 10.11), so where giveFound gave 1 before st, the latter (x-review29's
// TestReviewX29RowCountGiven); giveFound gives no FOUND_ROWS() above 1 over conditions,
// and where it gave none, nothing reads it as the client left it.
func oneGive(rc *rowCounts, st *split.Statement) string {
	found, known := foundToGive(rc)
	rc.mu.Lock()
	given := rc.foundGivenAt == st.Offset && known
	rc.mu.Unlock()
	if given && found == 1 {
		return "SELECT SQL_CALC_FOUND_ROWS 1 INTO " + rowCountVar
	}
	return "SELECT 1 INTO " + rowCountVar
}

// takeOneFilled reports whether fillRowToCode filled the one row of a ROW_COUNT() 1 for
// st, and forgets it. A count of 1 is given so, by a DELETE that leaves FOUND_ROWS() as
// it was, where the diagnostics area is empty: SELECT 1 INTO a variable leaves
// FOUND_ROWS() 1 at once, but a block run after it leaves 0 where one run after SELECT
// SQL_CALC_FOUND_ROWS 1 LIMIT 0 (giveFound's) leaves 1 (measured on MariaDB 10.11.19:
// x-fuzz9 seed 169686, TestXFuzz9FoundRowsAfterHandlerBlock). A function: rowCounts is
// at its limit of methods.
func takeOneFilled(rc *rowCounts, st *split.Statement) bool {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.oneFilledAt != st.Offset {
		return false
	}
	rc.oneFilledAt = -1
	return true
}

// rowsRefused is the refusal of a count n fillRowToCode or giveRowToCode could not leave
// (err: the server's refusal of the scratch table).
func rowsRefused(n int64, err error) error {
	return errRowCountToCode{n: n, why: "dumpscope leaves that count by deleting rows of a temporary table of its own, which the server refused here (" + err.Error() + ")"}
}

// codeReads notes that st's code may read ROW_COUNT (plan.Plan.CodeReadsRowCount), prev
// being the offset of the dump statement sent before st (-1: none).
func (rc *rowCounts) codeReads(st *split.Statement, reads bool, prev int64) {
	if rc == nil || !reads {
		return
	}
	rc.mu.Lock()
	rc.codeReadsAt, rc.codePrev = st.Offset, prev
	rc.mu.Unlock()
}
