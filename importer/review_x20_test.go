package importer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// The twentieth hostile review (branch x-review20, session 46), of what stop 45 merged
// (0bb18db..3c7af95). Each test failed on main (3c7af95) when written and shows the
// database, or what dumpscope does, differing from `mariadb < same input` (MariaDB
// 10.11). Open findings are gated (reviewX20): run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX20
//
// A fix removes its test's reviewX20 call.
//
// Found, most harmful first (each test names its cause, mode and a fix):
//   - silent, a straight run in every mode with workers, serial --checkpoint too: `DROP
//     TRIGGER trg` after its table's rows runs before the batches in flight commit, so
//     later rows fire nothing (its scope is the trigger's name taken for a table):
//     TestReviewX20DropTriggerScope;
//   - silent, a straight run in every mode with workers (--load-data every time, --parallel
//     and --defer-indexes when k's batches are slower than the ALTER): `ALTER TABLE kp
//     EXCHANGE PARTITION p0 WITH TABLE k` (and 10.7's CONVERT TABLE k TO PARTITION, loud
//     under --load-data) runs before k's batches in flight commit; the barrier's scope
//     does not name k (split/tables.go NamedTables): TestReviewX20ExchangePartitionScope;
//   - silent, --parallel and --checkpoint: FOUND_ROWS() after `INSERT … SELECT … UNION
//     [ALL]/INTERSECT/EXCEPT … LIMIT n` (and FETCH FIRST n ROWS WITH TIES) is the rows the
//     union found, not the rows inserted; x-fix43's foundIsRowCount gives the row count:
//     TestReviewX20FoundRowsUnionLimit;
//   - silent, stop + --resume, a temporary table rebuilt by sending its fill again where
//     the fill wrote, or reads, a real table the resume's checks miss: a procedure body
//     calling `db.f()` (a qualified stored function) that updates k, so k is written
//     twice (TestReviewX20TemporaryFillQualifiedFunction); a fill source k changed by a
//     foreign key's cascade (TestReviewX20TemporaryFillCascade) or by EXCHANGE PARTITION
//     (TestReviewX20TemporaryFillExchangePartition) after the fill; a body reading k as
//     `FROM (k)`, `FROM (k2, k)` or after STRAIGHT_JOIN, k updated after the CALL
//     (TestReviewX20TemporaryCodeReadsMissed);
//   - silent, stop + --resume: a temporary row from @@pseudo_thread_id (a system
//     variable: x-fix45's allow-list reads words only) rebuilt on the resume's connection:
//     TestReviewX20TemporaryRowSystemVariable;
//   - silent, --parallel / --checkpoint / --skip-warning-count: a warning SET, then FLUSH
//     TABLES/STATUS/PRIVILEGES, RESET QUERY CACHE, SAVEPOINT or SET GLOBAL (keepers of the
//     area beyond x-fix42's routine and database DDL), the turn to serial and GET
//     DIAGNOSTICS: 0 where the client has 1: TestReviewX20KeeperStatementsAfterWarning;
//   - silent, --parallel 3 and serial --checkpoint: x-review19 #5's shape with EXECUTE
//     IMMEDIATE / EXECUTE / SET STATEMENT … FOR of a table-free statement, or SAVEPOINT,
//     between the warning and a CALL reading @@warning_count (x-fix46 covered PREPARE and
//     DEALLOCATE only): TestReviewX20StaleLookupsEmptyArea;
//   - silent, --parallel and --load-data, low harm: information_schema.USER_VARIABLES
//     lists x-fix46's @dumpscope_found_rows_<suffix>: TestReviewX20OwnVariableListed.
//
// Tried and matched the client (or refused in one line): binary names with the table
// ALTERed to latin1 between batches by EXECUTE IMMEDIATE, RENAME TABLE t TO t_old, u TO
// t, DROP + ALTER TABLE u RENAME TO t, a CALL of a procedure that ALTERs it (refused);
// SET NAMES latin1 between batches by PREPARE/EXECUTE (run goes serial), EXECUTE
// IMMEDIATE, the client's `charset latin1` and `\C utf8mb4` commands; DEFAULT
// expressions CHARSET(CAST(1 AS CHAR)), COLLATION(CONCAT(a)), CHARSET(USER()), HEX(CAST
// ('é' AS CHAR)), CONVERT(… USING latin1) (parsed in the table's context, not the
// session's); CHECK (… @@collation_connection) (ERROR 1901). FOUND_ROWS() after INSERT
// … SELECT with a trigger inserting elsewhere (INSERT … SELECT in its body, SELECT INTO
// in a BEFORE trigger), a stored function in the select list that runs a SELECT, a view,
// GROUP BY WITH ROLLUP, DISTINCT, LIMIT ROWS EXAMINED, FETCH FIRST n ROWS ONLY, a union
// inside a derived table or CTE (all equal to the row count). --rename-database with
// GRANT ON a.t / a.* / column / PROCEDURE (renamed). Foreign-key cascades in a straight
// --parallel/--load-data/--defer-indexes run (children wait), DEFAULT (NEXTVAL(s))
// batches. A graceful-stop sweep (23 points) of binary-names batches, an AUTO_INCREMENT
// transaction under autocommit=0, FOUND_ROWS() after INSERT … SELECT and a CALL-filled
// temporary table: none differ, 8 refused by name. Oracle mode: a text `CREATE PROCEDURE p
// AS BEGIN NULL; END; DELETE FROM t` fails with ERROR 1064 in every mode where the client
// runs both, but docs/import.md says so (the rest of the text is one part).
// Also matched: UPDATE/INSERT IGNORE/DELETE through a view over a table with batches in
// flight; DEFAULT (NEXTVAL(s)) with ALTER SEQUENCE, SETVAL, DROP [and CREATE] SEQUENCE
// after the rows; --defer-indexes before CREATE TABLE … LIKE and readers of
// information_schema.STATISTICS; DROP TABLE and CREATE of a trigger's target table. On
// resume, a fill source written after the fill by CALL, EXECUTE IMMEDIATE, SET STATEMENT
// … FOR, a multi-table UPDATE/DELETE (JOIN or comma), REPLACE … SELECT or ON DUPLICATE
// KEY UPDATE, and fills reading k in a scalar/IN/EXISTS subquery, a derived table, a CTE
// or a UNION: all refused by name.
// difffuzz seeds 114000–114037 (38 scripts × 9 modes, 41 min): no difference.

