package checkpoint

import (
	"context"
	"strings"
)

// The procedures that existed on the target before the first attempt of a run: a resume
// asks the planner's question "does procedure p exist before this CREATE PROCEDURE IF
// NOT EXISTS?" of a target the interrupted attempt already changed, where the dump's own
// CREATE made p; taken for one that was there before, its body was unknown and every
// later CALL p was refused (x-review14 #11, TestReviewX14ProcedureIfNotExistsResume). The
// first attempt records the names in the journal before it sends anything; every
// resume keeps them.

// readProcedures lists the procedures of the target's user databases (the system
// schemas' are not the dump's): each its database as the server spells it and its name
// in lower case (procedure names compare without case).
func readProcedures(ctx context.Context, c Conn) ([][2]string, error) {
	rows, err := c.QueryContext(ctx, "SELECT ROUTINE_SCHEMA, ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_TYPE = 'PROCEDURE' AND ROUTINE_SCHEMA NOT IN ('mysql', 'sys', 'performance_schema', 'information_schema', ?)", ProgressSchema)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := [][2]string{}
	for rows.Next() {
		var db, name string
		if err := rows.Scan(&db, &name); err != nil {
			return nil, err
		}
		out = append(out, [2]string{db, strings.ToLower(name)})
	}
	return out, rows.Err()
}

// ProcedureExistedBefore reports whether procedure db.name existed on the target before
// the first attempt of r began, and whether r knows: only a resume whose journal
// recorded the list (a journal of a dumpscope before it did not) can tell. A fresh run
// asks the target itself, which nothing has changed yet.
func ProcedureExistedBefore(r *Run, db, name string) (existed, known bool) {
	if r == nil || !r.resumed || r.proceduresBefore == nil {
		return false, false
	}
	for _, k := range *r.proceduresBefore {
		if k[0] == db && k[1] == strings.ToLower(name) {
			return true, true
		}
	}
	return false, true
}
