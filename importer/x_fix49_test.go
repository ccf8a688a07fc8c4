package importer_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// x-fix49 (session 46): x-review20's diagnostics-area findings, widened.

// TestXFix49MoreKeepersAfterWarning widens TestReviewX20KeeperStatementsAfterWarning with
// keepers measured against the client on MariaDB 10.11 (`SET @q = CAST('5x' AS SIGNED)`,
// the statement, GET DIAGNOSTICS @n = NUMBER: 1, the area kept): the server empties the
// area only before a statement that opens a table, so no list of names is kept; the
// replay counts the control connection's list before any statement that may keep it
// while 70145's window is open (replay's countKept). CREATE EVENT, ALTER DATABASE, HELP,
// CREATE ROLE, a SET STATEMENT … FOR EXECUTE
// IMMEDIATE 'DO 1' and ANALYZE TABLE (which empties it: taken for a keeper, a refusal
// only). Each must give the client's database or refuse the reader in one line.
func TestXFix49MoreKeepersAfterWarning(t *testing.T) {
	head := "CREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE t (id int PRIMARY KEY, c int) ENGINE=InnoDB;\n" +
		"CREATE TABLE sv (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"INSERT INTO t VALUES (1, 1), (2, 2);\nINSERT INTO t VALUES (5, 5);\nSET @q = CAST('5x' AS SIGNED);\n"
	tail := "SELECT 14 INTO @v;\nGET DIAGNOSTICS @n = NUMBER;\nINSERT INTO sv (name, v) VALUES ('n', @n);\n"
	for _, keeper := range []string{
		"CREATE EVENT e ON SCHEDULE AT NOW() + INTERVAL 1 DAY DO SET @x = 1", "ALTER DATABASE fz0 CHARACTER SET utf8mb4",
		"HELP 'x'", "CREATE ROLE r49", "SET STATEMENT max_statement_time = 0 FOR EXECUTE IMMEDIATE 'DO 1'",
		"ANALYZE TABLE t",
	} {
		dump := head + keeper + ";\n" + tail
		for mode, o := range map[string]importer.Options{
			"parallel":   {Parallel: 3, BatchBytes: 2 << 10, AllowSystemSchemas: true},
			"checkpoint": {Parallel: 2, BatchBytes: 2 << 10, CheckpointPath: "x", AllowSystemSchemas: true},
		} {
			t.Run(strings.Fields(keeper)[0]+" "+strings.Fields(keeper)[1]+"/"+mode, func(t *testing.T) {
				if o.CheckpointPath != "" {
					o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
				}
				x20ClientOrDiagRefusal(t, dump, o)
			})
		}
	}
}

// TestXFix49WrappedKeepersBeforeCall widens TestReviewX20StaleLookupsEmptyArea: a
// transaction with SAVEPOINT and RELEASE SAVEPOINT, and wrappers two levels deep (SET STATEMENT … FOR EXECUTE IMMEDIATE
// 'SELECT 1', EXECUTE of a prepared 'DO 1' inside EXECUTE IMMEDIATE), between the
// warning and a CALL whose body stores @@warning_count: the client's 1 or a one-line
// refusal. A wrapper of a statement that opens a table (EXECUTE IMMEDIATE 'INSERT INTO
// sv (v) VALUES (7)') empties the area for the client too: 0.
func TestXFix49WrappedKeepersBeforeCall(t *testing.T) {
	for name, between := range map[string]string{
		"release savepoint":       "START TRANSACTION;\nSAVEPOINT a;\nRELEASE SAVEPOINT a;\nCOMMIT;\n",
		"set statement execute":   "SET STATEMENT max_statement_time = 0 FOR EXECUTE IMMEDIATE 'SELECT 1';\n",
		"prepared do":             "PREPARE d1 FROM 'DO 1';\nEXECUTE d1;\n",
		"execute immediate write": "EXECUTE IMMEDIATE 'INSERT INTO sv (v) VALUES (7)';\n",
	} {
		dump := warningCallHead + between + warningCallTail
		for mode, o := range map[string]importer.Options{
			"parallel 3":        {Parallel: 3},
			"serial checkpoint": {CheckpointPath: "x"},
		} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				sessionMatchesClient(t, dump, "r19", o, "", "diagnostics area")
			})
		}
	}
}
