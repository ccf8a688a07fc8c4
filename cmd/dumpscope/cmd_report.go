package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/report"
	"github.com/dumpscope/dumpscope/run"
	"github.com/dumpscope/dumpscope/runrecord"
)

// runReport renders a run record as a report.
func runReport(args []string, s stdio) int {
	f := newCmdFlags("report",
		"Render a run record (import --record, watch --record) as a report: verdict and findings first, then the restore's throughput, tables, devices, InnoDB redo and the host and server. Text on stdout by default; -o picks Markdown, self-contained HTML with charts, or JSON by extension.",
		"RUN.json [-o FILE] [OPTIONS]")
	f.section(groupOutput)
	out := f.StringP("output", "o", "", "write the report to this `FILE` (.md, .html, .json by extension; text otherwise) instead of stdout")
	format := f.String("format", "", "output `FORMAT`: text, md, html or json (default: by -o's extension, text on stdout)")
	replay := f.Bool("replay", false, "report the findings of a replay through this dumpscope's rules, not the recorded ones")
	failOn := f.String("fail-on", "", "exit 5 when a finding of this `SEVERITY` or worse fired: warn or critical")
	f.examples = []string{
		"dumpscope report run.json  # text, 80 columns, sections that diff and paste into mail",
		"dumpscope report run.json -o run.html  # one self-contained file with charts",
	}
	if code, ok := f.parse(args, s); !ok {
		return code
	}
	pos := f.Args()
	if len(pos) != 1 {
		return f.fail(s, usagef("give one run record (dumpscope import --record FILE writes one)"))
	}
	outFormat, err := report.FormatFor(*out, *format)
	if err != nil {
		return f.fail(s, usagef("%v", err))
	}
	if _, err := failOnSeverity(*failOn); err != nil {
		return f.fail(s, usagef("%v", err))
	}
	rec, err := runrecord.ReadFile(pos[0])
	if err != nil {
		fmt.Fprintln(s.Err, "dumpscope report:", err)
		return exitFailure
	}
	findings := report.Findings(rec, *replay)
	if err := report.Render(rec, findings, *out, outFormat, s.Out); err != nil {
		fmt.Fprintf(s.Err, "dumpscope report: %s: %v\n", *out, err)
		return exitFailure
	}
	if *out != "" && *out != "-" {
		fmt.Fprintf(s.Err, "dumpscope: report written to %s\n", *out)
	}
	return failOnCode(s, *failOn, findings, exitOK)
}

// failOnSeverity checks a --fail-on value.
func failOnSeverity(v string) (advisor.Severity, error) {
	if v == "" {
		return "", nil
	}
	// info is a severity, but nearly every run has an info finding: no failure criterion.
	if sev, err := advisor.ParseSeverity(v); err == nil && sev != advisor.SeverityInfo {
		return sev, nil
	}
	return "", fmt.Errorf("--fail-on %q: want warn or critical", v)
}

// exitFindings is the exit code of a run that finished but had a finding at or above
// --fail-on's severity (codes 0–4 are main.go's).
const exitFindings = 5

// failOnCode is code, or exitFindings (said on s.Err, with the finding) when code is exitOK
// and a finding at or above the --fail-on severity fired during the run (cleared or not:
// an import's findings often clear once the load stops; the evaluation is of the load).
func failOnCode(s stdio, failOn string, findings []advisor.Finding, code int) int {
	sev, err := failOnSeverity(failOn)
	if err != nil || sev == "" || code != exitOK {
		return code
	}
	for _, f := range findings {
		if f.Severity.AtLeast(sev) {
			fmt.Fprintf(s.Err, "dumpscope: exit status %d: %s is %s, at or above --fail-on %s\n", exitFindings, f.ID, f.Severity, sev)
			return exitFindings
		}
	}
	return code
}

// reportFlags are import's --report and --fail-on.
type reportFlags struct {
	report string
	failOn string
}

func (r *reportFlags) add(fs *pflag.FlagSet) {
	fs.StringVar(&r.report, "report", "", "write a report of the run to this `FILE` at the end (.md, .html, .json by extension; text otherwise)")
	fs.StringVar(&r.failOn, "fail-on", "", "exit 5 when the import finished but a finding of this `SEVERITY` or worse fired: warn or critical")
}

// check reports a bad --fail-on before the import starts.
func (r *reportFlags) check() error {
	_, err := failOnSeverity(r.failOn)
	return err
}

// finish writes the --report (from the session's record, finished by finishRecord) and
// applies --fail-on to code. sampled is false when the server was not sampled.
func (r *reportFlags) finish(s stdio, sess *run.Session, sampled bool, finishRecord func() *runrecord.Record, code int) int {
	if sess == nil || !sampled {
		if r.report != "" || r.failOn != "" {
			fmt.Fprintln(s.Err, "dumpscope import: no report and no --fail-on check: the server was not sampled")
		}
		return code
	}
	if r.report != "" {
		rec := finishRecord()
		format, _ := report.FormatFor(r.report, "")
		if err := report.Render(rec, rec.Findings, r.report, format, s.Out); err != nil {
			fmt.Fprintf(s.Err, "dumpscope import: report %s: %v\n", r.report, err)
			if code == exitOK {
				code = exitFailure
			}
		} else {
			fmt.Fprintln(s.Err, "dumpscope: report written to", r.report)
		}
	}
	return failOnCode(s, r.failOn, sess.Findings(), code)
}
