package checkpoint

import "testing"

// TestVarsWithCounts: the counts WithCounts puts in a journaled SET come back from
// CountsOf, and a SET without them (an older journal's) gives none.
func TestVarsWithCounts(t *testing.T) {
	v := HeldVars{offset: 7, names: []string{"rc"}, assign: "SET @`rc` = 3"}.WithCounts(1, -1)
	if row, found, ok := CountsOf(v.assign); !ok || row != 1 || found != -1 {
		t.Fatalf("CountsOf(%q) = %d, %d, %v; want 1, -1, true", v.assign, row, found, ok)
	}
	for _, a := range []string{"SET @`rc` = 3", "SET @`rc` = ' /* dumpscope counts 1 1 */x'"} {
		if _, _, ok := CountsOf(a); ok {
			t.Errorf("CountsOf(%q) found counts", a)
		}
	}
}
