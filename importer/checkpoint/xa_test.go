package checkpoint

import "testing"

// TestSkipCommittedXA: Skip says yes from the XA START SkipCommittedXA names until the end
// EndCommittedXA gives, besides the recorded stretches, and no further (the resume of a
// committed XA transaction whose progress row is missing: replay's xaStatement,
// importer's TestDiffFuzzFoundS48TemporaryXACommitted).
func TestSkipCommittedXA(t *testing.T) {
	r := &Run{prior: prior{done: []span{{0, 100}}}}
	check := func(when string, want map[int64]bool) {
		t.Helper()
		for off, w := range want {
			if got := r.Skip(off); got != w {
				t.Errorf("%s: Skip(%d) = %v, want %v", when, off, got, w)
			}
		}
	}
	check("before", map[int64]bool{0: true, 99: true, 100: false, 150: false, 200: false})
	SkipCommittedXA(r, 150)
	check("inside", map[int64]bool{99: true, 100: false, 149: false, 150: true, 180: true, 1 << 40: true})
	EndCommittedXA(r, 200)
	check("after", map[int64]bool{99: true, 149: false, 150: true, 199: true, 200: false, 300: false})
	var none *Run
	SkipCommittedXA(none, 5) // nil-safe, as Skip is
	EndCommittedXA(none, 9)
	if none.Skip(6) {
		t.Error("a nil Run skips nothing")
	}
}
