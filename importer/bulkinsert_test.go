package importer_test

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
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

// TestParallelStaysOffBulkInsert: --parallel's batches keep InnoDB off its bulk insert
// into an empty table (replay/bulkpath.go: it cost the server more CPU than it saved and
// locked the other worker out of the table); the rows are the client's. The server counts
// its bulk inserts (Innodb_bulk_operations, MariaDB 10.11): the client's import takes the
// path, the parallel one never.
func TestParallelStaysOffBulkInsert(t *testing.T) {
	var b, tables strings.Builder // the dump; its statements without the rows
	for _, w := range []*strings.Builder{&b, &tables} {
		w.WriteString("/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;\n")
		w.WriteString("/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;\n")
		w.WriteString("CREATE DATABASE bulkoff;\nUSE bulkoff;\n")
	}
	for _, table := range []string{"a", "b"} {
		for _, w := range []*strings.Builder{&b, &tables} {
			fmt.Fprintf(w, "CREATE TABLE %s (id INT NOT NULL, k INT NOT NULL, c CHAR(60) NOT NULL, PRIMARY KEY (id), KEY k_1 (k)) ENGINE=InnoDB;\n", table)
		}
		for s := 0; s < 40; s++ {
			fmt.Fprintf(&b, "INSERT INTO %s VALUES ", table)
			for r := 0; r < 50; r++ {
				if r > 0 {
					b.WriteByte(',')
				}
				id := s*50 + r
				fmt.Fprintf(&b, "(%d,%d,'%s')", id, id*7919%1000, strings.Repeat("c", 60))
			}
			b.WriteString(";\n")
		}
	}
	dump := b.String()

	ref := testsandbox.Start(t)
	before := bulkOperations(t, ref)
	cmd := exec.Command(testsandbox.RequireTool(t, "mariadb"), ref.ClientArgs()...)
	cmd.Stdin = strings.NewReader(dump)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("client: %v: %s", err, out)
	}
	if bulkOperations(t, ref) == before {
		testsandbox.Unavailable(t, "the server took no bulk insert for the client (MariaDB < 10.6?): nothing to keep off")
	}
	want := redumps(t, ref, "bulkoff")

	// The bulk inserts of an import: the journal's own tables may take one (its first row
	// into an empty table, under the dump's session); the dump's rows must add none.
	bulk := func(dump string) (int, *sandbox.Server) {
		srv := testsandbox.Start(t)
		before := bulkOperations(t, srv)
		path := writeFile(t, "bulkoff.sql", []byte(dump))
		if _, err := tryImport(t, srv, "", importer.Source{Path: path}, importer.Options{Parallel: 2, BatchBytes: 16 << 10, SkipRowCounts: true, Log: &strings.Builder{}}); err != nil {
			t.Fatal(err)
		}
		return bulkOperations(t, srv) - before, srv
	}
	without, _ := bulk(tables.String())
	with, srv := bulk(dump)
	if with != without {
		t.Errorf("%d bulk inserts under --parallel 2 with the rows, %d without them: want as many", with, without)
	}
	sameDump(t, "bulkoff", want, redumps(t, srv, "bulkoff"))
}

// bulkOperations reads the server's count of InnoDB bulk inserts (-1 where it has none).
func bulkOperations(t *testing.T, srv *sandbox.Server) int {
	t.Helper()
	out, err := exec.Command(testsandbox.RequireTool(t, "mariadb"), append(srv.ClientArgs(), "-N", "-B", "-e", "SHOW GLOBAL STATUS LIKE 'Innodb_bulk_operations'")...).Output()
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(out))
	if len(f) != 2 {
		return -1
	}
	var n int
	fmt.Sscan(f[1], &n)
	return n
}
