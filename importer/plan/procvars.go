package plan

import (
	"bytes"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// A procedure runs on the connection that CALLs it, and what its body leaves in that
// session outlives the CALL: user variables (SET @pv = 7), and session variables it SETs
// (time_zone, sql_mode, foreign_key_checks, …), which change how the statements after
// the CALL store their rows. A CALL runs serially (serialVerbs), so the control
// connection carries that session on as the client's does. A resume does not: it skips
// the CALL the interrupted run committed, and the rows after it were stored under the
// session the resumed connection had instead (TestFix12bProcedureSessionResume: every
// TIMESTAMP 5 hours off, a user variable NULL where the client's was 7). ProcedureVars
// names those variables; the replay journals their values after the statements that may
// run the procedure, as it does the user variables of trigger and function bodies
// (replay's routineVars), and a resume gives them back.

// ProcedureVars returns the variables the body of st, a CREATE PROCEDURE, may leave set
// on the connection that calls it, as the checkpoint journal names them: each user
// variable the body names (@v, as the lexer gives it) and each session variable it SETs,
// or SETs GLOBAL (the caller's session value is the one to give back), that is no local
// (bodyTargets) as @@name (SET NAMES and SET CHARACTER SET as the four
// character set variables). nil for any other statement. It errs on the side of more:
// the replay keeps, of the @@ names, only the server's session variables
// (replay's noteProcedureVars).
func ProcedureVars(st *split.Statement) []string {
	if bodyKind(st) != "procedure" {
		return nil
	}
	l := st.Tokens()
	t := l.Next()
	for t.Kind != sqlscan.EOF && !t.Is("PROCEDURE") {
		t = l.Next() // past DEFINER=user@host, which reads like a user variable
	}
	return codeVars(st, &l)
}

// BlockVars returns, as ProcedureVars does for a procedure's body, the variables st, a
// top-level compound statement (CompoundStatement: BEGIN NOT ATOMIC, IF, FOR, WHILE,
// CASE, REPEAT), may leave set on its connection: `BEGIN NOT ATOMIC SET SESSION
// time_zone = '+05:00'; END` changes the session the rows after it are stored under, as
// a CALL of a procedure doing so does, and a resume that skipped the block stored them
// under its new connection's (TestXFix78BlockSessionVarsResumed). nil for any other
// statement.
func BlockVars(st *split.Statement) []string {
	if !CompoundStatement(st) {
		return nil
	}
	l := st.Tokens()
	return codeVars(st, &l)
}

// blockSetsSession reports whether st, a compound statement, SETs a variable that is no
// local of its own (bodyTargets): a session variable of its connection, or a GLOBAL.
func blockSetsSession(st *split.Statement) bool { return len(bodyTargets(st)) > 0 }

// codeVars is ProcedureVars and BlockVars of st from l on: the user variables named
// there, and the session variables the body SETs.
func codeVars(st *split.Statement, l *sqlscan.Tokenizer) []string {
	var out []string
	add := func(v string) {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind == sqlscan.Var && !strings.HasPrefix(t.Text, "@@") {
			add(t.Text)
		}
	}
	for _, t := range bodyTargets(st) {
		scope, name, scoped := strings.Cut(strings.TrimPrefix(t, "@@"), ".")
		switch {
		case !scoped:
			name = scope
		case scope == "global" && globalKeptBySession[name]:
			continue // the planner follows the session's value itself (replay's sessionKeptVars)
		case scope == "global":
			// The server's; the caller's session keeps its own, which a resume's new
			// connection, skipping the CALL, would take from the GLOBAL the interrupted
			// run raised: journaled after the CALL as the session's, and given back
			// (TestResumeRoutineSetGlobalSessionValue; a wrapper's SET GLOBAL is
			// journaled before it: replay's setglobal.go).
			name = strings.TrimPrefix(name, "@@")
		case scope != "session" && scope != "local":
			continue // a qualified name: a field, not a variable of the session
		}
		switch name {
		case "names", "character", "charset":
			for _, v := range []string{"@@character_set_client", "@@character_set_results", "@@character_set_connection", "@@collation_connection"} {
				add(v)
			}
		case "transaction", "statement", "password", "role", "default":
			// the next transaction, one statement, an account: nothing the session keeps
		default:
			if name != "" && strings.Trim(name, "abcdefghijklmnopqrstuvwxyz0123456789_") == "" {
				add("@@" + name)
			}
		}
	}
	return out
}

// CallArgVars returns the user variables st names when it may CALL a procedure: it names
// CALL outside strings and comments (a CALL, SET STATEMENT … FOR CALL, a compound
// statement), or it is an EXECUTE (… USING @a, or EXECUTE IMMEDIATE 'CALL p(@a)'). A procedure's OUT or INOUT
// parameter assigns the variable given for it (CALL p(8, @acc, @msg)), which no SET in
// the body names: a resume that skipped the CALL read the value from before it
// (TestDiffFuzzFoundGen4CallOutParam, difffuzz seeds 51002, 51084). Every variable named
// is taken, an IN argument's too, without reading the procedure's parameter modes: the
// CALL leaves an IN argument as it was, so journaling it gives back what it holds
// anyway, and a procedure the catalog knows under another body (CREATE OR REPLACE, one
// there before the dump) cannot be misread. A prepared CALL run by EXECUTE s without
// USING names its variables in its PREPARE, not here (its body's own are ProcedureVars).
func CallArgVars(st *split.Statement) []string {
	if st.Kind != split.KindOther || bytes.IndexByte(st.SQL, '@') < 0 {
		return nil
	}
	execute := strings.EqualFold(sqlscan.FirstWord(st.SQL, st.Syntax()), "EXECUTE")
	if !execute && !sqlscan.ContainsFoldASCII(st.SQL, "CALL") {
		return nil
	}
	var out []string
	add := func(s *split.Statement) (calls bool) {
		var vars []string
		l := s.Tokens()
		for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
			calls = calls || t.Is("CALL")
			if t.Kind == sqlscan.Var && !strings.HasPrefix(t.Text, "@@") {
				vars = append(vars, t.Text)
			}
		}
		if calls || execute {
			for _, v := range vars {
				if !slices.Contains(out, v) {
					out = append(out, v)
				}
			}
		}
		return calls
	}
	add(st)
	if execute {
		if in, _, _ := transform.Wrapped(st); in != nil {
			add(in)
		}
	}
	return out
}

// globalKeptBySession are the variables whose session value the planner follows itself
// (the transaction's bounds): a SET GLOBAL of one in a body journals nothing.
var globalKeptBySession = map[string]bool{"autocommit": true, "completion_type": true}
