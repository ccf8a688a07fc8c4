package checkpoint

import (
	"context"
	"fmt"
)

// Marks of DDL about to be sent. A DDL statement commits on its own, before its progress
// row can, so a resume that meets its "already exists" or "does not exist"
// (AlreadyApplied) beyond the furthest committed offset cannot tell from the progress
// rows whether the killed attempt ran it before its row or the error is the dump's own,
// the one the client stops at. MayHaveRun's allowance guessed "it ran": the dump's own
// DROP TABLE of a table that is not there (ERROR 1051) right after a kill point was
// taken for a DROP that had run, and the resume finished the dump where the client
// stopped, silently (TestXFix71DropMissingAfterKill). The dump's own history cannot tell
// (the table may have been the target's before the import), so the journal now knows:
//   - before a checkpointed run sends such a statement (runBarrier, and under the dump's
//     table locks lockState.begin), it writes a mark "the statement at offset X is about
//     to be sent" in the progress schema (sent, InnoDB; MarkSent), on the statement's own
//     connection and in its transaction state: DDL commits implicitly before it runs, so
//     under autocommit=0 or inside the dump's transaction the mark commits with that
//     implicit commit, and a kill before the send takes the mark with it;
//   - an ALTER TABLE with a definition intent (BeginDDLIntent) has a mark too, and its
//     intent tells more: settled unchanged on resume, it did not run (noteNotRun), mark
//     or not;
//   - on resume no mark means no earlier attempt sent X: its error is the dump's own,
//     and the resume stops where the client stops (MayHaveRun says no). A mark means it
//     may have run: the allowance as before.
//
// The window between the mark and the send (a kill there leaves a mark for a statement
// that never ran) is harmless where the object's state tells: a DROP not sent leaves the
// object there, and the resume's DROP succeeds; a CREATE not sent leaves it absent when
// the import made it, and the resume's CREATE succeeds. It is not where the object was
// already in the state the error says: a DROP of a table that was not there before
// either. So a DROP TABLE, VIEW, DATABASE, PROCEDURE, TRIGGER or EVENT (without IF
// EXISTS) records its pre-state with its mark, one information_schema read each
// (PreState; replay's sentPreState): the objects it drops were all there (PreHeld: the
// error on resume can only mean it ran), or one was not (PreNotHeld: it fails wherever
// it is sent; its error is the dump's own, mark or no mark). The other kinds record PreUnknown and keep the allowance in that window, one
// round trip wide: a CREATE's pre-state read would have to fold names exactly as the
// server does (read case-insensitively, a CREATE TABLE T beside a table t would be taken
// for one that must fail, and a resume after it ran stopped where the client goes on;
// a DROP's read errs only toward the allowance), and DROP FUNCTION (it may be a loadable
// function's, which information_schema does not list) and DROP USER/ROLE are left for
// later.
//
// Which statements are marked is replay's marksSent (ddlmark.go): every one that commits
// on its own, but a TEMPORARY table's (it commits nothing: its mark would not be durable)
// and a DROP … IF EXISTS (it never fails so); MayHaveRun is told whether the statement is
// one (its marked argument). The cost is one small InnoDB commit per marked statement,
// beside the progress row each already writes; row statements write none.

// sentTable holds the marks (see above): pre_state is a PreState.
const sentTable = "CREATE TABLE IF NOT EXISTS " + ProgressSchema + ".sent (run_id CHAR(32) CHARACTER SET ascii, start_offset BIGINT, pre_state CHAR(1) CHARACTER SET ascii, PRIMARY KEY (run_id, start_offset)) ENGINE=InnoDB"

// PreState is what a DDL statement's mark says of the objects it names as it was about to
// be sent (see above).
type PreState byte

const (
	// PreUnknown: not read; its AlreadyApplied error on resume may mean it ran.
	PreUnknown PreState = '?'
	// PreHeld: the objects were as the statement needs them (a DROP's were all there):
	// its AlreadyApplied error on resume means it ran.
	PreHeld PreState = 'y'
	// PreNotHeld: they were not (a DROP of one that was not there): it fails wherever it
	// is sent, and its error on resume is the dump's own.
	PreNotHeld PreState = 'n'
)

