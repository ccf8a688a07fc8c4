package advisor

import (
	"strings"
	"testing"
)

// TestImportLinePhaseAndTables: the headless progress line says how many tables are
// complete (of the total when known) and, after the rows, what the import does instead
// of the table name.
func TestImportLinePhaseAndTables(t *testing.T) {
	prev := ImportProgress{Bytes: 100, Rows: 10}
	for _, tc := range []struct {
		name string
		cur  ImportProgress
		want []string
		not  []string
	}{
		{"known total", ImportProgress{Bytes: 200, Rows: 20, Table: "shop.orders", Phase: "loading", TablesDone: 3, TablesTotal: 12},
			[]string{"tables 3/12", "shop.orders"}, []string{"loading"}},
		{"unknown total", ImportProgress{Bytes: 200, Rows: 20, Table: "shop.orders", TablesDone: 3},
			[]string{"3 tables done", "shop.orders"}, []string{"tables 3/"}},
		{"none yet", ImportProgress{Bytes: 200, Rows: 20, Table: "shop.orders"}, []string{"shop.orders"}, []string{"tables"}},
		{"indexes", ImportProgress{Bytes: 200, Rows: 20, Table: "shop.orders", Phase: "indexes", TablesDone: 12, TablesTotal: 12},
			[]string{"tables 12/12", ", indexes"}, []string{"shop.orders"}},
		{"verifying", ImportProgress{Bytes: 200, Rows: 20, Phase: "verifying rows", TablesDone: 12, TablesTotal: 12},
			[]string{"verifying rows"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := ImportLine(prev, tc.cur, 1, 10)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("%q lacks %q", got, w)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(got, n) {
					t.Errorf("%q has %q", got, n)
				}
			}
		})
	}
}
