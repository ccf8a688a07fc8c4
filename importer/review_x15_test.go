package importer_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/replay"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// The fifteenth hostile review (branch x-review15, session 42), of what stop 41 merged
// (df3cb82..c1678da). Each test failed on main (c1678da) when written and shows the
// database, or what dumpscope does, differing from `mariadb < same input` (MariaDB
// 10.11). Open findings are gated (reviewX15): run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX15
//
// A fix removes its test's reviewX15 call.
//
// Found, most severe first (each test names its cause):
//   - silent, stop + --resume: an UPDATE or DELETE of a temporary table is skipped by
//     the resume as committed data (the splitter gives UPDATE and DELETE no table, and
//     volatile asks for one), though the resume rebuilds the table from its CREATE and
//     INSERTs: the rows after the stop read it as it was before the UPDATE/DELETE;
//   - silent, stop + --resume: a CALL whose body sets sql_mode left the server's
//     NO_BACKSLASH_ESCAPES flag where the client splits the next statements by it;
//     x-fix20 refuses the first statement after it whose backslashes the flag decides,
//     but only in the attempt that ran the CALL: stopped between the two, the resume
//     splits by sql_mode and finishes with a row the client never inserts (it stops at
//     ERROR 1064);
//   - silent, stop + --resume: a temporary table filled from another temporary table
//     that was filled from a real one (CREATE TEMPORARY TABLE t2 SELECT * FROM t1,
//     t1 from k, then DROP TEMPORARY TABLE t1) is rebuilt by the resume from k as it is
//     then: x-fix21's refusal forgets t1 at its DROP and never marked t2;
//   - silent, stop + --resume: a ROLLBACK of a transaction that wrote two temporary
//     tables marks only the last one written; the other, still there at the resume
//     point, keeps the rows the ROLLBACK undid;
//   - silent, stop + --resume: XA ROLLBACK of an XA transaction that wrote a
//     temporary table is no ROLLBACK to the planner: the resume sends the row again
//     and keeps it;
//   - silent, stop + --resume: a temporary table renamed (ALTER TABLE tt RENAME TO tt2,
//     RENAME TABLE tt TO tt2) is a real table to the planner under its new name: its
//     rows are skipped as committed data, and the resume's tt2 is empty;
//   - silent, stop + --resume: a row into a temporary table that takes NEXTVAL of a
//     sequence, or calls a stored function that inserts into a real table, is sent again
//     by the resume: the sequence advances twice, the function's row lands twice;
//   - silent, --parallel and --checkpoint straight (difffuzz seed 75072): SELECT … INTO
//     @c, a SET with a warning, UNLOCK TABLES, SELECT @@warning_count INTO @w: 0 where the
//     client has 1 (the diagnostics area; not analysed to the end);
//   - silent, stop + --resume (contrived): SET STATEMENT … FOR EXECUTE IMMEDIATE 'SET
//     GLOBAL time_zone = …' (or FOR EXECUTE s): Planner.Wrapped unwraps one level, the SET
//     GLOBAL is not journaled, the resume's sessions take the raised GLOBAL;
//   - silent, stop + --resume: a temporary table filled by a stored function that reads
//     a real table (INSERT INTO t1 VALUES (cnt())) is rebuilt from the table as the
//     interrupted run left it (temporary.go says so: "not seen here");
//   - loud here, silent after a real kill, kill + --resume: a trigger CALLs a procedure
//     that writes an AUTO_INCREMENT table with INSERT or REPLACE without INTO, or through
//     a stored function: x-fix19's bodyNamesTables reads no table there, and the resume
//     sends the trigger's INSERT again instead of refusing it by name;
//   - loud, stop + --resume: CREATE TABLE tt (a real table) while a temporary tt exists
//     is taken for a statement of the temporary table and sent again: ERROR 1050;
//   - loud, --parallel 2 and --checkpoint, no stop needed: a CALL of a procedure that
//     SETs GLOBAL a variable with no session value (log_bin_trust_function_creators,
//     max_connect_errors) fails the import with ERROR 1238: x-fix19's journal of the
//     caller's session value reads @@name, and information_schema.SESSION_VARIABLES,
//     which noteProcedureVars asks, lists GLOBAL-only variables too.
//
// Tried and matched the client, or refused as meant (scratch tests not kept): UPDATE
// tt JOIN k / UPDATE k JOIN tt / DELETE k FROM tt JOIN k with tt dropped before the stop
// (not volatile, see TestReviewX15TemporaryUpdateDeleteSkipped); INSERT INTO tt VALUES
// (@c := @c + 1), INSERT INTO tt SELECT @c := @c + 1, (LAST_INSERT_ID()), (ROW_COUNT());
// SET GLOBAL time_zone inside a CALLed procedure, rows on the workers after it, stopped
// and resumed; EXECUTE IMMEDIATE 'SET autocommit = DEFAULT' after SET GLOBAL autocommit =
// 0 before a ROLLBACK and an XA transaction, and SET GLOBAL autocommit = 0 left in force
// over the stop; EXECUTE IMMEDIATE / EXECUTE s / SET STATEMENT … FOR CREATE TEMPORARY
// TABLE and EXECUTE IMMEDIATE 'DROP TEMPORARY TABLE' inside a transaction the dump rolls
// back (--checkpoint); ROW_COUNT(), FOUND_ROWS() (after SELECT SQL_CALC_FOUND_ROWS, also
// … INTO) and @@warning_count written into a MyISAM table under --parallel, --checkpoint
// and a serial --checkpoint (the intent's look-ups before them); a procedure with EXECUTE
// IMMEDIATE 'SET @v = 5', with PREPARE from @q, one that creates a temporary table, a
// migration procedure with a CONTINUE HANDLER … GET DIAGNOSTICS or a CALL of another
// that writes MyISAM, and a trigger that sets sql_mode (refused in one line, by older
// gates); a trigger that SETs sql_mode in the serial replay (follows the flag); CREATE OR
// REPLACE / IF NOT EXISTS / /* comment */ / /*!32312 TEMPORARY */ / LIKE temporary
// tables, one shadowing k, stopped after their rows; CALL p(@a) (an OUT parameter) under
// LOCK TABLES, straight and stopped; a COMMIT after a warning that ends a transaction
// opened by EXECUTE IMMEDIATE 'START TRANSACTION' or SET autocommit = @ac (x-diag2's open
// TestXDiag2CommitOfTransactionKeeps, not re-reported); SELECT NEXTVAL(s) INTO @x and
// SET @x = NEXTVAL(s) stopped after (DO NEXTVAL(s) refuses the next NEXTVAL); a
// temporary table with a KEY and a UNIQUE KEY under --defer-indexes (also --parallel) and
// --load-data, a real table of its name after it; stops before, at and after a COMMIT
// the diagnostics tail absorbs (serial and --parallel --checkpoint); a trigger, a
// function it calls, or a procedure it CALLs that SETs GLOBAL time_zone (refused under
// --parallel, though the message says the session keeps it: a SET GLOBAL changes no
// session); EXECUTE IMMEDIATE / EXECUTE s / plain SET GLOBAL time_zone stopped after and
// resumed under a serial --checkpoint, --load-data and --defer-indexes.

