package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
)

// A stored procedure or function runs no code when it is created, altered or dropped:
// what such a statement changes is what later calls of the routine do. So it waits for
// no table of its own, only for the rows in flight whose triggers may call it (the
// replay adds those, replay's routineScope), and it is ordered against other statements
// on the same routine by a key of its own. A trigger, event or package, and anything
// else not recognised here, keeps its scope (an event stays global).

// routineKeyPrefix starts a routine's key: no table key starts with it unless its
// database is named "routine …", and such a collision only makes a statement wait for
// more than it needs.
const routineKeyPrefix = "routine "

// RoutineKey returns the key of the stored procedure or function that a CREATE, ALTER
// or DROP PROCEDURE/FUNCTION st names, db being the current database, and whether st
// is one. Procedures and functions share the key (their namespaces differ, but one key
// only orders more), and the name is lower-cased: routine names are case-insensitive.
func RoutineKey(st *split.Statement, db string) (string, bool) {
	if st.Kind != split.KindRoutine || st.Table == "" {
		return "", false
	}
	switch st.Verb {
	case "CREATE PROCEDURE", "ALTER PROCEDURE", "DROP PROCEDURE",
		"CREATE FUNCTION", "ALTER FUNCTION", "DROP FUNCTION":
	default:
		return "", false
	}
	if st.Database != "" {
		db = st.Database
	}
	return routineKeyPrefix + KeyOf(db, strings.ToLower(st.Table)), true
}

// IsRoutineKey reports whether k is a routine's key (RoutineKey), not a table's.
func IsRoutineKey(k string) bool { return strings.HasPrefix(k, routineKeyPrefix) }
