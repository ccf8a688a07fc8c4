package runrecord

import (
	"strings"

	"github.com/dumpscope/dumpscope/internal/shellquote"
)

// PasteCommand is a command line a user can paste into a POSIX shell to run again:
// prefix, then command[2:] (the user's flags after "dumpscope import") redacted, without
// the flags named in dropped (and the value that follows a dropped flag named in valued,
// when written as a separate argument). A password given on the command line becomes a
// bare -p, which prompts for it: printing it would leak it, and printing `-p***` would
// log in with the password "***".
func PasteCommand(prefix, command []string, dropped, valued map[string]bool) string {
	args := append([]string(nil), prefix...)
	prev := ""
	for _, a := range RedactCommand(command[2:]) {
		name := strings.TrimLeft(strings.SplitN(a, "=", 2)[0], "-")
		prevName := strings.TrimLeft(prev, "-")
		skip := dropped[name] || (strings.HasPrefix(prev, "-") && !strings.Contains(prev, "=") && valued[prevName] && dropped[prevName] && !strings.HasPrefix(a, "-"))
		prev = a
		if skip {
			continue
		}
		if a == "-p"+redacted || a == "--password="+redacted || a == "-password="+redacted {
			a = "-p"
		}
		args = append(args, a)
	}
	for i, a := range args {
		args[i] = shellquote.Quote(a)
	}
	return strings.Join(args, " ")
}
