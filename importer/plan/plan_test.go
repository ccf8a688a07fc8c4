package plan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// fakeCatalog answers Catalog from a map; unknown tables have no AUTO_INCREMENT column.
type fakeCatalog map[string]TableFacts

func (c fakeCatalog) Table(key string) (TableFacts, error) { return c[key], nil }

// planScript splits script (statements separated by ";\n") and plans each statement,
// returning one line per statement: "kind tables [reason]".
func planScript(t *testing.T, script string, cat Catalog) []string {
	t.Helper()
	sp := split.NewSplitter(strings.NewReader(script), split.SplitOptions{})
	p := NewPlanner()
	var got []string
	for sp.Next() {
		st := sp.Statement()
		if len(st.SQL) == 0 && st.Kind != split.KindClient {
			continue
		}
		pl, err := p.Next(&st, "db", cat)
		if err != nil {
			t.Fatal(err)
		}
		line := pl.Kind.String()
		if pl.Global {
			line += " *"
		} else if len(pl.Tables) > 0 {
			line += " " + strings.Join(pl.Tables, ",")
		}
		if pl.Reason != "" {
			why := pl.Reason[strings.Index(pl.Reason, ": ")+2:]
			if i := strings.Index(why, ": it runs on one connection"); i > 0 {
				why = why[:i] // the region line's tail
			}
			line += " ! " + why
		}
		got = append(got, line)
	}
	if err := sp.Err(); err != nil {
		t.Fatal(err)
	}
	return got
}

func TestParseRowInsert(t *testing.T) {
	tests := []struct {
		sql  string
		ok   bool
		rows int64
	}{
		{"INSERT INTO `t` VALUES (1,'a'),(2,'b')", true, 2},
		{"INSERT INTO t (id, `value`) VALUES (1, 'SELECT * FROM src')", true, 1},
		{"INSERT IGNORE t VALUE (1)", true, 1},
		{"REPLACE INTO t VALUES (1,_binary 'x\\'y',0x00ff,X'0A',b'101',N'ü',NULL,DEFAULT,-1.5e-3,TRUE)", true, 1},
		{"INSERT INTO t VALUES ('it''s', 'a\\\\'), ('VALUES (1)', ')')", true, 2},
		{"INSERT INTO t VALUES (ST_GeomFromText('POINT(1 1)', 4326))", true, 1},
		{"INSERT INTO t VALUES (@n)", true, 1},
		{"INSERT INTO t () VALUES ()", true, 1},
		{"INSERT INTO dst (id, value) SELECT id, v FROM src", false, 0},
		{"INSERT INTO dst (id, `value`) SELECT 1, 'VALUES (1)'", false, 0},
		{"INSERT INTO t TABLE s", false, 0},
		{"INSERT INTO t SET a = 1", false, 0},
		{"INSERT INTO t VALUES (1,'x') ON DUPLICATE KEY UPDATE b = 'ON DUPLICATE'", false, 0},
		{"INSERT INTO t VALUES (1,'" + strings.Repeat("x", 8192) + "') ON DUPLICATE KEY UPDATE b = 1", false, 0},
		{"INSERT INTO t VALUES ((SELECT MAX(id) FROM s))", false, 0},
		{"INSERT INTO t VALUES (LAST_INSERT_ID())", false, 0},
		{"INSERT INTO t VALUES (NOW())", false, 0},
		{"INSERT INTO t VALUES (a)", false, 0},
		{"INSERT INTO t VALUES (1) RETURNING id", false, 0},
		{"INSERT INTO t VALUES (1) AS new", false, 0},
		{"INSERT INTO t PARTITION (p0) VALUES (1)", false, 0},
		{"INSERT INTO t VALUES (1), (2", false, 0},
		{"INSERT INTO t VALUES ('unterminated)", false, 0},
		{"INSERT INTO t VALUES (1 + 2)", false, 0},
		{"INSERT /*!40000 IGNORE */ INTO t VALUES (1) /*!99999 ON DUPLICATE KEY UPDATE a=1 */", false, 0},
		{"WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x", false, 0},
	}
	for _, tc := range tests {
		ri, ok := ParseRowInsert([]byte(tc.sql), sqlscan.Syntax{})
		if ok != tc.ok || (ok && ri.rows != tc.rows) {
			t.Errorf("parseRowInsert(%.80q) = %v, %d rows; want %v, %d", tc.sql, ok, ri.rows, tc.ok, tc.rows)
		}
	}
	// NO_BACKSLASH_ESCAPES: 'a\' is a whole string, so what follows is a second row.
	if ri, ok := ParseRowInsert([]byte(`INSERT INTO t VALUES ('a\'),('b')`), sqlscan.Syntax{NoBackslashEscapes: true}); !ok || ri.rows != 2 {
		t.Errorf("NO_BACKSLASH_ESCAPES: ok %v rows %d, want true 2", ok, ri.rows)
	}
	if _, ok := ParseRowInsert([]byte(`INSERT INTO t VALUES ('a\'),('b')`), sqlscan.Syntax{}); ok {
		t.Error("with backslash escapes, 'a\\'),(' is one string and the statement ends inside a string: want not plain")
	}
	// sjis: 0x95 0x5C is one character; its 0x5C is not an escape.
	q := []byte("INSERT INTO t VALUES ('\x95\x5c'),('b')")
	if ri, ok := ParseRowInsert(q, sqlscan.Syntax{Charset: sqlscan.CharsetByName("sjis")}); !ok || ri.rows != 2 {
		t.Errorf("sjis: ok %v rows %d, want true 2", ok, ri.rows)
	}
	// ANSI_QUOTES: "x" is a column name, not a string.
	if _, ok := ParseRowInsert([]byte(`INSERT INTO t VALUES ("x")`), sqlscan.Syntax{ANSIQuotes: true}); ok {
		t.Error(`ANSI_QUOTES: VALUES ("x") names a column: want not plain`)
	}
}

