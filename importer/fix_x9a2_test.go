package importer_test

import (
	"database/sql"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// TestResumeSetGlobalReadOnlySession: SET GLOBAL max_allowed_packet = …, time_zone = …
// (import scripts raise the packet size so), rows of TIMESTAMP values, a stop and
// --resume. The session values of what a SET GLOBAL sets are journaled and given back on
// resume (replay/setglobal.go), but max_allowed_packet's session value is read-only: a
// SET of it failed the resume (ERROR 1621). time_zone is given back: the rows after the
// stop store what the client's did.
//
// x-fix52: but the resume's new sessions take the raised max_allowed_packet, where the
// client's kept the one it connected with (TestReviewX21ReadOnlySessionAfterSetGlobal:
// a result longer than the old one is NULL at the client): the resume refuses, and says
// to set the GLOBAL back, after which it resumes, exact.
func TestResumeSetGlobalReadOnlySession(t *testing.T) {
	dump := x9Head + "CREATE TABLE z (id int PRIMARY KEY, ts timestamp NULL) ENGINE=InnoDB;\n" + x9TimeRows(1, 41) +
		"SET GLOBAL max_allowed_packet = 67108864, time_zone = '+05:00';\n" + x9TimeRows(100, 141) +
		"INSERT INTO k VALUES (900, 'stop');\n" + x9TimeRows(200, 241) +
		"SET GLOBAL max_allowed_packet = DEFAULT, time_zone = SYSTEM;\n"
	t.Run("refused", func(t *testing.T) {
		ref, srv := testsandbox.Start(t), testsandbox.Start(t)
		runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "(900, 'stop')"),
			opt:     importer.Options{Parallel: 2, BatchBytes: 512},
			refused: "(67108864, where the client's session kept 16777216) and no SET changes a session's; run SET GLOBAL max_allowed_packet = 16777216 and resume again"})
	})
	t.Run("GLOBAL set back", func(t *testing.T) {
		ref, srv := testsandbox.Start(t), testsandbox.Start(t)
		runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "(900, 'stop')"),
			opt: importer.Options{Parallel: 2, BatchBytes: 512},
			between: func(t *testing.T, srv *sandbox.Server, _ string) {
				db, err := sql.Open("mysql", srv.DSN(""))
				if err != nil {
					t.Fatal(err)
				}
				defer db.Close()
				if _, err := db.Exec("SET GLOBAL max_allowed_packet = 16777216"); err != nil {
					t.Fatal(err)
				}
			}})
	})
}
