package replay

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// SET GLOBAL and --resume. A SET GLOBAL changes the server, not the session that runs
// it, and writes no progress row: a resume that sent it again ran it twice (SET GLOBAL x =
// @@global.x + 1000 added 2000: TestReviewX9aSetGlobalAgainOnResume), unless the server
// restarted in between, which set the GLOBAL back (checkpoint.GlobalRan tells). And the
// resume's connections are new sessions, which start from the GLOBAL values the earlier
// attempt's SET GLOBAL changed, where the client's session kept what it connected with
// (rows stored under time_zone '+05:00' where the client's were under SYSTEM:
// TestReviewX9aResumeSessionFromNewGlobal). So before a SET GLOBAL of a variable that has
// a session scope runs, the control connection's session value of it is journaled (with
// the GLOBAL values before it, in a table that does not roll back with the dump's
// transaction: checkpoint.RecordGlobalsBefore; an older dumpscope's are in the vars
// journal), and a resume gives it back there, to the control connection and the workers'
// sessions, before anything after it runs. Only a SET of GLOBAL variables alone (plan.SetsGlobalOnly): a
// SET that also sets session or user variables is setglobal_mixed.go's.

// sessionKeptVars are variables a SET GLOBAL may change whose session value the planner
// follows itself (the transaction's bounds): not given back behind its back.
var sessionKeptVars = map[string]bool{"autocommit": true, "completion_type": true}

// resumeSetGlobal does what a resume owes st when it is a SET of GLOBAL variables alone
// (see above): it gives back the session values journaled for it, and skips it when an
// earlier attempt ran it on this server (done); before it runs, it journals them. A run
// without a checkpoint does nothing here.
func resumeSetGlobal(ctx context.Context, cr *controller, st *split.Statement) (done bool, err error) {
	p := cr.p
	cp := p.opt.Checkpoint
	if err := giveBackAtResumePoint(ctx, cr, st); err != nil { // setglobal_resume.go
		return true, err
	}
	if err := refuseRoutineGlobalsLost(cr, st); err != nil {
		return true, err
	}
	set := p.globalSet(st)
	if cp == nil || set == nil {
		return false, nil
	}
	if set != st && (!plan.SetsGlobalOnly(set) || len(cr.userVarsOf(set)) > 0) {
		return false, refuseWrappedMixedSet(cr, st)
	}
	if !plan.SetsGlobalOnly(set) || len(cr.userVarsOf(set)) > 0 {
		return false, nil
	}
	assign, journaled := cp.VarsAt(st.Offset, set.SQL) // an older dumpscope's journal
	if !journaled {
		g, ok, err := checkpoint.GlobalsBefore(ctx, cp, p.control, st.Offset)
		if err != nil {
			return true, p.at(st, err)
		}
		assign, journaled = g.Session, ok && g.Session != ""
	}
	if journaled {
		if err := cr.giveBack(ctx, st, assign); err != nil {
			return true, err
		}
		p.disp.session = append(p.disp.session, assign)
	}
	ran, err := checkpoint.GlobalRan(ctx, cp, p.control, st.Offset)
	if err != nil {
		return true, p.at(st, err)
	}
	switch {
	case ran && set != st && cp.Skip(st.Offset):
		return false, nil // a wrapper the earlier attempt committed: skipped as any (dispatchOne)
	case ran:
		return true, cr.skipped.noteSkipped(ctx, st)
	}
	return false, nil // journaled as it runs (execSetGlobal)
}

