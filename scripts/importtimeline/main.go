// Command importtimeline runs one import into a fresh sandbox server and prints where its
// wall time went: every 100 ms it reads the server's processlist (what each of the
// loader's connections is doing: an INSERT, a LOAD, a COMMIT, an ALTER … ADD KEY, a
// lock or metadata-lock wait, idle), the server's and the loader's CPU (/proc/PID/stat)
// and the machine's iowait (/proc/stat). It prints one line per interval (--step) with
// the CPU shares and a letter per connection, then every ALTER with its start, end and
// connection: the timeline issue 24 asks for to see whether the key builds of
// --defer-indexes overlap the rows or run as a single-threaded tail.
//
//	go run ./scripts/importtimeline -- bin/dumpscope import --parallel 2 --defer-indexes DUMP
//	go run ./scripts/importtimeline -server innodb_buffer_pool_size=1G -- myloader -t 2 -d DIR
//
// The loader's command gets the sandbox's socket and user appended (dumpscope, myloader)
// or given as the mariadb client's arguments. It is a script: its numbers go in notes.
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/sandbox"
)

// sample is one look at the server: what each connection ran, and the CPU counters.
type sample struct {
	at         time.Duration
	conns      map[int64]string // connection id → activity letter
	tables     map[int64]string // connection id → the table its INSERT or LOAD writes
	infos      map[int64]string // connection id → statement head, for ALTERs
	serverTick int64            // server user+sys, clock ticks
	clientTick int64            // loader user+sys (with its children), clock ticks
	cpu        cpuStat          // machine-wide /proc/stat
	tids       map[int64]int64  // connection id → its server thread (PROCESSLIST.TID)
	// sched is each server thread's /proc/PID/task/TID/schedstat: time on a CPU and time
	// runnable but waiting for one (the machine's other load), in ns.
	sched map[int64][2]int64
}

func main() {
	settings := flag.String("server", "", "server settings, comma-separated (default: the server's defaults)")
	dir := flag.String("dir", "/tmp/dumpscope-bench", "sandbox parent directory")
	step := flag.Duration("step", 500*time.Millisecond, "one printed line per this much time")
	byTable := flag.Bool("tables", false, "print the table a connection inserts into or loads (a letter per table, listed after the timeline) in place of I and L, and count the samples in which two connections wrote one table")
	withStatements := flag.Bool("statements", false, "also run the server with performance_schema's statement history and print, from the server's own timestamps, each connection's statements by kind, the phases (first and last row statement, the row counts) and how long 0, 1 or 2+ connections were inside a statement")
	history := flag.String("history", "", "with -statements: also write the statement history to this file (thread, start and end in µs, text; tab-separated) for -from-history")
	fromHistory := flag.String("from-history", "", "run nothing: print the -statements report of a history written by -history")
	flag.Parse()
	if *fromHistory != "" {
		ss, err := loadHistory(*fromHistory)
		if err != nil {
			fatal(err)
		}
		reportStatements(os.Stdout, ss)
		reportIdle(os.Stdout, ss)
		return
	}
	args := flag.Args()
	if len(args) == 0 {
		fatal(fmt.Errorf("want the loader's command after --"))
	}
	var set []string
	for _, kv := range strings.Split(*settings, ",") {
		if kv = strings.TrimSpace(kv); kv != "" && kv != "default" {
			set = append(set, kv)
		}
	}
	if *withStatements {
		set = append(set, statementSettings...)
	}
	ctx := context.Background()
	srv, err := sandbox.Start(ctx, sandbox.Options{Dir: *dir, Settings: set})
	if err != nil {
		fatal(err)
	}
	defer srv.Stop()
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	var self int64
	if err := db.QueryRow("SELECT CONNECTION_ID()").Scan(&self); err != nil {
		fatal(err)
	}
	var selfThread int64
	if *withStatements {
		if err := db.QueryRow("SELECT THREAD_ID FROM performance_schema.threads WHERE PROCESSLIST_ID = CONNECTION_ID()").Scan(&selfThread); err != nil {
			fatal(err)
		}
		if _, err := db.Exec("TRUNCATE performance_schema.events_statements_history_long"); err != nil {
			fatal(err)
		}
	}
	cmd := loaderCommand(args, srv)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var samples []sample
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	var runErr error
loop:
	for {
		select {
		case runErr = <-done:
			break loop
		case <-tick.C:
			s := sample{at: time.Since(start), conns: map[int64]string{}, tables: map[int64]string{}, infos: map[int64]string{}, tids: map[int64]int64{}}
			s.sched = schedStats(srv.PID)
			s.serverTick = procTicks(srv.PID)
			s.clientTick = procTicks(cmd.Process.Pid)
			s.cpu = readCPU()
			rows, err := db.Query("SELECT ID, TID, COMMAND, COALESCE(STATE,''), LEFT(COALESCE(INFO,''), 120) FROM information_schema.PROCESSLIST WHERE ID <> ? AND USER <> 'system user' AND COMMAND NOT IN ('Daemon')", self)
			if err != nil {
				continue
			}
			for rows.Next() {
				var id, tid int64
				var command, state, info string
				if rows.Scan(&id, &tid, &command, &state, &info) == nil {
					s.conns[id] = letter(command, state, info)
					if l := s.conns[id]; l == "I" || l == "L" {
						if t := writeTarget(info); t != "" {
							s.tables[id] = t
						}
					}
					s.tids[id] = tid
					if strings.HasPrefix(strings.ToUpper(strings.TrimLeft(info, "/*!0123456789 ")), "ALTER") {
						s.infos[id] = info
					}
				}
			}
			rows.Close()
			samples = append(samples, s)
		}
	}
	wall := time.Since(start)
	clientCPU := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if runErr != nil {
		fmt.Fprintln(os.Stderr, "importtimeline: the loader:", runErr)
	}
	var letters map[string]string
	if *byTable {
		letters = tableLetters(samples)
	}
	report(samples, *step, wall, clientCPU, letters)
	if *byTable {
		printSharing(samples, letters)
	}
	if *withStatements {
		ss, err := readStatements(db, selfThread)
		if err != nil {
			fatal(err)
		}
		reportStatements(os.Stdout, ss)
		reportIdle(os.Stdout, ss)
		if *history != "" {
			if err := saveHistory(*history, ss); err != nil {
				fatal(err)
			}
		}
	}
}

