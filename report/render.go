package report

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/dumpscope/dumpscope/internal/units"
	"github.com/dumpscope/dumpscope/runrecord"
)

// A report is a list of sections in a fixed order (pt-mysql-summary's habit: the same
// headings every time, so two reports diff line by line and paste into mail). Each
// renderer formats the same sections.
type section struct {
	title  string
	blocks []any // para, kv, table
}

// para is lines of prose (wrapped by the text renderer).
type para []string

// line is one line no renderer wraps: the "verdict:" line, which scripts find as
// ^verdict:.
type line string

// heading is a finding's first line (a sub-heading in Markdown and HTML).
type heading string

// kv is name/value lines.
type kv [][2]string

// table is a header and rows; numeric columns are right-aligned.
type table struct {
	head  []string
	rows  [][]string
	right []bool
}

const textWidth = 80

// document lays out an analysis as sections.
func document(a *Analysis) []section {
	doc := []section{verdictSection(a), findingsSection(a)}
	for _, optional := range []func(*Analysis) (section, bool){restoreSection, tablesSection, devicesSection, innodbSection} {
		if s, ok := optional(a); ok {
			doc = append(doc, s)
		}
	}
	return append(doc, factsSection(a), runSection(a))
}

// verdictSection: the run in one line, then what went wrong.
func verdictSection(a *Analysis) section {
	v := section{title: "Verdict"}
	v.blocks = append(v.blocks, para{a.Verdict.Text}, line(a.Verdict.Line))
	if a.Outcome.Error != "" && a.Outcome.Status != runrecord.OutcomeInterrupted {
		where := ""
		if a.Outcome.Offset != nil && a.Outcome.Line != nil {
			where = fmt.Sprintf(" (offset %d, line %d)", *a.Outcome.Offset, *a.Outcome.Line)
		}
		v.blocks = append(v.blocks, para{"error" + where + ": " + a.Outcome.Error})
	}
	var counts kv
	if a.Outcome.Warnings > 0 {
		counts = append(counts, [2]string{"server warnings", strconv.FormatInt(a.Outcome.Warnings, 10)})
	}
	if a.Outcome.Errors > 0 {
		counts = append(counts, [2]string{"SQL errors skipped", strconv.FormatInt(a.Outcome.Errors, 10)})
	}
	if rc := a.Outcome.RowCheck; rc != nil {
		counts = append(counts, [2]string{"row check", fmt.Sprintf("%d tables, %d differ", rc.Tables, len(rc.Differing))})
	}
	if len(counts) > 0 {
		v.blocks = append(v.blocks, counts)
	}
	return v
}

// findingsSection: each finding with when, evidence, the settings it changes and how.
func findingsSection(a *Analysis) section {
	fs := section{title: "Findings"}
	if len(a.Findings) == 0 {
		fs.blocks = append(fs.blocks, para{"none"})
	}
	// A finding that fired again after clearing is one block: every interval under
	// "when", the evidence and advice of its last firing.
	var order []string
	byID := map[string][]FindingView{}
	for _, f := range a.Findings {
		if byID[f.ID] == nil {
			order = append(order, f.ID)
		}
		byID[f.ID] = append(byID[f.ID], f)
	}
	for _, id := range order {
		all := byID[id]
		f := all[len(all)-1]
		lines := kv{{"when", findingWhen(all)}, {"evidence", f.EvidenceText}}
		for _, c := range f.Changes {
			cur := cnfValue(c.Current)
			if cur == "" {
				cur = "(not reported)"
			}
			if c.AlreadySet {
				lines = append(lines, [2]string{"setting", fmt.Sprintf("%s is already %s: nothing to change", c.Name, cur)})
			} else {
				lines = append(lines, [2]string{"change", fmt.Sprintf("%s: %s → %s", c.Name, cur, c.Recommended)})
			}
		}
		if !f.AlreadySet {
			lines = append(lines, [2]string{"how", f.Recommendation})
		}
		fs.blocks = append(fs.blocks, heading(fmt.Sprintf("%s %s: %s", strings.ToUpper(string(f.Severity)), f.ID, f.Title)), lines)
	}
	return fs
}