// reviewX20 skips an open finding's test unless DUMPSCOPE_REVIEW_X=1.
func reviewX20(t *testing.T) {
	t.Helper()
	if os.Getenv("DUMPSCOPE_REVIEW_X") != "1" {
		t.Skip("an open finding of the x-review20 (fails on main): DUMPSCOPE_REVIEW_X=1 runs it")
	}
}

// TestReviewX20FoundRowsUnionLimit: FOUND_ROWS() after an INSERT … SELECT whose SELECT is
// a UNION (UNION ALL, INTERSECT, EXCEPT) with a LIMIT on the whole, or ends in FETCH
// FIRST n ROWS WITH TIES, is the rows the SELECT found before the limit, not the rows
// inserted (measured on MariaDB 10.11: `INSERT INTO t SELECT a FROM s UNION ALL SELECT
// a FROM big LIMIT 7` row_count 7, found_rows 13; `… INTERSECT … LIMIT 2` 2 and 5;
// `… ORDER BY a FETCH FIRST 2 ROWS WITH TIES` 2 and 10). dumpscope gives the reader the
// row count: here the client stores 6, dumpscope 4 (union all limit), 6 and 2, 8 and 3, 9 and 3. Silent, --parallel 3 and --parallel 2
// --checkpoint (the reader on the control connection after an INSERT … SELECT of more
// than one row); serial matches.
//
// Cause: importer/replay/foundrows.go:17-54 (foundIsRowCount, x-fix43) takes a LIMIT n
// for a count of the rows found; that holds for a single SELECT (its LIMIT ends the
// scan) but a UNION's LIMIT applies to the union's result, which the server counts whole
// (select_union's found rows), and FETCH … WITH TIES (not read at all) counts every row.
// Fix: not derived where a LIMIT or FETCH follows a UNION/INTERSECT/EXCEPT at depth 0
// (simplest: refuse any LIMIT/FETCH when the text holds UNION, INTERSECT or EXCEPT, and
// any FETCH).
//
// Fixed (x-fix48): foundIsRowCount says no for these, so the reader is refused by name
// (as before x-fix43); the test wants that refusal or the client's database.
func TestReviewX20FoundRowsUnionLimit(t *testing.T) {
	for name, ins := range map[string]string{
		"union all limit": "INSERT INTO vars_fr (n) SELECT id FROM b10 UNION ALL SELECT id + 10 FROM b10 LIMIT 4;\n",
		"union limit":     "INSERT INTO vars_fr (n) (SELECT id FROM b10) UNION (SELECT id + 10 FROM b10) ORDER BY 1 LIMIT 2;\n",
		"except limit":    "INSERT INTO vars_fr (n) SELECT a.id * 10 + b.id FROM b10 a, b10 b EXCEPT SELECT 11 LIMIT 3;\n",
		"fetch with ties": "INSERT INTO vars_fr (n) SELECT a.id * 10 + b.id FROM b10 a, b10 b ORDER BY a.id FETCH FIRST 2 ROWS WITH TIES;\n",
	} {
		t.Run(name, func(t *testing.T) {
			dump := xfix43FoundHead + ins + "SELECT FOUND_ROWS() INTO @w2;\nSET @w3 = FOUND_ROWS();\n" +
				"INSERT INTO sv (name, v) VALUES ('fr', @w2), ('fr3', @w3);\n"
			want := x16Client(t, dump, "fz0")
			for name, o := range map[string]importer.Options{
				"parallel 3":            {Parallel: 3, BatchBytes: 2 << 10},
				"parallel 2 checkpoint": {Parallel: 2, BatchBytes: 512, CheckpointPath: filepath.Join(t.TempDir(), "journal")},
			} {
				t.Run(name, func(t *testing.T) {
					srv := testsandbox.Start(t)
					res, err := tryImport(t, srv, "", importer.Source{Path: writeFile(t, "d.sql", []byte(dump))}, o)
					if err == nil {
						err = res.Err
					}
					if err != nil {
						if !strings.Contains(err.Error(), "FOUND_ROWS()") {
							t.Fatalf("%v; want the client's database or the FOUND_ROWS() reader refused", err)
						}
						return
					}
					sameDump(t, "straight", want, redumps(t, srv, "fz0"))
				})
			}
		})
	}
}

