package importer

import (
	"context"
	"database/sql"
	"testing"

	"github.com/dumpscope/dumpscope/internal/crash"
)

// TestCountRowsBesidePanicInFirst: a panic in what runs before the counts on the first
// connection (the checkpoint's end) comes back as the run's error; in the goroutine it ran
// in it would have killed the process, where finish on the caller's goroutine let
// Import's recover report it.
func TestCountRowsBesidePanicInFirst(t *testing.T) {
	_, err := countRowsBeside(context.Background(), []*sql.Conn{nil}, nil, func(*sql.Conn) { panic("end") })
	if crash.Find(err) == nil {
		t.Fatalf("got %v, want the panic", err)
	}
}
