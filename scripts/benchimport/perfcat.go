package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
)

// The server's CPU by what it did, in seconds: perf report's relative top symbols of two
// contenders could not be compared (each list sums to its own total, and mariadbd's
// InnoDB symbols are stripped, so most of its time is "[unknown]"). The call chains still
// name the SQL layer's frames, which sort a sample into the work it was part of.
// Measured so (issue 24, 200M gen dump, default server): --parallel 2's extra server CPU
// over the serial client was spread over parsing and row writes alike, each ~25 % slower
// per byte, not a symbol of its own (no latch spinning, no lock waits); myloader -t 2's
// extra was 5–7 s of timer tasks that vanished with innodb_stats_auto_recalc=OFF: InnoDB's
// statistics recalculation, its time in MDL and filename_to_tablename frames.
// Session 38 split two categories that differed between dumpscope and myloader on the
// same rows: string literals (the dump's SET NAMES utf8mb4 costs the server
// my_numchars_mb per literal where mydumper's SET NAMES binary does not: 1.7 against
// 1.3 s) and a statement's end (InnoDB applies the bulk insert of a table's first
// statement there: 0.4 against 0.2 s).
// Session 47 (p-server, sysbench 4x250k, default server, load 17-25): dumpscope --parallel
// 2 --load-data's LOADs cost the server what the limit's do. Its LOAD stream is the
// limit's TSV byte for byte (the first statement's 5,286 rows: 1,011,519 bytes, cmp
// equal), and the same 16 MiB chunk loaded in dumpscope's form (column list, 16 KiB
// packets) and in the mariadb client's (none, 4 KiB packets), alternating on one server
// (6 rounds), cost 1.17 against 1.24 s of server CPU on the bulk path and 0.65 against
// 0.62 s row by row. A run's mysql_load of 3.9 against 2.3 s was one recording's noise:
// the next read 2.7 against 2.4 s. Its server CPU over whole runs was 0.93-1.09x the
// limit's (medians, 2 and 4 runs a side); what it adds beside the rows is the categories
// below "LOAD DATA": 0.3-0.4 s of 9-12 s, most of it the end's COUNT(*) row check.

// perfHz is startPerf's sampling frequency: a sample stands for 1/perfHz s of CPU.
const perfHz = 499

// perfCategories are the kinds of work a server sample is sorted into, in the order they
// are tried: the first whose frame is on the sample's call chain names it. A chain
// without a connection's frame (do_handle_one_connection) is a background thread's.
var perfCategories = []struct{ name, frame string }{
	{"row writes (handler::ha_write_row: InnoDB)", "handler::ha_write_row"},
	{"commit: statement end (trans_commit_stmt; the bulk path's index build)", "trans_commit_stmt"},
	{"commit", "ha_commit_trans"},
	{"parse: string literals (THD::make_string_literal; the client character set's cost)", "THD::make_string_literal"},
	{"parse (MYSQLparse: the SQL text, literals)", "MYSQLparse"},
	{"fill_record (values into the row)", "fill_record"},
	{"rest of INSERT (mysql_insert)", "mysql_insert"},
	{"LOAD DATA (mysql_load)", "mysql_load"},
	// What a loader runs beside its rows (session 47, p-server): dumpscope's catalog
	// look-ups, the end's COUNT(*) row check, the progress schema's tables and the
	// dump's own DDL, apart from the rest of "other statements".
	{"SELECT from information_schema (get_all_tables: catalog look-ups)", "get_all_tables"},
	{"SELECT (handle_select: the end's COUNT(*) row check, session reads)", "handle_select"},
	{"CREATE TABLE (ha_create_table)", "ha_create_table"},
	{"DROP TABLE, DROP DATABASE (mysql_rm_table_no_locks)", "mysql_rm_table_no_locks"},
	{"other statements (mysql_execute_command)", "mysql_execute_command"},
	{"reading the network", "my_net_read_packet"},
}

// perfBreakdown is the server's samples of one perf recording by category and by leaf
// symbol.
type perfBreakdown struct {
	total      int
	categories map[string]int
	leaves     map[string]int
}