// reviewX15 skips an open finding's test unless DUMPSCOPE_REVIEW_X=1.
func reviewX15(t *testing.T) {
	t.Helper()
	if os.Getenv("DUMPSCOPE_REVIEW_X") != "1" {
		t.Skip("an open finding of the x-review15 (fails on main): DUMPSCOPE_REVIEW_X=1 runs it")
	}
}

// x15Head makes r15.k (InnoDB, ids 1 and 2); x15Stop is the first row of u (x15Rows),
// where the tests stop.
const (
	x15Head = "CREATE DATABASE r15;\nUSE r15;\n" +
		"CREATE TABLE k (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
		"INSERT INTO k VALUES (1, 10), (2, 20);\n"
	x15Stop = "INSERT INTO u VALUES (0,"
)

// x15Rows is the table u and its rows, the stop among them.
func x15Rows() string {
	return "CREATE TABLE u (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + rowsOf("u", 0, 50) + rowsOf("u", 50, 100)
}

// x15StopResume runs dump stopped at its first row of u and resumed (--parallel 2,
// batches of 512 bytes, checkpointed), and compares the re-dump of r15 with the client's.
func x15StopResume(t *testing.T, dump string) {
	t.Helper()
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, x15Stop), opt: importer.Options{Parallel: 2, BatchBytes: 512}})
}

// x15StopRefused is x15StopResume where the resume must refuse with refused (a part of
// its error) instead.
func x15StopRefused(t *testing.T, dump, refused string) {
	t.Helper()
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, x15Stop), opt: importer.Options{Parallel: 2, BatchBytes: 512}, refused: refused})
}