func TestRowInsertGeneratesIDs(t *testing.T) {
	f := TableFacts{AutoIncrement: "id", AutoIncrementAt: 0}
	tests := []struct {
		sql  string
		want bool
	}{
		{"INSERT INTO t VALUES (1,'a'),(2,'b')", false},
		{"INSERT INTO t VALUES (NULL,'a')", true},
		{"INSERT INTO t VALUES (0,'a')", true},
		{"INSERT INTO t VALUES (DEFAULT,'a')", true},
		{"INSERT INTO t VALUES (5,NULL)", false},
		{"INSERT INTO t (name) VALUES ('a')", true},
		{"INSERT INTO t (name, id) VALUES ('a', 7)", false},
		{"INSERT INTO t (name, `ID`) VALUES ('a', NULL)", true},
		{"INSERT INTO t () VALUES ()", true},
	}
	for _, tc := range tests {
		ri, ok := ParseRowInsert([]byte(tc.sql), sqlscan.Syntax{})
		if !ok {
			t.Fatalf("%s: not plain", tc.sql)
		}
		if got := ri.generatesIDs(f); got != tc.want {
			t.Errorf("generatesIDs(%s) = %v, want %v", tc.sql, got, tc.want)
		}
		if ri.generatesIDs(TableFacts{}) {
			t.Errorf("generatesIDs(%s) without an AUTO_INCREMENT column = true", tc.sql)
		}
	}
}

