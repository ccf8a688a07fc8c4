package transform

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// --start-at runs the session statements before its offset again and skips the others, so
// that the statement at the offset runs in the session the dump had built. User variables
// set from what the database or the previous statement held (SET @n = (SELECT COUNT(*)
// FROM t), SET @id = LAST_INSERT_ID()) would read the target as the failed run left it,
// and the ones a skipped statement set (SELECT 42 INTO @m, SELECT @a := …) would stay
// NULL: the rows after the offset then took other values, silently
// (TestReviewX5StartAtUserVariables). Nothing can give them back the dump's values (a
// --resume has them in its journal; --start-at has none), so the first statement from the
// offset on that reads such a variable is refused, naming it and where the dump set it.
// Variables used only before the offset (Percona mysqldump's @rocksdb_… probe at the top)
// refuse nothing, and one the dump sets again from the offset on is its own again.

// stateReaders are the words whose value in a SET of a user variable depends on the
// database or on the statement before: the value run again differs from the dump's.
var stateReaders = map[string]bool{"SELECT": true, "LAST_INSERT_ID": true, "ROW_COUNT": true, "FOUND_ROWS": true}

// lostVariable returns the user variable st (before the --start-at offset) sets that
// --start-at cannot rebuild, or "".
func lostVariable(st *split.Statement) string {
	l := st.Tokens()
	first := l.Next()
	if st.Kind == split.KindSession {
		if !first.Is("SET") {
			return ""
		}
		// SET @a = expr, @b := expr: a user variable whose expression reads state.
		v := ""
		for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
			switch {
			case t.Kind == sqlscan.Var && !strings.HasPrefix(t.Text, "@@") && v == "":
				if n := l.Next(); n.Kind == sqlscan.Punct && (n.Text == "=" || n.Text == ":=") {
					v = t.Text
				}
			case t.Kind == sqlscan.Punct && t.Text == ",":
				v = ""
			case v != "" && t.Kind == sqlscan.Word && stateReaders[strings.ToUpper(t.Text)]:
				return v
			}
		}
		return ""
	}
	// A skipped statement: SELECT … INTO @v, or an assignment @v := … inside it.
	into := false
	for t := first; t.Kind != sqlscan.EOF; t = l.Next() {
		switch {
		case t.Is("INTO"):
			into = true
		case t.Kind == sqlscan.Var && !strings.HasPrefix(t.Text, "@@"):
			if into {
				return t.Text
			}
			save := l.Pos
			if n := l.Next(); n.Kind == sqlscan.Punct && n.Text == ":=" {
				return t.Text
			}
			l.Pos = save
		default:
			into = false
		}
	}
	return ""
}

// lostVars are the user variables set before the --start-at offset in a way it cannot
// rebuild, each with where the dump set it.
type lostVars map[string]string

// note records the variable st, before the --start-at offset, sets in a way --start-at
// cannot rebuild.
func (m *lostVars) note(st *split.Statement) {
	if v := lostVariable(st); v != "" {
		if *m == nil {
			*m = lostVars{}
		}
		(*m)[v] = fmt.Sprintf("the %s at %s (%s)", strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax())), split.At("", st), split.Clip(string(st.SQL), 60))
	}
}

// refuse sets t.err when st, from the --start-at offset on, reads a user
// variable the dump set before the offset in a way --start-at cannot rebuild; a SET that
// assigns one again from other values makes it the dump's again.
func (m lostVars) refuse(st *split.Statement, t *Transform) bool {
	if len(m) == 0 || st.Kind == split.KindClient || !bytes.Contains(st.SQL, []byte("@")) {
		return false
	}
	l := st.Tokens()
	set := l.Next().Is("SET") && st.Kind == split.KindSession
	var reset []string
	for tok := l.Next(); tok.Kind != sqlscan.EOF; tok = l.Next() {
		where, lost := m[tok.Text]
		if tok.Kind != sqlscan.Var || !lost {
			continue
		}
		if set {
			save := l.Pos
			if n := l.Next(); n.Kind == sqlscan.Punct && (n.Text == "=" || n.Text == ":=") {
				reset = append(reset, tok.Text)
				continue
			}
			l.Pos = save
		}
		t.err = &split.SplitError{Offset: st.Offset, Line: st.Line, Msg: fmt.Sprintf(
			"--start-at %d: this statement reads %s, which %s set before the offset from what the database held then; run again or skipped, it does not have the dump's value here. Import from the start into an empty target, or set %s by hand at the top of a copy of the dump from the offset on",
			t.opt.StartAt, tok.Text, where, tok.Text)}
		return true
	}
	for _, v := range reset {
		delete(m, v)
	}
	return false
}

// startInParts starts st, a text the server runs as several statements
// (split.ServerParts), at its part whose offset (st.Offset + the part's index, the one a
// failure in it names, and StartAtAdvice with it) is at, --start-at: the text is cut down to
// that part and the ones after it, with the session parts before it run again as
// session statements before the offset are (their lost variables noted in lost), joined by ';'
// as keepParts joins them. It reports false when --start-at is not such an offset. The
// advice after a failure in the second part of `INSERT INTO lg …; INSERT INTO t …;;` was
// refused as inside a statement, whose own start ran lg's row again
// (TestReviewX17StartAtAdvicePart).
func startInParts(st *split.Statement, at int64, lost *lostVars) bool {
	k := at - st.Offset
	if k <= 0 {
		return false
	}
	parts := split.ServerParts(st)
	if k >= int64(len(parts)) {
		return false
	}
	var kept []split.Statement
	for i := range parts[:k] {
		p := &parts[i]
		if p.Kind != split.KindClient {
			lost.note(p)
		}
		if p.Kind == split.KindSession || p.Kind == split.KindClient {
			kept = append(kept, *p)
		}
	}
	kept = append(kept, parts[k:]...)
	joinParts(st, kept)
	return true
}