// TestReviewX15QuotingFlagLostOverStop: seed 57262's dump (a session under
// NO_BACKSLASH_ESCAPES CALLs a procedure whose body sets sql_mode without it; the
// routine's end puts sql_mode back, not the server's status flag, and the client splits
// `DO '\';` as an open string and stops at ERROR 1064 at line 9), with a row between the
// CALL and that statement. Straight through, a resumable run refuses line 9, naming the
// CALL (x-fix20; the control subtest). Stopped after the row (line 8) and resumed, the
// resume skips the CALL, splits by sql_mode, runs DO '\' and INSERT (3, 'y;') and
// finishes: row 3 is there, where the client stopped before it. Silent (dumpscope says
// Finished); --parallel 2 and a serial --checkpoint alike (a kill between the two
// statements resumes the same way; not run here).
//
// Cause: the divergence lives in the replayer's memory only (replay.go:196, r.diverged,
// set by noteUnresumableQuoting, quoting.go:128-141, from the reply of the CALL the
// attempt ran); a resume that skips the CALL reads no reply (quotingAfter: known false),
// so unresumableQuoting (quoting.go:148) has nothing to refuse, and the splitter starts
// from the session's sql_mode, not from the flag the CALL left.
//
// Fixed by x-fix28: the change is journaled (checkpoint.QuotingFlag) as soon as the
// CALL's reply is read, and a resume that skips the CALL takes it from there
// (replay.resumedQuoting): the resume refuses line 9 as the straight run does.
func TestReviewX15QuotingFlagLostOverStop(t *testing.T) {
	dump := "CREATE DATABASE fz1;\nUSE fz1;\n" +
		"CREATE TABLE b7 (id int PRIMARY KEY, c1 varchar(64)) ENGINE=InnoDB;\n" +
		"INSERT INTO b7 VALUES (1, 'before');\n" +
		"SET sql_mode = 'NO_BACKSLASH_ESCAPES';\n" +
		"CREATE PROCEDURE p() SET sql_mode = 'NO_ENGINE_SUBSTITUTION';\n" +
		"CALL p();\n" + // line 7
		"INSERT INTO b7 VALUES (2, 'after');\n" + // line 8: the stop
		"DO '\\';\n" + // line 9: the client reads an open string, to the ; after y
		"INSERT INTO b7 VALUES (3, 'y;');\n"
	ref := testsandbox.Start(t)
	cmd := exec.Command(testsandbox.RequireTool(t, "mariadb"), ref.ClientArgs()...)
	cmd.Stdin = strings.NewReader(dump)
	if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "ERROR 1064 (42000) at line 9:") {
		t.Fatalf("client: %v: %s; want ERROR 1064 at line 9", err, out)
	}
	want := redumps(t, ref, "fz1")
	for _, m := range []struct {
		name  string
		o     importer.Options
		stops []int64 // the lines each attempt before the last stops after
	}{
		{"straight (control)", checkpointed(t), nil},
		{"parallel stopped after line 8", checkpointed(t), []int64{8}},
		{"serial checkpoint stopped after line 8", importer.Options{SkipWarningCount: true, CheckpointPath: filepath.Join(t.TempDir(), "journal")}, []int64{8}},
		// x-fix28: the CALL the last statement of the first attempt; and a resume stopped
		// again, which rewrites the journal (the change must stay in it).
		{"parallel stopped after line 7", checkpointed(t), []int64{7}},
		{"parallel stopped after line 7, then 8", checkpointed(t), []int64{7, 8}},
	} {
		t.Run(m.name, func(t *testing.T) {
			srv := testsandbox.Start(t)
			src := importer.Source{Path: writeFile(t, "d.sql", []byte(dump))}
			o := m.o
			for _, line := range m.stops {
				res, err := tryImport(t, srv, "", src, stopAfter(line, o))
				if err != nil || res.Status != importer.Interrupted {
					t.Fatalf("run stopped after line %d: %v, %v", line, res, err)
				}
				o.Resume = true
			}
			res, err := tryImport(t, srv, "", src, o)
			if err == nil {
				err = res.Err
			}
			var se *replay.StatementError
			if !errors.As(err, &se) || se.Line != 9 {
				t.Fatalf("%v (status %v); want the client's ERROR 1064 at line 9, or a refusal there naming the CALL at line 7", err, res.Status)
			}
			if se.Code == 1064 {
				sameDump(t, m.name, want, redumps(t, srv, "fz1"))
			} else if !strings.Contains(se.Message, "at line 7 turned the server's") {
				t.Errorf("refused at line 9 with %q; want it to name the CALL at line 7", se.Message)
			}
		})
	}
}

// TestReviewX15TemporaryFilledFromTemporary: t1 is filled from the real table k
// (CREATE TEMPORARY TABLE t1 SELECT * FROM k), k gets a row, t2 is filled from t1, and
// t1 is dropped, all before the stop; after it, k takes t2's rows. The resume rebuilds
// t1 from k as the interrupted run left it (3 rows, the client's had 2), t2 from that,
// and drops t1: no refusal, and k gets (103, 30) that the client's has not. Silent.
//
// Cause: temporary.go:193 (readsReal) takes a fill from a temporary table for exact, and
// temprebuild.go:43-44 forgets t1's inexact rebuild at its DROP; what t1 passed on to
// t2 before it was dropped is not followed (the comment "One the dump drops again before
// the resume point does no harm (what read it was committed)" does not hold when what
// read it is a temporary table, sent again).
//
// Fixed (x-fix26): a temporary table sent again that reads one rebuilt otherwise takes
// that difference over (replay's tempRebuilds.inherit), and, while that one may still be
// exact, its sources: refused at the resume point when k changed (before or after t2's
// fill), exact when it did not.
func TestReviewX15TemporaryFilledFromTemporary(t *testing.T) {
	const refused = "--resume cannot rebuild temporary table r15.t2 as the dump made it"
	fill := "CREATE TEMPORARY TABLE t1 SELECT * FROM k;\n"
	t2 := "CREATE TEMPORARY TABLE t2 SELECT * FROM t1;\nDROP TEMPORARY TABLE t1;\n"
	tail := x15Rows() + "INSERT INTO k SELECT id + 100, v FROM t2;\n"
	t.Run("k changed before t2", func(t *testing.T) {
		x15StopRefused(t, x15Head+fill+"INSERT INTO k VALUES (3, 30);\n"+t2+tail, refused)
	})
	t.Run("k changed after t1 dropped", func(t *testing.T) {
		x15StopRefused(t, x15Head+fill+t2+"INSERT INTO k VALUES (3, 30);\n"+tail, refused)
	})
	t.Run("insert select, k changed", func(t *testing.T) {
		x15StopRefused(t, x15Head+fill+"UPDATE k SET v = 21 WHERE id = 2;\nCREATE TEMPORARY TABLE t2 (id int, v int);\nINSERT INTO t2 SELECT * FROM t1;\nDROP TEMPORARY TABLE t1;\n"+tail, refused)
	})
	t.Run("k unchanged", func(t *testing.T) {
		x15StopResume(t, x15Head+fill+t2+tail)
	})
}

