package importer_test

import (
	"fmt"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// x-review11, second batch (see review_x11_test.go): SET GLOBAL and --resume.

// TestReviewX11SetGlobalInTransactionResume: inside the dump's START TRANSACTION, rows,
// then SET GLOBAL time_zone = '+05:00' (or sql_mode = 'ANSI'), more rows, COMMIT; the run
// stops after the SET GLOBAL and before the COMMIT, and resumes (--parallel 2, on the
// same server). The stop rolls the transaction back, so the resume sends it again from
// its START TRANSACTION, on new sessions that start from the GLOBAL values the first
// attempt's SET GLOBAL left; the session values journaled before the SET are given back
// only when the replay reaches the SET. The rows before it are read under the new GLOBAL
// where the client's session had its own: TIMESTAMP '2020-01-01 00:00:00' stored as
// 2019-12-31 19:00:00 UTC (5 hours off), '1' || '0' stored as '10' (PIPES_AS_CONCAT)
// where the client stores 1. Silent. The same with a mixed SET GLOBAL time_zone = …,
// SESSION … (setglobal_mixed.go), and after SET autocommit = 0 instead of START
// TRANSACTION (kept since the fix).
//
// Cause: resumeSetGlobal (importer/replay/setglobal.go:37-65) gives the journaled
// session values back at the SET GLOBAL's own place in the stream (cr.giveBack,
// setglobal.go:51-56; a mixed SET's in restoreSetVars, setglobal_mixed.go:62-99), not
// at the point the resume starts sending from; the statements between that point (the open
// transaction's START TRANSACTION, which the stop rolled back) and the SET run on
// sessions that took the changed GLOBAL at connect. Not a
// regression: before 6964993 the session values went to the vars journal inside the
// transaction and were rolled back with it, so nothing was given back at all.
//
// Fixed: at the first statement a resume does not skip as committed, the session values
// journaled before every SET GLOBAL from there on that ran are given back
// (importer/replay/setglobal_resume.go); a mixed SET journals them too, beside its GLOBAL
// values (execSetGlobal, checkpoint.SessionsFrom).
func TestReviewX11SetGlobalInTransactionResume(t *testing.T) {
	const head = "CREATE DATABASE x11;\nUSE x11;\nCREATE TABLE g (id int PRIMARY KEY, t timestamp NULL, v varchar(20)) ENGINE=InnoDB;\n" +
		"INSERT INTO g VALUES (1, '2020-01-01 00:00:00', '1' || '0');\nSELECT COUNT(*) INTO @c FROM g;\n"
	for name, set := range map[string]string{
		"time-zone": "SET GLOBAL time_zone = '+05:00'",
		"sql-mode":  "SET GLOBAL sql_mode = 'ANSI'",
		"mixed":     "SET GLOBAL time_zone = '+05:00', SESSION lock_wait_timeout = 100",
		// Two, with a session SET between: the first's journaled SYSTEM, not the
		// second's '+01:00', is what the session had at the START TRANSACTION.
		"two": "SET GLOBAL time_zone = '+05:00';\nSET time_zone = '+01:00';\nSET GLOBAL time_zone = '+02:00'",
	} {
		ref, srv := testsandbox.Start(t), testsandbox.Start(t)
		// The transaction opened by SET autocommit = 0 as well (the COMMIT opens the next:
		// autocommit = 1 commits it).
		for opener, closer := range map[string]string{"START TRANSACTION": "", "SET autocommit = 0": "SET autocommit = 1;\n"} {
			dump := head + opener + ";\nINSERT INTO g VALUES (2, '2020-01-01 00:00:00', '1' || '0');\n" + set + ";\n" +
				"INSERT INTO g VALUES (3, '2020-01-01 00:00:00', 'c');\nCOMMIT;\n" + closer +
				"INSERT INTO g VALUES (4, '2020-01-01 00:00:00', 'd');\nSET GLOBAL time_zone = SYSTEM, sql_mode = DEFAULT;\n"
			for _, stop := range []int64{lineOf(t, dump, set), lineOf(t, dump, "(3, ")} {
				t.Run(fmt.Sprint(name, "/", opener, "/stop at line ", stop), func(t *testing.T) {
					runFoundCase(t, ref, srv, foundCase{db: "x11", dump: dump, stop: stop})
				})
			}
		}
	}
}
