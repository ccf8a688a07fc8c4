package plan

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestCallArgVars: the user variables a statement that may CALL names (an OUT or INOUT
// argument among them), through EXECUTE IMMEDIATE's string and USING too; none for a
// statement that cannot CALL, @@ variables and DEFINER-like names aside.
func TestCallArgVars(t *testing.T) {
	for sql, want := range map[string][]string{
		"CALL p(8, @acc, @msg)":                               {"@acc", "@msg"},
		"CALL db.p(@a + 1, @@sql_mode, @a)":                   {"@a"},
		"EXECUTE IMMEDIATE 'CALL p(?, @b)' USING @a":          {"@a", "@b"},
		"EXECUTE s USING @x, @y":                              {"@x", "@y"},
		"SET STATEMENT max_statement_time = 1 FOR CALL p(@o)": {"@o"},
		"INSERT INTO t VALUES (@a)":                           nil,
		"SELECT 'CALL' INTO @v":                               nil, // not KindOther
		"CALL p()":                                            nil,
		"DO @a":                                               nil,
	} {
		sp := split.NewSplitter(strings.NewReader(sql+";\n"), split.SplitOptions{})
		if !sp.Next() {
			t.Fatalf("%s: no statement", sql)
		}
		st := sp.Statement()
		if diff := cmp.Diff(want, CallArgVars(&st)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", sql, diff)
		}
	}
}
