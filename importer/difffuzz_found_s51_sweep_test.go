package importer_test

import "testing"

// x-sweep (session 51): difffuzz seed 162177 (mode resume, --kills 2, main b7ae13d1) left
// opk1 (908,'g5') where the client has (908,'g7'). The script's oracle-package-more block:
// CALL pk1.bump(2) adds 2 to the package variable cnt, kept per session; the INSERT after
// it reads cnt through pk1.g(5). Killed after the CALL committed and before the INSERT,
// the resume skips the CALL and sends the INSERT on a new session, whose cnt is 0.
// Silent. The kill sweep of this block shows it without a second kill.
const s51PackageBlock = "CREATE DATABASE s51p;\nUSE s51p;\n" +
	"CREATE TABLE opk1 (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=InnoDB;\n" +
	"CREATE TABLE keep1 (id INT PRIMARY KEY) ENGINE=InnoDB;\n" +
	"/*!50003 SET @saved_sql_mode       = @@sql_mode */ ;\n" +
	"/*!50003 SET sql_mode              = 'PIPES_AS_CONCAT,ANSI_QUOTES,IGNORE_SPACE,ORACLE,NO_KEY_OPTIONS,NO_TABLE_OPTIONS,NO_FIELD_OPTIONS,NO_AUTO_CREATE_USER,SIMULTANEOUS_ASSIGNMENT' */ ;\n" +
	"DELIMITER ;;\n" +
	"CREATE PACKAGE `s51p`.`pk1` AS\n  FUNCTION g(x INT) RETURN INT;\n  PROCEDURE bump(x INT);\nEND;;\n" +
	"CREATE PACKAGE BODY `s51p`.`pk1` AS\n  cnt INT := 0;\n  FUNCTION g(x INT) RETURN INT AS\n  BEGIN\n    RETURN x + cnt;\n  END;\n" +
	"  PROCEDURE bump(x INT) AS\n  BEGIN\n    cnt := cnt + x;\n    INSERT INTO `s51p`.`opk1` VALUES (700 + cnt, 'pkg' || x);\n  END;\nEND;;\n" +
	"CALL `s51p`.`pk1`.bump(2);;\n" +
	"INSERT INTO `s51p`.`keep1` VALUES (1);;\n" +
	"INSERT INTO `s51p`.`opk1` VALUES (908, 'g' || `s51p`.`pk1`.g(5));;\n" +
	"DELIMITER ;\n" +
	"/*!50003 SET sql_mode              = @saved_sql_mode */ ;\n" +
	"INSERT INTO keep1 VALUES (2);\n"

func TestDiffFuzzFoundS51PackageStateResumed(t *testing.T) {
	if n := x71Sweep(t, s51PackageBlock, "resume", "CALL `s51p`", ""); n == 0 {
		t.Fatal("no kill points")
	}
}
