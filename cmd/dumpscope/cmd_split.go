package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/transform"
	"github.com/dumpscope/dumpscope/internal/termsafe"
)

// splitSummary is what `dumpscope split` reports (the --json shape): the splitter's
// summary, then what --compat and --rename-database would rewrite (import lists the same
// lines) and what they could not.
type splitSummary struct {
	*split.Summary
	Mappings        []transform.Mapping `json:"mappings,omitempty"`
	MappingWarnings []string            `json:"mapping_warnings,omitempty"`
}

// runSplit is `dumpscope split FILE [--json]`: a dry run that splits the dump as the
// mariadb client would and summarises it, without a server.
func runSplit(args []string, s stdio) int {
	s.Out, s.Err = termsafe.NewWriter(s.Out), termsafe.NewWriter(s.Err) // table names are dump bytes
	f := newCmdFlags("split",
		"Dry run: split a dump into statements exactly as the mariadb client would and summarise it (statements by kind, tables, rows, the largest statement and the max_allowed_packet it needs), without a server.",
		"[OPTIONS] FILE|-")
	f.section(groupImport)
	binaryMode := f.Bool("binary-mode", false, "allow NUL bytes, like the client's --binary-mode")
	comments := f.Bool("comments", false, "keep comments in the SQL, like the client's --comments")
	charset := f.String("default-character-set", "utf8mb4", "connection `CHARSET` the dump starts with")
	f.section(groupOutput)
	asJSON := f.Bool("json", false, "print the summary as JSON")
	f.section("Filter and rewrite (docs/filters.md)")
	filter := addFilterFlags(f.FlagSet) // the summary then counts what the filter keeps
	f.Var(&filter.rename, "rename-database", "`OLD=NEW`: show what renaming a database rewrites (repeatable)")
	f.StringVar(&filter.compat, "compat", "", "show what --compat `FLAVOR` (mariadb) would map, with counts and first offsets")
	f.StringVar(&filter.database, "database", "", "with a filter: the `DATABASE` unqualified names belong to before the first USE (the import's -D)")
	f.examples = []string{"dumpscope split dump.sql.gz --json  # the summary as JSON", "dumpscope split --tables shop.orders dump.sql.gz  # what a filter keeps"}
	if code, ok := f.parse(args, s); !ok {
		return code
	}
	if f.NArg() != 1 {
		return f.fail(s, usagef("one FILE expected (a dump file, or - for stdin), got %d", f.NArg()))
	}
	files := f.Args()
	fopt, err := filter.options()
	if err != nil {
		return f.fail(s, usagef("%v", err))
	}
	sum, err := splitFile(files[0], fopt, filter.database, split.SplitOptions{
		BinaryMode:   *binaryMode,
		KeepComments: *comments,
		Charset:      *charset,
		TrackSQLMode: true,
	}, s.In)
	if err != nil {
		fmt.Fprintf(s.Err, "dumpscope split: %v\n", err)
		return exitFailure
	}
	if *asJSON {
		enc := json.NewEncoder(s.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(sum); err != nil {
			fmt.Fprintf(s.Err, "dumpscope split: %v\n", err)
			return exitFailure
		}
		return exitOK
	}
	sum.WriteText(s.Out)
	for _, m := range sum.Mappings {
		fmt.Fprintf(s.Out, "would map %d× %s (first at %s)\n", m.Count, m.What, split.Position{Offset: m.FirstOffset, Line: m.FirstLine})
	}
	for _, x := range sum.MappingWarnings {
		fmt.Fprintln(s.Out, "warning:", x)
	}
	sum.WriteClientCommands(s.Out)
	return exitOK
}

// splitFile splits one dump through the filters and summarises it. Errors name the file
// and the position.
func splitFile(path string, fopt transform.Options, database string, opt split.SplitOptions, stdin io.Reader) (*splitSummary, error) {
	var in *dumpfile.Input
	var err error
	if path == "-" {
		in, err = dumpfile.OpenReader("stdin", stdin, -1)
	} else {
		in, err = dumpfile.Open(path)
	}
	if err != nil {
		return nil, err
	}
	defer in.Close()
	sp := split.NewSplitter(in.Reader, opt)
	tr, err := transform.New(fopt)
	if err != nil {
		return nil, err
	}
	tr.Attach(sp, database, nil)
	sum := &splitSummary{Summary: split.NewSummary(in.Name, in.Format, database)}
	for tr.Next() {
		st := tr.Statement()
		sum.Add(&st, sp.Delimiter())
	}
	if err := sp.Err(); err != nil {
		var se *split.SplitError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("%s: %v", in.Name, err)
		}
		// An *InputError names the file and the offsets; the line is the splitter's.
		return nil, fmt.Errorf("%v (line %d)", err, sp.Line())
	}
	ts := tr.Stats()
	if tr.Filters() {
		sum.Filter = &split.SummaryFilter{SkippedStatements: ts.SkippedStatements, SkippedBytes: ts.SkippedBytes}
	}
	sum.Mappings, sum.MappingWarnings = ts.Mappings, ts.Warnings
	sum.Finish(sp, in.UncompressedBytesRead(), in.CompressedBytesRead())
	return sum, nil
}
