package replay

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/mysqlerr"
)

// noteProcedureVars adds to procVars what the body of st, a CREATE PROCEDURE, may leave
// set on the connection that CALLs it (plan.ProcedureVars), whether it runs or a resume
// skips it, as noteRoutineVars does for triggers and functions: the statements after it
// that may CALL it journal their values (withProcedureVars), and a resume that skips such
// a CALL gives them back (TestFix12bProcedureSessionResume). Of the session variables the planner read, only
// those the server has are kept (information_schema.SESSION_VARIABLES, looked up once
// each): a name the planner took for one where the body meant a local of its own would
// make every journal read fail (ERROR 1193). Only where a checkpoint journals at all.
func noteProcedureVars(ctx context.Context, cr *controller, st *split.Statement) error {
	p := cr.p
	if p.opt.Checkpoint == nil {
		return nil
	}
	// what a body SETs GLOBAL that no SET gives back (journalRoutineGlobals)
	var readOnly []string
	for _, s := range wrappedLayers(p, st) { // EXECUTE IMMEDIATE 'CREATE PROCEDURE …' too
		if s.Kind != split.KindRoutine {
			continue
		}
		if err := noteProcedureBody(ctx, cr, st, s); err != nil {
			return err
		}
		for _, name := range plan.RoutineGlobals(s) {
			if sessionReadOnly[name] && !slices.Contains(readOnly, name) {
				readOnly = append(readOnly, name)
			}
		}
	}
	return journalRoutineGlobals(ctx, cr, st, readOnly)
}

// journalRoutineGlobals journals, at st, the CREATE of a procedure, function or trigger
// whose body SETs GLOBAL the sessionReadOnly variables names, their GLOBAL values now
// (checkpoint.RecordGlobalsBefore, as before a SET GLOBAL of them): the values the
// client's session connected with and kept through every CALL of it, unless a SET GLOBAL
// the dump ran before st changed them (its own journal row comes first then).
// refuseReadOnlySessionChanged compares a resume's session with the first journal of each
// name: without this one, `CREATE PROCEDURE sp() SET GLOBAL max_allowed_packet = 8388608;
// CALL sp();` stopped after the CALL gave the resume's new sessions 8388608 where the
// client's kept 16777216, silently (TestReviewX22ReadOnlySessionSetInProcedure). At the
// CREATE, not before each CALL: once a run, and it covers a CALL of a procedure that
// calls it, a function and a trigger alike. A resume keeps the journal the interrupted
// run made (the GLOBAL may have changed since), and journals nothing at a CREATE it
// skips as committed.
func journalRoutineGlobals(ctx context.Context, cr *controller, st *split.Statement, names []string) error {
	p := cr.p
	cp := p.opt.Checkpoint
	if len(names) == 0 || cp.Skip(st.Offset) {
		return nil
	}
	if _, ok, err := checkpoint.GlobalsBefore(ctx, cp, p.control, st.Offset); err != nil || ok {
		if err != nil {
			return p.at(st, err)
		}
		return nil
	}
	if _, err := checkpoint.RecordGlobalsBefore(ctx, cp, p.control, st.Offset, names, nil); err != nil {
		return p.at(st, err)
	}
	return nil
}

// noteBlockVars notes what st, a top-level compound statement, may leave set on its
// connection (plan.BlockVars), journaled after it (userVarsOf) as a CALL journals what
// the procedure may (withProcedureVars), and given back by a resume that skips it:
// `BEGIN NOT ATOMIC SET SESSION time_zone = '+05:00'; END` was not, and the resumed
// rows after it were stored under the new connection's time zone
// (TestXFix78BlockSessionVarsResumed). Of the session variables, only those the server
// has are kept (sessionVarNames.has), as for a procedure's body. Only where a checkpoint
// journals at all.
func noteBlockVars(ctx context.Context, cr *controller, st *split.Statement) error {
	p := cr.p
	if p.opt.Checkpoint == nil {
		return nil
	}
	if _, ok := cr.blockVars[st.Offset]; ok {
		return nil
	}
	vars := plan.BlockVars(st)
	if len(vars) == 0 {
		return nil
	}
	var keep []string
	for _, v := range vars {
		if name, ok := strings.CutPrefix(v, "@@"); ok {
			if sessionReadOnly[name] {
				continue // no SET gives it back (ERROR 1621)
			}
			has, err := cr.sessionVars.has(ctx, p.control, name)
			if err != nil {
				return p.at(st, err)
			}
			if !has {
				continue
			}
		}
		keep = append(keep, v)
	}
	if len(cr.blockVars) > 256 || cr.blockVars == nil { // as wrappedVars: few statements are blocks
		cr.blockVars = map[int64][]string{}
	}
	cr.blockVars[st.Offset] = keep
	return nil
}

