package replay

import (
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// MariaDB runs USE through dynamic SQL (EXECUTE IMMEDIATE 'USE y', or PREPARE u FROM
// 'USE y' then EXECUTE u), and the session's database changes as after the dump's own
// USE. The replay's current database (Replayer.database: the summary's table names, the
// progress line's table, the diagnostics readers' procedures) follows it where the
// statement can be read (wrappedUseOf); the planner refuses it in the modes that plan
// (plan's movedDatabaseRefusal). --rename-database and the filters decide on the dump's
// own USE and do not rewrite inside dynamic SQL, so with them it is refused (useRefusal).

// wrappedUseOf returns the database a USE that st runs through dynamic SQL makes
// current, as far as it can be read (ok: st runs one). The registry of the dump's
// procedures and prepared statements that the warning counts read (plan.DiagnosticsReaders)
// follows it: one registry for the planner, the diagnostics readers and this, where a map
// of prepared USE statements of this file's own kept a name that a procedure's PREPARE
// may have replaced (TestFix12bProcedurePreparedUse). Dynamic SQL that cannot be read is followed from
// the server (wireschema.go).
func wrappedUseOf(r *Replayer, st *split.Statement) (db string, ok bool) {
	return r.warn.diag.UseRun(st, r.database)
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

// asSent makes a statement's SQL what the client sends for it, where the two differ: the
// client's `use` command (`use a`b`, `\u db more words`) sends COM_INIT_DB with the name
// its get_arg() read, not the text, which as SQL can fail (ERROR 1064) or name another
// database. The driver has no COM_INIT_DB call; USE with the name quoted does the same.
// The name is st.Database, which --rename-database has already renamed. A USE that is not the
// client's command (no Arg: --binary-mode) goes as written, as the client sends it.
func asSent(st *split.Statement) {
	if st.Kind == split.KindSession && st.Verb == "USE" && st.Arg != "" && st.Database != "" {
		st.SQL = []byte("USE " + sqlscan.QuoteIdent(st.Database))
	}
}
