package importer_test

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// The twenty-fourth hostile review (branch x-review24, session 50), of what session 49
// merged (04ea0ba..a83271e8). Each test failed on main (a83271e8) when written. Open
// findings are gated (reviewX): run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX24
//
// A fix removes its test's reviewX call.
//
// Found, most harmful first (each test names its cause, mode and where a fix belongs):
//   - silent database differences, --parallel 2, --checkpoint, --load-data: dynamic SQL
//     whose literal separates words by an escape (\n, \t) is misread by plan/replay
//     (sqlscan's rough unescape): TestReviewX24EscapedDiagnosticsReader (@w 0 for 1),
//     TestReviewX24EscapedDynamicAutocommit (rows the client rolls back are committed);
//   - silent, stop + --resume: a TEMPORARY table made by a trigger reached through a
//     view's base table or through a table a CALLed procedure/function writes:
//     TestReviewX24FunctionTempPaths (t 100 for 7; fixed by x-fix66);
//   - silent against the overwrite promise (§Preflight; the database is the client's):
//     the same escapes, and an account made without --allow-system-schemas:
//     TestReviewX24EscapedDynamicSQL; views, multi-table UPDATE/DELETE forms:
//     TestReviewX24OverwriteMissed; a TEMPORARY shadow renamed away:
//     TestReviewX24TemporaryRenamed; the target's SEQUENCE: TestReviewX24SequenceWritten;
//     the target's trigger on an empty table: TestReviewX24TargetTriggerOnEmptyTable; a
//     resume forgets the dump's views: TestReviewX24ResumeForgetsView; the read-ahead
//     after an ANSI_QUOTES it cannot evaluate: TestReviewX24ScanMissesAnsiQuotes;
//   - over-refusal of a plain mariadb-dump pair (--no-data, then --no-create-info with
//     --databases): TestReviewX24DataOnlyDatabasesOverRefused.
//
// Fixed in session 50, each test ungated: the escapes (x-fix64), FunctionTempPaths
// (x-fix66), OverwriteMissed (x-fix65 views, x-tidy2 UPDATE/DELETE forms), the target's
// trigger (x-fix62), TemporaryRenamed, SequenceWritten, ResumeForgetsView and the
// mariadb-dump pair (x-fix65); ScanMissesAnsiQuotes in session 51 (x-fix70).
//
// Probed and held: see /work/notes/s50/report-x-review24.md.

// TestReviewX24OverwriteMissed: into a target holding other.k (one row), a dump that
// writes other.k in a form the overwrite check (preflight.ObserveAll) does not read;
// without --overwrite other.k changes. Silent against docs/import.md §Preflight ("nothing
// that exists is touched": the database is the client's, the promise is broken), every
// mode (serial per-statement check, --parallel 2, --preflight-scan read-ahead). Causes:
//   - views: preflight/views.go viewBases is a fourth table-list reader (beside
//     plan.tableRefs, replay's reach, sqlscan.DMLTables): it stops at a parenthesis, so
//     a join view as SHOW CREATE VIEW and mysqldump write it (`from (`other`.`k` join …)`)
//     and `FROM (other.k)` remember no base; a view over the dump's own view over other.k
//     remembers nothing (noteView keeps only tables the target held, not the bases of the
//     dump's views); ALTER VIEW does not re-note the view (only CREATE VIEW does); and the
//     body reader (reader().hit, guard_body.go) never asks viewOver, so a write into such a
//     view from a procedure, a trigger, PREPARE or SET STATEMENT passes ("view in …");
//   - multi-table UPDATE: sqlscan.DMLTables misses a table after STRAIGHT_JOIN or in
//     parentheses (`UPDATE t STRAIGHT_JOIN other.k SET k.i = 9`, `UPDATE (other.k) …`,
//     `UPDATE t JOIN (other.k) ON … SET …`, `UPDATE t, (other.k) SET …`), and a
//     multi-table DELETE's `USING (other.k AS x)` (x-review23's deleteTargets): the
//     forms plan.tableRefs reads since x-fix60; a fix is tableRefs serving DMLTables
//     (x-tidy2's item, which this test can guard).
//
// Subtests whose statement MariaDB rejects pass (the client stops, nothing is written).
// Fixed in session 50: the view forms by x-fix65 (24 of 39 failed), the multi-table
// UPDATE/DELETE forms by x-tidy2's sqlscan.TableRefs serving DMLTables (15 of 39).
func TestReviewX24OverwriteMissed(t *testing.T) {
	f := newSessionFixture(t, "")
	for name, body := range x24Missed {
		for mode, o := range map[string]importer.Options{"serial": {}, "parallel 2": {Parallel: 2, BatchBytes: 512}, "preflight-scan": {Parallel: 2, PreflightScan: true}} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				x23Untouched(t, f, "CREATE DATABASE fresh;\nUSE fresh;\n"+body, o)
			})
		}
	}
}

