package plan

import (
	"slices"
	"testing"
)

// TestBodyInsertTables: INSERT and REPLACE name their table with or without INTO, after
// their modifiers; the string functions INSERT( and REPLACE( and the words inside
// strings and comments name none (TestReviewX15ProcedureWritesIDsUnseen's bodies).
func TestBodyInsertTables(t *testing.T) {
	for body, want := range map[string][]string{
		"BEGIN SET @pv = x; INSERT lg (a) VALUES (x); END":              {"d.lg"},
		"BEGIN REPLACE lg (a) VALUES (x); END":                          {"d.lg"},
		"REPLACE LOW_PRIORITY `o`.`lg` SET a = 1":                       {"o.lg"},
		"INSERT IGNORE INTO lg VALUES (1)":                              {"d.lg"},
		"INSERT HIGH_PRIORITY IGNORE lg SELECT 1":                       {"d.lg"},
		"SET @x = REPLACE('a', 'b', 'c'), @y = INSERT('ab', 1, 1, 'z')": nil,
		"SET @x = 'INSERT lg'; /* REPLACE lg */ SET @y = 1":             nil,
	} {
		if got := BodyInsertTables([]byte(body), "d"); !slices.Equal(got, want) {
			t.Errorf("%s: %q; want %q", body, got, want)
		}
	}
}
