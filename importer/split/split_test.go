package split

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
)

// st is the comparable part of a Statement.
type st struct {
	Kind     Kind
	Verb     string
	Database string
	Table    string
	SQL      string
	Rows     int64
	Arg      string
	Line     int64
}

// readers are the ways every table test feeds its input: whole, one byte per Read, and
// half of each requested buffer per Read; with a 16-byte initial buffer so statements,
// quotes, escapes and delimiters straddle refills.
var readers = []struct {
	name string
	wrap func(io.Reader) io.Reader
	size int
}{
	{"plain", func(r io.Reader) io.Reader { return r }, 0},
	{"plain16", func(r io.Reader) io.Reader { return r }, 16},
	{"onebyte", iotest.OneByteReader, 16},
	{"half", iotest.HalfReader, 16},
}

// splitAll splits input and checks that the Raw spans tile it exactly.
func splitAll(t *testing.T, input string, opt SplitOptions, wrap func(io.Reader) io.Reader) ([]st, error) {
	t.Helper()
	sp := NewSplitter(wrap(strings.NewReader(input)), opt)
	var out []st
	var raw bytes.Buffer
	var offset int64
	for sp.Next() {
		s := sp.Statement()
		if s.Offset != offset {
			t.Errorf("statement %d: Offset %d, want %d", len(out), s.Offset, offset)
		}
		offset += int64(len(s.Raw))
		raw.Write(s.Raw)
		out = append(out, st{s.Kind, s.Verb, s.Database, s.Table, string(s.SQL), s.Rows, s.Arg, s.Line})
	}
	if sp.Err() == nil && raw.String() != input {
		t.Errorf("Raw spans do not tile the input:\n got %q\nwant %q", raw.String(), input)
	}
	return out, sp.Err()
}

