package importer_test

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// bulkDupDump is a mariadb-dump-style dump (unique_checks=0, foreign_key_checks=0: what
// lets InnoDB (MariaDB ≥ 10.6) take its bulk path for a transaction's inserts into an
// empty table) whose second INSERT repeats a key of the first, into a table created empty.
const bulkDupDump = `/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
CREATE DATABASE bulkdup;
USE bulkdup;
CREATE TABLE t (id INT NOT NULL AUTO_INCREMENT, k INT NOT NULL, c CHAR(20) NOT NULL, PRIMARY KEY (id), KEY k_1 (k)) ENGINE=InnoDB;
INSERT INTO t VALUES (1,10,'a'),(2,20,'b'),(3,30,'c');
INSERT INTO t VALUES (4,40,'d'),(2,21,'dup'),(5,50,'e');
INSERT INTO t VALUES (6,60,'f');
/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;
/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */;
`

// TestImportBulkInsertDuplicate: under the dump's unique_checks=0 and
// foreign_key_checks=0 a batch's first INSERT into the empty table takes InnoDB's bulk
// path, which holds the transaction's rows for that table until COMMIT; a duplicate key a
// later INSERT of the same batch repeats must still fail at that INSERT (line 7), as with
// the client, and under --force the table must keep the other statements' rows: the
// re-dump is the client's (mariadb --force).
func TestImportBulkInsertDuplicate(t *testing.T) {
	dump := writeFile(t, "bulkdup.sql", []byte(bulkDupDump))
	ref := testsandbox.Start(t)
	cmd := exec.Command(testsandbox.RequireTool(t, "mariadb"), append(ref.ClientArgs(), "--force")...)
	cmd.Stdin = strings.NewReader(bulkDupDump)
	out, _ := cmd.CombinedOutput()
	if !strings.Contains(string(out), "at line 7: Duplicate entry '2'") {
		t.Fatalf("client: %s; want the duplicate at line 7", out)
	}
	want := redumps(t, ref, "bulkdup")
	for _, o := range []importer.Options{
		{Parallel: 2, BatchBytes: 1 << 20},
		{Parallel: 2, BatchBytes: 1 << 20, LoadData: true},
		{Parallel: 1, CheckpointPath: "x"},
	} {
		o.Force, o.SkipRowCounts, o.Log = true, true, &strings.Builder{}
		t.Run(fmt.Sprintf("parallel=%d/load-data=%v", o.Parallel, o.LoadData), func(t *testing.T) {
			srv := testsandbox.Start(t, "local_infile=ON")
			if o.CheckpointPath != "" {
				o.CheckpointPath = writeFile(t, "cp", nil)
			}
			res, err := tryImport(t, srv, "", importer.Source{Path: dump}, o)
			if err != nil {
				t.Fatal(err)
			}
			if res.Replay.Errors != 1 || len(res.Replay.ErrorList) != 1 || res.Replay.ErrorList[0].Line != 7 || res.Replay.ErrorList[0].Code != 1062 {
				var b strings.Builder
				for _, e := range res.Replay.ErrorList {
					fmt.Fprintf(&b, "line %d: %d %s; ", e.Line, e.Code, e.Message)
				}
				t.Errorf("%d tolerated errors (%s), err %v; want one, 1062 at line 7", res.Replay.Errors, b.String(), res.Err)
			}
			sameDump(t, "bulkdup", want, redumps(t, srv, "bulkdup"))
		})
	}
}

// firstDupDump's first INSERT into the empty table repeats a key of its own: under the
// dump's unique_checks=0 and foreign_key_checks=0 the client's statement takes InnoDB's
// bulk path and fails at its COMMIT with ERROR 1180, not 1062 (MariaDB 10.11).
const firstDupDump = `/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
CREATE DATABASE bulkdup;
USE bulkdup;
CREATE TABLE t (id INT NOT NULL AUTO_INCREMENT, k INT NOT NULL, c CHAR(20) NOT NULL, PRIMARY KEY (id), KEY k_1 (k)) ENGINE=InnoDB;
INSERT INTO t VALUES (1,10,'a'),(2,20,'b'),(2,30,'c');
INSERT INTO t VALUES (4,40,'d'),(5,50,'e');
INSERT INTO t VALUES (6,60,'f');
`

