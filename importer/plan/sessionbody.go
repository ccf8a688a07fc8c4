package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// A trigger or stored function runs on the connection of the statement that fires or
// calls it, and a SET of a session variable in its body (completion_type, time_zone,
// sql_mode, …) changes that connection's session for the statements after it: the
// client's COMMIT chains (TestReviewX11CompletionTypeInTriggerOrFunction), its rows are
// read under the new time zone (TestReviewX11SessionSetInTriggerOrFunction). In a
// parallel replay the statement runs on the control connection or a worker, whose
// session the others never take (they replay the dump's own SET statements), and the
// planner follows completion_type through those SETs only. So such a body counts as code
// read later (laterReaders): a statement that may fire or call it is refused, and a dump
// read ahead runs serially from the start (LaterReaders), where the one connection
// carries the session as the client's does. A procedure is not judged here: its SETs of
// autocommit and completion_type are refused at its CALL (txnWord); the CALL runs
// serially, so the control connection keeps the other variables it sets, and a resume
// gets them back from the journal (procvars.go).

// bodySessionSet returns why st, a CREATE TRIGGER or CREATE FUNCTION, is such a body
// ("the trigger ti sets completion_type"), or "". It errs on the side of more: a SET of a
// local (bodyTargets: a parameter, a name DECLAREd in an enclosing block), of @user, NEW.x
// or OLD.x (or another local qualified) sets no session variable, and every other SET
// counts: SET GLOBAL, SET NAMES, SET STATEMENT … FOR, SET TRANSACTION, and a SET that is
// really UPDATE … JOIN … ON (…) SET (the `)` may start a statement: bodyStatementStarts).
func bodySessionSet(st *split.Statement) string {
	what := bodyKind(st)
	if what != "trigger" && what != "function" {
		return ""
	}
	if targets := bodyTargets(st); len(targets) > 0 {
		return "the " + what + " " + st.Table + " sets " + targets[0] + ", which the session of the connection it runs on keeps"
	}
	return ""
}

// bodyTargets returns what the SETs of st's body assign (setTargets) that is no local, in
// order: not a parameter of the routine, nor a name DECLAREd in the block the SET is in or
// one enclosing it (nor one of those qualified: a ROW variable's field, NEW.x, OLD.x).
// Collected for the whole body, a DECLARE in one block hid a session variable of that
// name in another (BEGIN BEGIN DECLARE time_zone …; END; SET time_zone = … END:
// TestBodyTargetsBlocks). Blocks are followed by the words that start their statements:
// BEGIN opens one, END (not END IF, END LOOP, …) closes it; a block opened where
// bodyStatementStarts sees no statement start (a function's RETURNS int BEGIN) is the
// body's own, and an END taken for a block's where it is a CASE expression's closes one
// early: both only count more.
func bodyTargets(st *split.Statement) []string {
	scopes := []map[string]bool{routineParams(st)}
	local := func(t string) bool {
		base, _, qualified := strings.Cut(t, ".")
		if qualified && (base == "new" || base == "old") {
			return true
		}
		if base == "session" || base == "local" || base == "global" || strings.HasPrefix(base, "@@") {
			return false
		}
		for _, sc := range scopes {
			if sc[base] {
				return true
			}
		}
		return false
	}
	var targets []string
	bodyStatementsAt(st, func(w string, l *sqlscan.Tokenizer) bool {
		save := l.Pos
		switch w {
		case "BEGIN":
			scopes = append(scopes, map[string]bool{})
		case "END":
			if n := l.Next(); !(n.Is("IF") || n.Is("LOOP") || n.Is("WHILE") || n.Is("CASE") || n.Is("REPEAT") || n.Is("FOR")) && len(scopes) > 1 {
				scopes = scopes[:len(scopes)-1]
			}
		case "DECLARE":
			declaredNames(l, scopes[len(scopes)-1])
		case "FOR":
			// FOR i IN 1..3 DO: i is the loop's (kept to the end of the block around it,
			// which counts less only where a session variable is named as the loop's).
			if n := l.Next(); n.IsName() && l.Next().Is("IN") {
				scopes[len(scopes)-1][strings.ToLower(n.Text)] = true
			}
		case "SET":
			for _, t := range setTargets(l) {
				if !local(t) {
					targets = append(targets, t)
				}
			}
		}
		l.Pos = save
		return false
	})
	return targets
}

