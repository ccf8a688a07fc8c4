package checkpoint

import "testing"

// TestSentMarksDecide: what MayHaveRun asks the marks (sent.go) beyond the furthest
// committed offset. A journal of a dumpscope that did not mark (DDLMarks false), and a
// statement its senders do not mark (a TEMPORARY table's), keep the allowance; with marks,
// none means never sent, and a mark says what its pre-state says; an ALTER TABLE whose
// definition intent was settled unchanged did not run, marks or not.
func TestSentMarksDecide(t *testing.T) {
	for _, c := range []struct {
		name   string
		marked bool
		at     map[int64]PreState
		stmt   bool // the statement is one its senders mark
		want   bool
	}{
		{"older journal", false, nil, true, true},
		{"no mark", true, nil, true, false},
		{"temporary, no mark", true, nil, false, true},
		{"marked unknown", true, map[int64]PreState{5: PreUnknown}, true, true},
		{"marked held", true, map[int64]PreState{5: PreHeld}, true, true},
		{"marked not held", true, map[int64]PreState{5: PreNotHeld}, true, false},
		{"not held, older journal", false, map[int64]PreState{5: PreNotHeld}, true, false},
		{"another offset marked", true, map[int64]PreState{6: PreHeld}, true, false},
	} {
		m := sentMarks{marked: c.marked, at: c.at}
		if got := m.mayHaveBeenSent(5, c.stmt); got != c.want {
			t.Errorf("%s: mayHaveBeenSent = %v, want %v", c.name, got, c.want)
		}
	}
	var m sentMarks
	m.noteNotRun(7)
	if m.mayHaveBeenSent(7, true) {
		t.Error("an ALTER TABLE settled unchanged may have run")
	}
}
