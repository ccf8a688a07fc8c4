package replay

import (
	"context"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
)

// wrappedRun returns the statement st runs through its wrappers (EXECUTE IMMEDIATE 'SET
// @x = g(5)', EXECUTE s of a PREPARE s FROM 'SELECT g(5) INTO @x', SET STATEMENT … FOR
// SET …), read through the planner (wrappedLayers), unless that is a SET of a GLOBAL
// variable; st itself for anything else. The journal reads the variables it assigns from
// it (controller.userVarsOf), and a resume gives their values back in its place
// (restoreUserVars) as for a plain SET or SELECT … INTO: a wrapped SET is session-only to
// the planner (Plan.Session) and was sent again, so a SET whose value calls a stored
// function that writes a row wrote it twice (TestReviewX14SetCallsFunctionResume), and
// one whose value reads the tables read rows that come later in the dump
// (TestResumeWrappedSetUserVarFromData); a prepared SELECT … INTO @x, skipped as
// committed, left @x NULL (TestWrappedSelectIntoResume). A SET with a GLOBAL variable
// keeps its own journal and refusals (setglobal.go, setglobal_mixed.go).
func wrappedRun(p *ParallelReplayer, st *split.Statement) *split.Statement {
	layers := wrappedLayers(p, st)
	in := layers[len(layers)-1]
	if in.Kind == split.KindSession {
		for _, a := range plan.ParseSet(in.SQL, in.Syntax()) {
			if a.Global {
				return st
			}
		}
	}
	return in
}

// wrappedLayers returns st, then what it runs through each wrapper in turn (plan.Planner.Wrapped,
// after the planner's Next(st)): EXECUTE IMMEDIATE 'CREATE PROCEDURE …' and EXECUTE s of a
// PREPARE s FROM 'CALL rq(@acc, @msg)' are read as the statements they run. Read from
// the wrapper's text alone, a procedure so created was never followed into routineVars
// (TestWrappedProcedureCalledVarsResume), and the prepared CALL's OUT variables were not
// journaled (TestPreparedCallArgVarsResume).
func wrappedLayers(p *ParallelReplayer, st *split.Statement) []*split.Statement {
	if p.disp == nil {
		return []*split.Statement{st}
	}
	return layersOf(p.disp.planner, st)
}

// layersOf is wrappedLayers read through the planner pl (nil: st alone), for the
// callers that hold the planner only (isDDL).
func layersOf(pl *plan.Planner, st *split.Statement) []*split.Statement {
	out := []*split.Statement{st}
	if st.Kind != split.KindOther || pl == nil {
		return out
	}
	for in := st; len(out) <= maxWrapDepth; {
		if in = pl.Wrapped(in); in == nil {
			break
		}
		out = append(out, in)
	}
	return out
}

// innermost returns the statement st runs through all its wrappers, the last of
// wrappedLayers: SET STATEMENT … FOR EXECUTE IMMEDIATE 'SET GLOBAL …', SET STATEMENT …
// FOR EXECUTE s of a prepared SET GLOBAL. nil where st wraps nothing Wrapped reads; where
// a level below cannot be read (EXECUTE IMMEDIATE @q), the last level read. Judged by one
// level, such a SET GLOBAL was an EXECUTE to globalSet: not journaled, and a resume's new
// sessions took the GLOBAL the interrupted run had raised
// (TestReviewX15DoubleWrappedSetGlobal).
func innermost(p *ParallelReplayer, st *split.Statement) *split.Statement {
	layers := wrappedLayers(p, st)
	if len(layers) == 1 {
		return nil
	}
	return layers[len(layers)-1]
}

// runsInnermost is what st runs through all its wrappers (innermost), or st itself where
// it wraps nothing: the statement whose tables a fill reads (exactFill, inherit) and
// whose text may call a function (notSentAgain). Read one wrapper level deep, SET
// STATEMENT … FOR EXECUTE IMMEDIATE 'INSERT INTO tt SELECT … FROM k' was an EXECUTE
// IMMEDIATE that reads nothing (TestTemporaryFillDoubleWrapped).
func runsInnermost(p *ParallelReplayer, st *split.Statement) *split.Statement {
	if in := innermost(p, st); in != nil {
		return in
	}
	return st
}

// rolledBackCall reports whether st, journaled, must run again on resume rather than
// have its journaled values given back in its place (restoreUserVars): it ran inside the
// dump's transaction (pl.InRegion), which the interrupted attempt did not commit (the
// stretch's progress row covers st once it does), and it, or what it runs through a
// wrapper (set), may call a stored function, whose writes the rollback undid. Given back
// instead, SELECT g(5) INTO @x (plain or wrapped) between START TRANSACTION and COMMIT,
// stopped inside them, lost g's row (TestWrappedSelectIntoResume). Run again where
// the tables are as they were then, it gives the client's values too. A write of the
// function to a MyISAM or Aria table the rollback does not undo: regionIntent recorded
// the statement's intent (callsWriter), so a resume refuses it as maybe half applied
// before it gets here, or skips it by its marker (Skip above), or finds it changed
// nothing non-transactional (TestReviewX16RolledBackCallWritesMyISAM).
func rolledBackCall(ctx context.Context, p *ParallelReplayer, st, set *split.Statement, pl plan.Plan) (bool, error) {
	if !pl.InRegion || p.opt.Checkpoint.Skip(st.Offset) {
		return false, nil
	}
	if calls, err := mayCallFunction(ctx, p, p.control, st); err != nil || calls || set == st {
		return calls, err
	}
	return mayCallFunction(ctx, p, p.control, set)
}

// sessionNotJournaled reports whether set, the SET a statement runs (itself, or through
// a wrapper: wrappedRun), assigns a session server variable that names, the variables
// journaled for it, leave out. A SET of constants journals none of its own (they are the
// same when it runs again), but a wrapper journals the user variables any trigger or
// function body names once the dump has one (userVarsOf): EXECUTE pss9 USING
// 'NO_ENGINE_SUBSTITUTION' of PREPARE pss9 FROM 'SET sql_mode = ?' got a journal row of
// @rf_inner, @rf_calls and @trg alone, and a resume gave those back in its place and
// left the session's sql_mode strict: the next INSERT failed with ERROR 1406 where the
// client's truncated (difffuzz seed 90304, TestKillSweepPreparedSQLModeSet). Such a
// statement runs again on resume, as every session statement without a journal row does,
// and the journaled values are given back after it (restoreUserVars): what it sets itself
// is a constant's (a value from the data would have journaled the session variable too:
// assignedUserVars), and no stored function runs again (EXECUTE … USING takes none: ERROR
// 1970).
func sessionNotJournaled(set *split.Statement, names []string) bool {
	if set.Kind != split.KindSession || setsCharsetFromDatabase(set) {
		return false
	}
	for _, a := range plan.ParseSet(set.SQL, set.Syntax()) {
		if !strings.HasPrefix(a.Name, "@") && !a.Global && !slices.Contains(names, "@@"+a.Name) {
			return true
		}
	}
	return false
}
