package importer_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// The twenty-fifth hostile review (branch x-review25, session 51), of what session 50
// merged (a83271e8..b7ae13d1). Each test failed on main (b7ae13d1) when written. Open
// findings are gated (reviewX): run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX25
//
// A fix removes its test's reviewX call.
//
// Found, most harmful first (each test names its cause, mode and where a fix belongs):
//   - silent database differences against the client: a TEMPORARY table made inside a
//     top-level BEGIN NOT ATOMIC / IF / FOR block is unknown to the planner (rows sent
//     where it is not: into a real table of its name, or ERROR 1146):
//     TestReviewX25NotAtomicTemporary (--parallel 2, --load-data, serial --checkpoint);
//     a user variable set in such a block is lost by a resume past it:
//     TestReviewX25NotAtomicUserVarResumed; FOUND_ROWS() after such a block:
//     TestReviewX25FoundRowsAfterBlock; ROW_COUNT()/FOUND_ROWS() after (SELECT …) and XA
//     RECOVER: TestReviewX25RowCountFirstWord (--parallel, --load-data, --checkpoint,
//     --preflight-scan); these four are fixed and ungated (x-fix73);
//   - silent against the overwrite promise (§Preflight; the database is the client's),
//     serial, --parallel 2 and --preflight-scan: a MERGE table over the target's table:
//     TestReviewX25MergeTableOverwrites; view FROM lists after an index hint, PARTITION,
//     a derived table or JSON_TABLE: TestReviewX25ViewListForms; the target's sequence
//     moved through code (dynamic SQL, procedures, the target's trigger):
//     TestReviewX25SequenceThroughCode, or through the target's DEFAULT NEXTVAL (an empty
//     table, a LIKE copy): TestReviewX25SequenceByDefault; code running EXCHANGE
//     PARTITION with the target's table or dropping its event, trigger or procedure:
//     TestReviewX25CodeMissesObjects; rows through the dump's view into the target's
//     empty table whose trigger writes: TestReviewX25TargetTriggerIndirect; these six
//     are fixed and ungated (x-fix74: MERGE, view lists, code, trigger through a view;
//     x-fix75: the two sequence findings).
//
// Probed and held: /work/notes/s51/report-x-review25.md.

// x25Modes are the modes of the overwrite check: the per-statement check serially and
// under --parallel 2, and the read-ahead.
func x25Modes() map[string]importer.Options {
	return map[string]importer.Options{"serial": {}, "parallel 2": {Parallel: 2, BatchBytes: 512}, "preflight-scan": {Parallel: 2, PreflightScan: true}}
}

// x25Import imports dump (no --overwrite) after setup ran on the target; it returns the
// run's log and error for a failure message.
func x25Import(t *testing.T, f *sessionFixture, setup []string, dump string, o importer.Options) string {
	t.Helper()
	for _, q := range append([]string{"DROP DATABASE IF EXISTS fresh", "DROP DATABASE IF EXISTS other", "DROP DATABASE IF EXISTS dumpscope_progress"}, setup...) {
		f.exec(q)
	}
	path := writeFile(t, "d.sql", []byte(dump))
	var log strings.Builder
	o.Log = &log
	if o.Parallel > 1 {
		o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
	}
	res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: path}, o)
	if err == nil && res != nil {
		err = res.Err
	}
	return "import: " + errString(err) + "\n" + log.String()
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// TestReviewX25MergeTableOverwrites: the target holds other.k, a MyISAM table with one
// row; the dump makes fresh.m, a MERGE (MRG_MyISAM) table whose UNION is other.k, and
// writes rows into fresh.m (INSERT_METHOD=LAST), or deletes or updates through it: the
// server writes other.k. Silent against §Preflight (the database is the client's, the
// promise is broken), every mode. Cause: the check reads a CREATE TABLE's name only; a
// MERGE table's UNION=(…) is a list of the tables a write into it changes, as a view's
// FROM is (preflight/views.go). A fix: note UNION=(…) of ENGINE=MERGE/MRG_MyISAM as
// viewOver (or refuse a MERGE table over a table the target held).
func TestReviewX25MergeTableOverwrites(t *testing.T) {
	f := newSessionFixture(t, "")
	setup := []string{"CREATE DATABASE other", "CREATE TABLE other.k (i int) ENGINE=MyISAM", "INSERT INTO other.k VALUES (1)"}
	const mk = "CREATE DATABASE fresh;\nUSE fresh;\nCREATE TABLE m (i int) ENGINE=MRG_MyISAM UNION=(`other`.`k`) INSERT_METHOD=LAST;\n"
	for name, write := range map[string]string{
		"insert": "INSERT INTO m VALUES (9);\n",
		"delete": "DELETE FROM m;\n",
		"update": "UPDATE m SET i = 7;\n",
	} {
		for mode, o := range x25Modes() {
			t.Run(name+"/"+mode, func(t *testing.T) {
				log := x25Import(t, f, setup, mk+write, o)
				if got := f.query("SELECT GROUP_CONCAT(i ORDER BY i) FROM other.k"); got != "1" {
					t.Errorf("other.k holds %q, want 1 (not written without --overwrite); %s", got, log)
				}
			})
		}
	}
}

