package replay

import (
	"context"

	"github.com/dumpscope/dumpscope/importer/split"
)

// Statements that return rows but may leave FOUND_ROWS() as it was (rowCounts.giveFound,
// noteRan).

// mayKeepFound reports whether w, a resultWord, is a statement that returns rows and may
// leave FOUND_ROWS() as it was: measured on MariaDB 10.11.19 after `SELECT
// SQL_CALC_FOUND_ROWS … LIMIT 1` of 7, VALUES (1),(2),(3), HANDLER … READ, CHECK,
// ANALYZE, OPTIMIZE, REPAIR and CHECKSUM TABLE, HELP, EXPLAIN SELECT * FROM t, SHOW
// WARNINGS, SHOW CREATE TABLE, SHOW GRANTS read 7 after them; SHOW TABLES, SHOW INDEX, DESC
// t, EXPLAIN EXTENDED SELECT 1, VALUES … UNION SELECT set it (the statements the server
// runs through a SELECT of its own do). The read-back after them read what dumpscope's own
// SELECTs had left on the control connection: 1 where the client's reader after VALUES or
// HANDLER READ has 7 (x-review29, TestReviewX29FoundRowsSetters). A SELECT or WITH sets it
// always; CALL, EXECUTE and compound statements have giveFound's own path; XA RECOVER
// keeps it and is noted so (noteRan).
func mayKeepFound(w string) bool {
	switch w {
	case "", "SELECT", "WITH", "CALL", "EXECUTE", "BEGIN", "XA RECOVER":
		return false
	}
	return true
}

// giveFoundKept gives c, right before st (a statement mayKeepFound), the FOUND_ROWS() the
// dump's statements left, as giveFound does before a CALL: after st the read-back is the
// client's value whether st set it or kept it. Not given (not known, or above 1 over
// conditions a SHOW WARNINGS may read, which the digit tables would clear): noteRan
// marks it lost after st, and a reader is refused by name. A function: rowCounts is at
// the layout's 25 methods.
func giveFoundKept(ctx context.Context, rc *rowCounts, c Conn, st *split.Statement) error {
	if err := rc.readHeldFound(ctx, c); err != nil {
		return err
	}
	n, known := foundToGive(rc)
	if !known {
		return nil
	}
	if n > 1 {
		var w int64
		if err := c.QueryRowContext(ctx, "SELECT @@warning_count").Scan(&w); err != nil {
			return err
		}
		if w > 0 {
			return nil
		}
	}
	if _, err := c.ExecContext(ctx, foundRowsQuery(n)); err != nil {
		return err
	}
	rc.mu.Lock()
	rc.foundGivenAt = st.Offset
	rc.mu.Unlock()
	return nil
}
