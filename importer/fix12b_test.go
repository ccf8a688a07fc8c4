package importer_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/transform"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// x12bProcedure is x9's head, g (id, t TIMESTAMP), gv (id AUTO_INCREMENT, v), a procedure p with the given
// parameter list and body, the dump's CALL (call), then 80 rows of g with '2020-01-01
// 00:00:00' and, last, a row of gv with id 0 and @pv (id 0 is stored as 0 under
// NO_AUTO_VALUE_ON_ZERO only).
func x12bProcedure(params, body, call string) string {
	return x9HeadRows() + "CREATE TABLE g (id int PRIMARY KEY, t timestamp NULL) ENGINE=InnoDB;\nCREATE TABLE gv (id int AUTO_INCREMENT PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
		"DELIMITER //\nCREATE PROCEDURE p(" + params + ") " + body + "//\nDELIMITER ;\n" + call + "\n" +
		x11TimestampRows(1, 81) + "INSERT INTO gv VALUES (0, @pv);\n"
}

// TestFix12bProcedureSessionResume: a procedure whose body sets a session variable
// (time_zone) or a user variable (@pv), CALLed, then rows that read them (TIMESTAMPs,
// @pv). Stopped at or after the CALL and resumed (--parallel 2 in 2 KiB batches), the
// resume skipped the CALL the interrupted run committed and stored every TIMESTAMP
// 5 hours off (2020-01-01 00:00:00 UTC where the client's is 2019-12-31 19:00:00) and
// @pv NULL where the client's is 7. Silent. Without a stop it matches: the CALL runs
// serially on the control connection, which keeps the session.
//
// Cause: the journal of variables a resume gives back (replay's userVarsOf) named what a
// statement assigns itself and the user variables of trigger and function bodies, not
// what a procedure's body leaves set. Fixed: plan.ProcedureVars names them (user
// variables, and session variables the body SETs that are no parameter or DECLAREd
// local), and they are journaled as a trigger's are (replay's noteProcedureVars). The
// parameter and local cases check the journal does not read a local as a session
// variable (ERROR 1193 Unknown system variable).
func TestFix12bProcedureSessionResume(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, dump := range map[string]string{
		"time-zone": x12bProcedure("", "SET time_zone = '+05:00'", "CALL p();"),
		"user-var":  x12bProcedure("", "SET @pv = 7", "CALL p();"),
		// Journaled after a statement that may CALL (replay's withProcedureVars); SET
		// STATEMENT … FOR CALL is refused in these modes (it may read the diagnostics area).
		"prepared": x12bProcedure("", "BEGIN SET time_zone = '+05:00'; SET @pv = 7; END", "PREPARE c FROM 'CALL p()'; EXECUTE c;"),
		"locals": x12bProcedure("OUT total int, IN time_zone int",
			"BEGIN DECLARE x, sql_mode int DEFAULT 0; SET x = 1, sql_mode = 2; SET total = x, @pv = 7; BEGIN SET time_zone = 3; END; SET @@session.time_zone = '+05:00'; END",
			"CALL p(@total, 4);"),
	} {
		// Lines: 1-5 head, 6-7 g and gv, 8-10 the procedure, 11 the CALL, 12-19 rows, 20 @pv.
		for _, stop := range []int64{11, 13} {
			t.Run(fmt.Sprint(name, "/stop at line ", stop), func(t *testing.T) {
				runFoundCase(t, ref, srv, foundCase{db: "x9", dump: dump, stop: stop})
			})
		}
	}
}

// TestFix12bProcedureSessionSet: the dumps of TestFix12bProcedureSessionResume without a
// stop, in the modes that plan (and --defer-indexes), match the client: the CALL turns the
// run serial, and the journal's reads after it change nothing the dump reads.
func TestFix12bProcedureSessionSet(t *testing.T) {
	for name, dump := range map[string]string{
		"time-zone": x12bProcedure("", "SET time_zone = '+05:00'", "CALL p();"),
		"user-var":  x12bProcedure("", "BEGIN SET @pv = 7; SET sql_mode = CONCAT(@@sql_mode, ',NO_AUTO_VALUE_ON_ZERO'); END", "CALL p();"),
	} {
		modes := x7Modes()
		modes["checkpointed"] = checkpointed(t)
		for k, v := range x7Deferred() {
			modes[k] = v
		}
		t.Run(name, func(t *testing.T) { x7Run(t, dump, modes, "x9") })
	}
}