// loaderCommand appends the sandbox's connection to the loader's arguments.
func loaderCommand(args []string, srv *sandbox.Server) *exec.Cmd {
	switch filepath.Base(args[0]) {
	case "myloader":
		return exec.Command(args[0], append(args[1:], "--socket", srv.Socket, "--user", "root")...)
	case "mariadb", "mysql":
		return exec.Command(args[0], append(srv.ClientArgs(), args[1:]...)...)
	case "sh":
		// sh -c 'zcat dump | mariadb $CLIENT'
		c := exec.Command(args[0], args[1:]...)
		c.Env = append(os.Environ(), "CLIENT="+strings.Join(srv.ClientArgs(), " "))
		return c
	}
	// dumpscope import …: the connection goes before the dump (the last argument).
	n := len(args)
	a := append([]string{}, args[1:n-1]...)
	a = append(a, "--no-defaults", "-u", "root", "-S", srv.Socket, args[n-1])
	return exec.Command(args[0], a...)
}

// letter says in one character what a processlist row is doing.
func letter(command, state, info string) string {
	s, i := strings.ToLower(state), strings.ToUpper(strings.TrimLeft(info, "/*!0123456789 "))
	switch {
	case command == "Sleep":
		return "."
	case strings.Contains(s, "metadata lock"):
		return "M"
	case strings.Contains(s, "lock"):
		return "w"
	case strings.HasPrefix(i, "ALTER"):
		return "A"
	case strings.HasPrefix(i, "INSERT"):
		return "I"
	case strings.HasPrefix(i, "LOAD"):
		return "L"
	case strings.HasPrefix(i, "COMMIT") || strings.Contains(s, "commit"):
		return "C"
	case i == "":
		return "_"
	}
	return "o"
}

