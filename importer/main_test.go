package importer_test

import (
	"os"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestMain turns on testsandbox's pool: a server a test is done with is reset and given
// to the next test when nothing tells it from a fresh one (internal/testsandbox/pool.go).
// The package starts a few hundred servers otherwise.
func TestMain(m *testing.M) {
	os.Exit(testsandbox.Main(m))
}
