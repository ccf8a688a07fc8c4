package replay

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestKeepsArea: the SETs that provably keep the diagnostics area, and some that may not.
func TestKeepsArea(t *testing.T) {
	for q, want := range map[string]bool{
		"SET @v = 1":                        true,
		"SET @a := 'x', @b = @a, @c = -2.5": true,
		"SET @v = NULL;":                    true,
		"SET @v = (SELECT 1 FROM t)":        false,
		"SET @v = f()":                      false,
		"SET @@sql_mode = ''":               false,
		"SET autocommit = 1":                false,
		"SET @v = 1 + 1":                    false,
		"SET @v = @@warning_count":          false,
		"SELECT 1":                          false,
		"SET @v = 2.":                       false,
		"SET @v = 2.5.5":                    false,
		"SET @v = 1e5":                      false,
		"SET @v":                            false,
	} {
		st := &split.Statement{SQL: []byte(q), Kind: split.KindSession}
		if got := keepsArea(st); got != want {
			t.Errorf("keepsArea(%q) = %v, want %v", q, got, want)
		}
	}
}
