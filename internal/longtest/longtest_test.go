package longtest

import "testing"

// TestEvery: by default 1 case in k, at the seed's offset; with DUMPSCOPE_LONG=1 all.
func TestEvery(t *testing.T) {
	t.Setenv(Env, "")
	t.Setenv(SeedEnv, "7")
	pick := Every(t, 3)
	var got []int
	for i := range 9 {
		if pick(i) {
			got = append(got, i)
		}
	}
	if len(got) != 3 || got[0] != 1 || got[1] != 4 || got[2] != 7 {
		t.Errorf("seed 7, 1 in 3 of 0..8: got %v, want [1 4 7]", got)
	}
	t.Setenv(Env, "1")
	pick = Every(t, 3)
	for i := range 9 {
		if !pick(i) {
			t.Errorf("%s=1: case %d left out", Env, i)
		}
	}
}
