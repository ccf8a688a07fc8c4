package plan

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestLiteralWhateverKind: Plan.Literal marks a row insert of literal values whether it
// is batched (Rows) or runs on the control connection once the run is serial (after a
// temporary table) — where replay's checks for a reader of ROW_COUNT skip it unscanned —
// and never an insert that calls a function or reads a variable, in either place.
func TestLiteralWhateverKind(t *testing.T) {
	script := "INSERT INTO t VALUES (1,'a',NULL),(2,'ROW_COUNT()',-3.5);\n" +
		"INSERT INTO t VALUES (1,DEFAULT,X'41');\n" +
		"CREATE TEMPORARY TABLE tt (a INT);\n" +
		"INSERT INTO t VALUES (1,'a',NULL),(2,'ROW_COUNT()',-3.5);\n" +
		"INSERT INTO t VALUES (ROW_COUNT(),'a',NULL);\n" +
		"INSERT INTO t VALUES (@a,'a',NULL);\n" +
		"INSERT INTO t VALUES (1,DEFAULT,X'41');\n"
	want := []string{"rows true", "rows false", "serial false", "serial true", "serial false", "serial false", "serial false"}
	sp := split.NewSplitter(strings.NewReader(script), split.SplitOptions{})
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
		got = append(got, pl.Kind.String()+" "+map[bool]string{true: "true", false: "false"}[pl.Literal])
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("kind literal per statement:\n got %q\nwant %q", got, want)
	}
}

// TestConnectionStateLiteralHead: ConnectionState reads a literal row insert to its VALUES
// only, and finds there what connectionState finds in the whole text: a table named like
// a function of the connection before a column list, nothing in strings that name one.
func TestConnectionStateLiteralHead(t *testing.T) {
	for _, q := range []string{
		"INSERT INTO t VALUES (1,'CONNECTION_ID()','@a',NULL)",
		"INSERT INTO uuid (a) VALUES (1)",
		"INSERT INTO t (a) VALUE ('values')",
		"INSERT /*!40000 IGNORE */ INTO `t` VALUES (1,'LAST_INSERT_ID()')",
	} {
		sp := split.NewSplitter(strings.NewReader(q+";\n"), split.SplitOptions{})
		if !sp.Next() {
			t.Fatal(sp.Err())
		}
		st := sp.Statement()
		got, want := ConnectionState(&st, Plan{Literal: true}), connectionState(&st)
		if got != want {
			t.Errorf("%s: ConnectionState %q, connectionState %q", q, got, want)
		}
	}
}
