package importer

import (
	"errors"
	"fmt"
	"io"

	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// DumpSummary is a dump summarised without a server (`dumpscope split`, and its --json
// shape): the splitter's summary, then what --compat and --rename-database would rewrite
// (import lists the same lines) and what they could not.
type DumpSummary struct {
	*split.Summary
	Mappings        []transform.Mapping `json:"mappings,omitempty"`
	MappingWarnings []string            `json:"mapping_warnings,omitempty"`
	// InputWarning is what the input layer ignored and said so (trailing garbage after the
	// last gzip member: dumpfile.Input.Warning), or "".
	InputWarning string `json:"input_warning,omitempty"`
}

// SummarizeDump splits the dump at path ("-": stdin) as the mariadb client would, through
// the filters and rewrites of fopt (database: the one unqualified names belong to before
// the first USE), and summarises what they keep. Errors name the file and the position.
func SummarizeDump(path string, stdin io.Reader, fopt transform.Options, database string, opt split.SplitOptions) (*DumpSummary, error) {
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
	sum := &DumpSummary{Summary: split.NewSummary(in.Name, in.Format, database)}
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
	sum.InputWarning = in.Warning()
	sum.Finish(sp, in.UncompressedBytesRead(), in.CompressedBytesRead())
	return sum, nil
}

// WriteText writes the summary as text: the splitter's, what the rewrites would map (with
// counts and first positions) and could not, and the client commands the dump holds.
func (s *DumpSummary) WriteText(w io.Writer) {
	s.Summary.WriteText(w)
	for _, m := range s.Mappings {
		fmt.Fprintf(w, "would map %d× %s (first at %s)\n", m.Count, m.What, split.Position{Offset: m.FirstOffset, Line: m.FirstLine})
	}
	for _, x := range s.MappingWarnings {
		fmt.Fprintln(w, "warning:", x)
	}
	if s.InputWarning != "" {
		fmt.Fprintln(w, "warning:", s.InputWarning)
	}
	s.WriteClientCommands(w)
}
