package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestAutocommitThroughWrapperWorkers: autocommit turned off inside EXECUTE IMMEDIATE or a
// prepared statement, a session variable read from it in that region, and rows using that
// variable after the region ended, when the run is parallel again. The planner follows the
// wrapper (plan/wrappers.go); the replay's own copy of the dump's autocommit, which decides
// how workers replay a session statement reading @@autocommit (worker_session.go), does
// not, so a worker could read 1 where the client read 0. The rows with @x run where the
// client's value is (exact on main, de56df1): this keeps it so.
func TestAutocommitThroughWrapperWorkers(t *testing.T) {
	head := "CREATE DATABASE w;\nUSE w;\nCREATE TABLE t (id INT PRIMARY KEY, v INT);\nINSERT INTO t VALUES (1,1),(2,2);\n"
	for name, mid := range map[string]string{
		"immediate": "EXECUTE IMMEDIATE 'SET autocommit=0';\n",
		"prepared":  "PREPARE s FROM 'SET autocommit=0';\nEXECUTE s;\n",
	} {
		t.Run(name, func(t *testing.T) {
			dump := head + mid + "SET @x = @@autocommit;\nSET autocommit=1;\nINSERT INTO t VALUES (3,@x);\nINSERT INTO t VALUES (4,4),(5,5);\nINSERT INTO t VALUES (6,@x);\n"
			importMatchesClient(t, dump, importer.Options{Parallel: 2, BatchBytes: 1024}, "w")
		})
	}
}
