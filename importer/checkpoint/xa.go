package checkpoint

import (
	"context"
	"fmt"
	"math"
	"sync/atomic"
)

// An XA transaction of the dump commits on its XA COMMIT, after XA END, when its
// connection accepts no other statement (ERROR 1399): its progress row can only follow
// it, in a transaction of its own. Killed between the two, a resume found the stretch
// unrecorded and ran the XA transaction again (ERROR 1062 on its rows, the kill -9 corpus
// run's xa). So the XA transaction carries a marker of its own: a row of xaTable written
// inside it just before its XA END, which commits if and only if the XA transaction does.
// A resume that finds the marker of an XA transaction without its progress row knows it
// committed and skips it whole (XACommitted). Rolled back (XA ROLLBACK, the connection
// lost before XA PREPARE), it takes its marker with it and runs again; left prepared, its
// marker is not visible, and the resume's XA START meets XAER_DUPID, which the replay
// turns into a refusal that says how to end it. A prepared XA transaction holds no
// metadata lock that the progress schema's CREATE … IF NOT EXISTS or reads wait for.
const xaTable = "CREATE TABLE IF NOT EXISTS " + ProgressSchema + ".xa (run_id CHAR(32) CHARACTER SET ascii, start_offset BIGINT, PRIMARY KEY (run_id, start_offset)) ENGINE=InnoDB"

// MarkXA writes, on c inside the dump's XA transaction (before its XA END), the marker of
// the XA transaction whose XA START is at start.
func (r *Run) MarkXA(ctx context.Context, c Conn, start int64) error {
	if r == nil {
		return nil
	}
	_, err := c.ExecContext(ctx, "INSERT IGNORE INTO "+ProgressSchema+".xa VALUES (?, ?)", r.RunID, start)
	return err
}

// XACommitted reports, on resume, whether the XA transaction whose XA START is at start
// committed in an earlier attempt (its marker is there).
func (r *Run) XACommitted(start int64) bool {
	return r != nil && r.xaCommitted[start]
}

// loadXA reads, on resume, the markers of the XA transactions earlier attempts committed;
// it creates their table first, which a schema of an older dumpscope lacks (as loadVars
// does), so that MarkXA finds it.
func (r *prior) loadXA(ctx context.Context, q Conn, runID string) error {
	if _, err := q.ExecContext(ctx, xaTable); err != nil {
		return fmt.Errorf("checkpoint: upgrade the progress schema %s: %w", ProgressSchema, err)
	}
	rows, err := q.QueryContext(ctx, "SELECT start_offset FROM "+ProgressSchema+".xa WHERE run_id = ?", runID)
	if err != nil {
		return fmt.Errorf("checkpoint: read the XA transactions' markers: %w", err)
	}
	defer rows.Close()
	r.xaCommitted = map[int64]bool{}
	for rows.Next() {
		var start int64
		if err := rows.Scan(&start); err != nil {
			return err
		}
		r.xaCommitted[start] = true
	}
	return rows.Err()
}

// SkipCommittedXA makes Skip say yes from start, the XA START of an XA transaction
// XACommitted says committed, until EndCommittedXA: a resume skips its statements as
// those of a recorded stretch, and sends again what it sends again there (the writes of
// temporary tables, which its new connection lacks, and SELECT … INTO @v). Skipped whole,
// the temporary table's rows of the XA transaction were lost (fuzzer seed 115003).
// Functions, not methods: Run is at its limit of methods.
func SkipCommittedXA(r *Run, start int64) {
	if r != nil {
		r.committedXA.to.Store(math.MaxInt64)
		r.committedXA.from.Store(start + 1)
	}
}

// EndCommittedXA ends SkipCommittedXA's stretch at end, the end of the XA COMMIT that
// ended the transaction.
func EndCommittedXA(r *Run, end int64) {
	if r != nil {
		r.committedXA.to.Store(end)
	}
}

// committedXA is the stretch [from-1, to) of SkipCommittedXA (from 0: none), read by Skip
// from the replay's goroutines.
type committedXA struct{ from, to atomic.Int64 }

// holds reports whether offset lies in the stretch.
func (x *committedXA) holds(offset int64) bool {
	from := x.from.Load()
	return from > 0 && offset >= from-1 && offset < x.to.Load()
}