// findingWhen lists a finding's active intervals (the first five, then how many more)
// and their total.
func findingWhen(all []FindingView) string {
	var parts []string
	total := 0.0
	for i, f := range all {
		total += f.ActiveSeconds
		if i == 5 {
			parts = append(parts, fmt.Sprintf("… and %d more", len(all)-5))
		}
		if i >= 5 {
			continue
		}
		until := "the end"
		if f.ClearedAt != nil {
			until = "+" + units.FormatDuration(*f.ClearedAt)
		}
		parts = append(parts, fmt.Sprintf("+%s to %s", units.FormatDuration(f.FiredAt), until))
	}
	if len(all) == 1 {
		return fmt.Sprintf("%s (%s)", parts[0], units.FormatSpan(total))
	}
	return fmt.Sprintf("%s (%d times, %s in all)", strings.Join(parts, ", "), len(all), units.FormatSpan(total))
}

// restoreSection: totals and the throughput's spread per 1 s and 10 s (seed 004).
func restoreSection(a *Analysis) (section, bool) {
	if a.Restore == nil {
		return section{}, false
	}
	r := a.Restore
	s := section{title: "Restore"}
	s.blocks = append(s.blocks, kv{
		{"duration", units.FormatDuration(r.Seconds)},
		{"SQL", fmt.Sprintf("%s in %d statements, %d rows", units.FormatBytes(float64(r.Bytes)), r.Statements, r.Rows)},
		{"average", fmt.Sprintf("%s, %s rows/s", units.FormatBytes(r.BytesPerSec)+"/s", num(r.RowsPerSec))},
	})
	t := table{head: []string{"throughput", "windows", "p5", "median", "p95", "max"}, right: []bool{false, true, true, true, true, true}}
	for _, w := range []struct {
		name string
		p    *Pct
	}{{"per 1 s", r.Throughput1s}, {"per 10 s", r.Throughput10s}} {
		if w.p == nil {
			continue
		}
		t.rows = append(t.rows, []string{w.name, strconv.Itoa(w.p.N), units.FormatBytes(w.p.P5) + "/s", units.FormatBytes(w.p.Median) + "/s", units.FormatBytes(w.p.P95) + "/s", units.FormatBytes(w.p.Max) + "/s"})
	}
	if len(t.rows) > 0 {
		s.blocks = append(s.blocks, t)
	}
	return s, true
}

// tablesSection: phases and the slowest tables (seed 000).
func tablesSection(a *Analysis) (section, bool) {
	if len(a.Tables) == 0 && len(a.Phases) == 0 {
		return section{}, false
	}
	s := section{title: "Phases and tables"}
	if len(a.Phases) > 0 {
		t := table{head: []string{"phase", "from", "to", "time"}, right: []bool{false, true, true, true}}
		for _, p := range a.Phases {
			t.rows = append(t.rows, []string{p.Name, "+" + units.FormatDuration(p.StartT), "+" + units.FormatDuration(p.EndT), units.FormatDuration(p.EndT - p.StartT)})
		}
		s.blocks = append(s.blocks, t)
	}
	if len(a.Tables) > 0 {
		total := 0.0
		for _, t := range a.Tables {
			total += t.Seconds
		}
		t := table{head: []string{"table (slowest first)", "rows", "time", "share", "rows/s"}, right: []bool{false, true, true, true, true}}
		const shown = 15
		for i, tt := range a.Tables {
			if i == shown {
				t.rows = append(t.rows, []string{fmt.Sprintf("… %d more", len(a.Tables)-shown), "", "", "", ""})
				break
			}
			rate := ""
			if tt.Seconds > 0 && tt.Rows > 0 {
				rate = num(float64(tt.Rows) / tt.Seconds)
			}
			share := ""
			if total > 0 {
				share = fmt.Sprintf("%.0f %%", 100*tt.Seconds/total)
			}
			t.rows = append(t.rows, []string{clip(tt.Name, 40), strconv.FormatInt(tt.Rows, 10), units.FormatSpan(tt.Seconds), share, rate})
		}
		s.blocks = append(s.blocks, t, para{"Table times are at tick resolution: the time between ticks counts for the table the importer was on at the later tick."})
	}
	switch {
	case a.PhasesFromTicks && len(a.Phases) > 0 && a.Phases[0].Name != rowsPhaseFirst:
		// A current record: its ticks carry the importer's phase; nothing is missing.
		s.blocks = append(s.blocks, para{"Phase times are at tick resolution: a phase runs from the first tick that reported it to the next phase's first tick."})
	case a.PhasesFromTicks:
		s.blocks = append(s.blocks, para{"Phases come from the ticks (the record has none), at tick resolution: the phase each tick reported, or, in records without one, the time before the first row, while rows arrived and after the last row (index builds, triggers and routines, the row count)."})
	}
	return s, true
}

