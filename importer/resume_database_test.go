package importer_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestResumeOtherDatabaseRefused: a dump without USE (mysqldump db t > t.sql) goes into
// the database -D names. A --resume with another -D sent the rest of the dump there
// (ERROR 1146, or rows into another database's tables): the journal did not record the
// database. It is refused now, naming the interrupted run's; with the same -D it resumes.
func TestResumeOtherDatabaseRefused(t *testing.T) {
	srv := testsandbox.Start(t)
	for _, q := range []string{"CREATE DATABASE a", "CREATE DATABASE b"} {
		if _, err := sandboxDB(t, srv, "").Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	var dump strings.Builder
	dump.WriteString("CREATE TABLE t (id int PRIMARY KEY) ENGINE=InnoDB;\n")
	for i := 1; i <= 20; i++ {
		dump.WriteString(fmt.Sprintf("INSERT INTO t VALUES (%d);\n", i))
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "t.sql")
	if err := os.WriteFile(path, []byte(dump.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	cfgFor := func(db string) *mysql.Config {
		cfg, err := mysql.ParseDSN(srv.DSN(db))
		if err != nil {
			t.Fatal(err)
		}
		return cfg
	}
	ctx := context.Background()
	o := importer.Options{Parallel: 2, BatchBytes: 1 << 20, CheckpointPath: filepath.Join(dir, "t.journal"), SkipRowCounts: true}
	res, err := importer.Import(ctx, cfgFor("a"), importer.Source{Path: path}, stopAfter(6, o))
	if err != nil || res.Status != importer.Interrupted {
		t.Fatalf("first run: %v, %v", res, err)
	}
	o.Resume = true
	_, err = importer.Import(ctx, cfgFor("b"), importer.Source{Path: path}, o)
	if err == nil || !strings.Contains(err.Error(), "with -D a, this one with -D b") {
		t.Fatalf("resume with -D b after a run with -D a: %v; want a refusal naming -D a and -D b", err)
	}
	if res, err := importer.Import(ctx, cfgFor("a"), importer.Source{Path: path}, o); err != nil || res.Status != importer.Finished {
		t.Fatalf("resume with the same database: %v, %v", res, err)
	}
	var n int
	if err := sandboxDB(t, srv, "").QueryRow("SELECT COUNT(*) FROM a.t").Scan(&n); err != nil || n != 20 {
		t.Errorf("a.t holds %d rows (%v), want 20", n, err)
	}
}
