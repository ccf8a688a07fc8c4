package main

import "testing"

// TestIsPending: a pending entry matches its file or type in any package of its family
// (so a move keeps it), and nothing else; what it does not match fails the run.
func TestIsPending(t *testing.T) {
	for _, tt := range []struct {
		e    excess
		want bool
	}{
		{excess{rel: "importer/checkpoint", name: "Run"}, false},          // met: off the list
		{excess{rel: "importer/replay", name: "ParallelReplayer"}, false}, // met: off the list
		{excess{rel: "tui", name: "Model"}, false},
		{excess{rel: "report", name: "Run"}, false},
		{excess{rel: "cmd/dumpscope", name: ""}, false},
		{excess{name: tokenizerLimit}, false},
	} {
		if got := isPending(tt.e, map[int]bool{}); got != tt.want {
			t.Errorf("isPending(%+v) = %v, want %v", tt.e, got, tt.want)
		}
	}
}
