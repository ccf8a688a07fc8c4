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
// @@GLOBAL.x = literal, …: readVars), which is also what is compared. session is the SET
// that gives back the session values, just before it, of the variables it sets GLOBAL
// that have one (NULL: none): a resume's new sessions start from the GLOBAL the SET
// changed, where the client's session kept its own (replay's setglobal.go). It is here,
// not in the vars journal (InnoDB), because a SET GLOBAL inside the dump's transaction
// stays when a stop rolls that transaction back, and so does its marker: the journal's
// row went with the transaction, and the resume, which skipped the SET, gave the new
// sessions nothing back (TestResumeSetGlobalInOpenTransaction: a TIMESTAMP stored from
// '+05:00' where the client's session had SYSTEM).
const globalsTable = "CREATE TABLE IF NOT EXISTS " + ProgressSchema + ".globals (run_id CHAR(32) CHARACTER SET ascii, start_offset BIGINT, names TEXT CHARACTER SET ascii, assign LONGBLOB, session LONGBLOB NULL, PRIMARY KEY (run_id, start_offset)) ENGINE="

// RecordGlobalsBefore journals on c, just before the SET GLOBAL at offset runs there, the
// GLOBAL values of the server variables names (lower case, without @@) it sets, and the
// session values of sessionNames (@@x: readVars). journaled is false without a resumable
// run or the markers' table (the caller journals the session values elsewhere). A GLOBAL
// value the server will not read (ERROR 1193 of a name it does not know) is not
// journaled, and the SET is left to fail with the server's own error, as the client's
// does; a resume then has the marker alone.
func RecordGlobalsBefore(ctx context.Context, r *Run, c Conn, offset int64, names, sessionNames []string) (journaled bool, err error) {
	if r == nil || !r.Resumable() || !r.ranMade.Load() || len(names) == 0 {
		return false, nil
	}
	assign, err := readGlobals(ctx, c, names)
	if err != nil {
		return true, ctx.Err()
	}
	var session []byte
	if len(sessionNames) > 0 {
		s, err := readVars(ctx, c, sessionNames)
		if err != nil {
			return true, fmt.Errorf("journal the session values of %s before it: %w", strings.Join(sessionNames, ", "), err)
		}
		session = []byte(s)
	}
	if _, err := c.ExecContext(ctx, "REPLACE INTO "+ProgressSchema+".globals (run_id, start_offset, names, assign, session) VALUES (?, ?, ?, ?, ?)", r.RunID, offset, strings.Join(names, ","), []byte(assign), session); err != nil {
		return true, fmt.Errorf("journal the GLOBAL values of %s before it: %w", strings.Join(names, ", "), err)
	}
	return true, nil
}

// GlobalsJournal is what RecordGlobalsBefore journaled for a SET GLOBAL.
type GlobalsJournal struct {
	// Assign gives back the GLOBAL values from before it; Changed: they differ from the
	// server's now.
	Assign  string
	Changed bool
	// Session gives back the session values from before it ("": none).
	Session string
}

// GlobalsBefore returns what was journaled before the SET GLOBAL at offset ran
// (RecordGlobalsBefore), the GLOBAL values compared with the server's now, read on c; ok
// is false when nothing was.
func GlobalsBefore(ctx context.Context, r *Run, c Conn, offset int64) (g GlobalsJournal, ok bool, err error) {
	if r == nil || !r.ranMade.Load() {
		return g, false, nil
	}
	var names string
	var assign, session []byte
	err = c.QueryRowContext(ctx, "SELECT names, assign, session FROM "+ProgressSchema+".globals WHERE run_id = ? AND start_offset = ?", r.RunID, offset).Scan(&names, &assign, &session)
	if errors.Is(err, sql.ErrNoRows) {
		return g, false, nil
	}
	if err != nil {
		return g, false, fmt.Errorf("read the GLOBAL values journaled before the SET GLOBAL at offset %d: %w", offset, err)
	}
	now, err := readGlobals(ctx, c, strings.Split(names, ","))
	if err != nil {
		return g, false, fmt.Errorf("read the GLOBAL values the SET GLOBAL at offset %d sets: %w", offset, err)
	}
	return GlobalsJournal{Assign: string(assign), Changed: now != string(assign), Session: string(session)}, true, nil
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

// GlobalsSession is the session values journaled just before the SET GLOBAL at Offset
// (RecordGlobalsBefore's session).
type GlobalsSession struct {
	Offset  int64
	Session string
}

// SessionsFrom returns, in stream order, the session values journaled before each SET
// GLOBAL of the run r at or after offset that has any: a resume gives them back where it
// starts sending from, since its new sessions start from the GLOBAL values those SETs
// left, where the client's kept their own until there (replay's setglobal_resume.go).
// None without a markers' table, on a first run (nothing ran; and no query before its
// first statement), or after a restart (the GLOBALs are back, as GlobalRan says).
func SessionsFrom(ctx context.Context, r *Run, c Conn, offset int64) ([]GlobalsSession, error) {
	if r == nil || !r.resumed || r.restarted || !r.ranMade.Load() {
		return nil, nil
	}
	rows, err := c.QueryContext(ctx, "SELECT start_offset, session FROM "+ProgressSchema+".globals WHERE run_id = ? AND start_offset >= ? AND session IS NOT NULL ORDER BY start_offset", r.RunID, offset)
	if err != nil {
		return nil, fmt.Errorf("read the session values journaled before the SET GLOBALs from offset %d: %w", offset, err)
	}
	defer rows.Close()
	var out []GlobalsSession
	for rows.Next() {
		var g GlobalsSession
		var session []byte
		if err := rows.Scan(&g.Offset, &session); err != nil {
			return nil, fmt.Errorf("read the session values journaled before the SET GLOBALs from offset %d: %w", offset, err)
		}
		g.Session = string(session)
		out = append(out, g)
	}
	return out, rows.Err()
}
