package importer_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestRolledBackAdvice: a serial import that fails inside the dump's transaction names the
// transaction's start (the server rolled it back); one whose failed statement commits
// implicitly (DDL) gives no --start-at advice, since whether that commit ran is the
// server's to know; one outside a transaction names the failed statement.
func TestRolledBackAdvice(t *testing.T) {
	srv := testsandbox.Start(t)
	head := "CREATE DATABASE IF NOT EXISTS s;\nUSE s;\nCREATE TABLE IF NOT EXISTS t (id int PRIMARY KEY);\n"
	for _, c := range []struct {
		name, tail, want string
		line             int64 // the transaction's start; 0 for none
	}{
		{"insert", "SET autocommit = 0;\nINSERT INTO t VALUES (1);\nINSERT INTO t VALUES (1);\nCOMMIT;\n", "continue from the transaction's start", 5},
		{"ddl", "SET autocommit = 0;\nINSERT INTO t VALUES (2);\nCREATE TABLE t (id int);\n", "no --start-at advice", 0},
		{"autocommit", "INSERT INTO t VALUES (3);\nINSERT INTO t VALUES (3);\n", "continue from it", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := importFile(t, srv, "", writeFile(t, "d.sql", []byte(head+c.tail)), importer.Options{SkipRowCounts: true, Overwrite: true, Log: &strings.Builder{}})
			var se *importer.StatementError
			if res.Status != importer.Failed || !errors.As(res.Err, &se) {
				t.Fatalf("%v, %v; want a failed statement", res.Status, res.Err)
			}
			if advice := res.StartAtAdvice(se.Offset); !strings.Contains(advice, c.want) {
				t.Errorf("advice %q, want %q", advice, c.want)
			}
			rb := res.RolledBack()
			if rb.Open != (c.line != 0) || c.line != 0 && rb.Start.Line != c.line {
				t.Errorf("rolled back %+v, want a transaction from line %d (0: none)", rb, c.line)
			}
			if c.line != 0 && !strings.Contains(res.Executed(), "everything before offset") {
				t.Errorf("summary %q does not name the transaction's start", res.Executed())
			}
		})
	}
}
