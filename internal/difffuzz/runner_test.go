package difffuzz

import "testing"

// TestCompare: what counts as a difference between the client's outcome and dumpscope's.
func TestCompare(t *testing.T) {
	ok := Outcome{DBs: []string{"fz0"}, Dump: []byte("a\nb\n")}
	fail := Outcome{Failed: true, ErrCode: "1062", ErrLine: "7", Dump: []byte("x")}
	for _, tc := range []struct {
		name       string
		want, have Outcome
		kind       string // "" for none
	}{
		{"same", ok, ok, ""},
		{"dump", ok, Outcome{DBs: []string{"fz0"}, Dump: []byte("a\nc\n")}, "dump"},
		{"databases", ok, Outcome{DBs: []string{"fz0", "fz1"}, Dump: ok.Dump}, "dump"},
		{"dumpscope failed", ok, fail, "exit"},
		{"dumpscope succeeded", fail, ok, "exit"},
		{"same error, other data", fail, Outcome{Failed: true, ErrCode: "1062", ErrLine: "7", Dump: []byte("y")}, ""},
		{"other line", fail, Outcome{Failed: true, ErrCode: "1062", ErrLine: "8"}, "error"},
		{"other error", fail, Outcome{Failed: true, ErrCode: "1064", ErrLine: "7"}, "error"},
		{"refused", ok, Outcome{Failed: true, Refused: "--resume cannot recreate …"}, ""},
		{"hang", ok, Outcome{Failed: true, Hung: true}, "hang"},
	} {
		d := Compare("m", tc.want, tc.have)
		switch {
		case tc.kind == "" && d != nil:
			t.Errorf("%s: %v, want no difference", tc.name, d)
		case tc.kind != "" && (d == nil || d.Kind != tc.kind):
			t.Errorf("%s: %v, want kind %s", tc.name, d, tc.kind)
		}
	}
}
