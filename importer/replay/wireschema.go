package replay

import (
	"github.com/dumpscope/dumpscope/importer/split"
)

// Dynamic SQL that cannot be read (EXECUTE IMMEDIATE @s, a statement PREPAREd from a
// variable) may run a USE: MariaDB changes the session's database as after the dump's own
// USE, and the replay's current database (the summary's tables, the row-count check's,
// the diagnostics readers' procedures) stayed where it was (wrappedUse follows only what
// it can read). The server says so itself: with session_track_schema (on by default)
// the OK packet of a statement that changed the database carries the new one, which the
// wire watch reads (PacketWatch.sessionState) as it reads a changed sql_mode. The serial
// replay follows it after every statement on the dump's connection
// (TestFix12bUnreadableUse); without a wire (TLS, a parallel run's control connection)
// the planner refuses such dynamic SQL or runs it where nothing keyed by the database
// follows (plan.registry.inner).

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
