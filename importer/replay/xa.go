package replay

import (
	"context"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// xaState follows the dump's XA transaction on the control connection, for its marker
// (checkpoint.Run.MarkXA): an XA transaction commits after its XA END, where no progress
// row can join it, so a kill between its XA COMMIT and the progress row that follows left
// a resume that ran it again (ERROR 1062 on its rows, the kill -9 corpus run's xa).
type xaState struct {
	// start is the offset of the XA START of the open XA transaction this attempt runs or
	// skips (-1: none).
	start int64
	// skipping: a resume is skipping the statements of an XA transaction an earlier
	// attempt committed, up to the XA COMMIT that ended it.
	skipping bool
	// xid is the open XA transaction's xid as the dump's XA START wrote it, and phase
	// where it stands on the control connection: what end has to end.
	xid   string
	phase xaPhase
}

// xaPhase is where the control connection's XA transaction stands.
type xaPhase uint8

const (
	xaNone     xaPhase = iota
	xaActive           // after XA START
	xaIdle             // after XA END
	xaPrepared         // after XA PREPARE
)

// ran follows st, run without error on the control connection.
func (x *xaState) ran(st *split.Statement) {
	switch plan.XAVerb(st) {
	case "START", "BEGIN":
		x.xid, x.phase = xidOf(st), xaActive
	case "END":
		x.phase = xaIdle
	case "PREPARE":
		x.phase = xaPrepared
	case "COMMIT", "ROLLBACK":
		x.xid, x.phase = "", xaNone
	}
}

// xidOf is the xid of an XA START as written, without a trailing JOIN or RESUME.
func xidOf(st *split.Statement) string {
	l := st.Tokens()
	l.Next() // XA
	verb := l.Next()
	rest := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(string(st.SQL[verb.End:])), ";"))
	for _, w := range []string{"JOIN", "RESUME"} {
		if n := len(rest) - len(w); n > 0 && strings.EqualFold(rest[n:], w) && sqlscan.IsSpace(rest[n-1]) {
			rest = strings.TrimSpace(rest[:n])
		}
	}
	return rest
}

// end ends, where the dump ends, the XA transaction it left open on c, as the client's
// connection closing does: one not prepared is rolled back (a plain ROLLBACK fails there
// with ERROR 1399: difffuzz seed 12008, shrunk). A prepared one outlives the client's
// connection, holding its locks; the import still needs c (its progress rows, the
// summary), so it is refused by name, for the user to end it. done says there was one.
func (x *xaState) end(ctx context.Context, c Conn) (done bool, err error) {
	switch x.phase {
	case xaNone:
		return false, nil
	case xaPrepared:
		return true, fmt.Errorf("the dump ends with XA transaction %s prepared (XA PREPARE without its XA COMMIT or XA ROLLBACK): the mariadb client would leave it prepared in the server, holding its locks, and this import cannot; end it with XA COMMIT %s or XA ROLLBACK %s", x.xid, x.xid, x.xid)
	case xaActive:
		if _, err := c.ExecContext(ctx, "XA END "+x.xid); err != nil {
			return true, fmt.Errorf("end the XA transaction %s the dump left open: %w", x.xid, err)
		}
	}
	if _, err := c.ExecContext(ctx, "XA ROLLBACK "+x.xid); err != nil {
		return true, fmt.Errorf("roll back the XA transaction %s the dump left open: %w", x.xid, err)
	}
	x.xid, x.phase = "", xaNone
	return true, nil
}

// recordAfter writes the progress row of the stretch pending up to end, in a
// transaction of its own, after st ended it (an XA COMMIT: no progress row can join an
// XA transaction after its XA END). AfterDDL is called just before: the tests' kill
// between the two, where a resume finds only the XA transaction's marker (xaStatement).
func recordAfter(ctx context.Context, cr *controller, st *split.Statement, end int64) error {
	if cr.pendingFrom >= 0 && cr.p.opt.AfterDDL != nil {
		if err := cr.p.opt.AfterDDL(st); err != nil {
			return err
		}
	}
	return cr.recordPending(ctx, end, true)
}

// xaStatement handles st where an XA transaction needs more than the plain serial run,
// before runSerial's own skip; done says st was dealt with here (skipped). At XA START
// it notes where the transaction starts; on resume, when its marker says it committed
// although its stretch has no progress row, it skips the transaction as a recorded
// stretch is skipped (checkpoint.SkipCommittedXA: the writes of temporary tables in it
// are sent again, the rest not), and writes that row after its last statement. Skipped
// whole, the temporary table's rows of the XA transaction were lost (fuzzer seed 115003:
// 19 rows where the client's had 27; TestDiffFuzzFoundS48TemporaryXACommitted). At XA END it writes the marker inside the transaction,
// which commits with it or not at all.
func (cr *controller) xaStatement(ctx context.Context, st *split.Statement, end int64) (done bool, err error) {
	p := cr.p
	cp := p.opt.Checkpoint
	if cp == nil || st.Kind == split.KindSession || st.Kind == split.KindClient || len(st.SQL) == 0 {
		return false, nil
	}
	verb := plan.XAVerb(st)
	switch {
	case cr.xa.skipping && (verb == "COMMIT" || verb == "ROLLBACK"):
		if err := cr.skipped.noteSkipped(ctx, st); err != nil {
			return true, err
		}
		cr.xa.skipping = false
		checkpoint.EndCommittedXA(cp, end)
		cr.pendingFrom, cr.xa.start = cr.xa.start, -1
		if err := cr.recordPending(ctx, end, true); err != nil {
			return true, p.at(st, err)
		}
		return true, nil
	case cr.xa.skipping:
		// Skip says it committed (SkipCommittedXA): runSerial skips it as it skips a
		// recorded stretch, and sends again what that sends again, the writes of
		// temporary tables above all: the resume's connection lost them.
		return false, nil
	case cp.Skip(st.Offset):
		return false, nil // its stretch is recorded: runSerial skips it
	case verb == "START" || verb == "BEGIN":
		cr.xa.start = st.Offset
		if !cp.XACommitted(st.Offset) {
			return false, nil
		}
		p.opt.Notice(p.opt.Name + ": resume: the XA transaction that starts here had committed when the interrupted run ended; it is not run again")
		cr.xa.skipping = true
		checkpoint.SkipCommittedXA(cp, st.Offset)
		return true, cr.skipped.noteSkipped(ctx, st)
	case verb == "END" && cr.xa.start >= 0:
		if err := cp.MarkXA(ctx, p.control, cr.xa.start); err != nil {
			return true, p.at(st, err)
		}
	case verb == "COMMIT" || verb == "ROLLBACK":
		cr.xa.start = -1
	}
	return false, nil
}
