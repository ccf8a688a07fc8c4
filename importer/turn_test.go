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
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestImportDuplicateAcrossBatches: a key that a later batch of a table repeats fails
// where the client fails, at the later statement, with the earlier statement's rows
// committed, although the later batch is small and reaches the key long before the
// earlier one (which holds it last of 20,000 rows): a table's batches commit in stream
// order, and a later batch that holds a lock an earlier one waits for rolls back and runs
// again after it (turn.go). Under --force the table keeps the earlier statement's row, as
// with the client. Before, the earlier statement failed, and --force kept the later row.
func TestImportDuplicateAcrossBatches(t *testing.T) {
	srv := testsandbox.Start(t)
	var big strings.Builder
	big.WriteString("INSERT INTO t VALUES ")
	for i := 10; i < 20_010; i++ {
		fmt.Fprintf(&big, "(%d,'early %d'),", i, i)
	}
	big.WriteString("(5,'early five');\n") // the key, last
	dump := "CREATE DATABASE dup;\nUSE dup;\nCREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=InnoDB;\n" +
		big.String() + // line 4
		"INSERT INTO t VALUES (5,'late five'),(1,'late one');\n" + // line 5
		"INSERT INTO t VALUES (2,'after');\n"
	path := filepath.Join(t.TempDir(), "dup.sql")
	if err := os.WriteFile(path, []byte(dump), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	db := sql.OpenDB(must(mysql.NewConnector(cfg)))
	defer db.Close()
	for _, force := range []bool{false, true} {
		t.Run(fmt.Sprintf("force=%v", force), func(t *testing.T) {
			for round := range 3 { // the race it guards against went the wrong way most times
				if _, err := db.ExecContext(ctx, "DROP DATABASE IF EXISTS dup"); err != nil {
					t.Fatal(err)
				}
				res, err := importer.Import(ctx, cfg, importer.Source{Path: path}, importer.Options{
					Parallel: 2, BatchBytes: 300 << 10, Force: force, SkipRowCounts: true, Log: &strings.Builder{},
				})
				if err != nil {
					t.Fatalf("Import: %v", err)
				}
				var se *importer.StatementError
				switch {
				case !force && (res.Status != importer.Failed || !errors.As(res.Err, &se)):
					t.Fatalf("round %d: status %v, err %v: want the duplicate as a failure", round, res.Status, res.Err)
				case !force && (se.Code != 1062 || se.Line != 5):
					t.Fatalf("round %d: %v: want ERROR 1062 at line 5, the later statement, as the client", round, se)
				case force && (len(res.Replay.ErrorList) != 1 || res.Replay.ErrorList[0].Line != 5):
					t.Fatalf("round %d: tolerated errors %v: want one, at line 5", round, res.Replay.ErrorList)
				}
				var v string
				var n int
				if err := db.QueryRowContext(ctx, "SELECT v FROM dup.t WHERE id = 5").Scan(&v); err != nil || v != "early five" {
					t.Fatalf("round %d: id 5 is %q (%v), want the earlier statement's row", round, v, err)
				}
				if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM dup.t").Scan(&n); err != nil || n != 20_001+map[bool]int{false: 0, true: 1}[force] {
					t.Fatalf("round %d: %d rows (%v)", round, n, err)
				}
			}
		})
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
