package main

import (
	"fmt"
	"os"
	"testing"
)

// TestMain lets tests run the test binary as dumpscope itself (DUMPSCOPE_TEST_MAIN=1), so
// a test can kill -9 a real dumpscope process mid-import. The tests' imports keep their
// state (ETA histories, journals of unwritable directories) in a directory of their own,
// not in the user's.
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
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
