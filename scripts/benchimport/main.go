// Command benchimport times whole restores of one dump into identical fresh sandbox servers
// with the anchors — the `mariadb` client (`zcat dump | mariadb`), `myloader -t N` on a
// mydumper dump of the same data — and `dumpscope import` (serial and --parallel N), in
// alternating order (A B B A …), and prints medians and ratios: wall time, and each
// loader's own CPU (user+sys) per GiB of SQL, with dumpscope's set against myloader's at
// the same number of streams. On a loaded machine the CPU seconds are the evidence; the
// report prints the load average so that wall ratios are read with it. It is a script, not
// a test: wall-clock numbers on a shared 2-core machine belong in notes, not assertions.
//
// It runs each input (--input-shape: the generated dump and/or the four sysbench tables)
// on each set of server settings (--server: the defaults and a tuned set), prints per
// pair the loaders' medians and the server's counters over each run (SHOW GLOBAL STATUS
// deltas: what the server did with each loader's stream), and ends with issue 24's proof
// in one table: the wall and CPU ratios against myloader and the LOAD DATA limit.
//
//	go run ./scripts/benchimport            # the whole proof: gen and sysbench, default and tuned
//	go run ./scripts/benchimport --input-shape sysbench --server default --rounds 1
//	go run ./scripts/benchimport --size 200M --rounds 3 --parallel 1,2,4 --input-shape gen
//	go run ./scripts/benchimport --dumpscope /tmp/before,bin/dumpscope --dumpscope-flags ';--load-data'
//	                              # two builds of a change in the same alternating rounds
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/internal/units"
	"github.com/dumpscope/dumpscope/sandbox"
)

type result struct {
	wall   time.Duration
	cpu    time.Duration // user+sys of the loader process (and its children)
	maxRSS int64         // bytes, of the loader process
	// serverCPU is the server's user+sys during the load: what the loader made it do.
	serverCPU time.Duration
	// status holds the deltas of the server's counters over the run (counters.go).
	status map[string]float64
	// stats is the InnoDB statistics state the run left (stats.go).
	stats statsState
}

type contender struct {
	name string
	run  func(srv *sandbox.Server) (result, error)
	// streams is the -t/--parallel of a dumpscope or myloader run ("" for the others):
	// the report sets each dumpscope run against myloader's with as many.
	streams  string
	myloader bool
	// bin and flags: a dumpscope run's build and extra flags (the proof table picks the
	// runs with none and with --load-data alone); limit: the LOAD DATA limit.
	bin   string
	flags string
	limit bool
	// defaults: a dumpscope run as a user runs it (advisor and warning counts on) into a
	// target that holds a database already (setup makes it, before the run's server CPU
	// is read), where the preflight reads the dump ahead of the replay.
	defaults bool
	setup    func(srv *sandbox.Server) error
}

// config is what one bench invocation compares, whatever the input and server settings.
type config struct {
	dir, bins, par, extra, inputKind string
	rounds, insertBytes              int
	skipMyloader, loadLimit          bool
	// skipClient leaves the serial mariadb client out: A/B runs of two dumpscope builds
	// need not spend a quarter of their time on it.
	skipClient bool
	// limitBatch is the SQL bytes per transaction of the limit's loads (dumpscope's
	// --load-data --batch-bytes).
	limitBatch int64
	// perfDir: record the server with perf during each contender's first run, into it.
	perfDir string
	// defaultsRun: the extra flags of the run with dumpscope's defaults ("off": none).
	defaultsRun string
	// statsPoll: look this often during each run for the recalculations of InnoDB's
	// persistent statistics (0: not at all; stats.go).
	statsPoll time.Duration
	// statsSettle: read the statistics state again this long after each run (0: not).
	statsSettle time.Duration
}

// input is one dump every loader reads (as SQL, as mydumper's files, as TSV files).
type input struct {
	label string // for the report: "gen 200M", "sysbench 4×250000"
	dump  string // the .sql.gz
	size  int64  // uncompressed bytes
	key   string // names its prepared mydumper and TSV directories
}