func TestPlanner(t *testing.T) {
	cat := fakeCatalog{"db.auto": {AutoIncrement: "id", AutoIncrementAt: 0}}
	tests := []struct {
		name   string
		script string
		want   []string
	}{
		{
			name: "mysqldump table",
			script: "/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;\n" +
				"/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;\n" +
				"SET @saved_cs_client     = @@character_set_client;\n" +
				"DROP TABLE IF EXISTS `t`;\n" +
				"CREATE TABLE `t` (`id` int NOT NULL, PRIMARY KEY (`id`));\n" +
				"SET character_set_client = @saved_cs_client;\n" +
				"LOCK TABLES `t` WRITE;\n" +
				"/*!40000 ALTER TABLE `t` DISABLE KEYS */;\n" +
				"INSERT INTO `t` VALUES (1),(2);\n" +
				"/*!40000 ALTER TABLE `t` ENABLE KEYS */;\n" +
				"UNLOCK TABLES;\n" +
				"/*!40014 SET FOREIGN_KEY_CHECKS=IFNULL(@OLD_FOREIGN_KEY_CHECKS, 1) */;\n",
			want: []string{"session", "session", "session", "barrier db.t", "barrier db.t", "session", "skip",
				"barrier db.t", "rows db.t", "barrier db.t", "skip", "session"},
		},
		{
			name:   "SELECT INTO a user variable",
			script: "INSERT INTO src VALUES (1),(2);\nSELECT COUNT(*) INTO @n FROM src;\nINSERT INTO cnt VALUES (@n);\n",
			want:   []string{"rows db.src", "serial ! SELECT … INTO @n sets a user variable on one connection: the rest of the dump runs on one connection", "serial"},
		},
		{
			name:   "SET from a subquery and LAST_INSERT_ID",
			script: "SET @a = 1, @b = 'x';\nSET @v = (SELECT MAX(id) FROM t);\nINSERT INTO t VALUES (1);\n",
			want:   []string{"session", "serial ! SET @v = ( SELECT MAX ( id ) FROM t ) reads what differs between connections or over time: the rest of the dump runs on one connection", "serial"},
		},
		{
			// A stored function written quoted (difffuzz seed 88022): replayed on every
			// worker and by every resume, its writes landed again.
			name:   "SET from a quoted stored function",
			script: "SET @a = _utf8mb4'x' COLLATE `utf8mb4_bin`;\nSET @f = `db`.`f`(2);\nSET @g = `f` (3);\n",
			want: []string{"session", "serial ! SET @f = db . f ( 2 ) reads what differs between connections or over time: the rest of the dump runs on one connection",
				"serial"},
		},
		{
			name:   "SET @v = LAST_INSERT_ID()",
			script: "INSERT INTO auto (name) VALUES ('p');\nSET @id = LAST_INSERT_ID();\n",
			want:   []string{"barrier db.auto", "serial ! SET @id = LAST_INSERT_ID ( ) reads what differs between connections or over time: the rest of the dump runs on one connection"},
		},
		{
			name:   "rows that generate ids run in stream order",
			script: "INSERT INTO auto VALUES (1,'a');\nINSERT INTO auto VALUES (NULL,'b');\n",
			want:   []string{"rows db.auto", "barrier db.auto"},
		},
		{
			name:   "ROLLBACK: the transaction runs on one connection",
			script: "START TRANSACTION;\nINSERT INTO rb VALUES (1),(2),(3);\nROLLBACK;\nINSERT INTO rb VALUES (4);\n",
			want:   []string{"control", "serial db.rb ! a transaction holds rows from here to its COMMIT or ROLLBACK", "serial", "rows db.rb"},
		},
		{
			name:   "autocommit=0 without a known producer",
			script: "SET autocommit=0;\nINSERT INTO t VALUES (1);\nCOMMIT;\nINSERT INTO t VALUES (2);\nSET autocommit=1;\nINSERT INTO t VALUES (3);\n",
			want:   []string{"session", "serial db.t ! a transaction holds rows from here to its COMMIT or ROLLBACK", "serial", "serial db.t", "session", "rows db.t"},
		},
		{
			name: "mysqldump --no-autocommit",
			script: "-- MySQL dump 10.13  Distrib 8.0.36\n/*!40101 SET NAMES utf8mb4 */;\nLOCK TABLES `t` WRITE;\nset autocommit=0;\n" +
				"INSERT INTO `t` VALUES (1),(2);\nUNLOCK TABLES;\ncommit;\n",
			want: []string{"session", "skip", "session", "rows db.t", "skip", "control"},
		},
		{
			name: "phpMyAdmin: START TRANSACTION ended by the first CREATE",
			script: "-- phpMyAdmin SQL Dump\nSET SQL_MODE = \"NO_AUTO_VALUE_ON_ZERO\";\nSTART TRANSACTION;\nSET time_zone = \"+00:00\";\n" +
				"CREATE TABLE `t` (`id` int);\nINSERT INTO `t` VALUES (1);\nCOMMIT;\n",
			want: []string{"session", "control", "session", "barrier db.t", "rows db.t", "control"},
		},
		{
			name: "Navicat: BEGIN … COMMIT per table",
			script: "/*\n Navicat Premium Data Transfer\n\n Source Server Type    : MySQL\n*/\n\nSET NAMES utf8mb4;\nSET FOREIGN_KEY_CHECKS = 0;\n" +
				"DROP TABLE IF EXISTS `t`;\nCREATE TABLE `t` (`id` int NOT NULL, PRIMARY KEY (`id`));\nBEGIN;\nINSERT INTO `t` VALUES (1);\nINSERT INTO `t` VALUES (2);\nCOMMIT;\n",
			want: []string{"session", "session", "barrier db.t", "barrier db.t", "control", "rows db.t", "rows db.t", "control"},
		},
		{
			name:   "temporary table",
			script: "CREATE TEMPORARY TABLE tmp1 (a int);\nINSERT INTO tmp1 VALUES (1);\nCREATE TABLE x AS SELECT * FROM tmp1;\n",
			want:   []string{"serial ! a temporary table exists only on the connection that created it: the rest of the dump runs on one connection", "serial", "serial"},
		},
		{
			name:   "savepoint, SET STATEMENT, GET_LOCK",
			script: "SAVEPOINT a;\n",
			want:   []string{"serial ! SAVEPOINT lives in one connection's transaction: the rest of the dump runs on one connection"},
		},
		{
			name:   "SET STATEMENT … FOR",
			script: "SET STATEMENT max_statement_time=10 FOR INSERT INTO t VALUES (1);\n",
			want:   []string{"serial ! SET STATEMENT … FOR changes one statement's session on one connection: the rest of the dump runs on one connection"},
		},
		{
			name:   "FLUSH TABLES WITH READ LOCK",
			script: "LOCK TABLES instances WRITE;\nUNLOCK TABLES;\nFLUSH TABLES WITH READ LOCK;\n",
			// Refused: it blocks every write, the progress rows' too (flushlock.go).
			want: []string{"skip", "skip", "refuse ! the serial replay sends only the client's statements"},
		},
		{
			name:   "GET_LOCK",
			script: "DO GET_LOCK('x', 1);\n",
			want:   []string{"serial ! GET_LOCK() reads the state of one connection: the rest of the dump runs on one connection"},
		},
		{
			name:   "LOCK TABLES held over another table's statement",
			script: "LOCK TABLES a WRITE, b READ;\nINSERT INTO a VALUES (1);\nUPDATE a SET x = 1;\n",
			want:   []string{"skip", "rows db.a", "serial ! LOCK TABLES (db.a, db.b) is held over a statement that is not its tables' rows: the rest of the dump runs on one connection"},
		},
		{
			// The planner's own reader of the toggle checked for 5 words: ALTER ONLINE
			// TABLE … DISABLE KEYS under the lock sent the rest of the dump to one connection.
			name:   "DISABLE/ENABLE KEYS under LOCK TABLES in any form, and only alone",
			script: "LOCK TABLES t WRITE;\nALTER ONLINE TABLE t DISABLE KEYS;\nINSERT INTO t VALUES (1);\nALTER IGNORE TABLE db.t ENABLE KEYS;\nALTER TABLE t DROP c, ENABLE KEYS;\n",
			want:   []string{"skip", "barrier db.t", "rows db.t", "barrier db.t", "serial ! LOCK TABLES (db.t) is held over a statement that is not its tables' rows: the rest of the dump runs on one connection"},
		},
		{
			name:   "INSERT … SELECT, TABLE and ON DUPLICATE KEY UPDATE wait for everything",
			script: "INSERT INTO dst (id, value) SELECT id, v FROM src;\nINSERT INTO dst TABLE s;\nINSERT INTO t VALUES (1) ON DUPLICATE KEY UPDATE a=a+1;\n",
			want:   []string{"barrier *", "barrier *", "barrier *"},
		},
		{
			name:   "statements naming several tables",
			script: "RENAME TABLE a TO b, c TO d;\nDROP TABLE IF EXISTS a, `x`.b;\nTRUNCATE TABLE e;\nALTER TABLE f RENAME TO g;\nCREATE TABLE h LIKE i;\nDELETE a, b FROM a JOIN b;\n",
			want:   []string{"barrier db.a,db.b,db.c,db.d", "barrier db.a,x.b", "barrier db.e", "barrier db.f,db.g", "barrier db.h,db.i", "barrier *"},
		},
		{
			name: "mysqldump's saved-variable idioms keep parallel speed",
			script: "SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO';\nSET @MYSQLDUMP_TEMP_LOG_BIN = @@SESSION.SQL_LOG_BIN;\nSET @@SESSION.SQL_LOG_BIN= 0;\nSET SQL_MODE=@OLD_SQL_MODE;\n" +
				"SET @@GLOBAL.GTID_PURGED=/*!80000 '+'*/ 'uuid:1-5';\n/*!50106 SET @save_time_zone= @@TIME_ZONE */;\nSET sql_mode = CONCAT(@@sql_mode, ',NO_AUTO_VALUE_ON_ZERO'), @db = DATABASE();\nINSERT INTO t VALUES (1);\n",
			// SET @@GLOBAL.GTID_PURGED runs once, on the control connection after what is
			// in flight (nothing, at a dump's head), not again on every worker.
			want: []string{"session", "session", "session", "session", "barrier *", "session", "session", "rows db.t"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, planScript(t, tc.script, cat)); diff != "" {
				t.Errorf("plans (-want +got):\n%s", diff)
			}
		})
	}
}

