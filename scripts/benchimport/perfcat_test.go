package main

import (
	"strings"
	"testing"
)

// A perf script excerpt: two samples of the server (pid 42), one of another process.
const perfScriptSample = `   42/43
	          a1b2c3 [unknown]
	          a1b2c4 handler::ha_write_row+0x10
	          a1b2c5 mysql_insert+0x20
	          a1b2c6 do_handle_one_connection+0x30

   42/44
	          b1 MYSQLparse+0x1
	          b2 parse_sql+0x2
	          b3 do_handle_one_connection+0x3

   7/7
	          c1 MYSQLparse+0x1
	          c3 do_handle_one_connection+0x3

   42/45
	          d1 [unknown]
	          d2 tpool::thread_pool_generic::timer_generic::execute+0x4
`

func TestReadPerfScript(t *testing.T) {
	b := readPerfScript(strings.NewReader(perfScriptSample), 42)
	if b.total != 3 {
		t.Fatalf("total %d, want 3 (the other process's sample left out)", b.total)
	}
	want := map[string]int{
		"row writes (handler::ha_write_row: InnoDB)":                                 1,
		"parse (MYSQLparse: the SQL text, literals)":                                 1,
		"background: timer tasks (InnoDB's statistics recalculation, purge, master)": 1,
	}
	for k, n := range want {
		if b.categories[k] != n {
			t.Errorf("category %q: %d, want %d (all: %v)", k, b.categories[k], n, b.categories)
		}
	}
	if b.leaves["in handler::ha_write_row"] != 1 || b.leaves["MYSQLparse"] != 1 {
		t.Errorf("leaves %v: want a stripped leaf named by the frame under it", b.leaves)
	}
}
