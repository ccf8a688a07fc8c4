package replay

import (
	"context"
	"database/sql"
	"testing"
	"unsafe"
)

// execOnly is a Conn whose ExecContext succeeds (EXPLAIN parsed) and counts its calls.
type execOnly struct{ execs int }

func (c *execOnly) ExecContext(context.Context, string, ...any) (sql.Result, error) {
	c.execs++
	return nil, nil
}
func (c *execOnly) QueryRowContext(context.Context, string, ...any) *sql.Row { return nil }
func (c *execOnly) QueryContext(context.Context, string, ...any) (*sql.Rows, error) {
	return nil, nil
}

// TestBareHeadsKeepTheirOwnKeys: a batch's SQL is a string over its arena, which the next
// batch overwrites. bareHeads kept that string as its map key, so the key's bytes changed
// under the map: a later head was not found where it was asked (a second EXPLAIN, or the
// answer of another head), and sync.Map panicked ("ran out of hash bits while inserting")
// in CI's plan corpus under --load-data once arenas were reused last-in first-out.
func TestBareHeadsKeepTheirOwnKeys(t *testing.T) {
	arena := []byte("INSERT INTO t1 VALUES (1)")
	stmt := batchStmt{sql: unsafe.String(&arena[0], len(arena))}
	var b bareHeads
	c := &execOnly{}
	if err := b.check(context.Background(), c, []batchStmt{stmt}); err != nil {
		t.Fatal(err)
	}
	copy(arena, "INSERT INTO t2 VALUES (2)") // the arena's next batch
	if !b.parsed([]byte("INSERT INTO t1 VALUES")) {
		t.Error("the head of the first batch is no longer known once its arena holds the next batch")
	}
	if b.parsed([]byte("INSERT INTO t2 VALUES")) {
		t.Error("a head never asked about is taken for parsed: the map's key is the arena's bytes")
	}
}
