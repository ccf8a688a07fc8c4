package importer_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestXFix27KeeperRowKilledOrStopped: the progress row of a keeper (a plain COMMIT outside
// any transaction, UNLOCK TABLES without table locks) waits in diagTail for a reader after
// it (replay's oweKeeperRow: seeds 70158 and 75072). Killed right before each statement
// from the warning on (nothing owed written), or stopped after it, then resumed
// (--parallel 2, checkpointed): the database is the client's, its reader's @w included,
// or (after a kill) the resume refuses the reader in one line: it skipped the CREATE
// before the keepers (skipState.lostState, as before this change). Stopped after the SET,
// the keeper or the reader, 13 subtests differed before (@w 0 where the client has 1).
func TestXFix27KeeperRowKilledOrStopped(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	head := "CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;\n" +
		"CREATE TABLE `fz0`.`t2` (`id` int, `c0` int) ENGINE=InnoDB;\n" +
		"CREATE TABLE IF NOT EXISTS `fz0`.`sv` (name varchar(40), v varchar(400));\n" +
		"SELECT 1 INTO @c4;\n" +
		"SET @dw1 = CAST('3y' AS SIGNED);\n"
	tail := "INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);\nINSERT INTO `fz0`.`t2` VALUES (1, 2);\n"
	for name, keeper := range map[string]string{
		"commit":                "COMMIT;\nSET @w = @@warning_count;\n",
		"unlock":                "UNLOCK TABLES;\nSELECT @@warning_count INTO @w;\n",
		"commit, get rowcount":  "COMMIT;\nGET DIAGNOSTICS @w = ROW_COUNT;\n",
		"unlock, keeper, count": "UNLOCK TABLES;\nSET @k = 1;\nGET DIAGNOSTICS @w = NUMBER;\n",
	} {
		dump := head + keeper + tail
		first := lineOf(t, dump, "SET @dw1")
		last := int64(strings.Count(dump, "\n"))
		for line := first; line <= last; line++ {
			for _, kill := range []bool{true, false} {
				how := "stopped after"
				if kill {
					how = "killed before"
				}
				t.Run(fmt.Sprintf("%s, %s line %d", name, how, line), func(t *testing.T) {
					runDiagVarsCaseOr(t, ref, srv, dump, line, kill, true)
				})
			}
		}
	}
}

// TestDiffFuzzFound82246PrepareJournalInChainedRegion (x-fix27's search with
// diag-set-warning on, --parallel 3, 200 statements, did not shrink): inside what the
// planner runs as the dump's transaction, with a function whose body sets @rf_inner and
// @rf_calls, `SET @dw10 = CAST('2y' AS SIGNED); PREPARE dks11 FROM 'SET @w =
// @@warning_count'; EXECUTE dks11`: the client's @w is 1. The general log (x-fix34):
// the PREPARE journaled the body's variables as a statement that may call the function,
// and that row (INSERT INTO dumpscope_progress.vars) was written on the control
// connection right before the EXECUTE, which read 0 (x-fix27's build); on main since
// x-fix31 the EXECUTE got an intent of any table and was refused as a reader whose
// intent empties its area. A PREPARE runs nothing (replay's preparesOnly: no journal
// row, no intent), and a wrapper of a SET writes no table by itself
// (wrapsVariablesOnly). Failed before (refused; 0 vs 1 before x-fix31).
func TestDiffFuzzFound82246PrepareJournalInChainedRegion(t *testing.T) {
	dump, err := os.ReadFile("../internal/difffuzz/testdata/found/seed-82246-parallel.sql")
	if err != nil {
		t.Fatal(err)
	}
	importMatchesClient(t, string(dump), importer.Options{Parallel: 3, BatchBytes: 2 << 10}, "fz0")
}

// TestDiffFuzzFound82826ExecuteImmediateReaderLookup (x-fix27's search, --load-data,
// shrunk to 7 statements): in a run gone serial at `SELECT COUNT(*) INTO @c6 FROM t2`,
// `SET @dw1 = CAST('9y' AS SIGNED)` (a warning), then `EXECUTE IMMEDIATE 'GET DIAGNOSTICS
// @w = NUMBER'`: the client's @w is 1, dumpscope's was 0. The general log showed the
// intent's look-up of the non-InnoDB tables (SELECT … FROM information_schema.TABLES,
// which opens a table) sent right before the EXECUTE IMMEDIATE; its literal writes
// nothing, and its write scope is now read as empty (replay's wrapsNoWrite). Failed before.
func TestDiffFuzzFound82826ExecuteImmediateReaderLookup(t *testing.T) {
	dump := "CREATE DATABASE `fz0`;\n" +
		"CREATE TABLE `fz0`.`t2` (`id` bigint NOT NULL, `c2` int unsigned NOT NULL, PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;\n" +
		"CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"SELECT COUNT(*) INTO @c6 FROM `fz0`.`t2`;\n" +
		"SET @dw1 = CAST('9y' AS SIGNED);\n" +
		"EXECUTE IMMEDIATE 'GET DIAGNOSTICS @w = NUMBER';\n" +
		"INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);\n"
	importMatchesClient(t, dump, importer.Options{Parallel: 2, LoadData: true, BatchBytes: 2 << 10}, "fz0")
}

// TestXFix34PrepareInTransactionThenExecuteReader: 82246's shape in a few statements.
// Inside the dump's transaction (a run gone serial at a PREPARE), after a function
// whose body sets user variables, `SET @dw = CAST('2y' AS SIGNED); PREPARE s FROM 'SET
// @w = @@warning_count'; EXECUTE s` (and the same through EXECUTE IMMEDIATE and a
// prepared GET DIAGNOSTICS): the client's @w is 1. Before x-fix34 the PREPARE's journal
// row of the body's variables came between it and the EXECUTE, and the EXECUTE got an
// intent of any table (refused, or 0 where the client has 1).
func TestXFix34PrepareInTransactionThenExecuteReader(t *testing.T) {
	head := "CREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE m (id int) ENGINE=MyISAM;\n" +
		"CREATE TABLE sv (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"DELIMITER ;;\nCREATE FUNCTION g(x int) RETURNS int DETERMINISTIC BEGIN SET @g_calls = COALESCE(@g_calls, 0) + 1; RETURN x; END ;;\nDELIMITER ;\n" +
		"SET @a = g(3);\n" +
		"PREPARE s0 FROM 'SELECT 1';\n" +
		"START TRANSACTION;\n" +
		"INSERT INTO sv (name, v) VALUES ('a', @a);\n" +
		"SET @dw = CAST('2y' AS SIGNED);\n"
	tail := "INSERT INTO sv (name, v) VALUES ('w', @w);\nCOMMIT;\n"
	for name, reader := range map[string]string{
		"execute set":    "PREPARE s FROM 'SET @w = @@warning_count';\nEXECUTE s;\n",
		"execute get":    "PREPARE s FROM 'GET DIAGNOSTICS @w = NUMBER';\nEXECUTE s;\n",
		"immediate":      "EXECUTE IMMEDIATE 'SET @w = @@warning_count';\n",
		"prepare select": "PREPARE s FROM 'SELECT @@warning_count INTO @w';\nEXECUTE s;\n",
	} {
		t.Run(name, func(t *testing.T) {
			importMatchesClient(t, head+reader+tail, importer.Options{Parallel: 3, BatchBytes: 2 << 10}, "fz0")
		})
	}
}
