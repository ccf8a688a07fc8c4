package sqlscan

import (
	"slices"
	"testing"
)

// TestDMLTablesDeleteHistory: DELETE HISTORY FROM t writes t (its history), not a table
// named HISTORY; a multi-table DELETE of a table named history still names it.
func TestDMLTablesDeleteHistory(t *testing.T) {
	for q, want := range map[string][]TableKey{
		"DELETE HISTORY FROM th": {"d.th"},
		"delete history from `e`.`th` BEFORE SYSTEM_TIME '2020-01-01'": {"e.th"},
		"DELETE history, t2 FROM history JOIN t2 USING (id)":           {"d.history", "d.t2"},
		"DELETE `history` FROM history JOIN t2 USING (id)":             {"d.history"},
		"DELETE FROM history WHERE id = 1":                             {"d.history"},
	} {
		if got := DMLTables([]byte(q), "d", Syntax{}); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", q, got, want)
		}
	}
}
