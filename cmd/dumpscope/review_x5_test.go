package main

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// The fifth hostile review (branch x-review5, session 35), of the filters, the rewrites
// and the modes combined with them, at the command's level (what it prints and advises):
// each test here failed against main when it was written, and shows the database
// differing from what `mariadb < same input` makes of the same input (with what a flag
// promises removed or rewritten done by hand). Fixed on branch x-fix5; each now guards its
// fix. The importer's own findings are in importer/review_x5_test.go.

// TestReviewX5StartAtInsideTransaction: mysqldump --no-autocommit writes a table's rows
// as `set autocommit=0;` INSERT … INSERT … `commit;`, and phpMyAdmin writes SET
// AUTOCOMMIT = 0 and START TRANSACTION at the top, so each table's rows are one
// transaction up to the next DDL. A
// serial import whose second INSERT of a table fails stops there, like the client, and
// the server rolls the open transaction back when the connection closes: the first
// INSERT's rows are gone. dumpscope then says "everything up to offset N was executed"
// and advises "add --start-at N" (N the failed INSERT). Followed, once the statement is
// fixed, the import skips the first INSERT (not a session statement) and finishes with
// exit 0 and "dump rows 3, server rows 3" (the skipped rows are not counted either): two
// rows silently missing, where the client on the fixed dump has five.
//
// Cause: startAtHint (cmd/dumpscope/import_transform.go:158) and importSummary's
// "was executed" (import_output.go:30) name the failed statement although it ran inside a
// transaction the failure rolled back; Transform.reachedStart (transform/filter.go) then
// keeps only session statements before it. The offset to continue from is where the
// rolled-back transaction began (or the hint must say there is none).
func TestReviewX5StartAtInsideTransaction(t *testing.T) {
	for _, c := range []struct{ name, head, tail string }{
		{"no-autocommit", "CREATE DATABASE s;\nUSE s;\nCREATE TABLE t (id int PRIMARY KEY, v int);\nLOCK TABLES `t` WRITE;\nset autocommit=0;\n",
			"UNLOCK TABLES;\ncommit;\n"},
		{"phpmyadmin", "-- phpMyAdmin SQL Dump\nSET SQL_MODE = \"NO_AUTO_VALUE_ON_ZERO\";\nSET AUTOCOMMIT = 0;\nSTART TRANSACTION;\nCREATE DATABASE s;\nUSE s;\nCREATE TABLE t (id int PRIMARY KEY, v int);\n",
			"COMMIT;\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			head := c.head + "INSERT INTO `t` VALUES (1,1),(2,2);\n"
			tail := "INSERT INTO `t` VALUES (5,5);\n" + c.tail
			bad := head + "INSERT INTO `t` VALUES (3,3),(3,4);\n" + tail
			fixed := head + "INSERT INTO `t` VALUES (3,3),(4,4);\n" + tail // the same length: the offsets hold
			dump := writeDump(t, "d.sql", []byte(bad))
			srv := testsandbox.Start(t)
			code, stdout, stderr := dumpscopeImport(t, srv, []string{"--no-advisor"}, dump)
			m := regexp.MustCompile(`add --start-at (\d+) to the same command`).FindStringSubmatch(stderr)
			if code != exitFailure {
				t.Fatalf("exit %d, want %d (the client stops at the duplicate):\n%s", code, exitFailure, stderr)
			}
			if m == nil {
				t.Fatalf("no --start-at hint:\n%s", stderr)
			}
			// The summary names the same point: the rows before it in the transaction
			// were rolled back, not executed.
			if want := "everything before offset " + m[1] + " "; !strings.Contains(stdout+stderr, want) {
				t.Errorf("the summary does not say %q:\n%s%s", want, stdout, stderr)
			}
			if err := os.WriteFile(dump, []byte(fixed), 0o600); err != nil {
				t.Fatal(err)
			}
			if code, _, stderr := dumpscopeImport(t, srv, []string{"--no-advisor", "--start-at", m[1]}, dump); code != 0 {
				t.Fatalf("--start-at %s: exit %d:\n%s", m[1], code, stderr)
			}
			ref := testsandbox.Start(t)
			clientImport(t, ref, writeDump(t, "fixed.sql", []byte(fixed)))
			if want, have := redump(t, ref, "s"), redump(t, srv, "s"); !bytes.Equal(want, have) {
				t.Errorf("after the hint's --start-at %s the re-dump differs from the client's on the fixed dump at %s\n(the first run said:\n%s)",
					m[1], firstDiff(want, have), strings.TrimSpace(stderr))
			}
		})
	}
}