// TestFix12bFunctionBlockLocal: a function whose body DECLAREs a local named time_zone in
// an inner block and, outside that block, SETs the session's time_zone; an INSERT calls
// it, then TIMESTAMP rows. The client stores them under +05:00; under --parallel 2 the
// planner took the outer SET for the local's (DECLAREd names were collected for the whole
// body: plan.bodySessionSet), let the rows go to the workers, whose sessions never took
// it, and stored every row 5 hours off. Silent. Fixed: locals are scoped to their block
// (plan.bodyTargets), and the function is refused as TestReviewX11SessionSetInTriggerOrFunction's.
func TestFix12bFunctionBlockLocal(t *testing.T) {
	dump := x9HeadRows() + "CREATE TABLE g (id int PRIMARY KEY, t timestamp NULL) ENGINE=InnoDB;\n" +
		"CREATE TABLE r2 (id int PRIMARY KEY, v int) ENGINE=InnoDB;\nDELIMITER //\n" +
		"CREATE FUNCTION f() RETURNS int BEGIN BEGIN DECLARE time_zone varchar(10); SET time_zone = 'x'; END; SET time_zone = '+05:00'; RETURN 1; END//\n" +
		"DELIMITER ;\nINSERT INTO r2 VALUES (1, f());\n" + x11TimestampRows(1, 81)
	x11SessionBodyRefused(t, "function", dump, "time_zone")
}

// TestFix12bUnreadableUse: in a plain serial run (--allow-system-schemas, which such
// dynamic SQL needs), dynamic SQL that cannot be read (EXECUTE
// IMMEDIATE @s, PREPARE u FROM @s) runs USE y9, which changes the session's database as
// the client's does; the replay's current database did not follow it (wrappedUse reads
// literals only): the summary counted the rows after it for x9.k, where none went (x9.k 2
// rows, y9.k none). It follows the database the server reports in the statement's OK
// packet (session_track_schema; replay/wireschema.go). --load-data alone, which turns the
// run serial at such a statement (plan.serialAtWrapper), counted them for x9.k too; its
// control connection has no wire, and asks the server after it. With --rename-database, whose
// rewrites do not reach inside dynamic SQL, it is refused with its place.
func TestFix12bUnreadableUse(t *testing.T) {
	for name, use := range map[string]string{
		"execute-immediate": "SET @s = CONCAT('USE ', 'y9');\nEXECUTE IMMEDIATE @s;\n",
		"prepared":          "SET @s = CONCAT('USE ', 'y9');\nPREPARE u FROM @s;\nEXECUTE u;\n",
		"set-statement":     "SET @s = CONCAT('USE ', 'y9');\nSET STATEMENT max_statement_time = 0 FOR EXECUTE IMMEDIATE @s;\n",
	} {
		dump := x9Head + "CREATE DATABASE y9;\nCREATE TABLE y9.k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + use +
			"INSERT INTO k VALUES (1, 'a'), (2, 'b');\n"
		for mode, o := range map[string]importer.Options{
			"serial":    {AllowSystemSchemas: true},
			"load-data": {AllowSystemSchemas: true, Parallel: 1, LoadData: true, BatchBytes: 512},
		} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				res := importMatchesClient(t, dump, o, "x9", "y9")
				got := map[string]int64{}
				for _, tc := range res.Replay.Tables {
					got[tc.Database+"."+tc.Table] += tc.Rows
				}
				if got["y9.k"] != 2 || got["x9.k"] != 0 {
					t.Fatalf("summary's tables %v; want y9.k with 2 rows, x9.k none", res.Replay.Tables)
				}
			})
		}
		t.Run(name+"/rename", func(t *testing.T) {
			o := importer.Options{AllowSystemSchemas: true, Transform: transform.Options{RenameDatabases: map[string]string{"x9": "z9"}}}
			x9Refused(t, dump, o, fmt.Sprintf("line %d", strings.Count(dump, "\n")-1), "USE through dynamic SQL", "--rename-database")
		})
	}
}

// TestFix12bProcedurePreparedUse: the dump prepares u from 'USE y9', then CALLs a
// procedure that prepares u anew from 'USE z9', then runs EXECUTE u: the session's
// database is z9, where the client's rows go. The serial replay's own map of prepared USE
// statements (replay/wrappeduse.go) still held y9 for u and counted the rows for y9.k.
// It now reads the one registry the planner and the diagnostics readers read
// (plan.DiagnosticsReaders.UseRun), which forgets what a procedure with PREPARE may have
// replaced, and the server's report of the database follows (wireschema.go).
func TestFix12bProcedurePreparedUse(t *testing.T) {
	dump := x9Head + "CREATE DATABASE y9;\nCREATE TABLE y9.k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE DATABASE z9;\nCREATE TABLE z9.k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"PREPARE u FROM 'USE y9';\nCREATE PROCEDURE p() PREPARE u FROM 'USE z9';\nCALL p();\nEXECUTE u;\n" +
		"INSERT INTO k VALUES (1, 'a'), (2, 'b');\n"
	res := importMatchesClient(t, dump, importer.Options{}, "x9", "y9", "z9")
	got := map[string]int64{}
	for _, tc := range res.Replay.Tables {
		got[tc.Database+"."+tc.Table] += tc.Rows
	}
	if got["z9.k"] != 2 || got["y9.k"] != 0 {
		t.Fatalf("summary's tables %v; want z9.k with 2 rows, y9.k none", res.Replay.Tables)
	}
}
