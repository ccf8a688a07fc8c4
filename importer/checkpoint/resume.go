package checkpoint

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/units"
)

// Params are what Begin needs from the import.
type Params struct {
	// Conns are the import's connections; Conns[0] is the control connection.
	Conns []Conn
	// Dump identifies the dump; DumpPath is its file ("" for a stream).
	Dump     DumpIdentity
	DumpPath string
	// JournalPath is --checkpoint FILE; "" picks DefaultJournalPath for a file.
	JournalPath string
	Resume      bool
	// Applied are offsets of statements with intents the user checked are complete
	// (--resume-applied): a change found there is recorded as applied, not refused.
	Applied  []int64
	Parallel int
	// DeferIndexes is --defer-indexes (a resumed run also defers when the journal says so:
	// Run.DeferIndexes).
	DeferIndexes bool
	// Filters are the flags that choose and rewrite statements, as one string ("": none).
	Filters string
	// CharsetGiven says the user named the connection charset (--default-character-set,
	// not auto): a resume refuses one other than the interrupted run's instead of setting
	// that run's (restoreCharset).
	CharsetGiven bool
	// Reopen opens the dump anew from its first byte, uncompressed, for the read pass
	// that checks it before anything is sent; name is what messages call it.
	Reopen func() (name string, r io.ReadCloser, err error)
	// Log receives the lines for people.
	Log io.Writer
	// Tables, when set, waits for the progress schema's tables, which the importer began
	// to make on another connection before its preflight (CreateSchema made the schema
	// fresh, CreateTables its tables), and says whether they are fresh (else they are
	// upgraded as a schema found there is). Nil: a new run makes them itself.
	Tables func() (fresh bool, err error)
	// Triggers says a table filter decides DROP TRIGGER by the target's triggers: a new
	// run records them in the journal before it sends anything (TriggersBefore).
	Triggers bool
	// OverwriteCheck is, for a new run checked for overwrites statement by statement, what
	// the target held at its start (Journal.OverwriteCheck); a resume keeps the journal's.
	OverwriteCheck json.RawMessage
	// OldConnectionsWait is how long a resume waits for the interrupted run's connections
	// to end before it kills them (default 10 s).
	OldConnectionsWait time.Duration
}

// Begin sets up progress rows for an import. A new run registers itself in the target's
// progress schema. A resumed run follows the protocol: read the journal, check the dump's
// identity and the filters, check the target, wait out or kill the interrupted run's
// connections, read what committed, settle the non-transactional statements in flight
// (intent.go), read the dump up to the furthest committed byte to check it is the one
// committed (before anything is sent), and truncate the tables that must be reloaded.
// Either way the journal is (re)written with this run's connection ids.
func Begin(ctx context.Context, p Params) (*Run, error) {
	path := p.JournalPath
	if path == "" && p.DumpPath != "" {
		path = DefaultJournalPath(p.DumpPath, DirWritable, StateDir())
		if filepath.Dir(path) != filepath.Dir(p.DumpPath) && !p.Resume {
			fmt.Fprintf(p.Log, "dumpscope: note: %s is read-only; the checkpoint journal goes to %s\n", filepath.Dir(p.DumpPath), path)
		}
	}
	control := p.Conns[0]
	target, err := ReadTarget(ctx, control)
	if err != nil {
		return nil, fmt.Errorf("read the target's identity: %w", err)
	}
	var lock *journalLock
	if path != "" {
		if lock, err = lockJournal(path); err != nil {
			return nil, err
		}
	}
	var r *Run
	started := time.Now().UTC()
	if p.Resume {
		j, err := ReadJournal(path)
		if err == nil {
			if r, err = resume(ctx, p, j, target); err != nil {
				err = refused(ctx, control, j.RunID, err)
			}
		}
		if err != nil {
			lock.drop()
			return nil, err
		}
		started = j.StartedAt
	} else {
		r = &Run{progressRows: progressRows{RunID: NewRunID()}, DeferIndexes: p.DeferIndexes}
		procs, err := readProcedures(ctx, control)
		if err != nil {
			lock.drop()
			return nil, fmt.Errorf("checkpoint: read the target's procedures: %w", err)
		}
		r.proceduresBefore = &procs
		r.overwriteCheck = p.OverwriteCheck
		if p.Triggers {
			trs, err := readTriggers(ctx, control)
			if err != nil {
				lock.drop()
				return nil, fmt.Errorf("checkpoint: read the target's triggers: %w", err)
			}
			r.triggersBefore = &trs
		}
		if err := r.setup(ctx, control, p.Dump, target, p.Tables); err != nil {
			lock.drop()
			return nil, err
		}
		// Now, as a resume does, while nothing is open or locked: a LOCK TABLES of the
		// dump's names it (LockList), and making it there would commit early. A server
		// with no engine for it still checkpoints: its locked regions get no intents.
		_ = r.ensureRanTable(ctx, control)
	}
	r.lock = lock
	if path == "" {
		fmt.Fprintln(p.Log, "dumpscope: note: progress rows are written, but without --checkpoint FILE this run cannot be resumed")
		return r, nil
	}
	if err := writeRunJournal(ctx, r, p, path, target, started); err != nil {
		r.lock.drop()
		return nil, err
	}
	r.Journal = path
	return r, nil
}

