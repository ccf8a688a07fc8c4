package replay

import (
	"context"
	"database/sql"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// Dynamic SQL that cannot be read (EXECUTE IMMEDIATE @s, a statement PREPAREd from a
// variable) may run a USE: MariaDB changes the session's database as after the dump's own
// USE, and the replay's current database (the summary's tables, the row-count check's,
// the diagnostics readers' procedures) stayed where it was (wrappedUse follows only what
// it can read). The server says so itself: with session_track_schema (on by default)
// the OK packet of a statement that changed the database carries the new one, which the
// wire watch reads (PacketWatch.sessionState) as it reads a changed sql_mode. The serial
// replay follows it after every statement on the dump's connection
// (TestFix12bUnreadableUse). A parallel run's control connection has no wire: the planner
// refuses such dynamic SQL, or (--load-data alone, under LOCK TABLES: serialAtWrapper)
// turns the run serial at it, and the replay then asks the server (SELECT DATABASE(),
// whose effect on ROW_COUNT() and FOUND_ROWS() rowCounts hides from the dump's readers as
// it hides the progress rows'). A plain serial run without a wire (TLS) does not follow:
// it sends nothing of its own between the dump's statements.

// trackSchema is SESSION_TRACK_SCHEMA, the type of a session state entry that names the
// session's new current database.
const trackSchema = 1

// schemaSince is the database the reply since arm made current: set says the statement
// changed it, ok that the reply could be read (false: not known).
func (w *PacketWatch) schemaSince() (db string, set, ok bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.schema, w.schemaSet, w.done && w.state == stIdle && !w.modeLost && w.clientCap&capSessionTrack != 0
}

// wireMovedTo returns the database st, just run on the replay's own connection with the
// wire armed for it (wired), made current through dynamic SQL, as the server reported it;
// moved is false when it did not (or a USE of its own did: exec follows that).
func wireMovedTo(r *Replayer, wired bool, st *split.Statement) (db string, moved bool) {
	if !wired || st.Kind != split.KindOther {
		return "", false
	}
	db, set, ok := r.opt.Wire.schemaSince()
	return db, set && ok
}

// dynamicUnread reports whether st runs dynamic SQL whose text cannot be read
// (EXECUTE IMMEDIATE of an expression, EXECUTE of a statement a PREPARE made from one),
// directly or behind SET STATEMENT … FOR: it may have run a USE.
func dynamicUnread(st *split.Statement) bool {
	for depth := 0; depth < 8 && st != nil && st.Kind == split.KindOther; depth++ {
		in, prepared, unreadable := transform.Wrapped(st)
		switch {
		case unreadable != "":
			return strings.EqualFold(sqlscan.FirstWord(st.SQL, st.Syntax()), "EXECUTE")
		case prepared != "":
			return strings.EqualFold(sqlscan.FirstWord(st.SQL, st.Syntax()), "EXECUTE") // wrappedUse knows the literal ones
		}
		st = in
	}
	return false
}

// currentDatabase asks c for its current database ("" when none).
func currentDatabase(ctx context.Context, c Conn) (string, error) {
	var db sql.NullString
	err := c.QueryRowContext(ctx, "SELECT DATABASE()").Scan(&db)
	return db.String, err
}
