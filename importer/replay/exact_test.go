package replay

import (
	"context"
	"database/sql"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/google/go-cmp/cmp"
)

// TestTriggerKin: a wait for a table a trigger writes also waits for the trigger's table.
func TestTriggerKin(t *testing.T) {
	p := &ParallelReplayer{}
	p.cat = &catalog{p: p}
	p.cat.relateTriggerTables([]string{"db.t", "db.log"})
	if diff := cmp.Diff([]string{"db.log", "db.t"}, p.cat.withTriggerKin([]string{"db.log"})); diff != "" {
		t.Errorf("kin of db.log (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"db.x"}, p.cat.withTriggerKin([]string{"db.x"})); diff != "" {
		t.Errorf("kin of db.x (-want +got):\n%s", diff)
	}
}

// TestDropInsertID: a resumed run replays SET insert_id = n (a session statement); when it
// then skips the INSERT that took that id in an earlier attempt, it cancels it, or the next
// INSERT would take n again (a duplicate key after kill -9 and --resume).
func TestDropInsertID(t *testing.T) {
	rec := &execRecorder{}
	p := &ParallelReplayer{control: rec}
	p.ctl = newController(p)
	ins := &split.Statement{Kind: split.KindInsert, SQL: []byte("INSERT INTO t (v) VALUES (1)")}
	p.ctl.skipped.noteInsertID(&split.Statement{Kind: split.KindSession, SQL: []byte("SET insert_id=10000")})
	if err := p.ctl.skipped.dropInsertID(context.Background(), ins); err != nil {
		t.Fatal(err)
	}
	if err := p.ctl.skipped.dropInsertID(context.Background(), ins); err != nil { // nothing pending any more
		t.Fatal(err)
	}
	p.ctl.skipped.noteInsertID(&split.Statement{Kind: split.KindSession, SQL: []byte("SET timestamp=1")})
	if err := p.ctl.skipped.dropInsertID(context.Background(), ins); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"SET insert_id = 0"}, rec.sent); diff != "" {
		t.Errorf("sent (-want +got):\n%s", diff)
	}
}

// execRecorder is a Conn that records what is executed (queries are not expected).
type execRecorder struct{ sent []string }

func (r *execRecorder) ExecContext(_ context.Context, q string, _ ...any) (sql.Result, error) {
	r.sent = append(r.sent, q)
	return nil, nil
}
func (r *execRecorder) QueryRowContext(context.Context, string, ...any) *sql.Row { panic("no queries") }
func (r *execRecorder) QueryContext(context.Context, string, ...any) (*sql.Rows, error) {
	panic("no queries")
}
