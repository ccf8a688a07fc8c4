package importer

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"time"
)

// ProgressSchema is the database that holds dumpscope's progress rows on the target. It is
// dumpscope's own, never one of the dump's; it is dropped when the last run in it finishes.
const ProgressSchema = "dumpscope_progress"

// Why progress lives in the server: after kill -9 the server still finishes the statement
// or COMMIT in flight, so no client-side journal can know whether the last batch
// committed. A row written inside each batch's own transaction commits if and only if the
// batch does. The local journal only says which dump, which target and which connections.

// JournalFormat names the checkpoint journal's JSON format.
const JournalFormat = "dumpscope-checkpoint"

// DumpIdentity identifies a dump well enough to refuse resuming with another one: its
// name, its stored size (-1 for stdin) and a SHA-256 of its first MiB as stored.
type DumpIdentity struct {
	Name       string `json:"name"`
	Size       int64  `json:"size"`
	HeadSHA256 string `json:"head_sha256"`
}

// TargetIdentity identifies the server: MariaDB has no @@server_uuid, so the run id that
// only this target's progress schema holds, plus where the server says it lives.
type TargetIdentity struct {
	Hostname string `json:"hostname"`
	Port     int64  `json:"port"`
	Socket   string `json:"socket"`
	Datadir  string `json:"datadir"`
	Version  string `json:"version"`
	// BootUnix is when the server started (now − Uptime), to the second: connection ids
	// restart after a server restart, so they only identify connections of the same boot.
	BootUnix int64 `json:"boot_unix"`
}

// Journal is the local checkpoint file (--checkpoint FILE).
type Journal struct {
	Format        string         `json:"format"`
	Version       int            `json:"version"`
	RunID         string         `json:"run_id"`
	Dump          DumpIdentity   `json:"dump"`
	Target        TargetIdentity `json:"target"`
	ConnectionIDs []int64        `json:"connection_ids"`
	Parallel      int            `json:"parallel"`
	// DeferIndexes must be the same on resume: a resumed run adds the indexes held back.
	DeferIndexes bool      `json:"defer_indexes,omitempty"`
	StartedAt    time.Time `json:"started_at"`
	UpdatedAt    time.Time `json:"updated_at"`
}

