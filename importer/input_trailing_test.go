package importer_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestImportGzipTrailingGarbage: a .gz followed by bytes that are not a gzip member, which
// `zcat dump.sql.gz | mariadb` imports whole (zcat warns "decompression OK, trailing
// garbage ignored"), is imported whole, with one warning line naming the file and the
// offset; into a target that holds another database, so the preflight reads the file too
// (it used to fail there, before anything ran) and must not warn a second time.
func TestImportGzipTrailingGarbage(t *testing.T) {
	dump := x9bTable("gzgarbage")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(dump))
	zw.Close()
	end := gz.Len()
	gz.WriteString("\x00\x00garbage after the dump\n")
	dir := t.TempDir()
	f := filepath.Join(dir, "dump.sql.gz")
	if err := os.WriteFile(f, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(testsandbox.RequireTool(t, "zcat"), f).Output()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || string(out) != dump {
		t.Fatalf("zcat %s: %v, %d bytes: want exit status 2 (trailing garbage) and the dump's %d bytes", f, err, len(out), len(dump))
	}
	plain := filepath.Join(dir, "zcat.sql")
	if err := os.WriteFile(plain, out, 0o644); err != nil {
		t.Fatal(err)
	}
	ref := testsandbox.Start(t)
	clientImport(t, ref, plain)
	want := redumps(t, ref, "gzgarbage")

	got := testsandbox.Start(t)
	if _, err := sandboxDB(t, got, "").Exec("CREATE DATABASE other"); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	res, err := tryImport(t, got, "", importer.Source{Path: f}, importer.Options{Log: &log, PreflightScan: true})
	if err != nil {
		t.Fatalf("Import: %v\n%s", err, log.String())
	}
	finished(t, res)
	sameDump(t, "trailing garbage", want, redumps(t, got, "gzgarbage"))
	var warnings []string
	for _, l := range strings.Split(log.String(), "\n") {
		if strings.Contains(l, "trailing garbage") {
			warnings = append(warnings, l)
		}
	}
	wantW := "dumpscope: warning: " + f + ": gzip input: the 25 bytes from compressed offset " + strconv.Itoa(end) + ", after the last gzip member"
	if len(warnings) != 1 || !strings.HasPrefix(warnings[0], wantW) || !strings.Contains(log.String(), "preflight: reading") {
		t.Errorf("log:\n%s\nwant a preflight scan and one warning line starting %q", log.String(), wantW)
	}
}