func TestSplit(t *testing.T) {
	sel := func(line int64, sql string) st { return st{Kind: KindOther, Verb: "SELECT", SQL: sql, Line: line} }
	empty := func(line int64) st { return st{Kind: KindOther, Line: line} }
	tests := []struct {
		name string
		in   string
		opt  SplitOptions
		want []st
	}{
		{name: "delimiter in quotes",
			in:   "SELECT 'a;b', \"c;d\", `e;f`;\nSELECT 2;",
			want: []st{sel(1, "SELECT 'a;b', \"c;d\", `e;f`"), sel(2, "SELECT 2")}},
		{name: "doubled quotes and backslash escapes",
			in:   "SELECT 'it''s;', 'a\\';b', 'C:\\\\';SELECT \"x\"\";\";",
			want: []st{sel(1, "SELECT 'it''s;', 'a\\';b', 'C:\\\\'"), sel(1, "SELECT \"x\"\";\"")}},
		{name: "no backslash escapes from the start",
			in: "SELECT 'a\\';SELECT 2;", opt: SplitOptions{NoBackslashEscapes: true},
			want: []st{sel(1, "SELECT 'a\\'"), sel(1, "SELECT 2")}},
		{name: "sql_mode tracked through @OLD_SQL_MODE",
			in:  "/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_BACKSLASH_ESCAPES' */;\nSELECT 'a\\';\n/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;\nSELECT 'b\\';';",
			opt: SplitOptions{TrackSQLMode: true},
			want: []st{
				{Kind: KindSession, Verb: "SET", SQL: "/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_BACKSLASH_ESCAPES' */", Line: 1},
				sel(2, "SELECT 'a\\'"),
				{Kind: KindSession, Verb: "SET", SQL: "/*!40101 SET SQL_MODE=@OLD_SQL_MODE */", Line: 3},
				sel(4, "SELECT 'b\\';'")}},
		{name: "backtick and ANSI double quotes ignore backslash",
			in: "SELECT `a\\`;SELECT \"b\\\";", opt: SplitOptions{ANSIQuotes: true},
			want: []st{sel(1, "SELECT `a\\`"), sel(1, "SELECT \"b\\\"")}},
		{name: "newline in string, CRLF, BOM",
			in:   "\xef\xbb\xbfSELECT 'a\r\nb';\r\nSELECT 2\r\n;\r\n",
			want: []st{sel(1, "SELECT 'a\nb'"), sel(3, "SELECT 2"), empty(4)}},
		{name: "comments stripped",
			in:   "-- c\n--x\n# h\n/* a ; ' \n b */SELECT 1--1, 2 -- c\n, 3 # h\n;SELECT/**/4;",
			want: []st{sel(5, " SELECT 1--1, 2 \n, 3"), sel(7, "SELECT 4")}},
		{name: "comment space insertion",
			in:   "SELECT 1 /* c */ + 2, 3/* c */+4;",
			want: []st{sel(1, "SELECT 1  + 2, 3 +4")}},
		{name: "line inside a block comment adds no newline",
			in:   "SELECT 1,\n/* a\nb\n*/\n2;",
			want: []st{sel(1, "SELECT 1,\n\n2")}},
		{name: "executable comments and hints",
			in: "/*!40101 SET NAMES utf8mb4 */;\n/*M!100100 SELECT 1 */;SELECT /*+ hint */ 2;\nSELECT 3 /*!40101 ; */;",
			want: []st{
				{Kind: KindSession, Verb: "SET", SQL: "/*!40101 SET NAMES utf8mb4 */", Line: 1},
				sel(2, "/*M!100100 SELECT 1 */"),
				sel(2, "SELECT  2"),
				sel(3, "SELECT 3 /*!40101"),
				{Kind: KindOther, SQL: "*/", Line: 3}}},
		{name: "keep comments",
			in: "-- c\nSELECT 1 /* x */;  # t\nSELECT/*y*/2 -- z\n;", opt: SplitOptions{KeepComments: true},
			want: []st{{Kind: KindOther, SQL: "-- c", Line: 1}, sel(2, "SELECT 1 /* x */  # t"), sel(3, "SELECT/*y*/ 2 -- z")}},
		{name: "delimiter commands",
			in: "DELIMITER ;;\nCREATE PROCEDURE p() BEGIN SELECT 1; END ;;\n  delimiter $$  \nSELECT 2$$\ndelimiter //\nSELECT 3//\nDeLiMiTeR ;\nSELECT 4;",
			want: []st{
				{Kind: KindClient, Verb: "DELIMITER", Arg: ";;", Line: 1},
				{Kind: KindRoutine, Verb: "CREATE PROCEDURE", Table: "p", SQL: "CREATE PROCEDURE p() BEGIN SELECT 1; END", Line: 2},
				{Kind: KindClient, Verb: "DELIMITER", Arg: "$$", Line: 3},
				sel(4, "SELECT 2"),
				{Kind: KindClient, Verb: "DELIMITER", Arg: "//", Line: 5},
				sel(6, "SELECT 3"),
				{Kind: KindClient, Verb: "DELIMITER", Arg: ";", Line: 7},
				sel(8, "SELECT 4")}},
		{name: "mysqldump trigger form",
			in: "DELIMITER ;;\n/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER `db`.`upd` BEFORE UPDATE ON `t` FOR EACH ROW BEGIN\n  -- body comment\n  SET NEW.a = 1;\nEND */;;\nDELIMITER ;\n",
			want: []st{
				{Kind: KindClient, Verb: "DELIMITER", Arg: ";;", Line: 1},
				{Kind: KindRoutine, Verb: "CREATE TRIGGER", Database: "db", Table: "upd", SQL: "/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER `db`.`upd` BEFORE UPDATE ON `t` FOR EACH ROW BEGIN\n  \n  SET NEW.a = 1;\nEND */", Line: 2},
				{Kind: KindClient, Verb: "DELIMITER", Arg: ";", Line: 6}}},
		{name: "binary literals",
			in: "INSERT INTO b VALUES (_binary '\x01\x02\xff\\'\\\\;\xfe'),(X'00'),(0x01),(b'01'),(N'n;'),(_utf8mb4'\xc3\xa9;');",
			want: []st{{Kind: KindInsert, Verb: "INSERT", Table: "b", Rows: 6, Line: 1,
				SQL: "INSERT INTO b VALUES (_binary '\x01\x02\xff\\'\\\\;\xfe'),(X'00'),(0x01),(b'01'),(N'n;'),(_utf8mb4'\xc3\xa9;')"}}},
		{name: "NUL allowed in binary mode",
			in: "SELECT 'a\x00b';", opt: SplitOptions{BinaryMode: true},
			want: []st{sel(1, "SELECT 'a\x00b'")}},
		{name: "gbk second byte 0x5C",
			in: "SELECT '\x81\\';SELECT 2;", opt: SplitOptions{Charset: "gbk"},
			want: []st{sel(1, "SELECT '\x81\\'"), sel(1, "SELECT 2")}},
		{name: "sjis second byte 0x5C",
			in: "SELECT '\x83\\';SELECT 2;", opt: SplitOptions{Charset: "sjis"},
			want: []st{sel(1, "SELECT '\x83\\'"), sel(1, "SELECT 2")}},
		{name: "big5 second byte 0x5C",
			in: "SELECT '\xa4\\';SELECT 2;", opt: SplitOptions{Charset: "big5"},
			want: []st{sel(1, "SELECT '\xa4\\'"), sel(1, "SELECT 2")}},
		{name: "SET NAMES gbk followed",
			in: "SET NAMES gbk;\nSELECT '\x81\\';\n/*!40101 SET NAMES utf8mb4 */;\nSELECT '\x81\\';';",
			want: []st{
				{Kind: KindSession, Verb: "SET", SQL: "SET NAMES gbk", Line: 1},
				sel(2, "SELECT '\x81\\'"),
				{Kind: KindSession, Verb: "SET", SQL: "/*!40101 SET NAMES utf8mb4 */", Line: 3},
				sel(4, "SELECT '\x81\\';'")}},
		{name: "character_set_client via user variable",
			in: "SET character_set_client = gbk;\nSET @saved_cs_client = @@character_set_client;\nSET character_set_client = utf8mb4;\nSET character_set_client = @saved_cs_client;\nSELECT '\x81\\';",
			want: []st{
				{Kind: KindSession, Verb: "SET", SQL: "SET character_set_client = gbk", Line: 1},
				{Kind: KindSession, Verb: "SET", SQL: "SET @saved_cs_client = @@character_set_client", Line: 2},
				{Kind: KindSession, Verb: "SET", SQL: "SET character_set_client = utf8mb4", Line: 3},
				{Kind: KindSession, Verb: "SET", SQL: "SET character_set_client = @saved_cs_client", Line: 4},
				sel(5, "SELECT '\x81\\'")}},
		{name: "last statement without delimiter, empty statements",
			in:   ";\n;;SELECT 1;;\n  \nSELECT 2",
			want: []st{empty(1), empty(1), empty(2), sel(2, "SELECT 1"), empty(2), sel(4, "SELECT 2")}},
		{name: "identifiers that look like keywords",
			in: "INSERT INTO `we;ird` (`VALUES_x`, `values`) VALUES (1,'a'),(2,'(b)');",
			want: []st{{Kind: KindInsert, Verb: "INSERT", Table: "we;ird", Rows: 2, Line: 1,
				SQL: "INSERT INTO `we;ird` (`VALUES_x`, `values`) VALUES (1,'a'),(2,'(b)')"}}},
		{name: "client commands",
			in: "\\-\nsource /etc/passwd\n\\. x.sql\nsystem id\n\\! id\nSELECT 1;\nuse db1\nUSE `d``b`;\n",
			want: []st{
				{Kind: KindClient, Verb: "\\-", Line: 1},
				{Kind: KindClient, Verb: "SOURCE", Arg: "/etc/passwd", Line: 2},
				{Kind: KindClient, Verb: "\\.", Arg: "x.sql", Line: 3},
				{Kind: KindClient, Verb: "SYSTEM", Arg: "id", Line: 4},
				{Kind: KindClient, Verb: "\\!", Arg: "id", Line: 5},
				sel(6, "SELECT 1"),
				{Kind: KindSession, Verb: "USE", Database: "db1", Arg: "db1", SQL: "use db1", Line: 7},
				{Kind: KindSession, Verb: "USE", Database: "d`b", Arg: "d`b", SQL: "USE `d``b`", Line: 8},
				empty(8)}},
		{name: "backslash g sends",
			in:   "SELECT 1 \\g SELECT 2;",
			want: []st{sel(1, "SELECT 1"), sel(1, "SELECT 2")}},
	}
	for _, tt := range tests {
		for _, rd := range readers {
			t.Run(tt.name+"/"+rd.name, func(t *testing.T) {
				opt := tt.opt
				opt.ReadBufferSize = rd.size
				got, err := splitAll(t, tt.in, opt, rd.wrap)
				if err != nil {
					t.Fatal(err)
				}
				if d := cmp.Diff(tt.want, got); d != "" {
					t.Errorf("(-want +got):\n%s", d)
				}
			})
		}
	}
}