func main() {
	var c config
	size := flag.String("size", "200M", "size of the generated dump (uncompressed), --input-shape gen")
	shapes := flag.String("input-shape", "gen,sysbench", "comma-separated inputs: gen (dumpscope gen's dump of --size: sbtest tables and the shop schema), sysbench (four sbtest tables of --sbtest-rows rows alone, the issue's sysbench shape), file:PATH (a .sql.gz of one's own)")
	sbRows := flag.Int64("sbtest-rows", 250000, "rows per sbtest table, --input-shape sysbench")
	flag.IntVar(&c.rounds, "rounds", 2, "rounds; each round runs every contender twice in A B … B A order")
	flag.StringVar(&c.par, "parallel", "2", "comma-separated --parallel/-t values to compare")
	flag.IntVar(&c.insertBytes, "insert-bytes", 1<<20, "extended-insert size of the generated dumps")
	flag.StringVar(&c.dir, "dir", "/tmp/dumpscope-bench", "work directory")
	servers := flag.String("server", "default;innodb_buffer_pool_size=1G,innodb_log_file_size=512M", "server settings for every sandbox, comma-separated; several sets separated by ';' are each benchmarked (default: the server's own defaults)")
	flag.StringVar(&c.bins, "dumpscope", "bin/dumpscope", "dumpscope binary; several, comma-separated (a build before and after a change), are compared in the same alternating rounds")
	flag.BoolVar(&c.skipMyloader, "no-myloader", false, "skip myloader")
	flag.BoolVar(&c.skipClient, "no-client", false, "skip the serial mariadb client (the × column is then against the first contender)")
	flag.StringVar(&c.extra, "dumpscope-flags", ";--load-data", "extra flags for the dumpscope runs, space-separated (e.g. --defer-indexes); variants separated by ';' are compared as separate contenders")
	flag.StringVar(&c.defaultsRun, "defaults-run", "--load-data", "extra flags of one more dumpscope contender per build and --parallel value, run as a user runs it: advisor and warning counts on (the other runs have --no-advisor --skip-warning-count), into a target that already holds an unrelated database, so that the preflight's read of a non-empty target counts; \"off\" leaves it out")
	flag.BoolVar(&c.loadLimit, "load-data-limit", true, "add the LOAD DATA limit: the same rows as tab-separated files, loaded by the mariadb client on N streams with LOAD DATA LOCAL INFILE as dumpscope --load-data's workers load them (same session, LOAD options, transaction size, one table per stream), without decompression, parsing or conversion")
	flag.StringVar(&c.inputKind, "input", "gz", "what every loader reads: gz (a .sql.gz; mydumper -c) or plain (a .sql; mydumper without -c)")
	flag.StringVar(&c.perfDir, "perf", "", "record the machine with `perf record -g` during each contender's first run into this directory and print the server's CPU seconds by kind of work (parse, row writes, commit, background) and its top symbols")
	limitBatch := flag.String("limit-batch-bytes", "16M", "the LOAD DATA limit's transactions: about this much of the dump's SQL each, as dumpscope --load-data's default --batch-bytes")
	flag.DurationVar(&c.statsPoll, "stats-poll", 0, "look this often during each run (e.g. 500ms) at mysql.innodb_table_stats and count the recalculations of the loaded tables' statistics (the looks cost the server a little CPU; 0: not at all)")
	flag.DurationVar(&c.statsSettle, "stats-settle", 0, "read the loaded tables' InnoDB statistics again this long after each run (e.g. 15s: InnoDB recalculates a table at most every 10 s, so what the run left pending has landed by then; 0: not)")
	perfRead := flag.String("perf-read", "", "run nothing: print the breakdown of a recording --perf wrote (its file name ends in -pidPID.data, the server's pid), with the current categories")
	flag.Parse()
	if *perfRead != "" {
		if err := rereadPerf(*perfRead); err != nil {
			fatal(err)
		}
		return
	}
	if n, err := units.ParseBytes(*limitBatch); err != nil {
		fatal(fmt.Errorf("--limit-batch-bytes: %w", err))
	} else {
		c.limitBatch = n
	}
	if c.inputKind != "gz" && c.inputKind != "plain" {
		fatal(fmt.Errorf("--input %q: want gz or plain", c.inputKind))
	}
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		fatal(err)
	}
	var ins []input
	for _, shape := range strings.Split(*shapes, ",") {
		in, err := makeInput(c, strings.TrimSpace(shape), *size, *sbRows)
		if err != nil {
			fatal(err)
		}
		ins = append(ins, in)
	}
	var proof []proofRow
	for _, in := range ins {
		for _, set := range strings.Split(*servers, ";") {
			proof = append(proof, bench(c, in, serverSettings(set))...)
		}
	}
	printProof(proof)
}