// TestReviewX25ViewListForms: a view the dump makes over fresh.a and the target's other.k
// in a comma list where the entry before other.k carries an index hint, a PARTITION
// list, or is a derived table or JSON_TABLE; an UPDATE through the view writes other.k.
// Silent against §Preflight, every mode. Cause: preflight/views.go viewBases reads a
// list entry as name [AS] alias and stops at anything else (USE INDEX (…), PARTITION (…),
// a derived table's parenthesis after FROM is taken for a subquery and the list is left),
// so the names after it are not read. mysqldump's and SHOW CREATE VIEW's own form
// (`from (a join b)`) is read (the outer loop finds JOIN); these are hand-written views.
// Subtests whose statements MariaDB rejects pass (the client stops, nothing is written).
func TestReviewX25ViewListForms(t *testing.T) {
	f := newSessionFixture(t, "")
	setup := []string{"CREATE DATABASE other", "CREATE TABLE other.k (i int PRIMARY KEY)", "INSERT INTO other.k VALUES (1)"}
	const mk = "CREATE DATABASE fresh;\nUSE fresh;\nCREATE TABLE a (j int PRIMARY KEY) PARTITION BY HASH (j) PARTITIONS 2;\nINSERT INTO a VALUES (5);\n"
	for name, view := range map[string]string{
		"use index":  "CREATE VIEW v AS SELECT a.j, b.i FROM a USE INDEX (PRIMARY), other.k b",
		"partition":  "CREATE VIEW v AS SELECT a.j, b.i FROM a PARTITION (p0, p1), other.k b",
		"derived":    "CREATE VIEW v AS SELECT d.z, b.i FROM (SELECT 1 AS z) d, other.k b",
		"json_table": "CREATE VIEW v AS SELECT jt.z, b.i FROM JSON_TABLE('[1]', '$[*]' COLUMNS (z int PATH '$')) AS jt, other.k b",
	} {
		for mode, o := range x25Modes() {
			t.Run(name+"/"+mode, func(t *testing.T) {
				log := x25Import(t, f, setup, mk+view+";\nUPDATE v SET i = 9;\n", o)
				if got := f.query("SELECT GROUP_CONCAT(i ORDER BY i) FROM other.k"); got != "1" {
					t.Errorf("other.k holds %q, want 1 (not written without --overwrite); %s", got, log)
				}
			})
		}
	}
}

// TestReviewX25SequenceByDefault: the target holds other.s, a SEQUENCE, and a table whose
// column DEFAULT is NEXTVAL(other.s): other.e, empty (the schema-then-data case), or
// other.k2, which the dump copies with CREATE TABLE … LIKE. Rows without that column
// (into e, or into the LIKE copy) move other.s. Silent against §Preflight, every mode.
// Cause: sequences.go reads a DEFAULT NEXTVAL in the dump's CREATE TABLE only; the
// empty-table rule lets rows into e pass without asking what its defaults call (as it
// asks for the target's triggers since x-fix62), and a LIKE copies the default. A fix:
// read the target's columns' defaults (information_schema.COLUMNS.COLUMN_DEFAULT) for
// sequence functions with the routines, and treat such a table as its triggers.
func TestReviewX25SequenceByDefault(t *testing.T) {
	f := newSessionFixture(t, "")
	setup := []string{"CREATE DATABASE other", "CREATE SEQUENCE other.s START WITH 1 NOCACHE",
		"CREATE TABLE other.e (id int DEFAULT NEXTVAL(other.s), v int)",
		"CREATE TABLE other.k2 (id int DEFAULT NEXTVAL(other.s), v int)", "INSERT INTO other.k2 VALUES (0, 0)"}
	for name, dump := range map[string]string{
		"empty table": "USE other;\nINSERT INTO e (v) VALUES (1),(2);\n",
		"like":        "CREATE DATABASE fresh;\nUSE fresh;\nCREATE TABLE c LIKE other.k2;\nINSERT INTO c (v) VALUES (1),(2);\n",
	} {
		for mode, o := range x25Modes() {
			t.Run(name+"/"+mode, func(t *testing.T) {
				log := x25Import(t, f, setup, dump, o)
				if got := f.query("SELECT next_not_cached_value FROM other.s"); got != "1" {
					t.Errorf("other.s next_not_cached_value %q, want 1 (not moved without --overwrite); %s", got, log)
				}
			})
		}
	}
}

