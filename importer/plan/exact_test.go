package plan

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// TestPlannerExact: cases where the differential corpus (cmd/dumpscope/plan_corpus2_test.go)
// found a parallel replay that differed from the client's, planned without a server.
func TestPlannerExact(t *testing.T) {
	cat := fakeCatalog{
		"db.auto": {AutoIncrement: "id", AutoIncrementAt: 0},
		"db.v":    {NotPlain: "a view"},
		"db.mm":   {NotPlain: "a table of engine MRG_MyISAM"},
		"db.p":    {Referenced: true},
	}
	tests := []struct {
		name   string
		script string
		want   []string
	}{
		{
			// The client fails with 1099; rows sent in parallel succeeded.
			name:   "rows into a table locked READ",
			script: "LOCK TABLES t READ;\nINSERT INTO t VALUES (1);\nUNLOCK TABLES;\n",
			want:   []string{"skip", "serial ! LOCK TABLES (db.t) is held over a statement that is not its tables' rows: the rest of the dump runs on one connection", "serial in"},
		},
		{
			name:   "rows into a table locked under an alias",
			script: "LOCK TABLES t AS a WRITE, u LOW_PRIORITY WRITE;\nINSERT INTO u VALUES (1);\nINSERT INTO t VALUES (1);\n",
			want:   []string{"skip", "rows db.u", "serial ! LOCK TABLES (db.t, db.u) is held over a statement that is not its tables' rows: the rest of the dump runs on one connection"},
		},
		{
			// ROLLBACK TO SAVEPOINT leaves the transaction open: the final ROLLBACK
			// must still undo the rows before it (it was taken for the end).
			name:   "ROLLBACK TO SAVEPOINT does not end the transaction",
			script: "START TRANSACTION;\nINSERT INTO t VALUES (1);\nSAVEPOINT a;\nROLLBACK TO SAVEPOINT a;\nINSERT INTO t VALUES (2);\nROLLBACK;\n",
			want: []string{"control", "serial db.t ! a transaction holds rows from here to its COMMIT or ROLLBACK",
				"serial ! SAVEPOINT lives in one connection's transaction: the rest of the dump runs on one connection", "serial in open", "serial in open", "serial in ends rollback"},
		},
		{
			// XA statements run raw on one connection; its end is not an implicit commit.
			name:   "XA transaction",
			script: "XA START 'x';\nINSERT INTO t VALUES (1);\nXA END 'x';\nXA PREPARE 'x';\nXA COMMIT 'x';\nINSERT INTO t VALUES (2);\n",
			want: []string{"serial open ! an XA transaction lives in one connection: the rest of the dump runs on one connection",
				"serial in open", "serial in open", "serial in open", "serial in", "serial"},
		},
		{
			name:   "rows reading @@last_insert_id or @@identity",
			script: "INSERT INTO t VALUES (1, @@session.last_insert_id);\n",
			want:   []string{"serial ! @@session.last_insert_id reads the state of one connection: the rest of the dump runs on one connection"},
		},
		{
			name:   "SET from @@identity",
			script: "SET @k = @@identity;\n",
			want:   []string{"serial ! SET @k = @@identity reads what differs between connections or over time: the rest of the dump runs on one connection"},
		},
		{
			// Assigning a connection variable gives every connection the same value.
			name:   "SET @@timestamp stays a session statement",
			script: "SET @@session.timestamp = 1700000000, insert_id = 5;\nINSERT INTO t VALUES (1);\n",
			want:   []string{"session", "rows db.t"},
		},
		{
			name:   "rows into a view or a MERGE table wait for everything",
			script: "INSERT INTO v VALUES (1);\nINSERT INTO mm VALUES (1);\nINSERT INTO t VALUES (1);\n",
			want:   []string{"barrier *", "barrier *", "rows db.t"},
		},
		{
			// REPLACE deletes the old row, and with it (ON DELETE CASCADE) child rows
			// that may still be in flight; INSERT into the parent stays parallel.
			name:   "REPLACE into a table other tables' foreign keys reference",
			script: "REPLACE INTO p VALUES (1);\nINSERT INTO p VALUES (2);\nREPLACE INTO t VALUES (1);\n",
			want:   []string{"barrier *", "rows db.p", "rows db.t"},
		},
		{
			// "t" under ANSI_QUOTES names table t (the table was '' before).
			name:   "ANSI_QUOTES table names",
			script: "SET sql_mode='ANSI_QUOTES';\nINSERT INTO \"t\" VALUES (1);\nINSERT INTO \"d\".\"u\" VALUES (1);\n",
			want:   []string{"session", "rows db.t", "rows d.u"},
		},
		{
			// Two tables whose names hold dots must not share a key (and so a batch).
			name:   "names with dots",
			script: "INSERT INTO `d.x`.`y` VALUES (1);\nINSERT INTO d.`x.y` VALUES (1);\nINSERT INTO d.x VALUES (1);\n",
			want:   []string{"rows `d.x`.`y`", "rows `d`.`x.y`", "rows d.x"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, planScriptFlags(t, tc.script, cat)); diff != "" {
				t.Errorf("plans (-want +got):\n%s", diff)
			}
		})
	}
}