var x24Missed = map[string]string{
	"view of view":        "CREATE VIEW v1 AS SELECT i FROM other.k;\nCREATE VIEW v2 AS SELECT i FROM v1;\nINSERT INTO v2 VALUES (9);\n",
	"view join mysqldump": "CREATE TABLE t (i int PRIMARY KEY);\nINSERT INTO t VALUES (1);\nCREATE ALGORITHM=UNDEFINED SQL SECURITY DEFINER VIEW `v` AS select `k`.`i` AS `i`,`t`.`i` AS `j` from (`other`.`k` join `fresh`.`t` on(`k`.`i` = `t`.`i`));\nUPDATE v SET i = 9;\n",
	"view parens":         "CREATE VIEW v AS SELECT i FROM (other.k);\nINSERT INTO v VALUES (9);\n",
	"alter view":          "CREATE TABLE t (i int);\nCREATE VIEW v AS SELECT i FROM t;\nALTER VIEW v AS SELECT i FROM other.k;\nINSERT INTO v VALUES (9);\n",
	"view in procedure":   "CREATE VIEW v AS SELECT i FROM other.k;\nCREATE PROCEDURE p() INSERT INTO v VALUES (9);\nCALL p();\n",
	"view in prepare":     "CREATE VIEW v AS SELECT i FROM other.k;\nPREPARE s FROM 'INSERT INTO v VALUES (9)';\nEXECUTE s;\n",
	"view in trigger":     "CREATE VIEW v AS SELECT i FROM other.k;\nCREATE TABLE t (i int);\nCREATE TRIGGER tr AFTER INSERT ON t FOR EACH ROW INSERT INTO v VALUES (NEW.i + 100);\nINSERT INTO t VALUES (1);\n",
	"view set statement":  "CREATE VIEW v AS SELECT i FROM other.k;\nSET STATEMENT max_statement_time=0 FOR UPDATE v SET i = 9;\n",
	"update straight":     "CREATE TABLE t (i int);\nINSERT INTO t VALUES (1);\nUPDATE t STRAIGHT_JOIN other.k SET k.i = 9;\n",
	"update parens":       "UPDATE (other.k) SET i = 9;\n",
	"update join parens":  "CREATE TABLE t (i int);\nINSERT INTO t VALUES (1);\nUPDATE t JOIN (other.k) ON t.i = k.i SET k.i = 9;\n",
	"update comma parens": "CREATE TABLE t (i int);\nINSERT INTO t VALUES (1);\nUPDATE t, (other.k) SET k.i = 9;\n",
	"delete using parens": "DELETE FROM x USING (other.k AS x);\n",
}

