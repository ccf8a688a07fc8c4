package difffuzz

import (
	"bytes"
	"os"
	"strconv"
	"testing"
)

// TestGenerateDeterministic: the same seed and Config give the same script (a difference
// found once can be replayed from its seed), and other seeds give other scripts.
func TestGenerateDeterministic(t *testing.T) {
	for seed := int64(1); seed <= 20; seed++ {
		a, b := Generate(seed, Config{}).SQL(), Generate(seed, Config{}).SQL()
		if !bytes.Equal(a, b) {
			t.Fatalf("seed %d: two scripts differ", seed)
		}
		if c := Generate(seed+1000, Config{}).SQL(); bytes.Equal(a, c) {
			t.Errorf("seeds %d and %d give the same script", seed, seed+1000)
		}
	}
	if dir := os.Getenv("DIFFFUZZ_WRITE"); dir != "" {
		for seed := int64(1); seed <= 5; seed++ {
			os.WriteFile(dir+"/s"+strconv.Itoa(int(seed))+".sql", Generate(seed, Config{}).SQL(), 0o644)
		}
	}
}
