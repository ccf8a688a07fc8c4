package importer_test

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestFixX25NonTransactionalTemporaryRollback: x-fix21 refused a resume past a ROLLBACK
// (or ROLLBACK TO SAVEPOINT) of a transaction that wrote a temporary table, since the
// resume sends the temporary table's writes again outside the transaction and the
// skipped ROLLBACK no longer takes them back. A MyISAM, MEMORY or Aria temporary table
// keeps its rows through the client's ROLLBACK (warning 1196): sent again, they are the
// client's, and the refusal was wider than its cause. Fixed (plan's
// nonTransactionalEngine): the resume goes on and must end with the client's database;
// this was refused before. An InnoDB one, and one without ENGINE, were still refused, and
// a transaction that wrote a MyISAM and an InnoDB temporary table; since x-fix72 the
// resume sends those writes again inside a transaction of its own that its ROLLBACK rolls
// back (replay's tempTxn), and only the ROLLBACK TO SAVEPOINT is refused.
func TestFixX25NonTransactionalTemporaryRollback(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	const refused = "--resume cannot rebuild temporary table x9.tt as the dump made it: this ROLLBACK undid rows of it"
	bodies := map[string]string{
		"rollback":    "START TRANSACTION;\nINSERT INTO tt VALUES (1, 'a'), (2, 'b');\nINSERT INTO k VALUES (900, 'z');\nROLLBACK;\n",
		"savepoint":   "START TRANSACTION;\nINSERT INTO tt VALUES (1, 'a');\nSAVEPOINT s1;\nINSERT INTO tt VALUES (2, 'b');\nINSERT INTO k VALUES (900, 'z');\nROLLBACK TO SAVEPOINT s1;\nCOMMIT;\n",
		"autocommit0": "SET autocommit = 0;\nINSERT INTO tt VALUES (1, 'a'), (2, 'b');\nUPDATE tt SET v = 'c' WHERE id = 1;\nINSERT INTO k VALUES (900, 'z');\nROLLBACK;\nSET autocommit = 1;\n",
	}
	for _, engine := range []string{"ENGINE=MyISAM", "ENGINE = MEMORY", "ENGINE=Aria", "ENGINE=InnoDB", ""} {
		for name, body := range bodies {
			dump := x9HeadRows() + "CREATE TABLE r (n int, s varchar(400)) ENGINE=InnoDB;\nCREATE TEMPORARY TABLE tt (id int, v varchar(40)) " + engine + ";\n" + body +
				x7Rows("k", 100, 161) + "INSERT INTO r SELECT COUNT(*), GROUP_CONCAT(v ORDER BY id) FROM tt;\n" + x7Rows("k", 200, 241)
			want := ""
			if (engine == "" || strings.Contains(engine, "InnoDB")) && name == "savepoint" {
				want = refused
			}
			t.Run(engine+"/"+name, func(t *testing.T) {
				runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "INSERT INTO k VALUES (120"), opt: importer.Options{Parallel: 2, BatchBytes: 512}, refused: want})
			})
		}
	}
	// Two temporary tables in the transaction, the InnoDB one written first: its rows are
	// what the ROLLBACK undid.
	dump := x9HeadRows() + "CREATE TABLE r (n int, s varchar(400)) ENGINE=InnoDB;\nCREATE TEMPORARY TABLE tt (id int, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TEMPORARY TABLE tm (id int, v varchar(40)) ENGINE=MyISAM;\n" +
		"START TRANSACTION;\nINSERT INTO tt VALUES (1, 'a');\nINSERT INTO tm VALUES (2, 'b');\nROLLBACK;\n" +
		x7Rows("k", 100, 161) + "INSERT INTO r SELECT COUNT(*), '' FROM tt;\n" + x7Rows("k", 200, 241)
	t.Run("InnoDB then MyISAM", func(t *testing.T) {
		runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "INSERT INTO k VALUES (120"), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
	})
}