// TestReviewX24TemporaryRenamed: a TEMPORARY table other.k shadows the target's other.k
// (x-fix58's Preflight.shadowed), then is renamed (`ALTER TABLE other.k RENAME TO
// other.k2`, or `RENAME TABLE other.k TO other.k2`, which MariaDB allows for a temporary
// table); other.k is again the target's table, and `INSERT INTO other.k VALUES (9)`
// writes it without --overwrite. Silent against §Preflight, every mode. Cause:
// Preflight.shadowed keeps the name shadowed through a RENAME or ALTER … RENAME of the
// temporary table (it counts them as acts on the temporary table and deletes nothing
// from p.temps; the new name is not noted as temporary either).
func TestReviewX24TemporaryRenamed(t *testing.T) {
	f := newSessionFixture(t, "")
	for name, body := range map[string]string{
		"alter rename": "CREATE TEMPORARY TABLE other.k (i int);\nALTER TABLE other.k RENAME TO other.k2;\nINSERT INTO other.k VALUES (9);\n",
		"rename table": "CREATE TEMPORARY TABLE other.k (i int);\nRENAME TABLE other.k TO other.k2;\nINSERT INTO other.k VALUES (9);\n",
	} {
		for mode, o := range map[string]importer.Options{"serial": {}, "parallel 2": {Parallel: 2, BatchBytes: 512}, "preflight-scan": {Parallel: 2, PreflightScan: true}} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				x23Untouched(t, f, "CREATE DATABASE fresh;\nUSE fresh;\n"+body, o)
			})
		}
	}
}

// TestReviewX24SequenceWritten: the target holds other.s, a SEQUENCE (listed by the
// preflight as a table that is never empty); a dump's `SELECT SETVAL(other.s, 500)`
// (mysqldump's own line for a sequence's state, in a data-only dump too), `DO
// NEXTVAL(other.s)` or `SELECT NEXTVAL(other.s)` moves it without --overwrite. Silent
// against §Preflight, every mode. Cause: statementWrites reads no SELECT/DO, and the
// sequence functions (SETVAL, NEXTVAL, NEXT VALUE FOR; PREVIOUS VALUE reads) write the
// sequence they name; "default": a table the dump makes whose column DEFAULT is
// NEXTVAL(other.s) moves it with each row (read at its CREATE TABLE, not per row). A
// fix: a SELECT/DO/SET (no row insert: the cost rule) or a CREATE TABLE whose text names
// SETVAL/NEXTVAL/NEXT VALUE FOR of a sequence the target held is an overwrite.
func TestReviewX24SequenceWritten(t *testing.T) {
	f := newSessionFixture(t, "")
	for name, body := range map[string]string{
		"setval":      "SELECT SETVAL(`other`.`s`, 500, 0);\n",
		"do setval":   "DO SETVAL(`other`.`s`, 500, 0);\n",
		"do nextval":  "DO NEXTVAL(other.s);\n",
		"select next": "SELECT NEXT VALUE FOR other.s;\n",
		"default":     "CREATE TABLE t (id int DEFAULT NEXTVAL(other.s), v int);\nINSERT INTO t (v) VALUES (1);\n",
	} {
		for mode, o := range map[string]importer.Options{"serial": {}, "preflight-scan": {Parallel: 2, PreflightScan: true}} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				for _, q := range x23Other {
					f.exec(q)
				}
				f.exec("CREATE SEQUENCE other.s START WITH 1 NOCACHE")
				path := writeFile(t, "d.sql", []byte("CREATE DATABASE fresh;\nUSE fresh;\n"+body))
				var log strings.Builder
				o.Log = &log
				res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: path}, o)
				if got := f.query("SELECT next_not_cached_value FROM other.s"); got != "1" {
					t.Errorf("other.s next_not_cached_value %q, want 1 (not written without --overwrite); import: %v, %v\n%s", got, res, err, log.String())
				}
			})
		}
	}
}

