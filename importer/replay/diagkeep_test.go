package replay

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestKeepsArea: the statements that provably keep the diagnostics area and may wait in
// diagTail's transaction (the table in diagkeep.go), and some that may not.
func TestKeepsArea(t *testing.T) {
	for q, want := range map[string]bool{
		"SET @v = 1":                        true,
		"SET @a := 'x', @b = @a, @c = -2.5": true,
		"SET @v = NULL;":                    true,
		"SET @v = (SELECT 1 FROM t)":        false,
		"SET @v = f()":                      false,
		"SET @@sql_mode = ''":               true,
		"SET autocommit = 1":                false,
		"SET @v = 1 + 1":                    false,
		"SET @v = @@warning_count":          false,
		"SET @v = 2.":                       false,
		"SET @v = 2.5.5":                    false,
		"SET @v = 1e5":                      false,
		"SET @v":                            false,
		// Session variables, SET NAMES, mysqldump's header and trailer.
		"SET SESSION sql_mode = 'ANSI'":                                              true,
		"SET unique_checks = 0, foreign_key_checks = OFF":                            true,
		"SET time_zone = '+00:00'":                                                   true,
		"SET NAMES utf8mb4":                                                          true,
		"SET NAMES 'latin1' COLLATE 'latin1_bin'":                                    true,
		"SET CHARACTER SET utf8mb4":                                                  false,
		"/*!40101 SET NAMES utf8mb4 */":                                              true,
		"/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */": true,
		"/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */":                 true,
		"SET @@local.sql_notes = 0":                                                  true,
		"SET NAMES utf8mb4 extra":                                                    false,
		"SET GLOBAL sql_mode = ''":                                                   false,
		"SET @@global.sql_mode = ''":                                                 false,
		"SET SESSION autocommit = 0":                                                 false,
		"SET @@session.completion_type = 1":                                          false,
		"SET TRANSACTION ISOLATION LEVEL READ COMMITTED":                             false,
		"SET SESSION TRANSACTION READ ONLY":                                          false,
		"SET sql_log_bin = 0":                                                        false,
		"SET gtid_domain_id = 2":                                                     false,
		"SET SESSION binlog_format = 'ROW'":                                          false,
		"SET skip_replication = 1":                                                   false,
		"SET insert_id = 5":                                                          false,
		"SET timestamp = 1":                                                          false,
		"SET sql_mode = CONCAT(@@sql_mode, ',ANSI')":                                 false,
		"SET STATEMENT max_statement_time = 1 FOR SELECT 1":                          false,
		"SET PASSWORD = 'x'":                                                         false,
		"SET ROLE r":                                                                 false,
		// DO and SELECT without tables.
		"DO 1":                                     true,
		"DO @v, 1 + 1":                             true,
		"SELECT 1":                                 true,
		"SELECT @v AS v, 'a' AS `b`, -2.5 * (3)":   true,
		"SELECT @v INTO @w":                        true,
		"SELECT @@sql_mode":                        true,
		"SELECT @@warning_count":                   false, // a reader: plan.ReadsDiagnostics
		"SET @it = @@in_transaction":               false, // 1 inside the tail's transaction
		"SELECT @@session.in_transaction INTO @it": false,
		"DO @@last_insert_id":                      false,
		"SET @d = @@character_set_database":        false,
		"SELECT 1 FROM t":                          false,
		"SELECT 1 FROM DUAL":                       false,
		"SELECT (SELECT 1)":                        false,
		"SELECT f()":                               false,
		"DO SLEEP(1)":                              false,
		"SELECT @v INTO OUTFILE '/tmp/x'":          false,
		"SELECT 1 INTO @a, @@b":                    false,
		"DO":                                       false,
		// Locks and what keepsArea leaves to the replay.
		"UNLOCK TABLES":             true,
		"UNLOCK TABLE;":             true,
		"UNLOCK TABLES t":           false,
		"LOCK TABLES t WRITE":       false,
		"COMMIT":                    false,
		"BEGIN":                     false,
		"ROLLBACK":                  false,
		"PREPARE s FROM 'SELECT 1'": false,
		"USE d":                     false,
		"ALTER TABLE t ENABLE KEYS": false,
	} {
		st := &split.Statement{SQL: []byte(q), Kind: split.KindSession}
		if got := keepsArea(st); got != want {
			t.Errorf("keepsArea(%q) = %v, want %v", q, got, want)
		}
	}
}