// sessionScoped are the variables (@@x) st sets GLOBAL that have a session value a
// resume can give back: the server's catalog says which (known.has, procvars.go, asked
// once a name: it was a SELECT @@SESSION.x probe, whose ERROR 1238 for a GLOBAL-only one
// sat in the diagnostics area after journalMixedSet), and sessionReadOnly's cannot be set
// (ERROR 1621). A character set's collation
// follows it (setting character_set_connection resets collation_connection to the
// character set's default), as charsetVars are given back. With alsoSession, the
// variables st sets in the session are among them too, sessionKeptVars included: the
// value st gave them there is the one to give back (setglobal_mixed.go).
func sessionScoped(ctx context.Context, c Conn, known *sessionVarNames, st *split.Statement, alsoSession bool) ([]string, error) {
	var names []string
	for _, a := range plan.ParseSet(st.SQL, st.Syntax()) {
		name := strings.ToLower(a.Name)
		kept := a.Global && (sessionKeptVars[name] || sessionReadOnly[name])
		if (!a.Global && !alsoSession) || !sysVarName(name) || kept || slices.Contains(names, "@@"+name) {
			continue
		}
		if has, err := known.has(ctx, c, name); err != nil || !has {
			if err != nil {
				return nil, err
			}
			continue // no session value
		}
		names = append(names, "@@"+name)
	}
	for _, cs := range []string{"connection", "database", "server"} {
		if slices.Contains(names, "@@character_set_"+cs) {
			names = slices.DeleteFunc(names, func(n string) bool { return n == "@@collation_"+cs })
			names = append(names, "@@collation_"+cs)
		}
	}
	return names, nil
}

// sessionReadOnly are variables whose session value no SET changes (ERROR 1621: "SESSION
// variable … is read-only. Use SET GLOBAL"): a session takes the GLOBAL's when it
// connects and keeps it, the client's through the dump's own SET GLOBAL of it (measured
// on 10.11), a resume's new one the value that SET left (refuseReadOnlySessionChanged).
var sessionReadOnly = map[string]bool{"max_allowed_packet": true, "net_buffer_length": true}

// refuseReadOnlySessionChanged refuses, at st, the first statement a resume does not skip
// as committed, the resume when its connection's session value of a sessionReadOnly
// variable differs from the GLOBAL journaled before the dump's first SET GLOBAL of it,
// which the client's session connected with and kept: the interrupted run's SET GLOBAL
// changed it, and no SET can give it back. `INSERT INTO lg VALUES (1,
// @@max_allowed_packet)` stored 8388608 where the client stored 16777216, and
// LENGTH(REPEAT('x', 10000000)) NULL where the client's was 10000000 (a result over the
// session's max_allowed_packet is NULL): TestReviewX21ReadOnlySessionAfterSetGlobal,
// silent before. Any statement may depend on the value (the largest packet the server
// reads), so the resume itself is refused, not the readers by name: import scripts that
// raise the packet size so are refused too (TestResumeSetGlobalReadOnlySession), and the
// line says how to go on, exact: the GLOBAL set back, the new sessions take the client's
// value. Unchanged (the SET did not run, or a later one set it back), nothing. assigns
// are all the run journaled (checkpoint.AssignsFrom offset 0), read once at the resume
// point.
func refuseReadOnlySessionChanged(ctx context.Context, cr *controller, st *split.Statement, assigns []checkpoint.GlobalsAssign) error {
	p := cr.p
	seen := map[string]bool{}
	for _, g := range assigns {
		for name, before := range g.Values() {
			if !sessionReadOnly[name] || seen[name] {
				continue
			}
			seen[name] = true // the first SET GLOBAL of it: the GLOBAL the client's session kept
			now, err := checkpoint.ReadSession(ctx, p.control, []string{name})
			if err != nil {
				return p.at(st, err)
			}
			if _, now, _ = strings.Cut(now, " = "); now == before {
				continue
			}
			if err := p.disp.flush(ctx); err != nil {
				return err
			}
			return p.serial.refuse(st, "--resume cannot give its sessions the "+name+" the client's session kept: the interrupted run changed its GLOBAL at or after offset "+
				strconv.FormatInt(g.Offset, 10)+" (a SET GLOBAL, or a CALL of a routine created there that sets it), a new session takes the GLOBAL it left ("+plainLiteral(now)+", where the client's session kept "+plainLiteral(before)+
				") and no SET changes a session's; run SET GLOBAL "+name+" = "+plainLiteral(before)+
				" and resume again (the dump's SET GLOBAL is not run again), or import the dump again into an empty target")
		}
	}
	return nil
}

