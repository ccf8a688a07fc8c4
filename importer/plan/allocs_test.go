package plan

import (
	"strings"
	"testing"
)

// TestPlannerLargeInsertAllocations: planning a literal INSERT of 20000 rows, with no
// temporary table held, allocates a bounded number of times, not per row. x-fix39's
// check of temporary tables written through code scanned every statement with
// exprState (220026 allocations for this one, 2 s more client CPU and twice the RSS
// for the 200M generated dump); it now runs only where a temporary table is held (23).
func TestPlannerLargeInsertAllocations(t *testing.T) {
	var b strings.Builder
	b.WriteString("INSERT INTO t VALUES ")
	for i := 0; i < 20000; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("(1,'abcdefghij',2.5,NULL)")
	}
	p := NewPlanner()
	if _, err := p.Next(firstStatement("CREATE TABLE t (a int, b varchar(20), c double, d int)"), "d", fakeCatalog{}); err != nil {
		t.Fatal(err)
	}
	st := firstStatement(b.String())
	n := testing.AllocsPerRun(3, func() {
		if _, err := p.Next(st, "d", fakeCatalog{}); err != nil {
			t.Fatal(err)
		}
	})
	if n > 1000 {
		t.Errorf("planning a 20000-row INSERT allocated %v times: per row, not per statement", n)
	}
}
