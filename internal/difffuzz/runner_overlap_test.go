package difffuzz

import (
	"context"
	"math/rand"
	"slices"
	"testing"
)

// TestDiffFuzzTargetModesCatchPlanted: the non-empty-target modes' oracles can fail. A
// stand-in that writes a row into the unrelated database is reported "touched" in the
// non-empty mode; in the overlap mode the stand-in (the client, which overwrites what the
// target holds and never stops) is reported for every seed whose input overwrites
// something: "touched", or "dump" where what it overwrote was not P's (its --parallel
// drops rows too). The real dumpscope's side is TestDiffFuzzShort's (InSuiteSeeds).
func TestDiffFuzzTargetModesCatchPlanted(t *testing.T) {
	bin := goBuild(t, "./testdata/standin", "standin")
	r := newTestRunner(t, bin)
	ctx := context.Background()
	mode := func(name string) Mode {
		i := slices.IndexFunc(Modes, func(m Mode) bool { return m.Name == name })
		return Modes[i]
	}
	ne := mode("non-empty")
	ne.Args = append(append([]string(nil), ne.Args...), "--standin-touch")
	d, err := r.CheckScript(ctx, Generate(9, Config{Actions: 12, Off: KnownBugs}), ne, rand.New(rand.NewSource(1)))
	if err != nil {
		t.Fatal(err)
	}
	if d == nil || d.Kind != "touched" {
		t.Errorf("non-empty with a stand-in that writes into %s: %v; want a touched difference", readAheadDB, d)
	}
	touched := 0
	for seed := int64(9); seed < 12; seed++ {
		d, st, err := r.Overlap(ctx, Generate(seed, Config{Actions: 12, Off: KnownBugs}), mode("overlap"))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d: %v; %s", seed, d, st.line())
		if st.Stops != 0 {
			t.Errorf("seed %d: the stand-in never stops, yet %d stops were read", seed, st.Stops)
		}
		if d != nil && d.Kind == "touched" {
			touched++
		}
	}
	if touched == 0 {
		t.Errorf("the stand-in overwrote nothing of P in 3 seeds: the overlap oracle is not reached")
	}
}
