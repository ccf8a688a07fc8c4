package importer_test

// LOAD DATA (--load-data) against the mariadb client's INSERTs: each shape of row that
// LOAD DATA would store differently must go in as INSERTs, and the rest still in bulk.
// (They lived in cmd/dumpscope and read its summary line; they read the Result now.)

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/replay"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// loadDataMatchesClient imports dump (SQL text) with the mariadb client and with
// LoadData on two connections (with the batch size import gives --load-data), and fails unless the re-dumps of dbs are identical. It
// returns what LOAD DATA did.
func loadDataMatchesClient(t *testing.T, dump string, dbs ...string) *replay.LoadDataStats {
	t.Helper()
	res := importMatchesClient(t, dump, importer.Options{LoadData: true, Parallel: 2, BatchBytes: 16 << 20}, dbs...)
	if res.Replay.LoadData == nil {
		t.Fatal("no LOAD DATA stats in the result")
	}
	return res.Replay.LoadData
}

// importMatchesClient imports dump (SQL text) with the mariadb client and with o into
// two new sandboxes, and fails unless the import finished and the re-dumps of dbs are
// identical.
func importMatchesClient(t *testing.T, dump string, o importer.Options, dbs ...string) *importer.Result {
	t.Helper()
	f := filepath.Join(t.TempDir(), "dump.sql")
	if err := os.WriteFile(f, []byte(dump), 0o644); err != nil {
		t.Fatal(err)
	}
	ref, got := testsandbox.Start(t), testsandbox.Start(t)
	clientImport(t, ref, f)
	res := importFile(t, got, "", f, o)
	finished(t, res)
	sameDump(t, fmt.Sprintf("%+v", o), redumps(t, ref, dbs...), redumps(t, got, dbs...))
	return res
}

// TestLoadDataTableRedefined: a table dropped and created again with its columns in
// another order (also with its database), one ALTERed from INT to VARCHAR, one moved to
// MyISAM and one renamed away and created anew take their rows as the client's INSERTs
// put them. --load-data used the column facts it had read for a table's first
// definition: b2 landed in a, 007 stayed text, and a LOAD into the MyISAM table that was
// not clean was replayed as INSERTs over the row it had kept (a duplicate).
func TestLoadDataTableRedefined(t *testing.T) {
	dump := "CREATE DATABASE d;\nUSE d;\n" +
		"CREATE TABLE t (a VARCHAR(10), b VARCHAR(10)) ENGINE=InnoDB;\n" +
		"INSERT INTO t VALUES ('a1','b1');\n" +
		"DROP TABLE t;\n" +
		"CREATE TABLE t (b VARCHAR(10), a VARCHAR(10)) ENGINE=InnoDB;\n" +
		"INSERT INTO t VALUES ('b2','a2');\n" +
		"CREATE TABLE u (id INT, v INT) ENGINE=InnoDB;\n" +
		"INSERT INTO u VALUES (1,7);\n" +
		"ALTER TABLE u MODIFY v VARCHAR(10);\n" +
		"INSERT INTO u VALUES (2,007);\n" +
		"CREATE TABLE w (id INT, x DECIMAL(10,3)) ENGINE=InnoDB;\n" +
		"INSERT INTO w VALUES (1,1.5);\n" +
		"ALTER TABLE w ENGINE=MyISAM;\n" +
		"INSERT INTO w VALUES (2,'0.0005');\n" +
		"RENAME TABLE u TO u_old;\n" +
		"CREATE TABLE u (v VARCHAR(10), id VARCHAR(10)) ENGINE=InnoDB;\n" +
		"INSERT INTO u VALUES ('x','y');\n" +
		"CREATE DATABASE e;\nUSE e;\n" +
		"CREATE TABLE t (a VARCHAR(10), b VARCHAR(10)) ENGINE=InnoDB;\n" +
		"INSERT INTO t VALUES ('a1','b1');\n" +
		"DROP DATABASE e;\nCREATE DATABASE e;\nUSE e;\n" +
		"CREATE TABLE t (b VARCHAR(10), a VARCHAR(10)) ENGINE=InnoDB;\n" +
		"INSERT INTO t VALUES ('b2','a2');\n"
	if ld := loadDataMatchesClient(t, dump, "d", "e"); ld.Loaded == 0 {
		t.Error("no batch was loaded in bulk")
	}
}

