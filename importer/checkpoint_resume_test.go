package importer_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// stopAfter returns options that stop the import once the statement at line has been
// dispatched: what committed before it is in the progress rows.
func stopAfter(line int64, o importer.Options) importer.Options {
	stop := make(chan struct{})
	o.Stop = stop
	o.OnStatement = func(_ context.Context, st *importer.Statement) error {
		if st.Line == line {
			close(stop)
		}
		return nil
	}
	return o
}

// TestResumeJournalFormats: a journal in the format of the dumpscope that did not record
// filters (the fixture in importer/checkpoint/testdata, given this run's ids) resumes; a
// resume with filters other than the interrupted run's is refused before anything is
// sent, naming both.
func TestResumeJournalFormats(t *testing.T) {
	srv := testsandbox.Start(t)
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	dir := t.TempDir()
	dump := filepath.Join(dir, "d.sql")
	if err := os.WriteFile(dump, []byte(strings.ReplaceAll(importDump, "%s", "")), 0o600); err != nil {
		t.Fatal(err)
	}
	base := importer.Options{Parallel: 2, BatchBytes: 1 << 20}

	t.Run("journal before filters", func(t *testing.T) {
		journal := filepath.Join(dir, "old.journal")
		o := base
		o.CheckpointPath = journal
		res, err := importer.Import(ctx, cfg, importer.Source{Path: dump}, stopAfter(6, o))
		if err != nil || res.Status != importer.Interrupted {
			t.Fatalf("first run: %v, %v", res, err)
		}
		// The fixture, with the ids of this run and this server.
		var written, fixture map[string]any
		readJSON(t, journal, &written)
		readJSON(t, "checkpoint/testdata/journal-before-filters.json", &fixture)
		for _, k := range []string{"run_id", "dump", "target", "connection_ids", "started_at"} {
			fixture[k] = written[k]
		}
		fixture["defer_indexes"] = false
		b, _ := json.Marshal(fixture)
		if err := os.WriteFile(journal, b, 0o600); err != nil {
			t.Fatal(err)
		}
		o.Resume = true
		res, err = importer.Import(ctx, cfg, importer.Source{Path: dump}, o)
		if err != nil || res.Status != importer.Finished {
			t.Fatalf("resume from the old journal: %v, %v", res, err)
		}
		for _, rc := range res.RowCounts {
			if rc.Rows != rc.ServerRows {
				t.Errorf("%s.%s: %d rows in the dump, %d in the server", rc.Database, rc.Table, rc.Rows, rc.ServerRows)
			}
		}
	})

	t.Run("other filters", func(t *testing.T) {
		journal := filepath.Join(dir, "filters.journal")
		o := base
		o.CheckpointPath = journal
		o.Transform.ExcludeTables = []string{"a"}
		db, err := sql.Open("mysql", srv.DSN(""))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.Exec("DROP DATABASE imp"); err != nil {
			t.Fatal(err)
		}
		res, err := importer.Import(ctx, cfg, importer.Source{Path: dump}, stopAfter(6, o))
		if err != nil || res.Status != importer.Interrupted {
			t.Fatalf("first run: %v, %v", res, err)
		}
		o.Resume = true
		o.Transform.ExcludeTables = nil
		_, err = importer.Import(ctx, cfg, importer.Source{Path: dump}, o)
		if err == nil || !strings.Contains(err.Error(), "chose statements with the filters exclude-tables=a, this one with none") {
			t.Fatalf("resume with other filters: %v", err)
		}
		o.Transform.ExcludeTables = []string{"a"}
		if res, err := importer.Import(ctx, cfg, importer.Source{Path: dump}, o); err != nil || res.Status != importer.Finished {
			t.Fatalf("resume with the same filters: %v, %v", res, err)
		}
	})
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}
