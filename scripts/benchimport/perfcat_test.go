package main

import (
	"strings"
	"testing"
)

// A perf script excerpt: seven samples of the server (pid 42), one of another process.
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

   42/46
	          e1 my_numchars_mb+0x1
	          e2 THD::make_string_literal+0x2
	          e3 MYSQLparse+0x3
	          e4 do_handle_one_connection+0x4

   42/47
	          f1 [unknown]
	          f2 ha_commit_trans+0x1
	          f3 trans_commit_stmt+0x2
	          f4 mysql_execute_command+0x3
	          f5 do_handle_one_connection+0x4

   42/48
	          g1 [unknown]
	          g2 JOIN::exec_inner+0x1
	          g3 handle_select+0x2
	          g4 mysql_execute_command+0x3
	          g5 do_handle_one_connection+0x4

   42/49
	          h1 [unknown]
	          h2 get_all_tables+0x1
	          h3 handle_select+0x2
	          h4 mysql_execute_command+0x3
	          h5 do_handle_one_connection+0x4
`

func TestReadPerfScript(t *testing.T) {
	b := readPerfScript(strings.NewReader(perfScriptSample), 42)
	if b.total != 7 {
		t.Fatalf("total %d, want 7 (the other process's sample left out)", b.total)
	}
	want := map[string]int{
		"row writes (handler::ha_write_row: InnoDB)":                                 1,
		"parse (MYSQLparse: the SQL text, literals)":                                 1,
		"background: timer tasks (InnoDB's statistics recalculation, purge, master)": 1,
		// Under MYSQLparse and ha_commit_trans, sorted by the frame nearer the leaf.
		"parse: string literals (THD::make_string_literal; the client character set's cost)": 1,
		"commit: statement end (trans_commit_stmt; the bulk path's index build)":             1,
		// A COUNT(*) and an information_schema look-up: not "other statements".
		"SELECT (handle_select: the end's COUNT(*) row check, session reads)": 1,
		"SELECT from information_schema (get_all_tables: catalog look-ups)":   1,
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