// TestImportBulkInsertFirstStatement: a table's first row statement keeps the client's
// path, InnoDB's bulk insert (replay/bulkpath.go): a duplicate in it fails with the
// client's code at its line, and the table keeps the other statements' rows.
func TestImportBulkInsertFirstStatement(t *testing.T) {
	ref := testsandbox.Start(t)
	cmd := exec.Command(testsandbox.RequireTool(t, "mariadb"), append(ref.ClientArgs(), "--force")...)
	cmd.Stdin = strings.NewReader(firstDupDump)
	out, _ := cmd.CombinedOutput()
	var code uint16
	if _, err := fmt.Sscanf(string(out[strings.Index(string(out), "ERROR "):]), "ERROR %d", &code); err != nil || !strings.Contains(string(out), "at line 6") {
		t.Fatalf("client: %s; want an error at line 6", out)
	}
	want := redumps(t, ref, "bulkdup")
	dump := writeFile(t, "firstdup.sql", []byte(firstDupDump))
	srv := testsandbox.Start(t)
	res, err := tryImport(t, srv, "", importer.Source{Path: dump}, importer.Options{Parallel: 2, BatchBytes: 1 << 20, Force: true, SkipRowCounts: true, Log: &strings.Builder{}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Replay.ErrorList) != 1 || res.Replay.ErrorList[0].Line != 6 || res.Replay.ErrorList[0].Code != code {
		var b strings.Builder
		for _, e := range res.Replay.ErrorList {
			fmt.Fprintf(&b, "line %d: %d %s; ", e.Line, e.Code, e.Message)
		}
		t.Errorf("tolerated errors: %s; want the client's, %d at line 6", b.String(), code)
	}
	sameDump(t, "bulkdup", want, redumps(t, srv, "bulkdup"))
}

// ignoreSecondDump's second INSERT into the table is an INSERT IGNORE whose rows repeat a
// key of the first statement and one of their own. The client's first statement takes
// InnoDB's bulk path (the table is empty); its second meets a table that is not, and keeps
// every row but the duplicates. On the bulk path, an INSERT IGNORE with duplicates keeps
// none of its rows (MariaDB 10.11).
const ignoreSecondDump = `/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
CREATE DATABASE bulkdup;
USE bulkdup;
CREATE TABLE t (id INT NOT NULL, k INT NOT NULL, PRIMARY KEY (id), KEY k_1 (k)) ENGINE=InnoDB;
INSERT INTO t VALUES (1,10),(2,20);
INSERT IGNORE INTO t VALUES (2,21),(3,30),(3,31),(4,40);
INSERT INTO t VALUES (5,50);
`

// TestImportBulkInsertIgnoreSecond: a table's INSERT IGNORE with duplicates, second in
// the stream, keeps the rows the client's keeps. In one transaction with the first
// statement, on the bulk path, MariaDB 10.11 commits without an error and keeps no row of
// either (checked by hand); it never shares one: a table's first INSERT IGNORE or REPLACE
// starts a batch after the rows in flight commit (addRows), and the first statement is a
// batch of its own (replay/bulkpath.go). Passes with either alone.
func TestImportBulkInsertIgnoreSecond(t *testing.T) {
	sameAsClientBatched(t, ignoreSecondDump)
}

// sameAsClientBatched imports dump (database bulkdup) with the client (--force) and with
// --parallel 2, then with --load-data too, in batches of 1 MiB, and compares the re-dumps.
func sameAsClientBatched(t *testing.T, dumpSQL string) {
	t.Helper()
	ref := testsandbox.Start(t)
	cmd := exec.Command(testsandbox.RequireTool(t, "mariadb"), append(ref.ClientArgs(), "--force")...)
	cmd.Stdin = strings.NewReader(dumpSQL)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("client: %v: %s", err, out)
	}
	want := redumps(t, ref, "bulkdup")
	dump := writeFile(t, "bulkdup.sql", []byte(dumpSQL))
	for _, o := range []importer.Options{
		{Parallel: 2, BatchBytes: 1 << 20},
		{Parallel: 2, BatchBytes: 1 << 20, LoadData: true},
	} {
		o.SkipRowCounts, o.Log = true, &strings.Builder{}
		t.Run(fmt.Sprintf("load-data=%v", o.LoadData), func(t *testing.T) {
			srv := testsandbox.Start(t, "local_infile=ON")
			res, err := tryImport(t, srv, "", importer.Source{Path: dump}, o)
			if err != nil || res.Err != nil {
				t.Fatalf("%v, %v", err, res.Err)
			}
			sameDump(t, "bulkdup", want, redumps(t, srv, "bulkdup"))
		})
	}
}

