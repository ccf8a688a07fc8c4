// Package checkpoint is what makes an import resumable after any stop, kill -9 included:
// the local journal (which dump, which target, which connections, which filters), the
// progress rows in the target's own schema (which stretches of the dump committed, with a
// digest of the stream up to each), and the resume protocol that checks all of it before
// anything is sent (Begin).
//
// Why progress lives in the server: after kill -9 the server still finishes the statement
// or COMMIT in flight, so no client-side journal can know whether the last batch
// committed. A row written inside each batch's own transaction commits if and only if the
// batch does. The journal only says which dump, which target and which connections.
//
// The package knows nothing of the replayers: they ask a *Run whether a statement
// committed in an earlier attempt (Skip, Reloads), record a committed stretch inside their
// own transaction (Record), and feed it the stream for its digests (Observe, DigestAt).
package checkpoint

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/dumpscope/dumpscope/internal/atomicfile"
)

// Conn is what checkpoints need from a pinned connection (a *sql.Conn; the importer's Conn
// has the same methods).
type Conn interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// JournalFormat names the checkpoint journal's JSON format.
const JournalFormat = "dumpscope-checkpoint"

// journalVersion is the journal's version: fields added since are optional, so a journal
// written by an older dumpscope still resumes.
const journalVersion = 1

// DumpIdentity identifies a dump well enough to refuse resuming with another one: its
// name, its stored size (-1 for stdin) and a SHA-256 of its first MiB as stored. The
// progress rows' stream digests check the rest (VerifyStream).
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
	DeferIndexes bool `json:"defer_indexes,omitempty"`
	// Filters are the flags that chose and rewrote the statements, canonically
	// ("tables=a.t rename-database=a=b"; "" for none). Offsets and digests only hold for the same statements, so
	// a resume must use the same ones. nil in a journal of a dumpscope that did not record
	// them: then they cannot be checked.
	Filters *string `json:"filters,omitempty"`
	// Charset is the connections' character set as the interrupted run began (from the
	// handshake: --default-character-set or the locale): a dump without SET NAMES is read
	// in it, so a resume sets it again whatever its own locale. nil in a journal of a
	// dumpscope that did not record it: then it cannot be checked.
	Charset *ConnCharset `json:"connection_charset,omitempty"`
	// FailedAt is the offset of the statement whose SQL error ended the run (RecordEnd):
	// it did not run, so a resume that meets the same "does not exist" or "already
	// exists" there does not take it for a DDL that ran before its progress row
	// (MayHaveRun), and stops where the client stops. nil: the run did not end so.
	FailedAt *int64 `json:"failed_at,omitempty"`
	// DispatchedThrough is the offset of the last statement the run that wrote it, or an
	// earlier one, sent, when it ended on its own (a stop, an error; RecordEnd): nothing
	// after it ran, so a DDL there that meets "already exists" is the dump's own error, not
	// one that ran before its progress row (MayHaveRun). nil after a kill: every attempt
	// clears it as it begins.
	DispatchedThrough *int64 `json:"dispatched_through,omitempty"`
	// EndsRecorded: every attempt of the run before the one that wrote the journal ended
	// on its own and recorded how far it sent (DispatchedThrough), none was killed. Then
	// nothing after DispatchedThrough ever reached the server (NeverSent); after a
	// kill, a later attempt's DispatchedThrough tells how far that attempt sent, not how
	// far the killed one got. false in a journal of a dumpscope that did not record it.
	EndsRecorded bool `json:"ends_recorded,omitempty"`
	// DDLMarks: every attempt of the run marked each DDL statement before it sent it
	// (sent.go), so that a resume takes an unmarked one for never sent. false in a journal
	// of a dumpscope that did not, or whose run one such attempt continued.
	DDLMarks bool `json:"ddl_marks,omitempty"`
	// ProceduresBefore are the procedures (database, lower-cased name) the target had
	// before the first attempt sent anything (procedures.go): a resume tells a procedure
	// the dump's CREATE PROCEDURE IF NOT EXISTS made from one that was there. nil in a
	// journal of a dumpscope that did not record them.
	ProceduresBefore *[][2]string `json:"procedures_before,omitempty"`
	// TriggersBefore are the triggers (database, name, the table's database, the table)
	// the target had before the first attempt sent anything, recorded when a table filter
	// decides DROP TRIGGER by them (triggers.go): a resume decides it as the first attempt
	// did, not by the triggers that attempt made. nil: not recorded (no table filter, or
	// a dumpscope that did not record them).
	TriggersBefore *[][4]string `json:"triggers_before,omitempty"`
	// QuotingFlags are the changes of the server's quoting status flags that statements a
	// resume skips made (quoting.go). nil: none, or a dumpscope that did not record them.
	QuotingFlags []QuotingFlag `json:"quoting_flags,omitempty"`
	// OverwriteCheck is what the target held when the first attempt began (opaque here:
	// preflight.State), recorded when that attempt checked each statement for overwrites
	// (no --overwrite, a target that held databases): a resume checks the statements it
	// runs against it and stops before the first overwrite, as the first attempt would
	// have. nil: the first attempt was allowed to overwrite (--overwrite, an empty target,
	// a read-ahead that found nothing or was answered yes), or a dumpscope that did not
	// record it: then a resume writes over what exists.
	OverwriteCheck json.RawMessage `json:"overwrite_check,omitempty"`
	StartedAt      time.Time       `json:"started_at"`
	UpdatedAt      time.Time       `json:"updated_at"`
}

