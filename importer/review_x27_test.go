package importer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// The twenty-seventh hostile review (branch x-review27, session 52): the --load-data
// conversion (importer/replay/loaddata.go, loaddata_parse.go) and its fallback, against
// the mariadb client on the same input, re-dumps compared. No difference was found: the
// three tests here are the probes, ungated, and guard the converter's held behaviours
// (p-cpu optimises the same code this session).
//
// Probed and held: /work/notes/s52/report-x-review27.md.

// x27Differs imports dump with the client and with o into two sandboxes and returns the
// lines of the re-dumps of dbs that differ (- client, + dumpscope), and the run's result.
func x27Differs(t *testing.T, dump string, o importer.Options, dbs ...string) (string, *importer.Result) {
	t.Helper()
	f := filepath.Join(t.TempDir(), "dump.sql")
	if err := os.WriteFile(f, []byte(dump), 0o644); err != nil {
		t.Fatal(err)
	}
	ref, got := testsandbox.Start(t), testsandbox.Start(t)
	clientImport(t, ref, f)
	res := importFile(t, got, "", f, o)
	want, have := redumps(t, ref, dbs...), redumps(t, got, dbs...)
	inWant, inHave := map[string]int{}, map[string]int{}
	for _, l := range strings.Split(want, "\n") {
		inWant[l]++
	}
	for _, l := range strings.Split(have, "\n") {
		inHave[l]++
	}
	var b strings.Builder
	for _, l := range strings.Split(want, "\n") {
		if inHave[l] < inWant[l] {
			fmt.Fprintf(&b, "- %s\n", l)
			inHave[l]++
		}
	}
	inWant = map[string]int{}
	for _, l := range strings.Split(want, "\n") {
		inWant[l]++
	}
	for _, l := range strings.Split(have, "\n") {
		if inWant[l] == 0 {
			fmt.Fprintf(&b, "+ %s\n", l)
		} else {
			inWant[l]--
		}
	}
	return b.String(), res
}

func x27LoadData() importer.Options {
	return importer.Options{LoadData: true, Parallel: 2, BatchBytes: 16 << 20}
}

