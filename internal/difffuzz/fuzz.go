package difffuzz

import (
	"context"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Options are one fuzzing run's.
type Options struct {
	// Seed is the first script's seed; script i has Seed+i.
	Seed int64
	// Count is how many scripts to run; with Duration, whichever ends first (0: no bound
	// of that kind; one of them must be set).
	Count    int
	Duration time.Duration
	Modes    []Mode
	Config   Config
	// ModeOff are constructs left out in one mode (by name) only: that mode gets its own
	// script of the same seed, imported by the client for it.
	ModeOff map[string][]Construct
	// Out is the directory the shrunk script (and the original) are written to.
	Out string
	// ShrinkBudget bounds shrinking (0: 15 minutes).
	ShrinkBudget time.Duration
	// Log receives progress lines; nil discards them.
	Log io.Writer
	// KeepGoing goes on with the next seed after a difference (shrunk and written out
	// like the first), so that a run counts how many scripts a construct makes differ
	// (Result.Found), not only whether one does.
	KeepGoing bool
}

// Result is a run's outcome: how many scripts went through how many modes, and the first
// difference found (nil when none), with the script that showed it and its shrunk form.
type Result struct {
	Scripts  int
	Modes    int
	Refused  int // dumpscope refusals naming what to check (allowed, counted)
	Elapsed  time.Duration
	Diff     *Difference
	Original Script
	Shrunk   Script
	// File is the shrunk script's path under Options.Out; Server the file of what the
	// server was doing when a hang's import was killed (runner_bound.go), or "".
	File, Server string
	// Found are every difference of a KeepGoing run, one per seed (its first mode that
	// differed), the first one being Diff.
	Found []Finding
	// Killed, Spooled and Loaded count how far the fast paths were driven: imports a
	// kill interrupted (each then resumed), imports that spooled, batches loaded by LOAD
	// DATA (Outcome.Loaded, Outcome.Spooled).
	Killed, Spooled, Loaded int
	// KilledInLoad are the kills that landed while a LOAD DATA ran (Outcome.KillsInLoad).
	KilledInLoad int
	// Overlap counts the overlap mode's imports: stops, deep ones, resumes refused.
	Overlap OverlapStats
}

// Finding is one difference of a KeepGoing run.
type Finding struct {
	Seed       int64
	Mode, Kind string
	File       string // the shrunk script
	// Server is the file of what the server was doing when a hang's import was killed
	// (runner_bound.go), "" when none.
	Server string
}

// Line is the finding's one line: seed, mode, kind and files.
func (f Finding) Line() string {
	s := fmt.Sprintf("seed %d %s %s: %s", f.Seed, f.Mode, f.Kind, f.File)
	if f.Server != "" {
		s += " (the server at the bound: " + f.Server + ")"
	}
	return s
}

// Summary is the one-line report of a clean run.
func (r Result) Summary() string {
	s := fmt.Sprintf("%d scripts × %d modes clean in %s", r.Scripts, r.Modes, r.Elapsed.Round(time.Second))
	if r.Refused > 0 {
		s += fmt.Sprintf(" (%d refusals naming what to check)", r.Refused)
	}
	s += fmt.Sprintf("; %d imports killed and resumed (%d kills inside a LOAD DATA), %d spooled, %d batches loaded by LOAD DATA", r.Killed, r.KilledInLoad, r.Spooled, r.Loaded)
	if r.Overlap.Imports > 0 {
		s += "; overlap: " + r.Overlap.line()
	}
	return s
}

// Fuzz generates scripts from o.Seed on and checks each in every mode until o.Count
// scripts or o.Duration, stopping at the first difference (or, with o.KeepGoing, going
// on with the next seed after each), which it shrinks and writes to o.Out.
func Fuzz(ctx context.Context, r *Runner, o Options) (Result, error) {
	start := time.Now()
	logf := func(format string, args ...any) {
		if o.Log != nil {
			fmt.Fprintf(o.Log, format+"\n", args...)
		}
	}
	res := Result{Modes: len(o.Modes)}
	for i := 0; o.Count == 0 || i < o.Count; i++ {
		if o.Duration > 0 && time.Since(start) > o.Duration {
			break
		}
		if err := ctx.Err(); err != nil {
			return res, err
		}
		seed := o.Seed + int64(i)
		type ref struct {
			script Script
			want   Outcome
		}
		refs := map[string]ref{} // by the constructs left out
		for mi, mode := range o.Modes {
			cfg := o.Config
			cfg.Off = append(append([]Construct(nil), cfg.Off...), o.ModeOff[mode.Name]...)
			if cfg.Profile == "" || mode.Profile == ProfileFilter {
				cfg.Profile = mode.Profile
			}
			key := fmt.Sprint(cfg.Off, cfg.Profile)
			rf, ok := refs[key]
			if !ok {
				rf.script = Generate(seed, cfg)
				var err error
				if rf.want, err = r.Client(ctx, rf.script.Reference().SQL()); err != nil {
					return res, fmt.Errorf("seed %d: %w", seed, err)
				}
				refs[key] = rf
				status := "ok"
				if rf.want.Failed {
					status = "ERROR " + rf.want.ErrCode + " at line " + rf.want.ErrLine
				}
				filter := ""
				if rf.script.Filter != nil {
					filter = ", filter " + rf.script.Filter.String()
				}
				logf("seed %d (%s, profile %s%s): %d statements, %d rows, %d bytes; client: %s", seed, mode.Name, profileName(cfg.Profile), filter, len(rf.script.Stmts), rf.script.Rows(), len(rf.script.SQL()), status)
			}
			script, want, sql := rf.script, rf.want, rf.script.SQL()
			if mode.Overlap {
				d, st, err := r.Overlap(ctx, script, mode)
				if err != nil {
					return res, fmt.Errorf("seed %d %s: %w", seed, mode.Name, err)
				}
				res.Overlap.add(st)
				logf("seed %d %s: %s", seed, mode.Name, st.line())
				if d == nil {
					continue
				}
				if err := record(ctx, r, o, &res, d, script, mode, mi, "", logf); err != nil || !o.KeepGoing {
					res.Scripts, res.Elapsed = i+1, time.Since(start)
					return res, err
				}
				break
			}
			have, err := r.Dumpscope(ctx, sql, mode.For(script), killRand(seed, mi))
			if err != nil {
				return res, fmt.Errorf("seed %d %s: %w", seed, mode.Name, err)
			}
			if have.Kills > 0 {
				res.Killed++
				logf("seed %d %s: killed %d× (%d inside a LOAD DATA) and resumed", seed, mode.Name, have.Kills, have.KillsInLoad)
			}
			res.KilledInLoad += have.KillsInLoad
			if slices.Contains(mode.Args, "--load-data") {
				logf("seed %d %s: %d batches loaded by LOAD DATA", seed, mode.Name, have.Loaded)
			}
			if have.Spooled {
				res.Spooled++
			}
			res.Loaded += have.Loaded
			if have.Refused != "" {
				res.Refused++
				logf("seed %d %s: refused: %s", seed, mode.Name, firstLine(have.Refused))
			}
			d := Compare(mode.Name, want, have)
			if d == nil {
				continue
			}
			if err := record(ctx, r, o, &res, d, script, mode, mi, have.Output, logf); err != nil || !o.KeepGoing {
				res.Scripts, res.Elapsed = i+1, time.Since(start)
				return res, err
			}
			break // the seed's other modes: its next difference is likely the same
		}
		res.Scripts = i + 1
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// record logs difference d of script in mode, shrinks it and writes it out (found), and
// adds it to res; out is dumpscope's output, whose line saying why it stopped is logged.
func record(ctx context.Context, r *Runner, o Options, res *Result, d *Difference, script Script, mode Mode, mi int, out string, logf func(string, ...any)) error {
	seed := script.Seed
	logf("seed %d: DIFFERENCE in %s (%s): %s", seed, mode.Name, d.Kind, firstLine(d.Detail))
	if why := whyLine(out); why != "" {
		logf("seed %d %s: %s", seed, mode.Name, why) // a kill mode's may not come back when shrinking
	}
	f, err := found(ctx, r, o, Result{Diff: d, Original: script}, mode, mi, logf)
	if res.Diff == nil {
		res.Diff, res.Original, res.Shrunk, res.File, res.Server = f.Diff, f.Original, f.Shrunk, f.File, f.Server
	}
	fd := Finding{Seed: seed, Mode: mode.Name, Kind: d.Kind, File: f.File, Server: f.Server}
	res.Found = append(res.Found, fd)
	if fd.Server != "" {
		logf("%s", fd.Line())
	}
	return err
}

// found shrinks the difference in res (Diff, Original) and writes it out: res with Shrunk
// and File.
func found(ctx context.Context, r *Runner, o Options, res Result, mode Mode, mi int, logf func(string, ...any)) (Result, error) {
	var err error
	if res.Shrunk, err = shrink(ctx, r, o, res.Original, mode, mi, res.Diff, logf); err != nil {
		return res, err
	}
	res.File, res.Server, err = writeFinding(o.Out, res, mode, r)
	return res, err
}

// killRand is the source of a script's kill moments in mode mi: seeded, so a run names
// the same moments again (the import's own speed still moves where they land).
func killRand(seed int64, mi int) *rand.Rand {
	return rand.New(rand.NewSource(seed*7919 + int64(mi)))
}

func shrink(ctx context.Context, r *Runner, o Options, script Script, mode Mode, mi int, d *Difference, logf func(string, ...any)) (Script, error) {
	tries := 1
	if mode.Kill {
		tries = 2 // a kill lands elsewhere each time: give a candidate a second chance
	}
	sh := &Shrinker{Budget: o.ShrinkBudget, Test: func(ctx context.Context, s Script) (bool, error) {
		for t := range tries {
			got, err := r.CheckScript(ctx, s, mode, killRand(s.Seed, mi+t*100))
			if err != nil {
				return false, err
			}
			if got != nil && got.Sig == d.Sig {
				return true, nil
			}
		}
		return false, nil
	}}
	begin := time.Now()
	out, err := sh.Shrink(ctx, script)
	logf("shrunk seed %d from %d statements/%d rows to %d statements/%d rows in %d tries, %s",
		script.Seed, len(script.Stmts), script.Rows(), len(out.Stmts), out.Rows(), sh.Tests, time.Since(begin).Round(time.Second))
	return out, err
}

// writeFinding writes the shrunk script, with a header saying what it shows, and the
// original script to dir (a hang's server state too: runner_bound.go); it returns the
// shrunk one's path and the server state's.
func writeFinding(dir string, res Result, mode Mode, r *Runner) (shrunk, server string, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", "", err
	}
	// The shrunk script's own difference, for the header: the detail of the original
	// names lines of the original.
	detail, state := res.Diff.Detail, res.Diff.Server
	if d, err := r.CheckScript(context.Background(), res.Shrunk, mode, killRand(res.Shrunk.Seed, 0)); err == nil && d != nil {
		detail = d.Detail
		if d.Server != "" {
			state = d.Server
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "-- difffuzz: the mariadb client and `dumpscope import` disagree on this script.\n")
	flags := strings.Join(mode.For(res.Original).Args, " ")
	if flags == "" {
		flags = "without mode flags"
	}
	fmt.Fprintf(&b, "-- seed %d, mode %s (dumpscope import %s), kind %s.\n", res.Original.Seed, mode.Name, flags, res.Diff.Kind)
	fmt.Fprintf(&b, "-- Shrunk from %d statements and %d rows to %d statements and %d rows.\n",
		len(res.Original.Stmts), res.Original.Rows(), len(res.Shrunk.Stmts), res.Shrunk.Rows())
	fmt.Fprintf(&b, "-- The original: go run ./scripts/difffuzz --dumpscope BIN --seed %d --count 1 --modes %s\n", res.Original.Seed, mode.Name)
	fmt.Fprintf(&b, "-- (line numbers in the detail below count from the first line after this header)\n--\n")
	for _, l := range strings.Split(detail, "\n") {
		fmt.Fprintf(&b, "-- %s\n", strings.ToValidUTF8(l, "?"))
	}
	b.WriteString("\n")
	name := fmt.Sprintf("seed-%d-%s", res.Original.Seed, mode.Name)
	shrunk = filepath.Join(dir, name+".sql")
	if server, err = writeServerState(shrunk, state); err != nil {
		return "", "", err
	}
	if server != "" {
		fmt.Fprintf(&b, "-- What the server was doing when the import reached the bound: %s\n\n", server)
	}
	if err := os.WriteFile(shrunk, append([]byte(b.String()), res.Shrunk.SQL()...), 0o644); err != nil {
		return "", "", err
	}
	if err := os.WriteFile(filepath.Join(dir, name+".orig.sql"), res.Original.SQL(), 0o644); err != nil {
		return "", "", err
	}
	if mode.Overlap { // the shrunk script's P and D, as the header's run made them
		if err := os.WriteFile(filepath.Join(dir, name+".target.sql"), r.lastOverlap.target, 0o644); err != nil {
			return "", "", err
		}
		if err := os.WriteFile(filepath.Join(dir, name+".input.sql"), r.lastOverlap.input, 0o644); err != nil {
			return "", "", err
		}
	}
	if res.Shrunk.Filter != nil { // what the client ran: the statements the filter keeps
		if err := os.WriteFile(filepath.Join(dir, name+".ref.sql"), res.Shrunk.Reference().SQL(), 0o644); err != nil {
			return "", "", err
		}
	}
	return shrunk, server, nil
}

// profileName is p as --profile names it.
func profileName(p Profile) string {
	if p == "" {
		return string(ProfileGeneral)
	}
	return string(p)
}

// whyLine is dumpscope's "dumpscope import: …" line of out that says why it stopped
// (the last one), cut to 600 bytes; "" when there is none.
func whyLine(out string) string {
	why := ""
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "dumpscope import:") && !strings.Contains(l, "the rest of the dump runs on one connection") {
			why = l
		}
	}
	if len(why) > 600 {
		why = why[:600] + "…"
	}
	return why
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
