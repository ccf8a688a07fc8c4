package importer_test

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// The seventh hostile review (branch x-review7, session 36): the parallel planner's
// session state, --defer-indexes, the read-ahead spool and dumps written by MySQL 8.
// Each test failed on main (e6aaf52) when written and shows the database differing from
// `mariadb < same input` (or a stop where the client finishes). All were fixed the same
// session (x-fix7a: the planner, review_x7b_test.go; x-fix7b: --defer-indexes,
// review_x7c_test.go) and run by default. The trigger reading connection state became two
// tests (fix7a_test.go): LAST_INSERT_ID() matches the client; @@in_transaction, which no
// connection of a parallel run can give as the client's, is refused.
//
// Found (each test names its cause): held-back keys added under a later session
// (DeferredKeysLaterSession, …Resume); a trigger reading LAST_INSERT_ID() or
// @@in_transaction on workers (TriggerReadsConnectionState); SET autocommit = @v or an
// expression (AutocommitFromExpression); SETs replayed later or again on every worker:
// CURRENT_TIMESTAMP without parentheses, NEXT VALUE FOR, @@global reads, SET GLOBAL
// (review_x7b_test.go); --defer-indexes' CREATE TABLE rewrite and hold (review_x7c_test.go:
// a key an earlier child's FOREIGN KEY references, definitions over two lines, a hand-
// written AUTO_INCREMENT column, DML inside the dump's transaction or LOCK TABLES).
//
// Tried and matched the client (--parallel 2, with --load-data, or --defer-indexes as
// fits; the scratch tests are not kept): USE in /*!40000 … */ and /*!…*/; SET NAMES binary
// and latin1 mid-dump; SET character_set_client = sjis (plain, /*!40101 …*/, @@session
// … :=, from a variable, mysqldump's @saved_cs_client, numeric ids as mysqlbinlog writes
// them) with 0x5C trail bytes; SET character_set_connection / collation_connection alone;
// sql_mode := 'NO_BACKSLASH_ESCAPES' and from a variable; SET timestamp / time_zone with
// TIMESTAMP defaults; explicit_defaults_for_timestamp 0 and 1 with NULLs;
// check_constraint_checks = 0; SET autocommit := 0, = 'OFF', @@session.autocommit := 0;
// SELECT … INTO @c then SET @y = @c + 1; mysqldump's SQL_MODE=@OLD_SQL_MODE after
// NO_AUTO_VALUE_ON_ZERO with 0 ids after it; auto_increment_increment and _offset from
// variables and an expression; a trigger that CALLs a procedure setting a user
// variable; CREATE TEMPORARY TABLE shadowing a table (in /*!…*/, with comments, OR
// REPLACE); INVISIBLE columns with --load-data; --compat mariadb (0900 collations,
// /*!80023 INVISIBLE */, ENCRYPTION) in parallel, load-data and defer-indexes;
// --defer-indexes with FORCE INDEX in a trigger, a view and INSERT … SELECT outside a
// region, DROP INDEX … ON, a FOREIGN KEY (CREATE, ALTER ADD CONSTRAINT, lower case) to a
// held-back key when the parent comes first, and a plain stop and resume; the read-ahead
// spool (--read-ahead 1M, 32-40 KB spooled, with and without --load-data) under SET NAMES,
// sql_mode and time_zone changes between tables, also stopped in three places and resumed.

// x7Modes are the fast modes a session-state case runs in: --parallel 2 with small
// batches, with --load-data, and with --defer-indexes.
func x7Modes() map[string]importer.Options {
	return map[string]importer.Options{
		"parallel":  {Parallel: 2, BatchBytes: 512},
		"load-data": {Parallel: 2, BatchBytes: 512, LoadData: true},
	}
}

// x7Rows is rowsOf's INSERTs of ids from..to-1 into table, in statements of 20 rows
// (several batches, on both workers).
func x7Rows(table string, from, to int) string {
	var b strings.Builder
	for i := from; i < to; i += 20 {
		b.WriteString(rowsOf(table, i, min(i+20, to)))
	}
	return b.String()
}

