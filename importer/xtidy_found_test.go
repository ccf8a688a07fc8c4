package importer_test

import "testing"

// TestXTidyFillSourcesForms: a temporary table filled straight from a real table k
// written in the three forms x-fix50 taught `reach` (plan/routinetemp.go) — `FROM (k)`,
// `FROM (k2, k)`, `FROM k2 STRAIGHT_JOIN k` — then k updated (`UPDATE k SET v = 99`)
// before the stop, and tt copied into lg after it. The resume sends the fill again and
// reads k as updated: lg holds (101, 99) where the client's holds (101, 10). Silent,
// stop + --resume (--parallel 2, checkpointed); 3 of 4 subtests fail. The plain `FROM k`,
// the twin, is refused by name, as the three should be.
//
// Fixed (x-fix60): plan/tablerefs.go tableRefs reads every table list form for dmlTables
// and readsReal; 3 of 4 subtests failed before, gated with reviewX.
//
// Cause: plan/temporary.go dmlTables (FillSources, the fill's own table reader, x-fix36's
// exact fill) reads none of the three as a source: FillSources gives [], [] and [d.k2]
// (STRAIGHT_JOIN taken for k2's alias), where `FROM k` gives [d.k]; so the resume's
// exactFill has nothing to check. `reach` was patched for these forms (x-fix50), the
// fill's reader was not: the two table readers have drifted. Found by x-tidy comparing
// them (item 4). Fix: one table-list reader (FROM/JOIN/USING lists with aliases, index
// hints, PARTITION lists, parentheses, derived tables) for dmlTables, `reach` and
// sqlscan.DMLTables.
func TestXTidyFillSourcesForms(t *testing.T) {
	for name, fill := range tempReadForms { // review_x20_test.go
		t.Run(name, func(t *testing.T) {
			dump := tempReadHead + fill + ";\nUPDATE k SET v = 99 WHERE id = 1;\n" + x15Rows() + tempReadTail
			x15StopRefused(t, dump, "--resume cannot")
		})
	}
}