// TestReviewX24TargetTriggerOnEmptyTable: the target holds other.e, an empty table with
// a trigger (other.tre) that writes other.k; a data-only dump fills other.e (rows into a
// table empty at the start pass without --overwrite: the schema-then-data case of
// §Preflight) and the target's trigger writes other.k. Silent against §Preflight, every
// mode. Cause: the empty-table rule (Preflight.ObserveAll: p.empty && rowsOnly) does not
// ask whether the table has triggers of the target's, whose bodies the check never reads
// (TestXFix58CallTargetRoutine's class: the target's code; x-fix62 is on it). A fix: a
// table with a trigger the target held counts as not empty for rows, or its trigger's
// body (information_schema.TRIGGERS.ACTION_STATEMENT) is read with the body reader.
// Fixed in session 50 by x-fix62 (the target's triggers read with its routines; 2 of 2
// failed before; TestXFix62TargetTriggerOnEmptyTable is its own test of it).
func TestReviewX24TargetTriggerOnEmptyTable(t *testing.T) {
	f := newSessionFixture(t, "")
	for mode, o := range map[string]importer.Options{"serial": {}, "preflight-scan": {Parallel: 2, PreflightScan: true}} {
		t.Run(mode, func(t *testing.T) {
			for _, q := range x23Other {
				f.exec(q)
			}
			f.exec("CREATE TABLE other.e (i int)")
			f.exec("CREATE TRIGGER other.tre AFTER INSERT ON other.e FOR EACH ROW INSERT INTO other.k VALUES (NEW.i + 100)")
			path := writeFile(t, "d.sql", []byte("USE other;\nINSERT INTO e VALUES (1),(2);\n"))
			var log strings.Builder
			o.Log = &log
			res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: path}, o)
			if got := f.query("SELECT GROUP_CONCAT(i ORDER BY i) FROM other.k"); got != "1" {
				t.Errorf("other.k holds %q, want 1 (not overwritten without --overwrite); import: %v, %v\n%s", got, res, err, log.String())
			}
		})
	}
}

// x24TrigMakes is a trigger on k whose body makes tmp (x-fix57's "trigger makes it").
const x24TrigMakes = "CREATE TRIGGER trg AFTER INSERT ON k FOR EACH ROW BEGIN CREATE TEMPORARY TABLE tmp (id int); INSERT INTO tmp VALUES (7); END;;\n"

// TestReviewX24FunctionTempPaths: x-fix57's dump (a real table tmp holding 100, code that
// makes a TEMPORARY tmp holding 7, `INSERT INTO t SELECT id FROM tmp` at the end), the
// code reached by paths plan/functemps.go does not follow; stopped in u's rows after it,
// then --resume (--checkpoint, --parallel 2): the resume skips the statement and reads
// the real tmp at the end, t gets 100 where the client's gets 7, finished. Silent, stop +
// --resume (3 of 3 cases, 6 of 6 subtests; checked once against the client with no
// refusal expected: the re-dumps differ at t's row, 100 against 7). Paths:
//   - "view of trigger table": `INSERT INTO kv VALUES (1)`, kv a view of k, whose
//     trigger makes tmp: madeByFunctions looks up the triggers of the table the INSERT
//     names (kv), not of the view's base table (x-fix62 works on views that call
//     functions: TestXFix57ViewCallsFunction; a fix there could resolve a view's bases);
//   - "procedure/function writes trigger table": `CALL p()` / `DO g()` whose body inserts
//     into k: documented in functemps.go as not followed ("a trigger of a table that a
//     body writes"), but silent, not refused. A fix: codeTempDDL's walk looks up the
//     triggers of the tables a body's INSERT/REPLACE/UPDATE/DELETE/LOAD write.
//
// Probed and held (the resume refuses naming tmp): the function called from a PREPARE
// literal then EXECUTE, EXECUTE IMMEDIATE '…', a CALL's argument, SET STATEMENT … FOR.
// Fixed in session 50 by x-fix66 (6 of 6 failed): codeTempDDL's walk follows the
// triggers of the tables a statement or a body writes, and a written view's base tables'.
func TestReviewX24FunctionTempPaths(t *testing.T) {
	for name, code := range map[string]string{
		"view of trigger table": x24TrigMakes + "DELIMITER ;\nCREATE VIEW kv AS SELECT i FROM k;\nINSERT INTO kv VALUES (1);\n",
		"procedure writes trigger table": x24TrigMakes +
			"CREATE PROCEDURE p() INSERT INTO k VALUES (1);;\nDELIMITER ;\nCALL p();\n",
		"function writes trigger table": x24TrigMakes +
			"CREATE FUNCTION g() RETURNS int BEGIN INSERT INTO k VALUES (2); RETURN 1; END;;\nDELIMITER ;\nDO g();\n",
	} {
		t.Run(name, func(t *testing.T) {
			x57Run(t, x57Head+"DELIMITER ;;\n"+code+x57Rows+x57Tail, "temporary table r57.tmp")
		})
	}
}

