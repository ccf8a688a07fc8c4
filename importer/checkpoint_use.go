package importer

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
)

// The importer's side of checkpoint: when an import has progress rows, how its options
// become checkpoint.Params, and what the replayers tell the checkpoint about statements.

// beginCheckpoint sets up progress rows when the import runs in parallel, with a
// checkpoint or a resume (nil otherwise: then dumpscope sends exactly the client's
// statements); see checkpoint.Begin for the resume protocol. A resumed run that the
// journal says deferred indexes defers them too.
func beginCheckpoint(ctx context.Context, src Source, o *Options, dumpID checkpoint.DumpIdentity, conns []*sql.Conn, log io.Writer) (*checkpoint.Run, error) {
	if o.Parallel == 1 && o.CheckpointPath == "" && !o.Resume {
		return nil, nil
	}
	cs := make([]checkpoint.Conn, len(conns))
	for i, c := range conns {
		cs[i] = c
	}
	cp, err := checkpoint.Begin(ctx, checkpoint.Params{
		Conns: cs, Dump: dumpID, DumpPath: src.Path, JournalPath: o.CheckpointPath,
		Resume: o.Resume, Parallel: o.Parallel, DeferIndexes: o.DeferIndexes,
		Filters: filterFlags(o), Log: log,
		Reopen: func() (string, io.ReadCloser, error) {
			in, err := Open(src.Path)
			if err != nil {
				return "", nil, err
			}
			return in.Name, readCloser{in.Reader, in}, nil
		},
	})
	if err != nil {
		return nil, err
	}
	o.DeferIndexes = cp.DeferIndexes
	return cp, nil
}

// readCloser reads from one value and closes another (an Input's decoder and its file).
type readCloser struct {
	io.Reader
	io.Closer
}

// filterFlags are the flags that choose and rewrite statements, spelt as on the command
// line in a fixed order, for the journal: a resume must keep the same statements at the
// same offsets (checkpoint.VerifyFilters). --start-at and the GTID skips the target
// decides are not among them.
func filterFlags(o *Options) string {
	t := o.Transform
	var f []string
	list := func(flag string, v []string) {
		if len(v) > 0 {
			v = slices.Clone(v)
			sort.Strings(v)
			f = append(f, flag+"="+strings.Join(v, ","))
		}
	}
	list("--include-databases", t.IncludeDatabases)
	list("--tables", t.Tables)
	list("--exclude-tables", t.ExcludeTables)
	if t.SchemaOnly {
		f = append(f, "--schema-only")
	}
	if t.DataOnly {
		f = append(f, "--data-only")
	}
	var renames []string
	for from, to := range t.RenameDatabases {
		renames = append(renames, from+"="+to)
	}
	list("--rename-database", renames)
	for _, kv := range [][2]string{{"--compat", t.Compat}, {"--gtid-purged", t.GTIDPurged}, {"--definer", t.Definer}} {
		if kv[1] != "" {
			f = append(f, kv[0]+"="+kv[1])
		}
	}
	if o.StripDefiners {
		f = append(f, "--strip-definers")
	}
	return strings.Join(f, " ")
}

// observeCheckpoint feeds st to the checkpoint's stream digest, and refuses a statement
// that uses dumpscope's own progress schema: a dump taken from a server in the middle of
// a dumpscope import carries it, and replaying it would rewrite the progress rows this
// run relies on.
func observeCheckpoint(cp *checkpoint.Run, st *Statement) error {
	if cp == nil {
		return nil
	}
	cp.Observe(st.Raw)
	if checkpoint.IsProgressSchema(st.Database) || (st.Kind == KindDDL && checkpoint.IsProgressSchema(st.Table) && (strings.Contains(st.Verb, "DATABASE") || strings.Contains(st.Verb, "SCHEMA"))) {
		return fmt.Errorf("the dump uses %s, dumpscope's own progress schema (it was dumped from a server during a dumpscope import?); with progress rows (--parallel, --checkpoint) that would rewrite them: remove those statements from the dump, or import it without --parallel and --checkpoint", checkpoint.ProgressSchema)
	}
	return nil
}

// quoteName quotes an identifier with backquotes.
func quoteName(s string) string { return "`" + strings.ReplaceAll(s, "`", "``") + "`" }

// NewRunID returns a random run id (checkpoint.NewRunID), for run records and metrics.
func NewRunID() string { return checkpoint.NewRunID() }

// scopeOf is the tables a statement touches as runBarrier takes them: nil when it may
// touch any (a global barrier), never nil otherwise.
func scopeOf(keys []string, global bool) []string {
	if global {
		return nil
	}
	return append([]string{}, keys...)
}

// writeScope adds to scope (db.table keys; nil: any) the tables the triggers of its
// tables write, as far as they were looked up: a statement writes those too.
func (p *ParallelReplayer) writeScope(scope []string) []string {
	if scope == nil {
		return nil
	}
	out := slices.Clone(scope)
	for _, k := range scope {
		for _, t := range p.tables[k].touches {
			if !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// observeSkipped makes the statements a filter skips count in the checkpoint's stream
// digest: the digests are of the file's bytes up to each committed stretch's end, which
// the resume's read pass hashes whole; without them every stretch after a skipped
// statement would have no digest, and the resume would be refused.
func observeSkipped(t *Transform, cp *checkpoint.Run) {
	if t != nil && cp != nil {
		t.skipped = cp.Observe
	}
}
