package split

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/internal/maxpacket"
	"github.com/dumpscope/dumpscope/internal/units"
)

// Summary is what `dumpscope split` reports about a dump (its --json shape): statements by
// kind and by table, rows, the largest statement and the max_allowed_packet it needs. It
// lives beside the splitter because every count is a Statement field; the caller feeds it
// the statements (through a filter or not) with Add and closes it with Finish.
type Summary struct {
	File            string `json:"file"`
	Format          string `json:"format"`
	Bytes           int64  `json:"bytes"`            // uncompressed
	CompressedBytes int64  `json:"compressed_bytes"` // as read from the file
	Statements      int64  `json:"statements"`       // every span, client commands and empty ones included
	SQLStatements   int64  `json:"sql_statements"`   // statements with SQL to send
	Rows            int64  `json:"rows"`
	// Kinds is keyed by Kind's name.
	Kinds  map[string]*SummaryCount `json:"kinds"`
	Tables []*SummaryTable          `json:"tables"`
	// DelimiterBlocks counts switches from ";" to another delimiter (mysqldump's
	// DELIMITER ;; … DELIMITER ; blocks around routines and triggers).
	DelimiterBlocks int64 `json:"delimiter_blocks"`
	// SQLModeChanges counts SET statements that assign the session sql_mode.
	SQLModeChanges int64                  `json:"sql_mode_changes"`
	ClientCommands []SummaryClientCommand `json:"client_commands"`
	Largest        *SummaryLargest        `json:"largest_statement,omitempty"`
	// MaxAllowedPacketBytes is the smallest max_allowed_packet that lets the largest
	// statement through: its SQL plus the COM_QUERY command byte, rounded up to the 1 KiB
	// multiple the server rounds the setting to.
	MaxAllowedPacketBytes int64 `json:"max_allowed_packet_bytes"`
	// Filter, when the statements came through a filter (--tables and the other filter
	// flags), is what it left out; everything above then counts only what it keeps.
	Filter *SummaryFilter `json:"filter,omitempty"`

	tables    map[[2]string]*SummaryTable
	currentDB string // unqualified table names belong to it
}

// SummaryFilter is what a filter left out of the statements a Summary counted.
type SummaryFilter struct {
	SkippedStatements int64 `json:"skipped_statements"`
	SkippedBytes      int64 `json:"skipped_bytes"` // raw dump bytes
}

// SummaryCount counts the statements of one kind or one table.
type SummaryCount struct {
	Statements int64 `json:"statements"`
	Rows       int64 `json:"rows"`
	Bytes      int64 `json:"bytes"` // SQL bytes
}

// SummaryTable is one table's count.
type SummaryTable struct {
	Database string `json:"database,omitempty"`
	Table    string `json:"table"`
	SummaryCount
}

// SummaryClientCommand is one of the client's own commands met in the dump.
type SummaryClientCommand struct {
	Command string `json:"command"` // long name, e.g. "source", "system", "delimiter"
	Verb    string `json:"verb"`
	Arg     string `json:"arg,omitempty"`
	Offset  int64  `json:"offset"`
	Line    int64  `json:"line"`
}

// SummaryLargest is the largest statement with SQL.
type SummaryLargest struct {
	Bytes    int64  `json:"bytes"` // SQL bytes
	Offset   int64  `json:"offset"`
	Line     int64  `json:"line"`
	Kind     string `json:"kind"`
	Database string `json:"database,omitempty"`
	Table    string `json:"table,omitempty"`
}

// NewSummary starts the summary of the dump file (named as in messages; format as
// dumpfile names it); unqualified table names before the first USE belong to database.
func NewSummary(file, format, database string) *Summary {
	return &Summary{File: file, Format: format, Kinds: map[string]*SummaryCount{},
		tables: map[[2]string]*SummaryTable{}, currentDB: database}
}

// Add counts one statement. delimiter is the splitter's delimiter after it (Delimiter()),
// which tells a DELIMITER command that opens a block from the one that closes it.
func (sum *Summary) Add(st *Statement, delimiter string) {
	sum.Statements++
	n := int64(len(st.SQL))
	if n > 0 {
		sum.SQLStatements++
	}
	if st.Kind == KindClient {
		name := CommandName(*st)
		if name == "delimiter" && st.Arg != "" && st.Arg != ";" && delimiter == st.Arg {
			sum.DelimiterBlocks++
		}
		sum.ClientCommands = append(sum.ClientCommands, SummaryClientCommand{
			Command: name, Verb: st.Verb, Arg: st.Arg, Offset: st.Offset, Line: st.Line})
		return
	}
	if n == 0 {
		return
	}
	if st.Kind == KindSession && st.Verb == "USE" {
		sum.currentDB = st.Database
	}
	sum.count(st, n)
}

// count counts one SQL statement of n bytes: by kind, by table (unqualified names belong to
// the current database), and as the largest so far.
func (sum *Summary) count(st *Statement, n int64) {
	k := sum.Kinds[st.Kind.String()]
	if k == nil {
		k = &SummaryCount{}
		sum.Kinds[st.Kind.String()] = k
	}
	k.Statements++
	k.Rows += st.Rows
	k.Bytes += n
	sum.Rows += st.Rows
	if st.Table != "" && st.Kind != KindRoutine {
		db := st.Database
		if db == "" {
			db = sum.currentDB
		}
		key := [2]string{db, st.Table}
		t := sum.tables[key]
		if t == nil {
			t = &SummaryTable{Database: db, Table: st.Table}
			sum.tables[key] = t
		}
		t.Statements++
		t.Rows += st.Rows
		t.Bytes += n
	}
	if sum.Largest == nil || n > sum.Largest.Bytes {
		sum.Largest = &SummaryLargest{Bytes: n, Offset: st.Offset, Line: st.Line,
			Kind: st.Kind.String(), Database: st.Database, Table: st.Table}
	}
}

// Finish closes the summary once the splitter is done: the sql_mode changes it tracked,
// the bytes read (uncompressed and as stored), the tables largest first (then by name,
// for a stable output) and the max_allowed_packet the largest statement needs.
func (sum *Summary) Finish(sp *Splitter, bytes, compressedBytes int64) {
	sum.SQLModeChanges = sp.SQLModeChanges()
	sum.Bytes, sum.CompressedBytes = bytes, compressedBytes
	sum.Tables = sum.Tables[:0]
	for _, t := range sum.tables {
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
	if sum.Largest != nil {
		sum.MaxAllowedPacketBytes = maxpacket.Needed(sum.Largest.Bytes)
	}
}

// WriteText prints the summary for a terminal, up to the max_allowed_packet line; the
// client commands follow with WriteClientCommands, so that a caller can print what its
// transforms rewrote in between.
func (sum *Summary) WriteText(w io.Writer) {
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
			units.FormatBytes(float64(l.Bytes)), l.Bytes, where, Position{Offset: l.Offset, Line: l.Line})
		fmt.Fprintf(w, "max_allowed_packet needed: %d (%s) = largest statement + %d command byte, rounded up to a multiple of %d\n",
			sum.MaxAllowedPacketBytes, units.FormatBytes(float64(sum.MaxAllowedPacketBytes)), maxpacket.CommandBytes, maxpacket.StepBytes)
	}
}

// WriteClientCommands lists the client commands `dumpscope import` refuses or ignores
// (the delimiter, use and charset commands it handles are left out).
func (sum *Summary) WriteClientCommands(w io.Writer) {
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