// TestReviewX15TemporaryRollbackTwoTables: a transaction writes two InnoDB temporary
// tables, t1 then t2, and is rolled back; t2 is dropped before the stop, t1 stays, and
// after the stop k takes COUNT(*) of t1. The resume sends INSERT INTO t1 again (volatile)
// without the ROLLBACK (committed, skipped): k gets 101 where the client's has 100, and
// nothing is refused. Silent.
//
// Cause: temporaryTables.inTxn (temporary.go:102) holds one name, the temporary table
// written last in the open transaction (temporary.go:235); the ROLLBACK marks that one
// inexact (temporary.go:245-246), and its DROP forgets it (temprebuild.go:43-44), t1
// was never marked.
//
// Fixed (x-fix26): inTxn holds every one written; the ROLLBACK marks them all
// (Plan.TemporaryAlso), and the resume refuses at its resume point while t1 is there. A
// temporary table dropped inside the transaction is forgotten there (a ROLLBACK does not
// bring it back): its name free again, a real table of it is no reason to refuse.
// Since x-fix72 the resume sends both INSERTs inside a transaction of its own and rolls
// it back at the ROLLBACK (replay's tempTxn): the re-dump is the client's.
func TestReviewX15TemporaryRollbackTwoTables(t *testing.T) {
	const two = "CREATE TEMPORARY TABLE t1 (id int) ENGINE=InnoDB;\nCREATE TEMPORARY TABLE t2 (id int) ENGINE=InnoDB;\n"
	t.Run("t2 dropped", func(t *testing.T) {
		x15StopResume(t, x15Head+two+"START TRANSACTION;\nINSERT INTO t1 VALUES (1);\nINSERT INTO t2 VALUES (1);\nROLLBACK;\nDROP TEMPORARY TABLE t2;\n"+
			x15Rows()+"INSERT INTO k SELECT COUNT(*) + 100, 0 FROM t1;\n")
	})
	t.Run("t1 dropped", func(t *testing.T) {
		x15StopResume(t, x15Head+two+"START TRANSACTION;\nINSERT INTO t1 VALUES (1);\nINSERT INTO t2 VALUES (1);\nROLLBACK;\nDROP TEMPORARY TABLE t1;\n"+
			x15Rows()+"INSERT INTO k SELECT COUNT(*) + 100, 0 FROM t2;\n")
	})
	t.Run("dropped inside, then a real table of its name", func(t *testing.T) {
		x15StopResume(t, x15Head+two+"START TRANSACTION;\nINSERT INTO t2 VALUES (1);\nDROP TEMPORARY TABLE t2;\nROLLBACK;\nDROP TEMPORARY TABLE t1;\n"+
			"CREATE TABLE t2 (id int PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO t2 VALUES (4);\n"+x15Rows()+"INSERT INTO k SELECT COUNT(*) + 100, 0 FROM t2;\n")
	})
}

// TestReviewX15TemporaryXARollback: XA START, a row into an InnoDB temporary table
// (and one into k), XA END, XA ROLLBACK, all before the stop; after it k takes COUNT(*)
// of the temporary table. The resume sends the temporary table's INSERT again
// (volatile), skips the XA statements (committed), and keeps the row the XA ROLLBACK
// undid: k gets 101 where the client's has 100. Silent.
//
// Cause: the rollback x-fix21 looks for is IsRollback or isRollbackTo
// (temporary.go:245), the verb ROLLBACK only (plan.go:514, exact.go:27); XA ROLLBACK is
// neither, so the temporary table written in the XA transaction is never marked inexact.
//
// Fixed (x-fix26): XA ROLLBACK marks the temporary tables the XA transaction wrote as
// ROLLBACK does; the resume refuses at its resume point while t1 is there. Since x-fix72
// it sends the INSERT inside a transaction of its own and rolls that back at the XA
// ROLLBACK (replay's tempTxn): the re-dump is the client's.
func TestReviewX15TemporaryXARollback(t *testing.T) {
	x15StopResume(t, x15Head+"CREATE TEMPORARY TABLE t1 (id int) ENGINE=InnoDB;\n"+
		"XA START 'x1';\nINSERT INTO t1 VALUES (1);\nINSERT INTO k VALUES (9, 9);\nXA END 'x1';\nXA ROLLBACK 'x1';\n"+
		x15Rows()+"INSERT INTO k SELECT COUNT(*) + 100, 0 FROM t1;\n")
}

