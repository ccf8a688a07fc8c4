package replay

import (
	"context"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// Where a resume starts sending. A stop inside the dump's transaction after a SET GLOBAL
// in it rolls the transaction back, so the resume sends it again from its START
// TRANSACTION; but the SET GLOBAL stayed, and the resume's new sessions start from the
// GLOBAL values it left, where the client's session kept its own until the SET and after.
// The session values journaled before the SET were given back only at the SET's own place
// (resumeSetGlobal, restoreSetVars), so the rows between were read under the new GLOBAL:
// a TIMESTAMP stored 5 hours off, '1' || '0' stored as '10' under ANSI
// (TestReviewX11SetGlobalInTransactionResume). So at the first statement a resume does not
// skip as committed, the session values journaled before every SET GLOBAL from there on
// that ran on this server are given back, the latest first, so that each variable holds
// the value it had before the first of them: what the client's session had at this point,
// unless a session statement between here and that SET set it: SET time_zone =
// '+01:00' between the START and the SET GLOBAL gave '+01:00' to the rows before it
// (TestReviewX12SetGlobalSessionSetBetweenResume). So a variable the dump's session had
// not set before this point (sessionBeforeResume: no SET or USE of it, and nothing that
// may run stored code) is then given, instead, the value the client's session connected
// with: the GLOBAL journaled before the first of those SET GLOBALs that ran (a SET GLOBAL
// of it before this point ran again here, and gave back its own, so the variable counts
// as set). A variable it had set holds here what the client's session held, the
// statements before this point having run again: it is read before the journaled values
// are given back, and given back after them. Where the statements before this point may have set it unseen (CALL, a
// trigger or routine created, SELECT, DO, EXECUTE), or for a character set or collation
// (one resets the other), the journaled value stays: the limit above. At each SET its own
// journaled values are given back again, as before.

// giveBackAtResumePoint does that once, at st, the first statement of a resume not
// skipped as committed; for the statements before it, and after it, nothing.
func giveBackAtResumePoint(ctx context.Context, cr *controller, st *split.Statement) error {
	p := cr.p
	cp := p.opt.Checkpoint
	if cp == nil || cr.resumePointSessions || len(st.SQL) == 0 {
		return nil
	}
	if cp.Skip(st.Offset) {
		cr.beforeResume.note(st)
		return nil
	}
	cr.resumePointSessions = true
	// The GLOBALs journaled before every SET GLOBAL of the run, read once: the first of
	// each variable's is what the client's session connected with.
	assigns, err := checkpoint.AssignsFrom(ctx, cp, p.control, 0)
	if err != nil {
		return p.at(st, err)
	}
	if err := refuseReadOnlySessionChanged(ctx, cr, st, assigns); err != nil { // setglobal.go
		return err
	}
	journals, err := checkpoint.SessionsFrom(ctx, cp, p.control, st.Offset)
	if err != nil {
		return p.at(st, err)
	}
	held, err := cr.beforeResume.heldValues(ctx, cr, st, journals)
	if err != nil {
		return err
	}
	sqlMode := false
	var givenBack []checkpoint.GlobalsSession // the journals that ran, latest first
	for _, g := range slices.Backward(journals) {
		ran, err := checkpoint.GlobalRan(ctx, cp, p.control, g.Offset)
		if err != nil {
			return p.at(st, err)
		}
		if !ran {
			continue // the GLOBAL is as the client's session connected with it
		}
		if err := cr.giveBack(ctx, st, g.Session); err != nil {
			return err
		}
		p.disp.session = append(p.disp.session, g.Session)
		sqlMode = sqlMode || strings.Contains(strings.ToLower(g.Session), "sql_mode")
		givenBack = append(givenBack, g)
	}
	if connected, err := cr.beforeResume.connectedValues(ctx, cr, st, givenBack, assigns); err != nil {
		return err
	} else if connected != "" {
		if err := cr.giveBack(ctx, st, connected); err != nil {
			return err
		}
		p.disp.session = append(p.disp.session, connected)
		sqlMode = sqlMode || strings.Contains(strings.ToLower(connected), "sql_mode")
	}
	if held != "" && len(givenBack) > 0 {
		if err := cr.giveBack(ctx, st, held); err != nil {
			return err
		}
		p.disp.session = append(p.disp.session, held)
	}
	if sqlMode {
		if err := p.serial.syncSQLMode(ctx); err != nil {
			return p.at(st, err)
		}
	}
	return nil
}

// sessionBeforeResume follows, in a resumed run, the statements before the first one not
// skipped as committed: which server variables the dump's session set there (names),
// and whether something may have set one unseen (unsure).
type sessionBeforeResume struct {
	names  map[string]bool
	unsure bool
}

// note reads st, a statement before the resume point.
func (b *sessionBeforeResume) note(st *split.Statement) {
	if b.names == nil {
		b.names = map[string]bool{}
	}
	switch {
	case st.Kind == split.KindSession && st.Verb == "USE":
		b.names["character_set_database"], b.names["collation_database"] = true, true
	case st.Kind == split.KindSession:
		for _, a := range plan.ParseSet(st.SQL, st.Syntax()) {
			if !strings.HasPrefix(a.Name, "@") {
				b.names[strings.ToLower(a.Name)] = true
			}
		}
	case st.Kind == split.KindClient || st.Kind == split.KindTxn:
	case st.Verb == "CALL" || st.Verb == "EXECUTE" || st.Verb == "DO" || st.Verb == "SELECT" || st.Kind == split.KindOther,
		st.Verb == "CREATE" && (sqlscan.ContainsFoldASCII(st.SQL, "TRIGGER") || sqlscan.ContainsFoldASCII(st.SQL, "FUNCTION") ||
			sqlscan.ContainsFoldASCII(st.SQL, "PROCEDURE") || sqlscan.ContainsFoldASCII(st.SQL, "EVENT")):
		b.unsure = true
	}
}

// connectedValues is the SET that gives the variables of the journals givenBack (latest
// first) that the dump's session had not set before st, the resume point, the value the
// client's session connected with: the GLOBAL journaled before the first SET GLOBAL of
// each from st on that ran (assigns: all the run journaled, in stream order). "" when
// there are none, or when b is unsure.
func (b *sessionBeforeResume) connectedValues(ctx context.Context, cr *controller, st *split.Statement, givenBack []checkpoint.GlobalsSession, assigns []checkpoint.GlobalsAssign) (string, error) {
	if len(givenBack) == 0 || b.unsure {
		return "", nil
	}
	p := cr.p
	want := map[string]bool{}
	for _, g := range givenBack {
		for _, a := range plan.ParseSet([]byte(g.Session), sqlscan.Syntax{}) {
			name := strings.ToLower(a.Name)
			if !b.names[name] && !strings.HasPrefix(name, "character_set_") && !strings.HasPrefix(name, "collation_") {
				want[name] = true
			}
		}
	}
	if len(want) == 0 {
		return "", nil
	}
	var parts []string
	for _, g := range assigns {
		if g.Offset < st.Offset {
			continue // the SET GLOBALs from the resume point on only
		}
		if !slices.ContainsFunc(givenBack, func(s checkpoint.GlobalsSession) bool { return s.Offset == g.Offset }) {
			ran, err := checkpoint.GlobalRan(ctx, p.opt.Checkpoint, p.control, g.Offset)
			if err != nil {
				return "", p.at(st, err)
			}
			if !ran {
				continue
			}
		}
		for name, lit := range g.Values() {
			if want[name] {
				parts = append(parts, "@@SESSION."+name+" = "+lit)
				delete(want, name)
			}
		}
	}
	if len(parts) == 0 {
		return "", nil
	}
	return "SET " + strings.Join(parts, ", "), nil
}

// heldValues is the SET that gives the variables of the journals that the dump's session
// set before st, the resume point, the values the session holds now, read before the
// journals' are given back: the SETs before st ran again on this session, so these are
// the client's at st. "" when there are none, or when b is unsure.
func (b *sessionBeforeResume) heldValues(ctx context.Context, cr *controller, st *split.Statement, journals []checkpoint.GlobalsSession) (string, error) {
	if b.unsure {
		return "", nil
	}
	var names []string
	for _, g := range journals {
		for _, a := range plan.ParseSet([]byte(g.Session), sqlscan.Syntax{}) {
			if name := strings.ToLower(a.Name); b.names[name] && !slices.Contains(names, name) {
				names = append(names, name)
			}
		}
	}
	if len(names) == 0 {
		return "", nil
	}
	// a character set before its collation: setting it resets the collation
	slices.SortStableFunc(names, func(x, y string) int {
		return strings.Compare(strings.SplitN(x, "_", 2)[0], strings.SplitN(y, "_", 2)[0])
	})
	held, err := checkpoint.ReadSession(ctx, cr.p.control, names)
	if err != nil {
		return "", cr.p.at(st, err)
	}
	return held, nil
}