// x24StopResume imports dump into a target holding other.k (x23Other), stopped at the
// line that starts with stopAt, then --resume; it returns the resume's error (nil when it
// finished) and its log.
func x24StopResume(t *testing.T, f *sessionFixture, dump, stopAt string, o importer.Options) (error, string) {
	t.Helper()
	for _, q := range x23Other {
		f.exec(q)
	}
	path := writeFile(t, "d.sql", []byte(dump))
	o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
	var log strings.Builder
	o.Log = &log
	res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: path}, stopAfter(lineOf(t, dump, stopAt), o))
	if err != nil || res.Status != importer.Interrupted {
		t.Fatalf("first run: %v, %v\n%s", res, err, log.String())
	}
	o.Resume = true
	res, err = importer.Import(context.Background(), f.cfg, importer.Source{Path: path}, o)
	if err == nil && res.Status != importer.Finished {
		err = res.Err
		if err == nil {
			err = fmt.Errorf("status %v", res.Status)
		}
	}
	return err, log.String()
}

var x24ResumeModes = map[string]importer.Options{
	"checkpoint": {BatchBytes: 512},
	"parallel 2": {Parallel: 2, BatchBytes: 512},
	"load-data":  {Parallel: 2, BatchBytes: 512, LoadData: true},
}

// TestReviewX24ResumeForgetsView: into a target holding other.k, a dump that makes
// `CREATE VIEW v AS SELECT i FROM other.k` (which the first attempt's check notes:
// x-fix58's viewOver), fills fresh.t, then `INSERT INTO v VALUES (9)`. Run without
// --overwrite, the INSERT is refused ("INSERT INTO … (a view of other.k)"); stopped in
// t's rows and resumed (x-fix58's resume check), the INSERT runs and other.k holds 1,9.
// Silent against §Preflight, --checkpoint, --parallel 2, --load-data. Cause:
// preflight/state.go FromState: "its skipped statements need not be replayed through the
// check … what passing statements change in a Preflight is about objects that did not
// exist": not so for a view's bases (Preflight.viewOver), which only CREATE VIEW, a
// skipped statement, records; v is then no table of the start and not created, and a
// write into it passes. A fix: the resume observes the skipped statements (KindDDL and
// code only, no rows: the cost rule), or the journal keeps viewOver. 3 of 3 fail.
// Probed and held: the same with a TEMPORARY other.k made before the stop and written
// after it (the resume's rebuild of the temporary table passes through the check).
func TestReviewX24ResumeForgetsView(t *testing.T) {
	f := newSessionFixture(t, "")
	dump := "CREATE DATABASE fresh;\nUSE fresh;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(40));\n" +
		"CREATE VIEW v AS SELECT i FROM other.k;\n" +
		rowsOf("t", 0, 50) + rowsOf("t", 50, 100) + "INSERT INTO v VALUES (9);\n" + rowsOf("t", 100, 150)
	for mode, o := range x24ResumeModes {
		t.Run(mode, func(t *testing.T) {
			err, log := x24StopResume(t, f, dump, "INSERT INTO t VALUES (50,", o)
			if got := f.query("SELECT GROUP_CONCAT(i ORDER BY i) FROM other.k"); got != "1" {
				t.Errorf("other.k holds %q after the stop and --resume, want 1; resume: %v\n%s", got, err, log)
			}
		})
	}
}

