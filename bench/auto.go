package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/units"
	"github.com/dumpscope/dumpscope/rules"
)

// ErrNothingToTest is Auto's answer when the first run gave it nothing to measure: no
// finding advised a server setting and no second variant was given. Measuring the
// baseline alone (DefaultRepeat more runs, over a minute on the sample) could only end
// "inconclusive: nothing to compare it with", so Auto says so after the first run, with
// what a measurement would take.
var ErrNothingToTest = errors.New("nothing to test")

// Auto runs the first variant (or the server's defaults) once and adds a variant for each
// finding whose advice is a setting: the advice, verified by experiment. The error wraps
// ErrNothingToTest, with what the first run found and how to measure a setting anyway,
// when there is nothing to compare the first variant with.
func (b *Bench) Auto(ctx context.Context, given []Variant) ([]Variant, error) {
	base := Variant{Name: "defaults"}
	if len(given) > 0 {
		base = given[0]
	}
	fmt.Fprintf(b.o.Log, "dumpscope bench --auto: a first run on %s to see what the advisor recommends\n", Describe(base))
	start := time.Now()
	run, findings, err := b.runOne(ctx, base, 0, "auto-probe")
	if err != nil {
		return nil, err
	}
	if run.Status != "ok" {
		return nil, fmt.Errorf("the first run did not finish (%s): %s", run.Status, run.Error)
	}
	b.runSeconds = time.Since(start).Seconds()
	fmt.Fprintf(b.o.Log, "dumpscope bench --auto: the first run's record: %s\n", run.Record)
	return autoPlan(b.o.Log, base, given, findings, b.runSeconds, b.o.Repeat)
}

// autoPlan is Auto's plan once the first run is in: the given variants and one per
// finding whose advice is a setting, plus all the advice together; ErrNothingToTest when
// that leaves the base alone. runSeconds is the first run's wall time (sandbox start
// included), from which the error says what measuring one setting would take.
func autoPlan(log io.Writer, base Variant, given []Variant, findings []advisor.Finding, runSeconds float64, repeat int) ([]Variant, error) {
	out := append([]Variant{base}, given[min(1, len(given)):]...)
	out = append(out, adviceVariants(log, base, findings)...)
	if len(out) == 1 {
		what := "raised no finding"
		if ids := findingIDs(findings); len(ids) > 0 {
			what = "raised no finding whose advice is a server setting (" + strings.Join(ids, ", ") + ": not a setting)"
		}
		spec := base.Name
		if len(base.Settings) > 0 {
			spec += ":" + strings.Join(base.Settings, ",")
		}
		return nil, fmt.Errorf("%w: the first run, on %s, took %s and %s; to measure a setting anyway, name it: --variant %s --variant NAME:var=value (%d runs of each, about %s)",
			ErrNothingToTest, Describe(base), units.FormatDuration(runSeconds), what, spec, repeat, units.FormatDuration(float64(2*repeat)*runSeconds))
	}
	if all, ok := allAdvice(base, out[1:]); ok {
		fmt.Fprintf(log, "dumpscope bench --auto: all the advice together → variant %s\n", Describe(all))
		out = append(out, all)
	}
	return out, nil
}

// findingIDs are the findings' ids, each once, in the order they first fired.
func findingIDs(findings []advisor.Finding) []string {
	var ids []string
	for _, f := range findings {
		if !slices.Contains(ids, f.ID) {
			ids = append(ids, f.ID)
		}
	}
	return ids
}

// adviceVariants turns each finding's advice into a variant: base with the finding's
// settings. A rule that fired, cleared and fired again in the first run is one finding
// (its latest advice): two variants of one name were run twice as often and summed
// into one row.
func adviceVariants(log io.Writer, base Variant, findings []advisor.Finding) []Variant {
	var out []Variant
	seen := map[string]int{} // finding id → index in out
	for _, f := range findings {
		changes := rules.Changes(f)
		if len(changes) == 0 {
			if _, dup := seen[f.ID]; !dup {
				fmt.Fprintf(log, "dumpscope bench --auto: %s: its advice is not a server setting; not measured\n", f.ID)
				seen[f.ID] = -1
			}
			continue
		}
		v := Variant{Name: f.ID, From: f.ID, Settings: append([]string{}, base.Settings...)}
		for _, c := range changes {
			v.Settings = setSetting(v.Settings, c.Name, c.Value)
		}
		if i, dup := seen[f.ID]; dup && i >= 0 {
			out[i] = v
			continue
		}
		fmt.Fprintf(log, "dumpscope bench --auto: %s → variant %s\n", f.ID, Describe(v))
		seen[f.ID] = len(out)
		out = append(out, v)
	}
	return out
}

// allAdviceName names the variant that applies every piece of advice at once: advice
// measured alone can each look small while together they are what the operator would
// deploy (or one can cancel another).
const allAdviceName = "all-advice"

// allAdvice is base with the changes of every advice variant (those with From: each is
// base plus its advice), when there are two or more; the later variant wins a setting two
// of them change.
func allAdvice(base Variant, variants []Variant) (Variant, bool) {
	all := Variant{Name: allAdviceName, Settings: append([]string{}, base.Settings...)}
	var from []string
	for _, v := range variants {
		if v.From == "" {
			continue
		}
		from = append(from, v.From)
		for _, kv := range v.Settings {
			if slices.Contains(base.Settings, kv) {
				continue // the baseline's own, not advice
			}
			name, value, _ := strings.Cut(kv, "=")
			all.Settings = setSetting(all.Settings, name, value)
		}
	}
	all.From = strings.Join(from, "+")
	return all, len(from) >= 2
}

// setSetting replaces or adds name=value.
func setSetting(settings []string, name, value string) []string {
	for i, kv := range settings {
		if k, _, _ := strings.Cut(kv, "="); k == name {
			settings[i] = name + "=" + value
			return settings
		}
	}
	return append(settings, name+"="+value)
}