func x7Run(t *testing.T, dump string, modes map[string]importer.Options, dbs ...string) {
	t.Helper()
	for name, o := range modes {
		t.Run(name, func(t *testing.T) { importMatchesClient(t, dump, o, dbs...) })
	}
}

// x7Deferred is --parallel 2 with --defer-indexes and small batches.
func x7Deferred() map[string]importer.Options {
	return map[string]importer.Options{"defer-indexes": {Parallel: 2, BatchBytes: 512, DeferIndexes: true}}
}

// x7KeyedTable is CREATE TABLE x7.t (id, v) as mysqldump writes it, with the secondary
// key definition key (held back by --defer-indexes), then 100 rows.
func x7KeyedTable(key string) string {
	return "CREATE TABLE t (\n  `id` int NOT NULL,\n  `v` varchar(40) DEFAULT NULL,\n  PRIMARY KEY (`id`),\n  " + key + "\n) ENGINE=InnoDB;\n" +
		x7Rows("t", 1, 101)
}

// TestReviewX7DeferredKeysLaterSession: --defer-indexes sends the held-back key
// definitions, cut out of the CREATE TABLE, as an ALTER TABLE … ADD KEY long after, under
// the session the dump has built by then, where the client's CREATE TABLE read them under
// the session it had. After the table's rows the dump sets another character set or
// sql_mode (mysqldump's footer restores the client's own: SET
// CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT; a concatenation of dumps made with
// other --default-character-set values, or one dump's SET sql_mode, does the same):
//   - names: a key on a column `prénom` (UTF-8 under SET NAMES utf8mb4): the ALTER sent
//     after SET NAMES latin1 reads the column as `prÃ©nom`: "--defer-indexes: ALTER TABLE
//     `x7`.`t` ADD KEY `clé` (`prénom`): Error 1072 (42000): Key column 'prénom' doesn't
//     exist in table" where the client finishes (the message names no line of the dump);
//   - silent: a key named `clé` with COMMENT 'café' becomes KEY `clÃ©` … COMMENT 'cafÃ©'
//     in the re-dump, with no error or warning;
//   - nbe: under NO_BACKSLASH_ESCAPES, COMMENT 'a\\b\n' is read literally (six
//     characters); the ALTER sent after the dump empties sql_mode stores a\b and a newline.
//
// Cause: holdBackIndexes (importer/replay/indexes.go:43, deferredKeys) keeps the key text
// only; addIndexes (indexes.go:245) sends it on whatever session the control connection
// (or a worker, for a barrier item's indexes) has at that point. Backticked
// (sqlscan/tokenizer.go:430) covers ANSI_QUOTES alone, not NO_BACKSLASH_ESCAPES nor the
// character set. Not a regression: --defer-indexes has always added keys later.
func TestReviewX7DeferredKeysLaterSession(t *testing.T) {
	for name, dump := range map[string]string{
		"names":  "SET NAMES utf8mb4;\nCREATE DATABASE x7;\nUSE x7;\n" + strings.ReplaceAll(x7KeyedTable("KEY `clé` (`prénom`)"), "`v`", "`prénom`") + "SET NAMES latin1;\n",
		"silent": "SET NAMES utf8mb4;\nCREATE DATABASE x7;\nUSE x7;\n" + x7KeyedTable("KEY `clé` (`v`) COMMENT 'café'") + "SET NAMES latin1;\n",
		"nbe":    "CREATE DATABASE x7;\nUSE x7;\nSET sql_mode = 'NO_BACKSLASH_ESCAPES';\n" + x7KeyedTable("KEY `k` (`v`) COMMENT 'a\\\\b\\n'") + "SET sql_mode = '';\n",
	} {
		t.Run(name, func(t *testing.T) { x7Run(t, dump, x7Deferred(), "x7") })
	}
}
