package split

import "testing"

// TestPosition: the messages that name a statement spell its position one way.
func TestPosition(t *testing.T) {
	st := &Statement{Kind: KindDDL, Table: "t", Offset: 1234567, Line: 890}
	for _, tc := range []struct{ got, want string }{
		{At("dump.sql", st).String(), "dump.sql: offset 1234567, line 890"},
		{At("", st).String(), "offset 1234567, line 890"},
		{At("dump.sql", st).Statement(st.Kind, st.Table), "dump.sql: offset 1234567, line 890: ddl `t`"},
		{At("dump.sql", st).Statement(KindOther, ""), "dump.sql: offset 1234567, line 890: other"},
		{(&SplitError{Offset: 5, Line: 1, Msg: "unterminated string"}).Error(), "offset 5, line 1: unterminated string"},
	} {
		if tc.got != tc.want {
			t.Errorf("got  %q\nwant %q", tc.got, tc.want)
		}
	}
}
