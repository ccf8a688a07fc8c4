// Package longtest is the test suite's long-run switch: the exhaustive cases (a stop at
// every line of a region, every seed of the fuzzer's in-suite run) run in full with
// DUMPSCOPE_LONG=1 (scripts/longtests.sh); without it, `go test` runs a sample chosen so
// that each code path the full set reaches still runs, and CI stays short.
package longtest

import (
	"os"
	"strconv"
	"testing"
	"time"
)

// Env is the variable that turns the long run on ("1").
const Env = "DUMPSCOPE_LONG"

// SeedEnv fixes the sample's rotation (a seed a test printed), to run a failing sample
// again.
const SeedEnv = "DUMPSCOPE_LONG_SEED"

// On reports whether the long run is on.
func On() bool { return os.Getenv(Env) == "1" }

// Every returns a filter of case indexes: every case in the long run, else every k-th,
// starting at an offset the seed picks, so that successive CI runs cover all of them. The
// seed comes from DUMPSCOPE_LONG_SEED or the clock, and is logged with how to repeat it.
func Every(t testing.TB, k int) func(i int) bool {
	t.Helper()
	if On() || k <= 1 {
		return func(int) bool { return true }
	}
	seed := time.Now().UnixNano()
	if s, err := strconv.ParseInt(os.Getenv(SeedEnv), 10, 64); err == nil {
		seed = s
	}
	off := int(uint64(seed) % uint64(k))
	t.Logf("longtest: 1 case in %d, offset %d (%s=%d repeats this sample, %s=1 runs them all)", k, off, SeedEnv, seed, Env)
	return func(i int) bool { return i%k == off }
}
