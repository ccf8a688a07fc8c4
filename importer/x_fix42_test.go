package importer_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestXFix42KeeperWarningsInSummary: in a run gone serial (or serial --checkpoint), a
// SELECT, DO or VALUES that names no table keeps the diagnostics area (x-fix34's
// warnLog.mayKeep), and its own warnings had gone uncounted since: `DO CAST('5x' AS
// SIGNED)`, `SELECT CAST('6x' AS SIGNED) INTO @a` and `VALUES (CAST('7x' AS SIGNED))`
// were missing from the summary's count and list, which had 1 (the INSERT's) where
// `mariadb --show-warnings` prints 5. Now the control connection's OK packets give their
// count and SHOW WARNINGS (which keeps the area) their list (diagcount.go's
// countKeeper); the readers after them still read the client's area and row count
// (GET DIAGNOSTICS @n = NUMBER after the VALUES, @r = ROW_COUNT after a DO: 0). Failed
// before (1 counted, 5 printed) in every mode.
func TestXFix42KeeperWarningsInSummary(t *testing.T) {
	dump := "SET sql_mode = '';\nCREATE DATABASE wk;\nUSE wk;\n" +
		"CREATE TABLE t (id INT PRIMARY KEY, a TINYINT);\n" +
		"CREATE TABLE sv (n varchar(10), v varchar(20));\n" +
		"INSERT INTO t VALUES (1, 1);\n" +
		"SELECT 5 INTO @c;\n" + // serial from here
		"INSERT INTO t VALUES (2, 1000);\n" +
		"DO CAST('5x' AS SIGNED);\n" +
		"SELECT CAST('6x' AS SIGNED) INTO @a;\n" +
		"VALUES (CAST('7x' AS SIGNED));\n" +
		"GET DIAGNOSTICS @n = NUMBER;\n" +
		"DO CAST('8x' AS SIGNED);\n" +
		"GET DIAGNOSTICS @r = ROW_COUNT;\n" +
		"INSERT INTO sv VALUES ('n', @n), ('r', @r), ('a', @a);\n"
	path := filepath.Join(t.TempDir(), "dump.sql")
	if err := os.WriteFile(path, []byte(dump), 0o644); err != nil {
		t.Fatal(err)
	}
	ref := testsandbox.Start(t)
	cmd := exec.Command(testsandbox.RequireTool(t, "mariadb"), append(ref.ClientArgs(), "--show-warnings")...)
	cmd.Stdin = strings.NewReader(dump)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("mariadb: %v: %s", err, out)
	}
	want := int64(strings.Count(string(out), "Warning (Code"))
	if want != 5 {
		t.Fatalf("the client printed %d warnings, want 5:\n%s", want, out)
	}
	plain := testsandbox.Start(t) // --show-warnings' SHOW WARNINGS changes ROW_COUNT()
	clientImport(t, plain, path)
	wantDump := redumps(t, plain, "wk")
	for name, o := range map[string]importer.Options{
		"parallel 2":        {Parallel: 2, BatchBytes: 1 << 10},
		"load-data":         {Parallel: 2, LoadData: true},
		"checkpoint serial": {CheckpointPath: "x"},
	} {
		t.Run(name, func(t *testing.T) {
			if o.CheckpointPath != "" {
				o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
			}
			srv := testsandbox.Start(t)
			res := importFile(t, srv, "", path, o)
			finished(t, res)
			sameDump(t, name, wantDump, redumps(t, srv, "wk"))
			if res.Replay.Warnings != want {
				t.Errorf("%d warnings counted, the client printed %d; listed: %v", res.Replay.Warnings, want, res.Replay.WarningList)
			}
			var lines []string
			for _, w := range res.Replay.WarningList {
				lines = append(lines, fmt.Sprint(w.Line))
			}
			if got := strings.Join(lines, ","); got != "8,9,10,11,13" {
				t.Errorf("warnings listed at lines %s, want 8,9,10,11,13: %v", got, res.Replay.WarningList)
			}
		})
	}
}
