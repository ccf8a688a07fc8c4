package main

import (
	"fmt"
	"os"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestMain lets tests run the test binary as dumpscope itself (DUMPSCOPE_TEST_MAIN=1), so
// a test can kill -9 a real dumpscope process mid-import. The tests' imports keep their
// state (ETA histories, journals of unwritable directories) in a directory of their own,
// not in the user's. The tests' sandboxes are pooled (testsandbox.Main): a server a test is
// done with goes to the next one when nothing tells it from a fresh one.
func TestMain(m *testing.M) {
	if os.Getenv("DUMPSCOPE_TEST_MAIN") == "1" {
		main() // exits
	}
	dir, err := os.MkdirTemp("", "dumpscope-test-state-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("XDG_STATE_HOME", dir)
	code := testsandbox.Main(m)
	os.RemoveAll(dir)
	os.Exit(code)
}
