package importer_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestPrivilegeRefusals: an account with rights on its own database only is told which
// grant (or which flag left off) lets --parallel's progress rows and --relax-durability
// work; a refused SET GLOBAL leaves nothing saved, so the end of the import does not
// claim it could not restore a setting it never changed.
func TestPrivilegeRefusals(t *testing.T) {
	srv := testsandbox.Start(t)
	admin, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	exec := func(q string) {
		t.Helper()
		if _, err := admin.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	exec("CREATE DATABASE pv")
	exec("CREATE USER pv@localhost")
	exec("GRANT SELECT, INSERT, CREATE ON pv.* TO pv@localhost")
	path := filepath.Join(t.TempDir(), "pv.sql")
	if err := os.WriteFile(path, []byte("USE pv;\nCREATE TABLE IF NOT EXISTS t (id INT PRIMARY KEY);\nINSERT IGNORE INTO t VALUES (1),(2);\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	cfg.User = "pv"
	run := func(o importer.Options) (string, error) {
		var log strings.Builder
		o.Log, o.Overwrite = &log, true
		_, err := importer.Import(context.Background(), cfg, importer.Source{Path: path}, o)
		return log.String(), err
	}

	_, err = run(importer.Options{Parallel: 2})
	if err == nil || !strings.Contains(err.Error(), "GRANT ALL ON dumpscope_progress.* TO 'pv'@'localhost'") {
		t.Errorf("--parallel 2: %v; want the grant that progress rows need", err)
	}
	_, err = run(importer.Options{Parallel: 1, RelaxDurability: true})
	if err == nil || !strings.Contains(err.Error(), "without --relax-durability") {
		t.Errorf("--relax-durability without the progress schema: %v; want the grant or the flag", err)
	}
	exec("GRANT ALL ON dumpscope_progress.* TO pv@localhost")
	log, err := run(importer.Options{Parallel: 1, RelaxDurability: true})
	if err == nil || !strings.Contains(err.Error(), "needs the SUPER privilege") {
		t.Errorf("--relax-durability without SUPER: %v; want SUPER named", err)
	}
	if strings.Contains(log, "could not restore") {
		t.Errorf("a setting that was never changed is said to be unrestored:\n%s", log)
	}
	var saved int
	if err := admin.QueryRow("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'dumpscope_progress' AND TABLE_NAME = 'saved_settings'").Scan(&saved); err != nil {
		t.Fatal(err)
	}
	if saved != 0 {
		if err := admin.QueryRow("SELECT COUNT(*) FROM dumpscope_progress.saved_settings").Scan(&saved); err != nil {
			t.Fatal(err)
		}
	}
	if saved != 0 {
		t.Errorf("%d setting(s) left saved for restore-settings, none was changed", saved)
	}
	// With the grants the message named, --parallel works.
	if _, err := run(importer.Options{Parallel: 2}); err != nil {
		t.Errorf("--parallel 2 with the progress schema granted: %v", err)
	}
}
