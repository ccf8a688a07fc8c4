package sqlscan

import (
	"slices"
	"testing"
)

// TestTopLevel: the tokens outside parentheses, the parentheses left out; after a ')'
// without its '(' the depth is below the top until a '(' brings it back (as the three
// walks it replaced counted); what the loop's body reads with Next is not counted.
func TestTopLevel(t *testing.T) {
	for q, want := range map[string][]string{
		"ALTER TABLE a ADD (x int, y int), RENAME TO b":   {"ALTER", "TABLE", "a", "ADD", ",", "RENAME", "TO", "b"},
		"UPDATE t SET a = (SELECT MAX(b) FROM u) WHERE 1": {"UPDATE", "t", "SET", "a", "=", "WHERE", "1"},
		"a ) b ( c ) d":           {"a", "c"},
		"f('(', `)`) g /* ( */ h": {"f", "g", "h"},
	} {
		l := New([]byte(q), Syntax{})
		var got []string
		for tok := range TopLevel(&l) {
			got = append(got, tok.Text)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: %q, want %q", q, got, want)
		}
	}
	l := New([]byte("RENAME x ( y ) z w"), Syntax{})
	var got []string
	for tok := range TopLevel(&l) {
		got = append(got, tok.Text)
		if tok.Text == "RENAME" {
			l.Next() // x
			l.Next() // (: read by the body, not counted
		}
		if tok.Text == "z" {
			break
		}
	}
	if want := []string{"RENAME", "y"}; !slices.Equal(got, want) {
		t.Errorf("with the body reading on: %q, want %q", got, want)
	}
}
