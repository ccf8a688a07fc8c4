package checkpoint

import (
	"context"
	"database/sql"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestNamesWhateverTheSessionCharset: the catalog read under SET CHARACTER SET sjis, the
// checksums sent on that session, and a key read from a latin1 dump's text (Ñ as the byte
// D1) all agree with the UTF-8 names, and the session keeps its character_set_client.
// Before, the catalog came back as ?`3, CHECKSUM TABLE of it was NULL (or ERROR 1064 for
// a catalog read before the SET), and the latin1 key matched nothing (difffuzz seed 80106).
func TestNamesWhateverTheSessionCharset(t *testing.T) {
	srv := testsandbox.Start(t)
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	for _, q := range []string{"CREATE DATABASE cs DEFAULT CHARACTER SET latin1", "CREATE TABLE cs.`Ñ``3` (id INT PRIMARY KEY) ENGINE=MyISAM", "INSERT INTO cs.`Ñ``3` VALUES (1)"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	var want string
	if err := db.QueryRow("CHECKSUM TABLE cs.`Ñ``3`").Scan(new(string), &want); err != nil {
		t.Fatal(err)
	}
	c, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.ExecContext(ctx, "USE cs"); err != nil {
		t.Fatal(err)
	}
	for _, set := range []string{"SET CHARACTER SET sjis", "SET NAMES latin1", "SET NAMES utf8mb4"} {
		if _, err := c.ExecContext(ctx, set); err != nil {
			t.Fatal(err)
		}
		var cs0 string
		if err := c.QueryRowContext(ctx, "SELECT @@character_set_client").Scan(&cs0); err != nil {
			t.Fatal(err)
		}
		tables, _, err := readNonTransactional(ctx, c)
		if err != nil || len(tables) != 1 || tables[0] != (tableName{"cs", "Ñ`3"}) {
			t.Fatalf("%s: catalog %q, %v", set, tables, err)
		}
		sums, err := checksums(ctx, c, []string{"`cs`.`Ñ``3`"})
		if err != nil || sums != want {
			t.Errorf("%s: checksums %q, %v; want %q", set, sums, err, want)
		}
		var cs1 string
		if err := c.QueryRowContext(ctx, "SELECT @@character_set_client").Scan(&cs1); err != nil || cs1 != cs0 {
			t.Errorf("%s: character_set_client %q after, want %q (%v)", set, cs1, cs0, err)
		}
	}
	if _, err := c.ExecContext(ctx, "SET NAMES latin1"); err != nil {
		t.Fatal(err)
	}
	keys, err := serverKeys(ctx, c, []string{"cs.x", "`cs`.`\xd1``3`"})
	if err != nil || len(keys) != 2 || keys[0] != "cs.x" || keys[1] != "`cs`.`Ñ``3`" {
		t.Errorf("keys under latin1: %q, %v", keys, err)
	}
}
