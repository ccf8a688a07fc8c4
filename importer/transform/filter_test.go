package transform

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/importer/split"
)

// filterDump has two databases, tables with triggers, a view, a routine, mysqldump's
// LOCK/DISABLE KEYS framing, and qualified statements while another database is current.
const filterDump = `/*!40101 SET NAMES utf8mb4 */;
CREATE DATABASE a;
USE a;
CREATE TABLE t1 (id int PRIMARY KEY);
LOCK TABLES t1 WRITE;
/*!40000 ALTER TABLE t1 DISABLE KEYS */;
INSERT INTO t1 VALUES (1),(2);
/*!40000 ALTER TABLE t1 ENABLE KEYS */;
UNLOCK TABLES;
CREATE TABLE t2 (id int);
LOCK TABLES t2 WRITE;
INSERT INTO t2 VALUES (3);
UNLOCK TABLES;
CREATE TABLE log_2024 (id int);
INSERT INTO log_2024 VALUES (4);
DELIMITER ;;
/*!50003 CREATE*/ /*!50017 DEFINER=root@localhost*/ /*!50003 TRIGGER t1_ai AFTER INSERT ON t1 FOR EACH ROW INSERT INTO t2 VALUES (NEW.id) */;;
CREATE PROCEDURE p() BEGIN SELECT 1; END ;;
DELIMITER ;
CREATE VIEW v1 AS SELECT id FROM t1;
CREATE DATABASE b;
USE b;
CREATE TABLE t1 (id int);
INSERT INTO t1 VALUES (5);
INSERT INTO a.t2 VALUES (6);
USE a;
INSERT INTO t1 VALUES (7);
`

// sqlOf runs dump through a Transform and returns the SQL it lets through, with the end
// offset of the last statement it saw (kept or skipped).
func sqlOf(t *testing.T, dump string, opt Options) ([]string, int64) {
	t.Helper()
	tr, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	var consumed int64
	tr.Attach(split.NewSplitter(strings.NewReader(dump), split.SplitOptions{}), "", func(end int64) { consumed = end })
	var out []string
	for tr.Next() {
		st := tr.Statement()
		consumed = st.Offset + int64(len(st.Raw))
		if st.Kind == split.KindClient {
			out = append(out, "DELIMITER "+st.Arg)
			continue
		}
		if len(st.SQL) > 0 {
			out = append(out, string(st.SQL))
		}
	}
	if err := tr.Err(); err != nil {
		t.Fatal(err)
	}
	return out, consumed
}

func TestTransformFilters(t *testing.T) {
	set := "/*!40101 SET NAMES utf8mb4 */"
	trigger := "/*!50003 CREATE*/ /*!50017 DEFINER=root@localhost*/ /*!50003 TRIGGER t1_ai AFTER INSERT ON t1 FOR EACH ROW INSERT INTO t2 VALUES (NEW.id) */"
	cases := []struct {
		name string
		opt  Options
		want []string
	}{
		{"tables a.t1", Options{Tables: []string{"a.t1"}}, []string{
			set, "CREATE DATABASE a", "USE a", "CREATE TABLE t1 (id int PRIMARY KEY)", "LOCK TABLES t1 WRITE",
			"/*!40000 ALTER TABLE t1 DISABLE KEYS */", "INSERT INTO t1 VALUES (1),(2)", "/*!40000 ALTER TABLE t1 ENABLE KEYS */", "UNLOCK TABLES",
			"DELIMITER ;;", trigger, "DELIMITER ;", "USE a", "INSERT INTO t1 VALUES (7)",
		}},
		{"include b", Options{IncludeDatabases: []string{"b"}}, []string{
			set, "DELIMITER ;;", "DELIMITER ;", "CREATE DATABASE b", "USE b", "CREATE TABLE t1 (id int)", "INSERT INTO t1 VALUES (5)",
		}},
		{"exclude glob", Options{IncludeDatabases: []string{"a"}, ExcludeTables: []string{"log_*", "t1"}}, []string{
			set, "CREATE DATABASE a", "USE a", "CREATE TABLE t2 (id int)", "LOCK TABLES t2 WRITE", "INSERT INTO t2 VALUES (3)", "UNLOCK TABLES",
			"DELIMITER ;;", "CREATE PROCEDURE p() BEGIN SELECT 1; END", "DELIMITER ;", "CREATE VIEW v1 AS SELECT id FROM t1",
			"INSERT INTO a.t2 VALUES (6)", "USE a",
		}},
		{"schema-only tables a.*", Options{Tables: []string{"a.*"}, SchemaOnly: true}, []string{
			set, "CREATE DATABASE a", "USE a", "CREATE TABLE t1 (id int PRIMARY KEY)", "CREATE TABLE t2 (id int)", "CREATE TABLE log_2024 (id int)",
			"DELIMITER ;;", trigger, "DELIMITER ;", "CREATE VIEW v1 AS SELECT id FROM t1", "USE a",
		}},
		{"data-only b", Options{IncludeDatabases: []string{"b"}, DataOnly: true}, []string{
			set, "DELIMITER ;;", "DELIMITER ;", "USE b", "INSERT INTO t1 VALUES (5)",
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, consumed := sqlOf(t, filterDump, tc.opt)
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("kept (-want +got):\n%s", d)
			}
			// Skipped statements count as consumed: the last one (kept or not) ends the dump.
			if consumed != int64(len(filterDump)) {
				t.Errorf("consumed %d bytes, want %d", consumed, len(filterDump))
			}
		})
	}
}

