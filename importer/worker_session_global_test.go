package importer_test

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestWorkerReadsAutocommitFromGlobalDefault: SET GLOBAL autocommit = 0, then SET
// autocommit = DEFAULT turns the session's off (it takes the GLOBAL), and SET @ac =
// @@autocommit reads 0 on the client's connection; a row a worker inserts later with @ac
// must carry 0 too (--parallel 2, with and without --load-data).
func TestWorkerReadsAutocommitFromGlobalDefault(t *testing.T) {
	var b strings.Builder
	b.WriteString("CREATE DATABASE x6;\nUSE x6;\nCREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"SET GLOBAL autocommit = 0;\nSET autocommit = DEFAULT;\nSET @ac = @@autocommit;\nCOMMIT;\nSET autocommit = 1;\n")
	for i := 0; i < 10; i++ {
		b.WriteString(rowsOf("k", 1+20*i, 21+20*i))
	}
	b.WriteString("INSERT INTO k VALUES (1000, @ac);\n")
	for i := 10; i < 20; i++ {
		b.WriteString(rowsOf("k", 1+20*i, 21+20*i))
	}
	b.WriteString("SET GLOBAL autocommit = 1;\n") // the server's back as it was (the run goes serial here)
	for name, o := range map[string]importer.Options{
		"parallel":  {Parallel: 2, BatchBytes: 512},
		"load-data": {Parallel: 2, BatchBytes: 512, LoadData: true},
	} {
		t.Run(name, func(t *testing.T) { importMatchesClient(t, b.String(), o, "x6") })
	}
}