// x25CountsDump reads ROW_COUNT() and FOUND_ROWS() after statements whose first word is
// not a result verb yet return a result set: a parenthesised SELECT (and UNION of
// parenthesised SELECTs), XA RECOVER, and a SELECT behind a versioned comment.
const x25CountsDump = `CREATE DATABASE rr;
USE rr;
CREATE TABLE log (seq int AUTO_INCREMENT PRIMARY KEY, what varchar(60), n bigint);
CREATE TABLE t (id int PRIMARY KEY) ENGINE=InnoDB;
INSERT INTO t VALUES (1), (2), (3);
(SELECT 1) UNION (SELECT 2);
INSERT INTO log (what, n) VALUES ('paren union', ROW_COUNT());
(SELECT id FROM t);
SET @p = ROW_COUNT();
INSERT INTO log (what, n) VALUES ('paren select', @p);
SELECT SQL_CALC_FOUND_ROWS id FROM t LIMIT 1;
(SELECT SQL_CALC_FOUND_ROWS id FROM t WHERE id > 1 LIMIT 1);
INSERT INTO log (what, n) VALUES ('found after paren', FOUND_ROWS());
INSERT INTO t VALUES (4), (5);
XA RECOVER;
INSERT INTO log (what, n) VALUES ('xa recover', ROW_COUNT());
INSERT INTO t VALUES (6), (7);
/*!40101 SELECT id FROM t */;
INSERT INTO log (what, n) VALUES ('versioned select', ROW_COUNT());
`

// TestReviewX25RowCountFirstWord: ROW_COUNT() and FOUND_ROWS() after a statement that
// returns a result set but does not start with one of replay's resultVerbs (rowcount.go:
// FirstWord of "(SELECT …)" is no SELECT; XA is left out on purpose). Under every mode with
// rowCounts (--parallel, --preflight-scan, --load-data, --checkpoint) the reader was given
// the driver's affected rows (0) where the client's ROW_COUNT() is −1, and FOUND_ROWS()
// stale: rr.log holds 0, 0, 3, 0 where the client's holds −1, −1, 2, −1 (the versioned
// comment is read right). Silent database difference, 4 of 5 subtests (serial is exact
// through the wire). Cause: rowcount.go's resultVerbs by sqlscan.FirstWord, which is no
// word for "("; resultshape.go's insideWords (x-fix63) reads INSERT/REPLACE/DELETE/
// CREATE only; XA RECOVER returns rows (XA left out for XA END's refused read-back).
func TestReviewX25RowCountFirstWord(t *testing.T) {
	f := newSessionFixture(t, x25CountsDump)
	const logQuery = "SELECT CONCAT(what, ' = ', n) FROM rr.log ORDER BY seq"
	f.client()
	want := f.query(logQuery)
	for name, o := range map[string]importer.Options{
		"parallel":   {Parallel: 3, BatchBytes: 2 << 10},
		"read-ahead": {Parallel: 2, BatchBytes: 2 << 10, PreflightScan: true},
		"load-data":  {Parallel: 2, BatchBytes: 2 << 10, LoadData: true},
		"checkpoint": {Parallel: 2, BatchBytes: 2 << 10, CheckpointPath: filepath.Join(t.TempDir(), "journal")},
		"serial":     {},
	} {
		t.Run(name, func(t *testing.T) {
			f.exec("DROP DATABASE IF EXISTS rr")
			f.exec("DROP DATABASE IF EXISTS dumpscope_progress")
			if res := f.dumpscope(o); res.Err != nil {
				t.Fatal(res.Err)
			}
			if got := f.query(logQuery); got != want {
				t.Errorf("dumpscope:  %s\nthe client: %s", got, want)
			}
		})
	}
}

