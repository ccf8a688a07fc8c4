package importer_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// SET CHARACTER SET takes character_set_connection from the current database as it is
// when the statement runs; an ALTER DATABASE after it changes what it would give again.
// The client's connection keeps latin1, in which an emoji and a Greek letter are '?'.
var charsetFromDBDump = "CREATE DATABASE fz0 DEFAULT CHARACTER SET latin1;\nUSE fz0;\nSET CHARACTER SET utf8mb4;\n" +
	"CREATE TABLE t1 (id int PRIMARY KEY, v varchar(40) CHARACTER SET utf8mb4) ENGINE=InnoDB;\n" +
	"ALTER DATABASE fz0 DEFAULT CHARACTER SET utf8mb4;\n" +
	rowsOf("t1", 1, 40) +
	"INSERT INTO t1 VALUES (100,'\xf0\x9f\x98\x80 \xce\xb1');\n" + rowsOf("t1", 200, 240)

// TestParallelCharsetFromDatabase: under --parallel (and --load-data) the workers caught
// up on SET CHARACTER SET after the ALTER DATABASE and stored the emoji where the
// client's connection stored '?'; they get the values it gave on the control connection.
func TestParallelCharsetFromDatabase(t *testing.T) {
	for _, o := range []importer.Options{{Parallel: 2, BatchBytes: 2 << 10}, {Parallel: 2, LoadData: true, BatchBytes: 2 << 10}} {
		importMatchesClient(t, charsetFromDBDump, o, "fz0")
		importMatchesClient(t, charsetFromDBVarDump, o, "fz0")
	}
}

// charsetFromDBVarDump reads the database's character set in a SET of its own: the same
// difference as SET CHARACTER SET's (the run goes serial at it, and a resume gives back the
// value it journaled).
var charsetFromDBVarDump = strings.Replace(charsetFromDBDump, "SET CHARACTER SET utf8mb4;", "SET character_set_client = utf8mb4, character_set_results = utf8mb4, character_set_connection = @@character_set_database;", 1)

// TestResumeCharsetFromDatabase: a resume sent SET CHARACTER SET again after the
// committed ALTER DATABASE and stored the emoji; it gives the connection the values the
// interrupted run's statement gave (journaled like a SET of those variables).
func TestResumeCharsetFromDatabase(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, stop := range []int64{5, 6} {
		t.Run(fmt.Sprint("stop at line ", stop), func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: charsetFromDBDump, stop: stop})
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: charsetFromDBVarDump, stop: stop})
		})
	}
}
