package checkpoint

import (
	"encoding"
	"encoding/json"
	"hash"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/dumpscope/dumpscope/internal/mysqlerr"
)

// Run is one import's checkpoint: its id in the progress schema, what an earlier attempt
// committed (on resume), and the running digest of the stream. A nil *Run is no
// checkpoint: Skip says no, Observe and DigestAt do nothing. Its state is cut by what it
// is: the run's rows in the progress schema (progressRows), what earlier attempts
// committed (prior), the running stream digest (streamDigest); Run itself owns the
// intents and markers (intent.go) and keeps the nil-safe entry points.
type Run struct {
	progressRows
	// Journal is the journal's path; "" when the run writes progress rows but cannot be
	// resumed (a stream without --checkpoint FILE).
	Journal string
	// DeferIndexes is set when the interrupted run deferred indexes: a resumed run must too.
	DeferIndexes bool

	prior
	streamDigest

	// nonTx is the server's non-transactional tables as the intents last read
	// them; nil: to be read (SchemaChanged). Barrier items on workers write intents too.
	tablesMu sync.Mutex
	nonTx    []tableName
	views    map[string]bool // the server's views, by key, read with nonTx (ViewBases)
	ranMade  atomic.Bool     // the markers' table exists
	// noProgressLocks: the account may not LOCK TABLES the progress tables
	// (ProbeProgressLocks), so LockList gives none.
	noProgressLocks bool
	// lock is the journal's, held for the run's life (lock.go); nil without a journal.
	lock *journalLock
}

// progressRows owns the run's id and the rows keyed by it in the progress schema (runs,
// done, loads, created: progress.go), so that every writer of those rows, and the
// refusal that needs only an id (GiveUpSQL), work from the id alone.
type progressRows struct {
	RunID string
}

// prior owns what the earlier attempts of a resumed run committed, as read from the
// progress schema on resume (loadDone, loadVars, planReload): the resume's reading of
// what ran, which Skip, MayHaveRun, VarsAt and InsertIDAt answer from. Zero on a fresh
// run.
type prior struct {
	// done holds the committed spans of an earlier attempt, sorted, merged.
	done []span
	// reload are tables (keys, sqlscan.TableKey) whose rows are replayed from their first row
	// because they were truncated on resume, with the offset of that row (the load's
	// first_offset): rows before it went into an earlier table of that name, dropped since.
	reload map[string]int64
	// resumed is set on resume. A DDL statement without a progress row may still have run
	// before the crash, since DDL commits before its progress row can: any one before the
	// furthest recorded offset, and up to unrecordedDDL ones after it (as many as the
	// interrupted run had connections that run DDL: the control connection and each
	// worker, for barrier items). Their "already exists"/"does not exist" errors mean
	// "already applied".
	resumed bool
	// proceduresBefore are the procedures the target had before the first attempt
	// (procedures.go); nil when its journal did not record them.
	proceduresBefore *[][2]string
	// triggersBefore are the triggers the target had before the first attempt
	// (triggers.go); nil when not recorded.
	triggersBefore *[][4]string
	// overwriteCheck is what the target held when the first attempt began, when that
	// attempt was checked for overwrites (Journal.OverwriteCheck); nil otherwise.
	overwriteCheck json.RawMessage
	furthest       int64
	// restarted: the server restarted since the interrupted attempt (serverRestarted), so
	// its GLOBAL variables are back to their configured values (GlobalRan).
	restarted bool
	// memoryAtRisk are the MEMORY tables (keys) the restart emptied that the skipped
	// statements must not have written (MemoryAtRisk, restart.go).
	memoryAtRisk []string
	// failedAt is Journal.FailedAt of the interrupted run, plus one (0: none); cleared
	// (Passed) once the statement there runs without error.
	failedAt   atomic.Int64
	dispatched *int64 // Journal.DispatchedThrough of the interrupted run
	// endsRecorded: every earlier attempt ended on its own (Journal.EndsRecorded), the
	// last one included (dispatched is set): see NeverSent.
	endsRecorded  bool
	unrecordedDDL atomic.Int64
	freshFrom     atomic.Int64 // see RanAfresh; 0: not yet
	// sentMarks are the marks of the DDL statements beyond the furthest committed offset
	// that earlier attempts were about to send (sent.go), read on resume.
	sentMarks

	// digests are the committed stretches' (end, digest) pairs, read on resume.
	digests []endDigest
	// vars are the SETs that give back the user variables statements set from the data
	// in earlier attempts, by the statement's offset (vars.go), read on resume.
	vars map[int64]journaledVars
	// varsWritten are the offsets this attempt journaled variables at (RecordVars; the
	// controller's goroutine alone records them).
	varsWritten map[int64]bool
	// insertIDs are the progress rows' LAST_INSERT_ID() values (Stretch.InsertID), by
	// start offset, read on resume.
	insertIDs []insertIDRow
	// xaCommitted are the XA START offsets of the XA transactions that committed (xa.go),
	// read on resume; committedXA the stretch of the one the resume is skipping.
	xaCommitted map[int64]bool
	committedXA committedXA
	// quotingFlags are the journal's QuotingFlags (quoting.go): read on resume, added to
	// by this attempt, written with the journal.
	quotingFlags []QuotingFlag
}