// TestPlannerRefusesRollbackAfterParallelRows: a dump that names mysqldump keeps rows of
// an autocommit=0 region parallel; a ROLLBACK there cannot be honoured and is refused.
func TestPlannerRefusesRollbackAfterParallelRows(t *testing.T) {
	got := planScript(t, "-- MariaDB dump 10.19\nset autocommit=0;\nINSERT INTO t VALUES (1);\nROLLBACK;\n", fakeCatalog{})
	want := []string{"session", "rows db.t", "refuse"}
	if len(got) != 3 || got[0] != want[0] || got[1] != want[1] || !strings.HasPrefix(got[2], "refuse") {
		t.Errorf("plans = %q, want %q", got, want)
	}
}

func TestNamedTablesQualified(t *testing.T) {
	sp := split.NewSplitter(strings.NewReader("DROP TABLE `we;ird`, other.`t2`;\n"), split.SplitOptions{})
	if !sp.Next() {
		t.Fatal(sp.Err())
	}
	st := sp.Statement()
	keys, global := BarrierScope(&st, "cur")
	if got := fmt.Sprint(keys, global); got != "[cur.we;ird other.t2] false" {
		t.Errorf("scope = %s", got)
	}
}

// TestExprStateNoBackslashEscapes: under NO_BACKSLASH_ESCAPES 'C:\' ends at its second
// quote, so what follows it is read; with backslash escapes it is part of the string.
func TestExprStateNoBackslashEscapes(t *testing.T) {
	q := []byte(`INSERT INTO b SELECT 2, 'D:\', @n := @n + 5`)
	if got := exprState(q, sqlscan.Syntax{NoBackslashEscapes: true}); got == "" {
		t.Errorf("NO_BACKSLASH_ESCAPES: exprState(%s) found nothing, want the @n := assignment", q)
	}
	if got := exprState(q, sqlscan.Syntax{}); got != "" {
		t.Errorf("backslash escapes: exprState(%s) = %q, want \"\" (all of it is inside the string)", q, got)
	}
}