// TestReviewX15TemporaryRenamed: a temporary table renamed (ALTER TABLE tt RENAME TO
// tt2, or RENAME TABLE tt TO tt2, both allowed on temporary tables by MariaDB 10.11)
// and filled under its new name before the stop; after it, k takes its rows. The
// resume makes tt and renames it again (volatile: the planner knows tt), but takes
// INSERT INTO tt2 for a real table's rows and skips them as committed: k lacks (7, 0)
// and (8, 0). Silent.
//
// Cause: temporaryTables.volatile (temporary.go:114-145) follows CREATE and DROP only;
// a rename of a name it holds moves nothing in tt.names, so tt2 is no temporary table
// to it (temporary.go:145) and its writes are data.
//
// Fixed (x-fix26): plan's temporaryTables.rename moves the name (a rename of temporary
// tables only is sent again by the resume); a fill's inexact rebuild moves with it
// (tempRebuilds). A RENAME TABLE of a temporary table together with a real one can be
// neither sent again nor skipped: the resume refuses at it.
func TestReviewX15TemporaryRenamed(t *testing.T) {
	for name, rename := range map[string]string{
		"alter table rename":       "ALTER TABLE tt RENAME TO tt2;\n",
		"alter table add, rename":  "ALTER TABLE tt ADD COLUMN c int, RENAME AS tt2;\n",
		"rename table":             "RENAME TABLE tt TO tt2;\n",
		"rename tables, two steps": "RENAME TABLES tt TO tx, tx TO tt2;\n",
		"rename qualified":         "RENAME TABLE r15.tt TO `r15`.`tt2`;\n",
	} {
		t.Run(name, func(t *testing.T) {
			x15StopResume(t, x15Head+"CREATE TEMPORARY TABLE tt (id int PRIMARY KEY);\n"+rename+"INSERT INTO tt2 (id) VALUES (7), (8);\n"+
				x15Rows()+"INSERT INTO k SELECT id, 0 FROM tt2;\n")
		})
	}
	t.Run("filled from k, renamed, k changed", func(t *testing.T) {
		x15StopRefused(t, x15Head+"CREATE TEMPORARY TABLE tt SELECT * FROM k;\nRENAME TABLE tt TO tt2;\nINSERT INTO k VALUES (3, 30);\n"+
			x15Rows()+"INSERT INTO k SELECT id + 100, 0 FROM tt2;\n", "--resume cannot rebuild temporary table r15.tt2 as the dump made it")
	})
	t.Run("renamed with a real table", func(t *testing.T) {
		x15StopRefused(t, x15Head+"CREATE TABLE r (id int) ENGINE=InnoDB;\nCREATE TEMPORARY TABLE tt (id int PRIMARY KEY);\nRENAME TABLE tt TO tt2, r TO r2;\nINSERT INTO tt2 VALUES (7), (8);\n"+
			x15Rows()+"INSERT INTO k SELECT id, 0 FROM tt2;\n", "--resume cannot send this statement of temporary table r15.tt2 again, nor skip it")
	})
}

// TestReviewX15TemporaryFilledByFunction: a temporary table filled by a stored
// function that reads the real table k (INSERT INTO t1 VALUES (cnt())), then a row
// into k, before the stop; after it k takes t1's value. The resume sends the fill again
// (volatile), cnt() counts 3 rows where the client's counted 2, and nothing is refused:
// k gets 103 where the client's has 102. Silent.
//
// Cause: readsReal (temporary.go:179-201) reads the statement's FROM/JOIN/UPDATE names
// only; its comment says a stored function is "not seen here", but then nothing else
// refuses it either.
//
// Fixed (x-fix26): a write of a temporary table that may call a stored function
// (replay's mayCallFunction) is refused where the resume would send it again.
func TestReviewX15TemporaryFilledByFunction(t *testing.T) {
	x15StopRefused(t, x15Head+"CREATE FUNCTION cnt() RETURNS int READS SQL DATA RETURN (SELECT COUNT(*) FROM k);\n"+
		"CREATE TEMPORARY TABLE t1 (n int);\nINSERT INTO t1 VALUES (cnt());\nINSERT INTO k VALUES (3, 30);\n"+
		x15Rows()+"INSERT INTO k SELECT n + 100, 0 FROM t1;\n", "--resume cannot send this statement of temporary table r15.t1 again, nor skip it: it may call a stored function")
}

// TestReviewX15ProcedureSetsGlobalOnlyVariable: a procedure whose body SETs GLOBAL a
// variable that has no session value (log_bin_trust_function_creators, which dumps of
// routines and migration scripts set; max_connect_errors), CALLed once. The client
// runs it; --parallel 2 and a serial --checkpoint fail the import at the CALL, before
// any stop: "journal the user variables @@max_connect_errors: Error 1238 (HY000):
// Variable 'max_connect_errors' is a GLOBAL variable". Loud, a failure where the client
// succeeds (before stop 41 the body's SET GLOBAL journaled nothing).
//
// Cause: plan.ProcedureVars (procvars.go:60-66) names every GLOBAL a body sets as a
// session variable to journal (x-fix19: the caller's session value), and
// noteProcedureVars keeps it because information_schema.SESSION_VARIABLES lists it
// (replay/procvars.go:82: that table lists the GLOBAL-only variables too); the journal's
// SELECT of @@SESSION.name then fails. setglobal.go's sessionScoped asks the server the
// way that tells them apart (SELECT @@SESSION.x fails for a GLOBAL-only one).
func TestReviewX15ProcedureSetsGlobalOnlyVariable(t *testing.T) {
	for _, v := range []struct{ name, value, was string }{
		{"log_bin_trust_function_creators", "1", "0"},
		{"max_connect_errors", "150", "100"},
	} {
		dump := x15Head + "CREATE PROCEDURE p() SET GLOBAL " + v.name + " = " + v.value + ";\nCALL p();\n" +
			x15Rows() + "SET GLOBAL " + v.name + " = " + v.was + ";\n"
		for mode, o := range map[string]importer.Options{
			"parallel":          {Parallel: 2},
			"serial checkpoint": {CheckpointPath: filepath.Join(t.TempDir(), "journal-"+v.name)},
		} {
			t.Run(v.name+"/"+mode, func(t *testing.T) { importMatchesClient(t, dump, o, "r15") })
		}
	}
}

