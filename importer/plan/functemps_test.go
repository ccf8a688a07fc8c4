package plan

import (
	"slices"
	"strings"
	"testing"
)

// TestCodeTempDDL: the temporary tables a statement's functions leave made or drop,
// through functions, procedures and triggers, transitively (functemps.go); a routine's
// own CREATE runs nothing; rows of literal values are looked up by table only.
func TestCodeTempDDL(t *testing.T) {
	var rb routineBodies
	if ct := rb.codeTemps(); len(ct.funcs)+len(ct.trigs) != 0 {
		t.Fatalf("no bodies: %+v", ct)
	}
	for _, st := range delimited("CREATE FUNCTION f() RETURNS int BEGIN CREATE TEMPORARY TABLE tmp (id int); RETURN 1; END//\n" +
		"CREATE FUNCTION clean() RETURNS int BEGIN CREATE TEMPORARY TABLE s (id int); DROP TEMPORARY TABLE s; RETURN 1; END//\n" +
		"CREATE FUNCTION g() RETURNS int RETURN f() + 1//\n" +
		"CREATE FUNCTION plain() RETURNS int RETURN 2//\n" +
		"CREATE PROCEDURE p() BEGIN SET @y = g(); END//\n" +
		"CREATE TRIGGER trg AFTER INSERT ON k FOR EACH ROW SET @z = f()//\n" +
		"CREATE TRIGGER trg2 AFTER INSERT ON k2 FOR EACH ROW SET @z = plain()//\n" +
		"CREATE VIEW v AS SELECT f() AS x//\nCREATE VIEW d.w AS SELECT x FROM v//\nCREATE VIEW pv AS SELECT plain() AS y//\n" +
		// a trigger's table written through a view, a procedure, a function (x-fix66)
		"CREATE VIEW kv AS SELECT i FROM k//\nCREATE VIEW kv2 AS SELECT i FROM kv//\nCREATE VIEW k2v AS SELECT i FROM k2//\n" +
		"CREATE PROCEDURE pk() INSERT INTO k VALUES (1)//\nCREATE PROCEDURE pk2() UPDATE k2 SET i = 2//\n" +
		"CREATE PROCEDURE pr() INSERT INTO t SELECT i FROM k//\n" +
		"CREATE FUNCTION gk() RETURNS int BEGIN DELETE FROM kv WHERE i = 1; RETURN 1; END//\n") {
		rb.observe(&st, "d")
	}
	ct := rb.codeTemps()
	if !slices.Equal(ct.funcs, []string{"clean", "f", "g", "gk"}) || !ct.trigs["d.k"] || ct.trigs["d.k2"] ||
		!ct.trigs["d.kv"] || !ct.trigs["d.kv2"] || ct.trigs["d.k2v"] || !slices.Equal(ct.views, []string{"v", "w"}) {
		t.Fatalf("codeTemps: %+v", ct)
	}
	for text, want := range map[string][2][]string{
		"DO f()//":                                   {{"d.tmp"}, nil},
		"SET @x = d.g()//":                           {{"d.tmp"}, nil},
		"SET @x = other.g()//":                       {nil, nil},
		"INSERT INTO t VALUES (clean())//":           {nil, {"d.s"}},
		"CALL p()//":                                 {{"d.tmp"}, nil},
		"SELECT plain(), f2(1), `f` FROM t//":        {nil, nil},
		"CREATE FUNCTION h() RETURNS int RETURN 3//": {nil, nil},
		// a view's columns call f where it is read, a view of it too (x-fix62)
		"INSERT INTO t SELECT x FROM v//":               {{"d.tmp"}, nil},
		"SELECT x FROM d.w INTO @x//":                   {{"d.tmp"}, nil},
		"SELECT y FROM pv//":                            {nil, nil},
		"SELECT x FROM other.v//":                       {nil, nil},
		"CALL pk()//":                                   {{"d.tmp"}, nil},
		"CALL pk2()//":                                  {nil, nil},
		"CALL pr()//":                                   {nil, nil}, // reads k: its trigger does not run
		"DO gk()//":                                     {{"d.tmp"}, nil},
		"INSERT INTO kv2 (i) SELECT 1//":                {{"d.tmp"}, nil},
		"INSERT INTO k2v VALUES (1)//":                  {nil, nil},
		"UPDATE t, d.kv SET t.i = 1//":                  {{"d.tmp"}, nil},
		"INSERT INTO t SELECT i FROM kv//":              {nil, nil},
		"BEGIN NOT ATOMIC REPLACE kv VALUES (1); END//": {{"d.tmp"}, nil},
	} {
		st := delimited(text)[0]
		made, dropped := rb.codeTempDDL(&st, "d")
		if !slices.Equal(made, want[0]) || !slices.Equal(dropped, want[1]) {
			t.Errorf("%s: made %q, dropped %q; want %q, %q", text, made, dropped, want[0], want[1])
		}
	}
	for text, want := range map[string]bool{
		"INSERT INTO k VALUES (1)//":          true, // literal rows: the trigger by a look-up
		"INSERT INTO k2 VALUES (1)//":         false,
		"DO g()//":                            true,
		"DO clean()//":                        false, // drops what it makes: nothing held
		"DO plain()//":                        false,
		"INSERT INTO kv VALUES (1)//":         true, // a view of k, literal rows: by a look-up
		"INSERT INTO kv2 VALUES (1)//":        true,
		"INSERT INTO k2v VALUES (1)//":        false,
		"DO gk()//":                           true,
		"DO (SELECT x FROM w)//":              true,
		"CREATE VIEW v2 AS SELECT x FROM v//": false, // makes a view, runs nothing
	} {
		st := delimited(text)[0]
		var tt temporaryTables
		if got := tt.madeByFunctions(&rb, &st, "d", strings.HasPrefix(text, "INSERT")); got != want {
			t.Errorf("%s: madeByFunctions %v, want %v", text, got, want)
		}
	}
}
