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

// targetTriggers records the target's triggers for t's filter: triggersBefore when not
// nil, the target's triggers as they were before the first attempt of a checkpointed run
// (checkpoint.TriggersBefore), so that a resume decides DROP TRIGGER as that attempt did,
// not by the triggers it made (TestDiffFuzzFoundS46DropTriggerOnResume); nil asks the
// target.
func targetTriggers(ctx context.Context, t *Transform, c Querier, triggersBefore *[][4]string) {
	switch {
	case len(t.tables)+len(t.except) == 0:
	case triggersBefore != nil:
		noteTargetTriggers(t, *triggersBefore)
	default:
		loadTargetTriggers(ctx, t, c)
	}
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
	var list [][4]string
	for rows.Next() {
		var tr [4]string
		if rows.Scan(&tr[0], &tr[1], &tr[2], &tr[3]) != nil {
			return
		}
		list = append(list, tr)
	}
	noteTargetTriggers(t, list)
}

// TriggersMatter reports whether options o decide DROP TRIGGER by the target's
// triggers: a checkpointed run records them before it sends anything, so that its resume
// decides as it did (checkpoint.TriggersBefore).
func (o Options) TriggersMatter() bool { return len(o.Tables)+len(o.ExcludeTables) > 0 }

// noteTargetTriggers records triggers (database, name, table's database, table, as the
// target names them) under the names the dump gives their databases.
func noteTargetTriggers(t *Transform, list [][4]string) {
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
	for _, tr := range list {
		t.triggers.note(dumpName(tr[0]), tr[1], dumpName(tr[2]), tr[3])
	}
}
