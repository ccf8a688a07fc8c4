package importer_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestParallelBinaryNames: under --parallel a batch of ASCII literal rows into a table
// whose character columns are all in the session's character set runs under binary
// names (non-ASCII and escaped strings too), which the server parses more cheaply (replay/binarynames.go), and stores what the
// client stores; the other cases keep the dump's names: a ucs2 column (binary 'ab' would
// be one ucs2 character where utf8mb4 'ab' is two), a latin1 column (binary 'é' would
// be two latin1 characters), a backslash under NO_BACKSLASH_ESCAPES, a function of the
// connection's character set, a trigger, a non-transactional (Aria) table, whose rows a
// rollback would not take back for the batch to run again, and a row whose warning quotes its value (a
// TAB, which a binary literal's message spells \x09): that batch runs again under the
// dump's names, so the error is the client's (strict mode: the client stops there, and so does dumpscope).
func TestParallelBinaryNames(t *testing.T) {
	rowsFrom := func(table, value string, first int) string {
		var b strings.Builder
		for s := 0; s < 3; s++ {
			fmt.Fprintf(&b, "INSERT INTO `%s` VALUES ", table)
			for r := 0; r < 40; r++ {
				if r > 0 {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, "(%d,%s)", first+s*40+r, value)
			}
			b.WriteString(";\n")
		}
		return b.String()
	}
	rows := func(table, value string) string { return rowsFrom(table, value, 1) }
	const head = "/*!40101 SET NAMES utf8mb4 */;\nSET sql_mode = 'STRICT_ALL_TABLES';\nCREATE DATABASE bn;\nUSE bn;\n"
	for _, c := range []struct {
		name, dump string
		binary     bool
		fails      string
	}{
		{"ascii utf8mb4", "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(30), d DATE, e ENUM('x','y')) DEFAULT CHARSET=utf8mb4;\n" + rows("t", "'abcdefghij-0123456789','2024-01-02','y'"), true, ""},
		{"ucs2 column", "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(30) CHARACTER SET ucs2) DEFAULT CHARSET=utf8mb4;\n" + rows("t", "'abcdefghij-0123456789'"), false, ""},
		{"non-ascii rows", "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(30), tx TEXT, e ENUM('é','x'), s SET('ü','y'), j JSON, ch CHAR(3)) DEFAULT CHARSET=utf8mb4;\n" + rows("t", `'abcdéfghij-箸😀','ß\'箸','é','ü,y','{"k": "é"}','äöü'`), true, ""},
		{"escapes", "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(30)) DEFAULT CHARSET=utf8mb4;\n" + rows("t", `'it\'s \"q\" \\ é\n\Z\0'`), true, ""},
		// Under NO_BACKSLASH_ESCAPES a backslash is a byte of the string, read so by the
		// planner (rowBatch.readNBE) and by the server under binary as under utf8mb4.
		{"no backslash escapes", "SET sql_mode = 'NO_BACKSLASH_ESCAPES';\nCREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(30), d VARCHAR(30)) DEFAULT CHARSET=utf8mb4;\n" + rows("t", `'a\b','é\'`), true, ""},
		{"escapes switched between batches", "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(30), d VARCHAR(30)) DEFAULT CHARSET=utf8mb4;\n" + rows("t", `'a\'b','é\\'`) +
			"SET sql_mode = 'NO_BACKSLASH_ESCAPES';\n" + rowsFrom("t", `'a\b','é\'`, 1000) + "SET sql_mode = '';\n" + rowsFrom("t", `'a\'b','é\\'`, 2000), true, ""},
		{"latin1 column", "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(30) CHARACTER SET latin1) DEFAULT CHARSET=utf8mb4;\n" + rows("t", "'abcdéfghij'"), false, ""},
		{"charset function", "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(30)) DEFAULT CHARSET=utf8mb4;\n" + rows("t", "CONCAT(CHARSET('a'),'abcdefghij')"), false, ""},
		{"session variable", "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(30), d VARCHAR(40)) DEFAULT CHARSET=utf8mb4;\n" + rows("t", "@@character_set_client, @@collation_connection"), false, ""},
		{"trigger", "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(30)) DEFAULT CHARSET=utf8mb4;\nCREATE TRIGGER tt BEFORE INSERT ON t FOR EACH ROW SET NEW.c = CONCAT(NEW.c, CHARSET(NEW.c));\n" + rows("t", "'abcdefghij-0123456789'"), false, ""},
		{"aria table", "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(30), n INT) ENGINE=Aria DEFAULT CHARSET=utf8mb4;\n" + rows("t", "'abcdefghij-0123456789',7") + "INSERT INTO `t` VALUES (1000,'a',7),(1001,'b','a\tb');\n", false, "Incorrect integer value: 'a\tb'"},
		{"warning quotes the value", "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(30), n INT) DEFAULT CHARSET=utf8mb4;\n" + rows("t", "'abcdefghij-0123456789',7") + "INSERT INTO `t` VALUES (1000,'a',7),(1001,'b','a\tb');\n", true, "Incorrect integer value: 'a\tb'"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newSessionFixture(t, head+c.dump)
			f.client()
			want := redump(t, f.srv, "bn")
			f.exec("DROP DATABASE bn")
			res := f.dumpscope(importer.Options{Parallel: 2, BatchBytes: 1 << 10})
			if c.fails == "" && res.Err != nil {
				t.Fatalf("%v", res.Err)
			}
			if c.fails != "" && (res.Err == nil || !strings.Contains(res.Err.Error(), c.fails)) {
				t.Errorf("the error does not say %q as the client's does: %v", c.fails, res.Err)
			}
			if got := redump(t, f.srv, "bn"); got != want {
				t.Errorf("re-dump differs from the client's:\n%s\nthe client's:\n%s", got, want)
			}
			if got := res.Replay.BinaryNames > 0; got != c.binary {
				t.Errorf("%d batches under binary names, want any: %v", res.Replay.BinaryNames, c.binary)
			}
		})
	}
}

