package importer

import (
	"context"
	"database/sql"
	"io"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// beginCheckpoint sets up progress rows when the import runs in parallel, with a
// checkpoint or a resume (nil otherwise: then dumpscope sends exactly the client's
// statements); see checkpoint.Begin for the resume protocol. A resumed run that the
// journal says deferred indexes defers them too (r.DeferIndexes, with the reason).
func beginCheckpoint(ctx context.Context, src Source, o *Options, r *resolved, dumpID checkpoint.DumpIdentity, conns []*sql.Conn, tables func() (bool, error), log io.Writer) (*checkpoint.Run, error) {
	if !makesCheckpoint(o, r) {
		return nil, nil
	}
	cp, err := checkpoint.Begin(ctx, checkpoint.Params{
		Conns: pinned(conns), Dump: dumpID, DumpPath: src.Path, JournalPath: o.CheckpointPath,
		Resume: o.Resume, Applied: o.ResumeApplied, Parallel: r.Parallel, DeferIndexes: r.DeferIndexes,
		Filters: withDatabase(ctx, filterFlags(o), conns[0]), CharsetGiven: o.CharsetGiven, Log: log, Tables: tables,
		Triggers: o.Transform.TriggersMatter(), OverwriteCheck: r.overwriteCheck,
		Reopen: func() (string, io.ReadCloser, error) {
			in, err := dumpfile.Open(src.Path)
			if err != nil {
				return "", nil, err
			}
			return in.Name, readCloser{in.Reader, in}, nil
		},
	})
	if err != nil {
		return nil, err
	}
	if err := checkpoint.ProbeProgressLocks(ctx, cp, conns[0]); err != nil {
		checkpoint.Release(cp, false)
		return nil, err
	}
	if cp.DeferIndexes != r.DeferIndexes {
		r.DeferIndexes = cp.DeferIndexes
		r.because("defer indexes: the interrupted run deferred them (its journal), so its resume builds them")
	}
	return cp, nil
}

// makesCheckpoint reports whether the import writes progress rows (beginCheckpoint):
// --parallel, --checkpoint or a resume, unless the run was made serial.
func makesCheckpoint(o *Options, r *resolved) bool {
	return !r.Serial && (r.Parallel > 1 || o.CheckpointPath != "" || o.Resume)
}

// readCloser reads from one value and closes another (an Input's decoder and its file).
type readCloser struct {
	io.Reader
	io.Closer
}

// filterFlags are the flags that choose and rewrite statements, canonically
// (transform.Options.Fingerprint, plus --strip-definers), for the journal: a resume must
// keep the same statements at the same offsets (checkpoint.VerifyFilters).
func filterFlags(o *Options) string {
	f := o.Transform.Fingerprint()
	if o.StripDefiners {
		f = strings.TrimSpace(f + " strip-definers")
	}
	return f
}

// withDatabase adds the connection's database (-D) to the journal's filters: unqualified
// names before the dump's first USE belong to it, so a resume with another one sent the
// rest of the dump to another database (ERROR 1146, or rows into the wrong tables), and
// the journal did not record it. It is read from the connection before anything ran.
func withDatabase(ctx context.Context, filters string, c *sql.Conn) string {
	var db sql.NullString
	if err := c.QueryRowContext(ctx, "SELECT DATABASE()").Scan(&db); err != nil || db.String == "" {
		return filters
	}
	return strings.TrimSpace(filters + " database=" + db.String)
}

// NewRunID returns a random run id (checkpoint.NewRunID), for run records and metrics.
func NewRunID() string { return checkpoint.NewRunID() }

// observeSkipped makes the statements a filter skips count in the checkpoint's stream
// digest: the digests are of the file's bytes up to each committed stretch's end, which
// the resume's read pass hashes whole; without them every stretch after a skipped
// statement would have no digest, and the resume would be refused.
func observeSkipped(t *transform.Transform, cp *checkpoint.Run) {
	if t != nil && cp != nil {
		t.ObserveSkipped(cp.Observe)
	}
}
