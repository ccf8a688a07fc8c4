package importer

import (
	"errors"
	"fmt"
	"sync"

	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// Rollback is what the server undid when a serial import stopped: its connection closed
// with the dump's transaction open (mysqldump --no-autocommit, phpMyAdmin's SET
// AUTOCOMMIT = 0, BEGIN … COMMIT), so the statements from the transaction's start up to
// the stop did not happen although they ran. "Everything up to offset N was executed"
// and "--start-at N" lost them silently (TestReviewX5StartAtInsideTransaction).
type Rollback struct {
	// Known: the dump was read again up to the stop (a file, a serial replay).
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

var (
	rollbackMu   sync.Mutex
	rollbackMemo = map[*Result]Rollback{}
)

// RolledBack reads the dump again up to where the serial import r stopped, through the
// same filters, and follows the connection's transaction (plan.TxnStart). It costs a read
// of the dump up to there, once per result (the summary and the --start-at advice share
// it); a parallel or checkpointed run, stdin, or a file that no longer opens give
// Rollback{} (not known).
func (r *Result) RolledBack() Rollback {
	if r == nil || r.Status == Finished || r.Journal != "" || r.Input == nil || r.Input.Name == "stdin" ||
		r.Replay == nil || r.Replay.SentBytes > r.Replay.Bytes || r.Used.Parallel > 1 || r.Used.DeferIndexes || r.Replay.LoadData != nil {
		return Rollback{}
	}
	rollbackMu.Lock()
	defer rollbackMu.Unlock()
	if rb, ok := rollbackMemo[r]; ok {
		return rb
	}
	rb := scanRollback(r)
	rollbackMemo[r] = rb
	return rb
}

func scanRollback(r *Result) Rollback {
	stop := r.Replay.Bytes
	var se *StatementError
	failed := r.Status == Failed && errors.As(r.Err, &se)
	if failed {
		stop = se.Offset
	}
	in, err := dumpfile.Open(r.Input.Name)
	if err != nil {
		return Rollback{}
	}
	defer in.Close()
	sp := split.NewSplitter(in.Reader, split.SplitOptions{TrackSQLMode: true})
	var src transform.StatementSource = sp
	if r.Transform != nil {
		src = r.Transform.Rescan(sp)
	}
	k := plan.NewTxnStart()
	rb := Rollback{}
	for src.Next() {
		st := src.Statement()
		if st.Offset >= stop {
			_, open := k.Open()
			rb.Ambiguous = open && failed && st.Offset == se.Offset && plan.CommitsOpen(&st)
			rb.Known = true
			break
		}
		k.Ran(&st)
	}
	if !rb.Known {
		if src.Err() != nil || stop < r.Replay.Bytes {
			return Rollback{}
		}
		rb.Known = true // the stop is the end of the dump
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
	case !rb.Known && r.Input != nil && r.Input.Name == "stdin":
		return fmt.Sprintf("once that statement (or the target) is fixed, continue from it: add --start-at %d to the same command (if the dump had a transaction open there, the server rolled it back: start at its beginning instead)", offset)
	}
	return fmt.Sprintf("once that statement (or the target) is fixed, continue from it: add --start-at %d to the same command", offset)
}
