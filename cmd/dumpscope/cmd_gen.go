package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"golang.org/x/term"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/internal/units"
)

// runGen writes a synthetic mariadb-dump-format dump (package gen) to a file or stdout.
// The format follows -o's extension unless --format says otherwise; compressed output is
// refused on a terminal, as gzip and zstd refuse it.
func runGen(args []string, s stdio) int {
	fl := newCmdFlags("gen",
		"Write a synthetic dump in mariadb-dump's format: sysbench-style sbtest tables (about 75 % of the bytes) plus the object kinds a real dump holds (views, triggers, routines; events with --events). The same seed and flags give the same bytes.",
		"[OPTIONS]")
	fl.section(groupOutput)
	size := fl.String("size", "64M", "approximate uncompressed `SIZE` (binary units: 512K, 500M, 2G)")
	out := fl.StringP("output", "o", "-", "output `FILE` (- for stdout); .gz and .zst select gzip and zstd")
	format := fl.String("format", "auto", "output `FORMAT`: auto (from --output's extension), plain, gzip or zstd")
	seed := fl.Int64("seed", 1, "random `SEED`: the same seed and flags give the same bytes")
	tables := fl.Int("tables", 4, "number of sysbench-style sbtest `TABLES` (they carry ~75 % of the bytes)")
	skipExtended := fl.Bool("skip-extended-insert", false, "one row per INSERT, like mariadb-dump --skip-extended-insert")
	insertBytes := fl.String("insert-bytes", "1046528", "extended-INSERT limit in `BYTES` (mariadb-dump's --net-buffer-length)")
	database := fl.String("database", gen.DefaultDatabase, "`NAME` of the database the dump creates")
	sbRows := fl.Int64("sbtest-rows", 0, "the sysbench shape alone: --tables sbtest tables of exactly `ROWS` rows each, no shop tables, view or routine (--size is then ignored)")
	events := fl.Bool("events", false, "add an event, as mariadb-dump --events does (importing it raises a warning on a server whose event_scheduler is OFF)")
	fl.examples = []string{
		"dumpscope gen --size 1G -o big.sql.gz  # a 1 GiB dump, gzip-compressed",
		"dumpscope gen --size 10M | dumpscope split -  # look at what it holds",
		"dumpscope gen --sbtest-rows 250000 -o sb.sql.gz  # four sysbench tables of 250,000 rows",
	}
	if code, ok := fl.parse(args, s); !ok {
		return code
	}
	if fl.NArg() > 0 {
		return fl.fail(s, usagef("unexpected argument %q (output goes to -o FILE)", fl.Arg(0)))
	}
	o := gen.DefaultOptions()
	o.Seed, o.Tables, o.ExtendedInsert, o.Database, o.Events = *seed, *tables, !*skipExtended, *database, *events
	o.SbtestRows = *sbRows
	var err error
	if o.SizeBytes, err = units.ParseBytes(*size); err != nil {
		return fl.fail(s, usagef("--size %q: %v", *size, err))
	}
	nb, err := units.ParseBytes(*insertBytes)
	if err != nil || nb > 1<<30 {
		return fl.fail(s, usagef("--insert-bytes %q: want 1024 to 1G", *insertBytes))
	}
	o.RowsPerInsertBytes = int(nb)
	var ok bool
	if o.Compression, ok = gen.CompressionFor(*format, *out); !ok {
		fmt.Fprintf(s.Err, "dumpscope gen: --format %q: want auto, plain, gzip or zstd\n", *format)
		return exitUsage
	}

	if err := o.Validate(); err != nil {
		fmt.Fprintln(s.Err, "dumpscope", err) // "gen: …"
		return exitUsage
	}

	var w io.Writer = s.Out
	name := "stdout"
	var f *os.File
	removeOnError := false
	if *out != "-" {
		name = *out
		if f, err = os.Create(*out); err != nil {
			fmt.Fprintln(s.Err, "dumpscope gen:", err)
			return exitFailure
		}
		// Only a regular file is removed after a failure: -o /dev/null or a FIFO stays.
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			removeOnError = true
		}
		w = f
	} else if o.Compression != "none" && isTerminal(s.Out) {
		fmt.Fprintf(s.Err, "dumpscope gen: refusing to write %s data to a terminal (use -o FILE or a pipe)\n", o.Compression)
		return exitUsage
	}

	start := time.Now()
	st, err := gen.Write(w, o)
	if f != nil {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil && removeOnError {
			os.Remove(*out) // a partial dump is worse than none
		}
	}
	if err != nil {
		fmt.Fprintf(s.Err, "dumpscope gen: %s: %v\n", name, err)
		return exitFailure
	}
	elapsed := time.Since(start)
	fmt.Fprintf(s.Err, "dumpscope gen: wrote %s: %s", name, st.Line(o.Compression))
	fmt.Fprintf(s.Err, " in %.1f s (%s/s uncompressed)\n", elapsed.Seconds(), units.FormatBytes(float64(st.Bytes)/max(elapsed.Seconds(), 1e-9)))
	return exitOK
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