// serverSettings splits one --server set; "default" or "" is the server's defaults.
func serverSettings(set string) []string {
	var out []string
	for _, kv := range strings.Split(set, ",") {
		if kv = strings.TrimSpace(kv); kv != "" && kv != "default" {
			out = append(out, kv)
		}
	}
	return out
}

// makeInput generates the dump of a shape once (kept in the work directory).
func makeInput(c config, shape, size string, sbRows int64) (input, error) {
	o := gen.DefaultOptions()
	o.Compression, o.RowsPerInsertBytes = "gzip", c.insertBytes
	var in input
	switch shape {
	case "gen":
		n, err := units.ParseBytes(size)
		if err != nil {
			return in, err
		}
		o.SizeBytes = n
		in.label, in.key = "gen "+size, "gen-"+size
	case "sysbench":
		o.SbtestRows = sbRows
		in.label, in.key = fmt.Sprintf("sysbench 4×%d", sbRows), fmt.Sprintf("sysbench-4x%d", sbRows)
	default:
		file, ok := strings.CutPrefix(shape, "file:")
		if !ok {
			return in, fmt.Errorf("--input-shape %q: want gen, sysbench or file:PATH", shape)
		}
		// A dump of one's own (a variant of a generated one, say): gzip, and myloader's
		// and the limit's inputs are made from its tables in the gen database only.
		in.label, in.key, in.dump = filepath.Base(file), strings.TrimSuffix(filepath.Base(file), ".sql.gz"), file
	}
	if c.insertBytes != 1<<20 {
		in.key += fmt.Sprintf("-i%d", c.insertBytes)
	}
	if in.dump == "" {
		in.dump = filepath.Join(c.dir, in.key+".sql.gz")
	}
	if _, err := os.Stat(in.dump); err != nil {
		f, err := os.Create(in.dump + ".tmp")
		if err != nil {
			return in, err
		}
		if _, err := gen.Write(f, o); err != nil {
			return in, err
		}
		if err := f.Close(); err != nil {
			return in, err
		}
		if err := os.Rename(in.dump+".tmp", in.dump); err != nil {
			return in, err
		}
	}
	out, err := exec.Command("sh", "-c", "zcat "+in.dump+" | wc -c").Output()
	if err != nil {
		return in, err
	}
	in.size, err = strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
	return in, err
}