// TestReviewX20TemporaryFillQualifiedFunction: a temporary table filled by `CALL fill()`
// whose body calls a stored function by its qualified name (`INSERT INTO tt SELECT 2,
// r15.bump(5)`) that writes a real table (UPDATE k SET v = v + 1). Stopped after the
// fill and resumed, the resume sends the CALL again to rebuild tt: bump runs a second
// time, k.v is 12 where the client's is 11, and the resume finishes. Silent, stop +
// --resume (--parallel 2, checkpointed). The same INSERT written directly (not through
// a procedure) is refused by name ("it may call a stored function"), as it should be;
// so is the procedure where the call is unqualified (bump(5)). Only a refusal can be
// right here (the write cannot be taken back), so the test wants one.
//
// Cause: importer/plan/routinetemp.go:208 (reach) follows a function only when it is
// called unqualified (`tdb == ""`): `r15.bump(` is read as a name and skipped, so the
// body looks as if it reached the temporary table alone; plan/stablecalls.go:47-49
// (unstableCall, run on the body) leaves a qualified call "to the caller", which here
// does not judge it. Fix: follow db.f( through rb.funcs as f( is followed (or take any
// qualified call in a body as code that may write anything: inexact).
func TestReviewX20TemporaryFillQualifiedFunction(t *testing.T) {
	head := x15Head + "CREATE TABLE lg (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
		"CREATE TEMPORARY TABLE tt (id int PRIMARY KEY, v int) ENGINE=InnoDB;\nINSERT INTO tt VALUES (1, 10);\n" +
		"DELIMITER ;;\nCREATE FUNCTION bump(x int) RETURNS int BEGIN UPDATE k SET v = v + 1 WHERE id = 1; RETURN x; END;;\nDELIMITER ;\n"
	tail := "INSERT INTO lg SELECT * FROM tt;\n"
	for name, body := range map[string]string{
		"qualified":        "INSERT INTO tt SELECT 2, r15.bump(5)",
		"quoted":           "INSERT INTO tt SELECT 2, `r15`.`bump`(5)",
		"values, in BEGIN": "BEGIN INSERT INTO tt VALUES (2, r15.bump(5)); END",
		"unqualified":      "INSERT INTO tt SELECT 2, bump(5)", // refused today: the twin
	} {
		t.Run(name, func(t *testing.T) {
			fill := "DELIMITER ;;\nCREATE PROCEDURE fill() " + body + ";;\nDELIMITER ;\nCALL fill();\n"
			x15StopRefused(t, head+fill+x15Rows()+tail, "--resume cannot")
		})
	}
}

// TestReviewX20TemporaryRowSystemVariable: a temporary row written from a system variable
// that is one connection's (`INSERT INTO tt VALUES (1, @@pseudo_thread_id)`, the id
// CONNECTION_ID() gives), next to a real row written from it too (in r15x, which the
// comparison leaves out: the ids differ from the client's anyway); after the stop, a row
// of lg compares the two. The client has 1; the resume rebuilds tt on its own new
// connection, whose id is another: 0. Silent, stop + --resume (--parallel 2,
// checkpointed). CONNECTION_ID() itself is refused by name (x-fix45's allow-list).
//
// Cause: importer/plan/stablecalls.go:66-68 (unstableCall) reads words and quoted names
// only: a system variable (@@pseudo_thread_id, @@session.pseudo_thread_id; not tried:
// @@timestamp, @@rand_seed1, @@last_insert_id, @@identity) is another token kind and
// passes as stable. Fix: an allow-list of the system variables a resume gives back
// (sql_mode, the character sets…), any other read in a temporary write inexact.
// Fixed (x-fix50, plan/stablevars.go): the test wants the resume's refusal at the
// temporary write, and a restored variable (@@session.sql_mode) rebuilt as the client's.
func TestReviewX20TemporaryRowSystemVariable(t *testing.T) {
	for name, v := range map[string]string{
		"@@pseudo_thread_id":         "@@pseudo_thread_id",
		"@@session.pseudo_thread_id": "@@session.pseudo_thread_id",
	} {
		t.Run(name, func(t *testing.T) {
			dump := x15Head + "CREATE TABLE lg (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
				"CREATE DATABASE r15x;\nCREATE TABLE r15x.k2 (id int PRIMARY KEY, v bigint) ENGINE=InnoDB;\n" +
				"CREATE TEMPORARY TABLE tt (id int PRIMARY KEY, v bigint) ENGINE=InnoDB;\n" +
				"INSERT INTO tt VALUES (1, " + v + ");\nINSERT INTO r15x.k2 VALUES (1, " + v + ");\n" +
				x15Rows() + "INSERT INTO lg SELECT tt.id, tt.v = k2.v FROM tt JOIN r15x.k2 USING (id);\n"
			x15StopRefused(t, dump, "--resume cannot send this statement of temporary table r15.tt again, nor skip it: it reads "+v+", a system variable")
		})
	}
	t.Run("restored: @@sql_mode", func(t *testing.T) {
		dump := x15Head + "CREATE TABLE lg (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\n" +
			"CREATE TEMPORARY TABLE tt (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\n" +
			"INSERT INTO tt VALUES (1, @@session.sql_mode);\n" + x15Rows() + "INSERT INTO lg SELECT * FROM tt;\n"
		x15StopResume(t, dump)
	})
}

