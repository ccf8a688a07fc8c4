package replay

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// The end-of-run row check (importer.CountRows: one SELECT COUNT(*) per table that took
// rows) ran after the whole stream, while at the stream's end one worker had usually been
// idle for a while, the other finishing the last table's batches (importtimeline
// -statements, sysbench and gen dumps: 0.3–0.8 s of one worker idle before a 0.1–0.3 s
// check on both). So once the dispatcher has sent the whole stream, a worker with nothing
// left to claim counts the tables that are done, beside the batches still running; the
// check at the end counts only the rest (ReplayResult.ServerRows).
//
// A count taken early must be the count at the end: nothing that runs after it may change
// the table's rows. Once the dispatcher has sent the whole stream nothing more is sent to
// the workers, and it starts the early counts only when nothing more that changes rows
// runs on the control connection either: no transaction of the dump's is left open there
// (the end rolls it back, as the client's disconnect does) and no commit is owed
// (diagtail.go); what it still runs there adds held-back indexes (keys, not rows) and
// progress rows. What still runs is in flight. So a table is counted early only when
//   - no entry of it is in flight (its key, compared without case: a server with
//     lower_case_table_names takes `T` for `t`), and no barrier item at all is;
//   - every row batch in flight writes its own table alone (rowBatch.writesOthers: no
//     triggers, not a view or MERGE table, no REPLACE or INSERT IGNORE, which with
//     foreign_key_checks on may delete child rows through ON DELETE CASCADE, not
//     referenced by a foreign key);
//   - for a worker, the backlog is empty, so that it runs no batch after its count: its
//     session (autocommit, FOUND_ROWS()) is the replay's until then. The control
//     connection runs no batch, so it counts the tables that are done while the last
//     batches still wait in the backlog: --load-data's last table's batches wait there
//     for the one running before them, and a worker idled 0.38 s until the last went
//     (session 47, importtimeline -statements, sysbench tables, load 22) while the
//     control connection had nothing left to run either.
//
// Each count runs in its own transaction (a COMMIT after it: a dump that set autocommit
// to 0 left the worker's session so, and a second count in the first one's transaction
// would read the first one's snapshot), with a short lock_wait_timeout: a table another
// session holds locked is left to the end's check, which waits longer and says who holds
// it. A count that fails is left to it too.

// earlyCounts is the scheduler's state of the early row counts, under its mu.
type earlyCounts struct {
	// on: the dispatcher has sent the whole stream, the run checks rows
	// (ParallelOptions.EarlyRowCounts) and nothing else changes rows on the control
	// connection; left are the tables not yet counted nor being
	// counted, most rows first.
	on   bool
	left []TableCount
	// writers counts the row batches in flight whose rows may change other tables.
	writers int
	// rows are the counts taken, by table key (plan.KeyOf); taken the tables counted or
	// being counted; counting marks the workers counting now, and running waits for them.
	rows     map[string]int64
	taken    map[string]bool
	counting []bool
	running  sync.WaitGroup
}

// EarlyCounts are the row counts a parallel replay's workers took before its end. Run
// does not wait for a count still running when the last batch commits (a count of a big
// table outlasted the other worker's last batch, and the end's check of the other tables
// waited for it): the worker's connection is busy until Wait returns.
type EarlyCounts struct {
	// Busy marks the workers (NewParallelReplayer's conns[1:]) still counting when Run
	// returned; Taken are the tables counted or being counted, by key (plan.KeyOf).
	Busy  []bool
	Taken map[string]bool
	s     *scheduler
}

// Wait waits for the counts still running and returns the counts by table key; a table
// whose count failed is not there. Safe on nil (none).
func (e *EarlyCounts) Wait() map[string]int64 {
	if e == nil {
		return nil
	}
	e.s.early.running.Wait()
	e.s.mu.Lock()
	defer e.s.mu.Unlock()
	return maps.Clone(e.s.early.rows)
}

