package replay

import (
	"context"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// relateForeignKeys, under --load-data, relates a table (foreignKin) to the tables its
// foreign keys reference and those whose foreign keys reference it, whatever
// foreign_key_checks is: a statement on one of them that changes an existing table waits
// for the others' batches in flight too (withKin). Committing an ALTER TABLE of a parent
// (or its DROP, TRUNCATE or RENAME) takes InnoDB's X lock on each child table; a LOAD DATA into a
// child with an AUTO_INCREMENT column, inside its statement, holds the table's IX lock and
// then asks for its AUTO-INC lock, which queues behind that X: a deadlock, ERROR 1213 for
// the ALTER, where the client ran the two one after the other (difffuzz seed 30015,
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
	cg.foreignKin = relate(cg.foreignKin, kin)
	return nil
}

// withKin returns keys, the tables st waits for, with every table a trigger relates to
// one of them, and, when st may take InnoDB locks on the tables a foreign key relates to
// one of them (locksForeignKin), those too. mysqldump's DROP TABLE IF EXISTS and CREATE
// TABLE of a parent sorted after its child (orders after order_items) waited for the
// child's batches, and one worker idled at that table boundary (3–6 s of the dispatcher's
// wait on the generated dump; --parallel 2 --load-data was 20% slower for it).
func (cg *catalog) withKin(ctx context.Context, st *split.Statement, keys []string) []string {
	keys = cg.withoutParents(st, keys)
	out := cg.withTriggerKin(keys)
	if len(cg.foreignKin) == 0 || !cg.locksForeignKin(ctx, st, keys) {
		return out
	}
	for _, k := range keys {
		for _, u := range cg.foreignKin[k] {
			if !plan.ContainsKey(out, u) {
				out = append(out[:len(out):len(out)], u) // a copy: keys may be the plan's
			}
		}
	}
	return out
}

// withoutParents returns keys without the parent tables a CREATE TABLE's foreign keys
// reference (plan.BarrierScope puts them in its scope, for an ALTER … ADD FOREIGN KEY
// reads their rows): the new table is empty, and beside a LOAD into a parent held inside
// its statement, the child's CREATE TABLE took no lock, with foreign_key_checks on or off
// (TestLoadDataForeignKeyKinScope). mysqldump's CREATE TABLE orders waited for the batch
// of customers in flight. Under --defer-indexes the parents stay: the indexes held back
// of a parent are added before a foreign key may need one of them.
func (cg *catalog) withoutParents(st *split.Statement, keys []string) []string {
	if st.Verb != "CREATE TABLE" || cg.p.opt.DeferIndexes || createsOrReplaces(st) || len(keys) < 2 {
		return keys
	}
	db := st.Database
	if db == "" {
		db = cg.p.serial.database
	}
	own, ok := st.NamedTables(db)
	if !ok {
		return keys
	}
	var out []string
	for _, k := range keys {
		if plan.ContainsKey(own, k) {
			out = append(out, k)
		}
	}
	return out
}

// locksForeignKin reports whether st may take InnoDB table locks on the tables a foreign
// key relates to those it names (keys): every statement but those that change no
// existing table. CREATE TABLE (… LIKE too) makes a new one, and a DROP TABLE, or a
// CREATE OR REPLACE, of tables that do not exist drops nothing: beside a LOAD held inside
// its statement into a table related to theirs by a foreign key, none of them waited for
// a lock, where a DROP (or CREATE OR REPLACE) of an existing parent, its ALTER, CREATE
// INDEX, TRUNCATE and RENAME deadlocked with the LOAD, some in every run, some in one of
// two (TestLoadDataForeignKeyKinScope). When whether a table exists cannot be looked up,
// st waits, as any other statement.
func (cg *catalog) locksForeignKin(ctx context.Context, st *split.Statement, keys []string) bool {
	replaces := false
	switch st.Verb {
	case "CREATE TABLE":
		if replaces = createsOrReplaces(st); !replaces {
			return false
		}
	case "DROP TABLE":
	default:
		return true
	}
	if cg.p.sched.barrierPending(keys...) {
		return true // a statement queued on a worker may create one of them
	}
	db := st.Database
	if db == "" {
		db = cg.p.serial.database
	}
	dropped := []string{cg.tableKey(st)}
	if !replaces {
		var ok bool
		if dropped, ok = st.NamedTables(db); !ok {
			return true
		}
	}
	for _, k := range dropped {
		d, t := sqlscan.TableKey(k).Names()
		if exists, err := cg.tableExists(ctx, d, t); err != nil || exists {
			return true
		}
	}
	return false
}

// createsOrReplaces reports whether st, a CREATE TABLE, is CREATE OR REPLACE TABLE, which
// drops the table of its name first.
func createsOrReplaces(st *split.Statement) bool {
	for _, w := range sqlscan.DDLWords(st.SQL, 4, st.Syntax()) {
		if strings.EqualFold(w, "TABLE") {
			return false
		}
		if strings.EqualFold(w, "REPLACE") {
			return true
		}
	}
	return false
}

// relate adds to kin that each of tables is related to every other one, and returns it.
func relate(kin map[string][]string, tables []string) map[string][]string {
	if len(tables) < 2 {
		return kin
	}
	if kin == nil {
		kin = map[string][]string{}
	}
	for _, t := range tables {
		for _, u := range tables {
			if u != t && !plan.ContainsKey(kin[t], u) {
				kin[t] = append(kin[t], u)
			}
		}
	}
	return kin
}
