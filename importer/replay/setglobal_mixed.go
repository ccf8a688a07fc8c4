package replay

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
)

// A SET of GLOBAL variables together with session or user ones (SET GLOBAL
// lock_wait_timeout = @@global.lock_wait_timeout + 1000, SESSION sql_mode = ''). It is a
// session statement, which a resume used to replay whole to rebuild its session, so its
// GLOBAL part ran twice: the resume's rows read 88400 where the client's read 87400
// (TestReviewX10MixedSetGlobalAgainOnResume). The planner runs the rest of the dump on
// the control connection from it on (plan's setState), so it runs in runSerial.
//
// It is not split into a GLOBAL and a session statement run apart: MariaDB evaluates
// every value of the list before it assigns any (sql_set_variables checks them all first:
// SET @a = 9, GLOBAL x = @@global.x + @a, @b = @@global.x, @c = @a adds the @a of before
// the statement and gives @b the GLOBAL of before it; SET @f = 1, @g = @f + 1 leaves @g
// NULL; tried on 10.11), so a session part run again on resume, after the GLOBAL part
// and maybe a later SET GLOBAL of the dump ran, would read other values than the
// client's. Instead, once it has run, the session state it left is journaled
// (the session values of every server variable it names, whatever the scope, and the
// user variables it sets: RecordVars, at its offset), then it is marked as run
// (checkpoint.MarkGlobalRan). A resume on the same server that finds it ran (the marker,
// or GLOBAL values that differ from those journaled just before it: checkpoint.GlobalRan)
// gives the journaled values back in its place, the GLOBAL part already holding; when it
// ran but the stop came before its journal, the GLOBAL values from before it are set back
// and it runs whole, from the state the first attempt ran it from. After a restart (the
// GLOBAL values lost) it runs whole again and then the journaled values, if any, are given
// back. Neither marked nor changed: it runs as the first attempt did.
//
// The journal is written at once, not in the dump's transaction: the marker's table is not
// transactional, and a ROLLBACK of the dump's transaction undoes neither the GLOBAL nor the
// session values. So on a worker's connection (idle: the rest of the dump runs on the
// control connection) inside the dump's transaction, but on the control connection under
// its table locks, which include the journal's table (checkpoint.LockList).

// mixedSet reports whether st sets GLOBAL (or PERSIST) server variables and also session
// or user variables.
func mixedSet(st *split.Statement) bool {
	if st.Kind != split.KindSession {
		return false
	}
	global, session := false, false
	for _, a := range plan.ParseSet(st.SQL, st.Syntax()) {
		global = global || a.Global
		session = session || !a.Global
	}
	return global && session
}

// restoreSetVars is restoreUserVars, with a mixedSet's resume as above: done when the
// journaled values stood in for st; after is a SET to send once st has run.
func restoreSetVars(ctx context.Context, cr *controller, st *split.Statement, pl plan.Plan) (done bool, after string, err error) {
	p := cr.p
	cp := p.opt.Checkpoint
	if cp == nil || !mixedSet(st) {
		return cr.restoreUserVars(ctx, st, pl)
	}
	assign, journaled := cp.VarsAt(st.Offset, st.SQL)
	ran, err := checkpoint.GlobalRan(ctx, cp, p.control, st.Offset)
	switch {
	case err != nil:
		return true, "", p.at(st, err)
	case ran && journaled:
		if err := cr.giveBack(ctx, st, assign); err != nil {
			return true, "", err
		}
		if split.TouchesSQLMode(*st) {
			if err := p.serial.syncSQLMode(ctx); err != nil {
				return true, "", p.at(st, err)
			}
		}
		p.disp.session = append(p.disp.session, p.workerSession(st, assign)...)
		return true, "", cr.skipped.noteSkipped(ctx, st)
	case journaled:
		return false, assign, nil
	case ran:
		// It ran, and the stop came before its journal (the GLOBAL values differ from
		// those journaled before it): they are set back, and it runs whole from the
		// state the first attempt ran it from (nothing after it ran).
		if before, ok, err := checkpoint.GlobalsBefore(ctx, cp, p.control, st.Offset); err != nil || !ok {
			return true, "", p.at(st, cmp.Or(err, errors.New("it ran in the interrupted attempt, which journaled neither the session values it gave nor the GLOBAL values before it")))
		} else if _, err := p.control.ExecContext(ctx, before.Assign); err != nil {
			return true, "", p.at(st, fmt.Errorf("set back the GLOBAL values from before it: %w", err))
		}
	}
	return cr.restoreUserVars(ctx, st, pl)
}

// journalMixedSet journals, after the mixedSet st ran on the control connection, the
// session state it left, then marks it as run (see above); for any other statement it
// does nothing. pl is st's plan: whether the dump's transaction or table locks are open.
func journalMixedSet(ctx context.Context, cr *controller, st *split.Statement, pl plan.Plan) error {
	p := cr.p
	cp := p.opt.Checkpoint
	if cp == nil || !cp.Resumable() || !mixedSet(st) {
		return nil
	}
	if _, journaled := cp.VarsAt(st.Offset, st.SQL); !journaled {
		names, err := sessionScoped(ctx, p.control, &cr.sessionVars, st, true)
		if err != nil {
			return p.at(st, err)
		}
		for _, a := range plan.ParseSet(st.SQL, st.Syntax()) {
			if strings.HasPrefix(a.Name, "@") && !slices.Contains(names, a.Name) {
				names = append(names, a.Name) // a constant's too: the journal stands in for st
			}
		}
		for _, v := range cr.userVarsOf(st) { // and what the functions it calls set
			if !slices.Contains(names, v) {
				names = append(names, v)
			}
		}
		to := p.control
		if (pl.InRegion || pl.OpenAfter) && !pl.Locked && len(p.workers) > 0 {
			to = p.workers[0]
		}
		if err := cp.RecordVars(ctx, p.control, to, st.Offset, st.SQL, names); err != nil {
			return p.at(st, fmt.Errorf("journal the session state it left, for a resume: %w", err))
		}
	}
	if err := checkpoint.MarkGlobalRan(ctx, cp, p.control, st.Offset); err != nil {
		return p.at(st, fmt.Errorf("mark the SET GLOBAL as run, for a resume: %w", err))
	}
	return nil
}
