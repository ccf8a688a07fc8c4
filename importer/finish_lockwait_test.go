package importer

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestCountRowsLockWaitNamed (difffuzz seed 48947, resume: the import sat at "verifying
// rows"): another session keeps LOCK TABLES … WRITE on a counted table. The COUNT(*)
// waited for it with the server's lock_wait_timeout, a year; it must end with one line
// that names the table, the wait, and the session that holds the lock. On main
// (fd03d76) it waited for good (the test ran into go test's -timeout).
func TestCountRowsLockWaitNamed(t *testing.T) {
	srv := testsandbox.Start(t)
	ctx := context.Background()
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{"DROP DATABASE IF EXISTS lw", "CREATE DATABASE lw", "CREATE TABLE lw.t (id int PRIMARY KEY) ENGINE=InnoDB", "INSERT INTO lw.t VALUES (1),(2),(3)"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	t.Cleanup(func() { _, _ = db.Exec("DROP DATABASE IF EXISTS lw") })
	holder, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var holderID int64
	if err := holder.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&holderID); err != nil {
		t.Fatal(err)
	}
	if _, err := holder.ExecContext(ctx, "LOCK TABLES lw.t WRITE"); err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	defer func() { _, _ = holder.ExecContext(ctx, "UNLOCK TABLES") }()
	old := endLockWaitSeconds
	endLockWaitSeconds = 1
	t.Cleanup(func() { endLockWaitSeconds = old })
	c, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	out := CountRows(ctx, []*sql.Conn{c}, []TableCount{{Database: "lw", Table: "t", Rows: 3}})
	if len(out) != 1 || out[0].Err == nil {
		t.Fatalf("counts %+v, want the count of lw.t failed", out)
	}
	msg := out[0].Err.Error()
	for _, want := range []string{"SELECT COUNT(*) FROM `lw`.`t`", "waited 1 s (lock_wait_timeout) for a lock on `lw`.`t`", fmt.Sprintf("session %d (", holderID)} {
		if !strings.Contains(msg, want) {
			t.Errorf("the count's error %q does not say %q", msg, want)
		}
	}
	if strings.Contains(msg, "\n") {
		t.Errorf("the count's error is not one line: %q", msg)
	}
	t.Logf("%s", msg)
}
