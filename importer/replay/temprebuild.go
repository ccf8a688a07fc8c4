package replay

import (
	"context"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// tempRebuilds are the temporary tables a resume rebuilt otherwise than the client made
// them, while it passed statements an earlier attempt committed. A resume sends every
// write of a temporary table again (its new connection has none: Plan.Volatile), and
// skips what that attempt committed. Two rebuilds differ:
//   - a fill from a real table (CREATE TEMPORARY TABLE tt SELECT * FROM k, INSERT INTO tt
//     SELECT …) reads k as the interrupted run left it, with the rows committed after it
//     (TestReviewX14TemporaryRefilledOnResume);
//   - the temporary table's rows of a transaction the dump rolled back are sent again
//     without the transaction, and the skipped ROLLBACK leaves them
//     (TestReviewX14TemporaryRollbackOnResume).
//
// Neither can be made exact from the dump alone. One the dump drops again before the
// resume point does no harm (what read it was committed); one still there where the
// resume goes on stops it, in one line that names the statement that made it differ.
type tempRebuilds map[string]inexactRebuild

// inexactRebuild is the statement that made a temporary table differ, and why.
type inexactRebuild struct {
	st  split.Statement
	why string
	// from are the tables a fill read (plan.FillSources) while it may still be exact:
	// sent again, it reads them as the interrupted run left them, which is as the dump
	// had them at the fill when no statement the resume skips after it may have written
	// them (mayWriteTables), they are InnoDB and not reloaded, and no trigger, view or
	// routine exists to write them behind another name (exactFill). nil: refused.
	from []string
}

// refusal notes st (planned as pl), and returns the refusal at the first statement the
// earlier attempt did not commit while a temporary table rebuilt otherwise is still
// there.
func (tr *tempRebuilds) refusal(ctx context.Context, p *ParallelReplayer, st *split.Statement, pl plan.Plan) error {
	cp := p.opt.Checkpoint
	if cp == nil {
		return nil
	}
	if cp.Skip(st.Offset) || st.Offset < cp.Furthest() {
		if cp.Skip(st.Offset) && !pl.Volatile {
			for table, r := range *tr {
				if r.from != nil && mayWriteTables(p.ctl, st, r.from) {
					r.from = nil // a later write of what the fill read committed
					(*tr)[table] = r
				}
			}
		}
		switch {
		case pl.Temporary == "":
		case pl.DropsTemporary:
			delete((*tr), pl.Temporary)
		case pl.TemporaryInexact != "":
			if *tr == nil {
				*tr = tempRebuilds{}
			}
			var from []string
			if strings.HasPrefix(pl.TemporaryInexact, plan.FilledFrom) {
				from = exactFill(ctx, p, st)
			}
			old, ok := (*tr)[pl.Temporary]
			switch {
			case !ok:
				c := *st
				c.SQL, c.Raw = append([]byte(nil), st.SQL...), nil
				(*tr)[pl.Temporary] = inexactRebuild{st: c, why: pl.TemporaryInexact, from: from}
			case old.from != nil && from != nil: // a second fill
				old.from = append(old.from, from...)
				(*tr)[pl.Temporary] = old
			case old.from != nil: // refused now for another cause
				c := *st
				c.SQL, c.Raw = append([]byte(nil), st.SQL...), nil
				(*tr)[pl.Temporary] = inexactRebuild{st: c, why: pl.TemporaryInexact}
			}
		}
		return nil
	}
	for table, r := range *tr {
		if r.from != nil {
			continue
		}
		if err := p.disp.flush(ctx); err != nil { // what came before commits, as at a planned refusal
			return err
		}
		return p.serial.refuse(&r.st, "--resume cannot rebuild temporary table "+table+" as the dump made it: "+r.why+"; import the dump again into an empty target")
	}
	return nil
}

// exactFill are the tables st, a fill of a temporary table from real ones, reads (what
// a wrapper runs: plan.Planner.Wrapped), when they are InnoDB tables the resume does not
// reload and no trigger, view or stored routine exists on the server; nil otherwise
// (refused). Looked up on the control connection before st is sent again, so that the
// diagnostics area st leaves is st's.
func exactFill(ctx context.Context, p *ParallelReplayer, st *split.Statement) []string {
	d := p.disp.planner.Wrapped(st)
	if d == nil {
		d = st
	}
	from := plan.FillSources(d, p.serial.database)
	if len(from) == 0 {
		return nil
	}
	var n int
	if err := p.control.QueryRowContext(ctx, codeObjects).Scan(&n); err != nil || n > 0 {
		return nil
	}
	for _, k := range from {
		db, table := sqlscan.TableKey(k).Names()
		var engine string
		if err := p.control.QueryRowContext(ctx, "SELECT ENGINE FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND TABLE_TYPE = 'BASE TABLE'", db, table).Scan(&engine); err != nil ||
			!strings.EqualFold(engine, "InnoDB") || len(p.opt.Checkpoint.ReloadedTables()) > 0 && slices.Contains(p.opt.Checkpoint.ReloadedTables(), k) {
			return nil
		}
	}
	return from
}

// codeObjects counts the triggers, views and stored routines of the server's user
// databases: code that may write a table under another name.
const codeObjects = "SELECT (SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA NOT IN ('mysql', 'sys'))" +
	" + (SELECT COUNT(*) FROM information_schema.VIEWS WHERE TABLE_SCHEMA NOT IN ('mysql', 'sys'))" +
	" + (SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA NOT IN ('mysql', 'sys'))"
