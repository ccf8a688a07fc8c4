package importer_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// rowCountParallelDump is rowCountDump with readers after statements that run elsewhere
// or leave other counts under --parallel: CREATE DATABASE (difffuzz seed 500, read 0
// where the client read 1), INSERT IGNORE and REPLACE batches, a SELECT (−1), LOCK TABLES,
// and a reader as the dump's first statement.
const rowCountParallelDump = "SET @first = ROW_COUNT(), @firstfound = FOUND_ROWS();\n" + rowCountDump + `CREATE DATABASE rc2;
INSERT INTO log (what, n) VALUES ('row_count after create database', ROW_COUNT());
INSERT INTO log (what, n) VALUES ('first row_count', @first), ('first found_rows', @firstfound);
INSERT IGNORE INTO t VALUES (1, 1), (100, 1), (101, 1);
INSERT INTO log (what, n) VALUES ('row_count after insert ignore', ROW_COUNT());
REPLACE INTO t VALUES (1, 9), (102, 1);
SET @v = ROW_COUNT();
INSERT INTO log (what, n) VALUES ('row_count after replace', @v);
SELECT * FROM t;
INSERT INTO log (what, n) VALUES ('row_count after select', ROW_COUNT());
LOCK TABLES t WRITE;
UNLOCK TABLES;
INSERT INTO log (what, n) VALUES ('row_count after unlock', ROW_COUNT());
DROP DATABASE rc2;
SET @d = ROW_COUNT();
INSERT INTO log (what, n) VALUES ('row_count after drop database', @d), ('found_rows at the end', FOUND_ROWS());
`

// TestRowCountAsClientParallel: under --parallel (and --load-data, --checkpoint) the
// dump's ROW_COUNT() and FOUND_ROWS() read what the client's do, although dumpscope's own
// statements run between the dump's on the control connection and the dump's rows run on
// other connections.
func TestRowCountAsClientParallel(t *testing.T) {
	f := newSessionFixture(t, rowCountParallelDump)
	const logQuery = "SELECT CONCAT(what, ' = ', n) FROM rc.log ORDER BY seq"
	f.client()
	want := f.query(logQuery)
	for i, o := range []importer.Options{
		{Parallel: 3, BatchBytes: 2 << 10},
		{Parallel: 2, BatchBytes: 2 << 10, LoadData: true},
		{Parallel: 2, BatchBytes: 2 << 10, CheckpointPath: filepath.Join(t.TempDir(), "journal")},
	} {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			f.exec("DROP DATABASE IF EXISTS rc")
			f.exec("DROP DATABASE IF EXISTS dumpscope_progress")
			if res := f.dumpscope(o); res.Err != nil {
				t.Fatal(res.Err)
			}
			if got := f.query(logQuery); got != want {
				t.Errorf("dumpscope:  %s\nthe client: %s", got, want)
			}
		})
	}
}
