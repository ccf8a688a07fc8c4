package replay

import (
	"context"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/split"
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
// unless a session statement between here and that SET set it (that one runs again, and
// until it does the variable holds the later value: a limit). At each SET its own
// journaled values are given back again, as before.

// giveBackAtResumePoint does that once, at st, the first statement of a resume not
// skipped as committed; for the statements before it, and after it, nothing.
func giveBackAtResumePoint(ctx context.Context, cr *controller, st *split.Statement) error {
	p := cr.p
	cp := p.opt.Checkpoint
	if cp == nil || cr.resumePointSessions || len(st.SQL) == 0 || cp.Skip(st.Offset) {
		return nil
	}
	cr.resumePointSessions = true
	journals, err := checkpoint.SessionsFrom(ctx, cp, p.control, st.Offset)
	if err != nil {
		return p.at(st, err)
	}
	sqlMode := false
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
	}
	if sqlMode {
		if err := p.serial.syncSQLMode(ctx); err != nil {
			return p.at(st, err)
		}
	}
	return nil
}