// writeRunJournal (re)writes the journal of r at path with this run's connection ids.
func writeRunJournal(ctx context.Context, r *Run, p Params, path string, target TargetIdentity, started time.Time) error {
	filters := p.Filters
	cs, err := ReadCharset(ctx, p.Conns[0])
	if err != nil {
		return fmt.Errorf("checkpoint: read the connection's character set: %w", err)
	}
	// FailedAt stays until a run gets past it: a resume stopped before the failing
	// statement keeps it for the next (TestReviewX2FailedAtLostByInterruptedResume).
	j := &Journal{RunID: r.RunID, Dump: p.Dump, Target: target, Parallel: p.Parallel, DeferIndexes: r.DeferIndexes, Filters: &filters, Charset: &cs, ProceduresBefore: r.proceduresBefore, TriggersBefore: r.triggersBefore, QuotingFlags: r.quotingFlags, OverwriteCheck: r.overwriteCheck, StartedAt: started,
		EndsRecorded: !r.resumed || r.endsRecorded, DDLMarks: !r.resumed || r.marked}
	if f := r.failedAt.Load(); f > 0 {
		f--
		j.FailedAt = &f
	}
	if j.ConnectionIDs, err = connectionIDs(ctx, p.Conns); err != nil {
		return err
	}
	return WriteJournal(path, j)
}

// ResumeRefusedError is a resume that stopped before sending anything while the
// interrupted run's progress rows are still in the target. They stay for another --resume;
// GiveUp is the statement that removes them for whoever gives the resume up (and imports
// anew, say): nothing else would, and an unfinished run keeps dumpscope_progress in the
// target for good.
type ResumeRefusedError struct {
	Err    error
	GiveUp string
}

func (e *ResumeRefusedError) Error() string { return e.Err.Error() }
func (e *ResumeRefusedError) Unwrap() error { return e.Err }

// refused wraps the error of a resume of run id in a *ResumeRefusedError when the
// target still holds that run's progress rows (not when it never had them: another
// server, a dropped schema).
func refused(ctx context.Context, c Conn, id string, err error) error {
	var n int
	if qerr := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+ProgressSchema+".runs WHERE run_id = ? AND finished_at IS NULL", id).Scan(&n); qerr != nil || n == 0 {
		return err
	}
	return &ResumeRefusedError{Err: err, GiveUp: (&progressRows{RunID: id}).GiveUpSQL(ctx, c)}
}

