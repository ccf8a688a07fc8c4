package main

import (
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/dumpscope/dumpscope/sandbox"
)

// statsState is what InnoDB's persistent statistics (mysql.innodb_table_stats) say of the
// loaded tables when the loader exits: what the optimizer of a restarted server plans
// with until the next ANALYZE TABLE or automatic recalculation. InnoDB recalculates a
// table in the background once a tenth of its rows changed since the last time
// (innodb_stats_auto_recalc), so the state depends on the stream's shape: a loader whose
// rows never set the recalculation off leaves the n_rows of the table's creation (0).
type statsState struct {
	tables int // InnoDB tables of the dump's databases
	// statsRows is the sum of their n_rows; rows the sum of their COUNT(*).
	statsRows, rows float64
	// stale counts the tables whose n_rows is off their COUNT(*) by more than a tenth
	// (what the automatic recalculation tolerates); recalced those whose statistics were
	// written during the run with rows in them (CREATE TABLE writes n_rows 0).
	stale, recalced int
	// recalcs counts the recalculations seen during the run (--stats-poll; -1: not polled).
	recalcs int
	// settledStale and settledRows: stale and statsRows read again --stats-settle after
	// the run, once the recalculations the run left pending had their 10 s (-1: not read).
	settledStale int
	settledRows  float64
}

// readStats reads the statistics state of the tables outside the server's own databases,
// dumpscope's progress database and the bench's unrelated one; start is when the run
// began. It counts every table's rows (COUNT(*)), so it runs after the run's server CPU
// was read.
func readStats(srv *sandbox.Server, start time.Time) (statsState, error) {
	var st statsState
	q := fmt.Sprintf("SELECT database_name, table_name, n_rows, last_update >= FROM_UNIXTIME(%d) FROM mysql.innodb_table_stats"+
		" WHERE database_name NOT IN ('mysql', 'sys', 'dumpscope_progress', 'bench_unrelated')", start.Unix())
	out, err := exec.Command("mariadb", append(srv.ClientArgs(), "-N", "-B", "-e", q)...).Output()
	if err != nil {
		return st, fmt.Errorf("mysql.innodb_table_stats: %w", err)
	}
	var counts []string
	var nRows []float64
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			continue
		}
		n, _ := strconv.ParseFloat(f[2], 64)
		nRows = append(nRows, n)
		if f[3] == "1" && n > 0 {
			st.recalced++ // CREATE TABLE writes the row too, with n_rows 0
		}
		counts = append(counts, fmt.Sprintf("SELECT COUNT(*) FROM `%s`.`%s`", f[0], f[1]))
	}
	if len(counts) == 0 {
		return st, nil
	}
	out, err = exec.Command("mariadb", append(srv.ClientArgs(), "-N", "-B", "-e", strings.Join(counts, ";"))...).Output()
	if err != nil {
		return st, fmt.Errorf("counting the loaded tables: %w", err)
	}
	lines := strings.Fields(string(out))
	for i, n := range nRows {
		if i >= len(lines) {
			break
		}
		c, _ := strconv.ParseFloat(lines[i], 64)
		st.tables++
		st.statsRows += n
		st.rows += c
		if d := n - c; d > c/10 || -d > c/10 {
			st.stale++
		}
	}
	return st, nil
}

// printStats prints per contender the statistics state its runs left (medians).
func printStats(cs []contender, results map[string][]result) {
	fmt.Printf("\n%-46s %7s %12s %12s %11s %11s %9s %14s %12s\n", "statistics left (median)", "tables", "stats rows k", "rows k", "stale >10%", "recalc'd", "recalcs", "settled rows k", "settled stale")
	for _, c := range cs {
		rs := results[c.name]
		med := func(f func(statsState) float64) float64 {
			return medianOf(rs, func(r result) float64 { return f(r.stats) })
		}
		fmt.Printf("%-46s %7.0f %12.0f %12.0f %11.0f %11.0f %9.0f %14.0f %12.0f\n", c.name,
			med(func(s statsState) float64 { return float64(s.tables) }),
			med(func(s statsState) float64 { return s.statsRows / 1e3 }),
			med(func(s statsState) float64 { return s.rows / 1e3 }),
			med(func(s statsState) float64 { return float64(s.stale) }),
			med(func(s statsState) float64 { return float64(s.recalced) }),
			med(func(s statsState) float64 { return float64(s.recalcs) }),
			med(func(s statsState) float64 { return s.settledRows / 1e3 }),
			med(func(s statsState) float64 { return float64(s.settledStale) }))
	}
}

// pollRecalcs counts, until stop is closed, the recalculations of the persistent
// statistics of the loaded tables: every change of a table's last_update in
// mysql.innodb_table_stats seen at one look every interval (a second apart at most, as
// the column keeps seconds; two recalculations of one table within one interval count
// once). InnoDB recalculates a table at most every 10 s (MIN_RECALC_INTERVAL), so a
// half-second look misses none. done receives the count.
func pollRecalcs(srv *sandbox.Server, interval time.Duration, stop <-chan struct{}, done chan<- int) {
	q := "SELECT CONCAT(database_name, '.', table_name), last_update FROM mysql.innodb_table_stats" +
		" WHERE database_name NOT IN ('mysql', 'sys', 'dumpscope_progress', 'bench_unrelated')"
	last := map[string]string{}
	n := 0
	look := func() {
		out, err := exec.Command("mariadb", append(srv.ClientArgs(), "-N", "-B", "-e", q)...).Output()
		if err != nil {
			return
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if f := strings.SplitN(line, "\t", 2); len(f) == 2 {
				if prev, ok := last[f[0]]; ok && prev != f[1] {
					n++
				}
				last[f[0]] = f[1]
			}
		}
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-stop:
			look()
			done <- n
			return
		case <-t.C:
			look()
		}
	}
}
