package importer

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"time"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/internal/crash"
)

// earlySchema is the progress schema's tables being made on the workers' connections while
// the preflight reads the target on the control connection. Made after the preflight,
// they were serial time before the first row of every --parallel import (gen 200M: ten
// CREATE TABLEs, 0.2-0.7 s on a loaded server, while the preflight's reads took 0.1-0.2 s).
type earlySchema struct {
	done  chan struct{}
	fresh bool
	err   error
}

// startProgressSchema begins the progress schema when the import will write progress rows
// (beginCheckpoint's condition, as far as it is known before the preflight) and is no
// resume: it creates the schema's database on conns[0], and when that made it (it was not
// there) its tables on the other connections in the background, shared out among them
// (checkpoint.CreateTables). It returns nil, and leaves
// the schema to checkpoint.Begin, when the schema was there (another run's: its tables
// may need the upgrade, and the preflight must see it as before), or could not be made
// (Begin says why, with the privilege hint). The schema it made is dumpscope's own and
// holds nothing of anyone's, so the preflight leaves it out (runPreflight).
func startProgressSchema(ctx context.Context, o *Options, r *resolved, conns []*sql.Conn) *earlySchema {
	if o.Resume || len(conns) < 2 || r.Serial || (r.Parallel == 1 && o.CheckpointPath == "") {
		return nil
	}
	if fresh, err := checkpoint.CreateSchema(ctx, conns[0]); err != nil || !fresh {
		return nil
	}
	e := &earlySchema{done: make(chan struct{})}
	workers := make([]checkpoint.Conn, 0, len(conns)-1)
	for _, c := range conns[1:] {
		workers = append(workers, c)
	}
	go func() {
		defer close(e.done)
		defer crash.Recover(func(err error) { e.err = err })
		e.fresh, e.err = checkpoint.CreateTables(ctx, workers...)
	}()
	return e
}

// wait waits for the tables (checkpoint.Params.Tables); nil when none are being made.
func (e *earlySchema) wait() func() (bool, error) {
	if e == nil {
		return nil
	}
	return func() (bool, error) {
		<-e.done
		return e.fresh, e.err
	}
}

// abandon drops the schema startProgressSchema made when the import will not use it (the
// preflight refused, or made the run serial; Begin failed), once its tables are made: it
// was not there before, and no run registered in it. Its own context: the import's may be
// cancelled (Ctrl-C during the preflight).
func (e *earlySchema) abandon(ctx context.Context, c *sql.Conn, log io.Writer) {
	if e == nil { // none made, or in use
		return
	}
	<-e.done
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := checkpoint.DropSchemaIfUnused(dctx, c); err != nil {
		fmt.Fprintf(log, "dumpscope: could not drop %s, made for progress rows this import did not write: %v\n", checkpoint.ProgressSchema, err)
	}
}