// TestReviewX20OwnVariableListed: dumpscope's own user variable (x-fix46's
// @dumpscope_found_rows_<64 random bits>, which holdFound sets on the control connection
// after an INSERT … SELECT of one row) is listed by information_schema.USER_VARIABLES,
// which a dump may read like any table: the client counts 1 (@w2), dumpscope 2
// (dumpscope_found_rows_…, w2). Silent, --parallel 2 and --load-data; serial matches.
// Low harm (a dump that lists its session's variables), but ownvars.go's claim that
// "nothing the client's connection can read holds the suffix" does not hold.
//
// Cause: importer/replay/rowcount.go:297 (holdFound) leaves the variable set on the
// control connection (ownvars.go:8-15); a user variable cannot be unset (set to NULL it
// is still listed, MariaDB 10.11). Fix: refuse a statement naming USER_VARIABLES once
// one of dumpscope's own variables is set on its connection, in one line.
//
// Fixed (x-fix49): the parallel replay refuses, in one line, a statement whose text names
// USER_VARIABLES (replay's refuseOwnVarsRead; measured: `SET @a = NULL` leaves @a listed),
// also through EXECUTE IMMEDIATE of a literal and in a procedure's body at its CREATE.
// Failed before (the "select" case in both modes: 2 where the client stores 1).
func TestReviewX20OwnVariableListed(t *testing.T) {
	const read = "SELECT 'vars', COUNT(*) FROM information_schema.USER_VARIABLES"
	for name, tail := range map[string]string{
		"select":            "INSERT INTO sv " + read + ";\n",
		"execute immediate": "EXECUTE IMMEDIATE \"INSERT INTO sv " + read + "\";\n",
		"procedure":         "CREATE PROCEDURE lv() INSERT INTO sv " + read + ";\nCALL lv();\n",
	} {
		dump := xfix43FoundHead + "INSERT INTO vars_fr SELECT id FROM b10 WHERE id = 1;\nSELECT FOUND_ROWS() INTO @w2;\n" + tail
		line := fmt.Sprintf("line %d", strings.Count(xfix43FoundHead, "\n")+3)
		for mode, o := range map[string]importer.Options{
			"parallel 2": {Parallel: 2, BatchBytes: 512},
			"load-data":  {LoadData: true},
		} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				srv := testsandbox.Start(t)
				res, err := tryImport(t, srv, "", importer.Source{Path: writeFile(t, "d.sql", []byte(dump))}, o)
				if err == nil {
					err = res.Err
				}
				if err == nil {
					t.Fatalf("imported; want the statement at %s refused in one line", line)
				}
				if msg := err.Error(); !strings.Contains(msg, line) || !strings.Contains(msg, "USER_VARIABLES") || strings.Contains(msg, "\n") {
					t.Fatalf("%v; want the statement at %s refused in one line naming USER_VARIABLES", err, line)
				}
			})
		}
	}
	t.Run("serial", func(t *testing.T) {
		dump := xfix43FoundHead + "INSERT INTO vars_fr SELECT id FROM b10 WHERE id = 1;\nSELECT FOUND_ROWS() INTO @w2;\nINSERT INTO sv " + read + ";\n"
		x16Straight(t, dump, "fz0", x16Client(t, dump, "fz0"), importer.Options{})
	})
}