// TestReviewX25SequenceThroughCode: the target holds other.s, a SEQUENCE; the dump moves
// it through code: dynamic SQL (EXECUTE IMMEDIATE, PREPARE) of a literal, a procedure of
// the dump's whose body runs such dynamic SQL, a procedure of the target's whose body
// calls NEXTVAL, or the target's trigger on an empty table of its own (the schema-then-
// data case; a BEFORE INSERT trigger that sets the id from a sequence is MariaDB's
// pattern from before DEFAULT NEXTVAL). Silent against §Preflight, every mode. Cause:
// sequenceWrites (preflight/sequences.go, x-fix65) reads the top-level statement's tokens
// only, where a literal's text is one String token, and the body reader (guard_body.go
// bodyFinding), which follows dynamic SQL, the target's routines and triggers (x-fix62),
// asks nothing about sequences. A fix: sequenceWrites as one of the body reader's
// questions. 11 of 15 subtests fail; the two procedures under --parallel 2 and
// --preflight-scan pass only because the CALL is refused for another reason (what the
// body does to the transaction is not known).
func TestReviewX25SequenceThroughCode(t *testing.T) {
	f := newSessionFixture(t, "")
	base := []string{"CREATE DATABASE other", "CREATE SEQUENCE other.s START WITH 1 NOCACHE"}
	for name, tc := range map[string]struct {
		setup []string
		dump  string
	}{
		"execute immediate": {nil, "CREATE DATABASE fresh;\nUSE fresh;\nEXECUTE IMMEDIATE 'DO SETVAL(other.s, 500, 0)';\n"},
		"prepare":           {nil, "CREATE DATABASE fresh;\nUSE fresh;\nPREPARE s FROM 'DO NEXTVAL(other.s)';\nEXECUTE s;\n"},
		"dump procedure":    {nil, "CREATE DATABASE fresh;\nUSE fresh;\nCREATE PROCEDURE p() EXECUTE IMMEDIATE 'DO NEXTVAL(other.s)';\nCALL p();\n"},
		"target procedure":  {[]string{"CREATE PROCEDURE other.p() DO NEXTVAL(other.s)"}, "CREATE DATABASE fresh;\nUSE fresh;\nCALL other.p();\n"},
		"target trigger": {[]string{"CREATE TABLE other.e (id int, v int)",
			"CREATE TRIGGER other.tre BEFORE INSERT ON other.e FOR EACH ROW SET NEW.id = NEXTVAL(other.s)"}, "USE other;\nINSERT INTO e (v) VALUES (1),(2);\n"},
	} {
		for mode, o := range x25Modes() {
			t.Run(name+"/"+mode, func(t *testing.T) {
				log := x25Import(t, f, append(append([]string{}, base...), tc.setup...), tc.dump, o)
				if got := f.query("SELECT next_not_cached_value FROM other.s"); got != "1" {
					t.Errorf("other.s next_not_cached_value %q, want 1 (not moved without --overwrite); %s", got, log)
				}
			})
		}
	}
}

