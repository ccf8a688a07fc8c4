package checkpoint

import (
	"context"
	"database/sql"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestDefinitionDigestSessionFree: the digest of a table's definition that an ALTER
// TABLE's intent records on the dump's session (here with sql_mode ANSI_QUOTES and
// NO_KEY_OPTIONS, and latin1 results) is the one a resume reads on a fresh session, and
// the dump's session keeps its sql_mode and character_set_results. Before, SHOW CREATE
// TABLE's quoting followed the session and a resume took an ALTER that had not run for
// one that had (difffuzz seed 38334).
func TestDefinitionDigestSessionFree(t *testing.T) {
	srv := testsandbox.Start(t)
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	for _, q := range []string{"CREATE DATABASE dd", "CREATE TABLE dd.t (id INT PRIMARY KEY, `é` VARCHAR(3) COMMENT 'ü', KEY k (`é`) KEY_BLOCK_SIZE=8) ENGINE=InnoDB"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	fresh, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	want, ok := definitionDigest(ctx, fresh, "`dd`.`t`", true)
	if !ok {
		t.Fatal("no digest on a fresh session")
	}
	dump, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer dump.Close()
	if _, err := dump.ExecContext(ctx, "SET SESSION sql_mode = 'ANSI_QUOTES,NO_KEY_OPTIONS', character_set_results = latin1"); err != nil {
		t.Fatal(err)
	}
	got, ok := definitionDigest(ctx, dump, "`dd`.`t`", false)
	if !ok || got != want {
		t.Errorf("digest on the dump's session %q (ok %v), on a fresh one %q", got, ok, want)
	}
	var mode, results string
	if err := dump.QueryRowContext(ctx, "SELECT @@SESSION.sql_mode, @@SESSION.character_set_results").Scan(&mode, &results); err != nil {
		t.Fatal(err)
	}
	if mode != "ANSI_QUOTES,NO_KEY_OPTIONS" || results != "latin1" {
		t.Errorf("the session has sql_mode %q, character_set_results %q after; want them as they were", mode, results)
	}
}
