package replay

import (
	"context"
	"fmt"

	"github.com/dumpscope/dumpscope/importer/split"
)

// A text the mariadb client sends whole that holds several statements for the server (a
// ';' inside DELIMITER ;;, split.ServerParts) runs on the client's connection as those
// statements one after the other: nothing runs between them, as nothing runs between two
// statements of a batch-mode client, so each part is replayed as a statement of its own,
// in every mode. Two things differ from separate statements: the server ends the text at
// its first error, so under --force the parts after a failed one never run (the client
// goes on with the next text); and the parts share the text's line (the client reports
// an error of any of them there). Each part is its own progress unit: part i is at
// st.Offset+i and ends where the next begins (the last at the text's end), so a stop or a
// kill between parts resumes at the first part that did not commit.

// runParts runs the parts of st in the serial replay: one after the other, the first
// error ending the text, as the server does (under --force too: the error is forgiven,
// the parts after it do not run).
func (r *Replayer) runParts(ctx context.Context, st *split.Statement, parts []split.Statement) error {
	if why := split.PartsUnsure(parts); why != "" {
		return r.refuse(st, unsureParts(len(parts), why))
	}
	if err := r.judged.whole(ctx, &r.opt, st); err != nil {
		return err
	}
	defer r.judged.done()
	for i := range parts {
		before := r.errs.Load()
		if err := r.one(ctx, &parts[i]); err != nil {
			return err
		}
		if r.errs.Load() != before {
			return nil // forgiven under --force: the server ran none of the rest
		}
	}
	return nil
}

// dispatchParts dispatches the parts of st (end is st's end) as statements of their own,
// each its own progress unit (see above). Under --force each part is waited for before
// the next is dispatched, so that a failed one ends the text (the run is serial across
// the text); a stop asked meanwhile takes effect between parts.
func (dp *dispatcher) dispatchParts(ctx context.Context, st *split.Statement, end int64, parts []split.Statement) error {
	p := dp.p
	r := p.serial
	if end-st.Offset < int64(len(parts)) {
		// Every part has a byte and its ';', so this cannot be; were it, the parts'
		// progress units would overlap the next statement's.
		se := r.refuse(st, fmt.Sprintf("this text holds %d statements (a ';' inside DELIMITER), which the mariadb client sends as one and its server runs one after the other (CLIENT_MULTI_STATEMENTS), in fewer bytes than it has statements, so they cannot be given progress units of their own; import this dump without --parallel, --checkpoint, --load-data and --defer-indexes: the serial replay runs them as the client does", len(parts)))
		se.Err = ErrSerialOnly
		return se
	}
	if why := split.PartsUnsure(parts); why != "" {
		return r.refuse(st, unsureParts(len(parts), why)) // the serial replay's too: no ErrSerialOnly
	}
	if !p.opt.Checkpoint.Skip(st.Offset) {
		// Judged whole before any part is dispatched. A resume inside the text (its first
		// part committed) judges the parts it runs one by one, as the rest of a text
		// the interrupted run judged whole.
		if err := r.judged.whole(ctx, &r.opt, st); err != nil {
			return err
		}
		defer r.judged.done()
	}
	force := r.opt.Force
	for i := range parts {
		partEnd := end
		if i+1 < len(parts) {
			partEnd = parts[i+1].Offset
		}
		if i > 0 {
			if err := dp.stopAsked(ctx); err != nil {
				return err
			}
		}
		if force {
			if err := dp.settle(ctx); err != nil {
				return err
			}
		}
		before := r.errs.Load()
		if err := dp.dispatchOne(ctx, &parts[i], partEnd); err != nil {
			return err
		}
		if force && i+1 < len(parts) {
			if err := dp.settle(ctx); err != nil {
				return err
			}
			if r.errs.Load() != before {
				return nil // forgiven: the server ran none of the rest
			}
		}
	}
	return nil
}

// settle sends the batch being filled and waits until nothing is in flight: every
// statement dispatched so far has run, its error (forgiven under --force) counted.
func (dp *dispatcher) settle(ctx context.Context) error {
	p := dp.p
	if err := dp.flush(ctx); err != nil {
		return err
	}
	if err := p.waitFor(ctx, nil, true); err != nil {
		return err
	}
	return p.sched.waitBarriers(ctx)
}

// unsureParts is the refusal of a text of n statements whose cut is unsure (why:
// split.PartsUnsure), in every mode: the client's server cuts it as it goes, dumpscope
// before anything runs.
func unsureParts(n int, why string) string {
	return fmt.Sprintf("this text holds %d statements (a ';' inside DELIMITER), which the mariadb client sends as one and its server reads one after the other; %s, so dumpscope, which cuts them before any runs, could cut them elsewhere; refused: write them as statements of their own (under DELIMITER ;)", n, why)
}

// textJudge runs ReplayOptions.Judge, then OnStatement, before a statement is sent;
// Judge sees a text of several statements whole, before its first part (whole), and not
// its parts then: a refusal leaves none of the text run, as the client's input cut at
// the text would. Judged part by part, an overwrite stop before the second part kept the
// first one's rows against a stop line naming no statement's start
// (TestReviewX68OverwriteStopInsideText). Used in stream order only (the serial replay,
// the parallel one's dispatcher).
type textJudge struct{ inText bool }

// before runs Judge (unless st is a part of a text judged whole) and OnStatement on st.
func (j *textJudge) before(ctx context.Context, o *ReplayOptions, st *split.Statement) error {
	if o.Judge != nil && !j.inText {
		if err := o.Judge(ctx, st); err != nil {
			return err
		}
	}
	if o.OnStatement != nil {
		return o.OnStatement(ctx, st)
	}
	return nil
}

// whole runs Judge on text, a text of several statements, before any of its parts is
// sent; its parts are not judged until done.
func (j *textJudge) whole(ctx context.Context, o *ReplayOptions, text *split.Statement) error {
	if o.Judge != nil {
		if err := o.Judge(ctx, text); err != nil {
			return err
		}
	}
	j.inText = true
	return nil
}

// done ends the text judged whole.
func (j *textJudge) done() { j.inText = false }
