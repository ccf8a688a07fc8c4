package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// RunsDDL reports whether st runs a DDL or routine statement through a wrapper, read
// through wrappers in wrappers: EXECUTE IMMEDIATE 'CREATE PROCEDURE …', or EXECUTE s of a
// statement the dump prepared from such a literal, looked up as the registry stands
// (after the planner's Next of st). Such a statement commits on its own, as the plain one
// does, so a kill after it and before its progress row leaves it applied, and its
// "already exists" or "does not exist" on resume says it had run: the replay takes it so,
// as it takes the plain one's (difffuzz seeds 53206, 48064, 54065: ERROR 1304 or 1305 on
// resume where the client succeeded). A plain DDL statement is not a wrapper: false.
func (p *Planner) RunsDDL(st *split.Statement) bool {
	for depth := 0; depth < wrapDepth; depth++ {
		if st.Kind != split.KindOther {
			return depth > 0 && (st.Kind == split.KindDDL || st.Kind == split.KindRoutine)
		}
		in, prepared, _ := transform.Wrapped(st)
		if prepared != "" && strings.EqualFold(sqlscan.FirstWord(st.SQL), "EXECUTE") {
			in = p.reg.prepared[prepared].st // nil: not prepared by the dump, or not readable
		}
		if in == nil {
			return false
		}
		st = in
	}
	return false
}
