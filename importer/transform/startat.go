package transform

import (
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
// --resume has them in its journal; --start-at has none), so such a statement before the
// offset is refused, naming it, before anything but session statements has run: the
// target is as the failed run left it.

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

// refuseLostVariable sets t.err when st, before the --start-at offset, sets a user variable
// --start-at cannot rebuild.
func (t *Transform) refuseLostVariable(st *split.Statement) bool {
	v := lostVariable(st)
	if v == "" {
		return false
	}
	t.err = &split.SplitError{Offset: st.Offset, Line: st.Line, Msg: fmt.Sprintf(
		"--start-at %d: this %s before it sets %s from what the database held then (%s); run again or skipped, it would not get the dump's value for the statements after the offset. Import from the start into an empty target, or set %s by hand at the top of a copy of the dump from the offset on",
		t.opt.StartAt, strings.ToUpper(sqlscan.FirstWord(st.SQL)), v, split.Clip(string(st.SQL), 80), v)}
	return true
}
