package plan

import (
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// WrapsDDL reports whether st runs DDL, or creates or drops a routine, through a wrapper:
// EXECUTE IMMEDIATE or SET STATEMENT … FOR holding it, or EXECUTE of a statement the dump
// PREPAREd from it (the registry's, as planned so far). A PREPARE runs nothing. Such a
// wrapper commits on its own as the DDL does, and the replay's barriers must take it so
// (replay.isDDL): killed between it and its progress row, a resume that sent it again
// stopped at "already exists" where the client went on (difffuzz seeds 49018, 49020).
func (p *Planner) WrapsDDL(st *split.Statement) bool {
	if st.Kind != split.KindOther {
		return false
	}
	if _, prepare := transform.PrepareName(st); prepare {
		return false
	}
	in, prepared, _ := transform.Wrapped(st)
	if prepared != "" {
		in = p.reg.prepared[prepared].st
	}
	return in != nil && (in.Kind == split.KindDDL || in.Kind == split.KindRoutine)
}
