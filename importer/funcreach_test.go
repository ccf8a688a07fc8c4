package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestFunctionThroughViewMarker (x-fix22): more ways than TestReviewX14MarkerFunctionThroughView
// for a MyISAM write to reach the writing stored function f (x13FunctionWrites: it
// inserts into the InnoDB b) without naming it, each killed between the write's "ran"
// marker and its progress row, then resumed. A marker written at once outlives the
// rollback of f's row, and the resume skips the write: b lacks f's row, silently.
// Marked or not is the replay's functionNames (importer/replay/funcnames.go): the views
// that call a function, transitively, looked up again after a statement that may have
// made one, through any wrapper. A view that calls none keeps its marker: resumed, the
// write is skipped and the database matches. One that changed no MyISAM row (the UPDATE
// whose WHERE reads vf matches none) is run again: its intent's checksums are unchanged.
func TestFunctionThroughViewMarker(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	const vf = "CREATE VIEW vf AS SELECT f(id) AS x FROM src"
	// lookUp makes the replay look the functions and views up (a MyISAM write with a
	// parenthesis) before the view below is made.
	const lookUp = "UPDATE m SET v = ABS(v);\n"
	tail := "INSERT INTO m VALUES (3, 3);\nINSERT INTO b VALUES (200);\n"
	for name, c := range map[string]struct {
		body, at, refusal string
	}{
		"a view on the view":     {vf + ";\nCREATE VIEW vv AS SELECT x + 20 AS y FROM vf;\nCREATE VIEW vvv AS SELECT y FROM vv;\n" + lookUp + "INSERT INTO m (id) SELECT y FROM vvv;\n", "INSERT INTO m (id) SELECT", "may be half applied"},
		"execute immediate view": {lookUp + "EXECUTE IMMEDIATE '" + vf + "';\nINSERT INTO m (id) SELECT x FROM vf;\n", "INSERT INTO m (id) SELECT", "may be half applied"},
		"prepared view":          {"PREPARE s FROM '" + vf + "';\n" + lookUp + "EXECUTE s;\nINSERT INTO m (id) SELECT x FROM vf;\n", "INSERT INTO m (id) SELECT", "may be half applied"},
		"set statement view":     {lookUp + "SET STATEMENT max_statement_time = 0 FOR " + vf + ";\nINSERT INTO m (id) SELECT x FROM vf;\n", "INSERT INTO m (id) SELECT", "may be half applied"},
		"renamed view":           {"CREATE VIEW vr AS SELECT 7 AS x;\n" + vf + ";\n" + lookUp + "DROP VIEW vr;\nRENAME TABLE vf TO vr;\nINSERT INTO m (id) SELECT x FROM vr;\n", "INSERT INTO m (id) SELECT", "may be half applied"},
		"view replaced":          {"CREATE VIEW vf AS SELECT id AS x FROM src;\n" + lookUp + "CREATE OR REPLACE VIEW vf AS SELECT f(id) AS x FROM src;\nINSERT INTO m (id) SELECT x FROM vf;\n", "INSERT INTO m (id) SELECT", "may be half applied"},
		"view in a where":        {vf + ";\n" + lookUp + "INSERT INTO m VALUES (9, 9);\nUPDATE m SET v = 1 WHERE id = (SELECT MAX(x) FROM vf);\n", "UPDATE m SET v = 1", ""},
		"view calls no function": {"CREATE VIEW vn AS SELECT id + 20 AS x FROM src;\n" + lookUp + "INSERT INTO m (id) SELECT x FROM vn;\n", "INSERT INTO m (id) SELECT", ""},
	} {
		dump := "SET NAMES utf8mb4;\n" + x13FunctionWrites + "CREATE TABLE src (id int PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO src VALUES (1), (2);\nINSERT INTO m VALUES (50, -50);\n" + c.body + tail
		t.Run(name, func(t *testing.T) {
			killAfterMark(t, ref, srv, "fz0", dump, lineOf(t, dump, c.at), c.refusal)
		})
	}
}

