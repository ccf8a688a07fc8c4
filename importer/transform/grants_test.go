package transform

import (
	"slices"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestReadPrivileges: the object after a GRANT's or REVOKE's ON as the server reads it
// (quoted names, *.*, db.*, *, routines, ANSI_QUOTES, comments and executable comments),
// and the statements of accounts, which name none.
func TestReadPrivileges(t *testing.T) {
	for q, want := range map[string]privObject{
		"CREATE USER `u`@`%` IDENTIFIED BY 'on x.y'":                          {kind: privAccount},
		"CREATE OR REPLACE USER u@localhost":                                  {kind: privAccount},
		"CREATE ROLE IF NOT EXISTS r":                                         {kind: privAccount},
		"ALTER USER u@h PASSWORD EXPIRE":                                      {kind: privAccount},
		"DROP USER IF EXISTS u":                                               {kind: privAccount},
		"DROP ROLE r":                                                         {kind: privAccount},
		"RENAME USER a TO b":                                                  {kind: privAccount},
		"GRANT r1, r2 TO u@h WITH ADMIN OPTION":                               {kind: privAccount},
		"REVOKE r1 FROM u":                                                    {kind: privAccount},
		"REVOKE ALL PRIVILEGES, GRANT OPTION FROM u@h":                        {kind: privAccount},
		"GRANT PROXY ON ''@'%' TO 'u'@'h'":                                    {kind: privAccount},
		"GRANT ALL PRIVILEGES ON *.* TO `root`@`localhost` WITH GRANT OPTION": {kind: privGlobal},
		"GRANT SELECT ON `shop`.* TO u":                                       {kind: privDatabase, db: "shop"},
		"GRANT SELECT ON `my\\_db`.* TO u":                                    {kind: privDatabase, db: "my\\_db"},
		"GRANT SELECT ON * TO u":                                              {kind: privDatabase},
		"GRANT SELECT, INSERT ON `x18g`.`t` TO `x18app`@`%`":                  {kind: privTable, db: "x18g", name: "t"},
		"GRANT SELECT (`a`, b), UPDATE (c) ON TABLE d.t TO u":                 {kind: privTable, db: "d", name: "t"},
		"GRANT SELECT ON t TO u":                                              {kind: privTable, name: "t"},
		"GRANT SELECT ON `a.b`.`c``d` TO u":                                   {kind: privTable, db: "a.b", name: "c`d"},
		"GRANT /* ON x.y */ SELECT ON -- ON z.z\n d . t TO u":                 {kind: privTable, db: "d", name: "t"},
		"/*!40100 GRANT SELECT ON d.t TO u */":                                {kind: privTable, db: "d", name: "t"},
		"GRANT EXECUTE ON PROCEDURE `d`.`p` TO u":                             {kind: privRoutine, db: "d", name: "p"},
		"GRANT EXECUTE ON FUNCTION f TO u":                                    {kind: privRoutine, name: "f"},
		"GRANT EXECUTE ON PACKAGE BODY d.pk TO u":                             {kind: privRoutine, db: "d", name: "pk"},
		"REVOKE INSERT ON d.t FROM u":                                         {kind: privTable, db: "d", name: "t"},
		"REVOKE SELECT ON d.* FROM u":                                         {kind: privDatabase, db: "d"},
	} {
		got, ok := privilegesOf(t, q, false)
		if !ok || got != want {
			t.Errorf("%q: %+v %v, want %+v", q, got, ok, want)
		}
	}
	if got, ok := privilegesOf(t, `GRANT SELECT ON "d"."t" TO u`, true); !ok || got != (privObject{kind: privTable, db: "d", name: "t"}) {
		t.Errorf("ANSI_QUOTES: %+v %v", got, ok)
	}
	for _, q := range []string{"CREATE TABLE user (id int)", "DROP DATABASE d", "SELECT 1", "CREATE SERVER s FOREIGN DATA WRAPPER mysql OPTIONS (HOST 'h')", "RENAME TABLE a TO b"} {
		if got, ok := privilegesOf(t, q, false); ok {
			t.Errorf("%q: read as %+v", q, got)
		}
	}
}

// privilegesOf splits q (under ANSI_QUOTES when ansi) and reads its privileges.
func privilegesOf(t *testing.T, q string, ansi bool) (privObject, bool) {
	t.Helper()
	sp := split.NewSplitter(strings.NewReader(q+";\n"), split.SplitOptions{ANSIQuotes: ansi})
	if !sp.Next() {
		t.Fatalf("%q: no statement", q)
	}
	st := sp.Statement()
	return readPrivileges(&st)
}

// TestFilterAccountsAndGrants: accounts pass every filter wherever they stand (after the
// USE of a database left out too), a grant follows its object: the table, the database,
// the routine (not under --tables), the current database for a bare name.
func TestFilterAccountsAndGrants(t *testing.T) {
	dump := "CREATE DATABASE a;\nUSE a;\nCREATE TABLE t (id int);\nCREATE TABLE u (id int);\nCREATE PROCEDURE p() SELECT 1;\n" +
		"CREATE DATABASE b;\nUSE b;\nCREATE TABLE t (id int);\n" +
		"CREATE USER ro@'%';\n" +
		"GRANT SELECT ON *.* TO ro@'%';\n" +
		"GRANT SELECT ON a.* TO ro@'%';\n" +
		"GRANT SELECT ON `a\\_%`.* TO ro@'%';\n" +
		"GRANT SELECT ON b.* TO ro@'%';\n" +
		"GRANT SELECT ON a.t TO ro@'%';\n" +
		"GRANT SELECT ON a.u TO ro@'%';\n" +
		"GRANT SELECT ON t TO ro@'%';\n" +
		"GRANT EXECUTE ON PROCEDURE a.p TO ro@'%';\n" +
		"REVOKE SELECT ON a.u FROM ro@'%';\n" +
		"GRANT r TO ro@'%';\n"
	grants := func(opt Options) []string {
		out, _ := sqlOf(t, dump, opt)
		var g []string
		for _, q := range out {
			if w := strings.Fields(q)[0]; w == "GRANT" || w == "REVOKE" || strings.HasPrefix(q, "CREATE USER") {
				g = append(g, q)
			}
		}
		return g
	}
	for _, c := range []struct {
		name string
		opt  Options
		want []string
	}{
		{"include a", Options{IncludeDatabases: []string{"a"}}, []string{"CREATE USER ro@'%'", "GRANT SELECT ON *.* TO ro@'%'", "GRANT SELECT ON a.* TO ro@'%'",
			"GRANT SELECT ON `a\\_%`.* TO ro@'%'", "GRANT SELECT ON a.t TO ro@'%'", "GRANT SELECT ON a.u TO ro@'%'", "GRANT EXECUTE ON PROCEDURE a.p TO ro@'%'",
			"REVOKE SELECT ON a.u FROM ro@'%'", "GRANT r TO ro@'%'"}},
		{"exclude a.u", Options{ExcludeTables: []string{"a.u"}}, []string{"CREATE USER ro@'%'", "GRANT SELECT ON *.* TO ro@'%'", "GRANT SELECT ON a.* TO ro@'%'",
			"GRANT SELECT ON `a\\_%`.* TO ro@'%'", "GRANT SELECT ON b.* TO ro@'%'", "GRANT SELECT ON a.t TO ro@'%'", "GRANT SELECT ON t TO ro@'%'",
			"GRANT EXECUTE ON PROCEDURE a.p TO ro@'%'", "GRANT r TO ro@'%'"}},
		{"tables a.t", Options{Tables: []string{"a.t"}}, []string{"CREATE USER ro@'%'", "GRANT SELECT ON *.* TO ro@'%'", "GRANT SELECT ON a.* TO ro@'%'",
			"GRANT SELECT ON `a\\_%`.* TO ro@'%'", "GRANT SELECT ON a.t TO ro@'%'", "GRANT r TO ro@'%'"}},
	} {
		if got := grants(c.opt); !slices.Equal(got, c.want) {
			t.Errorf("%s: kept\n%q\nwant\n%q", c.name, got, c.want)
		}
	}
}