// TestReviewX20TemporaryFillCascade: a temporary table filled from a real InnoDB table k
// (`INSERT INTO tt SELECT id, v FROM k`, x-fix36's exact fill), then a statement that
// writes k only through a foreign key's ON DELETE CASCADE / ON UPDATE CASCADE (DELETE
// FROM parent, UPDATE parent SET id). Stopped after it and resumed, the resume sends the
// fill again and reads k as the cascade left it: lg gets one row where the client's has
// two (or the updated pid). Silent, stop + --resume (--parallel 2, checkpointed).
//
// Cause: importer/replay/temprebuild.go:212-241 (exactFill) refuses where triggers, views
// or routines exist ("code that may write a table under another name"), and the skipped
// statements are judged by the tables they name (mayWriteTables, sqlscan.DMLTables); a
// foreign key's cascade writes a child table the statement does not name, and neither
// looks at REFERENTIAL_CONSTRAINTS. Fix: count a table with a foreign key whose ON
// DELETE/ON UPDATE is not RESTRICT/NO ACTION (information_schema.REFERENTIAL_CONSTRAINTS,
// DELETE_RULE/UPDATE_RULE) as one code may write: refuse such a fill source.
// Fixed (x-fix50): exactFill refuses a source with such a key (cascadingKeys); the test
// wants the resume's refusal at the fill.
func TestReviewX20TemporaryFillCascade(t *testing.T) {
	head := "CREATE DATABASE r15;\nUSE r15;\n" +
		"CREATE TABLE parent (id int PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO parent VALUES (1), (2);\n" +
		"CREATE TABLE k (id int PRIMARY KEY, pid int, v int, FOREIGN KEY (pid) REFERENCES parent (id) ON DELETE CASCADE ON UPDATE CASCADE) ENGINE=InnoDB;\n" +
		"INSERT INTO k VALUES (1, 1, 10), (2, 2, 20);\n" +
		"CREATE TABLE lg (id int PRIMARY KEY, pid int, v int) ENGINE=InnoDB;\n" +
		"CREATE TEMPORARY TABLE tt (id int PRIMARY KEY, pid int, v int) ENGINE=InnoDB;\nINSERT INTO tt SELECT id, pid, v FROM k;\n"
	tail := "INSERT INTO lg SELECT * FROM tt;\n"
	for name, write := range map[string]string{
		"on delete cascade": "DELETE FROM parent WHERE id = 2;\n",
		"on update cascade": "UPDATE parent SET id = 3 WHERE id = 2;\n",
	} {
		t.Run(name, func(t *testing.T) {
			x15StopRefused(t, head+write+x15Rows()+tail, "--resume cannot rebuild temporary table r15.tt as the dump made it: it is filled from `k`")
		})
	}
}

// TestReviewX20KeeperStatementsAfterWarning: x-fix42's TestXFix42KeeperDDLAfterWarnings
// shape (`SET @q = CAST('5x' AS SIGNED)` on the control connection, a statement that
// keeps the client's diagnostics area, `SELECT 14 INTO @v` turning the run serial, then
// GET DIAGNOSTICS @n = NUMBER) with keepers other than the routine and database DDL it
// fixed: FLUSH TABLES, FLUSH STATUS, FLUSH PRIVILEGES (mariadb-dump --all-databases ends
// with it), RESET QUERY CACHE, SAVEPOINT, SET GLOBAL. The client stores 1 (measured:
// each keeps the area, as do FLUSH LOGS/HOSTS, PURGE BINARY LOGS, DROP SERVER, CREATE
// ROLE), dumpscope 0 and finishes. Silent, --parallel 3, checkpointed and
// --skip-warning-count alike (x-fix42's modes). The worker-warning twin (INSERT IGNORE
// with a duplicate) is refused in one line, as it should be.
//
// Cause (suspected, not traced): the plan takes these for keepers as it does CREATE
// PROCEDURE (importer/plan/diagnostics.go:197-211: !clearsArea opens the window), but the
// replay counts the control connection's list before dumpscope empties it only in
// clearStaleWarnings (replay/warnings.go:131 → diagcount.go:78 countLost), which these
// statements' path (session, transaction and server statements, run otherwise than
// through exec's clearing) does not reach, so the SET's warning is emptied uncounted and
// the reader is let through. Fix: count (countLost) wherever dumpscope's own statement
// on the control connection may empty the list while the window is open, or refuse the
// reader after any such statement.
func TestReviewX20KeeperStatementsAfterWarning(t *testing.T) {
	head := "CREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE t (id int PRIMARY KEY, c int) ENGINE=InnoDB;\n" +
		"CREATE TABLE sv (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400));\n" +
		"INSERT INTO t VALUES (1, 1), (2, 2);\nINSERT INTO t VALUES (5, 5);\nSET @q = CAST('5x' AS SIGNED);\n"
	tail := "SELECT 14 INTO @v;\nGET DIAGNOSTICS @n = NUMBER;\nINSERT INTO sv (name, v) VALUES ('n', @n);\n"
	for _, keeper := range []string{
		"FLUSH TABLES", "FLUSH STATUS", "FLUSH PRIVILEGES", "RESET QUERY CACHE", "SAVEPOINT a",
		"SET GLOBAL max_connections = @@global.max_connections",
	} {
		dump := head + keeper + ";\n" + tail
		for mode, o := range map[string]importer.Options{
			"parallel":           {Parallel: 3, BatchBytes: 2 << 10, AllowSystemSchemas: true},
			"checkpoint":         {Parallel: 2, BatchBytes: 2 << 10, CheckpointPath: "x", AllowSystemSchemas: true},
			"skip-warning-count": {Parallel: 2, BatchBytes: 2 << 10, SkipWarningCount: true, CheckpointPath: "x", AllowSystemSchemas: true},
		} {
			t.Run(keeper+"/"+mode, func(t *testing.T) {
				if o.CheckpointPath != "" {
					o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
				}
				x20ClientOrDiagRefusal(t, dump, o)
			})
		}
	}
}