// TestLexerQuoting: the planner's lexer ends a string where the server does, under
// NO_BACKSLASH_ESCAPES ('C:\' ends at its second quote) and in gbk, whose second bytes can
// be 0x5C ('運\' is not an escaped quote when 運's second byte is the backslash).
func TestLexerQuoting(t *testing.T) {
	tests := []struct {
		name string
		q    string
		syn  sqlscan.Syntax
		want []string
	}{
		{"escapes", `SELECT 'a\'b', x`, sqlscan.Syntax{}, []string{"SELECT", "a'b", ",", "x"}},
		{"no backslash escapes", `SELECT 'C:\', x`, sqlscan.Syntax{NoBackslashEscapes: true}, []string{"SELECT", `C:\`, ",", "x"}},
		{"gbk second byte 0x5C", "SELECT '\x81\x5c', x", sqlscan.Syntax{Charset: sqlscan.CharsetByName("gbk")}, []string{"SELECT", "\x81\x5c", ",", "x"}},
		{"ansi quotes", `SELECT "a\", x`, sqlscan.Syntax{ANSIQuotes: true}, []string{"SELECT", `a\`, ",", "x"}},
	}
	for _, tc := range tests {
		l := sqlscan.New([]byte(tc.q), tc.syn)
		var got []string
		for tok := l.Next(); tok.Kind != sqlscan.EOF; tok = l.Next() {
			got = append(got, tok.Text)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: tokens of %q (-want +got):\n%s", tc.name, tc.q, diff)
		}
	}
}

// TestExprStateServerBlanks: := after any of the server's blanks (\f, \v) or a comment
// assigns (x-review14 #8: SELECT @c\f:= COUNT(*) was taken for a read, the run did not go
// serial); latin1's 0xA0 is a blank in a latin1 connection, a word byte otherwise.
func TestExprStateServerBlanks(t *testing.T) {
	for _, q := range []string{"SELECT @c\f:= COUNT(*) FROM k", "DO @c\v:= 1", "UPDATE k SET v = (@c /* n */ := @c + 1)", "SELECT @c -- x\n:= 1"} {
		if got := exprState([]byte(q), sqlscan.Syntax{}); got == "" {
			t.Errorf("exprState(%q) found nothing, want the @c := assignment", q)
		}
	}
	if got := exprState([]byte("SELECT @c\xa0:= 1"), sqlscan.Syntax{Charset: sqlscan.Latin1}); got != "@c := … sets a user variable on one connection" {
		t.Errorf("latin1 @c<A0>:= : %q", got)
	}
	if got := exprState([]byte("SELECT @@identity\f+ 1"), sqlscan.Syntax{}); got == "" {
		t.Errorf("@@identity read after \\f: found nothing")
	}
}

// TestAutocommitVarsForgetAfterFormFeed: SELECT 0 INTO … and @v\f:= … assign @ac, whose
// value the planner must forget (x-review14 #8's TrimLeft in forgetAssigned).
func TestAutocommitVarsForgetAfterFormFeed(t *testing.T) {
	var v AutocommitVars
	sp := split.NewSplitter(strings.NewReader("SET @ac = 1;\nSELECT @ac\f:= 0;\nSET autocommit = @ac;\n"), split.SplitOptions{})
	var sts []split.Statement
	for sp.Next() {
		sts = append(sts, sp.Statement())
	}
	v.Apply(&sts[0], true)
	v.forgetAssigned(&sts[1], false)
	if _, known, _ := v.Apply(&sts[2], true); known {
		t.Errorf("SET autocommit = @ac after SELECT @ac\\f:= 0: known, want unknown")
	}
}

// TestBarrierScopeSecondTable: DDL that moves, reads or checks the rows of a table other
// than its own waits for that table's batches too: EXCHANGE PARTITION … WITH TABLE and
// CONVERT TABLE … TO PARTITION take k's rows, CONVERT PARTITION … TO TABLE makes k,
// LIKE copies k's definition, REFERENCES checks k's rows; CREATE TABLE … SELECT reads
// any table (global). x-review20's TestReviewX20ExchangePartitionScope measures the
// first two against the server.
func TestBarrierScopeSecondTable(t *testing.T) {
	for q, want := range map[string]string{
		"ALTER TABLE kp EXCHANGE PARTITION p0 WITH TABLE k":                       "[cur.kp cur.k] false",
		"ALTER TABLE kp EXCHANGE PARTITION p0 WITH TABLE o.k WITHOUT VALIDATION":  "[cur.kp o.k] false",
		"ALTER TABLE `kp` CONVERT TABLE `k` TO PARTITION p1 VALUES LESS THAN (9)": "[cur.kp cur.k] false",
		"ALTER TABLE kp CONVERT PARTITION p1 TO TABLE k":                          "[cur.kp cur.k] false",
		"ALTER TABLE kp ADD FOREIGN KEY (a) REFERENCES k (id)":                    "[cur.kp cur.k] false",
		"CREATE TABLE c LIKE k":                                                      "[cur.c cur.k] false",
		"CREATE TABLE c SELECT * FROM k":                                             "[] true",
		"ALTER TABLE kp ADD COLUMN w int, ALGORITHM=INPLACE, LOCK=NONE":              "[cur.kp] false",
		"ALTER TABLE kp ADD FULLTEXT INDEX f (v) WITH PARSER ngram":                  "[cur.kp] false",
		"ALTER TABLE kp CONVERT TO CHARACTER SET utf8mb4":                            "[cur.kp] false",
		"ALTER TABLE kp PARTITION BY RANGE (id) (PARTITION p0 VALUES LESS THAN (9))": "[cur.kp] false",
	} {
		sp := split.NewSplitter(strings.NewReader(q+";\n"), split.SplitOptions{})
		if !sp.Next() {
			t.Fatal(sp.Err())
		}
		st := sp.Statement()
		keys, global := BarrierScope(&st, "cur")
		if got := fmt.Sprint(keys, global); got != want {
			t.Errorf("%s: scope = %s, want %s", q, got, want)
		}
	}
}
