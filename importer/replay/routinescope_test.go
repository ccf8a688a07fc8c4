package replay

import (
	"slices"
	"testing"
)

// TestTriggersReaching: the tables whose triggers may call a routine are those whose
// bodies name it, or a routine or view (reach), or a table whose triggers do; a name
// inside a longer one is not a mention. Without the table step, rows of t, whose trigger
// writes side, ran beside the routine's CREATE where side's trigger called it.
func TestTriggersReaching(t *testing.T) {
	bodies := map[string][]string{
		"d.direct":  {"set new.w = `f`(new.v)"},
		"d.viaproc": {"call p(new.id)"},
		"d.viaview": {"insert into log select * from vw"},
		"d.t":       {"insert into side values (new.id, new.v)"},
		"d.side":    {"set new.w = f (new.w)"},
		"d.longer":  {"set new.w = ff(new.x) + f_2(new.x) + new.f2 + vw2"},
		"d.none":    {"insert into audit_log (action) values ('order created')"},
	}
	got := triggersReaching(bodies, []string{"p", "vw", "f"})
	slices.Sort(got)
	want := []string{"d.direct", "d.side", "d.t", "d.viaproc", "d.viaview"}
	if !slices.Equal(got, want) {
		t.Errorf("triggersReaching = %v, want %v", got, want)
	}
	// new.f is a column of NEW, yet it counts: quoting and qualifiers are not read, which
	// only widens the scope.
	if !mentionsAny([]string{"set new.w = new.f"}, []string{"f"}) {
		t.Error("new.f: want a mention (a wider scope, never a narrower one)")
	}
}
