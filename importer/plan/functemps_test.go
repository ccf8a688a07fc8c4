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
		"CREATE VIEW v AS SELECT f() AS x//\nCREATE VIEW d.w AS SELECT x FROM v//\nCREATE VIEW pv AS SELECT plain() AS y//\n") {
		rb.observe(&st, "d")
	}
	ct := rb.codeTemps()
	if !slices.Equal(ct.funcs, []string{"clean", "f", "g"}) || !ct.trigs["d.k"] || ct.trigs["d.k2"] || !slices.Equal(ct.views, []string{"v", "w"}) {
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
		"INSERT INTO t SELECT x FROM v//": {{"d.tmp"}, nil},
		"SELECT x FROM d.w INTO @x//":     {{"d.tmp"}, nil},
		"SELECT y FROM pv//":              {nil, nil},
		"SELECT x FROM other.v//":         {nil, nil},
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
