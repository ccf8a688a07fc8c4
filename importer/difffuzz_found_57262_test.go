package importer_test

import (
	"errors"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/replay"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestDifffuzzFound57262CallLeavesQuotingFlag (difffuzz seed 57262, serial, and every
// mode; testdata/found/seed-57262-serial.sql): a procedure whose body sets sql_mode,
// CALLed in a session under NO_BACKSLASH_ESCAPES. The routine's end puts sql_mode back,
// but not the server's status flag SERVER_STATUS_NO_BACKSLASH_ESCAPES, and the mariadb
// client splits by the flag of the last OK packet (client/mysql.cc, add_line): it read
// `'\'` as an open string, sent two lines as one statement and stopped at ERROR 1064,
// where dumpscope, following sql_mode, split as the server reads and went on. The other
// way round too (a body that turns NO_BACKSLASH_ESCAPES on in a session without it), and
// for ANSI_QUOTES, whose flag the client reads for "…" (MariaDB). dumpscope must stop
// where the client stops, with its error, the rows before it in place; a resumable run
// (--checkpoint), whose resume would skip the CALL and split on without the flag,
// refuses the first statement after it whose backslashes the flag decides (before it
// runs), naming the CALL. Failed before the fix: serial and --parallel went on (no
// error), --checkpoint too.
func TestDifffuzzFound57262CallLeavesQuotingFlag(t *testing.T) {
	const head = "CREATE DATABASE fz1;\nUSE fz1;\n" +
		"CREATE TABLE b7 (id int PRIMARY KEY, c1 varchar(64)) ENGINE=InnoDB;\n" +
		"INSERT INTO b7 VALUES (1, 'before');\n"
	for _, c := range []struct {
		name, dump string
		line, call int64 // the client's ERROR 1064, the CALL
	}{
		{"flag left off", head +
			"SET sql_mode = 'NO_BACKSLASH_ESCAPES';\n" +
			"CREATE PROCEDURE p() SET sql_mode = 'NO_ENGINE_SUBSTITUTION';\n" +
			"CALL p();\n" +
			"DO '\\';\n" + // line 8: the client reads an open string, to the ; after y
			"INSERT INTO b7 VALUES (3, 'y;');\n", 8, 7},
		{"flag left on", head +
			"CREATE PROCEDURE p() SET sql_mode = 'NO_BACKSLASH_ESCAPES';\n" +
			"CALL p();\n" +
			"INSERT INTO b7 VALUES (2, 'a\\');\n" + // line 7: the client reads a closed string
			"INSERT INTO b7 VALUES (3, 'z');\n", 7, 6},
		{"ANSI_QUOTES flag left on", head +
			"CREATE PROCEDURE p() SET sql_mode = 'ANSI_QUOTES';\n" +
			"CALL p();\n" +
			"INSERT INTO b7 VALUES (2, 'a\"b');\n" +
			"SELECT \"x\\\"; INSERT INTO b7 VALUES (3, 'q')\" INTO @s;\n", 8, 6}, // the client ends "x\" at the ;
		{"procedure that writes", head +
			"DELIMITER ;;\n" +
			"CREATE PROCEDURE p() BEGIN INSERT INTO b7 VALUES (9, 'p'); SET sql_mode = 'NO_BACKSLASH_ESCAPES'; END;;\n" +
			"DELIMITER ;\n" +
			"CALL p();\n" +
			"INSERT INTO b7 VALUES (2, 'a\\');\n" +
			"INSERT INTO b7 VALUES (3, 'z');\n", 9, 8},
	} {
		t.Run(c.name, func(t *testing.T) {
			ref := testsandbox.Start(t)
			cmd := exec.Command(testsandbox.RequireTool(t, "mariadb"), ref.ClientArgs()...)
			cmd.Stdin = strings.NewReader(c.dump)
			out, err := cmd.CombinedOutput()
			if want := "ERROR 1064 (42000) at line " + strconv.FormatInt(c.line, 10) + ":"; err == nil || !strings.Contains(string(out), want) {
				t.Fatalf("client: %v: %s; want %s", err, out, want)
			}
			for _, m := range []struct {
				name      string
				o         importer.Options
				stream    bool // not resumable: follows the flag as the serial replay does
				resumable bool
			}{
				{"serial", importer.Options{}, false, false},
				{"parallel stream", importer.Options{Parallel: 2, BatchBytes: 512}, true, false},
				{"parallel", importer.Options{Parallel: 2, BatchBytes: 512}, false, true},
				{"checkpointed", checkpointed(t), false, true},
			} {
				srv := testsandbox.Start(t)
				src := importer.Source{Path: writeFile(t, "d.sql", []byte(c.dump))}
				if m.stream {
					src = importer.Source{Reader: strings.NewReader(c.dump), Name: "stream"}
				}
				res, err := tryImport(t, srv, "", src, m.o)
				if err == nil {
					err = res.Err
				}
				var se *replay.StatementError
				if m.resumable {
					want := "at line " + strconv.FormatInt(c.call, 10) + " turned the server's"
					if !errors.As(err, &se) || se.Line != c.line || !strings.Contains(se.Message, want) || !errors.Is(err, replay.ErrSerialOnly) {
						t.Errorf("%s: %v; want a refusal at line %d naming the CALL at line %d", m.name, err, c.line, c.call)
					}
					continue
				}
				if !errors.As(err, &se) || se.Code != 1064 || se.Line != c.line {
					t.Errorf("%s: %v; want the client's ERROR 1064 at line %d", m.name, err, c.line)
					continue
				}
				sameDump(t, m.name, redumps(t, ref, "fz1"), redumps(t, srv, "fz1"))
			}
		})
	}
}

// TestQuotingFlagWithoutBackslashAfter: the control of the refusal above. A CALL leaves
// the NO_BACKSLASH_ESCAPES flag off and no statement after it holds a backslash: the
// flag decides nothing, and a resumable run imports the dump as the client does.
func TestQuotingFlagWithoutBackslashAfter(t *testing.T) {
	dump := "CREATE DATABASE fz1;\nUSE fz1;\n" +
		"CREATE TABLE b7 (id int PRIMARY KEY, c1 varchar(64)) ENGINE=InnoDB;\n" +
		"SET sql_mode = 'NO_BACKSLASH_ESCAPES';\n" +
		"CREATE PROCEDURE p() SET sql_mode = 'NO_ENGINE_SUBSTITUTION';\n" +
		"CALL p();\n" +
		"INSERT INTO b7 VALUES (1, 'a;b'), (2, 'it''s');\n" +
		"INSERT INTO b7 VALUES (3, 'c');\n"
	importMatchesClient(t, dump, checkpointed(t), "fz1")
}

// TestDelimiterTwoStatementsInOne (found beside seed 57262): the mariadb client
// connects with CLIENT_MULTI_STATEMENTS, so a statement it sends that holds a `;`
// outside strings (two statements under DELIMITER ;;) runs as two: the client inserts
// rows 1 and 2. dumpscope's driver connects without it (internal/dbconn: MultiStatements
// = false) and the server refused the whole text with ERROR 1064; nothing ran.
//
// Fixed (x-fix23, split.ServerParts): the serial replay runs the parts one after the
// other on its connection, stopping at the first error as the server does (the client
// ran row 1 and stopped at the duplicate key of the second part); a compound statement
// or a routine body under DELIMITER ;; stays one. The parallel and resumable replay
// refused the text in one line; it runs the parts, each its own progress unit (x-fix29,
// replay/multistmt.go).
func TestDelimiterTwoStatementsInOne(t *testing.T) {
	head := "CREATE DATABASE m;\nUSE m;\nCREATE TABLE t (id int PRIMARY KEY) ENGINE=InnoDB;\n"
	dump := head + "DELIMITER ;;\nINSERT INTO t VALUES (1); INSERT INTO t VALUES (2);;\n" +
		"CREATE PROCEDURE p() BEGIN INSERT INTO t VALUES (5); INSERT INTO t VALUES (6); END;;\n" +
		"BEGIN NOT ATOMIC INSERT INTO t VALUES (7); INSERT INTO t VALUES (8); END;;\n" +
		"SET @a = 'x;y'; SELECT @a INTO @b; INSERT INTO t VALUES (LENGTH(@b));;\nDELIMITER ;\n" +
		"CALL p();\nINSERT INTO t VALUES (30);\n"
	t.Run("straight", func(t *testing.T) { importMatchesClient(t, dump, importer.Options{}, "m") })

	// An error in the second part: the client ran the first, reports the error, stops.
	bad := head + "DELIMITER ;;\nINSERT INTO t VALUES (1); INSERT INTO t VALUES (1); INSERT INTO t VALUES (3);;\nDELIMITER ;\nINSERT INTO t VALUES (4);\n"
	t.Run("error in the second part", func(t *testing.T) {
		ref := testsandbox.Start(t)
		cmd := exec.Command(testsandbox.RequireTool(t, "mariadb"), ref.ClientArgs()...)
		cmd.Stdin = strings.NewReader(bad)
		if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "ERROR 1062 (23000) at line 5") {
			t.Fatalf("client: %v: %s", err, out)
		}
		srv := testsandbox.Start(t)
		res, err := tryImport(t, srv, "", importer.Source{Path: writeFile(t, "d.sql", []byte(bad))}, importer.Options{})
		if err == nil {
			err = res.Err
		}
		var se *replay.StatementError
		if !errors.As(err, &se) || se.Code != 1062 || se.Line != 5 {
			t.Fatalf("%v; want the client's ERROR 1062 at line 5", err)
		}
		sameDump(t, "serial", redumps(t, ref, "m"), redumps(t, srv, "m"))
	})

	// The fast modes run the parts as statements of their own (x-fix29; they refused the
	// text before: TestServerPartsFastModes).
	for name, o := range map[string]importer.Options{"parallel": {Parallel: 2, BatchBytes: 512}, "load-data": {LoadData: true, Parallel: 2}, "checkpoint": checkpointed(t)} {
		t.Run(name, func(t *testing.T) { importMatchesClient(t, dump, o, "m") })
	}
}
