package importer_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// The third hostile review (branch x-review3, session 34), of --load-data's exactness: each
// test here failed against main when it was written, and shows the database, or what
// dumpscope says, differing from what `mariadb < same input` makes of it. They are open
// findings, not regressions: they skip unless DUMPSCOPE_REVIEW_X=1, so that a merge of the
// branch keeps main's suite green. Run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX3
//
// The review fixes nothing: each test says what it shows and the cause found. A fix
// removes its test's reviewX3 call (and the test then guards the fix).

// reviewX3 skips an open finding's test unless DUMPSCOPE_REVIEW_X=1 (see above).
func reviewX3(t *testing.T) {
	t.Helper()
	if os.Getenv("DUMPSCOPE_REVIEW_X") != "1" {
		t.Skip("an open finding of the x-review3 (fails on main): DUMPSCOPE_REVIEW_X=1 runs it")
	}
}

// TestReviewX3LoadDataFloatAutoIncrement: an AUTO_INCREMENT column of type DOUBLE (MariaDB
// takes one) given 0.4: the server stores the value rounded to an integer, 0, so it
// generates an id, as for 0 or NULL. The planner (sqlscan.ReadRows' zero test: "0.4" has
// a digit other than 0) takes the rows for explicit ids, so they go in a batch, and
// --load-data loads them. The client's multi-row INSERT is a "simple insert": InnoDB
// reserves exactly its rows' ids, AUTO_INCREMENT=6 after 5 rows. A LOAD DATA is a bulk
// insert of unknown size: ids are reserved in intervals that double (1, 2, 4 …) and the
// counter ends at the interval's end, 8 after 5 rows, 128 after 100 — without a warning,
// so the LOAD counts as clean. The next batch's rows then take ids from there: silently
// other primary keys than the client's (and another AUTO_INCREMENT in the re-dump).
// Checked by hand on MariaDB 10.11: INSERT … VALUES (0.4,'a')×5 leaves 6, the same rows
// by LOAD DATA LOCAL leave 8.
//
// Cause: sqlscan.Tokenizer.rowNumber (rows.go) calls only all-zero digits "zero", where
// any number below 1 in magnitude may round to 0; loadData.load then trusts the planner
// that no id is generated. (An INT column with 0.4 is kept out by the converter, which
// takes no decimal into an integer column; a FLOAT or DOUBLE one is not.)
func TestReviewX3LoadDataFloatAutoIncrement(t *testing.T) {
	reviewX3(t)
	var b strings.Builder
	b.WriteString("CREATE DATABASE x3;\nUSE x3;\n" +
		"CREATE TABLE t (id double NOT NULL AUTO_INCREMENT, v varchar(40), PRIMARY KEY (id)) ENGINE=InnoDB;\n")
	for s := range 40 {
		b.WriteString("INSERT INTO t VALUES ")
		for r := range 20 {
			if r > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "(0.4,'row %d of statement %d')", r, s)
		}
		b.WriteString(";\n")
	}
	b.WriteString("INSERT INTO t (v) VALUES ('the next row');\n") // id 801 with the client
	importMatchesClient(t, b.String(), importer.Options{LoadData: true, Parallel: 2, BatchBytes: 4 << 10}, "x3")
}
