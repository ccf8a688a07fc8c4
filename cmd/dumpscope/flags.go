package main

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/dumpscope/dumpscope/internal/dbconn"
)

// Flags follow GNU conventions through spf13/pflag: --long names, the mariadb client's
// short letters for the connection (-h is the host wherever a command connects, and means
// nothing elsewhere), flags anywhere on the line, --help and -? on every command with the
// help on stdout, grouped by purpose. A usage error names the one flag at fault, suggests
// the closest name, and exits with exitUsage.

// groupAnnotation is the pflag annotation that files a flag under a help section.
const groupAnnotation = "dumpscope_group"

// Help section titles, in the order commands use them.
const (
	groupConnection = "Connection (as for the mariadb client; option files are read too)"
	groupImport     = "Import"
	groupSpeed      = "Speed and safety"
	groupSandbox    = "Sandbox (a throwaway server)"
	groupOutput     = "Output"
	groupOptions    = "Options"
)

// cmdFlags is one command's flag set and the text of its --help.
type cmdFlags struct {
	*pflag.FlagSet
	name     string   // the command, as typed after dumpscope
	synopsis []string // usage lines without "dumpscope NAME"
	about    string   // what the command does, one paragraph
	examples []string // "command  # what it does" lines
	current  string   // section the next flags go to
	sections []string // section titles in first-use order
	help     bool
	conn     *dbconn.Options
}

func newCmdFlags(name, about string, synopsis ...string) *cmdFlags {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are printed by parse, help by usage
	fs.Usage = func() {}
	fs.SortFlags = false
	f := &cmdFlags{FlagSet: fs, name: name, about: about, synopsis: synopsis}
	return f
}

// section files the flags registered from now on under title in the help.
func (f *cmdFlags) section(title string) {
	f.tag()
	f.current = title
}

// tag files every flag not yet filed under the current section.
func (f *cmdFlags) tag() {
	title := f.current
	if title == "" {
		title = groupOptions
	}
	f.VisitAll(func(fl *pflag.Flag) {
		if _, ok := fl.Annotations[groupAnnotation]; ok || fl.Name == "help" {
			return
		}
		_ = f.SetAnnotation(fl.Name, groupAnnotation, []string{title})
	})
	if len(f.sections) == 0 || f.sections[len(f.sections)-1] != title {
		used := false
		f.VisitAll(func(fl *pflag.Flag) {
			if v := fl.Annotations[groupAnnotation]; len(v) == 1 && v[0] == title {
				used = true
			}
		})
		if used && !contains(f.sections, title) {
			f.sections = append(f.sections, title)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// connection registers the mariadb client's connection flags in their own section.
func (f *cmdFlags) connection() *dbconn.Options {
	f.section(groupConnection)
	f.conn = dbconn.AddFlags(f.FlagSet)
	return f.conn
}

// duration registers a duration flag that also takes plain seconds (3, 0.5), as
// `dumpscope iostat 1` and the mariadb client's timeouts do.
func (f *cmdFlags) duration(p *time.Duration, name string, value time.Duration, usage string) {
	*p = value
	f.Var(&secondsValue{p}, name, usage)
}

// secondsValue is a time.Duration flag that reads a bare number as seconds.
type secondsValue struct{ d *time.Duration }

func (v *secondsValue) Type() string { return "duration" }

func (v *secondsValue) String() string {
	if v.d == nil {
		return ""
	}
	return v.d.String()
}

func (v *secondsValue) Set(s string) error {
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if f < 0 {
			return errors.New("want a duration of 0 or more")
		}
		*v.d = time.Duration(f * float64(time.Second))
		return nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return errors.New("want seconds (3, 0.5) or a duration (500ms, 2m, 1h30m)")
	}
	*v.d = d
	return nil
}

// usageError is a command-line mistake: printed with a pointer to --help, exit 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

// fail prints a usage error for this command and returns the exit code.
func (f *cmdFlags) fail(s stdio, err error) int {
	fmt.Fprintf(s.Err, "dumpscope %s: %v\n", f.name, err)
	fmt.Fprintf(s.Err, "Try 'dumpscope %s --help' for more information.\n", f.name)
	return exitUsage
}

// parse parses args. ok is false when the command should return code at once: after
// --help (exit 0, help on stdout) or a usage error (exit 2, one line on stderr).
func (f *cmdFlags) parse(args []string, s stdio) (code int, ok bool) {
	f.tag()
	if f.Lookup("help") == nil {
		f.BoolVarP(&f.help, "help", "?", false, "show this help and exit")
	}
	if c, ok := s.Err.(*flagCollector); ok {
		c.sets = append(c.sets, f)
		return exitOK, false
	}
	if err := f.checkSingleDash(args); err != nil {
		return f.fail(s, err), false
	}
	if f.conn != nil {
		pre, err := dbconn.PreprocessArgs(f.FlagSet, args)
		if err != nil {
			return f.fail(s, err), false
		}
		args = pre
	}
	if err := f.Parse(args); err != nil || f.help {
		if f.help {
			f.usage(s.Out)
			return exitOK, false
		}
		return f.fail(s, f.explain(err)), false
	}
	return 0, true
}

// checkSingleDash refuses a long name after one dash (-parallel): pflag would read it as
// short flags, and -parallel as the password "arallel".
func (f *cmdFlags) checkSingleDash(args []string) error {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return nil
		}
		if strings.HasPrefix(a, "--") {
			name, _, hasEq := strings.Cut(a[2:], "=")
			if fl := f.Lookup(name); fl != nil && !hasEq && fl.NoOptDefVal == "" {
				i++ // its value
			}
			continue
		}
		if len(a) < 3 || a[0] != '-' {
			if len(a) == 2 && a[0] == '-' {
				if fl := f.ShorthandLookup(a[1:]); fl != nil && fl.NoOptDefVal == "" {
					i++
				}
			}
			continue
		}
		name, _, _ := strings.Cut(a[1:], "=")
		if fl := f.Lookup(name); fl != nil {
			return usagef("%s: long options take two dashes: --%s", a, a[1:])
		}
	}
	return nil
}