// TestSetCallsFunctionStops (x-fix22): TestReviewX14SetCallsFunctionResume's SETs whose
// value calls g (it inserts its argument into the keyless InnoDB lg), plain and through
// each wrapper, stopped at every line from just after the SET to the rows after it, and
// inside the dump's transaction (START TRANSACTION; the SET; rows; COMMIT: the stop rolls
// g's row back with the rest, so the resume must evaluate the SET again, not give its
// journaled value back in its place), then resumed: lg and @x (written into lg at the
// end) must be the client's.
func TestSetCallsFunctionStops(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, set := range map[string]string{
		"plain":                 "SET @x = g(5);\n",
		"execute immediate":     "EXECUTE IMMEDIATE 'SET @x = g(5)';\n",
		"prepared":              "PREPARE s FROM 'SET @x = g(5)';\nEXECUTE s;\n",
		"set statement":         "SET STATEMENT sql_select_limit = 10 FOR SET @x = g(5);\n",
		"wrapped set statement": "EXECUTE IMMEDIATE 'SET STATEMENT sql_select_limit = 10 FOR SET @x = g(5) + 1';\n",
	} {
		dump := x14SetCallsFunction + x7Rows("k", 1, 41) + set + x7Rows("k", 100, 141) + "INSERT INTO lg VALUES (@x);\n"
		for _, at := range []string{"INSERT INTO k VALUES (100", "INSERT INTO k VALUES (120", "INSERT INTO lg VALUES (@x)"} {
			t.Run(name+"/stop at "+at, func(t *testing.T) {
				runReviewCase(t, ref, srv, reviewCase{db: "fz0", dump: dump, stop: lineOf(t, dump, at), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
			})
		}
		txn := x14SetCallsFunction + x7Rows("k", 1, 41) + "START TRANSACTION;\n" + x7Rows("k", 50, 60) + set + x7Rows("k", 100, 141) + "COMMIT;\nINSERT INTO lg VALUES (@x);\n"
		for _, at := range []string{"INSERT INTO k VALUES (100", "INSERT INTO k VALUES (120", "COMMIT"} {
			t.Run(name+"/in a transaction/stop at "+at, func(t *testing.T) {
				runReviewCase(t, ref, srv, reviewCase{db: "fz0", dump: txn, stop: lineOf(t, txn, at), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
			})
		}
	}
}

// TestWrappedProcedureCalledVarsResume (x-fix19's leftover): the procedure pb a trigger
// reaches (ti → CALL pb, pb sets @pv) is created through a wrapper (EXECUTE IMMEDIATE
// 'CREATE PROCEDURE …', EXECUTE s of a PREPAREd one, SET STATEMENT … FOR CREATE
// PROCEDURE), before or after the trigger; rows fire it, more rows, then @pv is written
// into k. Stopped at each point and resumed, @pv must be the client's: the journal after
// the rows must hold it (replay's noteRoutineVars reads what a wrapper runs).
func TestWrappedProcedureCalledVarsResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	const trigger = "CREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW CALL pb(NEW.id);\n"
	for name, create := range map[string]string{
		"execute immediate": "EXECUTE IMMEDIATE 'CREATE PROCEDURE pb(x int) SET @pv = COALESCE(@pv, 0) + x';\n",
		"prepared":          "PREPARE s FROM 'CREATE PROCEDURE pb(x int) SET @pv = COALESCE(@pv, 0) + x';\nEXECUTE s;\n",
	} {
		for order, head := range map[string]string{"procedure first": create + trigger, "trigger first": trigger + create} {
			dump := "SET NAMES utf8mb4;\n" + x9HeadRows() + "CREATE TABLE r2 (id int PRIMARY KEY) ENGINE=InnoDB;\n" + head +
				x7Rows("k", 100, 141) + "INSERT INTO r2 VALUES (7);\nINSERT INTO r2 VALUES (8);\n" + x7Rows("k", 200, 241) + "INSERT INTO k VALUES (999, @pv);\n"
			t.Run(name+"/"+order+"/parallel", func(t *testing.T) { importMatchesClient(t, dump, x12Parallel(), "x9") })
			for _, at := range []string{"INSERT INTO r2 VALUES (8)", "INSERT INTO k VALUES (220", "INSERT INTO k VALUES (999"} {
				t.Run(name+"/"+order+"/stop at "+at, func(t *testing.T) {
					runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: lineOf(t, dump, at), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
				})
			}
		}
	}
}

// TestPreparedCallArgVarsResume (x-fix19's leftover): EXECUTE s of PREPARE s FROM 'CALL
// rq(@acc, @msg)' (no USING: the variables are in the PREPARE's text), rq an INOUT/OUT
// procedure whose body names no user variable of its own; rows; then @acc and @msg are
// written into sv. Stopped after the EXECUTE and resumed, the resume skips it and must
// give @acc and @msg back from the journal (plan.CallArgVars of what EXECUTE s runs).
func TestPreparedCallArgVarsResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, call := range map[string]string{
		"prepared":              "PREPARE s FROM 'CALL rq(@acc, @msg)';\nEXECUTE s;\n",
		"prepared twice":        "PREPARE s FROM 'CALL rq(@acc, @msg)';\nEXECUTE s;\nEXECUTE s;\n",
		"prepared from wrapper": "PREPARE s FROM 'SET STATEMENT max_statement_time = 0 FOR CALL rq(@acc, @msg)';\nEXECUTE s;\n",
	} {
		dump := "CREATE DATABASE fz0;\nUSE fz0;\n" +
			"CREATE TABLE sv (name varchar(40) PRIMARY KEY, v varchar(400));\n" +
			"CREATE PROCEDURE rq(INOUT p_acc int, OUT p_msg varchar(20)) SET p_acc = p_acc + 60, p_msg = 'done';\n" +
			"SET @acc = 3;\n" + call +
			"CREATE TABLE t1 (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + rowsOf("t1", 1, 40) +
			"INSERT INTO sv (name, v) VALUES ('acc', CONCAT_WS(' ', @acc, @msg));\n"
		for _, at := range []string{"CREATE TABLE t1", "INSERT INTO sv"} {
			t.Run(name+"/stop at "+at, func(t *testing.T) {
				runReviewCase(t, ref, srv, reviewCase{db: "fz0", dump: dump, stop: lineOf(t, dump, at), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
			})
		}
	}
}

// TestWrappedSelectIntoResume (x-fix22): statements that assign @x from g(5) (g inserts
// its argument into the keyless InnoDB lg) other than a SET: SELECT … INTO and DO @x := …,
// plain, through EXECUTE IMMEDIATE, EXECUTE s and SET STATEMENT … FOR, and a prepared
// INSERT … SELECT @n := …; rows; then @x is written into lg. Stopped in the rows after it
// and resumed: a prepared SELECT … INTO, skipped as committed, left @x NULL (the journal
// read the EXECUTE's own text). Then the same inside the dump's transaction, stopped
// inside it: the resume gave @x back from the journal in the statement's place, and g's
// row, which the stop rolled back, was lost (plain and wrapped alike); it must run again
// (replay's rolledBackCall).
func TestWrappedSelectIntoResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, set := range map[string]string{
		"prepared select into":  "PREPARE s FROM 'SELECT g(5) INTO @x';\nEXECUTE s;\n",
		"immediate select into": "EXECUTE IMMEDIATE 'SELECT g(5) INTO @x';\n",
		"immediate do":          "EXECUTE IMMEDIATE 'DO @x := g(5)';\n",
		"immediate count":       "EXECUTE IMMEDIATE 'SELECT COUNT(*) + g(5) INTO @x FROM k';\n",
		"set statement select":  "SET STATEMENT sql_select_limit = 10 FOR SELECT COUNT(*) + g(5) INTO @x FROM k;\n",
		"plain select into":     "SELECT g(5) INTO @x;\n",
		"prepared insert :=":    "SET @n = 0;\nPREPARE s FROM 'INSERT INTO lg SELECT @n := @n + 1 FROM k WHERE id < 4';\nEXECUTE s;\n",
	} {
		dump := x14SetCallsFunction + x7Rows("k", 1, 41) + set + x7Rows("k", 100, 141) + "INSERT INTO lg VALUES (@x);\n"
		for _, at := range []string{"INSERT INTO k VALUES (100", "INSERT INTO k VALUES (120"} {
			t.Run(name+"/"+at, func(t *testing.T) {
				runReviewCase(t, ref, srv, reviewCase{db: "fz0", dump: dump, stop: lineOf(t, dump, at), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
			})
		}
		txn := x14SetCallsFunction + x7Rows("k", 1, 41) + "START TRANSACTION;\n" + x7Rows("k", 50, 60) + set + x7Rows("k", 100, 141) + "COMMIT;\nINSERT INTO lg VALUES (@x);\n"
		for _, at := range []string{"INSERT INTO k VALUES (100", "INSERT INTO k VALUES (120", "COMMIT"} {
			t.Run(name+"/in a transaction/stop at "+at, func(t *testing.T) {
				runReviewCase(t, ref, srv, reviewCase{db: "fz0", dump: txn, stop: lineOf(t, txn, at), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
			})
		}
	}
}

// TestWrappedCreateFunctionNoteThenCall (x-fix22): EXECUTE IMMEDIATE or EXECUTE s of a
// CREATE FUNCTION IF NOT EXISTS of a function that exists leaves a note (1304), and the
// CALL after it reads @@warning_count in the procedure's body. The replay learns the
// function's name from the wrapper without asking the server (functionNames.note): a
// look-up between the two, made for the CALL, would empty the area the procedure reads
// (0 where the client's is 1; diagprime.go).
func TestWrappedCreateFunctionNoteThenCall(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	const head = "CREATE DATABASE `fz0`;\nUSE fz0;\nCREATE TABLE sv (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"CREATE FUNCTION f2(x int) RETURNS int RETURN x;\nCREATE PROCEDURE rdp9() SET @w = @@warning_count;\nINSERT INTO sv (name, v) VALUES ('a', f2(1));\n"
	const create = "CREATE FUNCTION IF NOT EXISTS f2(x int) RETURNS int RETURN x + 1"
	const tail = "CALL rdp9();\nINSERT INTO sv (name, v) VALUES ('w', @w);\n"
	for name, dump := range map[string]string{
		"execute immediate": head + "EXECUTE IMMEDIATE '" + create + "';\n" + tail,
		"prepared":          head + "PREPARE s FROM '" + create + "';\nEXECUTE s;\n" + tail,
	} {
		for mode, o := range map[string]importer.Options{
			"parallel 3":   {Parallel: 3, BatchBytes: 2 << 10},
			"checkpointed": {Parallel: 2, BatchBytes: 512, SkipWarningCount: true, CheckpointPath: "set"},
		} {
			t.Run(name+"/"+mode, func(t *testing.T) { diag2MatchesOn(t, ref, srv, dump, o, "fz0") })
		}
	}
}
