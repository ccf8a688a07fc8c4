package checkpoint

import (
	"slices"
	"testing"
)

// TestQualifiedNames: the names a view's definition (as the server stores it) gives to
// look up as tables: every db.name of two parts, not a column's three parts; an alias's
// column and a function are kept (the lookup drops them), a name in a string is not one.
func TestQualifiedNames(t *testing.T) {
	for _, c := range []struct {
		def  string
		want []string
	}{
		{"select `fz0`.`vb2`.`id` AS `id`,`fz0`.`vb2`.`a` AS `a` from `fz0`.`vb2`", []string{"fz0.vb2"}},
		{"select `x`.`id` AS `id` from (`d`.`t` `x` join `e`.`u.v` on(`x`.`id` = `e`.`u.v`.`id`)) where `d`.`f`(1) and 'a.b' = `d`.`t2`.`c`",
			[]string{"x.id", "d.t", "`e`.`u.v`", "d.f"}},
		{"select 1 AS `1`", nil},
	} {
		if have := qualifiedNames(c.def); !slices.Equal(have, c.want) {
			t.Errorf("qualifiedNames(%q) = %q, want %q", c.def, have, c.want)
		}
	}
}