// TestReviewX15ProcedureWritesIDsUnseen: TestCalledVarsProcedureWritesIDsRefused's dump
// (a trigger on r2 CALLs pa, which CALLs pb, which sets @pv and writes lg, an
// AUTO_INCREMENT table), with pb writing lg in a way the catalog's reader misses:
// INSERT without INTO, REPLACE without INTO (both optional words), or through a stored
// function it calls (SET @pv = lf(x), lf inserting into lg). Stopped at the INSERT into
// r2 with its progress row taken away (the attempt killed inside it), the resume does
// not refuse it by name as with INSERT INTO lg: it sends it again and fails with ERROR
// 1062 here (loud); after a real kill inside the statement, which InnoDB rolls back,
// the resume runs it again and lg's row takes id 2 where the client's has 1 (silent:
// the class the refusal exists for).
//
// Cause: catalog.bodyNamesTables (replay/exact.go:225-227, x-fix19) reads a procedure's
// ROUTINE_DEFINITION with plan.TriggerTables (plan/tables.go:22-36), which takes a table
// only after INTO, UPDATE, FROM, JOIN or ON, and with plan.BodyCalls, which follows CALL
// and not stored functions; a body that writes through INSERT t / REPLACE t or a
// function is taken for one that names no table, so triggersNameTables says the trigger
// takes no ids and TakesIDs (plan/exact.go:133) does not refuse.
//
// Fixed by x-fix28: bodyNamesTables reads INSERT/REPLACE without INTO
// (plan.BodyInsertTables) and follows the stored functions a body calls.
func TestReviewX15ProcedureWritesIDsUnseen(t *testing.T) {
	for name, procs := range map[string]string{
		"insert without into": "DELIMITER ;;\nCREATE PROCEDURE pb(x int) BEGIN SET @pv = x; INSERT lg (a) VALUES (x); END ;;\nDELIMITER ;\n",
		"replace":             "DELIMITER ;;\nCREATE PROCEDURE pb(x int) BEGIN SET @pv = x; REPLACE lg (a) VALUES (x); END ;;\nDELIMITER ;\n",
		"through a function": "DELIMITER ;;\nCREATE FUNCTION lf(x int) RETURNS int MODIFIES SQL DATA BEGIN INSERT INTO lg (a) VALUES (x); RETURN x; END ;;\nDELIMITER ;\n" +
			"CREATE PROCEDURE pb(x int) SET @pv = lf(x);\n",
	} {
		t.Run(name, func(t *testing.T) {
			dump := "SET NAMES utf8mb4;\n" + x9HeadRows() +
				"CREATE TABLE lg (n int AUTO_INCREMENT PRIMARY KEY, a int) ENGINE=InnoDB;\n" +
				"CREATE TABLE r2 (id int PRIMARY KEY) ENGINE=InnoDB;\nCREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW CALL pa(NEW.id);\n" +
				procs + "CREATE PROCEDURE pa(x int) CALL pb(x);\n" +
				"INSERT INTO r2 VALUES (7);\n" + x7Rows("k", 200, 241) + "INSERT INTO k VALUES (999, @pv);\n"
			ref, srv := testsandbox.Start(t), testsandbox.Start(t)
			runFoundCase(t, ref, srv, foundCase{db: "x9", dump: dump, stop: lineOf(t, dump, "INSERT INTO r2"), unrecord: int64(strings.Index(dump, "INSERT INTO r2") + 1),
				refusal: "--resume cannot recreate the AUTO_INCREMENT counters of the tables the triggers of x9.r2 write"})
		})
	}
}

