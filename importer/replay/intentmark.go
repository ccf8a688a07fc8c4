package replay

import (
	"context"
	"slices"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// markRan marks st, a statement outside the dump's transaction that left an intent
// (checkpoint.Run.BeginIntent) and returned without error, as run (checkpoint.Run.Ran),
// on c inside the transaction its progress row is to commit in. The marker is written at
// once, in a non-transactional table, and a resume that finds it counts the statement as
// run and skips it: right for what stays when the transaction does not commit, wrong for
// what its rollback undoes. So it is written only when st cannot have written a
// transactional table. An INSERT into an InnoDB table with triggers (which may write any
// table, so its intent covers every MyISAM and Aria table) was marked; killed between the
// marker and the COMMIT, its rows were rolled back and the resume skipped it (difffuzz
// seed 41040: 80 rows missing, no word; TestDifffuzzFound41040MarkerBeforeCommit).
// Unmarked, a resume runs it again when the checksums of its intent are unchanged (it
// changed no such table: running it again gives what it gave) and refuses it as maybe
// half applied when they changed, which it is when its InnoDB part was rolled back. A
// statement that writes one non-transactional table without triggers is marked whether
// it changed it or not: skipped, one that changed nothing is still the client's.
// mixed is scopeMayWriteTransactional of its intent's scope, read where it ran.
func markRan(ctx context.Context, p *ParallelReplayer, c Conn, st *split.Statement, mixed bool) error {
	var err error
	if !mixed {
		err = p.opt.Checkpoint.Ran(ctx, c, st.Offset)
	}
	if err == nil && p.opt.AfterMark != nil {
		err = p.opt.AfterMark(st)
	}
	return err
}

// scopeMayWriteTransactional reports whether a statement whose intent covers scope (the
// tables it may write with those its triggers name, as keys; nil: any, writeScope) may
// write a transactional table: unless every table of scope is non-transactional. It
// reads the checkpoint's list of those tables alone, so a worker running a barrier item
// may call it.
func scopeMayWriteTransactional(ctx context.Context, cp *checkpoint.Run, c Conn, scope []string) bool {
	if len(scope) == 0 {
		return true
	}
	for _, key := range scope {
		if nonTx, err := checkpoint.NonTransactional(ctx, cp, c, key); err != nil || !nonTx {
			return true
		}
	}
	return false
}

// mayWriteTransactional reports whether st may write a transactional table: unless it
// writes one table (controller.writtenTable), or through a view one of the base tables
// the view names (throughViews), each not transactional and without triggers, and it
// calls no stored function (mayCallFunction), which may write any table. It reads the
// dispatcher's state: on the control connection in stream order only.
func mayWriteTransactional(ctx context.Context, p *ParallelReplayer, c Conn, st *split.Statement) (bool, error) {
	db, table, ok := p.ctl.writtenTable(st)
	if !ok {
		return true, nil
	}
	if calls, err := mayCallFunction(ctx, p, c, st); err != nil || calls {
		return true, err
	}
	keys, known, err := throughViews(ctx, p, c, []string{plan.KeyOf(db, table)})
	if err != nil || !known {
		return true, err
	}
	for _, key := range keys {
		if nonTx, err := checkpoint.NonTransactional(ctx, p.opt.Checkpoint, c, key); err != nil || !nonTx {
			return true, err
		}
		if triggers, err := hasTriggers(ctx, p, c, key); err != nil || triggers {
			return true, err
		}
	}
	return false, nil
}

// throughViews is keys with each view among them replaced by the base tables its
// definition names (checkpoint.ViewBases): a write through a view lands in one of them.
// known is false when a view's base tables cannot be told, or one has triggers (which
// may write any table): the caller takes the scope as any table. It reads the
// dispatcher's catalog: in stream order only. A function: controller is at its limit of
// methods.
func throughViews(ctx context.Context, p *ParallelReplayer, c Conn, keys []string) (out []string, known bool, err error) {
	for _, key := range keys {
		bases, isView, err := checkpoint.ViewBases(ctx, p.opt.Checkpoint, c, key)
		switch {
		case err != nil:
			return nil, false, err
		case !isView:
			bases = []string{key}
		case len(bases) == 0:
			return nil, false, nil
		default:
			for _, b := range bases {
				if triggers, err := hasTriggers(ctx, p, c, b); err != nil || triggers {
					return nil, false, err
				}
			}
		}
		for _, b := range bases {
			if !slices.Contains(out, b) {
				out = append(out, b)
			}
		}
	}
	return out, true, nil
}

// hasTriggers reports whether the table key has triggers: none when the catalog looked
// it up and found none, else as the server says.
func hasTriggers(ctx context.Context, p *ParallelReplayer, c Conn, key string) (bool, error) {
	if info, looked := p.cat.tables[key]; looked && len(info.touches) == 0 {
		return false, nil
	}
	db, table := sqlscan.TableKey(key).Names()
	var n int
	err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE EVENT_OBJECT_SCHEMA = ? AND EVENT_OBJECT_TABLE = ?", db, table).Scan(&n)
	return n > 0, err
}

// mayWriteNonTransactional reports whether a write to the table key may write a
// non-transactional table: key is one, or a view whose base tables include one, or one
// whose base tables cannot be told (throughViews). On the control connection.
func mayWriteNonTransactional(ctx context.Context, p *ParallelReplayer, key string) (bool, error) {
	keys, known, err := throughViews(ctx, p, p.control, []string{key})
	if err != nil || !known {
		return err == nil, err
	}
	for _, k := range keys {
		if nonTx, err := checkpoint.NonTransactional(ctx, p.opt.Checkpoint, p.control, k); err != nil || nonTx {
			return nonTx, err
		}
	}
	return false, nil
}

// regionScope is the scope of the intent regionIntent records for st, inside the dump's
// transaction, read on the idle worker: the table it writes (through a view, the base
// tables it names: difffuzz seed 53119) with those their triggers touch; nil, any table,
// when it names none, when a view's base tables are not known, or when it may call a
// stored function, which may write any (TestReviewX13MarkerFunctionWritesInnoDB).
func regionScope(ctx context.Context, p *ParallelReplayer, st *split.Statement) ([]string, error) {
	db, table, ok := p.ctl.writtenTable(st)
	if !ok {
		return nil, nil
	}
	if calls, err := mayCallFunction(ctx, p, p.workers[0], st); err != nil || calls {
		return nil, err
	}
	keys, _, err := throughViews(ctx, p, p.workers[0], []string{plan.KeyOf(db, table)})
	if err != nil {
		return nil, err
	}
	var scope []string
	for _, key := range keys {
		scope = append(append(scope, key), p.cat.tables[key].touches...)
	}
	return scope, nil
}