// x20ClientOrDiagRefusal imports dump with o and wants either the client's fz0 or the
// diagnostics reader (the dump's second last line) refused in one line.
func x20ClientOrDiagRefusal(t *testing.T, dump string, o importer.Options) {
	t.Helper()
	want := x16Client(t, dump, "fz0")
	srv := testsandbox.Start(t)
	res, err := tryImport(t, srv, "", importer.Source{Path: writeFile(t, "d.sql", []byte(dump))}, o)
	if err == nil {
		err = res.Err
	}
	if err == nil {
		sameDump(t, "straight", want, redumps(t, srv, "fz0"))
		return
	}
	line := fmt.Sprintf("line %d", strings.Count(dump, "\n")-1)
	if msg := err.Error(); !strings.Contains(msg, line) || !strings.Contains(msg, "diagnostics area") || strings.Contains(msg, "\n") {
		t.Fatalf("%v; want the client's database or the reader at %s refused in one line", err, line)
	}
}

// TestReviewX20TemporaryCodeReadsMissed: `CALL fill()` whose body fills a temporary
// table from a real table k written in a form reach does not read as a table list —
// parenthesised (`FROM (k)`, `FROM (k2, k)`), or after STRAIGHT_JOIN — and k is updated
// after the CALL, before the stop. The resume takes the CALL for one that reaches the
// temporary table alone (no real table read: x-fix43's check of the reads, that nothing
// the resume skips writes them, has nothing to check), sends it again and reads k as
// updated: tt, and lg from it, hold 99 where the client's hold 10. Silent, stop +
// --resume (--parallel 2, checkpointed). With `FROM k` the same dump is refused by name
// (x-fix43: "k written after"), the twin here.
//
// Cause: importer/plan/routinetemp.go:233-238 (reach): after FROM a '(' is not a name,
// so prevWrite is cleared and the names inside the parentheses are skipped as columns;
// STRAIGHT_JOIN is not JOIN (routinetemp.go:189), so the table after it is skipped too.
// Fix: keep prevWrite (and the list) across '(' after FROM/JOIN, take STRAIGHT_JOIN (and
// NATURAL …) as JOIN; or, safer, take any name after FROM that reach cannot place as a
// real read of an unknown table (inexact).
func TestReviewX20TemporaryCodeReadsMissed(t *testing.T) {
	for name, body := range tempReadForms {
		t.Run(name, func(t *testing.T) {
			dump := tempReadHead + "CREATE PROCEDURE fill() " + body + ";\nCALL fill();\nUPDATE k SET v = 99 WHERE id = 1;\n" + x15Rows() + tempReadTail
			x15StopRefused(t, dump, "--resume cannot")
		})
	}
}

// tempReadHead makes r15's lg, k2 and the temporary table tt, which one of
// tempReadForms fills from k (and k2); tempReadTail copies tt into lg.
const (
	tempReadHead = x15Head + "CREATE TABLE lg (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
		"CREATE TABLE k2 (id int PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO k2 VALUES (1);\n" +
		"CREATE TEMPORARY TABLE tt (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n"
	tempReadTail = "INSERT INTO lg SELECT * FROM tt;\n"
)

// tempReadForms fill tt from k written in the forms a table reader may miss, and in the
// plain form (the twin).
var tempReadForms = map[string]string{
	"parenthesised":         "INSERT INTO tt SELECT id + 100, v FROM (k) WHERE id = 1",
	"parenthesised list":    "INSERT INTO tt SELECT k.id + 100, k.v FROM (k2, k) WHERE k.id = k2.id",
	"straight_join":         "INSERT INTO tt SELECT k.id + 100, k.v FROM k2 STRAIGHT_JOIN k ON k.id = k2.id",
	"plain (refused, twin)": "INSERT INTO tt SELECT id + 100, v FROM k WHERE id = 1",
}