// MarkSent records on c, right before the statement at offset is sent there, that it is
// about to be (see above), with what pre says of its objects; nil-safe. A function: Run
// is at its limit of methods. An earlier attempt's PreHeld mark of the same statement is
// kept: the objects were as the statement needs them before it ever ran, and a resume
// sending it again reads the state the first send may have made (a CREATE TABLE that
// ran, killed before it was recorded: the resume's read found the table, PreNotHeld
// replaced the first attempt's PreHeld, and a second kill there left the next resume
// taking its own ERROR 1050 for the dump's: x-fuzz9 seed 169647,
// TestXFuzz9CreateRanTwiceKilled). Any other earlier mark is replaced: a PreNotHeld
// statement failed with the dump's own error, changed nothing, and the user may have
// made its objects since (TestReviewX2FailedAtNeverCleared: a DROP of a table the user
// created after the first run's ERROR 1051 ran in the resume, was killed, and the next
// resume took the kept PreNotHeld for the dump's own 1051).
func MarkSent(ctx context.Context, r *Run, c Conn, offset int64, pre PreState) error {
	if r == nil {
		return nil
	}
	if _, err := c.ExecContext(ctx, "INSERT INTO "+ProgressSchema+".sent VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE pre_state = IF(pre_state = '"+string(rune(PreHeld))+"', pre_state, VALUES(pre_state))", r.RunID, offset, string(rune(pre))); err != nil {
		return fmt.Errorf("record that the statement at offset %d is about to be sent: %w", offset, err)
	}
	return nil
}

// sentMarks is what a resume knows of the DDL statements beyond the furthest committed
// offset that earlier attempts were about to send (see above).
type sentMarks struct {
	// marked: every earlier attempt wrote its marks (Journal.DDLMarks); false after one
	// by a dumpscope that did not, whose unmarked DDL may have run.
	marked bool
	// at are the marks by offset, read on resume (loadSent), with those of the ALTER
	// TABLEs whose intents were settled as not run (noteNotRun).
	at map[int64]PreState
}

// loadSent reads the run's marks at or beyond from (the furthest committed offset:
// before it MayHaveRun does not ask). The table is made if an older dumpscope's schema
// lacks it.
func (m *sentMarks) loadSent(ctx context.Context, c Conn, runID string, from int64) error {
	if _, err := c.ExecContext(ctx, sentTable); err != nil {
		return fmt.Errorf("checkpoint: upgrade the progress schema %s: %w", ProgressSchema, err)
	}
	rows, err := c.QueryContext(ctx, "SELECT start_offset, pre_state FROM "+ProgressSchema+".sent WHERE run_id = ? AND start_offset >= ?", runID, from)
	if err != nil {
		return fmt.Errorf("checkpoint: read the marks of DDL sent: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var off int64
		var pre string
		if err := rows.Scan(&off, &pre); err != nil {
			return err
		}
		if m.at == nil {
			m.at = map[int64]PreState{}
		}
		if _, ok := m.at[off]; !ok && pre != "" {
			m.at[off] = PreState(pre[0])
		}
	}
	return rows.Err()
}

// noteNotRun notes that the statement at offset did not run in an earlier attempt (an
// ALTER TABLE whose definition intent was settled unchanged): its AlreadyApplied error is
// the dump's own, marks or not.
func (m *sentMarks) noteNotRun(offset int64) {
	if m.at == nil {
		m.at = map[int64]PreState{}
	}
	m.at[offset] = PreNotHeld
}

// mayHaveBeenSent reports whether the marks leave room for the statement at offset, beyond
// the furthest committed offset, to have run in an earlier attempt. marked says the
// statement is of those its senders mark (not a TEMPORARY table's DDL, which commits
// nothing: its mark would not be durable).
func (m *sentMarks) mayHaveBeenSent(offset int64, marked bool) bool {
	pre, ok := m.at[offset]
	switch {
	case ok && pre == PreNotHeld:
		return false
	case ok:
		return true
	}
	return !marked || !m.marked
}
