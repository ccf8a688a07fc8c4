package importer_test

import (
	"fmt"
	"strings"
	"testing"
)

// TestReviewX4LoadDataNonASCIIColumnListLoaded: a regression of x-fix3 in speed, not in
// data. A table with an AUTO_INCREMENT `id` and a column with a non-ASCII name
// (`prénom`), and row inserts with a column list that gives every id (mysqldump
// --complete-insert, mydumper --complete-insert). On 91774c3 the rows went into one
// batch, loaded in bulk; on x-fix3 every statement is taken for one that generates ids,
// runs in stream order on the control connection, and none is loaded (300 statements of
// 200 rows, 3 MB: 0 batches loaded against 1; wall time, medians of six A B B A, load
// average 7 on 2 cores: 2.25 s against 1.59 s). The client's rows are the same either
// way, so only the count of loaded batches tells.
//
// Cause: rowInsert.generatesIDs (plan/rows.go) returns true for any non-ASCII name in the
// list, even after it found the AUTO_INCREMENT column spelt in ASCII: a second name
// that the server took for the same column would be ERROR 1110 (column specified twice),
// so once the column is found the other names cannot be it.
// Fixed (x-fix4): once the AUTO_INCREMENT column is found in the list, a non-ASCII name
// beside it is not taken for it.
func TestReviewX4LoadDataNonASCIIColumnListLoaded(t *testing.T) {
	var b strings.Builder
	b.WriteString("SET NAMES utf8mb4;\nCREATE DATABASE x3;\nUSE x3;\n" +
		"CREATE TABLE p (id int AUTO_INCREMENT PRIMARY KEY, `pr\u00e9nom` varchar(40), n int) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;\n")
	id := 1
	for range 20 {
		b.WriteString("INSERT INTO `p` (`id`, `pr\u00e9nom`, `n`) VALUES ")
		for r := range 20 {
			if r > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "(%d,'name %d',%d)", id, id, id%7)
			id++
		}
		b.WriteString(";\n")
	}
	if ld := loadDataMatchesClient(t, b.String(), "x3"); ld.Loaded == 0 {
		t.Error("no batch was loaded in bulk (91774c3 loaded them)")
	}
}

// Measured without a test (speed, by script; medians, A B B A, load average 5–7 on the
// shared 2 cores; bin/dumpscope import --parallel 2 --load-data into one MariaDB 10.11):
//
//   - autoIncrementColumn (replay/catalog.go): its correlated subquery on
//     information_schema.COLUMNS is not given the schema and table as constants, so the
//     server opens every table of every database for it (EXPLAIN: "Scanned all
//     databases"): 0.15 s a lookup on a server with 2000 tables against 0.005 s for
//     91774c3's query; it runs once per table the dump fills, so the cost grows with the
//     square of a many-table dump. 1000 tables of 2 rows each: 80 s and 111 s against
//     30 s and 51 s on 91774c3. Giving the subquery the two values as parameters (or
//     reading the table's columns and counting in Go) keeps the lookup to one table.
//   - endsFirstBatch's UNIQUE rule (replay/bulkpath.go): a table with a secondary UNIQUE
//     key now takes InnoDB's bulk path for its first statement only (a gen dump whose
//     sbtest tables carry UNIQUE KEY (k, id): 5.37 s against 3.57 s; the plain gen dump:
//     3.49 s against 3.38 s, 10 batches loaded against 9).
//   - rowValue's negative rule (sqlscan/rows.go): a gen dump whose sbtest tables start
//     with id -1 (a sentinel row): 4.50 s against 3.63 s.
