package main

import (
	"fmt"
	"os/exec"
	"strconv"
	"strings"

	"github.com/dumpscope/dumpscope/sandbox"
)

// counter is one SHOW GLOBAL STATUS variable the report sets beside each loader: what
// the server did with the loader's stream, in the server's own words.
type counter struct {
	name, head string // the status variable; its column heading
	scale      float64
}

// counters are read before and after every run; the report prints the medians of their
// deltas. Each answers one question about the stream's shape: rows and statements
// (Handler_write: every row written, MariaDB 10.6+ has no Innodb_rows_inserted;
// Com_insert, Com_load), transactions (Com_commit: explicit COMMITs, one per batch;
// Handler_commit counts statement ends as well as transactions), the redo the rows cost
// (Innodb_os_log_written, Innodb_log_writes) and the flushing (pages, fsyncs), index
// maintenance (Innodb_pages_created: the pages the indexes grew by, page splits
// included), lock contention between the streams, and rows read back (Handler_read_next:
// dumpscope's COUNT(*) per table after the load reads every row of an index again).
var counters = []counter{
	{"Handler_write", "rows k", 1e-3},
	{"Com_insert", "INSERTs", 1},
	{"Com_load", "LOADs", 1},
	{"Com_commit", "COMMITs", 1},
	{"Handler_commit", "hdl commits", 1},
	{"Innodb_os_log_written", "redo MiB", 1.0 / (1 << 20)},
	{"Innodb_log_writes", "log writes", 1},
	{"Innodb_pages_created", "pages new", 1},
	{"Innodb_buffer_pool_pages_flushed", "pg flushed", 1},
	{"Innodb_data_fsyncs", "fsyncs", 1},
	{"Innodb_row_lock_waits", "lock waits", 1},
	{"Handler_read_rnd_next", "rnd reads k", 1e-3},
	{"Handler_read_next", "idx reads k", 1e-3},
	{"Innodb_buffer_pool_read_requests", "bp reads k", 1e-3},
	{"Innodb_buffer_pool_write_requests", "bp writes k", 1e-3},
	// INNODB_METRICS counters, read where the server enables them (--server
	// innodb_monitor_enable=module_index; 0 otherwise):
	// B-tree page splits and reorganisations, what two streams writing one table's right
	// edge at once would add.
	{"index_page_splits", "splits", 1},
	{"index_page_reorg_attempts", "reorgs", 1},
}

// innodbMetrics are the counters read from information_schema.INNODB_METRICS rather
// than SHOW GLOBAL STATUS.
var innodbMetrics = map[string]bool{"index_page_splits": true, "index_page_reorg_attempts": true}

// globalStatus reads the counters' values from srv.
func globalStatus(srv *sandbox.Server) (map[string]float64, error) {
	var names, metrics []string
	for _, c := range counters {
		if innodbMetrics[c.name] {
			metrics = append(metrics, "'"+c.name+"'")
		} else {
			names = append(names, "'"+c.name+"'")
		}
	}
	q := "SHOW GLOBAL STATUS WHERE Variable_name IN (" + strings.Join(names, ",") + ");" +
		" SELECT NAME, COUNT FROM information_schema.INNODB_METRICS WHERE NAME IN (" + strings.Join(metrics, ",") + ")"
	out, err := exec.Command("mariadb", append(srv.ClientArgs(), "-N", "-B", "-e", q)...).Output()
	if err != nil {
		return nil, fmt.Errorf("SHOW GLOBAL STATUS: %w", err)
	}
	v := map[string]float64{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if f := strings.Fields(line); len(f) == 2 {
			v[f[0]], _ = strconv.ParseFloat(f[1], 64)
		}
	}
	return v, nil
}

// statusDelta is after − before, per counter.
func statusDelta(before, after map[string]float64) map[string]float64 {
	d := map[string]float64{}
	for k, a := range after {
		d[k] = a - before[k]
	}
	return d
}

// printCounters prints the medians of each contender's counter deltas.
func printCounters(cs []contender, results map[string][]result) {
	fmt.Printf("\n%-46s", "server counters (median deltas)")
	for _, c := range counters {
		fmt.Printf(" %11s", c.head)
	}
	fmt.Println()
	for _, c := range cs {
		rs := results[c.name]
		fmt.Printf("%-46s", c.name)
		for _, k := range counters {
			v := medianOf(rs, func(r result) float64 { return r.status[k.name] })
			fmt.Printf(" %11.0f", v*k.scale)
		}
		fmt.Println()
	}
}
