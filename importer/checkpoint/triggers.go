package checkpoint

import "context"

// The triggers the target had before the first attempt of a run. Under --tables or
// --exclude-tables a DROP TRIGGER, which names no table, follows the table of the target's
// trigger of that name (transform/triggers.go); a resume that asked the target found the
// trigger the interrupted attempt's own CREATE TRIGGER made, kept the DROP the first
// attempt left out, ran it, and skipped that CREATE as done: the rows went in without the
// trigger (TestDiffFuzzFoundS46DropTriggerOnResume). The first attempt records the list
// in the journal before it sends anything; every resume keeps it and decides from it.

// readTriggers lists the target's triggers: each its database, its name, and its table's
// database and name, as the server spells them.
func readTriggers(ctx context.Context, c Conn) ([][4]string, error) {
	rows, err := c.QueryContext(ctx, "SELECT TRIGGER_SCHEMA, TRIGGER_NAME, EVENT_OBJECT_SCHEMA, EVENT_OBJECT_TABLE FROM information_schema.TRIGGERS")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := [][4]string{}
	for rows.Next() {
		var t [4]string
		if err := rows.Scan(&t[0], &t[1], &t[2], &t[3]); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// TriggersBefore returns the target's triggers as they were before the first attempt of
// r sent anything, and whether r knows them: a run begun with Params.Triggers, or a
// resume whose journal recorded them. Otherwise the caller asks the target.
func TriggersBefore(r *Run) (triggers [][4]string, known bool) {
	if r == nil || r.triggersBefore == nil {
		return nil, false
	}
	return *r.triggersBefore, true
}
