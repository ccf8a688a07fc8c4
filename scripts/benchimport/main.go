// Command benchimport times whole restores of one dump into identical fresh sandbox servers
// with the anchors — the `mariadb` client (`zcat dump | mariadb`), `myloader -t N` on a
// mydumper dump of the same data — and `dumpscope import` (serial and --parallel N), in
// alternating order (A B B A …), and prints medians and ratios: wall time, and each
// loader's own CPU (user+sys) per GiB of SQL, with dumpscope's set against myloader's at
// the same number of streams. On a loaded machine the CPU seconds are the evidence; the
// report prints the load average so that wall ratios are read with it. It is a script, not
// a test: wall-clock numbers on a shared 2-core machine belong in notes, not assertions.
//
//	go run ./scripts/benchimport --size 200M --rounds 3 --parallel 1,2,4
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
	"sort"
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
}

type contender struct {
	name string
	run  func(srv *sandbox.Server) (result, error)
	// streams is the -t/--parallel of a dumpscope or myloader run ("" for the others):
	// the report sets each dumpscope run against myloader's with as many.
	streams  string
	myloader bool
}

func main() {
	size := flag.String("size", "200M", "dump size (uncompressed)")
	rounds := flag.Int("rounds", 2, "rounds; each round runs every contender twice in A B … B A order")
	par := flag.String("parallel", "2", "comma-separated --parallel/-t values to compare")
	insertBytes := flag.Int("insert-bytes", 1<<20, "extended-insert size of the generated dump")
	dir := flag.String("dir", "/tmp/dumpscope-bench", "work directory")
	settings := flag.String("server", "innodb_buffer_pool_size=1G,innodb_log_file_size=512M", "comma-separated server settings for every sandbox")
	bins := flag.String("dumpscope", "bin/dumpscope", "dumpscope binary; several, comma-separated (a build before and after a change), are compared in the same alternating rounds")
	skipMyloader := flag.Bool("no-myloader", false, "skip myloader")
	extra := flag.String("dumpscope-flags", "", "extra flags for the dumpscope runs, space-separated (e.g. --defer-indexes); variants separated by ';' are compared as separate contenders")
	loadLimit := flag.Bool("load-data-limit", false, "add the server's bulk-path limit: the same rows as tab-separated files, loaded with LOAD DATA LOCAL INFILE by the client on N streams (no SQL parsing, no decompression)")
	inputKind := flag.String("input", "gz", "what every loader reads: gz (a .sql.gz; mydumper -c) or plain (a .sql; mydumper without -c)")
	flag.Parse()

	if err := os.MkdirAll(*dir, 0o755); err != nil {
		fatal(err)
	}
	sizeBytes, err := units.ParseBytes(*size)
	if err != nil {
		fatal(err)
	}
	dump := filepath.Join(*dir, fmt.Sprintf("gen-%s.sql.gz", *size))
	if _, err := os.Stat(dump); err != nil {
		o := gen.DefaultOptions()
		o.SizeBytes, o.Compression, o.RowsPerInsertBytes = sizeBytes, "gzip", *insertBytes
		f, err := os.Create(dump)
		if err != nil {
			fatal(err)
		}
		if _, err := gen.Write(f, o); err != nil {
			fatal(err)
		}
		f.Close()
	}
	if *inputKind != "gz" && *inputKind != "plain" {
		fatal(fmt.Errorf("--input %q: want gz or plain", *inputKind))
	}
	// Every loader reads the same compression, so nobody's decompression CPU is left out
	// of the comparison on a machine where the server needs both cores.
	input := dump
	cat := "zcat"
	if *inputKind == "plain" {
		input, cat = strings.TrimSuffix(dump, ".gz"), "cat"
		if _, err := os.Stat(input); err != nil {
			if err := exec.Command("sh", "-c", fmt.Sprintf("zcat %s > %s", dump, input)).Run(); err != nil {
				fatal(err)
			}
		}
	}
	srvSettings := strings.Split(*settings, ",")
	var cs []contender
	cs = append(cs, contender{name: "mariadb client", run: func(srv *sandbox.Server) (result, error) {
		return timed(exec.Command("sh", "-c", fmt.Sprintf("%s %s | mariadb %s", cat, input, strings.Join(srv.ClientArgs(), " "))))
	}})
	binList := strings.Split(*bins, ",")
	for _, bin := range binList {
		for _, n := range strings.Split(*par, ",") {
			for _, variant := range strings.Split(*extra, ";") {
				n, flags := strings.TrimSpace(n), strings.Fields(variant)
				prog := "dumpscope"
				if len(binList) > 1 {
					prog = filepath.Base(bin)
				}
				name := strings.Join(append([]string{prog, "--parallel", n}, flags...), " ")
				cs = append(cs, contender{name: name, streams: n, run: func(srv *sandbox.Server) (result, error) {
					args := []string{"import", "--no-defaults", "-u", "root", "-S", srv.Socket, "--no-advisor", "--skip-warning-count", "--parallel", n}
					args = append(append(args, flags...), input)
					return timed(exec.Command(bin, args...))
				}})
			}
		}
	}
	if !*skipMyloader {
		mdDir := filepath.Join(*dir, fmt.Sprintf("mydumper-%s-%s", *size, *inputKind))
		if err := prepareMydumper(dump, mdDir, srvSettings, *inputKind == "gz"); err != nil {
			fatal(err)
		}
		for _, n := range strings.Split(*par, ",") {
			n := strings.TrimSpace(n)
			cs = append(cs, contender{name: "myloader -t " + n, streams: n, myloader: true, run: func(srv *sandbox.Server) (result, error) {
				return timed(exec.Command("myloader", "--socket", srv.Socket, "--user", "root", "-t", n, "-d", mdDir, "--overwrite-tables"))
			}})
		}
	}

	if *loadLimit {
		tsvDir := filepath.Join(*dir, fmt.Sprintf("tsv-%s", *size))
		if err := prepareTSV(dump, tsvDir, srvSettings); err != nil {
			fatal(err)
		}
		for _, n := range strings.Split(*par, ",") {
			n := strings.TrimSpace(n)
			cs = append(cs, contender{name: "LOAD DATA LOCAL limit, " + n + " streams", run: func(srv *sandbox.Server) (result, error) {
				return loadTSV(srv, tsvDir, n)
			}})
		}
	}

	loadBefore := loadAverage()
	results := map[string][]result{}
	order := make([]int, 0, 2*len(cs)*(*rounds))
	for r := 0; r < *rounds; r++ {
		for i := range cs {
			order = append(order, i)
		}
		for i := len(cs) - 1; i >= 0; i-- {
			order = append(order, i)
		}
	}
	for k, i := range order {
		c := cs[i]
		srv, err := sandbox.Start(context.Background(), sandbox.Options{Dir: *dir, Settings: srvSettings})
		if err != nil {
			fatal(err)
		}
		before, _ := procCPU(srv.PID)
		res, err := c.run(srv)
		after, _ := procCPU(srv.PID)
		res.serverCPU = after - before
		srv.Stop()
		if err != nil {
			fatal(fmt.Errorf("%s: %w", c.name, err))
		}
		results[c.name] = append(results[c.name], res)
		fmt.Fprintf(os.Stderr, "[%d/%d] %-40s wall %6.1fs cpu %6.1fs server cpu %6.1fs maxrss %4d MiB\n", k+1, len(order), c.name, res.wall.Seconds(), res.cpu.Seconds(), res.serverCPU.Seconds(), res.maxRSS>>20)
	}
	base := median(results[cs[0].name])
	fmt.Printf("dump %s (%d MiB uncompressed, %d B extended inserts, every loader reads %s), %d runs each, server: %s\n", filepath.Base(dump), sizeBytes>>20, *insertBytes, *inputKind, 2**rounds, *settings)
	fmt.Printf("%-40s %9s %9s %9s %11s %12s %9s\n", "loader", "wall s", "× client", "cpu s", "cpu s/GiB", "server cpu s", "maxRSS MiB")
	for _, c := range cs {
		m := median(results[c.name])
		fmt.Printf("%-40s %9.1f %9.2f %9.1f %11.1f %12.1f %9d\n", c.name, m.wall.Seconds(), m.wall.Seconds()/base.wall.Seconds(), m.cpu.Seconds(), m.cpu.Seconds()/(float64(sizeBytes)/units.GiB), m.serverCPU.Seconds(), m.maxRSS>>20)
	}
	againstMyloader(cs, results, sizeBytes)
	// Wall time depends on what else the machine runs; CPU seconds much less so.
	fmt.Printf("load average (1 min) before the runs %s, after %s: wall ratios taken under that load; the CPU columns are the steadier evidence\n", loadBefore, loadAverage())
}