// TestReviewX25CodeMissesObjects: the target holds other.k (one row), a procedure, an
// event and a trigger in other; the dump runs, through dynamic SQL or a procedure of its
// own, `ALTER TABLE t EXCHANGE PARTITION p0 WITH TABLE other.k` (other.k's rows swapped
// with the dump's partition), or drops the target's event, trigger or procedure. Silent
// against §Preflight, every mode (subtests whose statement MariaDB refuses in that place
// pass). Cause: the body reader (guard_body.go innerFinding) reads an ALTER TABLE's own
// name only (the top-level check reads EXCHANGE … WITH TABLE, as "RENAME TABLE onto"),
// and does not ask observeObject's question (DROP/ALTER of an existing routine, event or
// trigger) of the statements inside a body or a literal. 15 of 30 subtests fail: other.k
// holds 3 (the partition's row) for 1, or the event, trigger or procedure is gone; the
// procedures under --parallel 2 and --preflight-scan are refused for another reason (what
// the body does to the transaction), ALTER EVENT … RENAME and DROP PROCEDURE inside a
// procedure are refused by the server or the check.
func TestReviewX25CodeMissesObjects(t *testing.T) {
	f := newSessionFixture(t, "")
	setup := []string{"CREATE DATABASE other", "CREATE TABLE other.k (i int PRIMARY KEY) ENGINE=InnoDB", "INSERT INTO other.k VALUES (1)",
		"CREATE PROCEDURE other.p() SELECT 1", "CREATE EVENT other.ev ON SCHEDULE EVERY 1 DAY DISABLE DO SET @x = 1",
		"CREATE TRIGGER other.tr BEFORE INSERT ON other.k FOR EACH ROW SET @x = 1"}
	const mk = "CREATE DATABASE fresh;\nUSE fresh;\nCREATE TABLE t (i int PRIMARY KEY) ENGINE=InnoDB PARTITION BY RANGE (i) (PARTITION p0 VALUES LESS THAN (5), PARTITION p1 VALUES LESS THAN MAXVALUE);\nINSERT INTO t VALUES (3), (7);\n"
	const state = "SELECT CONCAT((SELECT GROUP_CONCAT(i) FROM other.k), '/', (SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = 'other'), " +
		"(SELECT COUNT(*) FROM information_schema.EVENTS WHERE EVENT_SCHEMA = 'other'), (SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = 'other'))"
	for name, stmt := range map[string]string{
		"exchange":       "ALTER TABLE t EXCHANGE PARTITION p0 WITH TABLE other.k",
		"drop event":     "DROP EVENT other.ev",
		"alter event":    "ALTER EVENT other.ev RENAME TO other.ev2",
		"drop trigger":   "DROP TRIGGER other.tr",
		"drop procedure": "DROP PROCEDURE other.p",
	} {
		for via, dump := range map[string]string{
			"execute immediate": "EXECUTE IMMEDIATE '" + stmt + "';\n",
			"procedure":         "CREATE PROCEDURE pp() " + stmt + ";\nCALL pp();\n",
		} {
			for mode, o := range x25Modes() {
				t.Run(name+"/"+via+"/"+mode, func(t *testing.T) {
					log := x25Import(t, f, setup, mk+dump, o)
					if got := f.query(state); got != "1/111" {
						t.Errorf("other holds %q (other.k's rows / routines, events, triggers), want 1/111 (not touched without --overwrite); %s", got, log)
					}
				})
			}
		}
	}
}

// TestReviewX25NotAtomicTemporary: a TEMPORARY table made inside a top-level anonymous
// block (`BEGIN NOT ATOMIC CREATE TEMPORARY TABLE tq …; END`, MariaDB's compound statement
// outside a routine), then rows into tq, a read of them and DROP TEMPORARY TABLE tq. The
// client writes the temporary table. dumpscope (every mode but plain serial: --parallel 2,
// --load-data, serial --checkpoint) sends the rows on a connection where tq is not the
// temporary table: "plain" fails with ERROR 1146 where the client runs on (loud);
// "shadowing", where the dump made a real tq before, writes the rows into the real tq,
// which the client leaves empty, and pt1 lacks the row 802 read from the temporary one
// (silent database difference). The same inside a top-level IF … END IF and FOR … END FOR
// (18 of 18 subtests fail); SET autocommit or START TRANSACTION in such a block is
// refused in one line ("a compound statement with AUTOCOMMIT"). Not a resume matter: no
// kill needed. Found while checking x-fix61's wrapped forms after a kill (EXECUTE
// IMMEDIATE, PREPARE/EXECUTE, SET STATEMENT … FOR: 0 of 30 kill points differ, none
// refused). Cause, likely: the planner's list of temporary
// tables (plan's temporary DDL reading) reads CREATE TEMPORARY TABLE at the top level, in
// wrappers and in routine bodies (Plan.TemporaryByCode), not inside a BEGIN NOT ATOMIC
// block, so tq's rows are planned as rows of a real table. Fixed (x-fix73): such a block
// turns the run serial at it (plan's compoundTemps, through codeTempDDL).
func TestReviewX25NotAtomicTemporary(t *testing.T) {
	const head = "CREATE DATABASE x61;\nUSE x61;\nCREATE TABLE pt1 (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=InnoDB;\n"
	const tail = "INSERT INTO pt1 VALUES (520,'r520');\nINSERT INTO tq VALUES (2);\nINSERT INTO pt1 SELECT id + 800, 'q' FROM tq;\nDROP TEMPORARY TABLE tq;\nINSERT INTO pt1 VALUES (900,'end');\n"
	for block, mk := range map[string]string{
		"not atomic": "BEGIN NOT ATOMIC CREATE TEMPORARY TABLE tq (id INT); INSERT INTO tq VALUES (3); END",
		"if":         "IF 1 THEN CREATE TEMPORARY TABLE tq (id INT); INSERT INTO tq VALUES (3); END IF",
		"for":        "FOR i IN 1..1 DO CREATE TEMPORARY TABLE tq (id INT); INSERT INTO tq VALUES (3); END FOR",
	} {
		body := "DELIMITER ;;\n" + mk + ";;\nDELIMITER ;\n" + tail
		for name, script := range map[string]string{
			"plain":     head + body,
			"shadowing": head + "CREATE TABLE tq (id INT) ENGINE=InnoDB;\n" + body,
		} {
			for mode, o := range map[string]importer.Options{
				"parallel 2":        {Parallel: 2, BatchBytes: 2048},
				"load-data":         {Parallel: 2, BatchBytes: 2048, LoadData: true},
				"serial checkpoint": {CheckpointPath: "set"},
			} {
				t.Run(block+"/"+name+"/"+mode, func(t *testing.T) { sessionMatchesClient(t, script, "x61", o, "", "") })
			}
		}
	}
}

