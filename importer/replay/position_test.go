package replay

import (
	"errors"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestPosition: the replay's messages name a statement's position as split.Position
// spells it.
func TestPosition(t *testing.T) {
	st := &split.Statement{Kind: split.KindDDL, Table: "t", Offset: 1234567, Line: 890}
	for _, tc := range []struct{ got, want string }{
		{(&StatementError{Name: "dump.sql", Offset: 1, Line: 2, Kind: split.KindInsert, Table: "t", Code: 1146, SQLState: "42S02", Message: "no such table"}).Error(),
			"dump.sql: offset 1, line 2: insert `t`: ERROR 1146 (42S02): no such table"},
		{ServerWarning{Offset: 9, Line: 3, Level: "Warning", Code: 1265, Message: "Data truncated"}.String(), "offset 9, line 3: Warning 1265: Data truncated"},
		{(&ParallelReplayer{opt: ParallelOptions{ReplayOptions: ReplayOptions{Name: "d.sql"}}}).at(st, errors.New("boom")).Error(), "d.sql: offset 1234567, line 890: ddl `t`: boom"},
	} {
		if tc.got != tc.want {
			t.Errorf("got  %q\nwant %q", tc.got, tc.want)
		}
	}
}