// TestReviewX24DataOnlyDatabasesOverRefused: the schema, then the data, of a database
// dumped as two files by mariadb-dump (`--databases shop --no-data`, then `--databases
// shop --no-create-info`), imported as two runs: the second, into a target holding
// shop's empty tables, is refused: "the dump would CREATE DATABASE `shop` …, which exists
// in the target". A data file made with --databases holds CREATE DATABASE /*!32312 IF
// NOT EXISTS*/ of shop (only --no-create-db leaves it out), which changes nothing on a
// database that exists; the client loads the rows. Loud over-refusal of a plain
// mariadb-dump, every mode, older than session 49 (TestPreflightObserve asserts the
// refusal of CREATE DATABASE IF NOT EXISTS of an existing database, which a fix changes):
// §Preflight promises the schema-then-data pair (Sakila's files, which carry no CREATE
// DATABASE) passes. A fix: CREATE DATABASE IF NOT EXISTS of a database that exists is no
// overwrite (an ALTER-free no-op; its options are ignored by the server too), and marks
// nothing created (the database's tables stay the target's).
func TestReviewX24DataOnlyDatabasesOverRefused(t *testing.T) {
	f := newSessionFixture(t, "")
	ref := testsandbox.Start(t)
	mustRef := func(q string) {
		t.Helper()
		cmd := exec.Command(testsandbox.RequireTool(t, "mariadb"), append(ref.ClientArgs(), "-e", q)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v: %s", q, err, out)
		}
	}
	mustRef("CREATE DATABASE shop; CREATE TABLE shop.t (id int PRIMARY KEY, v varchar(20)); INSERT INTO shop.t VALUES (1,'a'),(2,'b')")
	dump := func(flag string) string {
		out, err := exec.Command(testsandbox.RequireTool(t, "mariadb-dump"), append(ref.ClientArgs(), "--skip-dump-date", "--databases", "shop", flag)...).Output()
		if err != nil {
			t.Fatalf("mariadb-dump %s: %v", flag, err)
		}
		return writeFile(t, "shop"+flag+".sql", out)
	}
	schema, data := dump("--no-data"), dump("--no-create-info")
	for mode, o := range map[string]importer.Options{"serial": {}, "parallel 2": {Parallel: 2, BatchBytes: 512}, "preflight-scan": {Parallel: 2, PreflightScan: true}} {
		t.Run(mode, func(t *testing.T) {
			f.exec("DROP DATABASE IF EXISTS shop")
			f.exec("DROP DATABASE IF EXISTS dumpscope_progress")
			for i, path := range []string{schema, data} {
				var log strings.Builder
				o.Log = &log
				res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: path}, o)
				if err == nil && res.Status != importer.Finished {
					err = res.Err
				}
				if err != nil {
					t.Fatalf("run %d of 2 (%s): %v\n%s", i+1, filepath.Base(path), err, log.String())
				}
			}
			if got := f.query("SELECT GROUP_CONCAT(id ORDER BY id) FROM shop.t"); got != "1,2" {
				t.Errorf("shop.t holds %q, want 1,2", got)
			}
		})
	}
}