// serverPerf reads `perf script` of data and sorts the samples of process pid.
func serverPerf(data string, pid int) (*perfBreakdown, error) {
	cmd := exec.Command("perf", "script", "-i", data, "-F", "pid,ip,sym")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	b := readPerfScript(out, pid)
	if err := cmd.Wait(); err != nil {
		return nil, err
	}
	return b, nil
}

// readPerfScript parses perf script's output: a sample is a header line ("PID" and
// perhaps its leaf) and then one tab-indented line per frame, leaf first.
func readPerfScript(r io.Reader, pid int) *perfBreakdown {
	b := &perfBreakdown{categories: map[string]int{}, leaves: map[string]int{}}
	var frames []string
	mine := false
	flush := func() {
		if mine && len(frames) > 0 {
			b.add(frames)
		}
		frames, mine = frames[:0], false
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.TrimSpace(line) == "" {
			continue
		}
		if !strings.HasPrefix(line, "\t") {
			flush()
			f := strings.Fields(line)
			if len(f) > 0 {
				p, _, _ := strings.Cut(f[0], "/")
				n, err := strconv.Atoi(p)
				mine = err == nil && n == pid
			}
			continue
		}
		if mine {
			// "\t    ffffffff8223d851 do_syscall_64+0x51": the symbol after the address.
			f := strings.Fields(line)
			sym := "[unknown]"
			if len(f) > 1 {
				sym, _, _ = strings.Cut(f[1], "+0x")
			}
			frames = append(frames, sym)
		}
	}
	flush()
	return b
}

// add counts one sample given its frames, leaf first.
func (b *perfBreakdown) add(frames []string) {
	b.total++
	b.leaves[leafName(frames)]++
	has := func(name string) bool {
		for _, f := range frames {
			if f == name {
				return true
			}
		}
		return false
	}
	if !has("do_handle_one_connection") {
		if has("tpool::thread_pool_generic::timer_generic::execute") {
			b.categories["background: timer tasks (InnoDB's statistics recalculation, purge, master)"]++
		} else {
			b.categories["background: other threads (page cleaner, I/O)"]++
		}
		return
	}
	for _, c := range perfCategories {
		if has(c.frame) {
			b.categories[c.name]++
			return
		}
	}
	b.categories["connection: other"]++
}

// leafName names a sample by its leaf symbol, or where that is stripped ("[unknown]",
// most of InnoDB in a distribution's mariadbd) by the first named frame under it.
func leafName(frames []string) string {
	if frames[0] != "[unknown]" {
		return frames[0]
	}
	for _, f := range frames[1:] {
		if f != "[unknown]" {
			return "in " + f
		}
	}
	return frames[0]
}

// print writes the breakdown in CPU seconds, the categories and then the top leaves.
func (b *perfBreakdown) print(w io.Writer, name string) {
	secs := func(n int) float64 { return float64(n) / perfHz }
	fmt.Fprintf(w, "perf, server under %s: %.1f s of CPU sampled\n", name, secs(b.total))
	for _, kv := range sortedCounts(b.categories, 0) {
		fmt.Fprintf(w, "  %6.2f s  %s\n", secs(kv.n), kv.key)
	}
	fmt.Fprintln(w, "  top leaf symbols:")
	for _, kv := range sortedCounts(b.leaves, 10) {
		fmt.Fprintf(w, "  %6.2f s  %s\n", secs(kv.n), kv.key)
	}
}

type keyCount struct {
	key string
	n   int
}

// sortedCounts is m by count, largest first (then by key), at most limit entries (0: all).
func sortedCounts(m map[string]int, limit int) []keyCount {
	out := make([]keyCount, 0, len(m))
	for k, n := range m {
		out = append(out, keyCount{k, n})
	}
	sort.Slice(out, func(a, b int) bool {
		if out[a].n != out[b].n {
			return out[a].n > out[b].n
		}
		return out[a].key < out[b].key
	})
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}

// printServerPerf prints the breakdown of data's samples of the server pid on stderr.
func printServerPerf(data, name string, pid int) error {
	b, err := serverPerf(data, pid)
	if err != nil {
		return err
	}
	b.print(os.Stderr, name+" ("+data+")")
	return nil
}