// TestReviewX20TemporaryFillExchangePartition: a temporary table filled from a real
// InnoDB table k (`INSERT INTO tt SELECT id, v FROM k`, x-fix36's exact fill), then
// `ALTER TABLE kp EXCHANGE PARTITION p0 WITH TABLE k`, which swaps k's rows with kp's
// partition. Stopped after it and resumed, the resume sends the fill again and reads the
// rows k holds now, kp's: lg gets (1, 77) where the client's has (1, 10), (2, 20).
// Silent, stop + --resume (--parallel 2, checkpointed).
//
// Cause (suspected): what the resume takes for the writes of the statements it skips
// (replay/temprebuild.go:205-241 exactFill, "while no statement after the fill writes
// it", mayWriteTables) reads the ALTER's table, kp, and not the table after WITH TABLE.
// Fix: EXCHANGE PARTITION … WITH TABLE t writes t too (wherever an ALTER's tables are
// read: barriers, preflight, the catalog).
// Fixed (x-fix50): mayWriteTables takes an ALTER with EXCHANGE or CONVERT for a write of
// the fill's sources; the test wants the resume's refusal at the fill.
func TestReviewX20TemporaryFillExchangePartition(t *testing.T) {
	dump := x15Head + "CREATE TABLE lg (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
		"CREATE TABLE kp (id int PRIMARY KEY, v int) ENGINE=InnoDB PARTITION BY RANGE (id) (PARTITION p0 VALUES LESS THAN (100), PARTITION p1 VALUES LESS THAN MAXVALUE);\n" +
		"INSERT INTO kp VALUES (1, 77);\n" +
		"CREATE TEMPORARY TABLE tt (id int PRIMARY KEY, v int) ENGINE=InnoDB;\nINSERT INTO tt SELECT id, v FROM k;\n" +
		"ALTER TABLE kp EXCHANGE PARTITION p0 WITH TABLE k;\n" + x15Rows() + "INSERT INTO lg SELECT * FROM tt;\n"
	x15StopRefused(t, dump, "--resume cannot rebuild temporary table r15.tt as the dump made it: it is filled from `k`")
}

// TestReviewX20ExchangePartitionScope: a table k's rows (40 INSERTs of 100 rows), then
// `ALTER TABLE kp EXCHANGE PARTITION p0 WITH TABLE k` (or MariaDB 10.7's `ALTER TABLE
// kp CONVERT TABLE k TO PARTITION p1 …`), which takes k's rows. The ALTER runs before
// k's batches in flight have committed: the client has kp 4000 rows and k 1 (the
// swap), dumpscope kp 0–3900 and k the rest (measured on a server on disk: --load-data
// kp 0 / k 4001, --parallel 2 --batch-bytes 4096 kp 3900 / k 101, --defer-indexes and
// serial --checkpoint kp 100 / k 3901). Here on /dev/shm it depends on timing: 2–4 of
// the 8 subtests fail per run. The CONVERT TABLE form is loud under --load-data (ERROR
// 1146 at k's rows, the table gone). Silent, a straight run in every mode with workers,
// serial --checkpoint too; the plain serial replay matches.
//
// Cause: importer/split/tables.go:18-36 (NamedTables, the barrier's scope through
// plan/scope.go:53 BarrierScope) reads an ALTER TABLE's own table and the names after
// RENAME/TO/AS/LIKE: not the table after EXCHANGE PARTITION … WITH TABLE, nor after
// CONVERT TABLE. Fix: add both (or take an ALTER with EXCHANGE/CONVERT for a global
// barrier).
func TestReviewX20ExchangePartitionScope(t *testing.T) {
	rows := fortyInserts("k", 2)
	head := func(p0 int) string {
		return "CREATE DATABASE r20;\nUSE r20;\nCREATE TABLE k (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\n" +
			fmt.Sprintf("CREATE TABLE kp (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB PARTITION BY RANGE (id) (PARTITION p0 VALUES LESS THAN (%d));\n", p0) +
			"INSERT INTO kp VALUES (1, 'kp');\n" + rows
	}
	for name, alter := range map[string]string{
		"exchange": head(100000) + "ALTER TABLE kp EXCHANGE PARTITION p0 WITH TABLE k;\n",
		"convert":  head(2) + "ALTER TABLE kp CONVERT TABLE k TO PARTITION p1 VALUES LESS THAN (200000);\n",
	} {
		dump := alter + "CREATE TABLE z (a int) ENGINE=InnoDB;\nINSERT INTO z VALUES (1);\n"
		for mode, o := range map[string]importer.Options{
			"parallel 2":    {Parallel: 2, BatchBytes: 4 << 10},
			"load-data":     {LoadData: true},
			"defer-indexes": {DeferIndexes: true},
			"checkpoint":    {CheckpointPath: "x"},
		} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				if o.CheckpointPath != "" {
					o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
				}
				importMatchesClient(t, dump, o, "r20")
			})
		}
	}
}

