package importer_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestSweep45110 stops after each statement of seed 45110's script.
func TestSweep45110(t *testing.T) {
	if os.Getenv("SWEEP45110") == "" {
		t.Skip("sweep")
	}
	seed, err := os.ReadFile("../internal/difffuzz/testdata/found/seed-45110-resume-defer-indexes.sql")
	if err != nil {
		t.Fatal(err)
	}
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	if os.Getenv("SWEEP45110") == "plain" {
		seed = []byte(strings.ReplaceAll(string(seed), "EXECUTE IMMEDIATE 'SET completion_type = 1'", "SET completion_type = 1"))
	}
	for _, stop := range []int64{11, 12, 13, 14, 15, 26, 27, 28, 29, 31, 129, 130, 131, 133, 137, 138, 139, 140, 141, 148, 149, 150, 152, 159, 162, 163} {
		t.Run(fmt.Sprintf("stop %d", stop), func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: string(seed), stop: stop, deferIndexes: true})
		})
	}
}