// TestFixX25TemporaryUpdateOnResume: an UPDATE or DELETE of a temporary table before the
// resume point. The resume rebuilds the temporary table by sending its writes again
// (Plan.Volatile), but the planner knew a write by the statement's table, which the
// splitter sets for INSERT and REPLACE only: the UPDATE and DELETE were skipped as
// committed, and the rows read from the table after the resume point were the ones
// before them (found by this branch's test of MyISAM temporary tables: 'a' where the
// client has 'c'). Fixed (plan's dmlTables): such a statement on the temporary table
// alone is sent again; one that also names real tables is refused while the temporary
// table is there. The first five cases failed before.
func TestFixX25TemporaryUpdateOnResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, body := range map[string]string{
		"update":            "INSERT INTO tt VALUES (1, 'a'), (2, 'b');\nUPDATE tt SET v = 'c' WHERE id = 1;\n",
		"delete":            "INSERT INTO tt VALUES (1, 'a'), (2, 'b');\nDELETE FROM tt WHERE id = 2;\n",
		"update in txn":     "START TRANSACTION;\nINSERT INTO tt VALUES (1, 'a'), (2, 'b');\nUPDATE tt SET v = 'c' WHERE id = 1;\nINSERT INTO k VALUES (900, 'z');\nCOMMIT;\n",
		"qualified update":  "INSERT INTO tt VALUES (1, 'a'), (2, 'b');\nUPDATE LOW_PRIORITY x9.tt SET v = 'c' WHERE id = 1;\n",
		"wrapped delete":    "INSERT INTO tt VALUES (1, 'a'), (2, 'b');\nEXECUTE IMMEDIATE 'DELETE FROM tt WHERE id = 1';\n",
		"multi-table write": "INSERT INTO tt VALUES (1, 'a'), (2, 'b');\nUPDATE tt JOIN k ON k.id = tt.id + 99 SET tt.v = 'd';\n",
		// A real table's UPDATE that reads the temporary table: committed, skipped, no
		// refusal.
		"real update reads it": "INSERT INTO tt VALUES (1, 'a'), (2, 'b');\nINSERT INTO r VALUES (7, 'x');\nUPDATE r SET s = (SELECT GROUP_CONCAT(v) FROM tt) WHERE n = 7;\n" +
			"DELETE FROM r WHERE n IN (SELECT id FROM tt);\n",
	} {
		dump := x9HeadRows() + "CREATE TABLE r (n int, s varchar(400)) ENGINE=InnoDB;\nCREATE TEMPORARY TABLE tt (id int, v varchar(40)) ENGINE=InnoDB;\n" + body +
			x7Rows("k", 100, 161) + "INSERT INTO r SELECT COUNT(*), GROUP_CONCAT(v ORDER BY id) FROM tt;\n" + x7Rows("k", 200, 241)
		want := ""
		if name == "multi-table write" {
			// Sent again it would write or read k as the interrupted run left it: refused
			// while tt is there.
			want = "--resume cannot rebuild temporary table x9.tt as the dump made it: this statement writes it with real tables, or from them"
		}
		t.Run(name, func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "INSERT INTO k VALUES (120"), opt: importer.Options{Parallel: 2, BatchBytes: 512}, refused: want})
		})
		if name == "multi-table write" {
			// Dropped before the stop: what read it committed; no refusal.
			dropped := strings.Replace(dump, "FROM tt;\n", "FROM tt;\nDROP TEMPORARY TABLE tt;\n", 1)
			t.Run(name+"/dropped before the stop", func(t *testing.T) {
				runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dropped, stop: lineOf(t, dropped, "INSERT INTO k VALUES (220"), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
			})
		}
	}
}

