package checkpoint

import (
	"context"
	"fmt"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// TriggerBody is one trigger as the server holds it now (information_schema.TRIGGERS):
// the table it is on, its name, the sql_mode it was created under, and its body.
type TriggerBody struct {
	Schema, Table, Name, SQLMode string
	// Text is the body as the default syntax reads it the same (sqlscan.DefaultQuoted of
	// ACTION_STATEMENT under SQLMode's quoting): a trigger made under ANSI_QUOTES or
	// NO_BACKSLASH_ESCAPES is read in its own sql_mode by every reader.
	Text string
}

// TriggerBodies is the one reader of trigger bodies: those on db.table, or every
// table's (table == ""), in the order the server fires them per table. The catalog, the
// lost counters' facts and a LOCK TABLES region's scope (replay's tableTriggers), the
// routine scope (routineReachers) and the reload's check (refuseTriggers) read through
// it. Each body is read whole (a GROUP_CONCAT cut at group_concat_max_len:
// TestTriggerBodiesReadWhole) and in its own sql_mode: read with the default syntax, a
// body made under ANSI_QUOTES, `SET NEW.s = NEW."c\"; INSERT INTO lg …`, was one string
// from "c\" on, and the reload took the trigger for one that only sets its row
// (TestXFix81AnsiQuotesTriggerReload).
func TriggerBodies(ctx context.Context, c Conn, db, table string) ([]TriggerBody, error) {
	q := "SELECT EVENT_OBJECT_SCHEMA, EVENT_OBJECT_TABLE, TRIGGER_NAME, SQL_MODE, ACTION_STATEMENT FROM information_schema.TRIGGERS"
	args := []any{}
	what := "every table"
	if table != "" {
		q += " WHERE EVENT_OBJECT_SCHEMA = ? AND EVENT_OBJECT_TABLE = ?"
		args = append(args, db, table)
		what = string(sqlscan.TableKeyOf(db, table))
	}
	q += " ORDER BY EVENT_OBJECT_SCHEMA, EVENT_OBJECT_TABLE, ACTION_ORDER, TRIGGER_NAME"
	rows, err := c.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("read the triggers of %s: %w", what, err)
	}
	defer rows.Close()
	var bodies []TriggerBody
	for rows.Next() {
		var b TriggerBody
		if err := rows.Scan(&b.Schema, &b.Table, &b.Name, &b.SQLMode, &b.Text); err != nil {
			return nil, fmt.Errorf("read the triggers of %s: %w", what, err)
		}
		nbe, ansi := split.SQLModeQuoting(b.SQLMode)
		b.Text = string(sqlscan.DefaultQuoted([]byte(b.Text), sqlscan.Syntax{NoBackslashEscapes: nbe, ANSIQuotes: ansi}))
		bodies = append(bodies, b)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read the triggers of %s: %w", what, err)
	}
	return bodies, nil
}
