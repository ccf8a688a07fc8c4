package main

import (
	"encoding/json"
	"fmt"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/termsafe"
)

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
	sum, err := importer.SummarizeDump(files[0], s.In, fopt, filter.database, split.SplitOptions{
		BinaryMode:   *binaryMode,
		KeepComments: *comments,
		Charset:      *charset,
		TrackSQLMode: true,
		Force:        true, // a summary goes on past an unknown client command (\x), as before
	})
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
	return exitOK
}
