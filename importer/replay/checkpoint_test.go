package replay

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// TestDMLTarget: the one table a single-table UPDATE or DELETE writes, and no answer for
// the forms that may write several.
func TestDMLTarget(t *testing.T) {
	for _, tc := range []struct {
		q, db, table string
		ok           bool
	}{
		{"UPDATE counter SET n = n + 1 WHERE id = 1", "", "counter", true},
		{"UPDATE LOW_PRIORITY IGNORE `s`.`c` SET n = 0", "s", "c", true},
		{"DELETE FROM log WHERE v % 5 = 1 LIMIT 1", "", "log", true},
		{"DELETE QUICK FROM `d`.`log`", "d", "log", true},
		{"DELETE FROM log ORDER BY id LIMIT 3", "", "log", true},
		{"UPDATE a, b SET a.n = b.n WHERE a.id = b.id", "", "", false},
		{"UPDATE a JOIN b ON a.id = b.id SET a.n = 1", "", "", false},
		{"UPDATE a x SET x.n = 1", "", "", false},
		{"DELETE a FROM a JOIN b ON a.id = b.id", "", "", false},
		{"DELETE FROM a USING a, b WHERE a.id = b.id", "", "", false},
		{"DELETE FROM a PARTITION (p0)", "", "", false},
		{"SELECT 1", "", "", false},
	} {
		db, table, ok := dmlTarget([]byte(tc.q), sqlscan.Syntax{})
		if db != tc.db || table != tc.table || ok != tc.ok {
			t.Errorf("%s: %q %q %v, want %q %q %v", tc.q, db, table, ok, tc.db, tc.table, tc.ok)
		}
	}
}

// TestAssignedUserVars: the user variables a statement sets from values a resume would
// evaluate anew, which the checkpoint journals; none for a SET of constants.
func TestAssignedUserVars(t *testing.T) {
	for q, want := range map[string][]string{
		"SET @n = (SELECT COUNT(*) FROM t), @k = 7":                                  {"@n", "@k"},
		"SET @k = 7, @s = 'x'":                                                       nil,
		"SET SESSION group_concat_max_len = (SELECT COUNT(*) FROM t), sql_mode = ''": {"@@group_concat_max_len", "@@sql_mode"},
		"SET GLOBAL max_connections = (SELECT COUNT(*) FROM t), @a = 1":              nil, // not the connection's
		"SET @@session.time_zone = (SELECT MAX(tz) FROM t)":                          {"@@time_zone"},
		"SET @OLD_SQL_MODE=@@SQL_MODE":                                               nil,
		"SELECT MAX(id), GROUP_CONCAT(s) INTO @m, @`g h` FROM t":                     {"@m", "@g h"},
		"UPDATE t SET f = f + (@c := @c + 1) WHERE id <= 3":                          {"@c"},
		"INSERT INTO t VALUES (1, 'a@b.c := d')":                                     nil,
		"INSERT INTO t SELECT @r := @r + 1, v FROM s":                                {"@r"},
		"SELECT @a FROM t":    nil,
		"DO @x := (SELECT 1)": {"@x"},
		// GET DIAGNOSTICS assigns with a plain = (TestDiagVarsKilledOrStopped).
		"GET DIAGNOSTICS @w = NUMBER, @r = ROW_COUNT":                           {"@w", "@r"},
		"GET CURRENT DIAGNOSTICS CONDITION 1 @e = MYSQL_ERRNO, @m=MESSAGE_TEXT": {"@e", "@m"},
		"SELECT @a = 1": nil, // a comparison
		// The server's blanks and comments before := (x-review14 #8).
		"SELECT @c\f:= COUNT(*) FROM t":           {"@c"},
		"DO @d\v:= 1":                             {"@d"},
		"UPDATE t SET v = (@e /* n */ := @e + 1)": {"@e"},
		"GET DIAGNOSTICS @w\f= NUMBER":            {"@w"},
	} {
		sp := split.NewSplitter(strings.NewReader(q+";\n"), split.SplitOptions{})
		if !sp.Next() {
			t.Fatalf("%s: no statement", q)
		}
		st := sp.Statement()
		if got := assignedUserVars(&st); !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", q, got, want)
		}
	}
}

// statementsOf splits dump and keeps the statements that hold SQL.
func statementsOf(t *testing.T, dump string) []split.Statement {
	t.Helper()
	sp := split.NewSplitter(strings.NewReader(dump), split.SplitOptions{})
	var sts []split.Statement
	for sp.Next() {
		st := sp.Statement()
		if len(st.SQL) == 0 {
			continue
		}
		st.SQL = bytes.Clone(st.SQL)
		sts = append(sts, st)
	}
	return sts
}

// TestStatementHeadsMultibyte: the statement-head readers read with the character set the
// statement was split under. Under SET NAMES sjis, 0x83 0x5C is one character (ソ) whose
// trail byte is a backslash, and 0x83 0x60 one whose trail byte is a backtick: read
// without the character set, a DEFINER string ran on past its end (CREATE TRIGGER's
// table was not found), a quoted name ended in the middle of a character (the table of
// an UPDATE or DELETE was not read, or read as another name), and a COMMENT string hid
// the SELECT of CREATE TABLE … SELECT (its table counted as made empty, which a resume
// may truncate to reload). LOCK TABLES: importer/plan's TestLockedTablesMultibyte.
func TestStatementHeadsMultibyte(t *testing.T) {
	for _, names := range []string{"sjis", "gbk"} {
		sts := statementsOf(t, "SET NAMES "+names+";\n"+
			"CREATE DEFINER='\x83\x5C'@'%' TRIGGER tr BEFORE INSERT ON t2 FOR EACH ROW SET @x = 1;\n"+
			"UPDATE `\x83\x60` SET c = 1;\n"+
			"DELETE FROM d.`\x83\x60` WHERE c = '\x83\x5C';\n"+
			"CREATE TABLE t4 (c varchar(5) COMMENT '\x83\x5C') SELECT 1 AS c;\n")
		if len(sts) != 5 {
			t.Fatalf("%s: %d statements", names, len(sts))
		}
		if db, table, ok := sqlscan.TriggerTable(sts[1].SQL, sts[1].Syntax()); !ok || db != "" || table != "t2" {
			t.Errorf("%s: trigger table %q.%q %v, want t2", names, db, table, ok)
		}
		if db, table, ok := dmlTarget(sts[2].SQL, sts[2].Syntax()); !ok || db != "" || table != "\x83\x60" {
			t.Errorf("%s: UPDATE's table %q.%q %v, want \\x83\\x60", names, db, table, ok)
		}
		if db, table, ok := dmlTarget(sts[3].SQL, sts[3].Syntax()); !ok || db != "d" || table != "\x83\x60" {
			t.Errorf("%s: DELETE's table %q.%q %v, want d.\\x83\\x60", names, db, table, ok)
		}
		dp := &dispatcher{} // the statement is decided without a look-up
		if creates, err := dp.createsTable(context.Background(), nil, &sts[4]); creates || err != nil {
			t.Errorf("%s: CREATE TABLE … SELECT counted as making an empty table (%v)", names, err)
		}
	}
}