// bench runs every contender on in against sandboxes with settings, prints the
// comparison and returns the proof's rows.
func bench(c config, in input, srvSettings []string) []proofRow {
	// Every loader reads the same compression, so nobody's decompression CPU is left out
	// of the comparison on a machine where the server needs both cores.
	file, cat := in.dump, "zcat"
	if c.inputKind == "plain" {
		file, cat = strings.TrimSuffix(in.dump, ".gz"), "cat"
		if _, err := os.Stat(file); err != nil {
			if err := exec.Command("sh", "-c", fmt.Sprintf("zcat %s > %s", in.dump, file)).Run(); err != nil {
				fatal(err)
			}
		}
	}
	var cs []contender
	if !c.skipClient {
		cs = append(cs, contender{name: "mariadb client", run: func(srv *sandbox.Server) (result, error) {
			return timed(exec.Command("sh", "-c", fmt.Sprintf("%s %s | mariadb %s", cat, file, strings.Join(srv.ClientArgs(), " "))))
		}})
	}
	binList := strings.Split(c.bins, ",")
	prog := func(bin string) string {
		if len(binList) > 1 {
			return filepath.Base(bin)
		}
		return "dumpscope"
	}
	for _, bin := range binList {
		for _, n := range strings.Split(c.par, ",") {
			for _, variant := range strings.Split(c.extra, ";") {
				n, flags := strings.TrimSpace(n), strings.Fields(variant)
				name := strings.Join(append([]string{prog(bin), "--parallel", n}, flags...), " ")
				cs = append(cs, contender{name: name, streams: n, bin: bin, flags: strings.Join(flags, " "), run: func(srv *sandbox.Server) (result, error) {
					args := []string{"import", "--no-defaults", "-u", "root", "-S", srv.Socket, "--no-advisor", "--skip-warning-count", "--parallel", n}
					args = append(append(args, flags...), file)
					return timed(exec.Command(bin, args...))
				}})
			}
			if c.defaultsRun != "off" {
				n, flags := strings.TrimSpace(n), strings.Fields(c.defaultsRun)
				name := strings.Join(append([]string{prog(bin), "--parallel", n}, flags...), " ") + ", defaults"
				cs = append(cs, contender{name: name, streams: n, bin: bin, flags: strings.Join(flags, " "), defaults: true, setup: otherDatabase, run: func(srv *sandbox.Server) (result, error) {
					args := []string{"import", "--no-defaults", "-u", "root", "-S", srv.Socket, "--parallel", n}
					args = append(append(args, flags...), file)
					return timed(exec.Command(bin, args...))
				}})
			}
		}
	}
	if !c.skipMyloader {
		mdDir := filepath.Join(c.dir, fmt.Sprintf("mydumper-%s-%s", in.key, c.inputKind))
		if err := prepareMydumper(in.dump, mdDir, c.inputKind == "gz"); err != nil {
			fatal(err)
		}
		for _, n := range strings.Split(c.par, ",") {
			n := strings.TrimSpace(n)
			cs = append(cs, contender{name: "myloader -t " + n, streams: n, myloader: true, run: func(srv *sandbox.Server) (result, error) {
				return timed(exec.Command("myloader", "--socket", srv.Socket, "--user", "root", "-t", n, "-d", mdDir, "--overwrite-tables"))
			}})
		}
	}
	if c.loadLimit {
		tsvDir := filepath.Join(c.dir, "tsv-"+in.key)
		if err := prepareTSV(in.dump, tsvDir); err != nil {
			fatal(err)
		}
		tsvPerSQL := float64(dirBytes(tsvDir, "*.tsv")) / float64(in.size)
		for _, n := range strings.Split(c.par, ",") {
			n := strings.TrimSpace(n)
			cs = append(cs, contender{name: "LOAD DATA LOCAL limit, " + n + " streams", streams: n, limit: true, run: func(srv *sandbox.Server) (result, error) {
				return loadTSV(srv, tsvDir, n, c.limitBatch, tsvPerSQL)
			}})
		}
	}

	loadBefore := loadAverage()
	results := map[string][]result{}
	retried := 0
	order := make([]int, 0, 2*len(cs)*c.rounds)
	for r := 0; r < c.rounds; r++ {
		for i := range cs {
			order = append(order, i)
		}
		for i := len(cs) - 1; i >= 0; i-- {
			order = append(order, i)
		}
	}
	for k := 0; k < len(order); k++ {
		ct := cs[order[k]]
		srv, err := sandbox.Start(context.Background(), sandbox.Options{Dir: c.dir, Settings: srvSettings})
		if err != nil {
			fatal(err)
		}
		if ct.setup != nil {
			if err := ct.setup(srv); err != nil {
				fatal(fmt.Errorf("%s: setup: %w", ct.name, err))
			}
		}
		status, err := globalStatus(srv)
		if err != nil {
			fatal(err)
		}
		var stopPerf func() error
		if c.perfDir != "" && len(results[ct.name]) == 0 {
			stopPerf = startPerf(c.perfDir, in.key+"-"+shortSettings(srvSettings)+"-"+ct.name, srv.PID)
		}
		before, _ := procCPU(srv.PID)
		start := time.Now()
		var stopPoll chan struct{}
		polled := make(chan int, 1)
		if c.statsPoll > 0 {
			stopPoll = make(chan struct{})
			go pollRecalcs(srv, c.statsPoll, stopPoll, polled)
		}
		res, err := ct.run(srv)
		after, _ := procCPU(srv.PID)
		recalcs := -1
		if stopPoll != nil {
			close(stopPoll)
			recalcs = <-polled
		}
		if stopPerf != nil {
			if perr := stopPerf(); perr != nil {
				fmt.Fprintln(os.Stderr, "benchimport: perf:", perr)
			}
		}
		res.serverCPU = after - before
		statusAfter, serr := globalStatus(srv)
		if serr == nil && err == nil {
			res.stats, serr = readStats(srv, start)
		}
		res.stats.recalcs, res.stats.settledStale, res.stats.settledRows = recalcs, -1, -1
		if serr == nil && err == nil && c.statsSettle > 0 {
			time.Sleep(c.statsSettle)
			var later statsState
			if later, serr = readStats(srv, start); serr == nil {
				res.stats.settledStale, res.stats.settledRows = later.stale, later.statsRows
			}
		}
		srv.Stop()
		if err == nil {
			err = serr
		}
		if err != nil && myloaderRetry(ct.myloader, &retried) {
			fmt.Fprintf(os.Stderr, "benchimport: %s failed (%v): its own transient error, run again on a fresh server\n", ct.name, err)
			k--
			continue
		}
		if err != nil {
			fatal(fmt.Errorf("%s: %w", ct.name, err))
		}
		res.status = statusDelta(status, statusAfter)
		results[ct.name] = append(results[ct.name], res)
		fmt.Fprintf(os.Stderr, "[%d/%d] %-46s wall %6.1fs cpu %6.1fs server cpu %6.1fs maxrss %4d MiB\n", k+1, len(order), ct.name, res.wall.Seconds(), res.cpu.Seconds(), res.serverCPU.Seconds(), res.maxRSS>>20)
		fmt.Fprintf(os.Stderr, "      stats: %d tables, n_rows %.0f of %.0f rows, %d stale, %d recalculated during the run (%d recalculations seen); after --stats-settle n_rows %.0f, %d stale\n", res.stats.tables, res.stats.statsRows, res.stats.rows, res.stats.stale, res.stats.recalced, res.stats.recalcs, res.stats.settledRows, res.stats.settledStale)
	}
	settings := strings.Join(srvSettings, ",")
	if settings == "" {
		settings = "the server's defaults"
	}
	base := median(results[cs[0].name])
	fmt.Printf("\n== %s: %s (%d MiB uncompressed, %d B extended inserts, every loader reads %s), %d runs each, server: %s\n", in.label, filepath.Base(in.dump), in.size>>20, c.insertBytes, c.inputKind, 2*c.rounds, settings)
	against := "× client"
	if c.skipClient {
		against = "× first"
	}
	fmt.Printf("%-46s %9s %9s %9s %11s %12s %9s\n", "loader", "wall s", against, "cpu s", "cpu s/GiB", "server cpu s", "maxRSS MiB")
	for _, ct := range cs {
		m := median(results[ct.name])
		fmt.Printf("%-46s %9.1f %9.2f %9.1f %11.1f %12.1f %9d\n", ct.name, m.wall.Seconds(), m.wall.Seconds()/base.wall.Seconds(), m.cpu.Seconds(), m.cpu.Seconds()/(float64(in.size)/units.GiB), m.serverCPU.Seconds(), m.maxRSS>>20)
	}
	againstMyloader(cs, results, in.size)
	printCounters(cs, results)
	printStats(cs, results)
	load := fmt.Sprintf("%s→%s", loadBefore, loadAverage())
	// Wall time depends on what else the machine runs; CPU seconds much less so.
	fmt.Printf("load average (1 min) before the runs %s, after %s: wall ratios taken under that load; the CPU columns are the steadier evidence\n", loadBefore, loadAverage())
	return proofRows(in.label+", "+shortSettings(srvSettings), load, cs, results)
}

