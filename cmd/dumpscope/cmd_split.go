package main

import (
	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/internal/maxpacket"
	"github.com/dumpscope/dumpscope/internal/termsafe"
	"github.com/dumpscope/dumpscope/internal/units"

	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// splitSummary is what `dumpscope split` reports (the --json shape).
type splitSummary struct {
	File            string `json:"file"`
	Format          string `json:"format"`
	Bytes           int64  `json:"bytes"`            // uncompressed
	CompressedBytes int64  `json:"compressed_bytes"` // as read from the file
	Statements      int64  `json:"statements"`       // every span, client commands and empty ones included
	SQLStatements   int64  `json:"sql_statements"`   // statements with SQL to send
	Rows            int64  `json:"rows"`
	// Kinds is keyed by split.Kind's name.
	Kinds  map[string]*splitCount `json:"kinds"`
	Tables []*splitTable          `json:"tables"`
	// DelimiterBlocks counts switches from ";" to another delimiter (mysqldump's
	// DELIMITER ;; … DELIMITER ; blocks around routines and triggers).
	DelimiterBlocks int64 `json:"delimiter_blocks"`
	// SQLModeChanges counts SET statements that assign the session sql_mode.
	SQLModeChanges int64                `json:"sql_mode_changes"`
	ClientCommands []splitClientCommand `json:"client_commands"`
	Largest        *splitLargest        `json:"largest_statement,omitempty"`
	// MaxAllowedPacketBytes is the smallest max_allowed_packet that lets the largest
	// statement through: its SQL plus the COM_QUERY command byte, rounded up to the 1 KiB
	// multiple the server rounds the setting to.
	MaxAllowedPacketBytes int64 `json:"max_allowed_packet_bytes"`
	// Filter, with --tables and the other filter flags, is what the filter left out;
	// everything above then counts only what it keeps.
	Filter *splitFilter `json:"filter,omitempty"`
	// Mappings are what --compat and --rename-database would rewrite (import lists the
	// same lines), and MappingWarnings what they could not.
	Mappings        []transform.Mapping `json:"mappings,omitempty"`
	MappingWarnings []string            `json:"mapping_warnings,omitempty"`
}

type splitFilter struct {
	SkippedStatements int64 `json:"skipped_statements"`
	SkippedBytes      int64 `json:"skipped_bytes"` // raw dump bytes
}

type splitCount struct {
	Statements int64 `json:"statements"`
	Rows       int64 `json:"rows"`
	Bytes      int64 `json:"bytes"` // SQL bytes
}

type splitTable struct {
	Database string `json:"database,omitempty"`
	Table    string `json:"table"`
	splitCount
}

type splitClientCommand struct {
	Command string `json:"command"` // long name, e.g. "source", "system", "delimiter"
	Verb    string `json:"verb"`
	Arg     string `json:"arg,omitempty"`
	Offset  int64  `json:"offset"`
	Line    int64  `json:"line"`
}

type splitLargest struct {
	Bytes    int64  `json:"bytes"` // SQL bytes
	Offset   int64  `json:"offset"`
	Line     int64  `json:"line"`
	Kind     string `json:"kind"`
	Database string `json:"database,omitempty"`
	Table    string `json:"table,omitempty"`
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
	printSplitSummary(s.Out, sum)
	return exitOK
}

// splitFile splits one dump and summarises it. Errors name the file and the position.
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
	sum := &splitSummary{File: in.Name, Format: in.Format, Kinds: map[string]*splitCount{}}
	tables := map[[2]string]*splitTable{}
	currentDB := database
	sp := split.NewSplitter(in.Reader, opt)
	tr, err := transform.New(fopt)
	if err != nil {
		return nil, err
	}
	tr.Attach(sp, database, nil)
	for tr.Next() {
		st := tr.Statement()
		sum.Statements++
		n := int64(len(st.SQL))
		if n > 0 {
			sum.SQLStatements++
		}
		if st.Kind == split.KindClient {
			name := split.CommandName(st)
			if name == "delimiter" && st.Arg != "" && st.Arg != ";" && sp.Delimiter() == st.Arg {
				sum.DelimiterBlocks++
			}
			sum.ClientCommands = append(sum.ClientCommands, splitClientCommand{
				Command: name, Verb: st.Verb, Arg: st.Arg, Offset: st.Offset, Line: st.Line})
			continue
		}
		if n == 0 {
			continue
		}
		if st.Kind == split.KindSession && st.Verb == "USE" {
			currentDB = st.Database
		}
		sum.add(&st, n, tables, currentDB)
	}
	ts := tr.Stats()
	if tr.Filters() {
		sum.Filter = &splitFilter{SkippedStatements: ts.SkippedStatements, SkippedBytes: ts.SkippedBytes}
	}
	sum.Mappings, sum.MappingWarnings = ts.Mappings, ts.Warnings
	sum.SQLModeChanges = sp.SQLModeChanges()
	sum.Bytes = in.UncompressedBytesRead()
	sum.CompressedBytes = in.CompressedBytesRead()
	if err := sp.Err(); err != nil {
		var se *split.SplitError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("%s: %v", in.Name, err)
		}
		// An *InputError names the file and the offsets; the line is the splitter's.
		return nil, fmt.Errorf("%v (line %d)", err, sp.Line())
	}
	sum.sortTables(tables)
	if sum.Largest != nil {
		sum.MaxAllowedPacketBytes = maxpacket.Needed(sum.Largest.Bytes)
	}
	return sum, nil
}

