package main

import (
	"os"
	"testing"
)

// TestMain lets tests run the test binary as dumpscope itself (DUMPSCOPE_TEST_MAIN=1), so
// a test can kill -9 a real dumpscope process mid-import.
func TestMain(m *testing.M) {
	if os.Getenv("DUMPSCOPE_TEST_MAIN") == "1" {
		main() // exits
	}
	os.Exit(m.Run())
}