// dirBytes is the total size of the files in dir matching pattern.
func dirBytes(dir, pattern string) int64 {
	files, _ := filepath.Glob(filepath.Join(dir, pattern))
	var n int64
	for _, f := range files {
		if st, err := os.Stat(f); err == nil {
			n += st.Size()
		}
	}
	return n
}

// loadAverage is the 1-minute load average, from /proc/loadavg ("?" where there is none).
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "?"
}

// otherDatabase gives the target a database the dump does not name, as a user's server
// has: the preflight then reads the dump for what it would overwrite.
func otherDatabase(srv *sandbox.Server) error {
	q := "CREATE DATABASE bench_unrelated; CREATE TABLE bench_unrelated.t (id INT PRIMARY KEY, v VARCHAR(20)); INSERT INTO bench_unrelated.t VALUES (1, 'kept')"
	out, err := exec.Command("mariadb", append(srv.ClientArgs(), "-e", q)...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%v: %s", err, out)
	}
	return nil
}

// resetPeakRSS makes the next child's maxrss its own. Linux's ru_maxrss of a child counts
// the high-water RSS of the memory it ran in before its exec, and Go starts a child in
// its parent's memory (clone with CLONE_VM|CLONE_VFORK): once benchimport had held the
// LOAD DATA limit's chunks (≈105 MiB), every later child, myloader's 9 MiB too, showed
// 105 MiB (bench-main.log of session 48). Returning the freed heap and resetting the
// high-water mark (clear_refs 5, Linux ≥ 4.0) leaves benchimport's own current RSS as the
// floor, a few MiB.
func resetPeakRSS() {
	debug.FreeOSMemory()
	os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) // best effort: no such file elsewhere
}

