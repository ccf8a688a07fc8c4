package replay

import (
	"errors"
	"fmt"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/mysqlerr"
)

// likeResentFailed turns err, the server's error of st, into a refusal where st is a
// write of a temporary table made LIKE a real one (tempRebuilds' like: CREATE TEMPORARY
// TABLE tt LIKE tk1, or a fill from such a table) that a resume sends again because the
// interrupted run ran it and committed past it (st is before the journal's furthest
// offset). The resume's LIKE took tk1's definition as the interrupted run left it: an
// ALTER TABLE tk1 (or DROP and CREATE) after the LIKE, committed before the stop, gives
// the rebuilt table other columns, and `INSERT INTO tt VALUES (1, 10)` sent again failed
// with ERROR 1136 where the client's ran on (x-fix56's leftover). Such a statement ran
// without error in the interrupted run (a run without --force stops at its first one), so
// the error says the rebuild differs; nothing but the temporary table saw it.
//
// Refused here rather than before the LIKE: the definition the LIKE saw is not kept, and
// a table whose rebuild sends no failing statement is exact when the dump drops it before
// the resume point, or refused where it is still there (tempRebuilds.refusal,
// mayChangeDefinition); refused at the LIKE, those resumes would be lost too.
func likeResentFailed(cr *controller, st *split.Statement, pl plan.Plan, err error) error {
	p := cr.p
	cp := p.opt.Checkpoint
	var se *StatementError
	if err == nil || cp == nil || p.opt.Force || pl.Temporary == "" || (cp.Skip(st.Offset) && !pl.Volatile) ||
		st.Offset >= cp.Furthest() || !errors.As(err, &se) || se.Code == 0 || mysqlerr.ConnectionFatal(se.Code) {
		return err
	}
	r, ok := cr.tempRebuilds[pl.Temporary]
	if !ok || !r.like {
		return err
	}
	return p.serial.refuse(st, fmt.Sprintf("--resume cannot rebuild temporary table %s as the dump made it: sent again, this statement fails (ERROR %d: %s) where the interrupted run ran it: %s (line %d); import the dump again into an empty target",
		pl.Temporary, se.Code, se.Message, r.why, r.st.Line))
}