// streamDigest owns the running digest of this attempt's stream (Observe, DigestAt),
// apart from the prior attempts' digests it is checked against (prior.digests): only the
// dispatcher's goroutine touches it.
type streamDigest struct {
	// stream is a running SHA-256 of the dump as the dispatcher reads it (the Raw of
	// every statement: they tile the stream), so each progress row can carry the digest
	// of the stream up to its end.
	stream   hash.Hash
	observed int64 // stream bytes observed so far
	// before is the hash state before the last statement observed, which started at
	// beforeOffset: a stretch recorded up to a statement's start needs its digest.
	before       []byte
	beforeOffset int64
	// last is the raw bytes of the last statement observed (the splitter's buffer, not a
	// copy: read only while that statement is dispatched, before the next is read), so
	// that a stretch ending inside it has a digest too: a text the server runs as
	// several statements (split.ServerParts) gives each its own stretch.
	last []byte
}

// insertIDRow is a progress row's stretch and the LAST_INSERT_ID() it recorded (invalid:
// not recorded: a worker's stretch, an older dumpscope's, or one recorded on resume).
type insertIDRow struct {
	span
	id    uint64
	known bool
}

// InsertIDAt returns the LAST_INSERT_ID() that the control connection of an earlier
// attempt had at the end of the committed stretch holding offset; known is false when
// that stretch did not record one (or none holds offset). A resumed run skips the
// stretch, so its own connection lacks that value: it gives it back before the next
// statement it runs (LAST_INSERT_ID(n)).
func (r *Run) InsertIDAt(offset int64) (id uint64, known bool) {
	if r == nil {
		return 0, false
	}
	// The rows are sorted by start; a reload's newer row replaced the older one.
	i := sort.Search(len(r.insertIDs), func(i int) bool { return r.insertIDs[i].Start > offset }) - 1
	if i < 0 || r.insertIDs[i].End <= offset || !r.insertIDs[i].known {
		return 0, false
	}
	return r.insertIDs[i].id, true
}

// span is a committed stretch of the dump stream, [Start, End) in uncompressed bytes.
type span struct{ Start, End int64 }

// endDigest is a progress row's stream digest: SHA-256 of the uncompressed stream's
// bytes [0, end), hex; "" when the row has none (written by an older dumpscope).
type endDigest struct {
	end    int64
	digest string
}

// Resumable reports whether a stopped import can be resumed: it has a journal.
func (r *Run) Resumable() bool { return r != nil && r.Journal != "" }

// Skip reports whether the statement at offset committed in an earlier attempt: in a
// recorded stretch, or in the XA transaction SkipCommittedXA names.
func (r *Run) Skip(offset int64) bool {
	if r == nil {
		return false
	}
	i := sort.Search(len(r.done), func(i int) bool { return r.done[i].End > offset })
	return i < len(r.done) && r.done[i].Start <= offset || r.committedXA.holds(offset)
}