// TestReviewX25TargetTriggerIndirect: the target holds other.k (one row) and other.e,
// empty, whose AFTER INSERT trigger writes other.k (x-fix62's case). Rows into other.e
// pass the check (the empty-table rule) unless the target's trigger writes (x-fix62,
// asked where the statement itself writes other.e). Rows reaching other.e through the
// dump's view over it fire the trigger, which writes other.k: silent against §Preflight,
// every mode (3 of 15 subtests; dynamic SQL, a procedure, a trigger of the dump's and
// SET STATEMENT are refused, and guard that). Cause: preflight/views.go throughView skips
// a base table that was empty for rows (p.empty && rowsOnly) without asking
// triggerFinding, as ObserveAll does for a direct write.
func TestReviewX25TargetTriggerIndirect(t *testing.T) {
	f := newSessionFixture(t, "")
	setup := []string{"CREATE DATABASE other", "CREATE TABLE other.k (i int PRIMARY KEY)", "INSERT INTO other.k VALUES (1)",
		"CREATE TABLE other.e (i int)", "CREATE TRIGGER other.tre AFTER INSERT ON other.e FOR EACH ROW INSERT INTO other.k VALUES (NEW.i + 100)"}
	const mk = "CREATE DATABASE fresh;\nUSE fresh;\n"
	for name, dump := range map[string]string{
		"view":              "CREATE VIEW v AS SELECT i FROM other.e;\nINSERT INTO v VALUES (1);\n",
		"execute immediate": "EXECUTE IMMEDIATE 'INSERT INTO other.e VALUES (1)';\n",
		"procedure":         "CREATE PROCEDURE p() INSERT INTO other.e VALUES (1);\nCALL p();\n",
		"dump trigger":      "CREATE TABLE t (i int);\nCREATE TRIGGER tr AFTER INSERT ON t FOR EACH ROW INSERT INTO other.e VALUES (NEW.i);\nINSERT INTO t VALUES (1);\n",
		"set statement":     "SET STATEMENT max_statement_time = 0 FOR INSERT INTO other.e VALUES (1);\n",
	} {
		for mode, o := range x25Modes() {
			t.Run(name+"/"+mode, func(t *testing.T) {
				log := x25Import(t, f, setup, mk+dump, o)
				if got := f.query("SELECT GROUP_CONCAT(i ORDER BY i) FROM other.k"); got != "1" {
					t.Errorf("other.k holds %q, want 1 (not written without --overwrite); %s", got, log)
				}
			})
		}
	}
}

