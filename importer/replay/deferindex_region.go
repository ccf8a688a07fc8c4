package replay

import (
	"context"

	"github.com/dumpscope/dumpscope/importer/split"
)

// beforeRegion adds, before st (a START TRANSACTION or BEGIN that opens the dump's
// transaction on the control connection while the run is parallel, or a LOCK TABLES the
// parallel run leaves unsent), the held-back indexes of the tables whose rows have begun
// (their facts were looked up at their first rows). Inside the region they cannot be
// added: their ALTER would commit the dump's transaction, or meet its table locks, yet a
// statement there may read the table through a key (FORCE INDEX (k): ERROR 1176; LIMIT
// without ORDER BY: rows read in the key's order, TestReviewX7DeferredKeysInsideRegion).
// A table created but without rows yet keeps them held: mysqldump's LOCK TABLES `t`
// WRITE before each table's rows would otherwise build every table's keys first.
func (hi *heldIndexes) beforeRegion(ctx context.Context, st *split.Statement) error {
	p := hi.p
	if !p.opt.DeferIndexes || len(hi.deferred) == 0 {
		return nil
	}
	if st.Kind == split.KindLock && !isLockTables(st) {
		return nil // UNLOCK TABLES
	}
	var keys []string
	for _, d := range hi.deferred {
		if _, begun := p.cat.tables[d.key]; begun {
			keys = append(keys, d.key)
		}
	}
	if len(keys) == 0 {
		return nil
	}
	if err := p.disp.flush(ctx); err != nil {
		return err
	}
	if err := p.waitFor(ctx, keys, false); err != nil {
		return err
	}
	if err := hi.addDeferredIndexes(ctx, keys, false); err != nil {
		return p.at(st, err)
	}
	return nil
}
