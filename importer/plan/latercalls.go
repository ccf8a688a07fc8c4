package plan

import (
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// A trigger or function that CALLs a procedure runs the procedure's body on the
// connection that fired or called it, so a SET of a session variable there
// (completion_type, time_zone, …) changes that connection's session as one in the body
// itself would (TestReviewX12TriggerCallsProcedure). laterReaders follows the dump's
// procedures for it here: what each sets (bodySessionSet) and which it CALLs in turn,
// transitively and through cycles, by the name in force when a statement may fire the
// body (the procedure may come after the trigger, as mysqldump writes them). A procedure
// the dump did not create, dropped, or whose body runs dynamic SQL may set anything: it
// counts as one that does. A procedure the dump itself CALLs is not judged here: the
// planner refuses its SETs of autocommit and completion_type at the CALL (txnWord), and
// runs the CALL serially.

// procSets is what laterReaders read of a procedure's body.
type procSets struct {
	why   string   // why its own body may set a session variable, or ""
	calls []string // the procedures it CALLs, lower-cased, without their database
}

// bodyCalls returns the procedures st's body CALLs, lower-cased and without their
// database ("" for a name that cannot be read).
func bodyCalls(st *split.Statement) []string {
	var out []string
	bodyStatementsAt(st, func(w string, l *sqlscan.Tokenizer) bool {
		if w == "CALL" {
			save := l.Pos
			_, name := l.Name(l.Next())
			l.Pos = save
			out = append(out, strings.ToLower(name))
		}
		return false
	})
	return out
}

// observeProcedure follows a CREATE or DROP PROCEDURE. Procedures are keyed by their
// name alone (the laterReaders do not follow the current database), so a CREATE of a
// name already known keeps what the older body may set too: either may be the one a
// body CALLs.
func (lr *laterReaders) observeProcedure(st *split.Statement) {
	name := strings.ToLower(st.Table)
	switch {
	case name == "":
	case strings.HasPrefix(st.Verb, "DROP"):
		delete(lr.procs, name)
	case strings.HasPrefix(st.Verb, "CREATE"):
		p := procSets{why: procedureSessionSet(st), calls: bodyCalls(st)}
		if p.why == "" && bodyStatementStarts(st, func(w string) bool { return w == "EXECUTE" || w == "PREPARE" }) {
			p.why = "the procedure " + st.Table + " runs dynamic SQL, which may set a session variable, " + sessionKeeps
		}
		if old, ok := lr.procs[name]; ok {
			if p.why == "" {
				p.why = old.why
			}
			p.calls = append(p.calls, old.calls...)
		}
		if lr.procs == nil {
			lr.procs = map[string]procSets{}
		}
		lr.procs[name] = p
	}
}

// sessionKeeps ends why a body that sets a session variable is code read later
// (bodySessionSet's words; laterRefusal tells such a reason by them).
const sessionKeeps = "which the session of the connection it runs on keeps"

// settle rebuilds names from every body created so far: what its own text reaches, what
// the procedures it CALLs may set as they are now, and the bodies that name either.
func (lr *laterReaders) settle() {
	lr.names = nil
	seeded := false
	for _, b := range lr.bodies {
		why := b.own
		if why == "" && len(b.calls) > 0 {
			why = lr.callWhy(b)
		}
		if why != "" {
			lr.add(b, why)
			seeded = true
		}
	}
	for changed := seeded; changed; {
		changed = false
		for _, o := range lr.bodies {
			if via := lr.touches(o); via != "" && lr.add(o, via) {
				changed = true
			}
		}
	}
}

// callWhy returns why a procedure b CALLs may set a session variable, or "".
func (lr *laterReaders) callWhy(b createdBody) string {
	for _, c := range b.calls {
		if why := lr.procWhy(c, map[string]bool{}); why != "" {
			return "the " + b.what + " " + b.name + " calls " + c + ": " + why
		}
	}
	return ""
}

// procWhy returns why the procedure name, or one it CALLs, may set a session variable,
// or ""; seen holds the procedures on the way (a cycle adds nothing).
func (lr *laterReaders) procWhy(name string, seen map[string]bool) string {
	if seen[name] {
		return ""
	}
	seen[name] = true
	p, ok := lr.procs[name]
	switch {
	case !ok && name == "":
		return "a procedure whose name cannot be read may set a session variable, " + sessionKeeps
	case !ok:
		return "the procedure " + name + " was not created by the dump (it was there before, or dropped), so it may set a session variable, " + sessionKeeps
	case p.why != "":
		return p.why
	}
	for _, c := range p.calls {
		if why := lr.procWhy(c, seen); why != "" {
			return why
		}
	}
	return ""
}

// procedureSessionSet is bodySessionSet for a CREATE PROCEDURE st, whose body's SETs read
// as a function's (bodySessionSet judges triggers and functions only: a procedure the
// dump CALLs itself runs serially).
func procedureSessionSet(st *split.Statement) string {
	f := *st
	f.Verb = "CREATE FUNCTION"
	return strings.Replace(bodySessionSet(&f), "the function ", "the procedure ", 1)
}

// observeDrop follows a DROP PROCEDURE, TRIGGER or FUNCTION once some body CALLs a
// procedure: a dropped procedure is unknown again (a CALL of it may set anything), and a
// dropped trigger or function CALLs none any more (TestImportRoutineAfterItsCallers drops
// the procedure before its trigger). Bodies are known by their name alone, so where two
// of that kind have the name (two databases) both keep their CALLs: either may be the
// one left.
func (lr *laterReaders) observeDrop(st *split.Statement) {
	what := strings.ToLower(st.Verb[strings.LastIndexByte(st.Verb, ' ')+1:])
	name := strings.ToLower(st.Table)
	switch what {
	case "procedure":
		lr.observeProcedure(st)
		return
	case "trigger", "function":
	default:
		return
	}
	var found []int
	for i, b := range lr.bodies {
		if b.what == what && strings.EqualFold(b.name, name) && len(b.calls) > 0 {
			found = append(found, i)
		}
	}
	if len(found) == 1 {
		lr.bodies[found[0]].calls = nil
	}
}

// wordCalls adds to b, a trigger or function, the procedures the dump created so far
// that its text names as a word: under sql_mode=ORACLE a body runs a procedure by its
// name alone (`x28.p_tz();`, no CALL), which bodyCalls does not see (x-review28,
// TestReviewX28OracleCallSetsSession: the trigger's procedure set time_zone on the
// workers, and a later @@time_zone read SYSTEM where the client has +05:00). A word that
// is a column or table of the procedure's name counts too: the body then runs serially
// for nothing, which costs speed only.
func (lr *laterReaders) wordCalls(b *createdBody) {
	for w := range b.words {
		if _, ok := lr.procs[w]; ok && !slices.Contains(b.names, w) && !slices.Contains(b.calls, w) {
			b.calls = append(b.calls, w)
			lr.calls = true
		}
	}
}

// namedBy adds the procedure name, just created, to the calls of the triggers and
// functions created before it whose text names it (wordCalls; mysqldump writes routines
// after the triggers).
func (lr *laterReaders) namedBy(name string) {
	if name == "" {
		return
	}
	for i, b := range lr.bodies {
		if (b.what == "trigger" || b.what == "function") && b.words[name] && !slices.Contains(b.names, name) && !slices.Contains(b.calls, name) {
			lr.bodies[i].calls = append(lr.bodies[i].calls, name)
			lr.calls = true
		}
	}
}