// resume runs the resume protocol for the run the journal names (see Begin).
func resume(ctx context.Context, p Params, j *Journal, target TargetIdentity) (*Run, error) {
	control := p.Conns[0]
	if err := VerifyDump(j, p.Dump); err != nil {
		return nil, err
	}
	if err := VerifyFilters(j, p.Filters); err != nil {
		return nil, err
	}
	if err := restoreCharset(ctx, p, j); err != nil {
		return nil, err
	}
	r := &Run{progressRows: progressRows{RunID: j.RunID}, DeferIndexes: p.DeferIndexes}
	if j.DeferIndexes && !p.DeferIndexes {
		fmt.Fprintln(p.Log, "dumpscope: the interrupted run deferred indexes; so does this one")
		r.DeferIndexes = true
	}
	r.allowUnrecordedDDL(max(j.Parallel, 1) + 1)
	if j.FailedAt != nil {
		r.failedAt.Store(*j.FailedAt + 1)
	}
	r.dispatched = j.DispatchedThrough
	r.endsRecorded = j.EndsRecorded && j.DispatchedThrough != nil // nil: the last attempt was killed
	r.marked = j.DDLMarks
	r.proceduresBefore = j.ProceduresBefore
	r.triggersBefore = j.TriggersBefore
	r.overwriteCheck = j.OverwriteCheck
	r.quotingFlags = j.QuotingFlags
	if err := r.verifyTarget(ctx, control, j, target); err != nil {
		return nil, err
	}
	own, err := connectionIDs(ctx, p.Conns)
	if err != nil {
		return nil, err
	}
	wait := p.OldConnectionsWait
	if wait == 0 {
		wait = 10 * time.Second
	}
	restarted := serverRestarted(ctx, control, j, target)
	r.restarted = restarted
	if err := EndOldConnections(ctx, control, j, restarted, own, wait, p.Log); err != nil {
		return nil, err
	}
	if err := lockRun(ctx, control, j.RunID, 5*time.Second); err != nil {
		return nil, err
	}
	if err := r.loadDone(ctx, control, r.RunID); err != nil {
		return nil, err
	}
	if err := r.loadXA(ctx, control, r.RunID); err != nil {
		return nil, err
	}
	// A schema of an older dumpscope has neither table.
	if _, err := control.ExecContext(ctx, intentsTable); err != nil {
		return nil, fmt.Errorf("checkpoint: upgrade the progress schema %s: %w", ProgressSchema, err)
	}
	if err := r.ensureRanTable(ctx, control); err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	if err := upgradeLoads(ctx, control); err != nil {
		return nil, fmt.Errorf("checkpoint: upgrade the progress schema %s: %w", ProgressSchema, err)
	}
	if err := r.loadVars(ctx, control, r.RunID); err != nil {
		return nil, err
	}
	if err := r.loadSent(ctx, control, r.RunID, r.furthest); err != nil {
		return nil, err
	}
	if err := r.settleIntents(ctx, control, p.Applied, p.Log); err != nil {
		return nil, err
	}
	if err := r.verifySource(p); err != nil {
		return nil, err
	}
	atRisk, err := refuseLostMemoryRows(ctx, control, j, restarted)
	if err != nil {
		return nil, err
	}
	// Only now: a resume refused above leaves the restart to be seen by the next one
	// (TestReviewX2RestartForgottenAfterRefusal); with MEMORY tables at risk, once the
	// replay has passed what it skips (MemoryKept).
	r.memoryAtRisk = atRisk
	if len(atRisk) == 0 {
		markAlive(ctx, control, j.RunID)
	}
	reload, err := r.planReload(ctx, control, r.RunID)
	if err != nil {
		return nil, err
	}
	done, furthest := r.Committed()
	fmt.Fprintf(p.Log, "dumpscope: resuming run %s: %s of statements committed (furthest offset %d) are skipped; the rest is sent\n", r.RunID, units.FormatBytes(float64(done)), furthest)
	for _, t := range reload {
		fmt.Fprintf(p.Log, "dumpscope: %s (non-transactional engine or no primary key) was truncated and is reloaded from its first row\n", t)
	}
	return r, nil
}

// restoreCharset gives the resumed run's connections the character set the interrupted
// run's had before the dump's first statement (from its handshake: its locale or
// --default-character-set), so that a dump without SET NAMES is read the same on both
// sides of the interruption: from another locale, its rest would be double-encoded. The
// dump's own SET NAMES, replayed with the other session statements, apply over it as they
// did. A --default-character-set that says otherwise is refused (*CharsetConflictError);
// a journal that did not record it (an older dumpscope) keeps the connections' own.
func restoreCharset(ctx context.Context, p Params, j *Journal) error {
	if j.Charset == nil {
		return nil
	}
	now, err := ReadCharset(ctx, p.Conns[0])
	if err != nil {
		return fmt.Errorf("resume: read the connection's character set: %w", err)
	}
	if now == *j.Charset {
		return nil
	}
	if p.CharsetGiven {
		return &CharsetConflictError{Journal: *j.Charset, Now: now}
	}
	for _, c := range p.Conns {
		if err := setCharset(ctx, c, *j.Charset); err != nil {
			return fmt.Errorf("resume: set the interrupted run's character set (%s): %w", j.Charset, err)
		}
	}
	fmt.Fprintf(p.Log, "dumpscope: resume: the connections take the interrupted run's character set (%s), not this one's locale's (%s)\n", j.Charset.Client, now.Client)
	return nil
}