// Reloads reports whether the table (its key, sqlscan.TableKey) was truncated on resume
// and the rows at offset are of its load, so that they are sent again even where Skip says
// they committed. Rows before its load's first went into an earlier table of that name
// (the load began in the table empty, which this run had created): sent again, an INSERT
// of the old columns into the new table failed (difffuzz seed 18292,
// TestResumeFoundReloadAfterRecreate).
func (r *Run) Reloads(table string, offset int64) bool {
	if r == nil {
		return false
	}
	first, ok := r.reload[table]
	return ok && offset >= first
}

// ReloadedTables are the keys (sqlscan.TableKey) of the tables truncated on resume to be
// reloaded, sorted.
func (r *Run) ReloadedTables() []string {
	if r == nil {
		return nil
	}
	out := make([]string, 0, len(r.reload))
	for k := range r.reload {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Committed sums the committed bytes of the earlier attempts and returns the furthest
// committed offset.
func (r *prior) Committed() (bytes, furthest int64) {
	for _, s := range r.done {
		bytes += s.End - s.Start
		furthest = max(furthest, s.End)
	}
	return bytes, furthest
}

// mergeSpans merges sorted, possibly adjacent spans. Statements between two spans that
// were never recorded (session statements, LOCK TABLES, comments) are not gaps: spans are
// merged only when they touch, so those are replayed; session statements always are.
func mergeSpans(s []span) []span {
	sort.Slice(s, func(i, j int) bool { return s[i].Start < s[j].Start })
	var out []span
	for _, x := range s {
		if n := len(out); n > 0 && x.Start <= out[n-1].End {
			if x.End > out[n-1].End {
				out[n-1].End = x.End
			}
			continue
		}
		out = append(out, x)
	}
	return out
}

// Observe adds the next statement's stretch of the stream (its raw bytes, which tile the
// stream) to the running digest.
func (r *Run) Observe(raw []byte) {
	if r == nil {
		return
	}
	r.streamDigest.observe(raw)
}

// DigestAt is the digest of the stream up to offset when that is exactly what has been
// observed (the dispatcher asks right after observing the statement that ends there), or
// up to the start of the last statement observed, for the progress row of a stretch that
// ends there, or up to a byte inside it (the stretch of one part of a text the server
// runs as several, asked while that text is dispatched); "" otherwise, and without a
// Run: such a row is covered by the digest of any row that ends further.
func (r *Run) DigestAt(offset int64) string {
	if r == nil {
		return ""
	}
	return r.streamDigest.digestAt(offset)
}

// observe is Observe's work, apart from the nil check that leaves a nil *Run without a
// digest.
func (d *streamDigest) observe(raw []byte) {
	if d.stream == nil {
		d.stream = newStreamHash()
	}
	if m, ok := d.stream.(encoding.BinaryMarshaler); ok {
		d.before, _ = m.MarshalBinary()
		d.beforeOffset = d.observed
	}
	d.stream.Write(raw)
	d.observed += int64(len(raw))
	d.last = raw
}

// digestAt is DigestAt's work, apart from the nil check: a nil *Run has no digest.
func (d *streamDigest) digestAt(offset int64) string {
	switch {
	case d.stream == nil:
		return ""
	case offset == d.observed:
		return encodeStreamDigest(d.stream.Sum(nil))
	case offset >= d.beforeOffset && offset < d.observed && d.before != nil && d.observed-d.beforeOffset == int64(len(d.last)):
		h := newStreamHash()
		if u, ok := h.(encoding.BinaryUnmarshaler); ok && u.UnmarshalBinary(d.before) == nil {
			h.Write(d.last[:offset-d.beforeOffset])
			return encodeStreamDigest(h.Sum(nil))
		}
	}
	return ""
}

// allowUnrecordedDDL sets how many DDL statements beyond the furthest recorded offset may
// have run unrecorded: the interrupted run's connections (Journal.Parallel + 1).
func (r *prior) allowUnrecordedDDL(n int) { r.unrecordedDDL.Store(int64(n)) }

// NeverSent reports whether no earlier attempt of the resumed run r (nil-safe) sent the
// statement at offset: each one ended on its own (a graceful stop, an error; none was
// killed) and none sent anything past DispatchedThrough, which lies before offset. Such a statement
// took no AUTO_INCREMENT ids or sequence values that a rollback kept: a graceful stop
// inside the dump's transaction rolls back only what it sent (x-review18: MySQL
// Workbench's data section and mysqldump --no-autocommit, stopped before their INSERTs
// into an AUTO_INCREMENT table, were refused as if killed inside them). False on a first
// run and after a kill: a killed attempt may have been anywhere past the furthest
// committed offset. A function: Run is at its limit of methods.
func NeverSent(r *Run, offset int64) bool {
	return r != nil && r.resumed && r.endsRecorded && r.dispatched != nil && offset > *r.dispatched
}

// MayHaveRun reports whether an unrecorded DDL statement at offset, whose error code says
// it was already applied (AlreadyApplied), may have run before an earlier attempt ended;
// beyond the furthest recorded offset each yes uses up one of the allowance. Past how far
// the earlier attempts sent (DispatchedThrough) it did not run, but only when none of
// them was killed (endsRecorded, as NeverSent): a resume stopped before a DDL a killed
// attempt before it had run left that DDL's "already exists" taken for the dump's own
// error (TestXFix71KilledThenStoppedResume). Beyond the furthest offset it did not run
// either when no earlier attempt marked it as about to be sent, or its mark says its
// objects were already as its error says (sent.go: the dump's own DROP TABLE of a table
// that is not there, TestXFix71DropMissingAfterKill); marked says the statement is one
// its senders mark (MarkSent).
func (r *Run) MayHaveRun(offset int64, marked bool) bool {
	if r == nil || !r.resumed || r.failedAt.Load() == offset+1 || NeverSent(r, offset) {
		return false
	}
	if offset < r.furthest {
		return true
	}
	if f := r.freshFrom.Load(); f > 0 && offset > f {
		return false
	}
	if !r.mayHaveBeenSent(offset, marked) {
		return false
	}
	for {
		n := r.unrecordedDDL.Load()
		if n <= 0 {
			return false
		}
		if r.unrecordedDDL.CompareAndSwap(n, n-1) {
			return true
		}
	}
}

// RanAfresh notes that a DDL statement beyond the furthest recorded offset ran without
// error on the control connection. The interrupted run got no further than it there, and
// dispatched nothing after it, so no DDL after it can have run unrecorded (one before it,
// a barrier item still waiting on a worker, may have).
func (r *Run) RanAfresh(offset int64) {
	if r == nil || !r.resumed || offset < r.furthest {
		return
	}
	for {
		f := r.freshFrom.Load()
		if (f > 0 && f <= offset) || r.freshFrom.CompareAndSwap(f, offset) {
			return
		}
	}
}

// AlreadyApplied reports whether a DDL error says its effect is already there: what a
// statement that ran before a crash (but whose progress row did not commit) gets when run
// again. MariaDB's DROP VIEW of a dropped view answers ER_UNKNOWN_VIEW, not
// ER_BAD_TABLE_ERROR: without it a resume stopped there (difffuzz seed 49232,
// TestResumeFound49232DropViewKilled).
func AlreadyApplied(code uint16) bool {
	switch code {
	case mysqlerr.DBCreateExists, mysqlerr.DBDropExists,
		mysqlerr.TableExists, mysqlerr.BadTable, mysqlerr.UnknownView,
		mysqlerr.DupFieldName, mysqlerr.DupKeyName, mysqlerr.CantDropFieldOrKey,
		mysqlerr.MultiplePriKey, mysqlerr.FKDupName, // ALTER TABLE … ADD PRIMARY KEY / CONSTRAINT
		mysqlerr.SPAlreadyExists, mysqlerr.SPDoesNotExist,
		mysqlerr.TrgAlreadyExists, mysqlerr.TrgDoesNotExist,
		mysqlerr.EventAlreadyExists, mysqlerr.EventDoesNotExist,
		mysqlerr.CannotUser: // CREATE USER of one there, DROP USER of one gone (replay's accountRanAgain)
		return true
	}
	return false
}

// Resumed reports whether this run resumes an interrupted one (on prior: Run's own
// methods are at the layout's limit; a nil *Run's caller checks for nil first).
func (r *prior) Resumed() bool { return r.resumed }

// Furthest is the furthest offset an earlier attempt committed (0: none, not a resume; on prior:
// Run's own methods are at the layout's limit, and a nil *Run's caller checks first).
func (r *prior) Furthest() int64 { return r.furthest }
