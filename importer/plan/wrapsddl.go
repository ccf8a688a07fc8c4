package plan

import (
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// Wrapped returns the statement st runs through a wrapper: EXECUTE IMMEDIATE or SET
// STATEMENT … FOR holding it, or EXECUTE of a statement the dump PREPAREd from it (the
// registry's, as planned so far: call it after Next(st)), as a copy at st's offset and
// line; nil for anything else, a PREPARE included (it runs nothing), and for what cannot
// be read. The replay judges the wrapper by it:
//   - DDL, or a routine created or dropped (replay.isDDL): such a wrapper commits on its
//     own as the DDL does, and the replay's barriers must take it so: killed between it
//     and its progress row, a resume that sent it again stopped at "already exists" where
//     the client went on (difffuzz seeds 49018, 49020).
//   - a SET GLOBAL (replay's globalSet): journaled and marked at the wrapper's offset as
//     a plain one, so that a resume gives its new sessions the values the client's kept,
//     not the GLOBAL the earlier attempt raised (difffuzz seeds 49220, 56049).
func (p *Planner) Wrapped(st *split.Statement) *split.Statement {
	if st.Kind != split.KindOther {
		return nil
	}
	if _, prepare := transform.PrepareName(st); prepare {
		return nil
	}
	in, prepared, _ := transform.Wrapped(st)
	if prepared != "" {
		in = p.reg.prepared[prepared].st
	}
	if in == nil {
		return nil
	}
	c := *in
	c.Offset, c.Line = st.Offset, st.Line
	return &c
}
