package importer_test

import (
	"path/filepath"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestDiffFuzzFound70037RowCountAfterFunctionVars: once the dump has a stored function
// whose body sets a user variable, every statement that may call one journals it, read
// with a SELECT right after the statement. `DO 0` (ROW_COUNT() 0) followed by
// `GET DIAGNOSTICS @w = ROW_COUNT` then stored −1 where the client stores 0 in
// --parallel, --load-data and --checkpoint (difffuzz seed 70037, lead's search of
// session 42): the reader ran inside the tail of the CREATE FUNCTION before it, and the
// count was given back (giveRowCount) only to a tail of journal rows alone. A count that
// is known is given back whatever the tail owes: the statements that give it keep the
// conditions and open no table. All three modes failed before.
func TestDiffFuzzFound70037RowCountAfterFunctionVars(t *testing.T) {
	for name, between := range map[string]string{
		"do":        "DO 0;\n",
		"delete":    "DELETE FROM rr WHERE a < -47;\nDO 0;\n",
		"set const": "SET @a = 5;\n",
	} {
		dump := "CREATE DATABASE fz0;\nUSE fz0;\n" +
			"CREATE TABLE sv (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
			"CREATE TABLE rr (id int NOT NULL PRIMARY KEY, a int) ENGINE=Aria;\n" +
			"CREATE FUNCTION rf2(x int) RETURNS int DETERMINISTIC RETURN (@rf_calls := COALESCE(@rf_calls, 0) + x);\n" +
			between + "GET DIAGNOSTICS @w = ROW_COUNT;\nINSERT INTO sv (name, v) VALUES ('rc', @w);\n"
		for mode, o := range map[string]importer.Options{
			"parallel":   {Parallel: 2},
			"load-data":  {Parallel: 2, LoadData: true},
			"checkpoint": {Parallel: 1, CheckpointPath: filepath.Join(t.TempDir(), name+"-journal")},
		} {
			t.Run(name+"/"+mode, func(t *testing.T) { importMatchesClient(t, dump, o, "fz0") })
		}
	}
}
