package importer_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// keepaliveDump loads rows, sleeps on one connection for longer than the server's
// wait_timeout (2 s in the test), then loads more rows into the same and a new table: the
// connections that waited meanwhile must still be there, with their session.
func keepaliveDump() string {
	var b strings.Builder
	b.WriteString("CREATE DATABASE ka;\nUSE ka;\nSET NAMES utf8mb4;\n")
	b.WriteString("CREATE TABLE a (id INT PRIMARY KEY, v VARCHAR(40));\n")
	rows := func(table string, from, n int) {
		for i := from; i < from+n; i += 100 {
			fmt.Fprintf(&b, "INSERT INTO %s VALUES ", table)
			for j := i; j < i+100; j++ {
				if j > i {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, "(%d,'row %d é')", j, j)
			}
			b.WriteString(";\n")
		}
	}
	rows("a", 0, 2000)
	b.WriteString("DO SLEEP(4);\n")
	rows("a", 2000, 2000)
	b.WriteString("CREATE TABLE b (id INT PRIMARY KEY, v VARCHAR(40));\n")
	rows("b", 0, 2000)
	return b.String()
}

// TestIdleConnectionsSurviveWaitTimeout: with wait_timeout=2, an import whose
// connections wait longer than that (workers while a 4 s statement runs on the control
// connection; every connection while the dashboard pauses before a statement) finishes
// and re-dumps byte-identical to the mariadb client's import: the waiting connections
// were pinged, not closed by the server.
func TestIdleConnectionsSurviveWaitTimeout(t *testing.T) {
	client := testsandbox.RequireTool(t, "mariadb")
	dumper := testsandbox.RequireTool(t, "mariadb-dump")
	srv := testsandbox.Start(t, "wait_timeout=2")
	dump := keepaliveDump()
	dir := t.TempDir()
	path := filepath.Join(dir, "ka.sql")
	if err := os.WriteFile(path, []byte(dump), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	reset := func() {
		db, err := sql.Open("mysql", srv.DSN(""))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.Exec("DROP DATABASE IF EXISTS ka"); err != nil {
			t.Fatal(err)
		}
	}
	redump := func() []byte {
		out, err := exec.Command(dumper, append(srv.ClientArgs(), "--skip-dump-date", "--databases", "ka")...).Output()
		if err != nil {
			t.Fatalf("mariadb-dump: %v", err)
		}
		if i := bytes.Index(out, []byte("-- Server version")); i >= 0 {
			if j := bytes.IndexByte(out[i:], '\n'); j >= 0 {
				out = append(out[:i:i], out[i+j:]...)
			}
		}
		return out
	}
	reset()
	cmd := exec.Command(client, srv.ClientArgs()...)
	cmd.Stdin = strings.NewReader(dump)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mariadb: %v: %s", err, out)
	}
	want := redump()

	// pause blocks before the second table, as the dashboard's pause does.
	pause := func(_ context.Context, st *split.Statement) error {
		if st.Verb == "CREATE TABLE" && st.Table == "b" {
			time.Sleep(4 * time.Second)
		}
		return nil
	}
	for _, tc := range []struct {
		name string
		o    importer.Options
	}{
		{"parallel", importer.Options{Parallel: 2}},
		{"checkpoint", importer.Options{Parallel: 1, CheckpointPath: filepath.Join(dir, "ka.journal")}},
		{"serial-paused", importer.Options{Parallel: 1, OnStatement: pause}},
		{"parallel-paused", importer.Options{Parallel: 2, OnStatement: pause}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reset()
			var log strings.Builder
			o := tc.o
			o.BatchBytes, o.Log = 16<<10, &log
			res, err := importer.Import(context.Background(), cfg, importer.Source{Path: path}, o)
			if err != nil {
				t.Fatalf("Import: %v\n%s", err, log.String())
			}
			if res.Err != nil {
				t.Fatalf("replay: %v\n%s", res.Err, log.String())
			}
			if got := redump(); !bytes.Equal(got, want) {
				t.Errorf("re-dump differs from the client's import")
			}
		})
	}
}