// TestFixX25TemporaryFillUnchanged: x-fix21 refused a resume past CREATE TEMPORARY TABLE
// tt SELECT … FROM k (or INSERT INTO tt SELECT …) while tt is there at the resume point,
// since the resume fills tt again from k as the interrupted run left it. Where no
// statement the resume skips after the fill may have written k (rows into other tables
// only), k is InnoDB, not reloaded, and no trigger, view or routine exists, that is k as
// the client's fill read it: the resume goes on and must end with the client's database
// (replay's exactFill; refused before). Refused still: k written after the fill (rows,
// UPDATE, ALTER), k MyISAM, a view on the server, a fill through EXECUTE IMMEDIATE of a
// join whose other table is written after it.
func TestFixX25TemporaryFillUnchanged(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	const refused = "--resume cannot rebuild temporary table x9.tt as the dump made it: it is filled from `k`"
	head := x9HeadRows() + "CREATE TABLE r (n int, s text) ENGINE=InnoDB;\nCREATE TABLE j (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n"
	read := "INSERT INTO r SELECT COUNT(*), GROUP_CONCAT(v ORDER BY id) FROM tt;\n"
	for _, c := range []struct{ name, pre, fill, between, want string }{
		{name: "create select", fill: "CREATE TEMPORARY TABLE tt SELECT * FROM k WHERE id < 20;\n"},
		{name: "insert select", fill: "CREATE TEMPORARY TABLE tt (id int, v varchar(40));\nINSERT INTO tt SELECT * FROM k;\n"},
		{name: "two fills", fill: "CREATE TEMPORARY TABLE tt SELECT * FROM k WHERE id < 5;\nINSERT INTO tt SELECT id + 100, v FROM h;\n",
			pre: "CREATE TABLE h (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\nINSERT INTO h VALUES (1, 'h1');\n"},
		{name: "second fill's table written", fill: "CREATE TEMPORARY TABLE tt SELECT * FROM k WHERE id < 5;\nINSERT INTO tt SELECT id + 100, v FROM j;\n",
			pre: "INSERT INTO j VALUES (1, 'j1');\n", want: refused}, // j's rows come after it
		{name: "k's rows after the fill", fill: "CREATE TEMPORARY TABLE tt SELECT * FROM k;\n", between: x7Rows("k", 300, 321), want: refused},
		{name: "k updated after the fill", fill: "CREATE TEMPORARY TABLE tt SELECT * FROM k;\n", between: "UPDATE k SET v = 'u' WHERE id = 3;\n", want: refused},
		{name: "k altered after the fill", fill: "CREATE TEMPORARY TABLE tt SELECT * FROM k;\n", between: "ALTER TABLE k ADD COLUMN w int DEFAULT 7;\n", want: refused},
		{name: "other table of a wrapped join written", fill: "EXECUTE IMMEDIATE 'CREATE TEMPORARY TABLE tt SELECT k.id, j.v FROM k JOIN j USING (id)';\n",
			pre: "INSERT INTO j VALUES (1, 'j1'), (2, 'j2');\n", between: "UPDATE j SET v = 'w';\n", want: "--resume cannot rebuild temporary table x9.tt as the dump made it: it is filled from"},
		{name: "a view exists", pre: "CREATE VIEW kv AS SELECT id FROM k;\n", fill: "CREATE TEMPORARY TABLE tt SELECT * FROM k;\n", want: refused},
		{name: "k MyISAM", pre: "CREATE TABLE m (id int PRIMARY KEY, v varchar(40)) ENGINE=MyISAM;\nINSERT INTO m VALUES (1, 'm');\n",
			fill: "CREATE TEMPORARY TABLE tt SELECT * FROM m;\n", want: "--resume cannot rebuild temporary table x9.tt as the dump made it: it is filled from `m`"},
	} {
		dump := head + c.pre + c.fill + c.between + x7Rows("j", 100, 161) + read + x7Rows("j", 200, 241)
		t.Run(c.name, func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "INSERT INTO j VALUES (120"), opt: importer.Options{Parallel: 2, BatchBytes: 512}, refused: c.want})
		})
	}
}