// TestReviewX27Probe is the survey: one table per attack, every row shape the converter
// takes, or should refuse.
func TestReviewX27Probe(t *testing.T) {
	dump := "CREATE DATABASE r;\nUSE r;\n" +
		"CREATE TABLE dbl (id INT PRIMARY KEY, d DOUBLE, f FLOAT, m DECIMAL(65,30));\n" +
		"INSERT INTO dbl VALUES (1,0.0000000000000000000000000000000000012345678901234567,0.0000000000000000000000000000000000012345678901234567,0.0000000000000000000000000000000000012345678901234567);\n" +
		"INSERT INTO dbl VALUES (2,123456789012345678901234567890.123456789012345678901234567,16777217,1.0000000000000000000000000000005);\n" +
		"INSERT INTO dbl VALUES (3,.5,1.,.5),(4,+0,-5,+3.25),(5,1e300,1.5e-45,7);\n" +
		"CREATE TABLE esc (id INT PRIMARY KEY, s VARCHAR(40), b VARBINARY(40), x BLOB);\n" +
		"INSERT INTO esc VALUES (1,'a\\0b\\Zc','\\%\\_','it''s\\\\'),(2,'tab\\there\\nnl\\r','\\\\N','NULL'),(3,'','',NULL),(4,'\\N',X'00095C0A0D',0x5C4E);\n" +
		"INSERT INTO esc VALUES (5,'\\x\\y\\\"', _binary'\\'',_binary 'z'),(6,'a\\\\','b\\\\\\\\','\\\\');\n" +
		"SET @OLD_MODE=@@sql_mode;\nSET sql_mode='';\n" +
		"CREATE TABLE my (id INT PRIMARY KEY, s VARCHAR(3)) ENGINE=MyISAM;\n" +
		"INSERT INTO my VALUES (1,'ok'),(2,'toolong');\nINSERT INTO my VALUES (3,'x');\n" +
		"CREATE TABLE logt (n INT) ENGINE=MyISAM;\n" +
		"CREATE TABLE trg (id INT PRIMARY KEY, s VARCHAR(3)) ENGINE=InnoDB;\n" +
		"CREATE TRIGGER trg_bi BEFORE INSERT ON trg FOR EACH ROW INSERT INTO logt VALUES (NEW.id);\n" +
		"INSERT INTO trg VALUES (1,'ok'),(2,'toolong');\nINSERT INTO trg VALUES (3,'x');\n" +
		"CREATE TABLE trunc (id INT PRIMARY KEY, s VARCHAR(3), n TINYINT, d DATE, e ENUM('a','b'));\n" +
		"INSERT INTO trunc VALUES (1,'abcdef',300,'2020-13-45','c');\nINSERT INTO trunc VALUES (2,'ab',-1,'2020-01-01','a');\n" +
		"SET sql_mode=@OLD_MODE;\n" +
		"CREATE TABLE ai (id INT AUTO_INCREMENT PRIMARY KEY, s VARCHAR(5));\n" +
		"INSERT INTO ai VALUES (0,'a'),(0,'b');\nINSERT INTO ai VALUES (0,'c');\n" +
		"SET sql_mode=CONCAT(@@sql_mode,',NO_AUTO_VALUE_ON_ZERO');\n" +
		"CREATE TABLE ai0 (id INT AUTO_INCREMENT PRIMARY KEY, s VARCHAR(5));\nINSERT INTO ai0 VALUES (0,'a'),(5,'b');\n" +
		"SET sql_mode=@OLD_MODE;\n" +
		"SET NAMES latin1;\n" +
		"CREATE TABLE l1 (id INT PRIMARY KEY, s VARCHAR(10) CHARACTER SET utf8mb4, t VARCHAR(10) CHARACTER SET latin1, u VARCHAR(10) CHARACTER SET ucs2);\n" +
		"INSERT INTO l1 VALUES (1,'caf\xe9','\xe9t\xe9','\x80\x9f');\n" +
		"SET NAMES binary;\n" +
		"CREATE TABLE bn (id INT PRIMARY KEY, s VARCHAR(10) CHARACTER SET utf8mb4, b VARBINARY(10));\n" +
		"INSERT INTO bn VALUES (1,'caf\xc3\xa9','\xc3\xa9');\n" +
		"SET NAMES utf8mb4;\n" +
		"SET time_zone='+05:00';\n" +
		"CREATE TABLE ts (id INT PRIMARY KEY, t TIMESTAMP NULL, d DATETIME);\n" +
		"INSERT INTO ts VALUES (1,'2020-03-29 02:30:00','2020-03-29 02:30:00'),(2,NULL,'2021-01-01');\n" +
		"SET time_zone=SYSTEM;\n" +
		"CREATE TABLE base (id INT PRIMARY KEY, n INT);\n" +
		"CREATE VIEW vw AS SELECT id, n FROM base WHERE n < 10 WITH CHECK OPTION;\n" +
		"INSERT INTO vw VALUES (1,5),(2,6);\nINSERT INTO vw VALUES (3,7);\n" +
		"CREATE TABLE pad (id INT PRIMARY KEY, c CHAR(5), v VARCHAR(25), j JSON);\n" +
		"INSERT INTO pad VALUES (1,'a  ','b  ','[1, 2]'),(2,-7,18446744073709551616,5);\n" +
		"CREATE TABLE ord (a INT, b VARCHAR(5), c INT PRIMARY KEY);\n" +
		"INSERT INTO ord (c, b, a) VALUES (1,'x',2),(2,'y',3);\n" +
		"CREATE TABLE part (id INT PRIMARY KEY, s VARCHAR(5)) PARTITION BY RANGE (id) (PARTITION p0 VALUES LESS THAN (10), PARTITION p1 VALUES LESS THAN MAXVALUE);\n" +
		"INSERT INTO part VALUES (1,'a'),(20,'b');\n" +
		"CREATE TABLE sv (id INT PRIMARY KEY, s VARCHAR(5)) WITH SYSTEM VERSIONING;\n" +
		"INSERT INTO sv VALUES (1,'a'),(2,'b');\n" +
		"CREATE TABLE dup (id INT PRIMARY KEY, s VARCHAR(5));\nINSERT INTO dup VALUES (1,'a');\n" +
		"INSERT IGNORE INTO dup VALUES (1,'b'),(2,'c');\nREPLACE INTO dup VALUES (2,'d'),(3,'e');\n" +
		"INSERT INTO dup VALUES (4,'f') ON DUPLICATE KEY UPDATE s='g';\nINSERT INTO dup VALUES (4,'h') ON DUPLICATE KEY UPDATE s='i';\n" +
		"INSERT INTO dup SET id=5, s='j';\n" +
		"CREATE TABLE yr (id INT PRIMARY KEY, y YEAR, t TIME, s SET('a','b'));\n" +
		"INSERT INTO yr VALUES (1,'0','1:2','a,b'),(2,'69','-838:59:59',''),(3,'2155','12','b');\n" +
		"SET @v = 'fromvar';\n" +
		"CREATE TABLE tv (id INT PRIMARY KEY, s VARCHAR(10));\n" +
		"CREATE TRIGGER tv_bi BEFORE INSERT ON tv FOR EACH ROW SET NEW.s = CONCAT(NEW.s, @v), @v = CONCAT(@v, '+');\n" +
		"INSERT INTO tv VALUES (1,'a'),(2,'b');\nINSERT INTO tv VALUES (3,'c');\n" +
		"CREATE TABLE tvq (v VARCHAR(40));\nINSERT INTO tvq VALUES (@v);\n" +
		"CREATE TABLE aiq (v BIGINT);\nINSERT INTO aiq VALUES (LAST_INSERT_ID());\n"
	diff, res := x27Differs(t, dump, x27LoadData(), "r")
	t.Logf("result: %v err %v errors %d loaddata %+v", res.Status, res.Err, res.Replay.Errors, res.Replay.LoadData)
	if diff != "" {
		t.Errorf("re-dumps differ:\n%s", diff)
	}
}