// ConnCharset is a connection's character set variables.
type ConnCharset struct {
	Client     string `json:"character_set_client"`
	Connection string `json:"character_set_connection"`
	// Results is "" when NULL (the server sends results unconverted).
	Results   string `json:"character_set_results"`
	Collation string `json:"collation_connection"`
}

func (cs ConnCharset) String() string {
	return fmt.Sprintf("character_set_client %s, character_set_connection %s, character_set_results %s, collation_connection %s", cs.Client, cs.Connection, cmp.Or(cs.Results, "NULL"), cs.Collation)
}

// Statement is the SET that gives a connection cs (collation_connection last, as in
// setCharset), with literals: a session statement for the replay's other connections.
func (cs ConnCharset) Statement() string {
	results := "NULL"
	if cs.Results != "" {
		results = quoteName(cs.Results)
	}
	return fmt.Sprintf("SET character_set_client = %s, character_set_connection = %s, character_set_results = %s, collation_connection = %s",
		quoteName(cs.Client), quoteName(cs.Connection), results, quoteName(cs.Collation))
}

// quoteName quotes a character set or collation name ([a-z0-9_]) as a string literal
// that reads the same with or without NO_BACKSLASH_ESCAPES.
func quoteName(name string) string {
	return "'" + strings.NewReplacer("'", "", "\\", "").Replace(name) + "'"
}

// ReadCharset reads c's character set variables.
func ReadCharset(ctx context.Context, c Conn) (ConnCharset, error) {
	var cs ConnCharset
	var results sql.NullString
	err := c.QueryRowContext(ctx, "SELECT @@character_set_client, @@character_set_connection, @@character_set_results, @@collation_connection").Scan(&cs.Client, &cs.Connection, &results, &cs.Collation)
	cs.Results = results.String
	return cs, err
}

// setCharset sets c's character set variables to cs (collation_connection last: setting
// character_set_connection resets it to the charset's default).
func setCharset(ctx context.Context, c Conn, cs ConnCharset) error {
	results := any(nil)
	if cs.Results != "" {
		results = cs.Results
	}
	_, err := c.ExecContext(ctx, "SET character_set_client = ?, character_set_connection = ?, character_set_results = ?, collation_connection = ?", cs.Client, cs.Connection, results, cs.Collation)
	return err
}