// earlyCountsOf is the scheduler's early row counts seen from outside it: the dispatcher
// starts them, the workers record theirs, Run ends them (each under the scheduler's mu).
type earlyCountsOf struct{ s *scheduler }

func (s *scheduler) earlyCounts() earlyCountsOf { return earlyCountsOf{s} }

// end starts no more counts and says what the workers counted and which count now (nil:
// nothing was counted).
func (ec earlyCountsOf) end() *EarlyCounts {
	s := ec.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.early.on = false
	if len(s.early.taken) == 0 {
		return nil
	}
	busy := make([]bool, len(s.pos))
	copy(busy, s.early.counting)
	return &EarlyCounts{Busy: busy, Taken: maps.Clone(s.early.taken), s: s}
}

// earlyLockWaitSeconds bounds an early count's wait for a table's metadata lock.
const earlyLockWaitSeconds = 1

// start lets free workers count tables: the dispatcher has sent everything and runs
// nothing more that changes rows.
func (ec earlyCountsOf) start(tables []TableCount) {
	s := ec.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.early.on = true
	s.early.left = slices.Clone(tables)
	slices.SortStableFunc(s.early.left, func(a, b TableCount) int { return cmp.Compare(b.Rows, a.Rows) })
	s.changed.Broadcast()
}

// takeCountLocked returns a table worker w (-1: the control connection) may count now
// (ok), taking it out of the ones left. Only while a batch still runs: once none does, the end's check counts the rest on
// every connection at once.
func (e *earlyCounts) takeCountLocked(s *scheduler, w int) (t TableCount, ok bool) {
	if !e.on || len(e.left) == 0 || (w >= 0 && len(s.backlog) > 0) || s.barriers > 0 || e.writers > 0 || len(s.running) == 0 {
		return t, false
	}
	for i, t := range e.left {
		key := plan.KeyOf(t.Database, t.Table)
		busy := false
		for k := range s.busy {
			if strings.EqualFold(k, key) {
				busy = true
				break
			}
		}
		if !busy {
			e.left = slices.Delete(e.left, i, i+1)
			if e.taken == nil {
				e.taken, e.counting = map[string]bool{}, make([]bool, len(s.pos))
			}
			e.taken[key] = true
			if w >= 0 {
				e.counting[w] = true
			}
			e.running.Add(1)
			return t, true
		}
	}
	return t, false
}

// writesOthers reports whether rows into a table of info may change other tables' rows:
// its triggers name tables, it is not a plain table (a view, a MERGE table), or other
// tables' foreign keys reference it (rowBatch.writesOthers).
func writesOthers(info tableInfo) bool {
	return len(info.touches) > 0 || info.notPlain != "" || info.referenced
}

// noteSentLocked and noteDoneLocked follow the batches in flight that may write other
// tables.
func (e *earlyCounts) noteSentLocked(b *rowBatch) {
	if b.writesOthers {
		e.writers++
	}
}

func (e *earlyCounts) noteDoneLocked(b *rowBatch) {
	if b.writesOthers {
		e.writers--
	}
}

// record ends worker w's count of t (-1: the control connection's): n rows, or failed (ok
// false).
func (ec earlyCountsOf) record(w int, t TableCount, n int64, ok bool) {
	s := ec.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if ok {
		if s.early.rows == nil {
			s.early.rows = map[string]int64{}
		}
		s.early.rows[plan.KeyOf(t.Database, t.Table)] = n
	}
	if w >= 0 {
		s.early.counting[w] = false
	}
	s.early.running.Done()
}

// takeForControl waits until the control connection may count a table (ok), or until no
// entry is in flight any more (the end's check counts the rest), or the replay failed.
func (ec earlyCountsOf) takeForControl(ctx context.Context) (t TableCount, ok bool) {
	s := ec.s
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.stop() == nil && ctx.Err() == nil && s.early.on && len(s.busy) > 0 {
		if t, ok = s.early.takeCountLocked(s, -1); ok {
			return t, true
		}
		s.changed.Wait()
	}
	return t, false
}

