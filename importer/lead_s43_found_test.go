package importer_test

import (
	"path/filepath"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestLeadS43WarningThenFunctionCallThenReader (open, gated): in a run gone serial (a
// SELECT … INTO) or serial with a journal, `SET @dw = CAST('5y' AS SIGNED); DO f(1);
// SELECT @@warning_count INTO @w3` where f is a stored function that raises nothing and
// opens no table: the client's DO keeps the area and @w3 is 1; dumpscope's is 0
// (found by the lead while checking x-fix31's change, session 43; the same on main before
// it). Something dumpscope sends around a statement that may call a stored function (the
// function look-up, an intent, a journal row of variables) empties the area between. The
// plain serial replay matches the client.
func TestLeadS43WarningThenFunctionCallThenReader(t *testing.T) {
	reviewX(t)
	dump := "CREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE m (id int) ENGINE=MyISAM;\n" +
		"CREATE TABLE sv (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"CREATE FUNCTION f(x int) RETURNS int DETERMINISTIC RETURN x + 1;\n" +
		"SELECT COUNT(*) INTO @c FROM m;\n" +
		"SET @dw = CAST('5y' AS SIGNED);\n" +
		"DO f(1);\n" +
		"SELECT @@warning_count INTO @w3;\n" +
		"INSERT INTO sv (name, v) VALUES ('w3', @w3);\n"
	for name, o := range map[string]importer.Options{
		"parallel":   {Parallel: 2},
		"checkpoint": {Parallel: 1},
	} {
		t.Run(name, func(t *testing.T) {
			if name == "checkpoint" {
				o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
			}
			importMatchesClient(t, dump, o, "fz0")
		})
	}
}
