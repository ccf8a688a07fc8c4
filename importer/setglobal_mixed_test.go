package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestResumeMixedSetGlobalOwnList: a SET whose list reads what it sets itself (@a, set
// in it, read by the GLOBAL's value; @b reading the GLOBAL: MariaDB evaluates every value
// before it assigns any, so both read the state before it), stopped after a later row
// and resumed: the GLOBAL is added to once, and the user and session values the rows
// read are the client's (the journal stands in for the SET; a session part run again
// would read the GLOBAL as it is by then).
func TestResumeMixedSetGlobalOwnList(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := x9HeadRows() + "SET @a = 5;\nSET @a = 9, GLOBAL lock_wait_timeout = @@global.lock_wait_timeout + @a, SESSION time_zone = '+03:00', @b = @@global.lock_wait_timeout;\n" +
		x7Rows("k", 100, 141) + "INSERT INTO k VALUES (900, 'stop');\n" +
		"INSERT INTO k SELECT 998, CONCAT_WS(' ', @@global.lock_wait_timeout, @a, @b, @@session.time_zone);\n" +
		"SET GLOBAL lock_wait_timeout = 1000;\n" + x7Rows("k", 200, 241) +
		"INSERT INTO k SELECT 999, CONCAT_WS(' ', @@global.lock_wait_timeout, @a, @b, @@session.time_zone);\nSET GLOBAL lock_wait_timeout = DEFAULT;\n"
	runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "(900, 'stop')"),
		opt: importer.Options{Parallel: 2, BatchBytes: 512}})
}

// TestResumeSetGlobalInSerialTransaction: after the run turned serial, a SET GLOBAL alone
// and a SET of GLOBAL and user variables inside the dump's START TRANSACTION … COMMIT,
// stopped after a later row and resumed: each GLOBAL is added to once.
func TestResumeSetGlobalInSerialTransaction(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := x9HeadRows() + "SET GLOBAL lock_wait_timeout = @@global.lock_wait_timeout + 1000, SESSION sql_mode = '';\n" +
		"START TRANSACTION;\nSET GLOBAL max_connect_errors = @@global.max_connect_errors + 10;\n" + x7Rows("k", 100, 141) +
		"SET GLOBAL lock_wait_timeout = @@global.lock_wait_timeout + 7, @c = 3;\n" + x7Rows("k", 150, 171) + "COMMIT;\n" +
		x7Rows("k", 200, 241) + "INSERT INTO k VALUES (900, 'stop');\n" + x7Rows("k", 300, 341) +
		"INSERT INTO k SELECT 999, CONCAT_WS(' ', @@global.lock_wait_timeout, @@global.max_connect_errors, @c);\n" +
		"SET GLOBAL lock_wait_timeout = DEFAULT, GLOBAL max_connect_errors = DEFAULT;\n"
	runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, "(900, 'stop')"),
		opt: importer.Options{Parallel: 2, BatchBytes: 512}})
}
