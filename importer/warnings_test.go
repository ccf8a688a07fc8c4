package importer_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// staleWarningDump raises one warning in each INSERT (1000 and 2000 do not fit a TINYINT
// under a non-strict sql_mode); every statement after them uses no table, so the
// server's warning list still holds the INSERT's warning when they end. The INSERT …
// SELECT runs on the control connection under --parallel, as the routines do.
const staleWarningDump = `SET sql_mode = '';
CREATE DATABASE wst;
USE wst;
CREATE TABLE t (id INT PRIMARY KEY, a TINYINT);
INSERT INTO t VALUES (1, 1000);
CREATE PROCEDURE p() BEGIN END;
DROP PROCEDURE p;
INSERT INTO t SELECT 2, 2000;
CREATE FUNCTION f() RETURNS INT RETURN 1;
DROP FUNCTION f;
CREATE DATABASE wst2;
DROP DATABASE wst2;
COMMIT;
DO 1;
`

// TestWarningsCountedOnce: the summary's warning count is the mariadb client's
// (--show-warnings prints each statement's own warnings, from its OK packet), serial and
// parallel, although the server keeps a warning list across statements that use no
// table and @@warning_count repeats it after each of them.
func TestWarningsCountedOnce(t *testing.T) {
	client := testsandbox.RequireTool(t, "mariadb")
	srv := testsandbox.Start(t)
	path := filepath.Join(t.TempDir(), "warn.sql")
	if err := os.WriteFile(path, []byte(staleWarningDump), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	reset := func() {
		if _, err := db.Exec("DROP DATABASE IF EXISTS wst"); err != nil {
			t.Fatal(err)
		}
	}

	reset()
	cmd := exec.Command(client, append(srv.ClientArgs(), "--show-warnings")...)
	cmd.Stdin = strings.NewReader(staleWarningDump)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("mariadb: %v: %s", err, out)
	}
	want := int64(strings.Count(string(out), "Warning (Code"))
	if want != 2 {
		t.Fatalf("the client printed %d warnings, want 2 (one per INSERT):\n%s", want, out)
	}

	// --defer-indexes without --parallel runs the parallel replayer with no progress rows,
	// whose INSERTs would clear the list between statements.
	for _, o := range []importer.Options{{Parallel: 1}, {Parallel: 2}, {Parallel: 1, DeferIndexes: true}} {
		t.Run(fmt.Sprintf("parallel=%d,defer=%v", o.Parallel, o.DeferIndexes), func(t *testing.T) {
			reset()
			var log strings.Builder
			o.Log = &log
			res, err := importer.Import(context.Background(), cfg, importer.Source{Path: path}, o)
			if err != nil {
				t.Fatalf("Import: %v\n%s", err, log.String())
			}
			if res.Err != nil {
				t.Fatalf("replay: %v", res.Err)
			}
			if res.Replay.Warnings != want {
				t.Errorf("%d warnings counted, the client printed %d; listed: %v", res.Replay.Warnings, want, res.Replay.WarningList)
			}
		})
	}
}
