package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestRelaxDurabilityRestored: --relax-durability sets innodb_flush_log_at_trx_commit=2 and
// sync_binlog=0 while the import runs and puts the originals back when it ends; after a
// kill -9, `dumpscope restore-settings` puts them back from what the server recorded.
func TestRelaxDurabilityRestored(t *testing.T) {
	srv := testsandbox.Start(t, "sync_binlog=1")
	db := openDB(t, srv, "")
	settings := func() string {
		var trx, sync string
		if err := db.QueryRow("SELECT @@GLOBAL.innodb_flush_log_at_trx_commit, @@GLOBAL.sync_binlog").Scan(&trx, &sync); err != nil {
			t.Fatal(err)
		}
		return trx + "," + sync
	}
	schemaGone := func() bool {
		var n int
		db.QueryRow("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'dumpscope_progress'").Scan(&n)
		return n == 0
	}
	o := gen.DefaultOptions()
	o.SizeBytes = 4 << 20
	o.ExtendedInsert = false // many small commits: long enough to kill mid-way
	dump := writeGenDump(t, o)

	code, _, stderr := dumpscopeImport(t, srv, []string{"--no-advisor", "--relax-durability", "--skip-binlog", "--skip-warning-count"}, dump)
	if code != 0 || !strings.Contains(stderr, "SET GLOBAL innodb_flush_log_at_trx_commit = 2") {
		t.Fatalf("import: exit %d:\n%s", code, stderr)
	}
	if got := settings(); got != "1,1" || !schemaGone() {
		t.Fatalf("after the import: settings %s (want 1,1), progress schema gone %v:\n%s", got, schemaGone(), stderr)
	}

	cmd := dumpscopeProcess(t, srv, "--relax-durability", "--overwrite", "--skip-warning-count", dump)
	deadline := time.Now().Add(30 * time.Second)
	for settings() != "2,0" {
		if time.Now().After(deadline) {
			t.Fatalf("settings never relaxed: %s", cmd.Stdout.(*bytes.Buffer).String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Kill()
	cmd.Wait()
	if got := settings(); got != "2,0" {
		t.Fatalf("after kill -9 the settings are %s; the test needs them still relaxed", got)
	}
	var out, errb bytes.Buffer
	code = runCommand([]string{"restore-settings", "--no-defaults", "-u", "root", "-S", srv.Socket}, stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	if code != 0 || settings() != "1,1" || !schemaGone() {
		t.Fatalf("restore-settings: exit %d, settings %s, schema gone %v:\n%s%s", code, settings(), schemaGone(), out.String(), errb.String())
	}
	if !strings.Contains(out.String(), "SET GLOBAL innodb_flush_log_at_trx_commit = 1") {
		t.Errorf("restore-settings output does not say what it set: %q", out.String())
	}
}
