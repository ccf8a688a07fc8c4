package replay

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// MariaDB runs USE through dynamic SQL (EXECUTE IMMEDIATE 'USE y', or PREPARE u FROM
// 'USE y' then EXECUTE u), and the session's database changes as after the dump's own
// USE. The replay's current database (Replayer.database: the summary's table names, the
// progress line's table, the diagnostics readers' procedures) follows it where the
// statement can be read (wrappedUse); the planner refuses it in the modes that plan
// (plan's movedDatabaseRefusal). --rename-database and the filters decide on the dump's
// own USE and do not rewrite inside dynamic SQL, so with them it is refused (useRefusal).

// wrappedUse follows the prepared statements that run a USE, by name (lower case: the
// server's names of prepared statements are case-insensitive), and the database each
// names.
type wrappedUse struct {
	prepared map[string]string
}

// noteRan follows st after it ran (failed: err): a PREPARE from a USE is kept, any other
// PREPARE (one that failed too: the server drops the old statement of that name) and a
// DEALLOCATE or DROP PREPARE forget the name.
func (w *wrappedUse) noteRan(st *split.Statement, failed bool) {
	if st.Kind != split.KindOther {
		return
	}
	if name, ok := transform.PrepareName(st); ok {
		delete(w.prepared, name)
		if in, _, _ := transform.Wrapped(st); !failed && in != nil && isUse(in) {
			if w.prepared == nil {
				w.prepared = map[string]string{}
			}
			w.prepared[name] = in.Database
		}
		return
	}
	switch strings.ToUpper(sqlscan.FirstWord(st.SQL)) {
	case "DEALLOCATE", "DROP":
		if _, name, _ := transform.Wrapped(st); name != "" {
			delete(w.prepared, name)
		}
	}
}

// runs returns the database a USE that st runs through dynamic SQL makes current, as
// far as it can be read (ok: st runs one).
func (w *wrappedUse) runs(st *split.Statement) (db string, ok bool) {
	for depth := 0; depth < 8 && st != nil && st.Kind == split.KindOther; depth++ {
		if !strings.EqualFold(sqlscan.FirstWord(st.SQL), "EXECUTE") {
			return "", false
		}
		in, prepared, _ := transform.Wrapped(st)
		if prepared != "" {
			db, ok := w.prepared[prepared]
			return db, ok
		}
		if in != nil && isUse(in) {
			return in.Database, true
		}
		st = in
	}
	return "", false
}

// useRefusal is why st, which runs a USE through dynamic SQL, is refused under t: "" when
// t neither renames databases nor leaves statements out.
func useRefusal(t *transform.Transform) string {
	if t == nil || (!t.Filters() && len(t.Options().RenameDatabases) == 0) {
		return ""
	}
	return "it runs USE through dynamic SQL, which --rename-database, --databases, --tables, --exclude-tables, --schema-only, --data-only and --start-at do not follow (they read the dump's own USE); " +
		"write the USE as a statement of its own, or import without them"
}
