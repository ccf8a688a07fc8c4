package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// x-review10, second batch (see review_x10_test.go): SET GLOBAL and --resume.

// TestReviewX10MixedSetGlobalAgainOnResume: SET GLOBAL lock_wait_timeout =
// @@global.lock_wait_timeout + 1000, SESSION sql_mode = "" (one statement), rows, a stop
// after a later row (its progress row committed), --resume, then INSERT … SELECT
// @@global.lock_wait_timeout. The client adds 1000 once (87400); the resume sends the
// whole SET again and the row stores 88400 (--parallel 2). Silent.
//
// Cause: resumeSetGlobal (importer/replay/setglobal.go:39) handles only a SET of GLOBAL
// variables alone (plan.SetsGlobalOnly); a SET with a session part is a session
// statement a resume replays whole to rebuild the session (dispatch.go never skips
// KindSession), GLOBAL part included, and markGlobalRan marks none. The fixer left this
// open on purpose (setglobal.go:26 "(open)"); x-fix9a2's task asked for the session part
// only. A gap in x-fix9a2 (TestReviewX9aSetGlobalAgainOnResume's mixed form), not a
// regression. Tried and matched the client: SET GLOBAL … + @inc (a user variable), two
// SET GLOBALs of the variable with rows between, a SET GLOBAL inside the dump's START
// TRANSACTION … COMMIT before the stop.
//
// Fixed: once run, such a SET's session state is journaled and it is marked as run; a
// resume gives the journaled values back in its place (replay/setglobal_mixed.go).
func TestReviewX10MixedSetGlobalAgainOnResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := x9HeadRows() + "SET GLOBAL lock_wait_timeout = @@global.lock_wait_timeout + 1000, SESSION sql_mode = '';\n" +
		x7Rows("k", 100, 141) + "INSERT INTO k VALUES (900, 'stop');\n" + x7Rows("k", 200, 241) +
		"INSERT INTO k SELECT 999, @@global.lock_wait_timeout;\nSET GLOBAL lock_wait_timeout = 86400;\n"
	runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "(900, 'stop')"),
		opt: importer.Options{Parallel: 2, BatchBytes: 512}})
}