func timed(cmd *exec.Cmd) (result, error) {
	cmd.Stderr = os.Stderr
	resetPeakRSS()
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return result{}, err
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return result{wall: wall, cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), maxRSS: ru.Maxrss << 10}, nil
}

func median(rs []result) result {
	return result{
		wall:      time.Duration(medianOf(rs, func(r result) float64 { return float64(r.wall) })),
		cpu:       time.Duration(medianOf(rs, func(r result) float64 { return float64(r.cpu) })),
		maxRSS:    int64(medianOf(rs, func(r result) float64 { return float64(r.maxRSS) })),
		serverCPU: time.Duration(medianOf(rs, func(r result) float64 { return float64(r.serverCPU) })),
	}
}

// procCPU is a process's user+sys time so far, from /proc/PID/stat (fields 14 and 15, in
// clock ticks of 1/100 s on Linux).
func procCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command name (field 2) may hold spaces; the fields after it follow its ")".
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: %d fields", pid, len(f))
	}
	var utime, stime int64
	fmt.Sscan(f[11], &utime)
	fmt.Sscan(f[12], &stime)
	return time.Duration(utime+stime) * 10 * time.Millisecond, nil
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "benchimport:", err)
	os.Exit(1)
}

// myloaderRetry reports whether a failed run of a contender is run again: myloader's
// (isMyloader), whose own deadlocks it does not retry (seen once: "Deadlock found when
// trying to get lock" restoring sbtest3, and its exit status 1 ended a 20-minute benchmark
// at its 103rd run). dumpscope's failures, the client's and the limit's end the benchmark.
// At most three retries a set, counted in retried.
func myloaderRetry(isMyloader bool, retried *int) bool {
	if !isMyloader || *retried >= 3 {
		return false
	}
	*retried++
	return true
}
