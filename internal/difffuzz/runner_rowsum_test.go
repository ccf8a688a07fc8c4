package difffuzz

import (
	"context"
	"os"
	"testing"
)

// TestOverlapSnapshotGeneratedColumns: the overlap snapshot of a table with generated
// columns is the same twice when nothing is written. Seed 168006 (overlap, load-data
// profile; x-triage, session 53) was a "resumed-over" at `fz0`.`gc1` after a stop before
// the first statement of D and a resume that found no journal: nothing of dumpscope's
// ran. Its rows (testdata/s53-gc1-generated.sql, the client's P cut to the table) gave
// CHECKSUM TABLE … EXTENDED a new value after a FLUSH TABLES, and another in each
// sandbox: with the checksum this test failed 3 of 3 runs; rowsSum reads the base
// columns.
func TestOverlapSnapshotGeneratedColumns(t *testing.T) {
	script, err := os.ReadFile("testdata/s53-gc1-generated.sql")
	if err != nil {
		t.Fatal(err)
	}
	r := newTestRunner(t, "/bin/false")
	ctx := context.Background()
	if o, err := r.clientOn(ctx, script); err != nil || o.Failed {
		t.Fatalf("the client on the table's script: %v %s", err, o.Output)
	}
	before, err := r.objects(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if o := before["table `fz0`.`gc1`"]; o.empty || o.rows == "" {
		t.Fatalf("gc1 read empty: %+v", o)
	}
	for i := range 3 {
		if _, err := r.db.ExecContext(ctx, "FLUSH TABLES"); err != nil {
			t.Fatal(err)
		}
		after, err := r.objects(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if c := before.changedIn(after); c != "" {
			t.Errorf("after FLUSH TABLES %d, nothing written: %s", i+1, c)
		}
	}
}