// connectionIDs are the server's ids of the import's connections (for the journal, and so
// that a resumed run never mistakes its own connections for the interrupted run's).
func connectionIDs(ctx context.Context, conns []Conn) ([]int64, error) {
	ids := make([]int64, len(conns))
	for i, c := range conns {
		if err := c.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&ids[i]); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

// verifySource runs VerifyStream over the dump to import, before a resumed import sends
// anything: a second, read-only pass over the file up to the furthest committed byte. A
// stream has no second pass, so resuming one is refused once anything was committed.
func (r *prior) verifySource(p Params) error {
	done, furthest := r.Committed()
	if furthest == 0 {
		return nil
	}
	if p.DumpPath == "" || p.Reopen == nil {
		return fmt.Errorf("resume: the interrupted run committed %s up to offset %d, and %s cannot be read twice to check that it is the same dump before anything is sent; resume with the dump as a FILE (a .gz or .zst works as it is)", units.FormatBytes(float64(done)), furthest, p.Dump.Name)
	}
	name, in, err := p.Reopen()
	if err != nil {
		return err
	}
	defer in.Close()
	fmt.Fprintf(p.Log, "dumpscope: resume: reading %s up to offset %d to check it is the dump that was committed…\n", name, furthest)
	return r.VerifyStream(name, in)
}

// VerifyStream reads the dump (uncompressed, from its first byte) as far as the
// interrupted run committed, and refuses it unless the stream up to the end of each
// committed stretch has the digest that stretch's progress row recorded. It runs before
// anything is sent: committed stretches are sparse (a run killed at 150 MB may have
// committed 29 MB spread over it), so a check made while replaying would come too late.
// A dump re-made since (mysqldump writes its date at the end, so size and first MiB may
// match) is refused; one that differs only after the last committed byte is not, since
// everything from there is sent anew.
func (r *prior) VerifyStream(name string, in io.Reader) error {
	ds := slices.Clone(r.digests)
	sort.Slice(ds, func(i, j int) bool { return ds[i].end < ds[j].end })
	// A row without a digest is covered by the digest of any row that ends further (it
	// hashes everything before it); the furthest must have one.
	if n := len(ds); n > 0 && ds[n-1].digest == "" {
		return fmt.Errorf("resume: the progress row ending at offset %d has no digest of the dump (an older dumpscope wrote it), so %s cannot be checked against what was committed; start the import over into an empty target", ds[n-1].end, name)
	}
	h, err := newStreamHashes(ds)
	if err != nil {
		return err
	}
	var pos int64
	for _, d := range ds {
		if d.digest == "" {
			continue
		}
		if d.end > pos {
			n, err := io.CopyN(h, in, d.end-pos)
			pos += n
			if err == io.EOF {
				return fmt.Errorf("resume: %s ends at offset %d, but the interrupted run committed statements up to offset %d: it is not the dump that run imported", name, pos, d.end)
			}
			if err != nil {
				return fmt.Errorf("resume: read %s: %w", name, err)
			}
		}
		if !h.matches(d.digest) {
			return fmt.Errorf("resume: %s differs from the dump the interrupted run imported: its bytes before offset %d, which that run committed, are not the same (the dump was re-made or edited since?); resume only with the same file, or import it anew into an empty target", name, d.end)
		}
	}
	return nil
}

// EndOldConnections waits up to wait for the previous attempt's connections to finish what
// the server was still doing for them (a statement or COMMIT in flight when dumpscope
// died), then kills those still there, so the progress rows read next are final.
//
// Connection ids are only meaningful within one boot of the server: after a restart
// (serverRestarted) the old connections are gone and their ids may belong to someone else
// (or to this run), so nothing is waited for or killed then.
// Ids of this run's own connections (own) are never waited for or killed.
func EndOldConnections(ctx context.Context, c Conn, j *Journal, restarted bool, own []int64, wait time.Duration, log io.Writer) error {
	if restarted {
		return nil
	}
	var ids []int64
	for _, id := range j.ConnectionIDs {
		if !slices.Contains(own, id) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	strs := make([]string, len(ids))
	for i, id := range ids {
		strs[i] = fmt.Sprint(id)
	}
	q := "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID IN (" + strings.Join(strs, ",") + ")"
	deadline := time.Now().Add(wait)
	for {
		var n int
		if err := c.QueryRowContext(ctx, q).Scan(&n); err != nil {
			return fmt.Errorf("resume: look for the previous connections: %w", err)
		}
		if n == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			fmt.Fprintf(log, "dumpscope: killing %d connection(s) of the interrupted run still on the server\n", n)
			for _, id := range ids {
				_, _ = c.ExecContext(ctx, fmt.Sprintf("KILL CONNECTION %d", id))
			}
			deadline = time.Now().Add(time.Hour)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// ReloadRefusedError is a resume refused because a table whose load was under way cannot
// be reloaded exactly: its rows cannot be told apart from what else the table holds, and
// TRUNCATE would delete that too.
type ReloadRefusedError struct {
	DB, Table string
	// Why is what makes the reload inexact (a phrase).
	Why string
}

func (e *ReloadRefusedError) Error() string {
	return fmt.Sprintf("resume: %s.%s (non-transactional engine or no primary key) was being loaded when the interrupted run ended, and %s, so it cannot be emptied and reloaded from its first row; its rows so far are still there: restore %s.%s as it was before the import (or remove the dump's rows from it) and import anew without --resume, or import into an empty target", e.DB, e.Table, e.Why, e.DB, e.Table)
}

// planReload truncates every table whose load was under way when the earlier attempt
// stopped; their rows are then replayed from the first, whatever the progress rows say.
// It returns the tables' keys (sqlscan.TableKey). Only a table this run created and that was empty
// when its load began may be truncated: any other (the user's table of an append-style or
// data-only load) would lose its own rows with the dump's, and the resume is refused
// (*ReloadRefusedError) before any table is truncated. So is a table whose rows came
// again after a statement that changed it (a second load, see RecordLoad): it cannot be
// rebuilt from its rows alone.
func (r *prior) planReload(ctx context.Context, c Conn, runID string) ([]string, error) {
	rows, err := c.QueryContext(ctx, "SELECT db, tbl, complete, created, first_offset, auto_increment FROM "+ProgressSchema+".loads WHERE run_id = ? AND complete <> 1 ORDER BY first_offset", runID)
	if err != nil {
		return nil, fmt.Errorf("resume: read table loads: %w", err)
	}
	type load struct {
		db, t   string
		first   int64
		autoInc sql.NullString
	}
	var pending []load
	for rows.Next() {
		var l load
		var complete int
		var created sql.NullInt64
		if err := rows.Scan(&l.db, &l.t, &complete, &created, &l.first, &l.autoInc); err != nil {
			rows.Close()
			return nil, err
		}
		if complete == 2 {
			rows.Close()
			return nil, fmt.Errorf("resume: %s.%s (non-transactional engine or no primary key) was being loaded again, after statements that changed it, when the interrupted run ended: its rows cannot be replayed without those statements; check %s.%s against the dump, or import anew into an empty target", l.db, l.t, l.db, l.t)
		}
		switch {
		case !created.Valid:
			rows.Close()
			return nil, &ReloadRefusedError{DB: l.db, Table: l.t, Why: "an older dumpscope did not record whether this import created it (it may hold rows from before the import)"}
		case created.Int64 == 0:
			rows.Close()
			return nil, &ReloadRefusedError{DB: l.db, Table: l.t, Why: "this import did not create it under this name (it held rows before the import, or may have, or it got rows under another name before a RENAME TABLE, which a reload under this name cannot replay)"}
		}
		pending = append(pending, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, l := range pending {
		if err := refuseTriggers(ctx, c, l.db, l.t); err != nil {
			return nil, err
		}
	}
	r.reload = map[string]int64{}
	var out []string
	for _, l := range pending {
		name := sqlscan.QuoteIdent(l.db) + "." + sqlscan.QuoteIdent(l.t)
		if err := truncateForReload(ctx, c, name); err != nil {
			return nil, fmt.Errorf("resume: truncate %s.%s for a reload: %w", l.db, l.t, err)
		}
		if l.autoInc.Valid && l.autoInc.String != "1" {
			// TRUNCATE set the counter to 1; the client's rows met the one the table had
			// when its load began (the dump's CREATE TABLE … AUTO_INCREMENT=N).
			if _, err := c.ExecContext(ctx, "ALTER TABLE "+name+" AUTO_INCREMENT = "+l.autoInc.String); err != nil {
				return nil, fmt.Errorf("resume: give %s.%s back its AUTO_INCREMENT %s for a reload: %w", l.db, l.t, l.autoInc.String, err)
			}
		}
		key := string(sqlscan.TableKeyOf(l.db, l.t))
		r.reload[key] = l.first
		out = append(out, key)
	}
	return out, nil
}
