package importer_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestLocalInfileOnlyNamedFiles: --local-infile lets the dump's LOAD DATA LOCAL INFILE
// read the file it names, and nothing else (issue 22, item 18). A man in the middle (here
// a proxy that rewrites the statement on its way, so the server asks for another file of
// the same name length) must get the driver's refusal, not the other file: with the
// driver's AllowAllFiles the server could read any file of the client machine.
func TestLocalInfileOnlyNamedFiles(t *testing.T) {
	srv := testsandbox.Start(t, "local-infile=ON")
	dir := t.TempDir()
	fileA, fileB := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")
	if err := os.WriteFile(fileA, []byte("1\n2\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(fileB, []byte("7\n8\n9\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	dump := filepath.Join(dir, "dump.sql")
	if err := os.WriteFile(dump, []byte(fmt.Sprintf("CREATE DATABASE li;\nUSE li;\nCREATE TABLE t (id INT);\nLOAD DATA LOCAL INFILE '%s' INTO TABLE t;\n", fileA)), 0o600); err != nil {
		t.Fatal(err)
	}
	direct, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	admin, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	ctx := context.Background()
	ids := func(t *testing.T) string {
		t.Helper()
		var s sql.NullString
		if err := admin.QueryRowContext(ctx, "SELECT GROUP_CONCAT(id ORDER BY id) FROM li.t").Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s.String
	}
	run := func(t *testing.T, cfg *mysql.Config) (*importer.Result, error) {
		t.Helper()
		if _, err := admin.ExecContext(ctx, "DROP DATABASE IF EXISTS li"); err != nil {
			t.Fatal(err)
		}
		return importer.Import(ctx, cfg, importer.Source{Path: dump}, importer.Options{Parallel: 1, LocalInfile: true, SkipRowCounts: true})
	}

	t.Run("the named file", func(t *testing.T) {
		res, err := run(t, direct)
		if err != nil || res.Status != importer.Finished {
			t.Fatalf("Import: %v, status %v, %v", err, res.Status, res.Err)
		}
		if got := ids(t); got != "1,2" {
			t.Errorf("rows %q, want 1,2 (from %s)", got, fileA)
		}
	})

	t.Run("another file asked for", func(t *testing.T) {
		proxied := direct.Clone()
		proxied.Addr = rewritingProxy(t, srv.Socket, []byte(fileA), []byte(fileB))
		res, err := run(t, proxied)
		if err == nil && res.Status == importer.Finished {
			t.Fatalf("import finished: the server read %s, which the dump does not name (rows %q)", fileB, ids(t))
		}
		if err == nil {
			err = res.Err
		}
		if !strings.Contains(fmt.Sprint(err), "not registered") {
			t.Errorf("error %v, want the driver's refusal of an unregistered file", err)
		}
		if got := ids(t); got != "" {
			t.Errorf("rows %q from a file the dump does not name", got)
		}
	})
}

// rewritingProxy listens on a unix socket in a temporary directory and forwards to
// socket, replacing from with to (of the same length) in each packet the client sends:
// the server then asks for a file the statement did not name. It returns the socket.
func rewritingProxy(t *testing.T, socket string, from, to []byte) string {
	t.Helper()
	if len(from) != len(to) {
		t.Fatal("rewritingProxy: from and to must have the same length")
	}
	path := filepath.Join(t.TempDir(), "p.sock")
	ln, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			client, err := ln.Accept()
			if err != nil {
				return
			}
			server, err := net.Dial("unix", socket)
			if err != nil {
				client.Close()
				continue
			}
			go func() { _, _ = io.Copy(client, server); client.Close() }()
			go func() {
				defer server.Close()
				hdr := make([]byte, 4)
				for {
					if _, err := io.ReadFull(client, hdr); err != nil {
						return
					}
					n := int(binary.LittleEndian.Uint32(append(hdr[:3:3], 0)))
					payload := make([]byte, n)
					if _, err := io.ReadFull(client, payload); err != nil {
						return
					}
					payload = bytes.ReplaceAll(payload, from, to)
					if _, err := server.Write(append(hdr, payload...)); err != nil {
						return
					}
				}
			}()
		}
	}()
	return path
}