// againstMyloader sets each dumpscope run against myloader's with as many streams: client
// CPU (user+sys, with its children) per GiB of SQL, and the ratios of CPU and wall time
// (medians of the alternating runs).
func againstMyloader(cs []contender, results map[string][]result, sizeBytes int64) {
	ml := map[string]result{}
	for _, c := range cs {
		if c.myloader {
			ml[c.streams] = median(results[c.name])
		}
	}
	if len(ml) == 0 {
		return
	}
	gib := float64(sizeBytes) / units.GiB
	fmt.Printf("\n%-40s %14s %16s %10s %10s\n", "against myloader -t N", "cpu s/GiB", "myloader s/GiB", "cpu ×", "wall ×")
	for _, c := range cs {
		m, ok := ml[c.streams]
		if c.myloader || c.streams == "" || !ok {
			continue
		}
		d := median(results[c.name])
		fmt.Printf("%-40s %14.2f %16.2f %10.2f %10.2f\n", c.name, d.cpu.Seconds()/gib, m.cpu.Seconds()/gib, d.cpu.Seconds()/m.cpu.Seconds(), d.wall.Seconds()/m.wall.Seconds())
	}
}

// loadAverage is the 1-minute load average, from /proc/loadavg ("?" where there is none).
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "?"
}

// prepareMydumper imports the dump once with the client and dumps it with mydumper, so
// myloader gets the same data in its own format.
func prepareMydumper(dump, out string, settings []string, compress bool) error {
	if _, err := os.Stat(filepath.Join(out, "metadata")); err == nil {
		return nil
	}
	srv, err := sandbox.Start(context.Background(), sandbox.Options{Settings: settings})
	if err != nil {
		return err
	}
	defer srv.Stop()
	if _, err := timed(exec.Command("sh", "-c", fmt.Sprintf("zcat %s | mariadb %s", dump, strings.Join(srv.ClientArgs(), " ")))); err != nil {
		return err
	}
	os.RemoveAll(out)
	args := []string{"--socket", srv.Socket, "--user", "root", "-B", gen.DefaultDatabase, "-o", out, "-t", "2", "--rows", "100000"}
	if compress {
		args = append(args, "-c")
	}
	cmd := exec.Command("mydumper", args...)
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("mydumper: %v: %s", err, b)
	}
	return nil
}