// plainLiteral is readVars' literal of a number (CAST(16777216 AS UNSIGNED)) as a user
// reads it (16777216); any other as it is.
func plainLiteral(lit string) string {
	if n, ok := strings.CutPrefix(lit, "CAST("); ok {
		if n, _, ok := strings.Cut(n, " AS "); ok {
			return n
		}
	}
	return lit
}

// execSetGlobal runs st on c by exec; when st is a SET GLOBAL (alone, or a mixedSet) on
// the control connection of a checkpointed run, it journals the GLOBAL values of what st
// sets just before (checkpoint.RecordGlobalsBefore: a resume tells from them whether it
// ran when the stop came before its marker), and marks a SET of GLOBAL variables alone as
// run after it (markGlobalRan; a mixedSet's marker follows its journal: journalMixedSet).
//
// With them, for a SET of GLOBAL variables alone that resumeSetGlobal handles, and for a
// mixedSet, go the session values of what it sets GLOBAL (sessionScoped), given back on
// resume (a mixedSet's only where the resume starts sending: setglobal_resume.go; at its
// place it gives back those journaled after it); for the former, where the
// server has no engine for the markers' table they go to the vars journal instead, in the
// control connection's transaction state (a plain INSERT: none was journaled at this
// offset, as checkpoint.Run.RecordVars says of InnoDB's bulk path).
func execSetGlobal(ctx context.Context, p *ParallelReplayer, c Conn, st *split.Statement, exec func() error) error {
	cp := p.opt.Checkpoint
	set := p.globalSet(st) // st, or the SET GLOBAL a wrapper of it runs
	if set != nil && set != st && !plan.SetsGlobalOnly(set) {
		set = nil // a wrapped mixed SET: refused on resume instead (refuseWrappedMixedSet)
	}
	if cp != nil && c == p.control && set != nil && (plan.SetsGlobalOnly(set) || mixedSet(set)) {
		var session []string
		if mixedSet(set) || len(p.ctl.userVarsOf(set)) == 0 {
			var err error
			if session, err = sessionScoped(ctx, c, &p.ctl.sessionVars, set, false); err != nil {
				return p.at(st, err)
			}
		}
		journaled, err := checkpoint.RecordGlobalsBefore(ctx, cp, c, st.Offset, globalNames(set), session)
		if err != nil {
			return p.at(st, err)
		}
		if _, again := cp.VarsAt(st.Offset, set.SQL); plan.SetsGlobalOnly(set) && !journaled && !again && len(session) > 0 {
			if err := cp.RecordVars(ctx, c, c, st.Offset, set.SQL, session); err != nil {
				return p.at(st, fmt.Errorf("journal the session's values of the variables it sets GLOBAL: %w", err))
			}
		}
	}
	return markGlobalRan(ctx, p, c, st, exec())
}