// TestTransformTablesDottedName: --tables `d.x`.t is table t of database d.x. The pattern
// was cut at its first dot (database "`d", table "x`.t") and kept none of its rows.
func TestTransformTablesDottedName(t *testing.T) {
	dump := "CREATE TABLE `d.x`.t (id int);\nINSERT INTO `d.x`.t VALUES (1);\nINSERT INTO d.`x.t` VALUES (2);\n"
	got, _ := sqlOf(t, dump, Options{Tables: []string{"`d.x`.t"}})
	want := []string{"CREATE TABLE `d.x`.t (id int)", "INSERT INTO `d.x`.t VALUES (1)"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("kept (-want +got):\n%s", d)
	}
}

func TestTransformOptionErrors(t *testing.T) {
	for _, opt := range []Options{
		{SchemaOnly: true, DataOnly: true},
		{Tables: []string{"a.[x"}},
		{IncludeDatabases: []string{"[b"}},
	} {
		if _, err := New(opt); err == nil {
			t.Errorf("%+v: no error", opt)
		}
	}
}

// TestTransformStartAt: before the offset only session statements and client commands
// pass; from it, everything; an offset inside a statement is an error naming the start.
func TestTransformStartAt(t *testing.T) {
	at := int64(strings.Index(filterDump, "INSERT INTO a.t2 VALUES (6)")) - 1 // the newline before it is its first byte
	got, consumed := sqlOf(t, filterDump, Options{StartAt: at})
	want := []string{"/*!40101 SET NAMES utf8mb4 */", "USE a", "DELIMITER ;;", "DELIMITER ;", "USE b",
		"INSERT INTO a.t2 VALUES (6)", "USE a", "INSERT INTO t1 VALUES (7)"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if consumed != int64(len(filterDump)) {
		t.Errorf("consumed %d, want %d", consumed, len(filterDump))
	}
	tr, _ := New(Options{StartAt: at + 3})
	tr.Attach(split.NewSplitter(strings.NewReader(filterDump), split.SplitOptions{}), "", nil)
	for tr.Next() {
	}
	if err := tr.Err(); err == nil || !strings.Contains(err.Error(), "start at "+strconv.FormatInt(at, 10)) {
		t.Errorf("inside a statement: %v", err)
	}
}

func TestTransformFingerprint(t *testing.T) {
	a := Options{Tables: []string{"b.t", "a.t "}, RenameDatabases: map[string]string{"x": "y", "a": "b"}, Compat: "mariadb", StartAt: 5}
	b := Options{Tables: []string{"a.t", "b.t"}, RenameDatabases: map[string]string{"a": "b", "x": "y"}, Compat: "mariadb", GTIDPurged: "off"}
	if fa, fb := a.Fingerprint(), b.Fingerprint(); fa != fb || fa != "tables=a.t,b.t rename-database=a=b,x=y compat=mariadb" {
		t.Errorf("fingerprints %q and %q", fa, fb)
	}
	if f := (Options{GTIDPurged: "auto"}).Fingerprint(); f != "" {
		t.Errorf("no change: %q", f)
	}
	if (Options{Tables: []string{"a.t"}}).Fingerprint() == (Options{ExcludeTables: []string{"a.t"}}).Fingerprint() {
		t.Error("--tables and --exclude-tables of the same table look alike")
	}
}

// TestTransformKeysToggleIsOneForm: only DISABLE/ENABLE KEYS alone goes with the rows. An
// ALTER TABLE that also changes a column was read as a toggle by the filters' own copy
// of the reader (any 2 to 7 words ending DISABLE KEYS), and --schema-only dropped the
// schema change with the rows; a toggle in a form the server takes (ONLINE, a comment)
// is still data.
func TestTransformKeysToggleIsOneForm(t *testing.T) {
	dump := "CREATE TABLE t1 (id int, c int);\n" +
		"ALTER TABLE t1 DROP c, DISABLE KEYS;\n" +
		"ALTER ONLINE TABLE t1 /* rows follow */ DISABLE KEYS;\n" +
		"INSERT INTO t1 VALUES (1);\n" +
		"ALTER IGNORE TABLE `t1` ENABLE KEYS;\n"
	got, _ := sqlOf(t, dump, Options{SchemaOnly: true})
	want := []string{"CREATE TABLE t1 (id int, c int)", "ALTER TABLE t1 DROP c, DISABLE KEYS"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("--schema-only kept (-want +got):\n%s", d)
	}
	got, _ = sqlOf(t, dump, Options{DataOnly: true})
	want = []string{"ALTER ONLINE TABLE t1  DISABLE KEYS", "INSERT INTO t1 VALUES (1)", "ALTER IGNORE TABLE `t1` ENABLE KEYS"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("--data-only kept (-want +got):\n%s", d)
	}
}
