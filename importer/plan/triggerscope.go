package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// The table a DROP TRIGGER acts on. A trigger is named apart from its table, so its
// DROP names no table the scope can read: keyed by its own name, it waited for no batch,
// and the rows of its table still in flight committed after it, firing nothing where the
// client's fired the old body for each (x-review20's TestReviewX20DropTriggerScope).
// Its table is the one the dump's CREATE TRIGGER of that name was on; where the planner
// did not see one (a trigger the server had, one a wrapper created, or names moved by a
// RENAME since) the DROP waits for everything.

// triggerTables follows the dump's CREATE TRIGGERs: trigger (db.name, lower-cased) →
// the tables (keys) one of that name was created on. Names are folded and a name's
// tables are gathered, not replaced, so a scope read from it holds the table the server
// drops the trigger of, or more.
type triggerTables struct {
	on map[string][]string
}

// triggerKey keys st's trigger (a CREATE or DROP TRIGGER) by its database and name.
func triggerKey(st *split.Statement, db string) string {
	if st.Database != "" {
		db = st.Database
	}
	return KeyOf(db, strings.ToLower(st.Table))
}

// scope is st's barrier scope (of BarrierScope, passed as barrier) completed: a DROP
// TRIGGER's (global there) are the tables its trigger was created on, when the dump's
// CREATE was seen; a CREATE [OR REPLACE] TRIGGER's add the table of the trigger it
// replaces.
func (tt *triggerTables) scope(st *split.Statement, db string, barrier func(*split.Statement, string) ([]string, bool)) ([]string, bool) {
	keys, global := barrier(st, db)
	if st.Kind != split.KindRoutine || st.Table == "" {
		return keys, global
	}
	on := tt.on[triggerKey(st, db)]
	switch {
	case st.Verb == "DROP TRIGGER" && len(on) > 0:
		return append([]string(nil), on...), false
	case st.Verb == "CREATE TRIGGER" && !global:
		return append(keys, on...), false
	}
	return keys, global
}

// observe follows st, planned: a CREATE TRIGGER notes its table; a statement that may
// rename a table or create a trigger unseen (a RENAME, an ALTER TABLE … RENAME, a CALL,
// EXECUTE or any other statement not classified) forgets every trigger, whose DROP then
// waits for everything.
func (tt *triggerTables) observe(st *split.Statement, db string) {
	switch {
	case st.Kind == split.KindRoutine && st.Verb == "CREATE TRIGGER" && st.Table != "":
		tdb, table, ok := sqlscan.TriggerTable(st.SQL, st.Syntax())
		k := triggerKey(st, db)
		if !ok {
			delete(tt.on, k)
			return
		}
		if tdb == "" {
			tdb = db
			if st.Database != "" {
				tdb = st.Database
			}
		}
		if tt.on == nil {
			tt.on = map[string][]string{}
		}
		tt.on[k] = append(tt.on[k], KeyOf(tdb, table))
	case st.Kind == split.KindOther || st.Verb == "RENAME TABLE" || st.Verb == "RENAME TABLES" ||
		st.Verb == "ALTER TABLE" && sqlscan.ContainsFoldASCII(st.SQL, "RENAME"):
		clear(tt.on)
	}
}