// CharsetConflictError is a resume refused because --default-character-set names another
// character set than the interrupted run's connections had: the rest of a dump without
// SET NAMES would be read in another one than its first part.
type CharsetConflictError struct {
	Journal, Now ConnCharset
}

func (e *CharsetConflictError) Error() string {
	return fmt.Sprintf("resume: the interrupted run's connections had %s; --default-character-set gives %s: the rest of the dump would be read in another character set than its first part; resume with --default-character-set=%s, or without it (the resume then sets the interrupted run's)", e.Journal, e.Now, e.Journal.Client)
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

// IdentifyFile is the DumpIdentity of the dump file at path: its stored size and the hash
// of its first MiB. The ETA's history of a dump is keyed by it too.
func IdentifyFile(path string) (DumpIdentity, error) {
	id := DumpIdentity{Name: path, Size: -1}
	f, err := os.Open(path)
	if err != nil {
		return id, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return id, fmt.Errorf("%s: %w", path, err)
	}
	id.Size = st.Size()
	if id.HeadSHA256, err = HeadHash(f); err != nil {
		return id, fmt.Errorf("%s: %w", path, err)
	}
	return id, nil
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
	if j.Format != JournalFormat || j.Version != journalVersion {
		return nil, fmt.Errorf("checkpoint %s: not a dumpscope checkpoint (format %q version %d)", path, j.Format, j.Version)
	}
	return &j, nil
}

// OverwriteCheckOf is the OverwriteCheck of the journal a resume of dumpPath reads
// (journalPath, or the default one), nil when it holds none or cannot be read (Begin says
// why then).
func OverwriteCheckOf(journalPath, dumpPath string) json.RawMessage {
	if journalPath == "" && dumpPath != "" {
		journalPath = DefaultJournalPath(dumpPath, DirWritable, StateDir())
	}
	if journalPath == "" {
		return nil
	}
	j, err := ReadJournal(journalPath)
	if err != nil {
		return nil
	}
	return j.OverwriteCheck
}

// WriteJournal writes the journal atomically (temp file, fsync, rename), so a crash leaves
// the old or the new one, never half of one.
func WriteJournal(path string, j *Journal) error {
	j.Format, j.Version, j.UpdatedAt = JournalFormat, journalVersion, time.Now().UTC()
	b, err := json.MarshalIndent(j, "", "  ")
	if err != nil {
		return err
	}
	err = atomicfile.Write(path, atomicfile.Options{Sync: true}, func(w io.Writer) error {
		_, err := w.Write(append(b, '\n'))
		return err
	})
	if err != nil {
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
	var uptime, now int64
	var name string
	if err := c.QueryRowContext(ctx, "SHOW GLOBAL STATUS LIKE 'Uptime'").Scan(&name, &uptime); err != nil {
		return t, err
	}
	// The server's clock, not this host's: a resume from another host, or after this
	// host's clock stepped, reads the same boot time.
	if err := c.QueryRowContext(ctx, "SELECT UNIX_TIMESTAMP()").Scan(&now); err != nil {
		return t, err
	}
	t.BootUnix = now - uptime
	return t, nil
}

// VerifyDump refuses to resume with another dump.
func VerifyDump(j *Journal, now DumpIdentity) error {
	if j.Dump.HeadSHA256 != now.HeadSHA256 || (j.Dump.Size >= 0 && now.Size >= 0 && j.Dump.Size != now.Size) {
		return fmt.Errorf("resume: %s is not the dump the checkpoint was written for (%s, %d bytes, head sha256 %.12s…; this one: %d bytes, %.12s…)",
			now.Name, j.Dump.Name, j.Dump.Size, j.Dump.HeadSHA256, now.Size, now.HeadSHA256)
	}
	return nil
}

// VerifyFilters refuses to resume with other filter flags than the interrupted run's: the
// committed offsets were those of its statements, and another filter keeps or rewrites
// others (a table the first run left out would never be loaded, or one it loaded loaded
// twice). A journal that did not record them (an older dumpscope) is not checked.
func VerifyFilters(j *Journal, now string) error {
	if j.Filters == nil || *j.Filters == now {
		return nil
	}
	return fmt.Errorf("resume: the interrupted run chose its statements with %s, this one with %s: resume with the same flags (the printed resume command repeats them), or import anew into an empty target", filterFlags(*j.Filters), filterFlags(now))
}

// filterFlags shows a journal's filters (transform.Options.Fingerprint, plus
// strip-definers and the connection's database) as the flags that give them.
func filterFlags(f string) string {
	if f == "" {
		return "no filter flags and no -D"
	}
	var flags []string
	for _, part := range strings.Fields(f) {
		if db, ok := strings.CutPrefix(part, "database="); ok {
			flags = append(flags, "-D "+db)
			continue
		}
		flags = append(flags, "--"+part)
	}
	return strings.Join(flags, " ")
}

// DefaultJournalPath is where the checkpoint journal of a dump goes without --checkpoint:
// beside the dump (FILE.dumpscope-checkpoint), or, when the dump's directory is not
// writable (a read-only mount of backups), in stateDir under a name that keeps dumps of the
// same name in different directories apart. A resumed run computes the same path.
func DefaultJournalPath(dump string, writable func(dir string) bool, stateDir string) string {
	if writable(filepath.Dir(dump)) || stateDir == "" {
		return dump + ".dumpscope-checkpoint"
	}
	abs, err := filepath.Abs(dump)
	if err != nil {
		abs = dump
	}
	sum := sha256.Sum256([]byte(abs))
	return filepath.Join(stateDir, fmt.Sprintf("%s-%x.dumpscope-checkpoint", filepath.Base(dump), sum[:4]))
}

// StateDir is dumpscope's directory for state that outlives a run ($XDG_STATE_HOME or
// ~/.local/state, then dumpscope), created on first use; "" when there is none.
func StateDir() string {
	base := os.Getenv("XDG_STATE_HOME")
	if base == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		base = filepath.Join(home, ".local", "state")
	}
	dir := filepath.Join(base, "dumpscope")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return ""
	}
	return dir
}

