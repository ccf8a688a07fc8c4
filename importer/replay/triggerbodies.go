package replay

import (
	"context"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// triggerBody is one trigger of a table as the server holds it now: its body
// (information_schema.TRIGGERS.ACTION_STATEMENT) and the sql_mode it was created under,
// which says how its quotes read.
type triggerBody struct {
	text    string
	sqlMode string
}

// tableTriggers is the one reader of the bodies of the triggers on db.table: the catalog
// (which tables a trigger touches, to keep them in stream order), the lost counters'
// facts (whether a trigger may take ids, exact.go) and a LOCK TABLES region's write
// scope (triggerWriteScope) ask it. Each body is read whole: the catalog used to read
// them joined by GROUP_CONCAT, which cuts at group_concat_max_len (1024 bytes, MySQL's
// default), so a table named past it went unseen (TestTriggerBodiesReadWhole).
func tableTriggers(ctx context.Context, c Conn, db, table string) ([]triggerBody, error) {
	rows, err := c.QueryContext(ctx, "SELECT ACTION_STATEMENT, SQL_MODE FROM information_schema.TRIGGERS WHERE EVENT_OBJECT_SCHEMA = ? AND EVENT_OBJECT_TABLE = ?", db, table)
	if err != nil {
		return nil, fmt.Errorf("read the triggers of %s: %w", sqlscan.TableKeyOf(db, table), err)
	}
	defer rows.Close()
	var bodies []triggerBody
	for rows.Next() {
		var b triggerBody
		if err := rows.Scan(&b.text, &b.sqlMode); err != nil {
			return nil, fmt.Errorf("read the triggers of %s: %w", sqlscan.TableKeyOf(db, table), err)
		}
		bodies = append(bodies, b)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read the triggers of %s: %w", sqlscan.TableKeyOf(db, table), err)
	}
	return bodies, nil
}

// readable reports whether the scanner's default syntax reads b as the server does
// (defaultQuoting of the mode it was created under).
func (b triggerBody) readable() bool { return defaultQuoting(b.sqlMode) }

// joinedTriggerText is the bodies as one text, ";" between them, for the readers that
// look at every trigger of a table at once.
func joinedTriggerText(bodies []triggerBody) string {
	texts := make([]string, len(bodies))
	for i, b := range bodies {
		texts[i] = b.text
	}
	return strings.Join(texts, ";")
}