// TestLoadDataBackslashTrailByte: under SET NAMES sjis, cp932, gbk or big5, where the
// second byte of a multibyte character may be 0x5C (a backslash), strings and binary
// values keep that byte as the client's INSERTs do (--load-data read it as an escape:
// 835C41 became 8341), and the stats note once per character set why those batches ran
// as INSERTs.
func TestLoadDataBackslashTrailByte(t *testing.T) {
	var dump strings.Builder
	var dbs []string
	for _, cs := range []struct{ name, char string }{
		{"sjis", "\x83\x5c"}, {"cp932", "\x83\x5c"}, {"gbk", "\x81\x5c"}, {"big5", "\xa4\x5c"},
	} {
		db := "d_" + cs.name
		dbs = append(dbs, db)
		c := cs.char
		fmt.Fprintf(&dump, "SET NAMES %s;\nCREATE DATABASE %s;\nUSE %s;\n", cs.name, db, db)
		fmt.Fprintf(&dump, "CREATE TABLE t (id INT PRIMARY KEY, s VARCHAR(10), b BLOB) ENGINE=InnoDB DEFAULT CHARSET=%s;\n", cs.name)
		fmt.Fprintf(&dump, "INSERT INTO t VALUES (1,'%sA',_binary '%sA'),(2,'x%s\\\\y','%s\\0');\n", c, c, c, c)
	}
	notes := strings.Join(loadDataMatchesClient(t, dump.String(), dbs...).Notes, "\n")
	for _, cs := range []string{"sjis", "cp932", "gbk", "big5"} {
		if n := strings.Count(notes, "SET NAMES "+cs+" "); n != 1 {
			t.Errorf("the note on %s is there %d times, want once:\n%s", cs, n, notes)
		}
	}
}

// TestLoadDataEmptyStringIsNull: under sql_mode EMPTY_STRING_IS_NULL an empty string
// literal is stored as NULL, as the client's INSERT stores it (--load-data stored an empty string),
// and rows without one still load in bulk.
func TestLoadDataEmptyStringIsNull(t *testing.T) {
	dump := "CREATE DATABASE d;\nUSE d;\n" +
		"CREATE TABLE t (id INT PRIMARY KEY, s VARCHAR(10), b BLOB, v VARBINARY(10)) ENGINE=InnoDB;\n" +
		"SET sql_mode = CONCAT(@@sql_mode, ',EMPTY_STRING_IS_NULL');\n" +
		"INSERT INTO t VALUES (1,'',_binary '',X''),(2,'a','b','c');\n" +
		"INSERT INTO t VALUES (3,'x','y','z'),(4,'x\\ty','',NULL);\n" +
		"CREATE TABLE u (id INT PRIMARY KEY, s VARCHAR(10)) ENGINE=InnoDB;\n" +
		"INSERT INTO u VALUES (1,'x'),(2,NULL);\n"
	if ld := loadDataMatchesClient(t, dump, "d"); ld.Loaded == 0 {
		t.Error("no batch was loaded in bulk")
	}
}

// TestLoadDataNumberForms: an exponent literal into a DECIMAL column is stored as the
// client's INSERT stores it, through a double (the LOAD had parsed its digits exactly:
// 1.2345678901234567890123e0 kept all of them), and a negative zero into FLOAT or DOUBLE
// as the INSERT's literal, which has no sign (the LOAD's text -0 kept it, on servers that
// store a negative zero). A literal of more digits than the server's decimal holds (it
// truncates the literal, with a warning or without) is stored as the INSERT stores it:
// into DOUBLE 0.0…01 was 1e-91 where the INSERT stored 0. Other numbers still load in
// bulk.
func TestLoadDataNumberForms(t *testing.T) {
	dump := "CREATE DATABASE d;\nUSE d;\n" +
		"CREATE TABLE t (id INT PRIMARY KEY, d DECIMAL(30,25), f DOUBLE, fl FLOAT) ENGINE=InnoDB;\n" +
		"INSERT INTO t VALUES (1,1.2345678901234567890123e0,1e0,1e0),(2,12345678901234567890e-19,0.5,0.5);\n" +
		"INSERT INTO t VALUES (3,0.30000000000000004441e0,-0,-0),(4,1.5,-0.0,-0.0),(5,2,-0e0,-0e0),(6,3,-0.0e-3,-00);\n" +
		"INSERT INTO t VALUES (7,1.25,1.5e-3,2.5e1),(8,-2,-1,-0.5);\n" +
		"CREATE TABLE u (id INT PRIMARY KEY, f DOUBLE) ENGINE=InnoDB;\n" +
		"INSERT INTO u VALUES (1,0." + strings.Repeat("0", 90) + "1);\n" +
		"CREATE TABLE v (id INT PRIMARY KEY, d DECIMAL(10,3), f DOUBLE) ENGINE=InnoDB;\n" +
		"INSERT INTO v VALUES (1,1.25,1.5e-3),(2,-2,2.5E1),(3,0,-0.5);\n"
	if ld := loadDataMatchesClient(t, dump, "d"); ld.Loaded == 0 {
		t.Error("no batch was loaded in bulk")
	}
}