// planScriptFlags is planScript with the transaction flags a serial plan carries: "in"
// (InRegion), "open" (OpenAfter), "ends" (EndsRegion), "rollback".
func planScriptFlags(t *testing.T, script string, cat Catalog) []string {
	t.Helper()
	sp := split.NewSplitter(strings.NewReader(script), split.SplitOptions{TrackSQLMode: true})
	p := NewPlanner()
	var got []string
	for sp.Next() {
		st := sp.Statement()
		if len(st.SQL) == 0 {
			continue
		}
		p.Syntax = sp.Syntax()
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
		if pl.Kind == Serial && pl.Reason == "" {
			for _, f := range []struct {
				on   bool
				name string
			}{{pl.InRegion, "in"}, {pl.OpenAfter, "open"}, {pl.EndsRegion, "ends"}, {pl.Rollback, "rollback"}} {
				if f.on {
					line += " " + f.name
				}
			}
		} else if pl.Kind == Serial && pl.OpenAfter && !pl.InRegion {
			line += " open"
		}
		if pl.Reason != "" {
			why := pl.Reason[strings.Index(pl.Reason, ": ")+2:]
			if i := strings.Index(why, ": it runs on one connection"); i > 0 {
				why = why[:i]
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

// TestLockedTables: only tables locked WRITE under their own name may take rows.
func TestLockedTables(t *testing.T) {
	keys, writable := lockedTables([]byte("LOCK TABLES a WRITE, b READ, `c` AS x WRITE, d READ LOCAL, e LOW_PRIORITY WRITE, o.f x2 WRITE, g WRITE CONCURRENT"), "db", sqlscan.Syntax{})
	if diff := cmp.Diff([]string{"db.a", "db.b", "db.c", "db.d", "db.e", "o.f", "db.g"}, keys); diff != "" {
		t.Errorf("keys (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"db.a", "db.e", "db.g"}, writable); diff != "" {
		t.Errorf("writable (-want +got):\n%s", diff)
	}
}

// TestNotPlainTarget: views and engines that write elsewhere are not plain targets.
func TestNotPlainTarget(t *testing.T) {
	for _, tc := range []struct {
		typ, engine string
		plain       bool
	}{
		{"BASE TABLE", "InnoDB", true}, {"BASE TABLE", "Aria", true}, {"BASE TABLE", "MEMORY", true},
		{"VIEW", "", false}, {"BASE TABLE", "MRG_MyISAM", false}, {"BASE TABLE", "FEDERATED", false},
		{"BASE TABLE", "CONNECT", false}, {"SEQUENCE", "InnoDB", true}, {"", "", true},
	} {
		if got := NotPlainTarget(tc.typ, tc.engine) == ""; got != tc.plain {
			t.Errorf("notPlainTarget(%q, %q) plain = %v, want %v", tc.typ, tc.engine, got, tc.plain)
		}
	}
}

// TestTakesIDs: which first statements of a resumed run may find AUTO_INCREMENT counters
// or sequences moved by an interrupted attempt that was inside them (lostCounter refuses
// those).
func TestTakesIDs(t *testing.T) {
	f := TableFacts{AutoIncrement: "id", AutoIncrementAt: 0}
	for _, tc := range []struct {
		sql      string
		f        TableFacts
		triggers bool
		want     bool
	}{
		{"INSERT INTO t VALUES (1,'a'),(2,'b')", f, false, false},
		{"INSERT INTO t (name) VALUES ('a')", f, false, true},
		{"INSERT INTO t VALUES (NULL,'a')", f, false, true},
		{"INSERT INTO t SET name = 'a'", f, false, true},
		{"INSERT INTO t SELECT * FROM s", f, false, true},
		{"INSERT INTO t (name) VALUES ('a')", TableFacts{}, false, false},
		{"INSERT INTO t VALUES (1,'a')", TableFacts{}, true, true},
	} {
		st := &split.Statement{Kind: split.KindInsert, SQL: []byte(tc.sql)}
		if got := TakesIDs(st, sqlscan.Syntax{}, "db.t", tc.f, tc.triggers) != ""; got != tc.want {
			t.Errorf("takesIDs(%s, %+v, triggers %v) = %v, want %v", tc.sql, tc.f, tc.triggers, got, tc.want)
		}
	}
	for sql, want := range map[string]bool{"INSERT INTO t VALUES (NEXTVAL(s))": true, "SELECT NEXT VALUE FOR s": true, "SELECT SETVAL(s, 5)": false} {
		if got := TakesSequenceValues(&split.Statement{SQL: []byte(sql)}); got != want {
			t.Errorf("takesSequenceValues(%s) = %v, want %v", sql, got, want)
		}
	}
}

// TestConnectionOnlyStatements: SET STATEMENT … FOR is the statement it wraps, not session
// state replayed on every connection and every resume (it ran twice after a resume); a
// PREPARE or HANDLER OPEN gets no progress row, so a resumed run builds it again before
// the EXECUTE that needs it.
func TestConnectionOnlyStatements(t *testing.T) {
	sp := split.NewSplitter(strings.NewReader("SET STATEMENT sql_mode='' FOR INSERT INTO t VALUES (1);\nPREPARE s FROM 'SELECT 1';\nEXECUTE s;\nHANDLER t OPEN;\nSET @a = 1;\n"), split.SplitOptions{})
	p := NewPlanner()
	var got []string
	for sp.Next() {
		st := sp.Statement()
		if len(st.SQL) == 0 {
			continue
		}
		pl, err := p.Next(&st, "db", fakeCatalog{})
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, st.Kind.String()+" "+map[bool]string{true: "volatile", false: "recorded"}[pl.Volatile])
	}
	want := []string{"other recorded", "other volatile", "other recorded", "other volatile", "session volatile"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestRoutineUserVariable: a trigger or function whose body uses a user variable makes the
// run serial at its CREATE (the variable would live on a worker); DEFINER=user@host and
// @@system variables do not.
func TestRoutineUserVariable(t *testing.T) {
	got := planScriptFlags(t, "CREATE DEFINER=root@localhost TRIGGER t_bi BEFORE INSERT ON t FOR EACH ROW SET NEW.ts = @@timestamp;\n"+
		"CREATE DEFINER=root@localhost FUNCTION f(x int) RETURNS int DETERMINISTIC RETURN x * 2;\n"+
		"CREATE TRIGGER t_bu BEFORE UPDATE ON t FOR EACH ROW SET @n = @n + 1, NEW.seq = @n;\n", fakeCatalog{})
	want := []string{"barrier db.t_bi,db.t,db.t", "barrier routine db.f", "serial ! the trigger t_bu uses user variable @n, which lives on the connection that runs it: the rest of the dump runs on one connection"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestRowInsertMaybeZeroIDs: an AUTO_INCREMENT column given something that is 0 or NULL in
// an integer column takes a generated id: '0', the empty string, 0e0, 0x0, FALSE, a variable, a
// function. Such rows ran on workers and were numbered in the workers' order.
func TestRowInsertMaybeZeroIDs(t *testing.T) {
	f := TableFacts{AutoIncrement: "id", AutoIncrementAt: 0}
	for sql, want := range map[string]bool{
		"INSERT INTO t VALUES ('0','a')": true, "INSERT INTO t VALUES ('','a')": true,
		"INSERT INTO t VALUES (0e0,'a')": true, "INSERT INTO t VALUES (0x0,'a')": true,
		"INSERT INTO t VALUES (0b00,'a')": true, "INSERT INTO t VALUES (FALSE,'a')": true,
		"INSERT INTO t VALUES (@id,'a')": true, "INSERT INTO t VALUES (UNHEX('00'),'a')": true,
		"INSERT INTO t VALUES (_binary '0','a')": true, "INSERT INTO t VALUES (-0.0,'a')": true,
		"INSERT INTO t VALUES (7,'0')": false, "INSERT INTO t VALUES (1e3,'a')": false,
		"INSERT INTO t VALUES (0x1F,'a')": false, "INSERT INTO t VALUES (0b1,'a')": false,
		"INSERT INTO t VALUES (TRUE,'')": false, "INSERT INTO t VALUES (3,FALSE)": false,
		"INSERT INTO t VALUES (-3,'a')": true, "INSERT INTO t VALUES (0.4,'a')": true, // 0 in an UNSIGNED column; rounds to 0
	} {
		ri, ok := ParseRowInsert([]byte(sql), sqlscan.Syntax{})
		if !ok {
			t.Fatalf("%s: not plain", sql)
		}
		if got := ri.generatesIDs(f); got != want {
			t.Errorf("generatesIDs(%s) = %v, want %v", sql, got, want)
		}
	}
}

// TestRowInsertAutoIncrementNameFold: the column list names the AUTO_INCREMENT column as
// the server compares names. strings.EqualFold took the latin1 names \xe9 and \xfc (both
// invalid UTF-8) for one, and ß for ẞ (two columns to MariaDB): a row into \xfc alone, 5,
// was taken for an explicit id where the AUTO_INCREMENT column \xe9 is left to the server.
func TestRowInsertAutoIncrementNameFold(t *testing.T) {
	for _, c := range []struct {
		column, sql string
		want        bool
	}{
		{"\xe9", "INSERT INTO t (`\xfc`) VALUES (5)", true},
		{"\u00df", "INSERT INTO t (`\u1e9e`) VALUES (5)", true},
		{"Id", "INSERT INTO t (`iD`) VALUES (5)", false},
		{"id", "INSERT INTO t (`v`, `ID`) VALUES (1, 0)", true},
	} {
		ri, ok := ParseRowInsert([]byte(c.sql), sqlscan.Syntax{})
		if !ok {
			t.Fatalf("%s: not plain", c.sql)
		}
		if got := ri.generatesIDs(TableFacts{AutoIncrement: c.column}); got != c.want {
			t.Errorf("generatesIDs(%q) with AUTO_INCREMENT column %q = %v, want %v", c.sql, c.column, got, c.want)
		}
	}
}

// TestPlannerLostAtEnd: a dump that names mysqldump keeps its autocommit=0 rows parallel;
// if it then ends (or quits) without committing them, the client would roll them back,
// so the end of the dump must fail instead of leaving them silently.
func TestPlannerLostAtEnd(t *testing.T) {
	for script, want := range map[string]bool{
		"-- MySQL dump 10.13\nset autocommit=0;\nINSERT INTO t VALUES (1);\ncommit;\nINSERT INTO t VALUES (2);\n": true,
		"-- MySQL dump 10.13\nset autocommit=0;\nINSERT INTO t VALUES (1);\ncommit;\nSET NAMES utf8mb4;\n":        false,
		"set autocommit=0;\nINSERT INTO t VALUES (1);\n":                                                          false, // serial: rolled back
	} {
		sp := split.NewSplitter(strings.NewReader(script), split.SplitOptions{})
		p := NewPlanner()
		for sp.Next() {
			st := sp.Statement()
			if len(st.SQL) == 0 {
				continue
			}
			if _, err := p.Next(&st, "db", fakeCatalog{}); err != nil {
				t.Fatal(err)
			}
		}
		if got := p.LostAtEnd(); got != want {
			t.Errorf("LostAtEnd after %q = %v, want %v", script, got, want)
		}
	}
}

// TestLockedTablesANSI: under ANSI_QUOTES (mariadb-dump --compatible=ansi), "t" is the
// table; WRITE was taken for its name and the run went serial.
func TestLockedTablesANSI(t *testing.T) {
	keys, writable := lockedTables([]byte(`LOCK TABLES "audit" WRITE`), "db", sqlscan.Syntax{ANSIQuotes: true})
	if diff := cmp.Diff([]string{"db.audit"}, keys); diff != "" {
		t.Errorf("keys (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"db.audit"}, writable); diff != "" {
		t.Errorf("writable (-want +got):\n%s", diff)
	}
}

// TestLockedTablesMultibyte: LOCK TABLES is read with the statement's character set:
// under SET NAMES sjis or gbk, 0x83 0x60 is one character whose trail byte is a backtick,
// which ended the quoted name read without it (the rest of the statement became the name).
func TestLockedTablesMultibyte(t *testing.T) {
	for _, names := range []string{"sjis", "gbk"} {
		sp := split.NewSplitter(strings.NewReader("SET NAMES "+names+";\nLOCK TABLES `\x83\x60` WRITE, t3 READ;\n"), split.SplitOptions{})
		var st split.Statement
		for sp.Next() {
			if s := sp.Statement(); strings.HasPrefix(string(s.SQL), "LOCK") {
				st = s
				st.SQL = []byte(string(s.SQL))
			}
		}
		keys, writable := lockedTables(st.SQL, "db", st.Syntax())
		if want := []string{KeyOf("db", "\x83\x60"), "db.t3"}; !slices.Equal(keys, want) || !slices.Equal(writable, want[:1]) {
			t.Errorf("%s: LOCK TABLES %q (write %q), want %q (write the first)", names, keys, writable, want)
		}
	}
}
