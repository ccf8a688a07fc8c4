package importer

import (
	"context"
)

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
func usesTable(st *Statement) bool {
	switch st.Kind {
	case KindInsert:
		return true
	case KindDDL, KindRoutine:
		switch st.Verb {
		case "CREATE TABLE", "ALTER TABLE", "DROP TABLE", "TRUNCATE TABLE", "RENAME TABLE",
			"CREATE INDEX", "DROP INDEX", "CREATE VIEW", "DROP VIEW", "CREATE TRIGGER":
			return true
		}
	}
	return false
}

// countsWarnings reports whether exec reads the warnings st raised.
func (r *Replayer) countsWarnings(st *Statement) bool {
	return !r.opt.SkipWarningCount && st.Kind != KindSession && st.Kind != KindLock
}

// clearStaleWarnings empties c's warning list before st when st's own warnings could not
// be told from what an earlier statement left there.
func (r *Replayer) clearStaleWarnings(ctx context.Context, c Conn, st *Statement) error {
	if !r.countsWarnings(st) || usesTable(st) || r.warningsEmpty(c) {
		return nil
	}
	if _, err := c.ExecContext(ctx, clearWarningsSQL); err != nil {
		return err
	}
	r.setWarningsEmpty(c, true)
	return nil
}

// warningsEmpty reports whether c's warning list is known to be empty: the last statement
// on it was counted and raised nothing.
func (r *Replayer) warningsEmpty(c Conn) bool {
	r.listMu.Lock()
	defer r.listMu.Unlock()
	return r.warnEmpty[c]
}

// setWarningsEmpty records what c's warning list holds. Anything sent on c without
// counting its warnings (session statements, a worker's replay of them, an error, added
// indexes) makes it unknown: setWarningsEmpty(c, false).
func (r *Replayer) setWarningsEmpty(c Conn, empty bool) {
	r.listMu.Lock()
	defer r.listMu.Unlock()
	if r.warnEmpty == nil {
		r.warnEmpty = map[Conn]bool{}
	}
	r.warnEmpty[c] = empty
}
