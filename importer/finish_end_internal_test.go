package importer

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/crash"
)

// TestCountRowsBesidePanicInFirst: a panic in what runs before the counts on the first
// connection (the checkpoint's end) comes back as the run's error; in the goroutine it ran
// in it would have killed the process, where finish on the caller's goroutine let
// Import's recover report it.
func TestCountRowsBesidePanicInFirst(t *testing.T) {
	_, err := countRowsBeside(context.Background(), []*sql.Conn{nil}, nil, nil, func(*sql.Conn) { panic("end") })
	if crash.Find(err) == nil {
		t.Fatalf("got %v, want the panic", err)
	}
}

// TestCountOrderLargestFirst: the row counts start with the tables of most rows, equals in
// the dump's order, so that the largest does not start last and end the check alone.
func TestCountOrderLargestFirst(t *testing.T) {
	tables := []TableCount{{Table: "small", Rows: 10}, {Table: "a", Rows: 500}, {Table: "none"}, {Table: "b", Rows: 500}, {Table: "mid", Rows: 90}}
	var got []string
	for _, i := range countOrder(tables) {
		got = append(got, tables[i].Table)
	}
	if want := "a b mid small none"; strings.Join(got, " ") != want {
		t.Errorf("counted in the order %v, want %s", got, want)
	}
}
