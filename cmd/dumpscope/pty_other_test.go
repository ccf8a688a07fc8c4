//go:build !linux

package main

import (
	"os"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// openPTY opens pseudo-terminals the Linux way (TIOCSPTLCK, /dev/pts/N); elsewhere the
// tests that need one do not run.
func openPTY(t *testing.T) (ptmx, pts *os.File) {
	t.Helper()
	testsandbox.Unavailable(t, "pseudo-terminals are opened the Linux way in these tests")
	return nil, nil
}