// TestParallelBinaryNamesWarnings: strings into number, decimal and date columns (spaces,
// a TAB, a value the column refuses, non-ASCII after digits) under a sql_mode that warns
// rather than fails: the re-dump is the client's, and the warnings dumpscope reports
// under --parallel (binary names where a batch is clean, the dump's where one warns) are
// the serial replay's, which sends the client's statements.
func TestParallelBinaryNamesWarnings(t *testing.T) {
	var d strings.Builder
	d.WriteString("/*!40101 SET NAMES utf8mb4 */;\nSET sql_mode = '';\nCREATE DATABASE bn;\nUSE bn;\n")
	d.WriteString("CREATE TABLE t (id INT PRIMARY KEY, n INT, m DECIMAL(8,2), d DATE, c VARCHAR(20)) DEFAULT CHARSET=utf8mb4;\n")
	values := []string{"' 12','3.5 ','2024-01-02','a'", "'12 ','\t7','2024-01-02 ','b'", "'\t7',' 1e2','20240102','c'",
		"'12x','3.5','2024-01-02','d'", "'12é','3.5','2024-13-02','e'", "'7','1.005','2024-01-02 10:00:00','f'"}
	for s, v := range values {
		fmt.Fprintf(&d, "INSERT INTO `t` VALUES ")
		for r := 0; r < 30; r++ {
			if r > 0 {
				d.WriteString(",")
			}
			fmt.Fprintf(&d, "(%d,%s)", s*30+r+1, v)
		}
		d.WriteString(";\n")
	}
	f := newSessionFixture(t, d.String())
	f.client()
	want := redump(t, f.srv, "bn")
	f.exec("DROP DATABASE bn")
	serial := f.dumpscope(importer.Options{})
	if serial.Err != nil {
		t.Fatal(serial.Err)
	}
	f.exec("DROP DATABASE bn")
	res := f.dumpscope(importer.Options{Parallel: 2, BatchBytes: 1 << 10})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if got := redump(t, f.srv, "bn"); got != want {
		t.Errorf("re-dump differs from the client's:\n%s\nthe client's:\n%s", got, want)
	}
	if res.Replay.BinaryNames == 0 {
		t.Errorf("no batch ran under binary names")
	}
	messages := func(r *importer.Result) string {
		var out []string
		for _, w := range r.Replay.WarningList {
			out = append(out, fmt.Sprintf("%d %d %s", w.Offset, w.Code, w.Message))
		}
		return fmt.Sprintf("%d warnings: %s", r.Replay.Warnings, strings.Join(out, "; "))
	}
	if got, want := messages(res), messages(serial); got != want {
		t.Errorf("--parallel 2 reported\n%s\nthe serial replay\n%s", got, want)
	}
}

// TestParallelBinaryNamesAfterDDL: what binary names read of a table (its columns'
// character sets, triggers, engine) is kept for its later batches only while no other
// statement came between them (replay's namesCache): after an ALTER that makes a column
// latin1, a trigger that reads the connection's character set, or a DROP and CREATE of
// the table with a latin1 column, the next batches of non-ASCII rows keep the dump's
// names, and the table holds what the client stores. With the first batch's answer kept
// for every batch, the ALTER and the DROP and CREATE cases failed ('é' went into latin1
// as two characters); the trigger case is a guard (rows into a table with triggers
// write others, and no batch of them takes binary names).
func TestParallelBinaryNamesAfterDDL(t *testing.T) {
	rows := func(from int, value string) string {
		var b strings.Builder
		for s := 0; s < 3; s++ {
			b.WriteString("INSERT INTO `t` VALUES ")
			for r := 0; r < 40; r++ {
				if r > 0 {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, "(%d,%s)", from+s*40+r, value)
			}
			b.WriteString(";\n")
		}
		return b.String()
	}
	const head = "/*!40101 SET NAMES utf8mb4 */;\nCREATE DATABASE bn;\nUSE bn;\nCREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(40)) DEFAULT CHARSET=utf8mb4;\n"
	for _, c := range []struct{ name, between string }{
		{"alter to latin1", "ALTER TABLE t MODIFY c VARCHAR(40) CHARACTER SET latin1;\n"},
		{"trigger", "CREATE TRIGGER tt BEFORE INSERT ON t FOR EACH ROW SET NEW.c = CONCAT(NEW.c, CHARSET(NEW.c));\n"},
		{"drop and create", "DROP TABLE t;\nCREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(40) CHARACTER SET latin1);\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newSessionFixture(t, head+rows(1, "'abcdéfghij-0123456789'")+c.between+rows(1000, "'àéîõü-abcdefghij'"))
			f.client()
			want := redump(t, f.srv, "bn")
			f.exec("DROP DATABASE bn")
			res := f.dumpscope(importer.Options{Parallel: 2, BatchBytes: 1 << 10})
			if res.Err != nil {
				t.Fatalf("%v", res.Err)
			}
			if got := redump(t, f.srv, "bn"); got != want {
				t.Errorf("re-dump differs from the client's:\n%s\nthe client's:\n%s", got, want)
			}
			if res.Replay.BinaryNames == 0 {
				t.Errorf("no batch ran under binary names: the rows before %q should have", c.between)
			}
		})
	}
}
