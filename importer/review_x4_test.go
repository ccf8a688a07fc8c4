package importer_test

import (
	"os"
	"testing"
)

// The fourth hostile review (branch x-review4, session 34), of x-fix3's fixes: each test
// here failed against x-fix3 when it was written, and shows the database, or what
// dumpscope says, differing from what `mariadb < same input` makes of it. They are open
// findings: they skip unless DUMPSCOPE_REVIEW_X=1, so that a merge keeps main's suite
// green. Run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX4
//
// A fix removes its test's reviewX4 call (and the test then guards the fix).

// reviewX4 skips an open finding's test unless DUMPSCOPE_REVIEW_X=1 (see above).
func reviewX4(t *testing.T) {
	t.Helper()
	if os.Getenv("DUMPSCOPE_REVIEW_X") != "1" {
		t.Skip("an open finding of x-review4 (fails on x-fix3): DUMPSCOPE_REVIEW_X=1 runs it")
	}
}

// TestReviewX4LoadDataValueTableName: a table named `value`, created quoted, and an
// INSERT that names it bare. `SELECT 1 AS value` parses (VALUE is a keyword the alias
// takes), but INSERT INTO value … does not: after INTO the parser reads VALUE as the
// start of the VALUE/VALUES list, so the client stops with ERROR 1064 at line 4. The
// converter asks `SELECT 1 AS value`, is told it is a name, and loads the row: dumpscope
// finishes with a row the client never inserted. Of MariaDB 10.11's 696 keywords
// (information_schema.KEYWORDS) VALUE is the only one whose answer differs between the
// alias, the table after INSERT INTO (with and without a column list), a column in the
// list, and a database before a dot (checked one by one by hand).
//
// Cause: bareNames.check (loaddata_names.go) asks the alias position for a name used in
// the table position; the two grammar rules differ for VALUE.
// Fixed (x-fix4): the server parses the statement's own head, as EXPLAIN head () (bareHeads),
// where it parsed the name as an alias.
func TestReviewX4LoadDataValueTableName(t *testing.T) {
	for _, c := range []struct{ name, dump string }{
		{"no column list", "CREATE DATABASE x3;\nUSE x3;\nCREATE TABLE `value` (id int PRIMARY KEY, v int) ENGINE=InnoDB;\nINSERT INTO value VALUES (1,2);\n"},
		{"column list", "CREATE DATABASE x3;\nUSE x3;\nCREATE TABLE `value` (id int PRIMARY KEY, v int) ENGINE=InnoDB;\nINSERT INTO value (id, v) VALUES (1,2);\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			clientFails(t, c.dump, "ERROR 1064 (42000) at line 4")
			loadDataFailsLikeClient(t, c.dump, 1064, 4)
		})
	}
}
