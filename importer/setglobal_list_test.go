package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestSetGlobalListThenBackslashes: in SET GLOBAL time_zone = …, sql_mode = '…', the
// GLOBAL holds for sql_mode too; the session keeps its backslash escapes. dumpscope read
// the second assignment as the session's, split the next INSERT's 'a\'b' under
// NO_BACKSLASH_ESCAPES and failed with ERROR 1064 where the client succeeded, in every
// mode (difffuzz seed 44013, serial). Fixed in sqlscan.Tokenizer.SetTarget.
func TestSetGlobalListThenBackslashes(t *testing.T) {
	dump := "CREATE DATABASE g44013;\nUSE g44013;\n" +
		"CREATE TABLE t (id int PRIMARY KEY, s varchar(20));\n" +
		"SET GLOBAL lock_wait_timeout = 100, sql_mode = 'NO_BACKSLASH_ESCAPES';\n" +
		"INSERT INTO t VALUES (1,'a\\'b;c'),(2,'d\\\\');\n" +
		"SET GLOBAL lock_wait_timeout = DEFAULT, sql_mode = DEFAULT;\n" +
		"INSERT INTO t VALUES (3,'e\\'f');\n"
	for name, o := range map[string]importer.Options{
		"serial":   {},
		"parallel": {Parallel: 2, BatchBytes: 64},
	} {
		t.Run(name, func(t *testing.T) { importMatchesClient(t, dump, o, "g44013") })
	}
}
