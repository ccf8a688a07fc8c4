package importer

import (
	"errors"
	"testing"
)

// TestPosition: the messages that name a statement spell its position one way.
func TestPosition(t *testing.T) {
	st := &Statement{Kind: KindDDL, Table: "t", Offset: 1234567, Line: 890}
	for _, tc := range []struct{ got, want string }{
		{At("dump.sql", st).String(), "dump.sql: offset 1234567, line 890"},
		{At("", st).String(), "offset 1234567, line 890"},
		{At("dump.sql", st).Statement(st.Kind, st.Table), "dump.sql: offset 1234567, line 890: ddl `t`"},
		{At("dump.sql", st).Statement(KindOther, ""), "dump.sql: offset 1234567, line 890: other"},
		{(&StatementError{Name: "dump.sql", Offset: 1, Line: 2, Kind: KindInsert, Table: "t", Code: 1146, SQLState: "42S02", Message: "no such table"}).Error(),
			"dump.sql: offset 1, line 2: insert `t`: ERROR 1146 (42S02): no such table"},
		{(&SplitError{Offset: 5, Line: 1, Msg: "unterminated string"}).Error(), "offset 5, line 1: unterminated string"},
		{ServerWarning{Offset: 9, Line: 3, Level: "Warning", Code: 1265, Message: "Data truncated"}.String(), "offset 9, line 3: Warning 1265: Data truncated"},
		{(&ParallelReplayer{opt: ParallelOptions{ReplayOptions: ReplayOptions{Name: "d.sql"}}}).at(st, errors.New("boom")).Error(), "d.sql: offset 1234567, line 890: ddl `t`: boom"},
	} {
		if tc.got != tc.want {
			t.Errorf("got  %q\nwant %q", tc.got, tc.want)
		}
	}
}
