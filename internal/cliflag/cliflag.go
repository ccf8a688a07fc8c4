// Package cliflag is dumpscope's command-line conventions on top of spf13/pflag: GNU
// --long names, a long name after one dash refused (pflag would read -parallel as short
// flags, and -p as a password), pflag's errors turned into one line that names the flag
// and suggests the closest name, durations that take plain seconds, and --help grouped by
// section and wrapped at 80 columns. cmd/dumpscope declares the flags; the conventions
// live here so that every command follows them alike.
package cliflag

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"
)

// Seconds is a time.Duration flag value that also reads a bare number as seconds (3,
// 0.5), as `dumpscope iostat 1` and the mariadb client's timeouts do.
func Seconds(p *time.Duration) pflag.Value { return &seconds{p} }

// seconds is a time.Duration flag that reads a bare number as seconds.
type seconds struct{ d *time.Duration }

func (v *seconds) Type() string { return "duration" }

func (v *seconds) String() string {
	if v.d == nil {
		return ""
	}
	return v.d.String()
}

func (v *seconds) Set(s string) error {
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

// CheckSingleDash refuses a long name after one dash (-parallel): pflag would read it as
// short flags, and -parallel as the password "arallel".
func CheckSingleDash(f *pflag.FlagSet, args []string) error {
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
			if name == "password" { // never echo a password
				return fmt.Errorf("-password=…: long options take two dashes: --password=… (or -pPASSWORD, or -p to be asked)")
			}
			return fmt.Errorf("%s: long options take two dashes: --%s", a, a[1:])
		}
	}
	return nil
}

// Explain turns a pflag error into one line naming the flag and, for an unknown one, the
// closest known name.
func Explain(f *pflag.FlagSet, err error) error {
	var notExist *pflag.NotExistError
	var invalid *pflag.InvalidValueError
	var needs *pflag.ValueRequiredError
	switch {
	case errors.Is(err, pflag.ErrHelp):
		// pflag's own reading of an undefined -h.
		return errors.New("unknown flag -h (help is --help or -?; -h is the server host only on commands that connect)")
	case errors.As(err, &notExist):
		name := notExist.GetSpecifiedName()
		if short := notExist.GetSpecifiedShortnames(); short != "" && len(name) == 1 {
			if name == "h" {
				return errors.New("unknown flag -h (help is --help or -?; -h is the server host only on commands that connect)")
			}
			return fmt.Errorf("unknown flag -%s in -%s", name, short)
		}
		msg := fmt.Sprintf("unknown flag --%s", name)
		if s := Suggest(f, name); s != "" {
			msg += fmt.Sprintf(" (did you mean --%s?)", s)
		}
		return errors.New(msg)
	case errors.As(err, &invalid):
		fl := invalid.GetFlag()
		return fmt.Errorf("--%s %q: %v", fl.Name, invalid.GetValue(), errors.Unwrap(err))
	case errors.As(err, &needs):
		fl := needs.GetFlag()
		name, _ := pflag.UnquoteUsage(fl)
		return fmt.Errorf("--%s needs a value (--%s %s)", fl.Name, fl.Name, name)
	}
	return err
}

// Suggest returns the flag name closest to name, or "" when none is close.
func Suggest(f *pflag.FlagSet, name string) string {
	best, bestDist := "", 1<<30
	f.VisitAll(func(fl *pflag.Flag) {
		if fl.Hidden {
			return
		}
		d := EditDistance(name, fl.Name)
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

// EditDistance is the Levenshtein distance between a and b.
func EditDistance(a, b string) int {
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

// Width is the width help wraps at: a man page's.
const Width = 80

// Help is the text of a command's --help around its flags.
type Help struct {
	// Command is the command line's start ("dumpscope import").
	Command  string
	Synopsis []string // usage lines after Command
	About    string   // what the command does, one paragraph
	Examples []string // "command  # what it does" lines
	// Sections are the section titles in order; a flag is filed under one by its
	// Annotation (a flag without one goes under Default).
	Sections   []string
	Annotation string
	Default    string
}

// Write writes the help: synopsis, description, flags by section, examples.
func (h Help) Write(w io.Writer, f *pflag.FlagSet) {
	for i, line := range h.Synopsis {
		lead := "Usage: "
		if i > 0 {
			lead = "       "
		}
		fmt.Fprintf(w, "%s%s %s\n", lead, h.Command, line)
	}
	if h.About != "" {
		fmt.Fprintln(w)
		WriteWrapped(w, h.About, "", Width)
	}
	bySection := map[string][]*pflag.Flag{}
	f.VisitAll(func(fl *pflag.Flag) {
		if fl.Hidden || fl.Name == "help" {
			return
		}
		t := h.Default
		if v := fl.Annotations[h.Annotation]; len(v) == 1 {
			t = v[0]
		}
		bySection[t] = append(bySection[t], fl)
	})
	sections := append([]string(nil), h.Sections...)
	var extra []string
	for t := range bySection {
		if !slices.Contains(sections, t) {
			extra = append(extra, t)
		}
	}
	sort.Strings(extra)
	sections = append(sections, extra...)
	help := f.Lookup("help")
	if len(sections) == 0 {
		sections = []string{h.Default}
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
	if len(h.Examples) > 0 {
		fmt.Fprintln(w, "\nExamples:")
		for _, e := range h.Examples {
			cmd, what, _ := strings.Cut(e, "  # ")
			fmt.Fprintf(w, "  %s\n", cmd)
			if what != "" {
				WriteWrapped(w, what, "      ", Width)
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
		WriteWrapped(w, text, strings.Repeat(" ", flagColumn), Width)
		return
	}
	var b strings.Builder
	WriteWrapped(&b, text, strings.Repeat(" ", flagColumn), Width)
	fmt.Fprintf(w, "%-*s%s", flagColumn, left, strings.TrimLeft(b.String(), " "))
}

// WriteWrapped writes text word-wrapped at width, every line starting with indent.
func WriteWrapped(w io.Writer, text, indent string, width int) {
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
