package replay

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Commit order within a table. Batches of one table may run on several workers at once,
// but they commit in stream order: a batch that is done before an earlier batch of its
// table waits for it before its COMMIT. Without that, a later batch could take a key
// first: a duplicate that the client reports at the later statement (after committing the
// earlier one) would fail the earlier batch instead, at another line, with the later
// batch's rows committed in its place — and under --force the table would keep the
// wrong row. Waiting also lets a failure of the earlier batch stop the later one before
// it commits, as the client would never have sent it.
//
// The wait can deadlock with InnoDB: the earlier batch may be waiting for a row lock the
// waiting batch holds (the duplicate key). So while it waits, a batch looks at its
// predecessors' connections in information_schema.INNODB_TRX; if one is in LOCK WAIT, it
// rolls back (errYield), waits until its predecessors are done, and runs again — now
// after them, so a duplicate fails where the client's does.

// errYield: the batch rolled back to let an earlier batch of its table past its locks.
var errYield = errors.New("rolled back for an earlier batch of the table")

// turnPoll is how often a batch waiting for its turn looks whether a predecessor waits
// for a lock; turnBlindYield is how long it waits before it yields anyway when the
// account may not read INNODB_TRX (PROCESS privilege).
const (
	turnPoll       = 100 * time.Millisecond
	turnBlindYield = 2 * time.Second
)

// waitTurn blocks until every batch of b's table dispatched before it is done. It
// returns errYield when b must roll back for a predecessor, or the replay's failure when
// one came earlier in the stream than b (b must not commit then).
func (wp *workerPool) waitTurn(ctx context.Context, c Conn, b *rowBatch) error {
	p := wp.p
	s := p.sched
	stop := wp.stopBefore(b)
	var lastPoll time.Time
	began := time.Now()
	for {
		timer := time.AfterFunc(turnPoll, s.broadcast)
		idleBegin(c) // pinged while it waits (keepalive.go)
		turn, preds, err := s.awaitTurn(ctx, stop, b)
		idleEnd(c)
		timer.Stop()
		if err != nil || turn {
			return err
		}
		if time.Since(lastPoll) < turnPoll {
			continue
		}
		lastPoll = time.Now()
		if wp.predecessorWaits(ctx, c, preds, time.Since(began)) {
			return errYield
		}
	}
}

// waitPredecessors blocks, with c pinged meanwhile, until every batch of b's table
// dispatched before it is done: before b runs again after a yield, and before each batch
// under --load-data.
func (wp *workerPool) waitPredecessors(ctx context.Context, c Conn, b *rowBatch) error {
	p := wp.p
	idleBegin(c)
	defer idleEnd(c)
	return p.sched.wait(ctx, wp.stopBefore(b), func() bool { return p.sched.turnLocked(b) })
}

// A table's first row statement is a batch of its own, which InnoDB runs on its bulk path
// (bulkpath.go): the statement locks the whole table when its first row meets the table
// empty. A later batch of the table that a second worker started beside it took the
// table's intention lock first (a dump's start: both workers on its first table), so the
// first batch waited for that lock, the later one ran its statements and then waited for
// its turn to commit, and the turn's poll found the deadlock and rolled it back
// (errYield): scripts/importtimeline -statements, sysbench tables, --parallel 2, load 3,
// the second worker's four statements of sbtest1 ran 0.35–1.61 s and were rolled back,
// the first batch's one statement took 0.31–1.88 s. Where the first batch took its lock
// first, the later one waits for it in the server instead. Either way the later batch
// runs only after the first has committed, so it waits for that before it starts:
// behindBulk.

// behindBulk reports whether a batch of b's table dispatched before b that may run on
// InnoDB's bulk path (rowBatch.startedEmpty) is still in flight.
func (s *scheduler) behindBulk(b *rowBatch) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, seq := range s.order[b.table] {
		if seq == b.seq {
			return false
		}
		if s.bulkSeqs[seq] {
			return true
		}
	}
	return false
}

// stopBefore is the failure that stops b: one earlier in the stream than b.
func (wp *workerPool) stopBefore(b entry) func() error {
	p := wp.p
	return func() error {
		if !p.shouldRun(b) {
			return p.err()
		}
		return nil
	}
}

// awaitTurn waits once on changed unless it is b's turn already; turn says whether it is,
// and preds are the workers running b's predecessors (claimed, not done).
func (s *scheduler) awaitTurn(ctx context.Context, stop func() error, b *rowBatch) (turn bool, preds []int, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := stop(); err != nil {
		return false, nil, err
	}
	if err := ctx.Err(); err != nil {
		return false, nil, err
	}
	if !s.turnLocked(b) {
		s.changed.Wait()
	}
	if s.turnLocked(b) {
		return true, nil, nil
	}
	for _, seq := range s.order[b.table] {
		if seq == b.seq {
			break
		}
		if w, ok := s.runner[seq]; ok {
			preds = append(preds, w)
		}
	}
	return false, preds, nil
}

// turnLocked reports whether no batch of b's table before b is in flight.
func (s *scheduler) turnLocked(b *rowBatch) bool {
	q := s.order[b.table]
	return len(q) == 0 || q[0] == b.seq
}

// predecessorWaits reports whether one of the workers preds is in an InnoDB lock wait
// (perhaps for a lock b's transaction holds). Without the PROCESS privilege (or on a
// server without INNODB_TRX) it says yes once b has waited turnBlindYield.
func (wp *workerPool) predecessorWaits(ctx context.Context, c Conn, preds []int, waited time.Duration) bool {
	if len(preds) == 0 {
		return false
	}
	if wp.noLockView.Load() {
		return waited >= turnBlindYield
	}
	ids := make([]string, len(preds))
	for i, w := range preds {
		ids[i] = fmt.Sprint(wp.workerIDs[w])
	}
	var n int
	err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT' AND trx_mysql_thread_id IN ("+strings.Join(ids, ",")+")").Scan(&n)
	if err != nil {
		wp.noLockView.Store(true) // no such view, or no PROCESS: from now on, by time
		return waited >= turnBlindYield
	}
	return n > 0
}

// workerConnectionIDs reads each worker connection's server thread id, which INNODB_TRX
// names (trx_mysql_thread_id).
func workerConnectionIDs(ctx context.Context, workers []Conn) ([]int64, error) {
	ids := make([]int64, len(workers))
	for i, c := range workers {
		if err := c.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&ids[i]); err != nil {
			return nil, fmt.Errorf("worker connection %d: %w", i+1, err)
		}
	}
	return ids, nil
}
