package checkpoint

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestProgressSchemaNonASCII: the progress schema keeps the dump's path and the target's
// datadir exactly, so a resume on a server whose datadir is not ASCII recognises it (an
// ASCII column turned "ü" into "?" and the resume was refused as another server).
func TestProgressSchemaNonASCII(t *testing.T) {
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
	target.Datadir = "/srv/données/mysql-日本/"
	cp := &Run{progressRows: progressRows{RunID: NewRunID()}}
	if err := cp.setup(ctx, c, DumpIdentity{Name: "/home/jörg/dump.sql", Size: 1}, target, nil); err != nil {
		t.Fatal(err)
	}
	if err := cp.verifyTarget(ctx, c, &Journal{Target: target}, target); err != nil {
		t.Errorf("the same target was not recognised: %v", err)
	}
	var name string
	if err := c.QueryRowContext(ctx, "SELECT dump_name FROM "+ProgressSchema+".runs WHERE run_id = ?", cp.RunID).Scan(&name); err != nil || !strings.Contains(name, "jörg") {
		t.Errorf("dump_name stored as %q (%v)", name, err)
	}
}
