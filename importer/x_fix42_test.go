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

// TestXFix42KeeperDDLAfterWarnings: a statement that opens no table and is no keeper to
// the planner (CREATE PROCEDURE, CREATE DATABASE, DROP PROCEDURE) keeps the client's
// diagnostics area; planned while the run was parallel it closed 70145's window
// (regionArea.next took it for a statement that empties the area). Warnings of an INSERT
// IGNORE on a worker, or of `SET @q = CAST('5x' AS SIGNED)` on the control connection
// (which dumpscope's clearing of the stale list before the DDL, or its progress row,
// then emptied), were read as 1 by the client's GET DIAGNOSTICS @n = NUMBER after the
// turn to serial (SELECT 14 INTO @v), 0 by dumpscope: silent, --parallel and checkpointed,
// all 10 warning cases (x-fix42's own finding). Now such a statement keeps the window
// open, or opens one (plan's clearsArea), and the replay counts the control connection's
// list before it empties it (countLost): refused in one line. Their clean twins import as
// the client's; --skip-warning-count the same.
func TestXFix42KeeperDDLAfterWarnings(t *testing.T) {
	head := "CREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE t (id int PRIMARY KEY, c int) ENGINE=InnoDB;\n" +
		"CREATE TABLE sv (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"INSERT INTO t VALUES (1, 1), (2, 2);\n"
	tail := "SELECT 14 INTO @v;\nGET DIAGNOSTICS @n = NUMBER;\nINSERT INTO sv (name, v) VALUES ('n', @n);\n"
	dup, clean := "INSERT IGNORE INTO t VALUES (1, 5), (3, 3);\n", "INSERT IGNORE INTO t VALUES (4, 5), (3, 3);\n"
	warnSet, plainSet := "INSERT INTO t VALUES (5, 5);\nSET @q = CAST('5x' AS SIGNED);\n", "INSERT INTO t VALUES (5, 5);\nSET @q = 5;\n"
	for _, c := range []struct{ name, body, refuse string }{
		{"worker warning, create procedure", dup + "CREATE PROCEDURE p() BEGIN END;\n", "GET"},
		{"worker warning, create database", dup + "CREATE DATABASE fz1;\n", "GET"},
		{"worker warning, drop procedure", dup + "CREATE PROCEDURE p() BEGIN END;\nDROP PROCEDURE p;\n", "GET"},
		{"set warning, create procedure", warnSet + "CREATE PROCEDURE p() BEGIN END;\n", "GET"},
		{"set warning, create database", warnSet + "CREATE DATABASE fz1;\n", "GET"},
		{"clean, create procedure", clean + "CREATE PROCEDURE p() BEGIN END;\n", ""},
		{"clean, drop procedure", clean + "CREATE PROCEDURE p() BEGIN END;\nDROP PROCEDURE p;\n", ""},
		{"clean set, create database", plainSet + "CREATE DATABASE fz1;\n", ""},
	} {
		for mode, o := range map[string]importer.Options{
			"parallel":           {Parallel: 3, BatchBytes: 2 << 10},
			"checkpoint":         {Parallel: 2, BatchBytes: 2 << 10, CheckpointPath: "x"},
			"skip-warning-count": {Parallel: 2, BatchBytes: 2 << 10, SkipWarningCount: true, CheckpointPath: "x"},
		} {
			t.Run(c.name+"/"+mode, func(t *testing.T) {
				if o.CheckpointPath != "" {
					o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
				}
				xfix34Refused(t, head+c.body+tail, o, c.refuse)
			})
		}
	}
}