// TestReviewX25NotAtomicUserVarResumed: a top-level `BEGIN NOT ATOMIC SET @v = 'seven';
// END` block, then rows that store @v; killed at every point after the block and resumed
// (--checkpoint, the killSweep's "resume" mode): the resume skips the committed block and
// @v is NULL where the client's is 'seven': pt1 holds (521, NULL) for (521, 'seven').
// Silent database difference, 4 of 4 kill points (the same set by `IF 1 THEN SELECT …
// INTO @v; END IF` and by EXECUTE IMMEDIATE 'SET @v = …': 0 of 16 differ). Cause, likely:
// the journal of user variables (controller.recordUserVars) is written after statements
// the planner reads as setting them, which does not look inside a BEGIN NOT ATOMIC block
// (nor, as TestReviewX25NotAtomicTemporary shows, at its temporary tables).
func TestReviewX25NotAtomicUserVarResumed(t *testing.T) {
	script := "CREATE DATABASE x61;\nUSE x61;\nCREATE TABLE pt1 (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=InnoDB;\n" +
		"DELIMITER ;;\nBEGIN NOT ATOMIC SET @v = 'seven'; END;;\nDELIMITER ;\n" +
		"INSERT INTO pt1 VALUES (520,'r520');\nINSERT INTO pt1 VALUES (521, @v);\nINSERT INTO pt1 VALUES (522,'x');\nINSERT INTO pt1 VALUES (523, @v);\n"
	x61Sweep(t, script, "INSERT INTO pt1 VALUES (520")
}

// TestReviewX25FoundRowsAfterBlock: FOUND_ROWS() after a top-level `BEGIN NOT ATOMIC
// SELECT SQL_CALC_FOUND_ROWS id FROM t LIMIT 1; END`: the client's is 5 (t's rows), under
// --parallel and --checkpoint dumpscope's reader gets 1 (what its own read-back left).
// Silent database difference (rr.log), 2 of 2. ROW_COUNT() after a block (an INSERT, a
// DELETE in an IF, a SELECT) is the client's. Cause, likely: rowcount.go reads the
// counts back after resultVerbs and CALL/EXECUTE (giveFound); a compound statement, which
// may run a SELECT as a CALLed body does, is neither.
func TestReviewX25FoundRowsAfterBlock(t *testing.T) {
	dump := "CREATE DATABASE rr;\nUSE rr;\nCREATE TABLE log (seq int AUTO_INCREMENT PRIMARY KEY, what varchar(60), n bigint);\nCREATE TABLE t (id int PRIMARY KEY) ENGINE=InnoDB;\n" +
		"INSERT INTO t VALUES (1), (2), (3);\n" +
		"DELIMITER ;;\nBEGIN NOT ATOMIC INSERT INTO t VALUES (4), (5); END;;\nDELIMITER ;\n" +
		"INSERT INTO log (what, n) VALUES ('after block insert', ROW_COUNT());\n" +
		"DELIMITER ;;\nBEGIN NOT ATOMIC SELECT SQL_CALC_FOUND_ROWS id FROM t LIMIT 1; END;;\nDELIMITER ;\n" +
		"INSERT INTO log (what, n) VALUES ('found after block select', FOUND_ROWS());\n" +
		"DELIMITER ;;\nIF 1 THEN DELETE FROM t WHERE id > 3; END IF;;\nDELIMITER ;\n" +
		"INSERT INTO log (what, n) VALUES ('after if delete', ROW_COUNT());\n" +
		"DELIMITER ;;\nBEGIN NOT ATOMIC SELECT 1; END;;\nDELIMITER ;\n" +
		"INSERT INTO log (what, n) VALUES ('after block select', ROW_COUNT());\n"
	f := newSessionFixture(t, dump)
	const logQuery = "SELECT CONCAT(what, ' = ', n) FROM rr.log ORDER BY seq"
	f.client()
	want := f.query(logQuery)
	for name, o := range map[string]importer.Options{
		"parallel":   {Parallel: 3, BatchBytes: 2 << 10},
		"checkpoint": {Parallel: 2, BatchBytes: 2 << 10, CheckpointPath: filepath.Join(t.TempDir(), "journal")},
	} {
		t.Run(name, func(t *testing.T) {
			f.exec("DROP DATABASE IF EXISTS rr")
			f.exec("DROP DATABASE IF EXISTS dumpscope_progress")
			if res := f.dumpscope(o); res.Err != nil {
				t.Fatal(res.Err)
			}
			if got := f.query(logQuery); got != want {
				t.Errorf("dumpscope:  %s\nthe client: %s", got, want)
			}
		})
	}
}
