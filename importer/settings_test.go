package importer_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/crash"
)

// plantSavedSettings creates the saved-settings table as RelaxDurability does and fills it
// with rows: what an account with rights on dumpscope_progress alone can write.
func plantSavedSettings(f *sessionFixture, rows ...[2]string) {
	f.t.Helper()
	f.exec("CREATE DATABASE IF NOT EXISTS dumpscope_progress")
	f.exec("CREATE TABLE IF NOT EXISTS dumpscope_progress.saved_settings (name VARCHAR(64) PRIMARY KEY, value VARCHAR(255), saved_at DATETIME(6)) ENGINE=InnoDB")
	for _, r := range rows {
		if _, err := f.db.Exec("REPLACE INTO dumpscope_progress.saved_settings VALUES (?, ?, NOW(6))", r[0], r[1]); err != nil {
			f.t.Fatal(err)
		}
	}
}

// TestRelaxDurabilityIgnoresPlantedSettings: the restore at the end of a
// --relax-durability import applied every row of dumpscope_progress.saved_settings, so an
// account with rights on that schema alone chose globals for the administrator's next run
// (log_bin_trust_function_creators=ON, innodb_flush_log_at_trx_commit=0). Only the
// variables dumpscope changes are restored, only to a value more durable than the relaxed
// one, and the import saves the value it found over a stale row.
func TestRelaxDurabilityIgnoresPlantedSettings(t *testing.T) {
	f := newSessionFixture(t, "CREATE DATABASE d;\nCREATE TABLE d.t (i INT);\nINSERT INTO d.t VALUES (1);\n")
	plantSavedSettings(f,
		[2]string{"log_bin_trust_function_creators", "ON"},
		[2]string{"innodb_flush_log_at_trx_commit", "0"},
		[2]string{"sync_binlog", "0"},
	)
	before := f.query("SELECT CONCAT_WS(',', @@GLOBAL.log_bin_trust_function_creators, @@GLOBAL.innodb_flush_log_at_trx_commit, @@GLOBAL.sync_binlog)")
	res := f.dumpscope(importer.Options{Parallel: 1, RelaxDurability: true})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	after := f.query("SELECT CONCAT_WS(',', @@GLOBAL.log_bin_trust_function_creators, @@GLOBAL.innodb_flush_log_at_trx_commit, @@GLOBAL.sync_binlog)")
	if after != before {
		t.Errorf("globals after the import: %s, before: %s", after, before)
	}
}

// TestRestoreSettingsChecksRows: restore-settings restores a saved row only when the
// variable is one --relax-durability changes, its value is a legal one more durable
// than the relaxed value, and the server still has the relaxed value (dumpscope set it and
// nobody changed it since); anything else is ignored and named.
func TestRestoreSettingsChecksRows(t *testing.T) {
	f := newSessionFixture(t, "")
	f.exec("SET GLOBAL innodb_flush_log_at_trx_commit = 2")
	f.exec("SET GLOBAL sync_binlog = 7") // not what dumpscope sets: changed by someone since
	plantSavedSettings(f,
		[2]string{"innodb_flush_log_at_trx_commit", "1"},
		[2]string{"sync_binlog", "1"},
		[2]string{"log_bin_trust_function_creators", "ON"},
		[2]string{"max_connections", "1"},
	)
	c, err := f.db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	restored, ignored, err := importer.RestoreSettings(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(restored) != 1 || restored[0] != (importer.Setting{Name: "innodb_flush_log_at_trx_commit", Value: "1"}) {
		t.Errorf("restored %v, want innodb_flush_log_at_trx_commit = 1 only", restored)
	}
	var names []string
	for _, s := range ignored {
		names = append(names, s.Name)
	}
	if got, want := fmt.Sprint(names), "[log_bin_trust_function_creators max_connections sync_binlog]"; got != want {
		t.Errorf("ignored %s, want %s", got, want)
	}
	if got := f.query("SELECT CONCAT_WS(',', @@GLOBAL.innodb_flush_log_at_trx_commit, @@GLOBAL.sync_binlog, @@GLOBAL.log_bin_trust_function_creators, @@GLOBAL.max_connections > 1)"); got != "1,7,OFF,1" {
		t.Errorf("globals after the restore: %s, want 1,7,OFF,1", got)
	}

	// A row that is not even a variable name, and a value that is not a legal one.
	f.exec("SET GLOBAL innodb_flush_log_at_trx_commit = 2")
	plantSavedSettings(f, [2]string{"innodb_flush_log_at_trx_commit", "1; DROP DATABASE mysql"}, [2]string{"a b", "1"})
	restored, ignored, err = importer.RestoreSettings(context.Background(), c)
	if err != nil || len(restored) != 0 || len(ignored) != 2 {
		t.Errorf("restored %v, ignored %v, err %v; want 2 ignored", restored, ignored, err)
	}
	if got := f.query("SELECT @@GLOBAL.innodb_flush_log_at_trx_commit"); got != "2" {
		t.Errorf("innodb_flush_log_at_trx_commit = %s, want 2 (left alone)", got)
	}
}

// TestPanicRestoresDurability: a panic in a parallel worker ended the process on the
// spot, and --relax-durability's settings stayed relaxed; one in the dispatcher (here the
// statement hook) left Import as a panic. The import now fails with the panic and its
// stack, and the settings are put back.
func TestPanicRestoresDurability(t *testing.T) {
	dump := "CREATE DATABASE d;\nCREATE TABLE d.t (i INT PRIMARY KEY);\nINSERT INTO d.t VALUES (1);\nINSERT INTO d.t VALUES (2);\n"
	t.Run("worker", func(t *testing.T) {
		f := newSessionFixture(t, dump)
		o := importer.WithWorkerHook(importer.Options{Parallel: 2, RelaxDurability: true, CheckpointPath: filepath.Join(t.TempDir(), "cp")}, func() { panic("worker hook") })
		res := f.dumpscope(o)
		p := crash.Find(res.Err)
		if res.Status != importer.Failed || p == nil || p.Value != "worker hook" || !strings.Contains(string(p.Stack), "replay.(*workerPool).runEntry") {
			t.Errorf("status %v, error %v: want failed with the worker's panic and its stack", res.Status, res.Err)
		}
		if got := f.query("SELECT @@GLOBAL.innodb_flush_log_at_trx_commit"); got != "1" {
			t.Errorf("innodb_flush_log_at_trx_commit = %s after the panic, want 1 (restored)", got)
		}
	})
	t.Run("dispatcher", func(t *testing.T) {
		f := newSessionFixture(t, dump)
		o := importer.Options{Parallel: 1, RelaxDurability: true, OnStatement: func(context.Context, *split.Statement) error { panic("statement hook") }}
		_, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: f.path}, o)
		if p := crash.Find(err); p == nil || p.Value != "statement hook" || len(p.Stack) == 0 {
			t.Errorf("Import: %v, want the hook's panic with its stack", err)
		}
		if got := f.query("SELECT @@GLOBAL.innodb_flush_log_at_trx_commit"); got != "1" {
			t.Errorf("innodb_flush_log_at_trx_commit = %s after the panic, want 1 (restored)", got)
		}
	})
}