// TestReviewX15TemporaryFillSideEffects: a row into a temporary table whose value
// changes a real object: NEXTVAL of a sequence, or a stored function that inserts into
// a real table; after the stop, k takes NEXTVAL(s) again (and the log table stays). The
// resume sends the temporary table's INSERT again (volatile) and its side effect happens
// twice: k gets 203 where the client's has 202, and lg gets the function's row twice (the
// same SELECT NEXTVAL(s) INTO @x, SET @x = NEXTVAL(s), match). Silent.
//
// Cause: a write of a temporary table is volatile (temporary.go:145) and sent again by
// every resume; x-fix21's inexact-rebuild check reads only the tables it selects from
// (readsReal, temporary.go:179-201), not sequence values it takes (plan.
// TakesSequenceValues, exact.go:127, judges other statements) nor stored functions it
// calls.
//
// Fixed (x-fix26): the resume refuses at such a statement, which it can neither send
// again nor skip (the planner reads NEXTVAL: plan.NotSentAgain; the replay asks whether it
// may call a stored function). Also when the temporary table is dropped before the stop:
// sending it again is the harm.
func TestReviewX15TemporaryFillSideEffects(t *testing.T) {
	const seqFunc = "DELIMITER ;;\nCREATE FUNCTION g(x int) RETURNS int MODIFIES SQL DATA BEGIN INSERT INTO lg (x) VALUES (x); RETURN x; END ;;\nDELIMITER ;\n"
	for name, c := range map[string]struct{ head, fill, tail, refused string }{
		"sequence": {"CREATE SEQUENCE s;\n", "INSERT INTO tt VALUES (NEXTVAL(s));\n", "INSERT INTO k VALUES (NEXTVAL(s) + 200, 0);\n", "it takes values of a sequence"},
		"next value for, update, dropped": {"CREATE SEQUENCE s;\n", "INSERT INTO tt VALUES (1);\nUPDATE tt SET n = NEXT VALUE FOR s;\nDROP TEMPORARY TABLE tt;\n",
			"INSERT INTO k VALUES (NEXTVAL(s) + 200, 0);\n", "it takes values of a sequence"},
		"function writes": {"CREATE TABLE lg (n int AUTO_INCREMENT PRIMARY KEY, x int) ENGINE=InnoDB;\n" + seqFunc,
			"INSERT INTO tt VALUES (g(5));\n", "INSERT INTO k SELECT n + 100, 0 FROM tt;\n", "it may call a stored function"},
		"function writes, prepared, dropped": {"CREATE TABLE lg (n int AUTO_INCREMENT PRIMARY KEY, x int) ENGINE=InnoDB;\n" + seqFunc,
			"PREPARE s FROM 'INSERT INTO tt VALUES (g(5))';\nEXECUTE s;\nDROP TEMPORARY TABLE tt;\n", "INSERT INTO k VALUES (50, 0);\n", "it may call a stored function"},
	} {
		t.Run(name, func(t *testing.T) {
			x15StopRefused(t, x15Head+c.head+"CREATE TEMPORARY TABLE tt (n int);\n"+c.fill+x15Rows()+c.tail, "--resume cannot send this statement of temporary table r15.tt again, nor skip it: "+c.refused)
		})
	}
}

// TestReviewX15TemporaryUpdateDeleteSkipped: rows into a temporary table, then an
// UPDATE or DELETE of it (plain, or one that also assigns a user variable), before the
// stop; after it, k takes the temporary table's rows. The resume makes the table and
// sends its INSERT again (volatile), but skips the UPDATE and the DELETE as committed
// data: k gets 201 and 202 where the client's has 211 and 212 (UPDATE), and 201 that the
// client's DELETE removed. docs/import.md says "temporary tables and what writes them …
// run again in a resumed run". Silent; a migration script's CREATE TEMPORARY TABLE …;
// UPDATE tmp …; is the common shape.
//
// Cause: temporaryTables.volatile (temporary.go:145) asks d.Table, which the splitter
// fills for INSERT, REPLACE and DDL but leaves "" for UPDATE and DELETE (kind other,
// verb UPDATE/DELETE, table ""): such a write of a temporary table is not volatile, gets
// a progress row, and a resume skips it.
//
// Fixed by x-fix25 (plan.dmlTables, plan.writeZone: an UPDATE or DELETE of temporary
// tables alone is sent again on resume); ungated at the merge.
func TestReviewX15TemporaryUpdateDeleteSkipped(t *testing.T) {
	const tail = "INSERT INTO k SELECT n + 200, 0 FROM tt;\n"
	for name, c := range map[string]struct{ write, tail string }{
		"update":              {"UPDATE tt SET n = n + 10;\n", tail},
		"update assign":       {"SET @c = 0;\nUPDATE tt SET n = (@c := @c + 10);\n", "INSERT INTO k VALUES (@c + 100, 0);\n" + tail},
		"delete":              {"DELETE FROM tt WHERE n = 1;\n", tail},
		"delete where assign": {"SET @c = 0;\nDELETE FROM tt WHERE n = 1 AND (@c := 5) > 0;\n", "INSERT INTO k VALUES (@c + 100, 0);\n" + tail},
	} {
		t.Run(name, func(t *testing.T) {
			x15StopResume(t, x15Head+"CREATE TEMPORARY TABLE tt (n int);\nINSERT INTO tt VALUES (1), (2);\n"+c.write+x15Rows()+c.tail)
		})
	}
}