// emptiedAgainDump empties its table three ways (DROP and CREATE, TRUNCATE, DELETE) and
// each time follows with a first INSERT and an INSERT IGNORE with duplicates. After each,
// the client's first INSERT meets an empty table again (the bulk path, alone) and its
// INSERT IGNORE a table that is not. Table w's first statement, an INSERT IGNORE with
// duplicates on the bulk path, keeps no row, so the client's next INSERT meets w empty
// too (the bulk path again, alone).
const emptiedAgainDump = `/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
CREATE DATABASE bulkdup;
USE bulkdup;
CREATE TABLE t (id INT NOT NULL, k INT NOT NULL, PRIMARY KEY (id), KEY k_1 (k)) ENGINE=InnoDB;
INSERT INTO t VALUES (1,10),(2,20);
INSERT IGNORE INTO t VALUES (2,21),(3,30);
DROP TABLE t;
CREATE TABLE t (id INT NOT NULL, k INT NOT NULL, PRIMARY KEY (id), KEY k_1 (k)) ENGINE=InnoDB;
INSERT INTO t VALUES (1,10),(2,20);
INSERT IGNORE INTO t VALUES (2,21),(3,30),(3,31),(4,40);
INSERT INTO t VALUES (5,50);
CREATE TABLE u (id INT NOT NULL, k INT NOT NULL, PRIMARY KEY (id)) ENGINE=InnoDB;
INSERT INTO u VALUES (1,10);
INSERT IGNORE INTO u VALUES (1,11),(2,20);
TRUNCATE TABLE u;
INSERT INTO u VALUES (1,10);
INSERT IGNORE INTO u VALUES (1,11),(6,60),(6,61);
CREATE TABLE v (id INT NOT NULL, k INT NOT NULL, PRIMARY KEY (id)) ENGINE=InnoDB;
INSERT INTO v VALUES (1,10);
INSERT IGNORE INTO v VALUES (1,11),(2,20);
DELETE FROM v;
INSERT INTO v VALUES (1,10);
INSERT IGNORE INTO v VALUES (1,11),(7,70),(7,71);
CREATE TABLE w (id INT NOT NULL, k INT NOT NULL, PRIMARY KEY (id)) ENGINE=InnoDB;
INSERT IGNORE INTO w VALUES (1,10),(1,11);
INSERT INTO w VALUES (2,20);
INSERT IGNORE INTO w VALUES (2,21),(3,30),(3,31);
`

// TestImportBulkInsertIgnoreEmptiedAgain: a table emptied again (dropped and created,
// truncated, its rows deleted) has its next row statement as a batch of its own once more,
// so an INSERT IGNORE with duplicates after it keeps the client's rows. With the first
// statement of a table remembered for the whole run, the recreated table's first INSERT
// and its INSERT IGNORE shared a transaction on the bulk path, which committed none of
// their rows (replay/bulkpath.go).
func TestImportBulkInsertIgnoreEmptiedAgain(t *testing.T) {
	sameAsClientBatched(t, emptiedAgainDump)
}
