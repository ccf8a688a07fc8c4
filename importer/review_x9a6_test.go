package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestReviewX9aResumeSessionFromNewGlobal: a hand-written dump that never sets time_zone
// for its session runs SET GLOBAL time_zone = '+05:00', then rows of TIMESTAMP values;
// stopped after a later row and resumed (--parallel 2). The client's session keeps the
// time_zone it connected with (SYSTEM: UTC in the sandbox) for the whole dump: rows
// 200-240 store 2020-01-01 00:00:00 UTC. The resume's connections are new sessions,
// which start from the GLOBAL value the first attempt's SET GLOBAL changed: they store
// 2019-12-31 19:00:00 UTC. Silent. (Without the stop the import matches: the workers
// connected before the SET GLOBAL. The same holds for any session default a SET GLOBAL
// changes: sql_mode, character sets, autocommit, completion_type.)
//
// Cause: a resume rebuilds the session by sending the dump's session statements again
// (importer/replay/dispatch.go:173 never skips KindSession), which restores only what the
// dump set itself; the session the first attempt started from is not journaled, and a
// SET GLOBAL the first attempt ran (x-fix7a: once, as a barrier) changed the defaults
// the resume's connections start from. Not a regression.
//
// Fixed (x-fix9a2): before a SET GLOBAL of a variable with a session scope runs, the
// control connection's session value of it is journaled (the user-variable journal, at
// the statement's offset), and a resume gives it back there to the control connection
// and the workers (replay/setglobal.go).
func TestReviewX9aResumeSessionFromNewGlobal(t *testing.T) {
	dump := x9Head + "CREATE TABLE z (id int PRIMARY KEY, ts timestamp NULL) ENGINE=InnoDB;\n" + x9TimeRows(1, 41) +
		"SET GLOBAL time_zone = '+05:00';\n" + x9TimeRows(100, 141) + "INSERT INTO k VALUES (900, 'stop');\n" + x9TimeRows(200, 241) +
		"SET GLOBAL time_zone = SYSTEM;\n"
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "(900, 'stop')"),
		opt: importer.Options{Parallel: 2, BatchBytes: 512}})
}
