package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestResumeAutoincStep (TestImportPlanCorpus2Kill9's autoinc-session: AUTO_INCREMENT
// 20302 after a resume where the client leaves 20305): ids generated under
// auto_increment_increment=5, auto_increment_offset=3, then explicit ids after SET … = 1.
// The server steps the counter past an explicit id by what the table's open handle last
// generated ids with (plan/autoincstep.go): the client's 200 leaves AUTO_INCREMENT=203.
// Stopped after the generating INSERT and resumed after a server restart (only fresh
// handles, which step by 1), the resume left 201 without a word. It refuses now, naming
// the counter; so it does without the restart, where which handle a connection gets is
// the server's choice.
func TestResumeAutoincStep(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "CREATE DATABASE ais;\nUSE ais;\nCREATE TABLE t (id int AUTO_INCREMENT PRIMARY KEY, v int);\n" +
		"SET auto_increment_increment=5, auto_increment_offset=3;\n" +
		"INSERT INTO t (v) VALUES (0),(1),(2);\n" +
		"SET auto_increment_increment=1, auto_increment_offset=1;\n" +
		"INSERT INTO t VALUES (100,0),(101,1);\n" +
		"INSERT INTO t VALUES (200,0);\n"
	for _, restart := range []bool{true, false} {
		runFoundCase(t, ref, srv, foundCase{db: "ais", dump: dump, stop: 5, restart: restart,
			refusal: "explicit ids move the AUTO_INCREMENT counter of ais.t"})
	}
}