func TestSplitClassify(t *testing.T) {
	tests := []struct {
		sql  string
		want st
	}{
		{"INSERT INTO `t` VALUES (1,'a'),(2,'b'),(3,'c')", st{Kind: KindInsert, Verb: "INSERT", Table: "t", Rows: 3}},
		{"INSERT IGNORE INTO db.t (a,b) VALUES (1,2)", st{Kind: KindInsert, Verb: "INSERT", Database: "db", Table: "t", Rows: 1}},
		{"REPLACE INTO t VALUES (1),(2)", st{Kind: KindInsert, Verb: "REPLACE", Table: "t", Rows: 2}},
		{"INSERT INTO t SET a=1", st{Kind: KindInsert, Verb: "INSERT", Table: "t", Rows: 1}},
		{"INSERT INTO t SELECT * FROM u", st{Kind: KindInsert, Verb: "INSERT", Table: "t"}},
		{"CREATE TABLE `db`.`t` (a int)", st{Kind: KindDDL, Verb: "CREATE TABLE", Database: "db", Table: "t"}},
		{"CREATE TABLE IF NOT EXISTS t (a int)", st{Kind: KindDDL, Verb: "CREATE TABLE", Table: "t"}},
		{"DROP TABLE IF EXISTS `t`", st{Kind: KindDDL, Verb: "DROP TABLE", Table: "t"}},
		{"CREATE DATABASE /*!32312 IF NOT EXISTS*/ `sakila` /*!40100 DEFAULT CHARACTER SET utf8mb4 */", st{Kind: KindDDL, Verb: "CREATE DATABASE", Database: "sakila"}},
		{"/*!40000 ALTER TABLE `t` DISABLE KEYS */", st{Kind: KindDDL, Verb: "ALTER TABLE", Table: "t"}},
		{"ALTER TABLE t ENABLE KEYS", st{Kind: KindDDL, Verb: "ALTER TABLE", Table: "t"}},
		{"/*!50001 CREATE ALGORITHM=UNDEFINED */\n/*!50013 DEFINER=`root`@`localhost` SQL SECURITY DEFINER */\n/*!50001 VIEW `v` AS select 1 AS `a` */", st{Kind: KindDDL, Verb: "CREATE VIEW", Table: "v"}},
		{"CREATE DEFINER=`root`@`%` PROCEDURE `p`(IN a int)\nBEGIN END", st{Kind: KindRoutine, Verb: "CREATE PROCEDURE", Table: "p"}},
		{"CREATE DEFINER=root@localhost FUNCTION f() RETURNS int RETURN 1", st{Kind: KindRoutine, Verb: "CREATE FUNCTION", Table: "f"}},
		{"/*!50106 CREATE*/ /*!50117 DEFINER=`root`@`localhost`*/ /*!50106 EVENT IF NOT EXISTS `e` ON SCHEDULE EVERY 1 DAY DO SELECT 1 */", st{Kind: KindRoutine, Verb: "CREATE EVENT", Table: "e"}},
		{"CREATE OR REPLACE VIEW v AS SELECT 1", st{Kind: KindDDL, Verb: "CREATE VIEW", Table: "v"}},
		{"CREATE UNIQUE INDEX i ON t (a)", st{Kind: KindDDL, Verb: "CREATE INDEX", Table: "t"}},
		{"DROP PROCEDURE IF EXISTS p", st{Kind: KindRoutine, Verb: "DROP PROCEDURE", Table: "p"}},
		{"LOCK TABLES `t` WRITE", st{Kind: KindLock, Verb: "LOCK TABLES", Table: "t"}},
		{"UNLOCK TABLES", st{Kind: KindLock, Verb: "UNLOCK TABLES"}},
		{"/*!40101 SET NAMES utf8mb4 */", st{Kind: KindSession, Verb: "SET"}},
		{"/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */", st{Kind: KindSession, Verb: "SET"}},
		{"SET AUTOCOMMIT=0", st{Kind: KindSession, Verb: "SET"}},
		{"BEGIN", st{Kind: KindTxn, Verb: "BEGIN"}},
		{"BEGIN WORK", st{Kind: KindTxn, Verb: "BEGIN"}},
		{"BEGIN SELECT 1", st{Kind: KindOther, Verb: "BEGIN"}}, // sql_mode=ORACLE's anonymous block (its text's only statement)
		{"COMMIT", st{Kind: KindTxn, Verb: "COMMIT"}},
		{"START TRANSACTION", st{Kind: KindTxn, Verb: "START TRANSACTION"}},
		{"TRUNCATE TABLE t", st{Kind: KindDDL, Verb: "TRUNCATE TABLE", Table: "t"}},
		{"SELECT 1", st{Kind: KindOther, Verb: "SELECT"}},
	}
	for _, tt := range tests {
		got, err := splitAll(t, tt.sql+";", SplitOptions{}, func(r io.Reader) io.Reader { return r })
		if err != nil {
			t.Fatal(err)
		}
		tt.want.SQL = tt.sql
		tt.want.Line = 1
		if d := cmp.Diff([]st{tt.want}, got); d != "" {
			t.Errorf("%s (-want +got):\n%s", tt.sql, d)
		}
	}
}

func TestSplitErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		opt  SplitOptions
		want SplitError
	}{
		{"unterminated string", "SELECT 1;\nSELECT 'abc;\n", SplitOptions{},
			SplitError{Offset: 17, Line: 2, Msg: "unterminated string ('…) at end of input" + endInsideText}},
		{"unterminated identifier", "SELECT `a;", SplitOptions{},
			SplitError{Offset: 7, Line: 1, Msg: "unterminated quoted identifier (`…) at end of input" + endInsideText}},
		{"unterminated comment", "SELECT 1;\n\n/* never closed;\n", SplitOptions{},
			SplitError{Offset: 11, Line: 3, Msg: "unterminated comment (/*…) at end of input" + endInsideText}},
		{"raw NUL", "SELECT 1;\nSELECT 'a\x00';", SplitOptions{},
			SplitError{Offset: 19, Line: 2, Msg: "NUL byte (0x00) in the input; the client refuses it unless --binary-mode (mysqldump writes NUL as \\0)"}},
	}
	for _, tt := range tests {
		for _, rd := range readers {
			t.Run(tt.name+"/"+rd.name, func(t *testing.T) {
				opt := tt.opt
				opt.ReadBufferSize = rd.size
				_, err := splitAll(t, tt.in, opt, rd.wrap)
				var se *SplitError
				if !errors.As(err, &se) {
					t.Fatalf("err = %v, want a *SplitError", err)
				}
				if d := cmp.Diff(tt.want, *se); d != "" {
					t.Errorf("(-want +got):\n%s", d)
				}
			})
		}
	}
}

