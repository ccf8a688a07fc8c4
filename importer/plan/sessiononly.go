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
func (r *registry) sessionOnly(st *split.Statement) bool {
	for depth := 0; depth < wrapDepth; depth++ {
		switch st.Kind {
		case split.KindSession:
			return true
		case split.KindOther:
		default:
			return false
		}
		in, prepared, _ := transform.Wrapped(st)
		if prepared != "" && strings.EqualFold(sqlscan.FirstWord(st.SQL), "EXECUTE") {
			in = r.prepared[prepared].st // nil: not prepared by the dump, or not readable
		}
		if in == nil {
			return false
		}
		st = in
	}
	return false
}
