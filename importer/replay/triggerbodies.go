package replay

import (
	"context"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
)

// triggerBody is one trigger of a table as the server holds it now, its body read in
// the sql_mode it was created under (checkpoint.TriggerBody).
type triggerBody = checkpoint.TriggerBody

// tableTriggers is the bodies of the triggers on db.table (checkpoint.TriggerBodies, the
// one reader): the catalog (which tables a trigger touches, to keep them in stream
// order), the lost counters' facts (whether a trigger may take ids, exact.go) and a LOCK
// TABLES region's write scope (triggerWriteScope) ask it. Each body is read whole: the
// catalog used to read them joined by GROUP_CONCAT, which cuts at group_concat_max_len
// (1024 bytes, MySQL's default), so a table named past it went unseen
// (TestTriggerBodiesReadWhole).
func tableTriggers(ctx context.Context, c Conn, db, table string) ([]triggerBody, error) {
	return checkpoint.TriggerBodies(ctx, c, db, table)
}

// readableBody reports whether b was created under a mode the scanners read as the
// default syntax in every respect (defaultQuoting: not ANSI or ORACLE, whose other rules
// a body's text may lean on): triggerWriteScope gives up on any other.
func readableBody(b triggerBody) bool { return defaultQuoting(b.SQLMode) }

// joinedTriggerText is the bodies as one text, ";" between them, for the readers that
// look at every trigger of a table at once.
func joinedTriggerText(bodies []triggerBody) string {
	texts := make([]string, len(bodies))
	for i, b := range bodies {
		texts[i] = b.Text
	}
	return strings.Join(texts, ";")
}
