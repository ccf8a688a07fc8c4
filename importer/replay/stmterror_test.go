package replay

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestStatementErrorAborted: a statement cut by an abort (a second Ctrl-C, the
// dashboard's abort) says what became of it; before, the operator read "DO: context
// canceled: DO SLEEP(90)". The cause stays reachable for errors.Is.
func TestStatementErrorAborted(t *testing.T) {
	r := &Replayer{}
	st := &split.Statement{Offset: 85, Line: 4, Kind: split.KindOther, SQL: []byte("DO SLEEP(90)")}
	se, server := r.statementError(st, st.SQL, fmt.Errorf("exec: %w", context.Canceled))
	if server {
		t.Error("an abort taken for the server's error")
	}
	msg := se.Error()
	if strings.Contains(msg, "context canceled") || !strings.Contains(msg, "aborted while it ran") || !strings.Contains(msg, "line 4") {
		t.Errorf("message %q", msg)
	}
	if !errors.Is(se, context.Canceled) {
		t.Error("the abort's cause is lost")
	}
}
