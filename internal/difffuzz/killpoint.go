package difffuzz

import (
	"context"
	"strings"

	"github.com/dumpscope/dumpscope/internal/redump"
)

// The deterministic kill sweep's side of the runner. A kill by time (Runner.Dumpscope)
// lands where the machine's speed puts it, so a difference only some kill points show
// did not come back on a rerun (seeds 81617, 81641, 88021, 88022). The sweep
// (importer's killsweep_test.go) runs the import in its own process instead and
// interrupts it at each point a test hook offers, one point per import: it uses these to
// start every import from the same server and to judge what the resume left exactly as
// a kill mode's outcome is judged (Compare).

// Reset leaves the target as every import starts from it: no user database, no
// fuzzAccounts, no progress database, no XA transaction left prepared, the global variables as they were.
func (r *Runner) Reset(ctx context.Context) error {
	if err := redump.DropUserDatabases(ctx, r.db); err != nil {
		return err
	}
	if err := r.dropAccounts(ctx); err != nil {
		return err
	}
	return r.resetGlobals(ctx)
}

// Ended is the Outcome of a dumpscope import that ended with out, what the command
// printed (its log, then "dumpscope import: " and its error when it failed): its
// refusal or its error and line, as Dumpscope reads them, and the re-dump of the
// databases the import left.
func (r *Runner) Ended(ctx context.Context, out []byte, failed bool) (Outcome, error) {
	o := Outcome{Output: tail(out)}
	if failed {
		readFailure(&o, out)
	}
	return o, r.capture(ctx, &o)
}

// readFailure fills o's Failed, Refused, ErrLine and ErrCode from out, the output of a
// dumpscope import that failed.
func readFailure(o *Outcome, out []byte) {
	o.Failed = true
	s := string(out)
	for _, r := range refusals {
		if i := strings.Index(s, r); i >= 0 {
			o.Refused = strings.TrimSpace(s[max(0, strings.LastIndexByte(s[:i], '\n')):min(len(s), i+200)])
		}
	}
	if m := dsErrRe.FindStringSubmatch(s); m != nil {
		o.ErrLine, o.ErrCode = m[1], m[2]
	}
}