// prepareTSV imports the dump once with the client and writes each table's rows as a
// tab-separated file (SELECT … INTO OUTFILE, LOAD DATA's default format) and the schema
// as schema.sql, so the limit row loads exactly the rows the others do.
func prepareTSV(dump, out string, settings []string) error {
	if _, err := os.Stat(filepath.Join(out, "schema.sql")); err == nil {
		return nil
	}
	srv, err := sandbox.Start(context.Background(), sandbox.Options{Settings: settings})
	if err != nil {
		return err
	}
	defer srv.Stop()
	client := "mariadb " + strings.Join(srv.ClientArgs(), " ")
	if _, err := timed(exec.Command("sh", "-c", fmt.Sprintf("zcat %s | %s", dump, client))); err != nil {
		return err
	}
	os.RemoveAll(out)
	if err := os.MkdirAll(out, 0o777); err != nil {
		return err
	}
	os.Chmod(out, 0o777) // the server writes the files
	schema := fmt.Sprintf("mariadb-dump %s --no-data --routines --triggers --databases %s > %s", strings.Join(srv.ClientArgs(), " "), gen.DefaultDatabase, filepath.Join(out, "schema.sql"))
	if b, err := exec.Command("sh", "-c", schema).CombinedOutput(); err != nil {
		return fmt.Errorf("schema: %v: %s", err, b)
	}
	tables, err := exec.Command("sh", "-c", fmt.Sprintf("%s -N -e \"SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA='%s' AND TABLE_TYPE='BASE TABLE'\"", client, gen.DefaultDatabase)).Output()
	if err != nil {
		return err
	}
	for _, t := range strings.Fields(string(tables)) {
		q := fmt.Sprintf("SELECT * INTO OUTFILE '%s' FROM %s.%s", filepath.Join(out, t+".tsv"), gen.DefaultDatabase, t)
		if b, err := exec.Command("sh", "-c", fmt.Sprintf("%s -e \"%s\"", client, q)).CombinedOutput(); err != nil {
			return fmt.Errorf("%s: %v: %s", q, err, b)
		}
	}
	return nil
}

