package checkpoint

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// loggedConn is a Conn that keeps every statement sent on it.
type loggedConn struct {
	Conn
	sent []string
}

func (l *loggedConn) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	l.sent = append(l.sent, q)
	return l.Conn.ExecContext(ctx, q, args...)
}

func (l *loggedConn) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	l.sent = append(l.sent, q)
	return l.Conn.QueryRowContext(ctx, q, args...)
}

func (l *loggedConn) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	l.sent = append(l.sent, q)
	return l.Conn.QueryContext(ctx, q, args...)
}

// lookups are the statements of l that read information_schema.COLUMNS.
func (l *loggedConn) lookups() int {
	n := 0
	for _, q := range l.sent {
		if strings.Contains(q, "information_schema.COLUMNS") {
			n++
		}
	}
	return n
}

// TestProgressSchemaFreshSkipsUpgrade: a run that makes the progress schema itself (the
// usual case: the last run dropped it) does not look up, column by column, whether an
// older dumpscope's tables need upgrading (five queries of information_schema.COLUMNS
// before the first row); a schema that was there, even one a kill left half made or an
// older dumpscope left without a column, is still looked at and upgraded, and a run can
// register in each.
func TestProgressSchemaFreshSkipsUpgrade(t *testing.T) {
	srv := testsandbox.Start(t)
	ctx := context.Background()
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	target, err := ReadTarget(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	exec := func(q string) {
		t.Helper()
		if _, err := c.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, k := range []struct {
		name       string
		before     []string // what the target holds before the run's setup
		wantLookup bool
	}{
		{"fresh", nil, false},
		{"schema only (killed after CREATE DATABASE)", []string{progressTables[0]}, true},
		{"half made (killed after two tables)", progressTables[:3], true},
		// An older dumpscope's done, without the digest and LAST_INSERT_ID columns.
		{"older done", []string{progressTables[0], "CREATE TABLE " + ProgressSchema + ".done (run_id CHAR(32) CHARACTER SET ascii, start_offset BIGINT, end_offset BIGINT, statements INT, row_count BIGINT, PRIMARY KEY (run_id, start_offset)) ENGINE=InnoDB"}, true},
	} {
		exec("DROP DATABASE IF EXISTS " + ProgressSchema)
		for _, q := range k.before {
			exec(q)
		}
		lc := &loggedConn{Conn: c}
		cp := &Run{progressRows: progressRows{RunID: NewRunID()}}
		if err := cp.setup(ctx, lc, DumpIdentity{Name: "dump.sql", Size: 1}, target, nil); err != nil {
			t.Fatalf("%s: %v", k.name, err)
		}
		if got := lc.lookups() > 0; got != k.wantLookup {
			t.Errorf("%s: %d lookups of information_schema.COLUMNS, want them: %v (sent %q)", k.name, lc.lookups(), k.wantLookup, lc.sent)
		}
		// Every table of this version is there, with every column a run writes.
		if err := cp.Record(ctx, c, Stretch{Start: 1, End: 2, Digest: "xxh64:00", InsertID: true}); err != nil {
			t.Errorf("%s: progress row: %v", k.name, err)
		}
		var n int // the tables of progressTables, and alive
		if err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?", ProgressSchema).Scan(&n); err != nil || n != len(progressTables) {
			t.Errorf("%s: %d tables in %s (%v), want %d", k.name, n, ProgressSchema, err, len(progressTables))
		}
	}
}

// TestFinishDropsUnusedSchemaAtOnce: a finished run alone in the progress schema drops it
// without first deleting its rows table by table (eight DELETEs, each a commit, serial at
// the end of every run); beside another unfinished run it deletes its own rows and keeps
// the schema, and the run is marked finished before either, so that a kill in between
// leaves the schema to the next run's Finish.
func TestFinishDropsUnusedSchemaAtOnce(t *testing.T) {
	srv := testsandbox.Start(t)
	ctx := context.Background()
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	target, err := ReadTarget(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	begin := func() *Run {
		t.Helper()
		cp := &Run{progressRows: progressRows{RunID: NewRunID()}}
		if err := cp.setup(ctx, c, DumpIdentity{Name: "dump.sql", Size: 1}, target, nil); err != nil {
			t.Fatal(err)
		}
		if err := cp.Record(ctx, c, Stretch{Start: 1, End: 2}); err != nil {
			t.Fatal(err)
		}
		return cp
	}
	schemas := func() int {
		var n int
		if err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?", ProgressSchema).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	deletes := func(l *loggedConn) (n int) {
		for _, q := range l.sent {
			if strings.HasPrefix(q, "DELETE") {
				n++
			}
		}
		return n
	}

	other, own := begin(), begin()
	lc := &loggedConn{Conn: c}
	if err := own.Finish(ctx, lc); err != nil {
		t.Fatal(err)
	}
	var left, finished int
	if err := c.QueryRowContext(ctx, "SELECT (SELECT COUNT(*) FROM "+ProgressSchema+".done WHERE run_id = ?), (SELECT COUNT(*) FROM "+ProgressSchema+".runs WHERE run_id = ? AND finished_at IS NOT NULL)", own.RunID, own.RunID).Scan(&left, &finished); err != nil {
		t.Fatal(err)
	}
	if schemas() != 1 || left != 0 || finished != 1 || deletes(lc) == 0 {
		t.Errorf("beside an unfinished run: schema kept %d, own progress rows left %d, marked finished %d, DELETEs %d; want 1 0 1 and some", schemas(), left, finished, deletes(lc))
	}

	lc = &loggedConn{Conn: c}
	if err := other.Finish(ctx, lc); err != nil {
		t.Fatal(err)
	}
	if schemas() != 0 || deletes(lc) != 0 || !strings.HasPrefix(lc.sent[0], "UPDATE") {
		t.Errorf("alone: schema kept %d, DELETEs %d (want 0, 0: the DROP takes the rows), first statement %q (want the UPDATE that marks it finished)", schemas(), deletes(lc), lc.sent[0])
	}
}

// TestCreateTablesSharedOverConnections: the importer makes a fresh schema's tables on its
// workers' connections while the preflight runs (importer/progress_early.go); they are
// shared out, each connection making its part at once (one after another on one
// connection they outlasted the preflight, and the first row waited for them). Every
// table is made whatever the number of connections; fresh says whether none was there
// (a kill half way through an earlier run's making left some), and a run registers and
// writes a progress row in what they made.
func TestCreateTablesSharedOverConnections(t *testing.T) {
	srv := testsandbox.Start(t)
	ctx := context.Background()
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var conns []*loggedConn
	for range 3 {
		c, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		conns = append(conns, &loggedConn{Conn: c})
	}
	control := conns[0].Conn
	target, err := ReadTarget(ctx, control)
	if err != nil {
		t.Fatal(err)
	}
	exec := func(q string) {
		t.Helper()
		if _, err := control.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	const all = 11 // progressTables' eight, alive, ran, globals
	for _, k := range []struct {
		name      string
		workers   int
		before    []string
		wantFresh bool
	}{
		{"one worker", 1, nil, true},
		{"two workers", 2, nil, true},
		{"two workers, runs left by a kill", 2, progressTables[1:2], false},
		{"two workers, vars left by a kill", 2, progressTables[len(progressTables)-1:], false},
	} {
		exec("DROP DATABASE IF EXISTS " + ProgressSchema)
		if fresh, err := CreateSchema(ctx, control); err != nil || !fresh {
			t.Fatalf("%s: CreateSchema: fresh %v, %v", k.name, fresh, err)
		}
		for _, q := range k.before {
			exec(q)
		}
		workers := make([]Conn, k.workers)
		for i := range workers {
			conns[1+i].sent = nil
			workers[i] = conns[1+i]
		}
		fresh, err := CreateTables(ctx, workers...)
		if err != nil || fresh != k.wantFresh {
			t.Errorf("%s: fresh %v, %v; want fresh %v", k.name, fresh, err, k.wantFresh)
		}
		if k.workers > 1 {
			for i := range workers {
				if n := len(conns[1+i].sent); n < all/k.workers {
					t.Errorf("%s: connection %d made %d tables (%q), want its share, %d or more", k.name, i, n, conns[1+i].sent, all/k.workers)
				}
			}
		}
		var n int
		if err := control.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?", ProgressSchema).Scan(&n); err != nil || n != all {
			t.Errorf("%s: %d tables in %s (%v), want %d", k.name, n, ProgressSchema, err, all)
		}
		cp := &Run{progressRows: progressRows{RunID: NewRunID()}}
		if err := cp.setup(ctx, control, DumpIdentity{Name: "dump.sql", Size: 1}, target, func() (bool, error) { return fresh, err }); err != nil {
			t.Fatalf("%s: setup: %v", k.name, err)
		}
		if err := cp.Record(ctx, control, Stretch{Start: 1, End: 2, Digest: "xxh64:00", InsertID: true}); err != nil {
			t.Errorf("%s: progress row: %v", k.name, err)
		}
	}
}