// devicesSection: identity, sync-write class and iostat columns per device (seed 002).
func devicesSection(a *Analysis) (section, bool) {
	if len(a.Devices) == 0 && len(a.CPU) == 0 {
		return section{}, false
	}
	s := section{title: "Devices"}
	for _, d := range a.Devices {
		s.blocks = append(s.blocks, para{d.Name + ": " + deviceIdentity(d)})
		if len(d.Columns) == 0 {
			continue
		}
		t := table{head: []string{d.Name, "avg", "p95", "max"}, right: []bool{false, true, true, true}}
		for _, c := range d.Columns {
			t.rows = append(t.rows, []string{c.Name, num(c.Avg), num(c.P95), num(c.Max)})
		}
		s.blocks = append(s.blocks, t)
	}
	if len(a.CPU) > 0 {
		t := table{head: []string{"CPU", "avg", "p95", "max"}, right: []bool{false, true, true, true}}
		for _, c := range a.CPU {
			t.rows = append(t.rows, []string{c.Name, num(c.Avg), num(c.P95), num(c.Max)})
		}
		s.blocks = append(s.blocks, t)
	}
	return s, true
}

// innodbSection: checkpoint age against its maximum over the run, and the redo rate.
func innodbSection(a *Analysis) (section, bool) {
	if a.InnoDB == nil {
		return section{}, false
	}
	in := a.InnoDB
	s := section{title: "InnoDB redo"}
	var k kv
	if in.MaxCheckpointAgeBytes > 0 {
		k = append(k, [2]string{"max checkpoint age", units.FormatBytes(float64(in.MaxCheckpointAgeBytes))})
	}
	if in.RedoCapacityBytes > 0 {
		k = append(k, [2]string{"redo capacity", units.FormatBytes(float64(in.RedoCapacityBytes))})
	}
	if p := in.AgePct; p != nil {
		k = append(k,
			[2]string{"checkpoint age", fmt.Sprintf("avg %.0f %%, p95 %.0f %%, max %.0f %% of the maximum", p.Avg, p.P95, p.Max)},
			[2]string{"at ≥ 7/8 (async flush)", units.FormatSpan(in.SecondsAboveAsync)},
			[2]string{"at ≥ 15/16 (sync flush)", units.FormatSpan(in.SecondsAboveSync)})
	}
	if p := in.RedoRate; p != nil {
		k = append(k, [2]string{"redo rate", fmt.Sprintf("avg %s/s, p95 %s/s", units.FormatBytes(p.Avg), units.FormatBytes(p.P95))})
		line := units.FormatBytes(in.HourOfRedo)
		if in.RedoCapacityBytes > 0 {
			line += fmt.Sprintf(" (%.1f× the redo capacity)", in.HourOfRedo/float64(in.RedoCapacityBytes))
		}
		k = append(k, [2]string{"an hour of redo", line})
	}
	s.blocks = append(s.blocks, k)
	if len(in.Tenths) > 0 {
		t := table{head: []string{"checkpoint age", "mean", "max", ""}, right: []bool{false, true, true, false}}
		for _, x := range in.Tenths {
			t.rows = append(t.rows, []string{fmt.Sprintf("+%s–+%s", units.FormatDuration(x.FromT), units.FormatDuration(x.ToT)),
				fmt.Sprintf("%.0f %%", x.Mean), fmt.Sprintf("%.0f %%", x.Max), bar(x.Mean, 100, 20)})
		}
		s.blocks = append(s.blocks, t)
	}
	return s, true
}