// TestReviewX24EscapedDynamicSQL: dynamic SQL whose string literal separates its words
// with an escape (`EXECUTE IMMEDIATE 'DELETE\nFROM other.k'`, `PREPARE s FROM
// 'CREATE\tUSER x24evil@localhost'`): the server unescapes \n to a newline, \t to a tab,
// and runs the statement; the body reader (preflight/guard_body.go dynamicFinding →
// sqlscan.LiteralStatement) reads the literal through the tokenizer's "roughly unescaped"
// text (sqlscan/tokenizer.go quoted: a backslash and the byte after it become that byte),
// so it reads `DELETEnFROM other.k` / `CREATEtUSER …`, a word it does not know, and finds
// nothing. Silent, every mode: other.k emptied without --overwrite (§Preflight), and an
// account made without --allow-system-schemas (the system-schema guard, a stronger
// promise: what an --all-databases dump does to the accounts is refused). A fix: quoted
// unescapes as the server does (\n, \t, \r, \b, \0, \Z to their bytes; \% and \_ keep the
// backslash), or the readers that re-read a literal as SQL get an exact unescape of their
// own (LiteralStatement). The other escapes (\e → e, \' and a doubled quote) are read
// right. Tried (not kept): quoted mapping \n \t \r \0 \b \Z to their bytes made the four
// TestReviewX24Escaped* tests pass, and the sqlscan, plan, split, preflight, transform
// and replay packages' tests passed with it.
func TestReviewX24EscapedDynamicSQL(t *testing.T) {
	f := newSessionFixture(t, "")
	modes := map[string]importer.Options{"serial": {}, "preflight-scan": {Parallel: 2, PreflightScan: true}}
	for name, body := range map[string]string{
		"newline":   `EXECUTE IMMEDIATE 'DELETE\nFROM other.k';` + "\n",
		"tab":       `PREPARE s FROM 'DELETE\tFROM other.k';` + "\nEXECUTE s;\n",
		"procedure": "DELIMITER ;;\nCREATE PROCEDURE p() EXECUTE IMMEDIATE 'UPDATE\\rother.k SET i = 9';;\nDELIMITER ;\nCALL p();\n",
	} {
		for mode, o := range modes {
			t.Run(name+"/"+mode, func(t *testing.T) {
				x23Untouched(t, f, "CREATE DATABASE fresh;\nUSE fresh;\n"+body, o)
			})
		}
	}
	for mode, o := range modes {
		t.Run("account/"+mode, func(t *testing.T) {
			f.exec("DROP USER IF EXISTS x24evil@localhost")
			f.exec("DROP DATABASE IF EXISTS fresh")
			path := writeFile(t, "d.sql", []byte("CREATE DATABASE fresh;\nUSE fresh;\n"+`EXECUTE IMMEDIATE 'CREATE\tUSER x24evil@localhost';`+"\n"))
			var log strings.Builder
			o.Log = &log
			res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: path}, o)
			if got := f.query("SELECT COUNT(*) FROM mysql.user WHERE user = 'x24evil'"); got != "0" {
				t.Errorf("the account x24evil was made without --allow-system-schemas; import: %v, %v\n%s", res, err, log.String())
			}
			f.exec("DROP USER IF EXISTS x24evil@localhost")
		})
	}
}

// TestReviewX24EscapedDiagnosticsReader: an INSERT that leaves a warning (a value cut to
// its column under sql_mode empty), then `EXECUTE IMMEDIATE 'GET\nDIAGNOSTICS @w =
// NUMBER'` and `INSERT INTO r VALUES (@n, @w)`: the client's r holds (NULL,1),
// dumpscope's (NULL,0), finished. Silent, --parallel 2, --checkpoint and --load-data.
// The same reader written with a space ('GET DIAGNOSTICS …') is refused in one line ("it
// reads the diagnostics area … of the statement before it"). Cause: as
// TestReviewX24EscapedDynamicSQL: plan/diagnostics.go readsDiagnostics reads the
// literal through sqlscan.LiteralStatement, whose text turned \n into 'n'
// ("GETnDIAGNOSTICS"), a word it does not know: diagNone, and the replay ran the rows
// before it on a worker. The fix there (an exact unescape) fixes both.
func TestReviewX24EscapedDiagnosticsReader(t *testing.T) {
	dump := "SET sql_mode = '';\nCREATE DATABASE zd;\nUSE zd;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(200));\nCREATE TABLE r (n int, w int);\n" +
		fortyInserts("t", 0) + "INSERT INTO t VALUES (90001,'a'),(90002,'b'),(90003,REPEAT('c', 300));\n" +
		`EXECUTE IMMEDIATE 'GET\nDIAGNOSTICS @w = NUMBER';` + "\nINSERT INTO r VALUES (@n, @w);\n" + fortyInserts("t", 100000)
	for mode, o := range map[string]importer.Options{
		"parallel 2": {Parallel: 2, BatchBytes: 2048},
		"checkpoint": {BatchBytes: 2048, CheckpointPath: "set"},
		"load-data":  {Parallel: 2, BatchBytes: 2048, LoadData: true},
	} {
		t.Run(mode, func(t *testing.T) {
			sessionMatchesClient(t, dump, "zd", o, "(NULL,1)", "reads the diagnostics area")
		})
	}
}

