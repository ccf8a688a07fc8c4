package importer_test

import (
	"database/sql"
	"errors"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/replay"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestFunctionThroughViewMadeByCall (x-fix22's leftover, x-fix29): "a CALL whose
// procedure creates a view that calls a function is not looked up again" (the replay's
// functionNames is made stale only by texts naming VIEW, FUNCTION or RENAME), so a MyISAM
// write reading that view after the CALL would be marked ran at once, and a kill after
// the marker would lose f's InnoDB row on resume. It cannot happen where markers exist:
// with progress rows the planner refuses, in one line and before it runs, a CALL whose
// procedure's body holds a CREATE (plain or through EXECUTE IMMEDIATE: the implicit
// commit), and a body that runs dynamic SQL of an expression is refused by the
// system-schema guard before anything runs. This pins the refusal: were it relaxed, the
// CALL would have to make the look-up stale.
func TestFunctionThroughViewMadeByCall(t *testing.T) {
	srv := testsandbox.Start(t)
	const mk = "CREATE PROCEDURE mk() CREATE VIEW vf AS SELECT f(id) AS x FROM src;\n"
	for name, call := range map[string]string{
		"call":              "CALL mk();\n",
		"execute immediate": "EXECUTE IMMEDIATE 'CALL mk()';\n",
	} {
		dump := "SET NAMES utf8mb4;\n" + x13FunctionWrites + "CREATE TABLE src (id int PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO src VALUES (1), (2);\nINSERT INTO m VALUES (50, -50);\n" +
			mk + "UPDATE m SET v = ABS(v);\n" + call + "INSERT INTO m (id) SELECT x FROM vf;\nINSERT INTO b VALUES (200);\n"
		t.Run(name, func(t *testing.T) {
			conn, err := sql.Open("mysql", srv.DSN(""))
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range []string{"DROP DATABASE IF EXISTS fz0", "DROP DATABASE IF EXISTS dumpscope_progress"} {
				if _, err := conn.Exec(q); err != nil {
					t.Fatal(err)
				}
			}
			conn.Close()
			res, err := tryImport(t, srv, "", importer.Source{Path: writeFile(t, "d.sql", []byte(dump))}, checkpointed(t))
			if err == nil {
				err = res.Err
			}
			var se *replay.StatementError
			if !errors.As(err, &se) || se.Line != lineOf(t, dump, call) || !strings.Contains(se.Message, "the procedure's body has CREATE") || !errors.Is(err, replay.ErrSerialOnly) {
				t.Fatalf("%v; want the CALL refused in one line", err)
			}
		})
	}
}