// loadTSV creates the schema and loads the tables' files with n client processes, each
// taking the next file (largest first), as n LOAD DATA streams would. Its CPU is the
// clients' (RUSAGE_CHILDREN around the load).
func loadTSV(srv *sandbox.Server, dir, n string) (result, error) {
	args := append(srv.ClientArgs(), "--local-infile=1") // --no-defaults must stay first
	files, _ := filepath.Glob(filepath.Join(dir, "*.tsv"))
	sort.Slice(files, func(i, j int) bool {
		a, _ := os.Stat(files[i])
		b, _ := os.Stat(files[j])
		return a.Size() > b.Size()
	})
	var before, after syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &before)
	start := time.Now()
	schema, err := os.Open(filepath.Join(dir, "schema.sql"))
	if err != nil {
		return result{}, err
	}
	cmd := exec.Command("mariadb", args...)
	cmd.Stdin = schema
	out, err := cmd.CombinedOutput()
	schema.Close()
	if err != nil {
		return result{}, fmt.Errorf("schema: %v: %s", err, out)
	}
	streams, _ := strconv.Atoi(n)
	next := make(chan string, len(files))
	for _, f := range files {
		next <- f
	}
	close(next)
	errs := make(chan error, streams)
	for i := 0; i < max(streams, 1); i++ {
		go func() {
			for f := range next {
				t := strings.TrimSuffix(filepath.Base(f), ".tsv")
				q := fmt.Sprintf("SET foreign_key_checks=0; SET unique_checks=0; LOAD DATA LOCAL INFILE '%s' INTO TABLE %s", f, t)
				if out, err := exec.Command("mariadb", append(args, "-D", gen.DefaultDatabase, "-e", q)...).CombinedOutput(); err != nil {
					errs <- fmt.Errorf("%s: %v: %s", t, err, out)
					return
				}
			}
			errs <- nil
		}()
	}
	for i := 0; i < max(streams, 1); i++ {
		if err := <-errs; err != nil {
			return result{}, err
		}
	}
	wall := time.Since(start)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &after)
	cpu := time.Duration(after.Utime.Nano()+after.Stime.Nano()-before.Utime.Nano()-before.Stime.Nano()) * time.Nanosecond
	return result{wall: wall, cpu: cpu, maxRSS: after.Maxrss << 10}, nil
}

func timed(cmd *exec.Cmd) (result, error) {
	cmd.Stderr = os.Stderr
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
	pick := func(f func(result) float64) float64 {
		v := make([]float64, len(rs))
		for i, r := range rs {
			v[i] = f(r)
		}
		sort.Float64s(v)
		if len(v)%2 == 1 {
			return v[len(v)/2]
		}
		return (v[len(v)/2-1] + v[len(v)/2]) / 2
	}
	return result{
		wall:      time.Duration(pick(func(r result) float64 { return float64(r.wall) })),
		cpu:       time.Duration(pick(func(r result) float64 { return float64(r.cpu) })),
		maxRSS:    int64(pick(func(r result) float64 { return float64(r.maxRSS) })),
		serverCPU: time.Duration(pick(func(r result) float64 { return float64(r.serverCPU) })),
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