// TestReviewX15RealTableCreatedUnderTemporaryName: a temporary table tt, then CREATE
// TABLE tt, a real table of the same name (the server allows it; the temporary one
// shadows it), a row into the temporary one, DROP TEMPORARY TABLE tt, a row into the
// real one, all before the stop. The resume sends the real table's CREATE TABLE again,
// taking it for a statement of the temporary table, and fails with ERROR 1050 "Table
// 'tt' already exists" where the client imported the dump. Loud.
//
// Cause: temporaryTables.volatile (temporary.go:145) makes any statement whose table is
// a name held temporary volatile, a CREATE TABLE without TEMPORARY too (the server
// creates the real table then, the temporary one stays); volatile statements are sent
// again by every resume.
//
// Fixed (x-fix26): a CREATE TABLE without TEMPORARY is never volatile.
func TestReviewX15RealTableCreatedUnderTemporaryName(t *testing.T) {
	x15StopResume(t, x15Head+"CREATE TEMPORARY TABLE tt (n int);\nCREATE TABLE tt (id int PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO tt VALUES (5);\n"+
		"DROP TEMPORARY TABLE tt;\nINSERT INTO tt VALUES (1);\n"+x15Rows()+"INSERT INTO tt VALUES (2);\n")
}

// TestReviewX15DoubleWrappedSetGlobal: SET STATEMENT sql_mode = … FOR EXECUTE IMMEDIATE
// 'SET GLOBAL time_zone = …', or FOR EXECUTE s of a PREPAREd SET GLOBAL, then TIMESTAMP
// rows; stopped after the wrapper and resumed. x-fix18 journals a wrapped SET GLOBAL's
// session values (the client's session keeps SYSTEM) for one wrapper only: the resume's
// new connections take +05:00 from the GLOBAL the interrupted run set, and the rows
// after the stop are stored 5 hours off. Silent (contrived: two wrappers).
//
// Cause: plan.Planner.Wrapped (plan/wrapsddl.go:20-36) unwraps one level
// (transform.Wrapped once), where registry.runs (plan/temporary.go) goes to wrapDepth;
// replay's globalSet (setglobal.go) sees an EXECUTE, no SET, and neither journals nor
// marks it. Its doc names SET STATEMENT … FOR "holding it" without saying one level.
//
// Fixed by x-fix28: globalSet reads through every wrapper (replay's innermost).
func TestReviewX15DoubleWrappedSetGlobal(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, set := range map[string]string{
		"set statement immediate": "SET STATEMENT sql_mode = '' FOR EXECUTE IMMEDIATE 'SET GLOBAL time_zone = ''+05:00''';\n",
		"set statement execute":   "PREPARE s FROM 'SET GLOBAL time_zone = ''+05:00''';\nSET STATEMENT sql_mode = '' FOR EXECUTE s;\n",
	} {
		t.Run(name, func(t *testing.T) {
			dump := "CREATE DATABASE r15;\nUSE r15;\n" + set +
				"CREATE TABLE ts (id int PRIMARY KEY, t TIMESTAMP NULL) ENGINE=InnoDB;\n" +
				"INSERT INTO ts VALUES (1, '2020-01-01 00:00:00'), (2, '2020-01-02 00:00:00');\n" +
				"INSERT INTO ts VALUES (3, '2020-01-01 00:00:00'), (4, '2020-01-02 00:00:00');\n" +
				"INSERT INTO ts VALUES (5, '2020-01-01 00:00:00'), (6, '2020-01-02 00:00:00');\n" +
				"SET GLOBAL time_zone = 'SYSTEM';\n"
			runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, "INSERT INTO ts VALUES (1,"), opt: importer.Options{Parallel: 2, BatchBytes: 64},
				setup: []string{"SET GLOBAL time_zone = 'SYSTEM'"}})
		})
	}
}

// TestReviewX15SetWarningUnlockThenWarningCount (difffuzz seed 75072, --parallel 3,
// shrunk to 8 statements; /work/notes/s42/x-review15-fuzz/seed-75072-parallel.sql):
// SELECT COUNT(*) INTO @c4 FROM t2, then SET @dw1 = CAST('3y' AS SIGNED) (a warning),
// UNLOCK TABLES (which keeps the diagnostics area), SELECT @@warning_count INTO @w, and
// @w stored: the client stores 1, dumpscope 0. Silent.
//
// Cause (general log, x-fix27): UNLOCK TABLES without table locks got its own progress
// row (START TRANSACTION, INSERT, COMMIT) right after it, which emptied the area; it now
// waits in diagTail as a reader's would (replay's oweKeeperRow). parallel 3 and
// checkpointed failed before.
func TestReviewX15SetWarningUnlockThenWarningCount(t *testing.T) {
	dump := "CREATE DATABASE `fz0` DEFAULT CHARACTER SET utf8mb4;\n" +
		"CREATE TABLE `fz0`.`t2` (\n  `id` int,\n  `c0` timestamp(3) NULL,\n  KEY `k1` (`c0`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;\n" +
		"CREATE TABLE IF NOT EXISTS `fz0`.`sv` (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"SELECT COUNT(*) INTO @c4 FROM `fz0`.`t2`;\n" +
		"SET @dw1 = CAST('3y' AS SIGNED);\n" +
		"UNLOCK TABLES;\n" +
		"SELECT @@warning_count INTO @w;\n" +
		"INSERT INTO `fz0`.`sv` (name, v) VALUES ('w', @w);\n"
	for mode, o := range map[string]importer.Options{
		"parallel 3":   {Parallel: 3, BatchBytes: 2 << 10},
		"checkpointed": checkpointed(t),
		"serial":       {},
	} {
		t.Run(mode, func(t *testing.T) { importMatchesClient(t, dump, o, "fz0") })
	}
}