// TestReviewX27Bytes: binary values whose bytes look like the start of a multibyte
// character of the stream's character set, invalid UTF-8 in a string, a TEMPORARY table
// shadowing a real one, defaults of unlisted columns, and the sql_modes the converter
// reads.
func TestReviewX27Bytes(t *testing.T) {
	hexes := []string{"FF", "E0", "E05C30", "C05C", "F09F", "E05C", "5C", "C35C4E", "E009", "E00A41", "F0", "C3", "E0A0", "F09F98", "80", "C35C", "E05C5C", "E30A", "DF5C6E41"}
	var rows []string
	for i, h := range hexes {
		rows = append(rows, fmt.Sprintf("(%d,X'%s',0x%s,X'%s','x')", i+1, h, h, h))
	}
	dump := "CREATE DATABASE r;\nUSE r;\n" +
		"CREATE TABLE hb (id INT PRIMARY KEY, b VARBINARY(10), l BLOB, c BINARY(4), s VARCHAR(3));\n" +
		"INSERT INTO hb VALUES " + strings.Join(rows, ",") + ";\n" +
		"INSERT INTO hb VALUES (100,_binary '\xe0\\0',_binary '\xc3\\\\','\xe0\t\xe0', 'y');\n" +
		"SET @OLD_MODE=@@sql_mode;\nSET sql_mode='';\n" +
		"CREATE TABLE bad (id INT PRIMARY KEY, s VARCHAR(10), t TEXT);\n" +
		"INSERT INTO bad VALUES (1,'ab\xffcd','\xe0\xa0z'),(2,'ok','ok');\nINSERT INTO bad VALUES (3,'x','y');\n" +
		"SET sql_mode=@OLD_MODE;\n" +
		"CREATE TABLE df (id INT PRIMARY KEY, a INT, d VARCHAR(20) DEFAULT (CONCAT('d', 1+1)), n INT NOT NULL DEFAULT 7, t TIMESTAMP NOT NULL DEFAULT '2001-01-01 00:00:00', x INT NULL);\n" +
		"INSERT INTO df (id, a) VALUES (1,1),(2,2);\nINSERT INTO df (a, id) VALUES (3,3);\n" +
		"SET sql_mode=CONCAT(@@sql_mode,',EMPTY_STRING_IS_NULL');\n" +
		"CREATE TABLE ei (id INT PRIMARY KEY, s VARCHAR(5), b VARBINARY(5));\nINSERT INTO ei VALUES (1,'','x'),(2,'a',X''),(3,'b',_binary'');\n" +
		"SET sql_mode='PAD_CHAR_TO_FULL_LENGTH';\n" +
		"CREATE TABLE pc (id INT PRIMARY KEY, c CHAR(4));\nINSERT INTO pc VALUES (1,'a'),(2,'');\n" +
		"SET sql_mode=@OLD_MODE;\n" +
		"CREATE TABLE ne (id INT PRIMARY KEY, s VARCHAR(5) NOT NULL, n INT NOT NULL);\nSET sql_mode='';\nINSERT INTO ne VALUES (3,'b',2),(1,NULL,NULL);\nSET sql_mode=@OLD_MODE;\n" +
		"INSERT INTO ne VALUES (2,'a',1);\n" +
		"CREATE TABLE sh (a INT, b VARCHAR(5));\nINSERT INTO sh VALUES (1,'real');\n" +
		"CREATE TEMPORARY TABLE sh (b VARCHAR(5), a INT);\nINSERT INTO sh VALUES ('tmp',2),('tmp',3);\nINSERT INTO sh VALUES ('tmp',4);\n" +
		"CREATE TABLE shc (v VARCHAR(40));\nINSERT INTO shc SELECT GROUP_CONCAT(CONCAT(a,b) ORDER BY a) FROM sh;\nDROP TEMPORARY TABLE sh;\n"
	diff, res := x27Differs(t, dump, x27LoadData(), "r")
	t.Logf("result: %v err %v errors %d loaddata %+v", res.Status, res.Err, res.Replay.Errors, res.Replay.LoadData)
	if diff != "" {
		t.Errorf("re-dumps differ:\n%s", diff)
	}
}

