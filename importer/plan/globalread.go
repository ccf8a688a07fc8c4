package plan

import (
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// A session statement runs on the control connection in stream order and again on each
// worker when that worker next takes work. A server variable it reads as @@x (or
// @@session.x) is the session's copy where the variable has one, the same on every
// connection; where it has none (@@max_connections) it is the GLOBAL value, read when
// each worker gets to it. A SET GLOBAL of the dump between the two reads gave the workers
// the new value where the client read the old (TestGlobalOnlyReadThenSetGlobal). The
// planner does not know which variables have a session value, so a SET GLOBAL of any
// variable such a statement read sends the rest serial: the workers replay nothing after
// it.

// noteReads keeps the server variables st, a session statement the workers replay, reads:
// @@x, and x in SET x = DEFAULT, which gives the session the GLOBAL value as it is when
// the statement runs (TestReviewX9aSessionDefaultAfterSetGlobal: a worker replayed SET
// time_zone = DEFAULT after the dump's SET GLOBAL time_zone).
func (p *Planner) noteReads(st *split.Statement) {
	l := st.Tokens()
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if name, ok := sessionRead(t); ok {
			p.noteRead(name)
		}
	}
	for _, a := range ParseSet(st.SQL, st.Syntax()) {
		if !a.Global && strings.EqualFold(a.Value, "DEFAULT") {
			p.noteRead(a.Name)
		}
	}
}

func (p *Planner) noteRead(name string) {
	if p.readVars == nil {
		p.readVars = map[string]bool{}
	}
	p.readVars[name] = true
}

// sessionRead returns the variable a token reads when it is @@x, @@session.x or
// @@local.x (lower case, without the scope).
func sessionRead(t sqlscan.Token) (string, bool) {
	if t.Kind != sqlscan.Var {
		return "", false
	}
	name, global, ok := serverVar(t.Text)
	// A GLOBAL read is no constant (globalRead): its statement went serial already.
	return name, ok && !global
}

// globalAfterRead returns why st, a SET GLOBAL, must not run while the workers may still
// replay a session statement that read one of its variables, or "".
func (p *Planner) globalAfterRead(st *split.Statement) string {
	for _, a := range ParseSet(st.SQL, st.Syntax()) {
		if name := strings.ToLower(a.Name); a.Global && p.readVars[name] {
			return fmt.Sprintf("SET GLOBAL %s after a session statement read @@%s: the workers run that statement again later, where they would read the new value", name, name)
		}
	}
	return ""
}