// explain turns a pflag error into one line naming the flag and, for an unknown one, the
// closest known name.
func (f *cmdFlags) explain(err error) error {
	var notExist *pflag.NotExistError
	var invalid *pflag.InvalidValueError
	var needs *pflag.ValueRequiredError
	switch {
	case errors.Is(err, pflag.ErrHelp):
		// pflag's own reading of an undefined -h.
		return usagef("unknown flag -h (help is --help or -?; -h is the server host only on commands that connect)")
	case errors.As(err, &notExist):
		name := notExist.GetSpecifiedName()
		if short := notExist.GetSpecifiedShortnames(); short != "" && len(name) == 1 {
			if name == "h" {
				return usagef("unknown flag -h (help is --help or -?; -h is the server host only on commands that connect)")
			}
			return usagef("unknown flag -%s in -%s", name, short)
		}
		msg := fmt.Sprintf("unknown flag --%s", name)
		if s := f.suggest(name); s != "" {
			msg += fmt.Sprintf(" (did you mean --%s?)", s)
		}
		return usagef("%s", msg)
	case errors.As(err, &invalid):
		fl := invalid.GetFlag()
		return usagef("--%s %q: %v", fl.Name, invalid.GetValue(), errors.Unwrap(err))
	case errors.As(err, &needs):
		fl := needs.GetFlag()
		name, _ := pflag.UnquoteUsage(fl)
		return usagef("--%s needs a value (--%s %s)", fl.Name, fl.Name, name)
	}
	return err
}

