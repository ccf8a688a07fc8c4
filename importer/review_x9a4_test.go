package importer_test

import (
	"fmt"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// x-review9a, fourth batch (see review_x9a_test.go): stops and --resume.

// TestReviewX9aSetGlobalAgainOnResume: SET GLOBAL lock_wait_timeout =
// @@global.lock_wait_timeout + 1000, rows, a stop after a later row (its progress row
// committed), --resume, then INSERT … SELECT @@global.lock_wait_timeout. The client adds
// 1000 once (87400); the resume runs the SET GLOBAL again and the row stores 88400
// (--parallel 2, with and without --load-data). Silent. x-fix7a made a SET GLOBAL run
// once, as a barrier, where the workers ran it again; a resume still does.
//
// Cause: a resume never skips a session statement (importer/replay/dispatch.go:173,
// `st.Kind != split.KindSession`: it rebuilds the connection's session), and a SET GLOBAL
// alone is KindSession (plan.SetsGlobalOnly) whose barrier records no progress row
// (runBarrier, dispatch.go:462): it is sent again like SET NAMES. Its effect is on the
// server, not on the session. Not a regression (a resume re-ran it before x-fix7a too).
//
// Fixed (x-fix9a2): a resume skips a SET of GLOBAL variables alone that an earlier
// attempt ran on this server (checkpoint.GlobalRan: a statement after it committed, and
// no restart since; replay/setglobal.go).
func TestReviewX9aSetGlobalAgainOnResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := x9HeadRows() + "SET GLOBAL lock_wait_timeout = @@global.lock_wait_timeout + 1000;\n" + x7Rows("k", 100, 141) +
		"INSERT INTO k VALUES (900, 'stop');\n" + x7Rows("k", 200, 241) +
		"INSERT INTO k SELECT 999, @@global.lock_wait_timeout;\nSET GLOBAL lock_wait_timeout = 86400;\n"
	for _, ld := range []bool{false, true} {
		t.Run(fmt.Sprintf("load-data %v", ld), func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "(900, 'stop')"),
				opt: importer.Options{Parallel: 2, BatchBytes: 512, LoadData: ld}})
		})
	}
}