// TestSplitLargeStatement: no token cap; a statement far larger than the read buffer.
func TestSplitLargeStatement(t *testing.T) {
	var b strings.Builder
	b.WriteString("INSERT INTO t VALUES ")
	const rows = 200000
	for i := 0; i < rows; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("(1,'x;y\\'z')")
	}
	b.WriteString(";\nSELECT 1;")
	got, err := splitAll(t, b.String(), SplitOptions{ReadBufferSize: 4096}, func(r io.Reader) io.Reader { return r })
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Rows != rows || got[1].SQL != "SELECT 1" {
		t.Fatalf("got %d statements, rows %d", len(got), got[0].Rows)
	}
}

func TestSetNoBackslashEscapesBetweenStatements(t *testing.T) {
	sp := NewSplitter(strings.NewReader("SET sql_mode='NO_BACKSLASH_ESCAPES';SELECT 'a\\';SELECT 2;"), SplitOptions{})
	var got []string
	for sp.Next() {
		s := sp.Statement()
		got = append(got, string(s.SQL))
		if TouchesSQLMode(s) {
			sp.SetNoBackslashEscapes(true) // what a replayer learns from @@session.sql_mode
		}
	}
	if err := sp.Err(); err != nil {
		t.Fatal(err)
	}
	want := []string{"SET sql_mode='NO_BACKSLASH_ESCAPES'", "SELECT 'a\\'", "SELECT 2"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// TestSetGlobalListKeepsSessionSQLMode: in SET GLOBAL a = …, sql_mode = …, the GLOBAL holds
// for sql_mode too, so the session keeps its backslash escapes and the string below ends
// at its second quote, as the client (told by the server's status flags) splits it.
// Reading sql_mode as the session's split the rows after it under NO_BACKSLASH_ESCAPES:
// ERROR 1064 where the client succeeded (difffuzz seed 44013).
func TestSetGlobalListKeepsSessionSQLMode(t *testing.T) {
	for _, in := range []string{
		"SET GLOBAL time_zone='-03:00', sql_mode='NO_BACKSLASH_ESCAPES';\nSELECT 'a\\';b';\nSELECT 2;",
		"SET GLOBAL time_zone='-03:00', @x = 1, sql_mode='ANSI_QUOTES';\nSELECT \"a';b\";\nSELECT 2;",
	} {
		sp := NewSplitter(strings.NewReader(in), SplitOptions{TrackSQLMode: true})
		var got []string
		for sp.Next() {
			got = append(got, string(sp.Statement().SQL))
		}
		if err := sp.Err(); err != nil {
			t.Fatal(err)
		}
		if len(got) != 3 || got[2] != "SELECT 2" {
			t.Errorf("%q split into %q, want 3 statements: the session's sql_mode did not change", in, got)
		}
	}
}

// TestSplitSingleLineDump: a dump written as one line (no newline at all) is split
// statement by statement; memory stays bounded by the largest statement, not the line.
func TestSplitSingleLineDump(t *testing.T) {
	var b strings.Builder
	const n = 20000
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "INSERT INTO `t;%d` VALUES (%d,'a\\'b;c',\"d\"\"e\"),(2,'x') /* c;%d */ ;", i%7, i, i)
	}
	in := b.String()
	sp := NewSplitter(strings.NewReader(in), SplitOptions{ReadBufferSize: 4096})
	var got int
	var rows int64
	for sp.Next() {
		st := sp.Statement()
		if st.Kind == KindInsert {
			got++
			rows += st.Rows
			if want := fmt.Sprintf("INSERT INTO `t;%d` VALUES (%d,'a\\'b;c',\"d\"\"e\"),(2,'x')", (got-1)%7, got-1); string(st.SQL) != want {
				t.Fatalf("statement %d: %q, want %q", got, st.SQL, want)
			}
		}
	}
	if err := sp.Err(); err != nil {
		t.Fatal(err)
	}
	if got != n || rows != 2*n {
		t.Fatalf("%d statements, %d rows; want %d, %d", got, rows, n, 2*n)
	}
	if len(sp.buf) > 64<<10 {
		t.Errorf("read buffer grew to %d bytes for a %d-byte line of ~100-byte statements", len(sp.buf), len(in))
	}
}

func TestSetCharsetBetweenStatements(t *testing.T) {
	sp := NewSplitter(strings.NewReader("SELECT 1;SELECT '\x81\\';SELECT 2;"), SplitOptions{})
	var got []string
	for sp.Next() {
		got = append(got, string(sp.Statement().SQL))
		if len(got) == 1 {
			sp.SetCharset("GBK") // what a replayer knows from --default-character-set
			if sp.Charset() != "gbk" {
				t.Errorf("Charset() = %q after SetCharset(GBK)", sp.Charset())
			}
		}
	}
	if err := sp.Err(); err != nil {
		t.Fatal(err)
	}
	want := []string{"SELECT 1", "SELECT '\x81\\'", "SELECT 2"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}
