package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestDifffuzzFound53206WrappedDDLOnResume (difffuzz seed 53206, resume): a DDL statement
// run through EXECUTE IMMEDIATE ('CREATE PROCEDURE …') commits at once, like the plain
// one, but the replay judged it by its wrapper (kind other): killed after it ran and
// before its progress row, the resume found its intent's checksums unchanged (a CREATE
// PROCEDURE changes no table), ran it again and stopped at ERROR 1304 "PROCEDURE p8
// already exists", where the client succeeded. A plain CREATE PROCEDURE's "already
// exists" on resume, where the journal says it may have run, is taken for "it had run";
// the wrapped one must be too. Killed in the part run on one connection (after a
// SAVEPOINT) and in the parallel part.
func TestDifffuzzFound53206WrappedDDLOnResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	head := "SET NAMES utf8mb4;\nCREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE m (id int PRIMARY KEY) ENGINE=MyISAM;\nINSERT INTO m VALUES (1),(2);\n"
	tail := "EXECUTE IMMEDIATE 'CREATE PROCEDURE `fz0`.`p8`() SELECT 1';\n" + // killed here
		"CREATE TABLE b (id int PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO b VALUES (1),(2);\nINSERT INTO m VALUES (3);\n"
	for _, c := range []struct {
		name, dump string
		line       int64
	}{
		{"parallel part", head + tail, 6},
		{"serial part", head + "START TRANSACTION;\nSAVEPOINT s1;\nCOMMIT;\n" + tail, 9},
	} {
		t.Run(c.name, func(t *testing.T) {
			killAfterMark(t, ref, srv, "fz0", c.dump, c.line, "")
		})
	}
}
