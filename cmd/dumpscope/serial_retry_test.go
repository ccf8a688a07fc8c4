package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// laterReaderDump fires a trigger that reads ROW_COUNT() after the trigger was created:
// only the serial replay without --parallel/--checkpoint gives it the client's value.
const laterReaderDump = `CREATE DATABASE rk;
USE rk;
CREATE TABLE t (i INT PRIMARY KEY, c INT);
INSERT INTO t VALUES (1, 1), (2, 2), (3, 3);
CREATE TABLE x (i INT AUTO_INCREMENT PRIMARY KEY, n BIGINT);
CREATE TRIGGER tr BEFORE INSERT ON x FOR EACH ROW SET NEW.n = ROW_COUNT();
INSERT INTO t VALUES (4, 1), (5, 2);
INSERT INTO x (n) VALUES (0);
UPDATE t SET c = 7 WHERE i <= 3;
INSERT INTO x (n) VALUES (0);
`

// TestSerialOnlyRefusalFooter: after the parallel replay refused a statement that only
// the serial replay runs exactly, the summary offered "resumable; continue with: …
// --resume", which meets the same refusal again. It now says that no resume will do, what
// the target holds, and the command without --parallel and --checkpoint; that command,
// run into the emptied target, imports the dump as the client does.
func TestSerialOnlyRefusalFooter(t *testing.T) {
	testsandbox.RequireTool(t, "mariadb")
	dump := writeDump(t, "later.sql", []byte(laterReaderDump))
	ref := testsandbox.Start(t)
	clientImport(t, ref, dump)
	want := redump(t, ref, "rk")

	srv := testsandbox.Start(t)
	journal := filepath.Join(t.TempDir(), "journal")
	code, _, stderr := dumpscopeImport(t, srv, []string{"--no-tui", "--parallel", "2", "--checkpoint", journal, "--batch-bytes=64K"}, dump)
	if code != exitFailure {
		t.Fatalf("exit %d, want %d (refused): %s", code, exitFailure, stderr)
	}
	if strings.Contains(stderr, "--resume\n") || strings.Contains(stderr, "resumable") {
		t.Errorf("the summary offers a resume that meets the same refusal:\n%s", stderr)
	}
	_, after, ok := strings.Cut(stderr, "dumpscope: no --resume: it would meet the same refusal. The target holds what ran before line 8 and dumpscope_progress (DROP DATABASE dumpscope_progress); import the whole dump again into an empty target, serially:\n  dumpscope import ")
	if !ok {
		t.Fatalf("no serial retry command in:\n%s", stderr)
	}
	line, _, _ := strings.Cut(after, "\n")
	args := strings.Fields(line)
	if wantArgs := "--no-defaults -u root -S " + srv.Socket + " --interval 100ms --no-tui " + dump; strings.Join(args, " ") != wantArgs {
		t.Fatalf("retry command %q, want %q", line, wantArgs)
	}
	db := sandboxDB(t, srv)
	for _, q := range []string{"DROP DATABASE rk", "DROP DATABASE dumpscope_progress"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	var out, errb bytes.Buffer
	if code := runCommand(append([]string{"import"}, args...), stdio{In: strings.NewReader(""), Out: &out, Err: &errb}); code != 0 {
		t.Fatalf("the printed command: exit %d: %s", code, errb.String())
	}
	if have := redump(t, srv, "rk"); !bytes.Equal(want, have) {
		t.Errorf("the printed command's import differs from the client's at %s", firstDiff(want, have))
	}
}
