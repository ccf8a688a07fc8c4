package transform

import (
	"context"
	"database/sql"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// DROP TRIGGER names no table, but a trigger belongs to one: a filter that keeps or leaves
// out tables must decide it by that table, not by which flag was given (--exclude-tables
// d.t2 --overwrite dropped the target's trigger of t2, which the preflight did not list;
// --tables d.t1 left out the DROP of t1's own trigger, and its CREATE failed with ERROR
// 1359; TestReviewX5DropTriggerOfExcludedTable). The table is the one of the dump's
// CREATE TRIGGER of that name seen before, or else the target's trigger of that name
// (mysqldump --add-drop-trigger writes the DROP just before the CREATE, and the DROP
// acts on the target's trigger).

// triggerKey is a trigger as the dump names it: its database and name.
type triggerKey struct{ db, name string }

// triggerTables are the tables of triggers by the trigger's database and name.
type triggerTables map[triggerKey]sqlscan.TableKey

// note records the table of a trigger.
func (m *triggerTables) note(db, name, tdb, table string) {
	if *m == nil {
		*m = triggerTables{}
	}
	(*m)[triggerKey{db, name}] = sqlscan.TableKeyOf(tdb, table)
}

// dropped returns the table of the trigger a DROP TRIGGER drops (db is the one it
// belongs to).
func (m triggerTables) dropped(st *split.Statement, db string) (tdb, table string, ok bool) {
	if st.Table == "" {
		return "", "", false
	}
	k, ok := m[triggerKey{db, st.Table}]
	if !ok {
		return "", "", false
	}
	tdb, table = k.Names()
	return tdb, table, true
}

// rowsQuerier is the part of a *sql.Conn or *sql.DB that lists the target's triggers.
type rowsQuerier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// loadTargetTriggers records the target's triggers under the names the dump gives their
// databases (before --rename-database), when a table filter is set. An error leaves the
// list empty: DROP TRIGGER then follows its database, as before.
func loadTargetTriggers(ctx context.Context, t *Transform, c Querier) {
	q, ok := c.(rowsQuerier)
	if !ok || len(t.tables)+len(t.except) == 0 {
		return
	}
	rows, err := q.QueryContext(ctx, "SELECT TRIGGER_SCHEMA, TRIGGER_NAME, EVENT_OBJECT_SCHEMA, EVENT_OBJECT_TABLE FROM information_schema.TRIGGERS")
	if err != nil {
		return
	}
	defer rows.Close()
	back := map[string]string{} // new name → the dump's
	for i, f := range t.rename.from {
		back[t.rename.to[i]] = string(f)
	}
	dumpName := func(db string) string {
		if old, ok := back[db]; ok {
			return old
		}
		return db
	}
	for rows.Next() {
		var db, name, tdb, table string
		if rows.Scan(&db, &name, &tdb, &table) != nil {
			return
		}
		t.triggers.note(dumpName(db), name, dumpName(tdb), table)
	}
}
