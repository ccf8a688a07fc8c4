package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// sakilaDir is the shared real-world dump corpus (../shared beside the clone).
const sakilaDir = "../../../shared/testdata/sakila"

func requireSakila(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(sakilaDir); err != nil {
		t.Skipf("Sakila corpus not found at %s (it lives in ../shared beside the clone): %v", sakilaDir, err)
	}
}

// clientImport replays files through the mariadb client, the reference.
func clientImport(t *testing.T, srv *sandbox.Server, files ...string) {
	t.Helper()
	client := testsandbox.RequireTool(t, "mariadb")
	for _, f := range files {
		in, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(client, srv.ClientArgs()...)
		cmd.Stdin = in
		out, err := cmd.CombinedOutput()
		in.Close()
		if err != nil {
			t.Fatalf("mariadb < %s: %v: %s", f, err, out)
		}
	}
}

// dumpscopeImport runs `dumpscope import` in-process against srv.
func dumpscopeImport(t *testing.T, srv *sandbox.Server, extra []string, file string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	args := append([]string{"--no-defaults", "-u", "root", "-S", srv.Socket, "--interval", "100ms"}, extra...)
	args = append(args, file)
	code = run(append([]string{"import"}, args...), stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	return code, out.String(), errb.String()
}

// redump dumps every user database of srv the way the round-trip proof compares them.
func redump(t *testing.T, srv *sandbox.Server, dbs ...string) []byte {
	t.Helper()
	bin := testsandbox.RequireTool(t, "mariadb-dump")
	args := append(srv.ClientArgs(), "--routines", "--triggers", "--events", "--skip-dump-date", "--databases")
	args = append(args, dbs...)
	out, err := exec.Command(bin, args...).Output()
	if err != nil {
		t.Fatalf("mariadb-dump: %v", err)
	}
	return out
}

func firstDiff(a, b []byte) string {
	la, lb := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := 0; i < len(la) && i < len(lb); i++ {
		if !bytes.Equal(la[i], lb[i]) {
			return "line " + strconv.Itoa(i+1) + ":\n client:    " + trunc(la[i]) + "\n dumpscope: " + trunc(lb[i])
		}
	}
	return "lengths differ: " + strconv.Itoa(len(la)) + " vs " + strconv.Itoa(len(lb)) + " lines"
}

func trunc(b []byte) string {
	if len(b) > 300 {
		b = b[:300]
	}
	return string(b)
}

// TestImportSakilaRoundTrip: importing Sakila's schema+data files and its mariadb-dump
// with dumpscope and re-dumping gives byte-identical output to importing them with the
// mariadb client.
func TestImportSakilaRoundTrip(t *testing.T) {
	requireSakila(t)
	cases := []struct {
		name  string
		files []string
		db    string
	}{
		{"schema+data", []string{"sakila-mv-schema.sql", "sakila-mv-data.sql"}, "sakila"},
		{"mariadb-dump", []string{"sakila-mariadb-dump.sql"}, "sakila"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var paths []string
			for _, f := range tc.files {
				paths = append(paths, filepath.Join(sakilaDir, f))
			}
			ref := testsandbox.Start(t)
			clientImport(t, ref, paths...)
			got := testsandbox.Start(t)
			for _, p := range paths {
				code, _, stderr := dumpscopeImport(t, got, []string{"--overwrite"}, p)
				if code != 0 {
					t.Fatalf("dumpscope import %s: exit %d: %s", p, code, stderr)
				}
			}
			want, have := redump(t, ref, tc.db), redump(t, got, tc.db)
			if !bytes.Equal(want, have) {
				t.Fatalf("re-dumps differ (%d vs %d bytes); first difference at %s", len(want), len(have), firstDiff(want, have))
			}
		})
	}
}

// TestImportParallelSakila: --parallel 2 gives the same database as the mariadb client on
// both Sakila layouts (schema-first with triggers that write film_text, and mariadb-dump).
func TestImportParallelSakila(t *testing.T) {
	requireSakila(t)
	for _, files := range [][]string{{"sakila-mv-schema.sql", "sakila-mv-data.sql"}, {"sakila-mariadb-dump.sql"}} {
		t.Run(files[0], func(t *testing.T) {
			ref := testsandbox.Start(t)
			got := testsandbox.Start(t)
			for _, f := range files {
				p := filepath.Join(sakilaDir, f)
				clientImport(t, ref, p)
				if code, _, stderr := dumpscopeImport(t, got, []string{"--overwrite", "--parallel", "2", "--batch-bytes", "64K", "--no-advisor"}, p); code != 0 {
					t.Fatalf("dumpscope import --parallel 2 %s: exit %d: %s", p, code, stderr)
				}
			}
			want, have := redump(t, ref, "sakila"), redump(t, got, "sakila")
			if !bytes.Equal(want, have) {
				t.Fatalf("re-dumps differ (%d vs %d bytes); first difference at %s", len(want), len(have), firstDiff(want, have))
			}
		})
	}
}
