package replay

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
)

// noteProcedureVars adds to routineVars what the body of st, a CREATE PROCEDURE, may leave
// set on the connection that CALLs it (plan.ProcedureVars), whether it runs or a resume
// skips it, as noteRoutineVars does for triggers and functions: the statements after it
// journal their values, and a resume that skips a CALL gives them back
// (TestFix12bProcedureSessionResume). Of the session variables the planner read, only
// those the server has are kept (information_schema.SESSION_VARIABLES, looked up once
// each): a name the planner took for one where the body meant a local of its own would
// make every journal read fail (ERROR 1193). Only where a checkpoint journals at all.
func noteProcedureVars(ctx context.Context, cr *controller, st *split.Statement) error {
	p := cr.p
	if p.opt.Checkpoint == nil || st.Kind != split.KindRoutine {
		return nil
	}
	for _, v := range plan.ProcedureVars(st) {
		if slices.Contains(cr.routineVars, v) {
			continue
		}
		if name, ok := strings.CutPrefix(v, "@@"); ok {
			has, err := cr.sessionVars.has(ctx, p.control, name)
			if err != nil {
				return p.at(st, err)
			}
			if !has {
				continue
			}
		}
		cr.routineVars = append(cr.routineVars, v)
	}
	return nil
}

// sessionVarNames are the answers of information_schema.SESSION_VARIABLES so far: name
// (lower case) → whether the server has a session variable of the name.
type sessionVarNames map[string]bool

// has reports whether the server has a session variable name (lower case), asking c once
// per name.
func (known *sessionVarNames) has(ctx context.Context, c Conn, name string) (bool, error) {
	if has, ok := (*known)[name]; ok {
		return has, nil
	}
	var got string
	err := c.QueryRowContext(ctx, "SELECT VARIABLE_NAME FROM information_schema.SESSION_VARIABLES WHERE VARIABLE_NAME = ?", name).Scan(&got)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return false, fmt.Errorf("look up the session variable %s a procedure sets: %w", name, err)
	}
	if *known == nil {
		*known = sessionVarNames{}
	}
	(*known)[name] = err == nil
	return err == nil, nil
}