// report prints the timeline, the ALTERs, and each connection's share of busy samples.
// letters, when not nil, names the table of an INSERT or LOAD in its place (-tables).
func report(samples []sample, step, wall, clientCPU time.Duration, letters map[string]string) {
	var ids []int64
	seen := map[int64]bool{}
	for _, s := range samples {
		for id := range s.conns {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	sort.Slice(ids, func(a, b int) bool { return ids[a] < ids[b] })
	fmt.Printf("wall %.1f s, loader cpu %.1f s; one line per %v: server %%cpu (of one core), loader %%cpu, machine idle and iowait %% (of all cores), then per connection (id order %v) the letters of its samples\n", wall.Seconds(), clientCPU.Seconds(), step, ids)
	fmt.Println("  I insert, L load, C commit, A alter, M metadata-lock wait, w lock wait, _ between statements (client side), . sleep (idle), o other, space: not connected")
	perLine := int(step / (100 * time.Millisecond))
	if perLine < 1 {
		perLine = 1
	}
	for i := 0; i+1 < len(samples); i += perLine {
		j := min(i+perLine, len(samples)-1)
		a, b := samples[i], samples[j]
		secs := (b.at - a.at).Seconds()
		srvPct := float64(b.serverTick-a.serverTick) / secs
		cliPct := float64(b.clientTick-a.clientTick) / secs
		fmt.Printf("%6.1f srv %4.0f cli %4.0f idle %3.0f iow %3.0f ", a.at.Seconds(), srvPct, cliPct, b.cpu.idlePct(a.cpu), b.cpu.iowaitPct(a.cpu))
		for _, id := range ids {
			var sb strings.Builder
			for k := i; k < j; k++ {
				if l, ok := samples[k].conns[id]; ok {
					if t, ok := samples[k].tables[id]; ok && letters != nil {
						l = letters[t]
					}
					sb.WriteString(l)
				} else {
					sb.WriteString(" ")
				}
			}
			fmt.Printf(" %-*s", perLine, sb.String())
		}
		fmt.Println()
	}
	// Each ALTER: from its first to its last sample, with its connection.
	type span struct {
		id         int64
		info       string
		begin, end time.Duration
	}
	var spans []*span
	open := map[int64]*span{}
	for _, s := range samples {
		for id, info := range s.infos {
			if sp, ok := open[id]; ok && sp.info == info {
				sp.end = s.at
				continue
			}
			sp := &span{id: id, info: info, begin: s.at, end: s.at}
			open[id] = sp
			spans = append(spans, sp)
		}
		for id := range open {
			if _, ok := s.infos[id]; !ok {
				delete(open, id)
			}
		}
	}
	fmt.Println("\nALTERs seen (first and last sample, 100 ms apart; connection):")
	for _, sp := range spans {
		fmt.Printf("  %6.1f – %6.1f s (%4.1f s) conn %d: %s\n", sp.begin.Seconds(), sp.end.Seconds(), (sp.end - sp.begin).Seconds(), sp.id, sp.info)
	}
	fmt.Println("\nper connection: samples busy (not sleeping, not waiting) / connected:")
	for _, id := range ids {
		var busy, conn, waits int
		for _, s := range samples {
			l, ok := s.conns[id]
			if !ok {
				continue
			}
			conn++
			switch l {
			case ".", "_":
			case "M", "w":
				waits++
			default:
				busy++
			}
		}
		fmt.Printf("  conn %d: busy %.1f s, lock waits %.1f s, connected %.1f s", id, float64(busy)/10, float64(waits)/10, float64(conn)/10)
		// Its thread's time on a CPU and waiting for one, from its first to its last sample:
		// the rest of the span it was blocked (idle, IO, a latch, the log flush).
		var first, last *sample
		var tid int64
		for k := range samples {
			if t, ok := samples[k].tids[id]; ok {
				if first == nil {
					first, tid = &samples[k], t
				}
				last = &samples[k]
			}
		}
		if first != nil && last != first {
			a, b := first.sched[tid], last.sched[tid]
			span := (last.at - first.at).Seconds()
			run, wait := float64(b[0]-a[0])/1e9, float64(b[1]-a[1])/1e9
			fmt.Printf("; thread %d: on cpu %.1f s, runnable waiting for a cpu %.1f s, blocked or idle %.1f s", tid, run, wait, span-run-wait)
		}
		fmt.Println()
	}
	// The server's other threads (InnoDB's background work, the thread of our own polls).
	a, b := samples[0].sched, samples[len(samples)-1].sched
	conn := map[int64]bool{}
	for _, s := range samples {
		for _, t := range s.tids {
			conn[t] = true
		}
	}
	var run, wait float64
	for tid, v := range b {
		if !conn[tid] {
			run += float64(v[0]-a[tid][0]) / 1e9
			wait += float64(v[1]-a[tid][1]) / 1e9
		}
	}
	var srvRun float64
	for tid, v := range b {
		srvRun += float64(v[0]-a[tid][0]) / 1e9
	}
	fmt.Printf("  server, all threads: on cpu %.1f s; threads other than the loader's connections: on cpu %.1f s, waiting for a cpu %.1f s\n", srvRun, run, wait)
}

// schedStats reads every thread's schedstat of process pid.
func schedStats(pid int) map[int64][2]int64 {
	m := map[int64][2]int64{}
	dirs, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	for _, d := range dirs {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/schedstat", pid, d.Name()))
		if err != nil {
			continue
		}
		var tid, run, wait int64
		fmt.Sscan(d.Name(), &tid)
		fmt.Sscan(string(b), &run, &wait)
		m[tid] = [2]int64{run, wait}
	}
	return m
}

// procTicks is a process's user+sys (with its waited-for children) in clock ticks.
func procTicks(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	i := strings.LastIndexByte(string(b), ')')
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 15 {
		return 0
	}
	var t int64
	for _, k := range []int{11, 12, 13, 14} {
		var v int64
		fmt.Sscan(f[k], &v)
		t += v
	}
	return t
}

// cpuStat is the machine's first /proc/stat line.
type cpuStat struct{ total, idle, iowait int64 }

func readCPU() cpuStat {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return cpuStat{}
	}
	line := strings.SplitN(string(b), "\n", 2)[0]
	f := strings.Fields(line)
	var c cpuStat
	for i, v := range f[1:] {
		var n int64
		fmt.Sscan(v, &n)
		c.total += n
		switch i {
		case 3:
			c.idle = n
		case 4:
			c.iowait = n
		}
	}
	return c
}

// iowaitPct and idlePct are the machine's shares of all cores since before.
func (c cpuStat) iowaitPct(before cpuStat) float64 {
	if c.total == before.total {
		return 0
	}
	return 100 * float64(c.iowait-before.iowait) / float64(c.total-before.total)
}

func (c cpuStat) idlePct(before cpuStat) float64 {
	if c.total == before.total {
		return 0
	}
	return 100 * float64(c.idle-before.idle) / float64(c.total-before.total)
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "importtimeline:", err)
	os.Exit(1)
}
