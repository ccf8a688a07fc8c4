package replay

import (
	"context"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
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
func (r *Replayer) countsWarnings(st *split.Statement) bool {
	return !r.opt.SkipWarningCount && st.Kind != split.KindSession && st.Kind != split.KindLock
}

// clearStaleWarnings empties c's warning list before st when st's own warnings could not
// be told from what an earlier statement left there.
func (r *Replayer) clearStaleWarnings(ctx context.Context, c Conn, st *split.Statement) error {
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

// maxExecutedCommentVersion is the highest version in an executable comment (`/*!50700 …
// */`) that every server dumpscope imports into runs: MySQL 5.7 and MariaDB 10 and later.
const maxExecutedCommentVersion = 50700

// literalSQLMode reads the session sql_mode that st, a SET statement, assigns from a
// quoted literal (mysqldump's `/*!40101 SET SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */`, a
// routine's `SET sql_mode = '…'`): the replay then knows the mode without asking the
// server, which is a statement of its own on the dump's session (the dump's next
// FOUND_ROWS() and ROW_COUNT() would see it). assigned is false when st leaves the
// session's mode alone (SET GLOBAL sql_mode). ok is false when the mode cannot be known
// from the text: a variable (@OLD_SQL_MODE), DEFAULT, a number (a bit mask), an
// expression, or a comment that not every server runs.
func literalSQLMode(st *split.Statement) (mode string, assigned, ok bool) {
	for i := 0; i+1 < len(st.SQL); i++ {
		if st.SQL[i] != '/' || st.SQL[i+1] != '*' {
			continue
		}
		v, n := 0, 0
		for j := i + 3; j < len(st.SQL) && n < 6 && st.SQL[j] >= '0' && st.SQL[j] <= '9'; j++ {
			v, n = v*10+int(st.SQL[j]-'0'), n+1
		}
		if i+2 >= len(st.SQL) || st.SQL[i+2] != '!' || n != 5 || v > maxExecutedCommentVersion {
			return "", false, false
		}
	}
	l := sqlscan.Tokenizer{Src: st.SQL}
	if !l.Next().Is("SET") {
		return "", false, false
	}
	for {
		tok := l.Next()
		global := false
		switch {
		case tok.Is("SESSION") || tok.Is("LOCAL"):
			tok = l.Next()
		case tok.Is("GLOBAL"):
			global = true
			tok = l.Next()
		}
		if tok.Kind == sqlscan.EOF {
			return mode, assigned, true
		}
		target := strings.ToLower(tok.Text)
		if tok.Kind == sqlscan.Var && strings.HasPrefix(target, "@@") {
			target = strings.TrimPrefix(target, "@@")
			global = global || strings.HasPrefix(target, "global.")
			if k := strings.IndexByte(target, '.'); k >= 0 {
				target = target[k+1:]
			}
		} else if tok.Kind == sqlscan.Var {
			target = "" // a user variable
		}
		if target != "sql_mode" || global {
			l.SkipAssignment()
			continue
		}
		if eq := l.Next(); eq.Kind != sqlscan.Punct || eq.Text != "=" {
			return "", false, false
		}
		v := l.Next()
		if n := l.Next(); v.Kind != sqlscan.String || !(n.Kind == sqlscan.EOF || n.Kind == sqlscan.Punct && n.Text == ",") {
			return "", false, false
		}
		mode, assigned = v.Text, true
		if l.Pos >= len(l.Src) {
			return mode, assigned, true
		}
	}
}
