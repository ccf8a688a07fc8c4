package importer_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestResumePreparedSessionSet: PREPARE s FROM 'SET completion_type = 1' (or SET SESSION
// …), EXECUTE s, then a COMMIT that chains and a ROLLBACK that takes back the rows after
// it; stopped after the PREPARE, the EXECUTE and the statements after them, the resume
// must end with the client's database, as for a plain SET (TestResumeFound45110's
// EXECUTE IMMEDIATE). On main (11d107a) every stop after the EXECUTE failed: the resume
// skipped it as committed, so the new connection did not chain and kept the rows the
// ROLLBACK takes back (and stored the TIMESTAMP rows in the wrong time zone).
func TestResumePreparedSessionSet(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, set := range []string{"SET completion_type = 1", "SET SESSION completion_type = 1", "SET @@session.completion_type = 'CHAIN'"} {
		// Line 1 is CREATE DATABASE; the PREPARE is line 6, the EXECUTE line 7.
		dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
			"CREATE TABLE t2 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
			rowsOf("t2", 0, 50) +
			"PREPARE s FROM '" + strings.ReplaceAll(set, "'", "''") + "';\nEXECUTE s;\n" +
			rowsOf("t2", 50, 100) +
			"START TRANSACTION;\n" + rowsOf("t1", 0, 40) + "COMMIT;\n" +
			rowsOf("t1", 40, 80) + "ROLLBACK;\n" + rowsOf("t2", 100, 150)
		for _, stop := range []int64{6, 7, 8, 9, 10, 11, 12} {
			t.Run(fmt.Sprintf("%s/stop %d", set, stop), func(t *testing.T) {
				runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop})
			})
		}
	}
	// A variable no transaction reads: the TIMESTAMP rows after the EXECUTE are stored
	// 5 hours off by the client.
	dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE g (id int PRIMARY KEY, t timestamp NULL) ENGINE=InnoDB;\n" +
		"PREPARE s FROM 'SET time_zone = ''+05:00''';\nEXECUTE s;\nDEALLOCATE PREPARE s;\n"
	for i := 0; i < 4; i++ {
		dump += fmt.Sprintf("INSERT INTO g VALUES (%d, '2020-01-01 00:00:00');\n", i)
	}
	for _, stop := range []int64{4, 5, 6, 7, 8} {
		t.Run(fmt.Sprintf("time_zone/stop %d", stop), func(t *testing.T) {
			runFoundCase(t, ref, srv, foundCase{db: "fz0", dump: dump, stop: stop})
		})
	}
}
