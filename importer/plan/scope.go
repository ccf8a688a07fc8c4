package plan

import (
	"bytes"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
)

// Which tables a statement that runs in stream order must wait for.

// BarrierScope says which tables a statement that is not a plain row insert must wait
// for: keys, or every table when global. db is the current database. A stored
// procedure's or function's CREATE, ALTER or DROP gets its routine's key (RoutineKey).
func BarrierScope(st *split.Statement, db string) (keys []string, global bool) {
	switch st.Kind {
	case split.KindSession, split.KindClient:
		return nil, false
	case split.KindDDL, split.KindRoutine:
	default:
		return nil, true
	}
	if st.Kind == split.KindRoutine && strings.HasSuffix(st.Verb, "PACKAGE") {
		// A package's functions are called as pkg.f, and its body replaces them all:
		// not keyed by its name as a table (x-review8's TestReviewX8PackageBody).
		return nil, true
	}
	if st.Verb == "DROP TRIGGER" {
		// Its name is no table's: its table is the one the dump's CREATE TRIGGER was on,
		// which the Planner knows (triggerscope.go); without it, everything.
		return nil, true
	}
	if key, ok := RoutineKey(st, db); ok {
		// Its creation runs no table code: the replay adds the tables whose triggers
		// may call it (routine.go).
		return []string{key}, false
	}
	if st.Table == "" || strings.HasSuffix(st.Verb, "DATABASE") {
		return nil, true
	}
	if st.Database != "" {
		db = st.Database
	}
	head := st.SQL
	if len(head) > 64<<10 {
		return nil, true
	}
	upper := bytes.ToUpper(head)
	reads := bytes.Contains(upper, []byte("SELECT"))
	if strings.Contains(st.Verb, "VIEW") {
		// A view reads the tables it names (TABLE t has no SELECT), except mysqldump's
		// stand-ins, which name none and come where the view sorts among the tables.
		reads = !strings.HasPrefix(st.Verb, "DROP") && !ReadsNoTable(head, st.Syntax())
	}
	if reads {
		return nil, true
	}
	many, ok := st.NamedTables(db)
	if !ok {
		return nil, true
	}
	keys = many
	if bytes.Contains(upper, []byte("REFERENCES")) {
		// A foreign key constrains its parent tables: with foreign_key_checks on, adding
		// one reads their rows, so they are in scope too.
		parents, ok := referencedTables(st.SQL, st.Syntax())
		if !ok {
			return nil, true
		}
		for _, t := range parents {
			if t[0] == "" {
				t[0] = db
			}
			keys = append(keys, KeyOf(t[0], t[1]))
		}
	}
	if strings.Contains(st.Verb, "TRIGGER") {
		tables, known := TriggerTables(st.SQL, db)
		if !known {
			return nil, true // it calls a routine, which may touch any table
		}
		keys = append(keys, tables...)
	}
	return keys, false
}