// TestLoadDataConnectionCharset: after SET CHARACTER SET utf8mb4 in a latin1 database
// (character_set_connection latin1) or a SET character_set_connection of its own, an
// emoji or a Greek letter becomes '?' as in the client's INSERTs, whose literals pass
// through the connection's character set (--load-data converted from utf8mb4 to the
// column's straight and kept them); rows sent after SET NAMES still load in bulk, and
// the note says once why the others did not.
func TestLoadDataConnectionCharset(t *testing.T) {
	dump := "CREATE DATABASE d DEFAULT CHARACTER SET latin1;\nUSE d;\n" +
		"CREATE TABLE t (id INT PRIMARY KEY, s VARCHAR(20) CHARACTER SET utf8mb4) ENGINE=InnoDB;\n" +
		"SET CHARACTER SET utf8mb4;\n" +
		"INSERT INTO t VALUES (1,'\xf0\x9f\x98\x80 x'),(2,'\xc3\xa9');\n" +
		"SET NAMES utf8mb4;\n" +
		"SET character_set_connection = latin1;\n" +
		"INSERT INTO t VALUES (3,'\xe2\x82\xac'),(4,'\xce\xb1');\n" +
		"SET NAMES utf8mb4;\n" +
		"CREATE TABLE u (id INT PRIMARY KEY, s VARCHAR(20) CHARACTER SET utf8mb4) ENGINE=InnoDB;\n" +
		"INSERT INTO u VALUES (1,'\xf0\x9f\x98\x80'),(2,'\xce\xb1');\n"
	ld := loadDataMatchesClient(t, dump, "d")
	if ld.Loaded == 0 {
		t.Error("no batch was loaded in bulk")
	}
	if n := strings.Count(strings.Join(ld.Notes, "\n"), "character_set_connection latin1"); n != 1 {
		t.Errorf("the note on character_set_connection is there %d times, want once: %q", n, ld.Notes)
	}
}

// TestLoadDataTableWithTriggers (difffuzz seed 11285): rows into a table whose trigger
// writes a log table, one of them with a value LOAD DATA only warns about, so the LOAD is
// rolled back and replayed as INSERTs. The rollback kept the AUTO_INCREMENT ids the
// trigger took (the log's counter 4 where the client's was 3) and, with a MyISAM log, the
// trigger's rows (each twice). Such tables' rows stay INSERTs; others still load in bulk.
func TestLoadDataTableWithTriggers(t *testing.T) {
	for _, engine := range []string{"InnoDB", "MyISAM"} {
		dump := "CREATE DATABASE fz0;\nUSE fz0;\n" +
			"CREATE TABLE t1 (id bigint NOT NULL PRIMARY KEY, c0 smallint, c1 set('1','2','4','x'), c2 decimal(30,10) NOT NULL, u int, UNIQUE KEY uk (u)) ENGINE=InnoDB;\n" +
			"CREATE TABLE log_t1 (n int AUTO_INCREMENT PRIMARY KEY, msg varchar(100)) ENGINE=" + engine + ";\n" +
			"CREATE TRIGGER trg4 AFTER INSERT ON t1 FOR EACH ROW INSERT INTO log_t1 (msg) VALUES (CONCAT('row ', COALESCE(NEW.id, 'null')));\n" +
			"INSERT INTO t1 (id,c1,c2,u) VALUES (0,'',0,0),\n(73,0,0,NULL);\n" +
			"CREATE TABLE u (id INT PRIMARY KEY, s VARCHAR(10)) ENGINE=InnoDB;\n" +
			"INSERT INTO u VALUES (1,'x'),(2,'y');\n"
		if ld := loadDataMatchesClient(t, dump, "fz0"); ld.Loaded == 0 {
			t.Errorf("%s: no batch was loaded in bulk", engine)
		}
	}
}
