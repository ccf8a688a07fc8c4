package replay

import (
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
)

// wrappedSet returns the SET st runs through its wrappers (EXECUTE IMMEDIATE 'SET @x =
// g(5)', EXECUTE s of a PREPARE s FROM 'SET …', SET STATEMENT … FOR SET …), read through
// the planner (plan.Planner.Wrapped: call it after the planner's Next(st)), when that
// SET sets no GLOBAL variable; st itself otherwise. The journal reads the variables it
// assigns from it (controller.userVarsOf), and a resume gives their values back in its
// place (restoreUserVars) as for a plain SET: the wrapper is session-only to the planner
// (Plan.Session) and was sent again, so a SET whose value calls a stored function that
// writes a row wrote it twice (TestReviewX14SetCallsFunctionResume), and one whose value
// reads the tables read rows that come later in the dump
// (TestResumeWrappedSetUserVarFromData). A SET with a GLOBAL variable keeps its own
// journal and refusals (setglobal.go, setglobal_mixed.go).
func wrappedSet(p *ParallelReplayer, st *split.Statement) *split.Statement {
	if st.Kind != split.KindOther || p.disp == nil || p.disp.planner == nil {
		return st
	}
	in := st
	for depth := 0; depth < maxWrapDepth; depth++ {
		if in = p.disp.planner.Wrapped(in); in == nil {
			return st
		}
		if in.Kind == split.KindOther {
			continue
		}
		if in.Kind != split.KindSession {
			return st
		}
		for _, a := range plan.ParseSet(in.SQL, in.Syntax()) {
			if a.Global {
				return st
			}
		}
		return in
	}
	return st
}

// wrappedLayers returns st, then what it runs through each wrapper in turn (plan.Planner.Wrapped,
// after the planner's Next(st)): EXECUTE IMMEDIATE 'CREATE PROCEDURE …' and EXECUTE s of a
// PREPARE s FROM 'CALL rq(@acc, @msg)' are read as the statements they run. Read from
// the wrapper's text alone, a procedure so created was never followed into routineVars
// (TestWrappedProcedureCalledVarsResume), and the prepared CALL's OUT variables were not
// journaled (TestPreparedCallArgVarsResume).
func wrappedLayers(p *ParallelReplayer, st *split.Statement) []*split.Statement {
	out := []*split.Statement{st}
	if st.Kind != split.KindOther || p.disp == nil || p.disp.planner == nil {
		return out
	}
	for in := st; len(out) <= maxWrapDepth; {
		if in = p.disp.planner.Wrapped(in); in == nil {
			break
		}
		out = append(out, in)
	}
	return out
}