// TestReviewX20StaleLookupsEmptyArea: x-review19 #5's shape (`SET @dw2 = CAST('0y' AS
// SIGNED)`, a statement that keeps the diagnostics area, `CALL rdp1()` whose body stores
// @@warning_count) with statements x-fix46's fix (PREPARE, DEALLOCATE, DROP PREPARE) does
// not cover: a wrapper of a table-free statement (`EXECUTE IMMEDIATE 'SELECT 1'`, '… 'DO
// 1'`, '… 'SET @zz = 1'`, `EXECUTE dps4` of a PREPAREd 'SELECT 1', `SET STATEMENT
// max_statement_time = 0 FOR DO 1`) and `SAVEPOINT a`. The client stores 1, dumpscope 0
// and finishes. Silent, --parallel 3 and serial --checkpoint. (CREATE PROCEDURE, USE,
// DO 1, SELECT 1, SET @z, BEGIN, COMMIT, ROLLBACK, FLUSH TABLES there are refused in
// one line, as they should be.)
//
// Cause (suspected): importer/replay/diagprime.go:93 (staleTables) takes these for
// statements that change tables (changesTables; preparesOnly covers PREPARE and its
// kin only), so the checkpoint's list of non-transactional tables is read again
// (information_schema.TABLES) on the control connection before the CALL and empties the
// area the statement kept, and the planner does not mark the CALL a reader of a lost
// area. Fix: EXECUTE IMMEDIATE of a text that changes no table (the text read as its
// statement) and SAVEPOINT/RELEASE SAVEPOINT leave the list as it is; or refuse a reader
// whose look-ups were made stale after the last counted statement.
func TestReviewX20StaleLookupsEmptyArea(t *testing.T) {
	for name, between := range map[string]string{
		"execute immediate select": "EXECUTE IMMEDIATE 'SELECT 1';\n",
		"execute immediate do":     "EXECUTE IMMEDIATE 'DO 1';\n",
		"execute immediate set":    "EXECUTE IMMEDIATE 'SET @zz = 1';\n",
		"prepare execute":          "PREPARE dps4 FROM 'SELECT 1';\nEXECUTE dps4;\n",
		"set statement for do":     "SET STATEMENT max_statement_time = 0 FOR DO 1;\n",
		"savepoint":                "SAVEPOINT a;\n",
	} {
		dump := warningCallHead + between + warningCallTail
		for mode, o := range map[string]importer.Options{
			"parallel 3":        {Parallel: 3},
			"serial checkpoint": {CheckpointPath: "x"},
		} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				// The client's @w is 1; a refusal in one line will do.
				sessionMatchesClient(t, dump, "r19", o, "(1,'1')", "diagnostics area")
			})
		}
	}
}

// TestReviewX20DropTriggerScope: a table t with an AFTER INSERT trigger writing lg, t's
// rows (40 INSERTs of 100 rows), then `DROP TRIGGER [IF EXISTS] trg`: the client's lg
// has a row for each of t's 4000 rows; dumpscope's DROP runs before t's batches in
// flight commit, and the rows inserted after it fire nothing (measured on a disk server:
// --parallel 2 lg empty, --parallel 3 --batch-bytes 4096 99 of 4000, --load-data and
// --defer-indexes empty, serial --checkpoint (no --parallel) empty; here most drop
// subtests fail, the rest by timing). Silent, a straight run in every mode with workers,
// serial --checkpoint included; the plain serial replay matches. A migration that drops a
// trigger after loading its table meets it (mysqldump writes its triggers after the
// rows, and is not affected). `CREATE OR REPLACE TRIGGER` there waits, as it should:
// the twin subtests pass.
//
// Cause: importer/plan/scope.go:53 (BarrierScope) takes the DDL's st.Table through
// split/tables.go NamedTables: for DROP TRIGGER that is the trigger's name, keyed as a
// table (r20.trg), which has no batches in flight, so the statement waits for nothing.
// Fix: a DROP TRIGGER's scope is its table (the dump's CREATE TRIGGER of that name, as
// the filters already find it, or information_schema.TRIGGERS), else global.
func TestReviewX20DropTriggerScope(t *testing.T) {
	rows := fortyInserts("t", 0)
	head := "CREATE DATABASE r20;\nUSE r20;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\n" +
		"CREATE TABLE lg (id int PRIMARY KEY, src int) ENGINE=InnoDB;\n" +
		"CREATE TRIGGER trg AFTER INSERT ON t FOR EACH ROW INSERT INTO lg VALUES (NEW.id, 1);\n" + rows
	for name, change := range map[string]string{
		"drop":              "DROP TRIGGER trg;\n",
		"drop if exists":    "DROP TRIGGER IF EXISTS r20.trg;\n",
		"create or replace": "CREATE OR REPLACE TRIGGER trg AFTER INSERT ON t FOR EACH ROW INSERT INTO lg VALUES (NEW.id + 100000, 2);\n",
	} {
		dump := head + change + "DROP TRIGGER IF EXISTS trg;\nCREATE TABLE z (a int) ENGINE=InnoDB;\nINSERT INTO z VALUES (1);\n"
		for mode, o := range map[string]importer.Options{
			"parallel 2":    {Parallel: 2},
			"parallel 3":    {Parallel: 3, BatchBytes: 4 << 10},
			"load-data":     {LoadData: true},
			"defer-indexes": {DeferIndexes: true},
			"checkpoint":    {CheckpointPath: "x"},
		} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				if o.CheckpointPath != "" {
					o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
				}
				importMatchesClient(t, dump, o, "r20")
			})
		}
	}
}