// suggest returns the flag name closest to name, or "" when none is close.
func (f *cmdFlags) suggest(name string) string {
	best, bestDist := "", 1<<30
	f.VisitAll(func(fl *pflag.Flag) {
		if fl.Hidden {
			return
		}
		d := editDistance(name, fl.Name)
		if strings.HasPrefix(fl.Name, name) && len(name) >= 3 {
			d = min(d, 1)
		}
		if d < bestDist {
			best, bestDist = fl.Name, d
		}
	})
	if bestDist <= max(2, len(name)/4) {
		return best
	}
	return ""
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// helpWidth is the width --help wraps at: a man page's.
const helpWidth = 80

// usage writes the command's help: synopsis, description, flags by section, examples.
func (f *cmdFlags) usage(w io.Writer) {
	f.tag()
	for i, line := range f.synopsis {
		lead := "Usage: "
		if i > 0 {
			lead = "       "
		}
		fmt.Fprintf(w, "%sdumpscope %s %s\n", lead, f.name, line)
	}
	if f.about != "" {
		fmt.Fprintln(w)
		writeWrapped(w, f.about, "", helpWidth)
	}
	bySection := map[string][]*pflag.Flag{}
	f.VisitAll(func(fl *pflag.Flag) {
		if fl.Hidden || fl.Name == "help" {
			return
		}
		t := groupOptions
		if v := fl.Annotations[groupAnnotation]; len(v) == 1 {
			t = v[0]
		}
		bySection[t] = append(bySection[t], fl)
	})
	sections := append([]string(nil), f.sections...)
	var extra []string
	for t := range bySection {
		if !contains(sections, t) {
			extra = append(extra, t)
		}
	}
	sort.Strings(extra)
	sections = append(sections, extra...)
	help := f.Lookup("help")
	if len(sections) == 0 {
		sections = []string{groupOptions}
	}
	for i, t := range sections {
		list := bySection[t]
		if i == len(sections)-1 && help != nil {
			list = append(list, help)
		}
		if len(list) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s:\n", t)
		for _, fl := range list {
			writeFlag(w, fl)
		}
	}
	if len(f.examples) > 0 {
		fmt.Fprintln(w, "\nExamples:")
		for _, e := range f.examples {
			cmd, what, _ := strings.Cut(e, "  # ")
			fmt.Fprintf(w, "  %s\n", cmd)
			if what != "" {
				writeWrapped(w, what, "      ", helpWidth)
			}
		}
	}
}

// flagColumn is where flag descriptions start.
const flagColumn = 30

func writeFlag(w io.Writer, fl *pflag.Flag) {
	placeholder, text := pflag.UnquoteUsage(fl)
	left := "      --" + fl.Name
	if fl.Shorthand != "" {
		left = "  -" + fl.Shorthand + ", --" + fl.Name
	}
	switch {
	case fl.Name == "password":
		left += "[=" + placeholder + "]"
	case placeholder != "" && fl.NoOptDefVal == "":
		left += " " + placeholder
	}
	if d := fl.DefValue; d != "" && d != "0" && d != "0s" && fl.NoOptDefVal == "" && fl.Value.Type() != "strings" {
		text += " (default " + d + ")"
	}
	if len(left) >= flagColumn-1 {
		fmt.Fprintln(w, left)
		writeWrapped(w, text, strings.Repeat(" ", flagColumn), helpWidth)
		return
	}
	var b strings.Builder
	writeWrapped(&b, text, strings.Repeat(" ", flagColumn), helpWidth)
	fmt.Fprintf(w, "%-*s%s", flagColumn, left, strings.TrimLeft(b.String(), " "))
}

// writeWrapped writes text word-wrapped at width, every line starting with indent.
func writeWrapped(w io.Writer, text, indent string, width int) {
	line := indent
	for _, word := range strings.Fields(text) {
		if len(line) > len(indent) && len(line)+1+len(word) > width {
			fmt.Fprintln(w, line)
			line = indent
		}
		if len(line) > len(indent) {
			line += " "
		}
		line += word
	}
	fmt.Fprintln(w, line)
}

// noArgs is a usage error when there are positional arguments.
func (f *cmdFlags) noArgs() error {
	if f.NArg() > 0 {
		return usagef("unexpected argument %q", f.Arg(0))
	}
	return nil
}

// noEffect warns, once per flag, about each of names given on the command line although
// it does nothing in this combination (why says which). A flag silently ignored is a
// setting the user believes in and does not get.
func (f *cmdFlags) noEffect(s stdio, why string, names ...string) {
	for _, n := range names {
		if fl := f.Lookup(n); fl != nil && fl.Changed {
			dash := "--" + n
			if fl.Shorthand != "" {
				dash = "-" + fl.Shorthand + "/--" + n
			}
			fmt.Fprintf(s.Err, "dumpscope %s: warning: %s has no effect %s\n", f.name, dash, why)
		}
	}
}

// connectionFlags are the names of the flags in the connection section.
func (f *cmdFlags) connectionFlags() []string {
	var names []string
	f.VisitAll(func(fl *pflag.Flag) {
		if v := fl.Annotations[groupAnnotation]; len(v) == 1 && v[0] == groupConnection {
			names = append(names, fl.Name)
		}
	})
	return names
}
