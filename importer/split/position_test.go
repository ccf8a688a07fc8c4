package split

import "testing"

// TestPosition: the messages that name a statement spell its position one way.
func TestPosition(t *testing.T) {
	st := &Statement{Kind: KindDDL, Table: "t", Offset: 1234567, Line: 890}
	for _, tc := range []struct{ got, want string }{
		{At("dump.sql", st).String(), "dump.sql: offset 1234567, line 890"},
		{At("", st).String(), "offset 1234567, line 890"},
		{At("dump.sql", st).Statement(st.Kind.String(), st.Table), "dump.sql: offset 1234567, line 890: ddl `t`"},
		{At("dump.sql", st).Statement(KindOther.String(), ""), "dump.sql: offset 1234567, line 890: other"},
		// A statement without a verb is named by its first word, not by its kind "other".
		{Describe("dump.sql", &Statement{Kind: KindOther, SQL: []byte("call p()"), Offset: 7, Line: 2}), "dump.sql: offset 7, line 2: CALL"},
		{Describe("dump.sql", &Statement{Kind: KindOther, SQL: []byte("/*!50003 SELECT 1 */"), Offset: 7, Line: 2}), "dump.sql: offset 7, line 2: SELECT"},
		{Describe("dump.sql", &Statement{Kind: KindOther, SQL: []byte("get diagnostics @n = NUMBER"), Offset: 7, Line: 2}), "dump.sql: offset 7, line 2: GET DIAGNOSTICS"},
		{Describe("dump.sql", &Statement{Kind: KindOther, SQL: []byte("(SELECT 1)"), Offset: 7, Line: 2}), "dump.sql: offset 7, line 2: other"},
		{Describe("dump.sql", &Statement{Kind: KindDDL, Verb: "CREATE TABLE", Table: "t", Offset: 7, Line: 2}), "dump.sql: offset 7, line 2: CREATE TABLE `t`"},
		// A backquote in the name is doubled, as the user would write it.
		{Describe("dump.sql", &Statement{Kind: KindDDL, Verb: "CREATE TABLE", Table: "a`b.c", Offset: 7, Line: 2}), "dump.sql: offset 7, line 2: CREATE TABLE `a``b.c`"},
		{(&SplitError{Offset: 5, Line: 1, Msg: "unterminated string"}).Error(), "offset 5, line 1: unterminated string"},
	} {
		if tc.got != tc.want {
			t.Errorf("got  %q\nwant %q", tc.got, tc.want)
		}
	}
}
