package main

import (
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/spf13/pflag"

	"github.com/dumpscope/dumpscope/internal/cliflag"
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
		if used && !slices.Contains(f.sections, title) {
			f.sections = append(f.sections, title)
		}
	}
}

// connection registers the mariadb client's connection flags in their own section.
func (f *cmdFlags) connection() *dbconn.Options {
	f.section(groupConnection)
	f.conn = dbconn.AddFlags(f.FlagSet)
	return f.conn
}

// duration registers a duration flag that also takes plain seconds (cliflag.Seconds).
func (f *cmdFlags) duration(p *time.Duration, name string, value time.Duration, usage string) {
	*p = value
	f.Var(cliflag.Seconds(p), name, usage)
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
	if err := cliflag.CheckSingleDash(f.FlagSet, args); err != nil {
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
		return f.fail(s, cliflag.Explain(f.FlagSet, err)), false
	}
	return 0, true
}

// usage writes the command's help: synopsis, description, flags by section, examples.
func (f *cmdFlags) usage(w io.Writer) {
	f.tag()
	cliflag.Help{Command: "dumpscope " + f.name, Synopsis: f.synopsis, About: f.about, Examples: f.examples,
		Sections: f.sections, Annotation: groupAnnotation, Default: groupOptions}.Write(w, f.FlagSet)
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