func printSplitSummary(w io.Writer, sum *splitSummary) {
	fmt.Fprintf(w, "%s (%s): %s uncompressed", sum.File, sum.Format, units.FormatBytes(float64(sum.Bytes)))
	if sum.Format != dumpfile.FormatPlain {
		fmt.Fprintf(w, ", %s compressed", units.FormatBytes(float64(sum.CompressedBytes)))
	}
	if f := sum.Filter; f != nil {
		fmt.Fprintf(w, "\nfilter: %d statements (%s of the dump) left out; the counts below are what it keeps", f.SkippedStatements, units.FormatBytes(float64(f.SkippedBytes)))
	}
	fmt.Fprintf(w, "\n%d statements (%d with SQL), %d rows\n\n", sum.Statements, sum.SQLStatements, sum.Rows)

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "kind\tstatements\trows\tbytes\t")
	kinds := make([]string, 0, len(sum.Kinds))
	for k := range sum.Kinds {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		c := sum.Kinds[k]
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t\n", k, c.Statements, c.Rows, units.FormatBytes(float64(c.Bytes)))
	}
	tw.Flush()

	if len(sum.Tables) > 0 {
		fmt.Fprintln(w)
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "table\tstatements\trows\tbytes\t")
		for _, t := range sum.Tables {
			name := t.Table
			if t.Database != "" {
				name = t.Database + "." + t.Table
			}
			fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t\n", name, t.Statements, t.Rows, units.FormatBytes(float64(t.Bytes)))
		}
		tw.Flush()
	}

	fmt.Fprintf(w, "\nDELIMITER blocks: %d\nsql_mode changes: %d\n", sum.DelimiterBlocks, sum.SQLModeChanges)
	if sum.Largest != nil {
		l := sum.Largest
		where := l.Kind
		if l.Table != "" {
			where += " " + l.Table
		}
		fmt.Fprintf(w, "largest statement: %s (%d bytes, %s) at %s\n",
			units.FormatBytes(float64(l.Bytes)), l.Bytes, where, split.Position{Offset: l.Offset, Line: l.Line})
		fmt.Fprintf(w, "max_allowed_packet needed: %d (%s) = largest statement + %d command byte, rounded up to a multiple of %d\n",
			sum.MaxAllowedPacketBytes, units.FormatBytes(float64(sum.MaxAllowedPacketBytes)), maxpacket.CommandBytes, maxpacket.StepBytes)
	}
	for _, m := range sum.Mappings {
		fmt.Fprintf(w, "would map %d× %s (first at %s)\n", m.Count, m.What, split.Position{Offset: m.FirstOffset, Line: m.FirstLine})
	}
	for _, x := range sum.MappingWarnings {
		fmt.Fprintln(w, "warning:", x)
	}
	var refused []string
	for _, c := range sum.ClientCommands {
		switch c.Command {
		case "delimiter", "sandbox", "use", "charset", "":
			continue
		}
		refused = append(refused, fmt.Sprintf("  line %d, offset %d: %s %s", c.Line, c.Offset, c.Verb, c.Arg))
	}
	if len(refused) > 0 {
		fmt.Fprintf(w, "client commands (dumpscope import refuses or ignores them):\n%s\n", strings.Join(refused, "\n"))
	}
}

// add counts one SQL statement of n bytes: by kind, by table (unqualified names belong to
// currentDB), and as the largest so far.
func (sum *splitSummary) add(st *split.Statement, n int64, tables map[[2]string]*splitTable, currentDB string) {
	k := sum.Kinds[st.Kind.String()]
	if k == nil {
		k = &splitCount{}
		sum.Kinds[st.Kind.String()] = k
	}
	k.Statements++
	k.Rows += st.Rows
	k.Bytes += n
	sum.Rows += st.Rows
	if st.Table != "" && st.Kind != split.KindRoutine {
		db := st.Database
		if db == "" {
			db = currentDB
		}
		key := [2]string{db, st.Table}
		t := tables[key]
		if t == nil {
			t = &splitTable{Database: db, Table: st.Table}
			tables[key] = t
		}
		t.Statements++
		t.Rows += st.Rows
		t.Bytes += n
	}
	if sum.Largest == nil || n > sum.Largest.Bytes {
		sum.Largest = &splitLargest{Bytes: n, Offset: st.Offset, Line: st.Line,
			Kind: st.Kind.String(), Database: st.Database, Table: st.Table}
	}
}

// sortTables lists the tables largest first (then by name, for a stable output).
func (sum *splitSummary) sortTables(tables map[[2]string]*splitTable) {
	for _, t := range tables {
		sum.Tables = append(sum.Tables, t)
	}
	sort.Slice(sum.Tables, func(i, j int) bool {
		a, b := sum.Tables[i], sum.Tables[j]
		if a.Bytes != b.Bytes {
			return a.Bytes > b.Bytes
		}
		if a.Database != b.Database {
			return a.Database < b.Database
		}
		return a.Table < b.Table
	})
}
