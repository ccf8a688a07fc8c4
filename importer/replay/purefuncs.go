package replay

import (
	"context"
	"database/sql"
	"strings"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// A write of a temporary table that a resume sends again is refused where it may call a
// stored function (tempRebuilds.notSentAgain): the function would read real tables as
// the interrupted run left them, or write them a second time. x-fix26 refused every
// function so, by name, a pure one too (INSERT INTO tt VALUES (dbl(21)), dbl being
// RETURN x * 2: TestTemporaryWritePureFunction). Such a call, sent again, returns what it
// returned the first time, where the function is the one the statement called then: a
// body the dump created before the statement (functionNames.bodies, in stream order) and
// the server holds still (each function of that name on the server, of any database, has
// that body), which is RETURN and an expression that names no table, sequence, variable,
// stored function or connection state. Anything else stays refused.

// noteBody keeps the text of in, a CREATE FUNCTION the dump runs (itself or through a
// wrapper), as the last body seen of its name; a DROP FUNCTION forgets it.
func (fn *functionNames) noteBody(in *split.Statement) {
	switch {
	case strings.HasPrefix(in.Verb, "DROP"):
		delete(fn.bodies, strings.ToUpper(in.Table))
		return
	case !strings.HasPrefix(in.Verb, "CREATE"):
		return
	}
	if fn.bodies == nil {
		fn.bodies = map[string]string{}
	}
	fn.bodies[strings.ToUpper(in.Table)] = string(in.SQL)
}

// pureCalls reports whether every stored function st may call (by name, as
// mayCallFunction reads it) is pure as above, and st names no view that calls one.
func pureCalls(ctx context.Context, p *ParallelReplayer, st *split.Statement) (bool, error) {
	fn := &p.cat.functions
	upper := strings.ToUpper(strings.ReplaceAll(string(st.SQL), "`", ""))
	if namesWord(fn.views, upper) {
		return false, nil
	}
	for _, name := range fn.names {
		if !namesCall([]string{name}, upper) {
			continue
		}
		seen, ok := fn.bodies[name]
		if !ok {
			return false, nil // not created by the dump before st
		}
		pure, err := serverBodiesPure(ctx, p, fn.names, name, seen)
		if !pure || err != nil {
			return false, err
		}
	}
	return true, nil
}

// serverBodiesPure reports whether the server holds at least one function named name and
// each has a pure body (pureBody) that is the one the dump's last CREATE of the name
// (seen) wrote: a function the interrupted run replaced after the statement, or one of
// another database, is not the one the statement called.
func serverBodiesPure(ctx context.Context, p *ParallelReplayer, names []string, name, seen string) (bool, error) {
	rows, err := p.control.QueryContext(ctx, "SELECT ROUTINE_DEFINITION FROM information_schema.ROUTINES WHERE ROUTINE_TYPE = 'FUNCTION' AND ROUTINE_NAME = ?", name)
	if err != nil {
		return false, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var def sql.NullString
		if err := rows.Scan(&def); err != nil {
			return false, err
		}
		n++
		if !def.Valid || !endsWithBody(seen, def.String) || !pureBody(names, def.String) {
			return false, nil
		}
	}
	return n > 0, rows.Err()
}

// endsWithBody reports whether create, a CREATE FUNCTION's text, ends with body (the
// server's ROUTINE_DEFINITION: the text from RETURN to the end), before the closer of an
// executable comment and blanks, after a blank.
func endsWithBody(create, body string) bool {
	create = strings.TrimRight(create, sqlscan.Blanks)
	create = strings.TrimRight(strings.TrimSuffix(create, "*/"), sqlscan.Blanks)
	rest, ok := strings.CutSuffix(create, body)
	return ok && body != "" && rest != "" && strings.ContainsRune(sqlscan.Blanks, rune(rest[len(rest)-1]))
}

// pureBody reports whether def, a function's body as the server holds it, is RETURN and
// one expression that names no table (a subquery's FROM), user or system variable or
// stored function (names), and calls only built-in functions known to give the same
// value on every call (plan.UnstableCall: an allow-list). A list of the words that do
// not (impureWords: sequences, counters, locks) missed RAND, UUID_SHORT and
// CONNECTION_ID, and a resume sent again a write of a temporary table that took a new
// value (TestReviewX19TemporaryRowVolatileResent).
func pureBody(names []string, def string) bool {
	q := []byte(def)
	l := sqlscan.New(q, sqlscan.Syntax{})
	if !l.Next().Is("RETURN") {
		return false
	}
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		switch {
		case t.Kind == sqlscan.Var, t.Kind == sqlscan.Punct && t.Text == ";":
			return false
		case t.Kind == sqlscan.Word && (t.Is("FROM") || t.Is("CALL")):
			return false
		}
	}
	if plan.UnstableCall(q, sqlscan.Syntax{}, func(string) bool { return false }) != "" {
		return false
	}
	if tables, known := plan.TriggerTables(q, ""); len(tables) > 0 || !known {
		return false
	}
	return !namesCall(names, strings.ToUpper(strings.ReplaceAll(def, "`", "")))
}
