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
// autocommit and completion_type are refused at its CALL (txnWord), and other variables
// it sets are an open gap.

// bodySessionSet returns why st, a CREATE TRIGGER or CREATE FUNCTION, is such a body
// ("the trigger ti sets completion_type"), or "". It errs on the side of more: a SET of a
// name the body DECLAREs (anywhere in it) is a local variable's, one of @user, NEW.x or
// OLD.x (or another name the body declared, qualified) sets no session variable, and
// every other SET counts: a function's parameter, SET GLOBAL, SET NAMES, SET STATEMENT …
// FOR, SET TRANSACTION, and a SET that is really UPDATE … JOIN … ON (…) SET (the `)`
// may start a statement: bodyStatementStarts).
func bodySessionSet(st *split.Statement) string {
	what := bodyKind(st)
	if what != "trigger" && what != "function" {
		return ""
	}
	declared := map[string]bool{}
	var targets []string
	bodyStatementsAt(st, func(w string, l *sqlscan.Tokenizer) bool {
		save := l.Pos
		switch w {
		case "DECLARE":
			declaredNames(l, declared)
		case "SET":
			targets = append(targets, setTargets(l)...)
		}
		l.Pos = save
		return false
	})
	for _, t := range targets {
		base, _, qualified := strings.Cut(t, ".")
		local := declared[base] || qualified && (base == "new" || base == "old")
		if !local || t == "session" || t == "local" || t == "global" {
			return "the " + what + " " + st.Table + " sets " + t + ", which the session of the connection it runs on keeps"
		}
	}
	return ""
}

// declaredNames adds to declared the names (lower-cased) a DECLARE declares: one or more,
// separated by commas, before the type (a CURSOR, CONDITION or HANDLER is no variable, and
// adding its name only refuses less where a SET names it, which the server refuses).
func declaredNames(l *sqlscan.Tokenizer, declared map[string]bool) {
	for {
		t := l.Next()
		if !t.IsName() {
			return
		}
		declared[strings.ToLower(t.Text)] = true
		save := l.Pos
		if n := l.Next(); n.Kind != sqlscan.Punct || n.Text != "," {
			l.Pos = save
			return
		}
	}
}

// setTargets returns what a SET (l just past it) assigns, lower-cased, up to the end of
// its statement: a qualified name as "new.x", a scope as written ("global"), a system
// variable as "@@name"; a user variable (@x) is left out.
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
			if d := l.Next(); d.Kind == sqlscan.Punct && d.Text == "." {
				if f := l.Next(); f.IsName() {
					name += "." + strings.ToLower(f.Text)
				}
			} else {
				l.Pos = save
			}
			out = append(out, name)
		}
		if !skipBodyAssignment(l) {
			return out
		}
	}
}

// skipBodyAssignment moves past an assignment's expression to the next top-level comma
// and reports whether one came (not the statement's `;` or the end).
func skipBodyAssignment(l *sqlscan.Tokenizer) bool {
	depth := 0
	for {
		t := l.Next()
		switch {
		case t.Kind == sqlscan.EOF:
			return false
		case t.Kind != sqlscan.Punct:
		case t.Text == "(":
			depth++
		case t.Text == ")":
			depth--
		case t.Text == ";" && depth <= 0:
			return false
		case t.Text == "," && depth <= 0:
			return true
		}
	}
}