// countOnControl counts tables on the control connection while the last batches run: once
// the whole stream is sent and the early counts are on, it has nothing to run but what
// follows the last batch, and it waited for them idle while the end's check then counted
// every table that no worker had (gen 200M, --parallel 2: the workers' last batches end
// within a few ms of each other, so none did; the check after them took 0.26–0.57 s of a
// 50 s run at load 25–35, all eleven tables, those loaded first read back from disk). The
// session's lock_wait_timeout, which the count sets low, is put back: the held-back index
// builds run there after it, and the warnings of the dump's last statement, which a
// count's SELECT would empty, are counted before it.
func (p *ParallelReplayer) countOnControl(ctx context.Context) error {
	ec := p.sched.earlyCounts()
	var wait sql.NullInt64
	for {
		t, ok := ec.takeForControl(ctx)
		if !ok {
			break
		}
		if !wait.Valid {
			// The warnings of the dump's last statement there are counted now, as the
			// end's settle would first (diagtail.go): a count's SELECT empties them.
			if err := countLate(ctx, p, nil); err != nil {
				ec.record(-1, t, 0, false)
				return err
			}
			if err := p.control.QueryRowContext(ctx, "SELECT @@SESSION.lock_wait_timeout").Scan(&wait); err != nil || !wait.Valid {
				ec.record(-1, t, 0, false)
				return nil // nothing set: the end counts it
			}
		}
		var n int64
		ok = p.pool.countOne(ctx, p.control, t, &n)
		ec.record(-1, t, n, ok)
	}
	if wait.Valid {
		if _, err := p.control.ExecContext(ctx, fmt.Sprintf("SET SESSION lock_wait_timeout = %d", wait.Int64)); err != nil {
			return fmt.Errorf("%s: put back lock_wait_timeout after the row counts: %w", p.opt.Name, err)
		}
	}
	return nil
}

// countEarly counts t on worker w's connection c (see above); a failure leaves it to the
// end.
func (wp *workerPool) countEarly(ctx context.Context, w int, c Conn, t TableCount) {
	var n int64
	ok := wp.countOne(ctx, c, t, &n)
	wp.p.sched.earlyCounts().record(w, t, n, ok)
}

// countOne runs t's count on c into *n.
func (wp *workerPool) countOne(ctx context.Context, c Conn, t TableCount, n *int64) bool {
	if wp.p.err() != nil || ctx.Err() != nil {
		return false
	}
	if _, err := c.ExecContext(ctx, fmt.Sprintf("SET SESSION lock_wait_timeout = %d", earlyLockWaitSeconds)); err != nil {
		return false
	}
	err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+sqlscan.QuoteIdent(t.Database)+"."+sqlscan.QuoteIdent(t.Table)).Scan(n)
	_, cerr := c.ExecContext(ctx, ownCommit)
	return err == nil && cerr == nil
}

// The stream's end: smaller batches. The workers' last batches end apart by up to a
// batch's time (4 MiB, about 0.2 s of a quiet worker's inserts), in which one worker
// idles, and a table's batches commit in stream order (turn.go), so a worker's short
// last batch of a table waits for the other's long one (importtimeline -statements, gen
// 200M: "commit order" on the last table 0.26–1.8 s under load). Within the last
// workers × --batch-bytes of the stream (as far as its length is known), batches are cut
// at a quarter of --batch-bytes: the last ones end about together, for a few more
// COMMITs.

// endBatchShare is the part of --batch-bytes a batch holds near the stream's end.
const endBatchShare = 4

// batchBytesNow is the SQL at which the dispatcher cuts the batch it fills.
func (dp *dispatcher) batchBytesNow() int64 {
	p := dp.p
	if unread, known := p.sched.budget().unread(); known && unread < int64(len(p.workers))*p.opt.BatchBytes {
		return max(p.opt.BatchBytes/endBatchShare, 1)
	}
	return p.opt.BatchBytes
}
