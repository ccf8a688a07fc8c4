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
