package plan

import (
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// A procedure may make or drop TEMPORARY tables (CREATE and DROP TEMPORARY TABLE commit
// nothing: a CALL of one runs under --parallel since x-fix54, serially from the CALL on,
// TestReviewX22CallTemporaryTableRefused). The table it leaves lives in the control
// connection's session as one a plain CREATE TEMPORARY TABLE makes, but a resume that
// skips the CALL does not make it again: the rows after it read a table the resume's
// session lacks (ERROR 1146) or a real table of that name (TestXFix54CallLeavesTemporaryTable).
// So the tables a CALL (or a compound statement) leaves made, or drops of those the
// planner holds, are held from then on and marked inexact at it, as a write through code
// that cannot be sent again is (codeWrite): a resume that goes on while one is there
// refuses in one line (replay's temprebuild.go). A table the body makes and drops again
// (the last of its CREATE and DROP in the body's text is the DROP) is left out.

// bodyTempDDL returns the keys of the temporary tables that d (what a statement runs;
// its names belong to db), through its own compound statement and the procedures of
// the dump it CALLs, transitively, may leave made (made), and drops (dropped), each
// once, in the order met.
func (rb *routineBodies) bodyTempDDL(d *split.Statement, db string) (made, dropped []string) {
	last := map[string]bool{} // key → the last of its DDL met was a CREATE
	var order []string
	seen := map[*split.Statement]bool{}
	var walk func(st *split.Statement, db string, depth int)
	call := func(l *sqlscan.Tokenizer, depth int) { // l just past a CALL
		save := l.Pos
		_, name := l.Name(l.Next())
		l.Pos = save
		bodies := rb.procs[strings.ToLower(name)]
		for i := range bodies {
			if b := &bodies[i]; !seen[&b.st] {
				seen[&b.st] = true
				walk(&b.st, b.db, depth+1)
			}
		}
	}
	walk = func(st *split.Statement, db string, depth int) {
		if depth > 16 {
			return
		}
		if l := st.Tokens(); l.Next().Is("CALL") { // the statement's own CALL, no body's
			call(&l, depth)
			return
		}
		bodyStatementsAt(st, func(w string, l *sqlscan.Tokenizer) bool {
			switch {
			case w == "CALL":
				call(l, depth)
			case temporaryTableAt(w, l):
				save := l.Pos
				for _, k := range tempDDLKeys(l, db) {
					if !slices.Contains(order, k) {
						order = append(order, k)
					}
					last[k] = w == "CREATE"
				}
				l.Pos = save
			}
			return false
		})
	}
	walk(d, db, 0)
	for _, k := range order {
		if last[k] {
			made = append(made, k)
		} else {
			dropped = append(dropped, k)
		}
	}
	return made, dropped
}

// tempDDLKeys reads, l just past a body statement's CREATE or DROP of a TEMPORARY TABLE
// (temporaryTableAt), the keys of the tables it names: CREATE's one, DROP's list.
func tempDDLKeys(l *sqlscan.Tokenizer, db string) []string {
	for t := l.Next(); !t.Is("TABLE"); t = l.Next() {
		if t.Kind == sqlscan.EOF {
			return nil
		}
	}
	var keys []string
	t := l.Next()
	if t.Is("IF") {
		l.Next() // NOT or EXISTS
		if t = l.Next(); t.Is("EXISTS") {
			t = l.Next()
		}
	}
	for t.IsName() {
		tdb, name := l.Name(t)
		if tdb == "" {
			tdb = db
		}
		keys = append(keys, KeyOf(tdb, name))
		if n := l.Next(); !(n.Kind == sqlscan.Punct && n.Text == ",") {
			break
		}
		t = l.Next()
	}
	return keys
}

// madeByCode notes, at d (its names belonging to db), the temporary tables its code
// leaves made as held, and marks them inexact (codeWrite), with the held ones it drops
// or writes through code (routineBodies.reach); it reports whether there were any. d
// itself is then not volatile: a resume does not send it again.
func (tt *temporaryTables) madeByCode(rb *routineBodies, d *split.Statement, db string) bool {
	if d.Kind != split.KindOther {
		return false
	}
	switch strings.ToUpper(sqlscan.FirstWord(d.SQL, d.Syntax())) {
	case "CALL", "BEGIN", "IF", "CASE", "LOOP", "WHILE", "REPEAT", "FOR":
	default:
		return false
	}
	made, dropped := rb.bodyTempDDL(d, db)
	var keys []string
	for _, k := range dropped {
		if tt.names[k] {
			keys = append(keys, k) // held by the planner, dropped by code: kept held, inexact
		}
	}
	if len(made) == 0 && len(keys) == 0 {
		return false
	}
	if tt.names == nil {
		tt.names = map[string]bool{}
	}
	if tt.nonTx == nil {
		tt.nonTx = map[string]bool{}
	}
	for _, k := range made {
		tt.names[k] = true
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	r := rb.reach(d, db, func(key string) bool { return tt.names[key] })
	for _, k := range r.temps {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	tt.codeWrite, tt.codeAlso = keys[0], keys[1:]
	tt.codeWhy = "the body it runs makes or drops it (CREATE or DROP TEMPORARY TABLE)"
	return true
}