// NewRunID returns a random run id.
func NewRunID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// HeadHash hashes up to the first MiB of r.
func HeadHash(r io.Reader) (string, error) {
	h := sha256.New()
	if _, err := io.CopyN(h, r, 1<<20); err != nil && err != io.EOF {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// ReadJournal reads a checkpoint journal.
func ReadJournal(path string) (*Journal, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("checkpoint %s does not exist: nothing to resume (an import that finished removes it; one without --parallel or --checkpoint never wrote it)", path)
	}
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	var j Journal
	if err := json.Unmarshal(b, &j); err != nil {
		return nil, fmt.Errorf("checkpoint %s: %w", path, err)
	}
	if j.Format != JournalFormat || j.Version != 1 {
		return nil, fmt.Errorf("checkpoint %s: not a dumpscope checkpoint (format %q version %d)", path, j.Format, j.Version)
	}
	return &j, nil
}

// WriteJournal writes the journal atomically (temp file, fsync, rename), so a crash leaves
// the old or the new one, never half of one.
func WriteJournal(path string, j *Journal) error {
	j.Format, j.Version, j.UpdatedAt = JournalFormat, 1, time.Now().UTC()
	b, err := json.MarshalIndent(j, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".dumpscope-checkpoint-*")
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("checkpoint: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("checkpoint: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	return nil
}

// ReadTarget reads the target's identity.
func ReadTarget(ctx context.Context, c Conn) (TargetIdentity, error) {
	var t TargetIdentity
	var sock sql.NullString
	err := c.QueryRowContext(ctx, "SELECT @@hostname, @@port, @@socket, @@datadir, @@version").Scan(&t.Hostname, &t.Port, &sock, &t.Datadir, &t.Version)
	t.Socket = sock.String
	if err != nil {
		return t, err
	}
	var uptime int64
	var name string
	if err := c.QueryRowContext(ctx, "SHOW GLOBAL STATUS LIKE 'Uptime'").Scan(&name, &uptime); err != nil {
		return t, err
	}
	t.BootUnix = time.Now().Unix() - uptime
	return t, nil
}

// span is a committed stretch of the dump stream, [Start, End) in uncompressed bytes.
type span struct{ Start, End int64 }

// Checkpointer records, in the target's progress schema, which stretches of the dump have
// committed, and on resume says which statements to skip.
type Checkpointer struct {
	RunID string
	// done holds the committed spans of an earlier attempt, sorted, merged.
	done []span
	// reload are tables (db.table) whose rows are replayed from their first row because
	// they were truncated on resume.
	reload map[string]bool
	// resumed is set on resume. A DDL statement without a progress row may still have run
	// before the crash, since DDL commits before its progress row can: any one before the
	// furthest recorded offset, and up to unrecordedDDL ones after it (as many as the
	// interrupted run had connections that run DDL: the control connection and each
	// worker, for barrier items). Their "already exists"/"does not exist" errors mean
	// "already applied".
	resumed       bool
	furthest      int64
	unrecordedDDL atomic.Int64
	freshFrom     atomic.Int64 // see ranAfresh; 0: not yet

	// stream is a running SHA-256 of the dump as the dispatcher reads it (the Raw of
	// every statement: they tile the stream), so each progress row can carry the digest
	// of the stream up to its end. Only the dispatcher's goroutine touches it.
	stream   hash.Hash
	observed int64 // stream bytes observed so far
	// before is the hash state before the last statement observed, which started at
	// beforeOffset: a stretch recorded up to a statement's start needs its digest.
	before       []byte
	beforeOffset int64
	// digests are the committed stretches' (end, digest) pairs, read on resume.
	digests []endDigest
}

// endDigest is a progress row's stream digest: SHA-256 of the uncompressed stream's
// bytes [0, end), hex; "" when the row has none (written by an older dumpscope).
type endDigest struct {
	end    int64
	digest string
}

// observe adds the next statement's stretch of the stream (its Raw) to the running
// digest, and refuses a statement that uses dumpscope's own progress schema: a dump taken
// from a server in the middle of a dumpscope import carries it, and replaying it would
// rewrite the progress rows this run relies on.
func (cp *Checkpointer) observe(st *Statement) error {
	if cp == nil {
		return nil
	}
	if cp.stream == nil {
		cp.stream = sha256.New()
	}
	if m, ok := cp.stream.(encoding.BinaryMarshaler); ok {
		cp.before, _ = m.MarshalBinary()
		cp.beforeOffset = cp.observed
	}
	cp.stream.Write(st.Raw)
	cp.observed += int64(len(st.Raw))
	isProgress := func(name string) bool { return strings.EqualFold(strings.Trim(name, "`"), ProgressSchema) }
	if isProgress(st.Database) || (st.Kind == KindDDL && isProgress(st.Table) && (strings.Contains(st.Verb, "DATABASE") || strings.Contains(st.Verb, "SCHEMA"))) {
		return fmt.Errorf("the dump uses %s, dumpscope's own progress schema (it was dumped from a server during a dumpscope import?); with progress rows (--parallel, --checkpoint) that would rewrite them: remove those statements from the dump, or import it without --parallel and --checkpoint", ProgressSchema)
	}
	return nil
}

// digestAt is the digest of the stream up to offset when that is exactly what has been
// observed (the dispatcher asks right after observing the statement that ends there), for
// the progress row of a stretch that ends there; "" otherwise, and without a
// Checkpointer: such a row is covered by the digest of any row that ends further.
func (cp *Checkpointer) digestAt(offset int64) string {
	switch {
	case cp == nil || cp.stream == nil:
		return ""
	case offset == cp.observed:
		return hex.EncodeToString(cp.stream.Sum(nil))
	case offset == cp.beforeOffset && cp.before != nil:
		h := sha256.New()
		if u, ok := h.(encoding.BinaryUnmarshaler); ok && u.UnmarshalBinary(cp.before) == nil {
			return hex.EncodeToString(h.Sum(nil))
		}
	}
	return ""
}

// AllowUnrecordedDDL sets how many DDL statements beyond the furthest recorded offset may
// have run unrecorded: the interrupted run's connections (Journal.Parallel + 1).
func (cp *Checkpointer) AllowUnrecordedDDL(n int) { cp.unrecordedDDL.Store(int64(n)) }

// mayHaveRun reports whether an unrecorded DDL statement at offset, whose error says it
// was already applied, may have run before an earlier attempt ended; beyond the furthest
// recorded offset each yes uses up one of the allowance.
func (cp *Checkpointer) mayHaveRun(offset int64) bool {
	if !cp.resumed {
		return false
	}
	if offset < cp.furthest {
		return true
	}
	if f := cp.freshFrom.Load(); f > 0 && offset > f {
		return false
	}
	for {
		n := cp.unrecordedDDL.Load()
		if n <= 0 {
			return false
		}
		if cp.unrecordedDDL.CompareAndSwap(n, n-1) {
			return true
		}
	}
}

// ranAfresh notes that a DDL statement beyond the furthest recorded offset ran without
// error on the control connection. The interrupted run got no further than it there, and
// dispatched nothing after it, so no DDL after it can have run unrecorded (one before it,
// a barrier item still waiting on a worker, may have).
func (cp *Checkpointer) ranAfresh(offset int64) {
	if !cp.resumed || offset < cp.furthest {
		return
	}
	for {
		f := cp.freshFrom.Load()
		if (f > 0 && f <= offset) || cp.freshFrom.CompareAndSwap(f, offset) {
			return
		}
	}
}

// Setup creates the progress schema if needed and registers the run.
func (cp *Checkpointer) Setup(ctx context.Context, c Conn, dump DumpIdentity, target TargetIdentity) error {
	for _, q := range []string{
		// utf8mb4: a dump's path and a datadir may be any file name.
		"CREATE DATABASE IF NOT EXISTS " + ProgressSchema + " DEFAULT CHARACTER SET utf8mb4",
		"CREATE TABLE IF NOT EXISTS " + ProgressSchema + ".runs (run_id CHAR(32) CHARACTER SET ascii PRIMARY KEY, dump_name VARCHAR(2048) CHARACTER SET utf8mb4, dump_head_sha256 CHAR(64) CHARACTER SET ascii, target_datadir VARCHAR(2048) CHARACTER SET utf8mb4, started_at DATETIME(6), finished_at DATETIME(6) NULL) ENGINE=InnoDB",
		"CREATE TABLE IF NOT EXISTS " + ProgressSchema + ".done (run_id CHAR(32) CHARACTER SET ascii, start_offset BIGINT, end_offset BIGINT, statements INT, row_count BIGINT, stream_sha256 CHAR(64) CHARACTER SET ascii NULL, PRIMARY KEY (run_id, start_offset)) ENGINE=InnoDB",
		"CREATE TABLE IF NOT EXISTS " + ProgressSchema + ".loads (run_id CHAR(32), db VARCHAR(64) CHARACTER SET utf8mb4, tbl VARCHAR(64) CHARACTER SET utf8mb4, first_offset BIGINT, complete TINYINT NOT NULL DEFAULT 0, PRIMARY KEY (run_id, db, tbl)) ENGINE=InnoDB",
	} {
		if _, err := c.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("checkpoint: create the progress schema %s: %w", ProgressSchema, err)
		}
	}
	if err := upgradeProgressSchema(ctx, c); err != nil {
		return fmt.Errorf("checkpoint: upgrade the progress schema %s: %w", ProgressSchema, err)
	}
	_, err := c.ExecContext(ctx, "INSERT IGNORE INTO "+ProgressSchema+".runs (run_id, dump_name, dump_head_sha256, target_datadir, started_at) VALUES (?, ?, ?, ?, NOW(6))",
		cp.RunID, dump.Name, dump.HeadSHA256, target.Datadir)
	if err != nil {
		return fmt.Errorf("checkpoint: register run: %w", err)
	}
	return nil
}

// recordSQL is the progress row for a committed stretch; it runs inside the stretch's
// own transaction. A table reloaded on resume records its stretches again (same start,
// perhaps another end): the newer row replaces the older.
//
// digest is SHA-256 of the stream up to end (prefixDigest), checked on resume by
// VerifyStream before anything is sent.
func (cp *Checkpointer) recordSQL(start, end int64, statements int, rows int64, digest string) string {
	d := "NULL"
	if digest != "" {
		d = "'" + digest + "'" // hex
	}
	return fmt.Sprintf("INSERT INTO %s.done (run_id, start_offset, end_offset, statements, row_count, stream_sha256) VALUES ('%s', %d, %d, %d, %d, %s) ON DUPLICATE KEY UPDATE end_offset = VALUES(end_offset), statements = VALUES(statements), row_count = VALUES(row_count), stream_sha256 = VALUES(stream_sha256)",
		ProgressSchema, cp.RunID, start, end, statements, rows, d)
}

// upgradeProgressSchema brings a progress schema left by an older dumpscope (ASCII names,
// no stream digests) to this version's, so that a run can share it.
func upgradeProgressSchema(ctx context.Context, c Conn) error {
	var n int
	err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'done' AND COLUMN_NAME = 'stream_sha256'", ProgressSchema).Scan(&n)
	if err != nil {
		return err
	}
	if n == 0 {
		if _, err := c.ExecContext(ctx, "ALTER TABLE "+ProgressSchema+".done ADD COLUMN stream_sha256 CHAR(64) CHARACTER SET ascii NULL"); err != nil {
			return err
		}
	}
	var cs sql.NullString
	err = c.QueryRowContext(ctx, "SELECT CHARACTER_SET_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'runs' AND COLUMN_NAME = 'dump_name'", ProgressSchema).Scan(&cs)
	if err != nil {
		return err
	}
	if cs.String != "utf8mb4" {
		_, err = c.ExecContext(ctx, "ALTER TABLE "+ProgressSchema+".runs MODIFY dump_name VARCHAR(2048) CHARACTER SET utf8mb4, MODIFY target_datadir VARCHAR(2048) CHARACTER SET utf8mb4")
	}
	return err
}

// Skip reports whether the statement at offset committed in an earlier attempt.
func (cp *Checkpointer) Skip(offset int64) bool {
	if cp == nil || len(cp.done) == 0 {
		return false
	}
	i := sort.Search(len(cp.done), func(i int) bool { return cp.done[i].End > offset })
	return i < len(cp.done) && cp.done[i].Start <= offset
}

// Committed sums the committed bytes of the earlier attempts and returns the furthest
// committed offset.
func (cp *Checkpointer) Committed() (bytes, furthest int64) {
	for _, s := range cp.done {
		bytes += s.End - s.Start
		furthest = max(furthest, s.End)
	}
	return bytes, furthest
}

// LoadDone reads the committed spans of the run.
func (cp *Checkpointer) LoadDone(ctx context.Context, q Conn) error {
	rows, err := q.QueryContext(ctx, "SELECT start_offset, end_offset, stream_sha256 FROM "+ProgressSchema+".done WHERE run_id = ? ORDER BY start_offset", cp.RunID)
	if err != nil {
		return fmt.Errorf("checkpoint: read progress rows: %w", err)
	}
	defer rows.Close()
	var spans []span
	cp.digests = nil
	for rows.Next() {
		var s span
		var d sql.NullString
		if err := rows.Scan(&s.Start, &s.End, &d); err != nil {
			return err
		}
		spans = append(spans, s)
		cp.digests = append(cp.digests, endDigest{s.End, d.String})
	}
	cp.done = mergeSpans(spans)
	cp.resumed = true
	_, cp.furthest = cp.Committed()
	return rows.Err()
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

// Finish marks the run finished, deletes its progress rows and drops the progress schema
// when nothing else is left in it.
func (cp *Checkpointer) Finish(ctx context.Context, c Conn) error {
	if _, err := c.ExecContext(ctx, "UPDATE "+ProgressSchema+".runs SET finished_at = NOW(6) WHERE run_id = ?", cp.RunID); err != nil {
		return err
	}
	if _, err := c.ExecContext(ctx, "DELETE FROM "+ProgressSchema+".done WHERE run_id = ?", cp.RunID); err != nil {
		return err
	}
	return dropProgressSchemaIfUnused(ctx, c)
}

// VerifyTarget checks that the server holds this run's progress and is where the journal
// says; resuming on another server, or after the progress schema was dropped, is refused.
func (cp *Checkpointer) VerifyTarget(ctx context.Context, c Conn, j *Journal, now TargetIdentity) error {
	var datadir string
	err := c.QueryRowContext(ctx, "SELECT target_datadir FROM "+ProgressSchema+".runs WHERE run_id = ?", cp.RunID).Scan(&datadir)
	if err != nil {
		return fmt.Errorf("resume: this server (%s, datadir %s) has no progress for run %s (%v): it is not the server the checkpoint was written for, or its %s schema was dropped", now.Hostname, now.Datadir, cp.RunID, err, ProgressSchema)
	}
	if datadir != now.Datadir || j.Target.Datadir != now.Datadir || j.Target.Hostname != now.Hostname || j.Target.Port != now.Port {
		return fmt.Errorf("resume: the checkpoint was written for %s:%d datadir %s, this server is %s:%d datadir %s", j.Target.Hostname, j.Target.Port, j.Target.Datadir, now.Hostname, now.Port, now.Datadir)
	}
	return nil
}

// VerifyStream reads the dump (uncompressed, from its first byte) as far as the
// interrupted run committed, and refuses it unless the stream up to the end of each
// committed stretch has the digest that stretch's progress row recorded. It runs before
// anything is sent: committed stretches are sparse (a run killed at 150 MB may have
// committed 29 MB spread over it), so a check made while replaying would come too late.
// A dump re-made since (mysqldump writes its date at the end, so size and first MiB may
// match) is refused; one that differs only after the last committed byte is not, since
// everything from there is sent anew.
func (cp *Checkpointer) VerifyStream(name string, r io.Reader) error {
	ds := slices.Clone(cp.digests)
	sort.Slice(ds, func(i, j int) bool { return ds[i].end < ds[j].end })
	// A row without a digest is covered by the digest of any row that ends further (it
	// hashes everything before it); the furthest must have one.
	if n := len(ds); n > 0 && ds[n-1].digest == "" {
		return fmt.Errorf("resume: the progress row ending at offset %d has no digest of the dump (an older dumpscope wrote it), so %s cannot be checked against what was committed; start the import over into an empty target", ds[n-1].end, name)
	}
	h := sha256.New()
	var pos int64
	for _, d := range ds {
		if d.digest == "" {
			continue
		}
		if d.end > pos {
			n, err := io.CopyN(h, r, d.end-pos)
			pos += n
			if err == io.EOF {
				return fmt.Errorf("resume: %s ends at offset %d, but the interrupted run committed statements up to offset %d: it is not the dump that run imported", name, pos, d.end)
			}
			if err != nil {
				return fmt.Errorf("resume: read %s: %w", name, err)
			}
		}
		if got := hex.EncodeToString(h.Sum(nil)); got != d.digest {
			return fmt.Errorf("resume: %s differs from the dump the interrupted run imported: its bytes before offset %d, which that run committed, are not the same (the dump was re-made or edited since?); resume only with the same file, or import it anew into an empty target", name, d.end)
		}
	}
	return nil
}

// verifySource runs VerifyStream over the dump to import, before a resumed import sends
// anything: a second, read-only pass over the file up to the furthest committed byte. A
// stream has no second pass, so resuming one is refused once anything was committed.
func (cp *Checkpointer) verifySource(src Source, log io.Writer) error {
	done, furthest := cp.Committed()
	if furthest == 0 {
		return nil
	}
	if src.Path == "" {
		return fmt.Errorf("resume: the interrupted run committed %s up to offset %d, and %s cannot be read twice to check that it is the same dump before anything is sent; resume with the dump as a FILE (a .gz or .zst works as it is)", mib(done), furthest, src.Name)
	}
	in, err := Open(src.Path)
	if err != nil {
		return err
	}
	defer in.Close()
	fmt.Fprintf(log, "dumpscope: resume: reading %s up to offset %d to check it is the dump that was committed…\n", in.Name, furthest)
	return cp.VerifyStream(in.Name, in.Reader)
}

// VerifyDump refuses to resume with another dump.
func VerifyDump(j *Journal, now DumpIdentity) error {
	if j.Dump.HeadSHA256 != now.HeadSHA256 || (j.Dump.Size >= 0 && now.Size >= 0 && j.Dump.Size != now.Size) {
		return fmt.Errorf("resume: %s is not the dump the checkpoint was written for (%s, %d bytes, head sha256 %.12s…; this one: %d bytes, %.12s…)",
			now.Name, j.Dump.Name, j.Dump.Size, j.Dump.HeadSHA256, now.Size, now.HeadSHA256)
	}
	return nil
}

// EndOldConnections waits up to wait for the previous attempt's connections to finish what
// the server was still doing for them (a statement or COMMIT in flight when dumpscope
// died), then kills those still there, so the progress rows read next are final.
//
// Connection ids are only meaningful within one boot of the server: after a restart the
// old connections are gone and their ids may belong to someone else (or to this run), so
// nothing is waited for or killed then.
// Ids of this run's own connections (own) are never waited for or killed.
func EndOldConnections(ctx context.Context, c Conn, j *Journal, now TargetIdentity, own []int64, wait time.Duration, log io.Writer) error {
	if abs(now.BootUnix-j.Target.BootUnix) > 2 {
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

// alreadyApplied reports whether a DDL error says its effect is already there: what a
// statement that ran before a crash (but whose progress row did not commit) gets when run
// again.
func alreadyApplied(code uint16) bool {
	switch code {
	case 1007, // database exists
		1008, // can't drop database; doesn't exist
		1050, // table exists
		1051, // unknown table
		1060, // duplicate column
		1061, // duplicate key name
		1068, // multiple primary key defined (ALTER TABLE … ADD PRIMARY KEY, phpMyAdmin's indexes section)
		1826, // duplicate foreign key constraint name
		1091, // can't drop; check that it exists
		1304, // procedure/function exists
		1305, // does not exist
		1359, // trigger exists
		1360, // trigger does not exist
		1537, // event exists
		1539: // unknown event
		return true
	}
	return false
}

// RecordLoad notes, before rows of a table that cannot be resumed row-exactly
// (non-transactional engine, or no primary key) are sent, that its load is under way; if
// the run dies before the next barrier marks it complete, resume truncates the table and
// replays it from its first row.
func (cp *Checkpointer) RecordLoad(ctx context.Context, c Conn, db, table string, offset int64) error {
	_, err := c.ExecContext(ctx, "INSERT INTO "+ProgressSchema+".loads VALUES (?, ?, ?, ?, 0) ON DUPLICATE KEY UPDATE complete = 0", cp.RunID, db, table, offset)
	return err
}

// CompleteLoad marks a table's load complete (all its rows so far committed).
func (cp *Checkpointer) CompleteLoad(ctx context.Context, c Conn, db, table string) error {
	_, err := c.ExecContext(ctx, "UPDATE "+ProgressSchema+".loads SET complete = 1 WHERE run_id = ? AND db = ? AND tbl = ?", cp.RunID, db, table)
	return err
}

// PlanReload truncates every table whose load was under way when the earlier attempt
// stopped; their rows are then replayed from the first, whatever the progress rows say.
// It returns the tables, as "db.table".
func (cp *Checkpointer) PlanReload(ctx context.Context, c Conn) ([]string, error) {
	rows, err := c.QueryContext(ctx, "SELECT db, tbl FROM "+ProgressSchema+".loads WHERE run_id = ? AND complete = 0 ORDER BY first_offset", cp.RunID)
	if err != nil {
		return nil, fmt.Errorf("resume: read table loads: %w", err)
	}
	var pending [][2]string
	for rows.Next() {
		var db, t string
		if err := rows.Scan(&db, &t); err != nil {
			rows.Close()
			return nil, err
		}
		pending = append(pending, [2]string{db, t})
	}
	rows.Close()
	cp.reload = map[string]bool{}
	var out []string
	for _, dt := range pending {
		if _, err := c.ExecContext(ctx, "TRUNCATE TABLE "+quoteName(dt[0])+"."+quoteName(dt[1])); err != nil {
			return nil, fmt.Errorf("resume: truncate %s.%s for a reload: %w", dt[0], dt[1], err)
		}
		cp.reload[keyOf(dt[0], dt[1])] = true
		out = append(out, keyOf(dt[0], dt[1]))
	}
	return out, nil
}

func quoteName(s string) string { return "`" + strings.ReplaceAll(s, "`", "``") + "`" }