// TestReviewX27ResumeSweep: --checkpoint --load-data killed at every point of a dump whose
// batches load, fall back on a warning (non-strict truncation, MyISAM), and go on, then
// resumed.
func TestReviewX27ResumeSweep(t *testing.T) {
	script := "CREATE DATABASE x27;\nUSE x27;\nSET @OLD_MODE=@@sql_mode;\nSET sql_mode='';\n" +
		"CREATE TABLE a (id INT PRIMARY KEY, s VARCHAR(3)) ENGINE=InnoDB;\n" +
		"INSERT INTO a VALUES (1,'ok'),(2,'toolong');\nINSERT INTO a VALUES (3,'x\\ty'),(4,'\\\\');\n" +
		"CREATE TABLE m (id INT AUTO_INCREMENT PRIMARY KEY, s VARCHAR(3)) ENGINE=MyISAM;\n" +
		"INSERT INTO m VALUES (0,'ok'),(0,'toolong');\nINSERT INTO m VALUES (0,'x');\n" +
		"SET sql_mode=@OLD_MODE;\nINSERT INTO a VALUES (5,X'41'),(6,0.5);\nINSERT INTO m VALUES (9,'z');\n"
	if n := x71Sweep(t, script, "resume-load-data", "CREATE TABLE a", ""); n == 0 {
		t.Fatal("no kill points")
	}
}