// globalNames are the server variables st sets GLOBAL, lower case, each once.
func globalNames(st *split.Statement) []string {
	var names []string
	for _, a := range plan.ParseSet(st.SQL, st.Syntax()) {
		if name := strings.ToLower(a.Name); a.Global && sysVarName(name) && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return names
}

// markGlobalRan marks st, a SET of GLOBAL variables alone that returned err on c, as run
// (checkpoint.MarkGlobalRan) for a resume to skip; it returns err, or why the mark
// failed.
func markGlobalRan(ctx context.Context, p *ParallelReplayer, c Conn, st *split.Statement, err error) error {
	cp := p.opt.Checkpoint
	if set := p.globalSet(st); err != nil || cp == nil || c != p.control || set == nil || !plan.SetsGlobalOnly(set) {
		return err
	}
	if err := checkpoint.MarkGlobalRan(ctx, cp, c, st.Offset); err != nil {
		return p.at(st, fmt.Errorf("mark the SET GLOBAL as run, for a resume: %w", err))
	}
	return nil
}

// globalSet is the SET that st runs when it may set GLOBAL variables: st itself when it
// is a SET, or the SET GLOBAL that st, EXECUTE IMMEDIATE '…' or EXECUTE of a prepared
// statement, runs, through any number of wrappers (innermost: st is the
// statement planned last; SET STATEMENT … FOR EXECUTE IMMEDIATE 'SET GLOBAL …'). A
// wrapped one is journaled and marked at the wrapper's offset as a plain one is, so that
// a resume gives its new sessions the values the client's kept (difffuzz seeds 49220,
// 56049). nil for anything else.
func (p *ParallelReplayer) globalSet(st *split.Statement) *split.Statement {
	if st.Kind == split.KindSession {
		return st
	}
	in := innermost(p, st)
	if in == nil || !(plan.SetsGlobalOnly(in) || mixedSet(in)) {
		return nil
	}
	return in
}

// refuseWrappedMixedSet refuses, on a resume that the interrupted run committed past
// it, st: a wrapper of a SET that sets GLOBAL variables with session or user ones (or
// calls functions that set user variables). Its session part is not journaled, and sent
// again it would set the GLOBAL part twice; skipped, the resume's new session would lack
// what it set. Elsewhere (a first run, or a resume that has not reached it) nil.
func refuseWrappedMixedSet(cr *controller, st *split.Statement) error {
	if !cr.p.opt.Checkpoint.Skip(st.Offset) {
		return nil
	}
	return cr.p.serial.refuse(st, "--resume cannot give back the session state this statement set in the interrupted run: it runs a SET of GLOBAL variables together with session or user variables through EXECUTE, which is not journaled; "+
		"import the dump again into an empty target, or write the SET as a statement of its own")
}

// resentAfterRestart reports whether st, a wrapper of a SET of GLOBAL variables alone
// (globalSet), is sent again although an earlier attempt committed it: the server
// restarted since (checkpoint.GlobalsLost) and set the GLOBAL back, where a plain SET
// GLOBAL, a session statement, is sent again (TestResumeWrappedSetGlobalAfterRestart: the
// rows after it read the configured value where the client's read the raised one). The
// dispatcher takes it for a session statement then (Plan.Session).
func resentAfterRestart(p *ParallelReplayer, st *split.Statement) bool {
	if st.Kind == split.KindSession || !checkpoint.GlobalsLost(p.opt.Checkpoint) || !p.opt.Checkpoint.Skip(st.Offset) {
		return false
	}
	set := p.globalSet(st)
	return set != nil && plan.SetsGlobalOnly(set)
}

// refuseRoutineGlobalsLost refuses st on a resume after a server restart when st may
// CALL a procedure (as withProcedureVars takes it) that the interrupted run committed,
// and a procedure the dump created sets a GLOBAL variable (plan.ProcedureSetsGlobal):
// the restart set the GLOBAL back, and the CALL, which did more than that, cannot run
// again; skipped, the rows after it read the configured value where the client's read
// the one the CALL gave. (Without a restart the GLOBAL stands, and the session's value
// is journaled after the CALL: plan.ProcedureVars.) Elsewhere nil.
func refuseRoutineGlobalsLost(cr *controller, st *split.Statement) error {
	cp := cr.p.opt.Checkpoint
	if !cr.procGlobals || st.Kind != split.KindOther || !checkpoint.GlobalsLost(cp) || !cp.Skip(st.Offset) {
		return nil
	}
	if !sqlscan.ContainsFoldASCII(st.SQL, "CALL") && !strings.EqualFold(sqlscan.FirstWord(st.SQL, st.Syntax()), "EXECUTE") {
		return nil
	}
	return cr.p.serial.refuse(st, "--resume after a server restart cannot give back the GLOBAL values that the procedure this statement may CALL set in the interrupted run, which committed it: the restart set them back; "+
		"import the dump again into an empty target")
}
