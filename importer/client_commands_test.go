package importer_test

import (
	"fmt"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestImportClientCommandArgs: the client's own commands with unusual arguments do what
// the client does with them. The client sends COM_INIT_DB with get_arg()'s name, so an
// unquoted name holding a backtick, a quoted one and one followed by more words all
// change the database, where the text sent as SQL failed with ERROR 1064; `charset`
// sends SET NAMES with the character set's own name; tee and pager do nothing in batch
// mode. Each step records DATABASE() and
// the connection's character set; the re-dumps must be identical. Issue 22, item 21.
// (It lived in cmd/dumpscope.)
func TestImportClientCommandArgs(t *testing.T) {
	dump := writeFile(t, "commands.sql", []byte("CREATE DATABASE cmdlog;\n"+
		"CREATE TABLE cmdlog.t (n int AUTO_INCREMENT PRIMARY KEY, db varchar(64), cs varchar(32));\n"+
		"CREATE DATABASE `a``b`;\nCREATE DATABASE `a b`;\nCREATE DATABASE test;\n"+
		"use a`b\n"+
		"INSERT INTO cmdlog.t (db, cs) VALUES (DATABASE(), @@character_set_client);\n"+
		"use test trailing words\n"+
		"INSERT INTO cmdlog.t (db, cs) VALUES (DATABASE(), @@character_set_client);\n"+
		"\\u a`b\n"+
		"INSERT INTO cmdlog.t (db, cs) VALUES (DATABASE(), @@character_set_client);\n"+
		"use test x;\n"+
		"INSERT INTO cmdlog.t (db, cs) VALUES (DATABASE(), @@character_set_client);\n"+
		"use 'a b'\n"+
		"INSERT INTO cmdlog.t (db, cs) VALUES (DATABASE(), @@character_set_client);\n"+
		"use `a``b` more;\n"+
		"INSERT INTO cmdlog.t (db, cs) VALUES (DATABASE(), @@character_set_client);\n"+
		"charset LATIN1\n"+
		"INSERT INTO cmdlog.t (db, cs) VALUES (DATABASE(), @@character_set_client);\n"+
		"charset utf8\n"+
		"INSERT INTO cmdlog.t (db, cs) VALUES (DATABASE(), @@character_set_client);\n"+
		"charset 'utf8mb4' x\n"+
		"INSERT INTO cmdlog.t (db, cs) VALUES (DATABASE(), @@character_set_client);\n"+
		// In batch mode (input not a terminal) com_tee() and com_pager() return at once:
		// the client writes no file and runs no program.
		"tee /nonexistent/dumpscope-tee.log\n\\T /nonexistent/t2\npager cat > /nonexistent/p\n\\P less\nnotee\nnopager\n"+
		"INSERT INTO cmdlog.t (db, cs) VALUES (DATABASE(), @@character_set_client);\n"))
	ref := testsandbox.Start(t)
	clientImport(t, ref, dump)
	want := redumps(t, ref, "cmdlog")
	for _, o := range []importer.Options{{Parallel: 1}, {Parallel: 2}} {
		got := testsandbox.Start(t)
		finished(t, importFile(t, got, "", dump, o))
		sameDump(t, fmt.Sprintf("Parallel %d", o.Parallel), want, redumps(t, got, "cmdlog"))
	}
}
