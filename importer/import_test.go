package importer_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// importDump is a small dump with two tables, a view and a failing statement switched by
// the placeholder (empty: none).
const importDump = `CREATE DATABASE IF NOT EXISTS imp;
USE imp;
CREATE TABLE a (id INT PRIMARY KEY, v VARCHAR(20));
INSERT INTO a VALUES (1,'x'),(2,'y'),(3,'z');
INSERT INTO a VALUES (4,'w');
CREATE TABLE b (id INT PRIMARY KEY, a_id INT);
INSERT INTO b VALUES (1,1),(2,2);
%s
CREATE VIEW vb AS SELECT COUNT(*) AS n FROM b;
`

// TestImportLibrary calls importer.Import directly, as cmd, bench and another program
// do: a serial and a parallel import finish with the dump's row counts confirmed by the
// server and no journal left; a failing statement is a Failed result naming its offset,
// not an error of the call; a parallel import stopped before it starts leaves a journal
// to resume from.
func TestImportLibrary(t *testing.T) {
	srv := testsandbox.Start(t)
	dir := t.TempDir()
	write := func(name, extra string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(fmt.Sprintf(importDump, extra)), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	reset := func(t *testing.T) {
		t.Helper()
		c, err := mysql.NewConnector(cfg)
		if err != nil {
			t.Fatal(err)
		}
		db := sql.OpenDB(c)
		defer db.Close()
		if _, err := db.ExecContext(ctx, "DROP DATABASE IF EXISTS imp"); err != nil {
			t.Fatal(err)
		}
	}

	for _, parallel := range []int{1, 2} {
		t.Run(fmt.Sprintf("parallel=%d", parallel), func(t *testing.T) {
			reset(t)
			var log strings.Builder
			path := write("ok.sql", "")
			replayed := false
			res, err := importer.Import(ctx, cfg, importer.Source{Path: path}, importer.Options{
				Parallel: parallel, BatchBytes: 1 << 20, Log: &log,
				OnReplay: func(in *dumpfile.Input, progress func() importer.Progress) func() {
					replayed = true
					return func() {}
				},
			})
			if err != nil {
				t.Fatalf("Import: %v\n%s", err, log.String())
			}
			if res.Status != importer.Finished || res.Err != nil {
				t.Fatalf("status %v, err %v", res.Status, res.Err)
			}
			if !replayed {
				t.Error("OnReplay was not called")
			}
			if res.Replay.Rows != 6 {
				t.Errorf("rows = %d, want 6", res.Replay.Rows)
			}
			got := map[string]int64{}
			for _, c := range res.RowCounts {
				if c.Err != nil || c.ServerRows != c.Rows {
					t.Errorf("%s.%s: dump %d, server %d, err %v", c.Database, c.Table, c.Rows, c.ServerRows, c.Err)
				}
				got[c.Table] = c.ServerRows
			}
			if got["a"] != 4 || got["b"] != 2 {
				t.Errorf("row counts %v, want a=4 b=2", got)
			}
			if res.Journal != "" {
				t.Errorf("a finished import left journal %s", res.Journal)
			}
			if _, err := os.Stat(path + ".dumpscope-checkpoint"); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("journal file still there: %v", err)
			}
		})
	}

	t.Run("failure", func(t *testing.T) {
		reset(t)
		path := write("bad.sql", "INSERT INTO nosuch VALUES (1);")
		res, err := importer.Import(ctx, cfg, importer.Source{Path: path}, importer.Options{Parallel: 1})
		if err != nil {
			t.Fatalf("Import: %v", err)
		}
		var se *importer.StatementError
		if res.Status != importer.Failed || !errors.As(res.Err, &se) {
			t.Fatalf("status %v, err %v: want Failed with a StatementError", res.Status, res.Err)
		}
		if se.Code != 1146 || se.Line != 8 {
			t.Errorf("error %v: want ERROR 1146 at line 8", se)
		}
		if len(res.RowCounts) != 0 {
			t.Errorf("row counts after a failure: %v", res.RowCounts)
		}
	})

	t.Run("stopped", func(t *testing.T) {
		reset(t)
		path := write("stop.sql", "")
		stop := make(chan struct{})
		close(stop)
		journal := filepath.Join(dir, "stop.journal")
		res, err := importer.Import(ctx, cfg, importer.Source{Path: path}, importer.Options{
			Parallel: 2, BatchBytes: 1 << 20, CheckpointPath: journal, Stop: stop,
		})
		if err != nil {
			t.Fatalf("Import: %v", err)
		}
		if res.Status != importer.Interrupted {
			t.Fatalf("status %v (err %v), want interrupted", res.Status, res.Err)
		}
		if res.Journal != journal {
			t.Errorf("journal %q, want %q", res.Journal, journal)
		}
		if _, err := os.Stat(journal); err != nil {
			t.Errorf("journal: %v", err)
		}
		res, err = importer.Import(ctx, cfg, importer.Source{Path: path}, importer.Options{
			Parallel: 2, BatchBytes: 1 << 20, CheckpointPath: journal, Resume: true,
		})
		if err != nil {
			t.Fatalf("resume: %v", err)
		}
		if res.Status != importer.Finished {
			t.Fatalf("resume: status %v, err %v", res.Status, res.Err)
		}
		if _, err := os.Stat(journal); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("journal after the resumed import finished: %v", err)
		}
	})
}
