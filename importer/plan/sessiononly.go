package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// sessionOnly reports whether st changes only its connection's session (Plan.Session): a
// SET of session variables (split.KindSession), or what runs one through a wrapper, read
// through wrappers in wrappers: EXECUTE IMMEDIATE 'SET completion_type = 1', PREPARE s
// FROM 'SET …', and EXECUTE s of such a prepared statement, looked up in r as it stands
// before st runs. Read from the statement alone, as the replay did, EXECUTE s was data:
// a resume skipped it as committed, so its new connection never got the SET, and with
// completion_type = CHAIN lost the dump's COMMIT chained nothing and the rows its
// ROLLBACK took back stayed (TestResumePreparedSessionSet).
//
// What a wrapper runs that sets a GLOBAL variable (alone or with session ones) is data:
// skipped where it committed, as before seed 45110's fix. One that sets GLOBAL variables
// alone is journaled and marked as run at the wrapper's offset as a plain one
// (Planner.Wrapped; replay's resumeSetGlobal, execSetGlobal), so a resume gives its new
// sessions the client's values; a resume past one that also sets session or user
// variables refuses it (replay's refuseWrappedMixedSet).
func (r *registry) sessionOnly(st *split.Statement) bool {
	// PREPARE runs nothing: sent again on every resume (a volatile statement) to build the
	// prepared statement on the new connection, whatever it holds.
	prepares := strings.EqualFold(sqlscan.FirstWord(st.SQL, st.Syntax()), "PREPARE")
	for depth := 0; depth < wrapDepth; depth++ {
		switch st.Kind {
		case split.KindSession:
			// A SET GLOBAL a wrapper runs is not sent again: it changed the server, and
			// a resume that sent it again raised @@global.x + 789 twice (difffuzz seed
			// 47067). A plain one is (resumeSetGlobal skips it where it ran).
			return depth == 0 || prepares || !setsGlobal(st)
		case split.KindOther:
		default:
			return false
		}
		in, prepared, _ := transform.Wrapped(st)
		if prepared != "" && strings.EqualFold(sqlscan.FirstWord(st.SQL, st.Syntax()), "EXECUTE") {
			in = r.prepared[prepared].st // nil: not prepared by the dump, or not readable
		}
		if in == nil {
			return false
		}
		st = in
	}
	return false
}

// setsGlobal reports whether st, a SET, assigns a GLOBAL variable.
func setsGlobal(st *split.Statement) bool {
	global, _ := setScopes(ParseSet(st.SQL, st.Syntax()))
	return global
}