// noteProcedureBody is noteProcedureVars of body, the CREATE PROCEDURE st runs (st
// itself, or what it runs through a wrapper).
func noteProcedureBody(ctx context.Context, cr *controller, st, body *split.Statement) error {
	p := cr.p
	for _, v := range plan.ProcedureVars(body) {
		if slices.Contains(cr.procVars, v) {
			continue
		}
		if name, ok := strings.CutPrefix(v, "@@"); ok {
			if sessionReadOnly[name] {
				continue // no SET gives it back (ERROR 1621), as setglobal.go's sessionScoped
			}
			has, err := cr.sessionVars.has(ctx, p.control, name)
			if err != nil {
				return p.at(st, err)
			}
			if !has {
				continue
			}
		}
		cr.procVars = append(cr.procVars, v)
	}
	return nil
}

// withProcedureVars adds procVars to names, the variables st journals (userVarsOf), when
// st may CALL a procedure: its text names CALL (a CALL, SET STATEMENT … FOR CALL, a
// compound statement), or it is an EXECUTE (of a prepared CALL). Only there: a trigger
// may fire at any INSERT, a procedure runs only when called, and a journal after every
// statement of a serial run is two round trips each. Every attempt decides alike, so a
// resume finds the journal where it looks.
func withProcedureVars(cr *controller, st *split.Statement, names []string) []string {
	if cr.p.opt.Checkpoint != nil {
		for _, v := range cr.blockVars[st.Offset] { // noteBlockVars
			if !slices.Contains(names, v) {
				names = append(names, v)
			}
		}
	}
	if len(cr.procVars) == 0 || st.Kind != split.KindOther {
		return names
	}
	if !sqlscan.ContainsFoldASCII(st.SQL, "CALL") && !strings.EqualFold(sqlscan.FirstWord(st.SQL, st.Syntax()), "EXECUTE") {
		return names
	}
	for _, v := range cr.procVars {
		if !slices.Contains(names, v) {
			names = append(names, v)
		}
	}
	return names
}

// sessionVarNames are the answers of the server's variable catalog so far: name (lower
// case) → whether the server has a session value of the name a SET can give back.
type sessionVarNames map[string]bool

// has reports whether the server has a session value of the variable name (lower case),
// asking c once per name: for what a procedure sets (noteProcedureBody) and what a SET
// GLOBAL sets (sessionScoped, setglobal.go), one catalog for both. MariaDB's information_schema.SYSTEM_VARIABLES gives its scope:
// information_schema.SESSION_VARIABLES lists GLOBAL-only variables too
// (log_bin_trust_function_creators, max_connect_errors), whose journal read-back
// failed with ERROR 1238 on the CALL of a procedure that sets one (x-review15 #13,
// TestReviewX15ProcedureSetsGlobalOnlyVariable). A server without that table (MySQL)
// is asked SESSION_VARIABLES as before. A SELECT that finds nothing raises no condition,
// which a probe of SELECT @@SESSION.x would (the diagnostics area after the CREATE).
func (known *sessionVarNames) has(ctx context.Context, c Conn, name string) (bool, error) {
	if has, ok := (*known)[name]; ok {
		return has, nil
	}
	var scope string
	err := c.QueryRowContext(ctx, "SELECT VARIABLE_SCOPE FROM information_schema.SYSTEM_VARIABLES WHERE VARIABLE_NAME = ?", name).Scan(&scope)
	has := err == nil && !strings.EqualFold(scope, "GLOBAL")
	if me := (*mysql.MySQLError)(nil); errors.As(err, &me) && me.Number == mysqlerr.UnknownTable {
		var got string
		err = c.QueryRowContext(ctx, "SELECT VARIABLE_NAME FROM information_schema.SESSION_VARIABLES WHERE VARIABLE_NAME = ?", name).Scan(&got)
		has = err == nil
	}
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return false, fmt.Errorf("look up the session variable %s a procedure sets: %w", name, err)
	}
	if *known == nil {
		*known = sessionVarNames{}
	}
	(*known)[name] = has
	return has, nil
}
