package replay

import (
	"context"
	"fmt"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// The session's sql_mode decides how the splitter reads quotes and backslashes
// (NO_BACKSLASH_ESCAPES, ANSI_QUOTES): the replay follows it from the server, the wire
// or the dump's SET statements.

// syncSQLMode reads the session's sql_mode from the server and tells the splitter.
func (r *Replayer) syncSQLMode(ctx context.Context) error {
	var mode string
	if err := r.conn.QueryRowContext(ctx, "SELECT @@session.sql_mode").Scan(&mode); err != nil {
		return fmt.Errorf("read sql_mode: %w", err)
	}
	r.setSQLMode(mode)
	r.sessionQuoting = 0 // the bits before the first reply read (quotingAfter)
	nbe, ansi := split.SQLModeQuoting(mode)
	if nbe {
		r.sessionQuoting |= statusNoBackslashEscapes
	}
	if ansi {
		r.sessionQuoting |= statusANSIQuotes
	}
	return nil
}

// setSQLMode tells the splitter what the session's sql_mode (as SET or the server has
// it) makes of backslashes and double quotes.
func (r *Replayer) setSQLMode(mode string) {
	nbe, ansi := split.SQLModeQuoting(mode)
	r.split.SetNoBackslashEscapes(nbe)
	r.split.SetANSIQuotes(ansi)
}

// sqlModeFromWire is the session sql_mode after st, a SET statement that names sql_mode,
// known without a statement on the dump's session (which the dump's next FOUND_ROWS()
// and ROW_COUNT() would see): from st's text when it assigns a quoted literal, or from
// the session state the server reported in st's OK packet (packetWatch.trackSQLMode).
// assigned is false when st left the session's mode alone; ok is false when the server
// must be asked.
func (r *Replayer) sqlModeFromWire(st *split.Statement) (mode string, assigned, ok bool) {
	if r.opt.Wire == nil {
		return "", false, false
	}
	if mode, assigned, ok := literalSQLMode(st); ok {
		return mode, assigned, true
	}
	return r.opt.Wire.sqlModeSince()
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
	var scope bool
	for {
		tok, target, global := l.SetTarget(&scope)
		if tok.Kind == sqlscan.EOF {
			return mode, assigned, true
		}
		if target != "sql_mode" || global { // @sql_mode, a user variable, keeps its @
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
