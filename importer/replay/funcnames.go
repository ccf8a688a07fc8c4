package replay

import (
	"bytes"
	"context"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// functionNames are the names, upper-cased, of the stored functions a statement may
// call: those of every database the server had at the first look-up, with the name of
// each CREATE FUNCTION the dispatcher has passed since. Names are never forgotten (a
// DROP FUNCTION keeps its name): more names only make more statements mixed. One look-up
// for the run, not one a statement: information_schema.ROUTINES a DML barrier made an
// import of 2000 single-row UPDATEs of a MyISAM table 3.5 times as long (0.6 s to 2.1 s).
type functionNames struct {
	names []string
	known bool // looked up since the last statement that may have made one unseen
}

// note follows st, in stream order, before it runs: a CREATE FUNCTION adds its name; any
// other statement that names FUNCTION and is no row insert (EXECUTE IMMEDIATE 'CREATE
// FUNCTION …', a CREATE the splitter could not name) has the server asked again at the
// next look-up, its answer added to the names.
func (fn *functionNames) note(st *split.Statement) {
	if st.Kind == split.KindInsert || !sqlscan.ContainsFoldASCII(st.SQL, "FUNCTION") {
		return
	}
	if st.Kind == split.KindRoutine && strings.Contains(strings.ToUpper(st.Verb), "FUNCTION") && st.Table != "" {
		fn.add(st.Table)
		return
	}
	fn.known = false
}

func (fn *functionNames) add(name string) {
	if name = strings.ToUpper(name); !slices.Contains(fn.names, name) {
		fn.names = append(fn.names, name)
	}
}

// mayCallFunction reports whether st may call a stored function: its text names one of
// any database's, followed by a parenthesis. Such a function may write any table, an
// InnoDB one too, though st itself writes one MyISAM table: its "ran" marker, written at
// once, would outlive the rollback of the function's rows, and a resume would skip it
// (TestReviewX13MarkerFunctionWritesInnoDB). A function of a database the statement
// does not name is counted too: which one a name means is the server's to tell.
func mayCallFunction(ctx context.Context, p *ParallelReplayer, c Conn, st *split.Statement) (bool, error) {
	if !bytes.Contains(st.SQL, []byte("(")) {
		return false, nil
	}
	fn := &p.cat.functions
	if !fn.known {
		rows, err := c.QueryContext(ctx, "SELECT ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_TYPE='FUNCTION'")
		if err != nil {
			return false, err
		}
		defer rows.Close()
		for rows.Next() {
			var name string
			if err := rows.Scan(&name); err != nil {
				return false, err
			}
			fn.add(name)
		}
		if err := rows.Err(); err != nil {
			return false, err
		}
		fn.known = true
	}
	return namesCall(fn.names, string(st.SQL)), nil
}

// namesCall reports whether body names one of names (upper-cased) followed by a
// parenthesis, in any case, backquotes ignored.
func namesCall(names []string, body string) bool {
	upper := strings.ToUpper(strings.ReplaceAll(body, "`", ""))
	for _, fn := range names {
		for rest := upper; ; {
			i := strings.Index(rest, fn)
			if i < 0 {
				break
			}
			before, after := i-1, rest[i+len(fn):]
			if (before < 0 || !sqlscan.IsWordByte(rest[before])) && sqlscan.OpensParen(after) {
				return true
			}
			rest = rest[i+len(fn):]
		}
	}
	return false
}
