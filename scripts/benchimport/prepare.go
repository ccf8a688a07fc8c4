package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/sandbox"
)

// prepareMydumper imports the dump once with the client and dumps it with mydumper, so
// myloader gets the same data in its own format.
func prepareMydumper(dump, out string, compress bool) error {
	if _, err := os.Stat(filepath.Join(out, "metadata")); err == nil {
		return nil
	}
	srv, err := sandbox.Start(context.Background(), sandbox.Options{})
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
func prepareTSV(dump, out string) error {
	if _, err := os.Stat(filepath.Join(out, "schema.sql")); err == nil {
		return nil
	}
	srv, err := sandbox.Start(context.Background(), sandbox.Options{})
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

// limitSession is what the limit's connections set before their loads: the session
// mariadb-dump's header leaves (and every dumpscope worker replays), so the server takes
// the same paths for the limit's rows as for dumpscope's (InnoDB's bulk insert into an
// empty table needs unique_checks=0 and foreign_key_checks=0).
const limitSession = "SET NAMES utf8mb4; SET sql_mode = 'NO_AUTO_VALUE_ON_ZERO'; SET time_zone = '+00:00'; SET unique_checks = 0; SET foreign_key_checks = 0;\n"

// loadTSV is the LOAD DATA limit: the server's work for dumpscope --parallel n
// --load-data's rows without the client's. It creates the schema, then n streams (client
// processes) each take the next table (largest first) and load it as dumpscope's workers
// do: in transactions of one LOAD DATA LOCAL each, of about chunkBytes of the dump's SQL
// (dumpscope's --batch-bytes; the TSV chunk is scaled by the table's TSV-to-SQL ratio,
// tsvPerSQL), with dumpscope's LOAD options and the dump's session. What is left out is
// what dumpscope adds: decompression, parsing, the conversion, the progress rows. Its CPU
// is the clients' (RUSAGE_CHILDREN around the load).
func loadTSV(srv *sandbox.Server, dir, n string, chunkBytes int64, tsvPerSQL float64) (result, error) {
	args := append(srv.ClientArgs(), "--local-infile=1") // --no-defaults must stay first
	files, _ := filepath.Glob(filepath.Join(dir, "*.tsv"))
	sort.Slice(files, func(i, j int) bool {
		a, _ := os.Stat(files[i])
		b, _ := os.Stat(files[j])
		return a.Size() > b.Size()
	})
	chunks := map[string][]string{}
	for _, f := range files {
		cs, err := splitTSV(f, int64(float64(chunkBytes)*tsvPerSQL))
		if err != nil {
			return result{}, err
		}
		chunks[f] = cs
	}
	var before, after syscall.Rusage
	resetPeakRSS() // the chunk lists above are no client's memory
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
	var rss struct {
		sync.Mutex
		max int64
	}
	for i := 0; i < max(streams, 1); i++ {
		go func() {
			for f := range next {
				t := strings.TrimSuffix(filepath.Base(f), ".tsv")
				var q strings.Builder
				q.WriteString(limitSession)
				for _, c := range chunks[f] {
					fmt.Fprintf(&q, "START TRANSACTION; LOAD DATA LOCAL INFILE '%s' INTO TABLE `%s` CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n'; COMMIT;\n", c, t)
				}
				cmd := exec.Command("mariadb", append(args, "-D", gen.DefaultDatabase)...)
				cmd.Stdin = strings.NewReader(q.String())
				if out, err := cmd.CombinedOutput(); err != nil {
					errs <- fmt.Errorf("%s: %v: %s", t, err, out)
					return
				}
				// RUSAGE_CHILDREN's maxrss is of every child ever reaped (the
				// preparation's too): the limit's is its own clients'.
				rss.Lock()
				rss.max = max(rss.max, cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss<<10)
				rss.Unlock()
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
	return result{wall: wall, cpu: cpu, maxRSS: rss.max}, nil
}

// splitTSV cuts a SELECT … INTO OUTFILE file into chunks of about size bytes at row ends
// (kept beside it, made once): a newline is a row's end unless an odd run of backslashes
// escapes it (a newline inside a value).
func splitTSV(file string, size int64) ([]string, error) {
	dir := fmt.Sprintf("%s.chunks-%d", file, size)
	if names, _ := filepath.Glob(filepath.Join(dir, "*.tsv")); len(names) > 0 {
		sort.Strings(names)
		return names, nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	tmp := dir + ".tmp"
	os.RemoveAll(tmp)
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return nil, err
	}
	var names []string
	for start := 0; start < len(b) || len(names) == 0; {
		end := min(start+int(max(size, 1)), len(b))
		for end < len(b) {
			if b[end-1] == '\n' {
				k := end - 2
				for k >= start && b[k] == '\\' {
					k--
				}
				if (end-2-k)%2 == 0 {
					break
				}
			}
			end++
		}
		name := filepath.Join(dir, fmt.Sprintf("%06d.tsv", len(names)))
		if err := os.WriteFile(filepath.Join(tmp, filepath.Base(name)), b[start:end], 0o644); err != nil {
			return nil, err
		}
		names = append(names, name)
		start = end
	}
	return names, os.Rename(tmp, dir)
}
