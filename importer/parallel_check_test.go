package importer_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestSerialReplayChecksParallel: a serial replay with CheckParallel says in its progress
// whether the dump could run in parallel exactly, and when not, gives the reason the
// parallel replay itself prints for the same dump (the planner is the one home of it).
func TestSerialReplayChecksParallel(t *testing.T) {
	srv := testsandbox.Start(t)
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	const head = "CREATE DATABASE pc;\nUSE pc;\nCREATE TABLE a (id INT PRIMARY KEY, v INT);\nINSERT INTO a VALUES (1,1),(2,2);\n"
	for _, tc := range []struct {
		name, tail string
		serial     bool
	}{
		{"plain rows", "INSERT INTO a VALUES (3,3);\n", false},
		{"a user variable", "SET @n = (SELECT COUNT(*) FROM a);\nINSERT INTO a VALUES (3,@n);\n", true},
		{"a transaction that holds rows", "START TRANSACTION;\nINSERT INTO a VALUES (3,3);\nCOMMIT;\n", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "pc.sql")
			if err := os.WriteFile(path, []byte(head+tc.tail), 0o600); err != nil {
				t.Fatal(err)
			}
			imp := func(parallel int, check bool) (importer.Progress, string) {
				t.Helper()
				if _, err := db.Exec("DROP DATABASE IF EXISTS pc"); err != nil {
					t.Fatal(err)
				}
				var last importer.Progress
				var log strings.Builder
				res, err := importer.Import(context.Background(), cfg, importer.Source{Path: path}, importer.Options{
					Parallel: parallel, BatchBytes: 64, Log: &log, CheckParallel: check,
					OnReplay: func(_ *dumpfile.Input, p func() importer.Progress) func() {
						return func() { last = p() }
					},
				})
				if err != nil || res.Err != nil {
					t.Fatalf("Import --parallel %d: %v, %v\n%s", parallel, err, res.Err, log.String())
				}
				return last, log.String()
			}
			if p, _ := imp(1, false); p.ParallelChecked || p.SerialReason != "" {
				t.Errorf("without CheckParallel: checked %v, reason %q", p.ParallelChecked, p.SerialReason)
			}
			p, _ := imp(1, true)
			if !p.ParallelChecked || (p.SerialReason != "") != tc.serial {
				t.Fatalf("checked %v, reason %q; want a reason: %v", p.ParallelChecked, p.SerialReason, tc.serial)
			}
			if !tc.serial {
				return
			}
			_, log := imp(2, false)
			if want := fmt.Sprintf("dumpscope import: %s: %s\n", path, p.SerialReason); !strings.Contains(log, want) {
				t.Errorf("the serial check's reason %q is not what --parallel 2 printed:\n%s", p.SerialReason, log)
			}
		})
	}
}