// factsSection: host, server and the variables a restore depends on.
func factsSection(a *Analysis) section {
	facts := section{title: "Host, server and devices"}
	if h := a.Host; h != nil {
		facts.blocks = append(facts.blocks, kv{
			{"CPU", fmt.Sprintf("%s, %d cores", orDash(h.CPUModel), h.Cores)},
			{"memory", units.FormatBytes(float64(h.MemoryBytes))},
			{"kernel", orDash(h.Kernel)},
		})
	}
	sk := kv{{"server", strings.TrimSpace(a.Server.Flavor + " " + a.Server.Version)}}
	for _, v := range a.Server.Variables {
		sk = append(sk, [2]string{v[0], cnfValue(v[1])})
	}
	facts.blocks = append(facts.blocks, sk)
	if p := a.Probe; p != nil {
		facts.blocks = append(facts.blocks, kv{{"sync-write probe", fmt.Sprintf("%s: %.0f syncs/s, p50 %.2f ms, p99 %.2f ms, %s", p.Dir, p.OpsPerSec, p.P50Ms, p.P99Ms, p.Class)}})
	}
	return facts
}

// runSection: when, how long, how sampled, and the command line.
func runSection(a *Analysis) section {
	run := section{title: "Run"}
	run.blocks = append(run.blocks, kv{
		{"started", a.StartedAt.UTC().Format(time.RFC3339)},
		{"duration", units.FormatDuration(a.DurationSeconds)},
		{"samples", fmt.Sprintf("%d, every %s", a.Samples, units.FormatSpan(a.IntervalSeconds))},
		{"record", fmt.Sprintf("version %d", a.RecordVersion)},
		{"command", strings.Join(a.Command, " ")},
	})
	return run
}

func deviceIdentity(d DeviceView) string {
	var parts []string
	if d.Kind != "" {
		k := d.Kind
		if len(d.Members) > 0 {
			k += " of " + strings.Join(d.Members, ", ")
		}
		parts = append(parts, k)
	}
	if d.Model != "" {
		parts = append(parts, d.Model)
	}
	if d.Rotational != nil {
		if *d.Rotational {
			parts = append(parts, "rotational")
		} else {
			parts = append(parts, "non-rotational")
		}
	}
	if d.WriteCache != "" {
		parts = append(parts, d.WriteCache)
	}
	var holds []string
	for _, r := range d.Role {
		if r == "member" {
			parts = append(parts, "member of an array or volume")
		} else {
			holds = append(holds, r)
		}
	}
	if len(holds) > 0 {
		parts = append(parts, "holds the "+strings.Join(holds, ", "))
	}
	if d.FSType != "" {
		parts = append(parts, d.FSType+" on "+d.MountPoint)
	}
	if d.Class != "" {
		parts = append(parts, fmt.Sprintf("sync-write class %s (%s)", d.Class, d.ClassSource))
	}
	if len(parts) == 0 {
		return "no identity recorded"
	}
	return strings.Join(parts, "; ")
}

// cnfValue writes a server value the way my.cnf takes it: exact binary sizes with a
// suffix (134217728 → 128M), anything else as is.
func cnfValue(s string) string {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 1<<20 {
		return s
	}
	for _, u := range []struct {
		suffix string
		size   int64
	}{{"T", 1 << 40}, {"G", 1 << 30}, {"M", 1 << 20}} {
		if n%u.size == 0 {
			return fmt.Sprintf("%d%s", n/u.size, u.suffix)
		}
	}
	return s
}

// num writes a measured value with precision that suits its size.
func num(x float64) string {
	switch ax := max(x, -x); {
	case ax >= 1000:
		return strconv.FormatFloat(x, 'f', 0, 64)
	case ax >= 100:
		return strconv.FormatFloat(x, 'f', 1, 64)
	case ax == 0:
		return "0"
	}
	return strconv.FormatFloat(x, 'f', 2, 64)
}

func bar(x, full float64, width int) string {
	n := int(x/full*float64(width) + 0.5)
	return strings.Repeat("#", max(0, min(n, width)))
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