// routineParams returns the names (lower-cased) of the parameters of st, a CREATE
// PROCEDURE or CREATE FUNCTION: the first name of each item of the list in parentheses
// after the routine's name, past IN, OUT or INOUT. Empty for a trigger.
func routineParams(st *split.Statement) map[string]bool {
	params := map[string]bool{}
	if k := bodyKind(st); k != "procedure" && k != "function" {
		return params
	}
	l := st.Tokens()
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Is("PROCEDURE") || t.Is("FUNCTION") {
			break
		}
	}
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind == sqlscan.Punct && t.Text == "(" {
			break
		}
	}
	depth, expect := 1, true
	for t := l.Next(); t.Kind != sqlscan.EOF && depth > 0; t = l.Next() {
		switch {
		case t.Kind == sqlscan.Punct && t.Text == "(":
			depth++
		case t.Kind == sqlscan.Punct && t.Text == ")":
			depth--
		case t.Kind == sqlscan.Punct && t.Text == "," && depth == 1:
			expect = true
		case expect && (t.Is("IN") || t.Is("OUT") || t.Is("INOUT")):
		case expect && t.IsName():
			params[strings.ToLower(t.Text)] = true
			expect = false
		}
	}
	return params
}

// declaredNames adds to declared the names (lower-cased) a DECLARE of variables declares:
// one or more, separated by commas, before the type. A CONDITION's or CURSOR's name is no
// variable: a SET of it in the body sets the session variable of that name (MariaDB 10.11
// runs SET time_zone = … after DECLARE time_zone CONDITION …, TestReviewX12ShadowedDeclare),
// so it hides none; nor does a HANDLER's CONTINUE, EXIT or UNDO.
func declaredNames(l *sqlscan.Tokenizer, declared map[string]bool) {
	var names []string
	for {
		t := l.Next()
		if !t.IsName() {
			return
		}
		names = append(names, strings.ToLower(t.Text))
		save := l.Pos
		n := l.Next()
		if n.Kind == sqlscan.Punct && n.Text == "," {
			continue
		}
		l.Pos = save
		if n.Is("CONDITION") || n.Is("CURSOR") || n.Is("HANDLER") {
			return
		}
		for _, name := range names {
			declared[name] = true
		}
		return
	}
}

// setTargets returns what a SET (l just past it) assigns, lower-cased, up to the end of
// its statement: a qualified name as "new.x", a scope and the name after it as
// "session.x" ("global.x", "local.x"), a system variable as "@@name"; a user variable
// (@x) is left out.
func setTargets(l *sqlscan.Tokenizer) []string {
	var out []string
	for {
		t := l.Next()
		switch {
		case t.Kind == sqlscan.EOF || t.Kind == sqlscan.Punct && t.Text == ";":
			return out
		case t.Kind == sqlscan.Var && !strings.HasPrefix(t.Text, "@@"):
			// a user variable: the session keeps it, but the replay's SETs do not read it
		case t.Kind == sqlscan.Var || !t.IsName():
			out = append(out, strings.ToLower(t.Text))
		default:
			name := strings.ToLower(t.Text)
			save := l.Pos
			d := l.Next()
			switch {
			case d.Kind == sqlscan.Punct && d.Text == ".":
				if f := l.Next(); f.IsName() {
					name += "." + strings.ToLower(f.Text)
				}
			case (name == "session" || name == "local" || name == "global") && d.IsName():
				name += "." + strings.ToLower(d.Text)
			default:
				l.Pos = save
			}
			out = append(out, name)
		}
		if !l.SkipAssignment() {
			return out
		}
	}
}
