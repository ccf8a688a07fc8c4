package difffuzz

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

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

// TestReadFailureEndInsideText: split's refusal of a dump that ends inside a string (seed
// 100068) is read as a refusal, not as dumpscope failing where the client succeeded; an
// error without a refusal's words stays a failure.
func TestReadFailureEndInsideText(t *testing.T) {
	sp := split.NewSplitter(strings.NewReader("SELECT 1;\nSELECT 'abc;\n"), split.SplitOptions{})
	for sp.Next() {
	}
	if sp.Err() == nil {
		t.Fatal("the splitter took an unterminated string")
	}
	var o Outcome
	readFailure(&o, []byte("dumpscope: importing s.sql on 1 connection\ndumpscope import: s.sql: "+sp.Err().Error()+"\ndumpscope: failed in 0:00\n"))
	if o.Refused == "" || !strings.Contains(o.Refused, "unterminated string") {
		t.Errorf("refusal not read: %+v", o)
	}
	var e Outcome
	readFailure(&e, []byte("dumpscope import: s.sql: offset 10, line 2: INSERT `t`: Error 1062 (23000): Duplicate entry '1' for key 'PRIMARY'\n"))
	if e.Refused != "" || !e.Failed {
		t.Errorf("an error read as a refusal: %+v", e)
	}
}
