package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestTracedWritesTrace: with $DUMPSCOPE_TRACE set, the run's execution trace is written
// there (a Go trace file begins "go 1."), and the command's exit code passes through.
func TestTracedWritesTrace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.trace")
	t.Setenv("DUMPSCOPE_TRACE", path)
	code := traced(func() int {
		done := make(chan struct{})
		go func() { close(done) }() // something for the trace to record
		<-done
		return 3
	})()
	if code != 3 {
		t.Fatalf("exit code %d, want 3", code)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no trace written: %v", err)
	}
	if !bytes.HasPrefix(b, []byte("go 1.")) {
		t.Fatalf("%s does not begin as a Go execution trace: %q", path, b[:min(len(b), 16)])
	}
}

// TestTracedOffWithoutEnv: without the variable f runs as it is and nothing is written.
func TestTracedOffWithoutEnv(t *testing.T) {
	t.Setenv("DUMPSCOPE_TRACE", "")
	if code := traced(func() int { return 5 })(); code != 5 {
		t.Fatalf("exit code %d, want 5", code)
	}
}