// DirWritable tries to create a file in dir (access(2) says yes to root on a read-only
// mount; a real create does not).
func DirWritable(dir string) bool {
	f, err := os.CreateTemp(dir, ".dumpscope-w-*")
	if err != nil {
		return false
	}
	f.Close()
	os.Remove(f.Name())
	return true
}

// RecordEnd notes in r's journal how the run ended on its own (nil-safe; nothing without
// a journal): failedAt, when set, is the offset of the statement whose SQL error ended it
// (Journal.FailedAt); dispatched the last statement its dispatcher sent (-1: none), kept
// as the furthest of this attempt's and the interrupted one's (Journal.DispatchedThrough).
func RecordEnd(r *Run, failedAt *int64, dispatched int64) error {
	if r == nil || r.Journal == "" {
		return nil
	}
	if r.dispatched != nil {
		dispatched = max(dispatched, *r.dispatched)
	}
	return editJournal(r.Journal, func(j *Journal) {
		if failedAt != nil {
			j.FailedAt = failedAt
		}
		j.DispatchedThrough = &dispatched
	})
}

// Passed notes that the statement at offset ran without error (nil-safe): when the
// journal holds it as the statement that failed (Journal.FailedAt: the user has put right
// what it failed on), it is cleared at once, so that a later resume takes its "already
// exists" for a statement that had run (TestReviewX2FailedAtNeverCleared).
func Passed(r *Run, offset int64) error {
	if r == nil || r.Journal == "" || !r.failedAt.CompareAndSwap(offset+1, 0) {
		return nil
	}
	return editJournal(r.Journal, func(j *Journal) { j.FailedAt = nil })
}

// editJournal rewrites the journal at path with edit applied.
func editJournal(path string, edit func(j *Journal)) error {
	j, err := ReadJournal(path)
	if err != nil {
		return err
	}
	edit(j)
	return WriteJournal(path, j)
}
