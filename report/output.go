package report

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/atomicfile"
	"github.com/dumpscope/dumpscope/internal/units"
	"github.com/dumpscope/dumpscope/rules"
	"github.com/dumpscope/dumpscope/runrecord"
)

// The outputs the commands share: a report to a file or stdout in the format its name
// says, the findings a report shows, and the findings of a live run as text or JSON.

// FormatFor is the output format for -o FILE by its extension (override, --format,
// wins), text otherwise.
func FormatFor(path, override string) (string, error) {
	f := override
	if f == "" {
		switch strings.ToLower(filepath.Ext(path)) {
		case ".md", ".markdown":
			f = "md"
		case ".html", ".htm":
			f = "html"
		case ".json":
			f = "json"
		default:
			f = "text"
		}
	}
	switch f {
	case "text", "md", "html", "json":
		return f, nil
	}
	return "", fmt.Errorf("--format %q: want text, md, html or json", f)
}

// WriteOutput writes through render to path (atomically: a temporary file renamed into
// place) or to stdout when path is "" or "-".
func WriteOutput(path string, stdout io.Writer, render func(io.Writer) error) error {
	if path == "" || path == "-" {
		return render(stdout)
	}
	// A report is for sharing: 0644, where a temporary file is private.
	return atomicfile.Write(path, atomicfile.Options{Perm: 0o644}, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		if err := render(bw); err != nil {
			return err
		}
		return bw.Flush()
	})
}

// Findings are the findings a report shows: the record's, or when it holds none
// (or replay is asked for) those of a replay through this dumpscope's rules. The
// record's verdict goes with its findings; a record without one (written before there
// were verdicts) gets one from the findings shown and a replay's time attribution, set
// in rec.Verdict.
func Findings(rec *runrecord.Record, replay bool) []advisor.Finding {
	if !replay && len(rec.Findings) > 0 && rec.Verdict != nil {
		return rec.Findings
	}
	eng := rules.NewEngine()
	runrecord.ReplayInto(rec, eng)
	findings := eng.Findings()
	if !replay && len(rec.Findings) > 0 {
		findings = rec.Findings
	}
	v := rules.BuildVerdict(findings, eng.Attribution())
	rec.Verdict = &v
	return findings
}

// Render writes rec's report to path (stdout for "" or "-") in format (FormatFor).
func Render(rec *runrecord.Record, findings []advisor.Finding, path, format string, stdout io.Writer) error {
	a := Analyze(rec, findings)
	return WriteOutput(path, stdout, func(w io.Writer) error {
		switch format {
		case "md":
			return Markdown(w, a)
		case "html":
			return HTML(w, rec, a)
		case "json":
			return JSON(w, a)
		}
		return Text(w, a)
	})
}

// WriteFindings prints findings for people, in firing order, in lines of at most 100
// columns, or a narrower terminal's width (advisor.FindingWidth) (import, watch and
// advise end with them).
func WriteFindings(w io.Writer, findings []advisor.Finding) {
	if len(findings) == 0 {
		fmt.Fprintln(w, "no findings")
		return
	}
	width := advisor.FindingWidth(w)
	for _, f := range findings {
		state := "active"
		if f.ClearedAt != nil {
			state = "cleared at " + units.FormatDuration(*f.ClearedAt)
		}
		head := fmt.Sprintf("%s: %s (fired at %s, %s)", f.ID, f.Title, units.FormatDuration(f.FiredAt), state)
		for i, line := range advisor.Wrap(head, width-9) {
			if i == 0 {
				fmt.Fprintf(w, "%-8s %s\n", strings.ToUpper(string(f.Severity)), line)
			} else {
				fmt.Fprintf(w, "%9s%s\n", "", line)
			}
		}
		if ev := advisor.FormatEvidence(f.Evidence); ev != "" {
			for i, line := range advisor.Wrap(ev, width-12) {
				if i == 0 {
					fmt.Fprintf(w, "  evidence: %s\n", line)
				} else {
					fmt.Fprintf(w, "            %s\n", line)
				}
			}
		}
		for _, para := range strings.Split(strings.TrimSpace(f.Recommendation), "\n") {
			for _, line := range advisor.Wrap(para, width-2) {
				fmt.Fprintf(w, "  %s\n", line)
			}
		}
	}
}

// findingsJSON is advise --json's output.
type findingsJSON struct {
	Server struct {
		Flavor  string `json:"flavor"`
		Version string `json:"version"`
	} `json:"server"`
	Samples  int               `json:"samples"`
	Findings []advisor.Finding `json:"findings"`
	// Verdict is the run's verdict; Line its "verdict:" line as the text output prints it.
	Verdict advisor.Verdict `json:"verdict"`
	Line    string          `json:"verdict_line"`
}

// WriteFindingsJSON writes advise --json's output: the server, the samples seen, the
// findings and the verdict with its line.
func WriteFindingsJSON(w io.Writer, info advisor.ServerInfo, samples int, findings []advisor.Finding, verdict advisor.Verdict) error {
	var out findingsJSON
	out.Server.Flavor, out.Server.Version = info.Flavor, info.Version
	out.Samples = samples
	out.Findings = findings
	out.Verdict, out.Line = verdict, verdict.Line()
	if out.Findings == nil {
		out.Findings = []advisor.Finding{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
