package checkpoint

import "context"

// outsideSums marks the checksums of an intent of code run outside a transaction
// (BeginOutsideIntent): nothing was checksummed, and without a progress row the resume
// refuses it (settleIntents).
const outsideSums = "outside:"

// BeginOutsideIntent records in before code (a top-level block, a CALL, an EXECUTE of
// one) runs outside any transaction, statement by statement as the client's does
// (replay's runsOutside: inside one, InnoDB's bulk insert into an empty table would
// change what it does). Whatever tables it writes, what of it committed cannot be told
// afterwards: killed before its progress row, a resume refuses it as maybe half applied
// (settleIntents), unless --resume-applied names it. No marker is written for it (it may
// have written transactional tables, replay's markRan). The row commits at once (the
// caller's session is in autocommit); its progress row must be written with EndIntent.
// A function: Run is at its limit of methods.
func BeginOutsideIntent(ctx context.Context, r *Run, c Conn, in Intent) (bool, error) {
	if r == nil {
		return false, nil
	}
	if err := r.ensureRanTable(ctx, c); err != nil { // the resume's read of the intents joins it
		return false, err
	}
	if r.resumed {
		if _, err := c.ExecContext(ctx, "DELETE FROM "+ProgressSchema+".ran WHERE run_id = ? AND start_offset = ?", r.RunID, in.Start); err != nil {
			return false, err
		}
	}
	_, err := c.ExecContext(ctx, replaceIntent, r.RunID, in.Start, in.End, truncate(in.Statement, 1000), utf8Hex("the tables it writes"), outsideSums, nullable(in.Digest))
	return err == nil, err
}
