package checkpoint

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// A stop between a SET GLOBAL and its marker (MarkGlobalRan). The SET changed the
// server, and no marker says so: a resume ran it again, and SET GLOBAL x = @@global.x +
// 1000 added its 1000 twice. So just before a SET GLOBAL runs, the GLOBAL values of what
// it sets are journaled (RecordGlobalsBefore), as the SET that gives them back; a resume
// on the same server (no restart) that finds no marker reads them again: changed, the SET
// ran (GlobalRan); unchanged, it did not, or it ran and set what was there (SET GLOBAL x
// = 5 over 5), and run again from that same state it gives what the client's did. Only
// the dump changes these GLOBALs while it runs (the control connection, in stream
// order), so a later SET GLOBAL of the dump cannot have run in between: its own journal
// row and marker come after this one's marker. Limits: a value that reads what differs
// from run to run (RAND(), NOW()) that happened to give the value that was there is run
// again and may give another (the rows committed between the two read the first); a
// GLOBAL another client changed while dumpscope was stopped is taken for the dump's.
// After a restart GLOBALs are back to their configured values and the SET runs again, as
// before.
//
// The table is non-transactional, as the markers' (made beside it by ensureRanTable):
// the row must stand whether or not the dump's transaction that the SET ran in commits.

// globalsTable holds the journaled GLOBAL values: names are the variables, comma
// separated ([a-z0-9_] each), and assign is the SET that gives their values back (SET
// @@GLOBAL.x = literal, …: readVars), which is also what is compared.
const globalsTable = "CREATE TABLE IF NOT EXISTS " + ProgressSchema + ".globals (run_id CHAR(32) CHARACTER SET ascii, start_offset BIGINT, names TEXT CHARACTER SET ascii, assign LONGBLOB, PRIMARY KEY (run_id, start_offset)) ENGINE="

// RecordGlobalsBefore journals on c, just before the SET GLOBAL at offset runs there, the
// GLOBAL values of the server variables names (lower case, without @@) it sets. Nothing
// without a resumable run or the markers' table. A value the server will not read (ERROR
// 1193 of a name it does not know) is not journaled, and the SET is left to fail with the
// server's own error, as the client's does; a resume then has the marker alone.
func RecordGlobalsBefore(ctx context.Context, r *Run, c Conn, offset int64, names []string) error {
	if r == nil || !r.Resumable() || !r.ranMade.Load() || len(names) == 0 {
		return nil
	}
	assign, err := readGlobals(ctx, c, names)
	if err != nil {
		return ctx.Err()
	}
	if _, err := c.ExecContext(ctx, "REPLACE INTO "+ProgressSchema+".globals (run_id, start_offset, names, assign) VALUES (?, ?, ?, ?)", r.RunID, offset, strings.Join(names, ","), []byte(assign)); err != nil {
		return fmt.Errorf("journal the GLOBAL values of %s before it: %w", strings.Join(names, ", "), err)
	}
	return nil
}

// GlobalsBefore returns the SET that gives back the GLOBAL values journaled before the
// SET GLOBAL at offset ran (RecordGlobalsBefore), and whether they differ from the
// server's now, read on c; ok is false when none were journaled.
func GlobalsBefore(ctx context.Context, r *Run, c Conn, offset int64) (assign string, changed, ok bool, err error) {
	if r == nil || !r.ranMade.Load() {
		return "", false, false, nil
	}
	var names string
	var b []byte
	err = c.QueryRowContext(ctx, "SELECT names, assign FROM "+ProgressSchema+".globals WHERE run_id = ? AND start_offset = ?", r.RunID, offset).Scan(&names, &b)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, false, nil
	}
	if err != nil {
		return "", false, false, fmt.Errorf("read the GLOBAL values journaled before the SET GLOBAL at offset %d: %w", offset, err)
	}
	now, err := readGlobals(ctx, c, strings.Split(names, ","))
	if err != nil {
		return "", false, false, fmt.Errorf("read the GLOBAL values the SET GLOBAL at offset %d sets: %w", offset, err)
	}
	return string(b), now != string(b), true, nil
}

// readGlobals is the SET of literals that gives the variables names their GLOBAL values
// as they are on c now.
func readGlobals(ctx context.Context, c Conn, names []string) (string, error) {
	qualified := make([]string, len(names))
	for i, n := range names {
		qualified[i] = "@@GLOBAL." + n
	}
	return readVars(ctx, c, qualified)
}
