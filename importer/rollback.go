package importer

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
)

// Rollback is what the server undid when a serial import stopped: its connection closed
// with the dump's transaction open (mysqldump --no-autocommit, phpMyAdmin's SET
// AUTOCOMMIT = 0, BEGIN … COMMIT), so the statements from the transaction's start up to
// the stop did not happen although they ran. "Everything up to offset N was executed"
// and "--start-at N" lost them silently (TestReviewX5StartAtInsideTransaction).
type Rollback struct {
	// Known: the serial replay's statements were followed up to the stop.
	Known bool
	// Open: a transaction holding statements was open at the stop and rolled back; Start
	// is its first statement that is not a session statement.
	Open  bool
	Start split.Position
	// Ambiguous: a transaction was open and the failed statement commits implicitly
	// (DDL, LOCK TABLES, BEGIN): whether it committed before failing is the server's to
	// know (a syntax error fails before the commit, most others after it).
	Ambiguous bool
}

// txnWatch follows the transaction on the serial replay's connection, statement by
// statement as they are sent (an OnStatement hook, after the filters): at the end it
// knows where the transaction open at the stop began, without reading the dump again.
type txnWatch struct {
	mu     sync.Mutex
	k      *plan.TxnStart
	before plan.TxnStart // k before the last statement: that one may not have run
	last   split.Position
	// lastCommits: the last statement commits the open transaction implicitly.
	lastCommits bool
	seen        bool
}

// newTxnWatch returns the watch of a serial replay, nil for a parallel one.
func newTxnWatch(serial bool) *txnWatch {
	if !serial {
		return nil
	}
	return &txnWatch{k: plan.NewTxnStart()}
}

// hook is the OnStatement hook that feeds the watch (nil for a nil watch).
func (w *txnWatch) hook() func(context.Context, *split.Statement) error {
	if w == nil {
		return nil
	}
	return func(_ context.Context, st *split.Statement) error {
		w.mu.Lock()
		defer w.mu.Unlock()
		w.before, w.last, w.lastCommits, w.seen = *w.k, split.At("", st), plan.CommitsOpen(st), true
		w.k.Ran(st)
		return nil
	}
}

// RolledBack says what the server rolled back when the serial import r stopped (from the
// statements its replay sent); Rollback{} for a parallel or checkpointed run, or one that
// finished.
func (r *Result) RolledBack() Rollback {
	if r == nil || r.Status == Finished || r.Journal != "" || r.Replay == nil || r.Replay.SentBytes > r.Replay.Bytes {
		return Rollback{}
	}
	w := r.txn
	if w == nil {
		return Rollback{}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	stop := r.Replay.Bytes
	var se *StatementError
	failed := r.Status == Failed && errors.As(r.Err, &se)
	if failed {
		stop = se.Offset
	}
	k := *w.k
	rb := Rollback{Known: true}
	if w.seen && w.last.Offset >= stop {
		k = w.before // the last statement did not run (it failed, or was not sent)
		_, open := k.Open()
		rb.Ambiguous = open && failed && w.last.Offset == se.Offset && w.lastCommits
	}
	if !rb.Ambiguous {
		rb.Start, rb.Open = k.Open()
	}
	return rb
}

// Executed says how far a serial import that stopped got: up to the stop, or, when the
// server rolled back the transaction the dump had open there, up to that transaction's
// start, which is where the target's state ends.
func (r *Result) Executed() string {
	name, done := r.Input.Name, r.Replay.Bytes
	switch rb := r.RolledBack(); {
	case rb.Open:
		return fmt.Sprintf("everything before offset %d (line %d) of %s was executed and committed; the dump's transaction open from there to offset %d was rolled back when the connection closed (statements after it were not sent)",
			rb.Start.Offset, rb.Start.Line, name, done)
	case rb.Ambiguous:
		return fmt.Sprintf("everything up to offset %d of %s was executed (statements after it were not sent); the dump's transaction open there was committed by that statement's implicit commit or rolled back, depending on where the server failed it: compare the target", done, name)
	}
	return fmt.Sprintf("everything up to offset %d of %s was executed (statements after it were not sent)", done, name)
}

// StartAtAdvice says where a serial import that failed on the statement at offset can
// continue: there, or at the start of the transaction the server rolled back (the rows
// before the failed statement in it are not session statements, so --start-at at the
// failed one skipped them).
func (r *Result) StartAtAdvice(offset int64) string {
	switch rb := r.RolledBack(); {
	case rb.Open:
		return fmt.Sprintf("that statement ran inside the dump's transaction from offset %d (line %d), which the server rolled back; once the statement (or the target) is fixed, continue from the transaction's start: add --start-at %d to the same command",
			rb.Start.Offset, rb.Start.Line, rb.Start.Offset)
	case rb.Ambiguous:
		return "no --start-at advice: that statement commits the dump's open transaction implicitly, and whether it did before failing is the server's to know; compare the target with the dump before continuing"
	}
	return fmt.Sprintf("once that statement (or the target) is fixed, continue from it: add --start-at %d to the same command", offset)
}