// TestReviewX24EscapedDynamicAutocommit: `EXECUTE IMMEDIATE 'SET\tautocommit = 0'`, rows
// into r and t2, then ROLLBACK: the client rolls them back (r empty, t2 empty);
// dumpscope's r holds (5) and t2 its 4000 rows, finished. Silent, --parallel 2 and
// --load-data. The same SET written with a space is followed exactly (it passes). Cause:
// as TestReviewX24EscapedDynamicSQL: the planner reads the literal's text with \t turned
// into 't' ("SETtautocommit"), does not see the session's autocommit change, and sends
// the rows in its own committed batches.
func TestReviewX24EscapedDynamicAutocommit(t *testing.T) {
	dump := "CREATE DATABASE zd;\nUSE zd;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(200));\nCREATE TABLE t2 (id int PRIMARY KEY, v varchar(200));\nCREATE TABLE r (n int);\n" +
		fortyInserts("t", 0) + `EXECUTE IMMEDIATE 'SET\tautocommit = 0';` + "\nINSERT INTO r VALUES (5);\n" + fortyInserts("t2", 500000) +
		"ROLLBACK;\nSET autocommit = 1;\n" + fortyInserts("t", 100000)
	for mode, o := range map[string]importer.Options{
		"parallel 2": {Parallel: 2, BatchBytes: 2048},
		"load-data":  {Parallel: 2, BatchBytes: 2048, LoadData: true},
	} {
		t.Run(mode, func(t *testing.T) {
			sessionMatchesClient(t, dump, "zd", o, "", "")
		})
	}
}

// TestReviewX24ScanMissesAnsiQuotes: the dump turns ANSI_QUOTES on by a value the read
// ahead cannot know (`SET sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES')`, or a SET run
// by PREPARE/EXECUTE or EXECUTE IMMEDIATE), then `DELETE FROM "other"."k"`: with
// --preflight-scan (the read-ahead: also taken when a terminal can be asked or definers
// are checked) other.k is emptied without --overwrite. Silent against §Preflight,
// read-ahead only (the per-statement check of a default run reads the statement under
// the session's real sql_mode and stops: those subtests pass; a literal `SET sql_mode =
// 'ANSI_QUOTES'` is followed by the scan too). Cause: the scan's splitter
// (runPreflight's transform.NewScan over readAheadOptions) keeps the syntax it last knew
// after a SET of sql_mode it cannot evaluate, and reads "other"."k" as two strings: no
// table. A fix: after such a SET the scan reads names under both quotings, or names the
// SET in one line as what it cannot follow (as the multi-statement refusal does, seed
// 156503's "may change the sql_mode … the statements after it"). 6 of 9 subtests fail
// (the three read-ahead pairs).
//
// Fixed by x-fix70 (6 of 9 failed before): the read-ahead stops before a SET of sql_mode
// it cannot evaluate (split.Splitter.SQLModeUnknownAt) and before dynamic SQL, says so in
// one line, and the statements from there are checked as they run
// (import_steps.go quotingUnknown).
func TestReviewX24ScanMissesAnsiQuotes(t *testing.T) {
	f := newSessionFixture(t, "")
	for name, body := range map[string]string{
		"concat":            "SET sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES');\nDELETE FROM \"other\".\"k\";\n",
		"prepared":          "PREPARE s FROM 'SET sql_mode = ''ANSI_QUOTES''';\nEXECUTE s;\nDELETE FROM \"other\".\"k\";\n",
		"execute immediate": "EXECUTE IMMEDIATE 'SET sql_mode = ''ANSI_QUOTES''';\nDELETE FROM \"other\".\"k\";\n",
	} {
		for mode, o := range map[string]importer.Options{"serial": {}, "preflight-scan": {Parallel: 2, PreflightScan: true}, "preflight-scan serial": {PreflightScan: true}} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				x23Untouched(t, f, "CREATE DATABASE fresh;\nUSE fresh;\n"+body, o)
			})
		}
	}
}
