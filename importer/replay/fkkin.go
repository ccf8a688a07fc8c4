package replay

import (
	"context"
	"fmt"

	"github.com/dumpscope/dumpscope/importer/plan"
)

// relateForeignKeys, under --load-data, puts a table in one group (relateTriggerTables)
// with the tables its foreign keys reference and those whose foreign keys reference it,
// whatever foreign_key_checks is: a statement that waits for one of them (a DDL) waits for
// the others' batches in flight too. Committing an ALTER TABLE of a parent takes InnoDB's
// X lock on each child table; a LOAD DATA into a child with an AUTO_INCREMENT column,
// inside its statement, holds the table's IX lock and then asks for its AUTO-INC lock,
// which queues behind that X: a deadlock, ERROR 1213 for the ALTER, where the client ran
// the two one after the other (difffuzz seed 30015,
// TestLoadDataParentDDLWaitsForChildLoad). INSERTs with explicit ids take no AUTO-INC
// table lock, so without --load-data the ALTER only waits. Called once per table and
// generation (lookupTable), at its first rows.
func (cg *catalog) relateForeignKeys(ctx context.Context, c Conn, db, table, key string) error {
	if cg.p.ld == nil {
		return nil
	}
	rows, err := c.QueryContext(ctx, "SELECT REFERENCED_TABLE_SCHEMA, REFERENCED_TABLE_NAME FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA=? AND TABLE_NAME=? AND REFERENCED_TABLE_NAME IS NOT NULL"+
		" UNION SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.KEY_COLUMN_USAGE WHERE REFERENCED_TABLE_SCHEMA=? AND REFERENCED_TABLE_NAME=?", db, table, db, table)
	if err != nil {
		return fmt.Errorf("look up the foreign keys of and to %s: %w", key, err)
	}
	defer rows.Close()
	kin := []string{key}
	for rows.Next() {
		var kdb, kt string
		if err := rows.Scan(&kdb, &kt); err != nil {
			return err
		}
		if k := plan.KeyOf(kdb, kt); !plan.ContainsKey(kin, k) {
			kin = append(kin, k)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	cg.relateTriggerTables(kin)
	return nil
}
