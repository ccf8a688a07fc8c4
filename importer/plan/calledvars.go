package plan

import (
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// A trigger or function whose body CALLs a procedure runs the procedure's body on the
// connection that fired or called it, so a user variable the procedure sets (SET
// @rl_calls = COALESCE(@rl_calls, 0) + 1) is set on that connection, as one the
// trigger's own body names would be (routineUserVariable). The planner read the
// trigger's own text only: the INSERT that fired it ran on a worker, and the reader of
// the variable on the control connection found it NULL where the client's was 1
// (TestDiffFuzzFoundGen4TriggerCallsProcedureVar); a resume that skipped the INSERT gave
// nothing back (TestReviewX13TriggerCallsProcedureVarResume). CalledVars follows the
// dump's triggers, functions and procedures for it: the procedures each trigger or
// function CALLs, transitively and through cycles, and the user variables each
// procedure's body names, in whichever order the dump creates them (mysqldump writes
// routines after the triggers that call them). The planner runs the rest of the dump on
// one connection from the statement that closes such a path, as it does from a trigger
// that names a user variable itself; the replay journals the variables after every
// statement from there on (replay's userVarsOf). Procedures are known by name alone,
// without their database, and a name created again keeps what the older body named too:
// it errs on the side of more (a variable journaled that need not be).

// CalledVars follows the procedures the dump's trigger and function bodies may run (see
// above). The zero value is ready.
type CalledVars struct {
	callers []bodyCaller          // every trigger and function created so far that CALLs
	procs   map[string]calledProc // lower-cased procedure name → what its bodies hold
	asked   map[string]bool       // KeyOf(db, name) → whether the target held a procedure the dump had not created
}

// bodyCaller is a trigger or function body that CALLs procedures.
type bodyCaller struct {
	what, name string      // "trigger", "rtg4"
	db         string      // its database ("" when the statement did not say and none was current)
	calls      [][2]string // database ("" unqualified) and lower-cased name of each CALL
}

// calledProc is what CalledVars read of a procedure's bodies.
type calledProc struct {
	vars    []string // the user variables they name (@v)
	calls   []string // the procedures they CALL, lower-cased, without their database
	dynamic bool     // one runs dynamic SQL (EXECUTE, PREPARE): it may set any variable
}

// Observe follows st, a statement the server runs on the client's connection; db is the
// current database. Only CREATE TRIGGER, FUNCTION and PROCEDURE change what it holds.
func (c *CalledVars) Observe(st *split.Statement, db string) {
	if st.Kind != split.KindRoutine || !strings.HasPrefix(st.Verb, "CREATE") {
		return
	}
	switch bodyKind(st) {
	case "trigger", "function":
		calls := qualifiedBodyCalls(st)
		if len(calls) == 0 {
			return
		}
		if st.Database != "" {
			db = st.Database
		}
		c.callers = append(c.callers, bodyCaller{what: bodyKind(st), name: st.Table, db: db, calls: calls})
	case "procedure":
		name := strings.ToLower(st.Table)
		if name == "" {
			return
		}
		p := c.procs[name]
		for _, v := range ProcedureVars(st) {
			if !strings.HasPrefix(v, "@@") && !slices.Contains(p.vars, v) {
				p.vars = append(p.vars, v)
			}
		}
		for _, call := range qualifiedBodyCalls(st) {
			if !slices.Contains(p.calls, call[1]) {
				p.calls = append(p.calls, call[1])
			}
		}
		p.dynamic = p.dynamic || bodyStatementStarts(st, func(w string) bool { return w == "EXECUTE" || w == "PREPARE" })
		if c.procs == nil {
			c.procs = map[string]calledProc{}
		}
		c.procs[name] = p
	}
}

// Vars returns the user variables the procedures a trigger or function body CALLs (and
// those they CALL in turn) name, in the order first found.
func (c *CalledVars) Vars() []string {
	var out []string
	seen := map[string]bool{}
	for _, b := range c.callers {
		for _, call := range b.calls {
			c.walk(call[1], seen, func(name string, p calledProc, _ bool) bool {
				for _, v := range p.vars {
					if !slices.Contains(out, v) {
						out = append(out, v)
					}
				}
				return false
			})
		}
	}
	return out
}

// walk calls fn with each procedure that name, or one it CALLs, reaches, once each (seen
// holds those visited), until fn returns true; it reports whether fn did. known is false
// for a name the dump has not created (p is then empty).
func (c *CalledVars) walk(name string, seen map[string]bool, fn func(name string, p calledProc, known bool) bool) bool {
	if seen[name] {
		return false
	}
	seen[name] = true
	p, ok := c.procs[name]
	if fn(name, p, ok) {
		return true
	}
	for _, n := range p.calls {
		if c.walk(n, seen, fn) {
			return true
		}
	}
	return false
}

// why returns why a trigger or function body may set a user variable through the
// procedures it CALLs, or "": one of them names one or runs dynamic SQL, or one the dump
// did not create exists on the target (exists answers for a database and name; nil: not
// asked), so that its body is not known. A CALL of a procedure that neither the dump
// created nor the target holds fails as the client's does, until the dump creates it
// (Observe, and why again then). A procedure is looked for in the database of the body
// that reaches it, once per name.
func (c *CalledVars) why(exists func(db, name string) (bool, error)) (string, error) {
	var err error
	for _, b := range c.callers {
		for _, call := range b.calls {
			found := ""
			c.walk(call[1], map[string]bool{}, func(name string, p calledProc, known bool) bool {
				switch {
				case len(p.vars) > 0:
					found = name + " sets user variable " + p.vars[0] + ", which lives on the connection that runs it"
				case p.dynamic:
					found = name + " runs dynamic SQL, which may set user variables of the connection that runs it"
				case !known && exists != nil:
					db := b.db
					if name == call[1] && call[0] != "" {
						db = call[0]
					}
					var there bool
					if there, err = c.existsOnce(exists, db, name); err != nil {
						return true
					}
					if there || name == "" || db == "" {
						found = name + " was not created by the dump (it was there before, or its name cannot be read), so it may set user variables of the connection that runs it"
					}
				}
				if found == "" {
					return false
				}
				via := call[1]
				if name != call[1] {
					via += ", which calls " + name // through others, perhaps
				}
				found = "the " + b.what + " " + b.name + " calls " + via + ", and " + found
				return true
			})
			if found != "" || err != nil {
				return found, err
			}
		}
	}
	return "", nil
}

// existsOnce is exists(db, name), asked once per database and name.
func (c *CalledVars) existsOnce(exists func(db, name string) (bool, error), db, name string) (bool, error) {
	if name == "" || db == "" {
		return false, nil
	}
	k := KeyOf(db, name)
	if there, ok := c.asked[k]; ok {
		return there, nil
	}
	there, err := exists(db, name)
	if err != nil {
		return false, err
	}
	if c.asked == nil {
		c.asked = map[string]bool{}
	}
	c.asked[k] = there
	return there, nil
}

// bodySets follows st, a routine statement, and reports whether a trigger's or
// function's body created so far may set a user variable: st's own, or through the
// procedures such bodies CALL (the planner's bodyVars).
func (c *CalledVars) bodySets(st *split.Statement, db string) bool {
	c.Observe(st, db)
	_, vars := RoutineUserVars(st)
	return len(vars) > 0 || len(c.Vars()) > 0
}

// serialWhy returns why a run not serial yet turns serial at st, a routine statement: it
// creates a trigger or function that CALLs a procedure which may set a user variable, or
// the procedure such a body CALLs, so that from here on a row may set it on the
// connection that runs the row. "" otherwise.
func (c *CalledVars) serialWhy(st *split.Statement, serial bool, cat Catalog) (string, error) {
	if st.Kind != split.KindRoutine || serial {
		return "", nil
	}
	return c.why(procedureExists(cat))
}

// serialOr is p.toSerial(st, why), or err when the catalog failed.
func serialOr(p *Planner, st *split.Statement, why string, err error) (Plan, error) {
	if err != nil {
		return Plan{}, err
	}
	return p.toSerial(st, why), nil
}

// qualifiedBodyCalls returns the procedures st's body CALLs: database as written (""
// unqualified) and lower-cased name ("" for a name that cannot be read).
func qualifiedBodyCalls(st *split.Statement) [][2]string {
	var out [][2]string
	bodyStatementsAt(st, func(w string, l *sqlscan.Tokenizer) bool {
		if w == "CALL" {
			save := l.Pos
			db, name := l.Name(l.Next())
			l.Pos = save
			call := [2]string{db, strings.ToLower(name)}
			if !slices.Contains(out, call) {
				out = append(out, call)
			}
		}
		return false
	})
	return out
}
