package importer_test

import (
	"testing"
)

// The twenty-sixth hostile review (branch x-review26, session 52), of what session 51
// merged (b7ae13d1..a456e086). Each test failed on main (a456e086) when written. Open
// findings are gated (reviewX): run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX26
//
// A fix removes its test's reviewX call. The findings, their causes and suggested fixes:
// /work/notes/s52/report-x-review26.md.

// x26Setup is the target of the sequence-default findings: other.s, a SEQUENCE; other.e,
// an empty table whose column id has DEFAULT NEXTVAL(other.s); other.k2, the same with a
// row (a LIKE source).
var x26Setup = []string{"CREATE DATABASE other", "CREATE SEQUENCE other.s START WITH 1 NOCACHE",
	"CREATE TABLE other.e (id int DEFAULT NEXTVAL(other.s), v int)",
	"CREATE TABLE other.k2 (id int DEFAULT NEXTVAL(other.s), v int)", "INSERT INTO other.k2 VALUES (0, 0)"}

// x26SequenceStill runs each dump in each x25Modes mode (no --overwrite) on x26Setup and
// fails where other.s moved.
func x26SequenceStill(t *testing.T, dumps map[string]string) {
	t.Helper()
	f := newSessionFixture(t, "")
	for name, dump := range dumps {
		for mode, o := range x25Modes() {
			t.Run(name+"/"+mode, func(t *testing.T) {
				log := x25Import(t, f, x26Setup, dump, o)
				if got := f.query("SELECT next_not_cached_value FROM other.s"); got != "1" {
					t.Errorf("other.s next_not_cached_value %q, want 1 (not moved without --overwrite); %s", got, log)
				}
			})
		}
	}
}

// TestReviewX26SequenceDefaultGiven: rows into the target's empty table other.e that give
// its column id no value of their own although their head names it or names no column:
// VALUES (DEFAULT, 1), VALUES () and INSERT … SET v = 1, id = DEFAULT. Each row takes
// NEXTVAL(other.s). Silent against §Preflight (the import succeeds, other.s moved), serial,
// --parallel 2 and --preflight-scan: 9 of 9 subtests. Cause: preflight/sequences.go:157
// seqDefaults.finding (its default: branch, :193) reads the statement's head only ("rows without a column list give
// every column"; its comment leaves VALUES (DEFAULT, …) open, docs/import.md does not say
// so): a named column or no list is taken for a value given. A fix: where the list names
// the column, or there is none, a DEFAULT keyword (or an empty VALUES ()) anywhere in the
// rows is a finding; with a column list absent, VALUES () too. Reading the rows for the
// word DEFAULT costs one ContainsFold over the statement, only for tables in seqDefaults.
func TestReviewX26SequenceDefaultGiven(t *testing.T) {
	x26SequenceStill(t, map[string]string{
		"values default": "USE other;\nINSERT INTO e VALUES (DEFAULT, 1);\n",
		"values empty":   "USE other;\nINSERT INTO e VALUES ();\n",
		"set default":    "USE other;\nINSERT INTO e SET v = 1, id = DEFAULT;\n",
	})
}

// TestReviewX26SequenceDefaultRenamedCopy: the dump's CREATE TABLE c LIKE other.k2 carries
// the DEFAULT NEXTVAL(other.s) to c (seqDefaults.likeCopy); renamed (RENAME TABLE c TO d,
// ALTER TABLE c RENAME TO d) the default goes with it, the check's note does not; and a
// LIKE run through EXECUTE IMMEDIATE is not noted at all. Rows into d (or c) without id
// move other.s. Silent against §Preflight, serial, --parallel 2, --preflight-scan: 9 of 9.
// Cause: preflight/preflight.go:253-266 moves viewOver (a view's or MERGE table's bases)
// across a rename, not seqDefaults; likeCopy (sequences.go:133) runs for a top-level
// CREATE TABLE only. A fix: move p.seqDefaults[from] to the new key where viewOver moves
// (one "the dump's table's facts follow its rename" step for both); the dynamic-SQL LIKE
// belongs with the body reader's CREATE TABLE (see TestReviewX26MergeUnionUnseen).
func TestReviewX26SequenceDefaultRenamedCopy(t *testing.T) {
	const fresh = "CREATE DATABASE fresh;\nUSE fresh;\nCREATE TABLE c LIKE other.k2;\n"
	x26SequenceStill(t, map[string]string{
		"rename table": fresh + "RENAME TABLE c TO d;\nINSERT INTO d (v) VALUES (1);\n",
		"alter rename": fresh + "ALTER TABLE c RENAME TO d;\nINSERT INTO d (v) VALUES (1);\n",
		"like in code": "CREATE DATABASE fresh;\nUSE fresh;\nEXECUTE IMMEDIATE 'CREATE TABLE fresh.c LIKE other.k2';\nINSERT INTO c (v) VALUES (1);\n",
	})
}

// TestReviewX26SequenceDefaultIndirect: rows without id into the target's empty other.e not
// at the top level: through the dump's view (INSERT INTO v (v) VALUES (1), v over
// other.e), from the dump's trigger, from EXECUTE IMMEDIATE, from a top-level BEGIN NOT
// ATOMIC block. Each moves other.s. Silent against §Preflight, every mode: 12 of 12
// (4 forms × 3 modes; the import succeeds in each). Cause: the rule "rows into a table empty at the start lose
// nothing unless its trigger writes" is computed in three places besides the top-level
// one, and none asks seqDefaults: preflight/preflight.go:294 (the body reader's hit),
// views.go:129 (viewHits) and views.go:158 (throughView, which asks triggerFinding only).
// A fix: one predicate "rows into key are free" (empty, no trigger finding, no sequence
// default: seqDefaults[key] != nil makes them not free, or reads the column list where
// the statement is at hand) used by all four.
func TestReviewX26SequenceDefaultIndirect(t *testing.T) {
	const fresh = "CREATE DATABASE fresh;\nUSE fresh;\n"
	x26SequenceStill(t, map[string]string{
		"through view":      fresh + "CREATE VIEW v AS SELECT v FROM other.e;\nINSERT INTO v (v) VALUES (1);\n",
		"trigger":           fresh + "CREATE TABLE c (v int);\nCREATE TRIGGER tr AFTER INSERT ON c FOR EACH ROW INSERT INTO other.e (v) VALUES (NEW.v);\nINSERT INTO c VALUES (1);\n",
		"execute immediate": "EXECUTE IMMEDIATE 'INSERT INTO other.e (v) VALUES (1)';\n",
		"block":             "DELIMITER ;;\nBEGIN NOT ATOMIC INSERT INTO other.e (v) VALUES (1); END;;\nDELIMITER ;\n",
	})
}

// TestReviewX26MergeUnionUnseen: a MERGE table over the target's MyISAM other.k that the
// check does not know is one: the dump's CREATE TABLE m LIKE other.mm (the target's MERGE
// table over other.k: the copy keeps its UNION, measured: the INSERT lands in other.k), a
// MERGE table made by EXECUTE IMMEDIATE or by the dump's procedure, and (the same gap for
// views) a view made by EXECUTE IMMEDIATE; then INSERT/DELETE/UPDATE through it at the top
// level. Silent against §Preflight: like 3 of 3 modes, EXECUTE IMMEDIATE 3 of 3 (the
// merge and the view), the procedure 1 of 3 (serial; --parallel refuses the CALL for its
// CREATE, for another reason). 10 of 12 subtests. Cause: preflight/preflight.go:249-252
// notes a MERGE union (noteMerge → mergeUnion) from a top-level CREATE TABLE's own text
// only: a LIKE of a MERGE source copies no UNION clause the text shows (the target's
// MERGE tables are not read, as its views are not for this), and the body reader reports
// writes but makes no note of what code creates (viewOver, created). A fix: for LIKE,
// read the source's UNION from the target (information_schema.TABLES.CREATE_OPTIONS holds
// no list; SHOW CREATE TABLE other.mm does) only when the source's ENGINE is MRG_MyISAM
// (known from the table list); for code, the body reader's CREATE TABLE/VIEW of a literal
// text goes through the same noteMerge/noteView as the top level, or a write through a
// table the dump's code made is refused when it cannot tell.
func TestReviewX26MergeUnionUnseen(t *testing.T) {
	f := newSessionFixture(t, "")
	setup := []string{"CREATE DATABASE other", "CREATE TABLE other.k (i int) ENGINE=MyISAM", "INSERT INTO other.k VALUES (1)",
		"CREATE TABLE other.mm (i int) ENGINE=MRG_MyISAM UNION=(other.k) INSERT_METHOD=LAST"}
	const fresh = "CREATE DATABASE fresh;\nUSE fresh;\n"
	dumps := map[string]string{
		"like merge":     fresh + "CREATE TABLE m LIKE other.mm;\nINSERT INTO m VALUES (9);\n",
		"merge in code":  fresh + "EXECUTE IMMEDIATE 'CREATE TABLE fresh.m (i int) ENGINE=MRG_MyISAM UNION=(other.k) INSERT_METHOD=LAST';\nINSERT INTO m VALUES (9);\n",
		"merge via proc": fresh + "CREATE PROCEDURE p() CREATE TABLE fresh.m (i int) ENGINE=MRG_MyISAM UNION=(other.k) INSERT_METHOD=LAST;\nCALL p();\nDELETE FROM m;\n",
		"view in code":   fresh + "EXECUTE IMMEDIATE 'CREATE VIEW fresh.v AS SELECT i FROM other.k';\nUPDATE v SET i = 7;\n",
	}
	for name, dump := range dumps {
		for mode, o := range x25Modes() {
			t.Run(name+"/"+mode, func(t *testing.T) {
				log := x25Import(t, f, setup, dump, o)
				if got := f.query("SELECT GROUP_CONCAT(i ORDER BY i) FROM other.k"); got != "1" {
					t.Errorf("other.k holds %q, want 1 (not written without --overwrite); %s", got, log)
				}
			})
		}
	}
}

// TestReviewX26LockedTriggerTransactionalLog: a LOCK TABLES region (mysqldump's
// --add-locks) in a run gone serial (PREPARE), a MyISAM t1 whose BEFORE INSERT trigger
// inserts into lg, an InnoDB table; the region's INSERT (or INSERT IGNORE, all or some rows
// duplicates) into t1 is killed after it ran, before its progress row (the "ran" point)
// and resumed: dumpscope's lg lacks the trigger's rows the client's holds. Silent
// database difference, --checkpoint (serial stretch) + kill + --resume: 1 of 5 kill points
// in each of the 3 subtests (the "ran" point; the others resume exactly or refuse). A regression: on b7ae13d1 the same sweep
// refused at the "ran" point (0 of 3 points differ, measured). With lg MyISAM it is refused as before (TestXFix67LockedTriggerTableKilled's log), with t1
// InnoDB there is no intent and all rolls back together: both exact. Cause: since
// x-fix67 (d9bf05c1) triggerWriteScope narrows the intent to t1 and what its triggers
// INSERT into, and importer/replay/lockregion.go:259-284 takes that scope as the intent's
// without asking whether a table in it is transactional: the intent is not intentMixed,
// so finish (lockregion.go:320) writes the "ran" marker, the kill rolls back lg's rows
// with the progress row's transaction (autocommit=0), and the resume, finding the marker,
// skips the INSERT whose MyISAM half alone survived. A fix (small): mark the intent
// intentMixed when any table of the narrowed scope other than the written one is not in
// the run's non-transactional list (mayWriteNonTransactional, already asked of the
// written table just above), as a stored function's writes are; the resume then goes by
// the checksums it reads and refuses where they cannot tell.
// Fixed by x-fix80: lockState.intent asks scopeMayWriteTransactional of the narrowed
// scope (markRan's rule, as a barrier does); the "ran" point now refuses (Unread intent
// without its marker), 0 of 5 points differ in each subtest.
func TestReviewX26LockedTriggerTransactionalLog(t *testing.T) {
	for _, c := range []struct{ name, write string }{
		{"insert", "INSERT INTO `t1` VALUES (3,1),(4,2);\n"},
		{"insert ignore all dup", "INSERT IGNORE INTO `t1` VALUES (1,1),(2,2);\n"},
		{"insert ignore some dup", "INSERT IGNORE INTO `t1` VALUES (1,1),(4,2);\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			script := "CREATE DATABASE fz2;\nUSE fz2;\nPREPARE s FROM 'SELECT 1';\n" +
				"CREATE TABLE `t1` (`id` int NOT NULL, `a` int DEFAULT NULL, PRIMARY KEY (id)) ENGINE=MyISAM;\nINSERT INTO t1 VALUES (1,7),(2,7);\n" +
				"CREATE TABLE lg (id int) ENGINE=InnoDB;\n" +
				"DELIMITER ;;\nCREATE TRIGGER `ftr4` BEFORE INSERT ON `t1` FOR EACH ROW BEGIN\n  INSERT INTO lg VALUES (NEW.id);\nEND ;;\nDELIMITER ;\n" +
				"LOCK TABLES `t1` WRITE;\n" + c.write + "UNLOCK TABLES;\nCREATE TABLE t9 (id int);\n"
			if n := x71Sweep(t, script, "resume", "LOCK TABLES `t1`", "UNLOCK TABLES"); n == 0 {
				t.Fatal("no kill points")
			}
		})
	}
}

// TestReviewX26TempTxnBeginAgain: a TEMPORARY InnoDB table tt written inside the dump's
// transaction, then BEGIN (or START TRANSACTION) again inside it, which commits the first
// transaction implicitly (tt holds 1 for good), a second write of tt and a ROLLBACK (tt
// loses 4); INSERT INTO k SELECT id + 10 FROM tt after it. Killed inside the second
// transaction and resumed, dumpscope's k holds 14, which the client's does not (tt kept
// the rolled-back row). Silent database difference, --checkpoint + kill + --resume:
// 3 of 11 kill points for BEGIN (before the second write, before the ROLLBACK, after the
// ROLLBACK ran). Older than stop 51: on b7ae13d1 (before x-fix72) the same 3 of 11
// points differ, the 4 after them refuse. The same shape with DDL in place of the BEGIN (an implicit commit the
// plan knows), with ROLLBACK WORK / AND CHAIN, SET autocommit=1 or TRUNCATE: exact (probed,
// 0 of 8–12 each). Suspected cause: x-fix72's tempTxn (importer/replay/temprebuild.go:152)
// and endReloadTxn (reload.go:93, its ends at :106-120) follow the dump's transaction by the plan's region
// (pl.InRegion, pl.EndsRegion, pl.Rollback): a BEGIN/START TRANSACTION inside an open
// region is not taken for the implicit COMMIT it is, so the resume's own transaction (or
// the rows it sends again) spans the client's two, and the ROLLBACK is judged against the
// wrong set of rows. A fix: end the resume's own transaction with COMMIT at a transaction
// start met while it is open (as at a statement that commits implicitly), in
// endReloadTxn; check the plan's region for the second BEGIN too (plan.IsTxnStart).
// Fixed by x-fix80, traced: not tempTxn nor endReloadTxn. runSerial took the BEGIN for a
// COMMIT: the first transaction's progress row covered it, so the resume skipped it and
// sent the second transaction's statements under autocommit (no temporary table needed:
// xfix80_test.go). The BEGIN now ends the stretch before it (plan.Plan.Reopens), as an
// implicit commit does, and a resume sends it again: 0 of 11 points differ in each.
func TestReviewX26TempTxnBeginAgain(t *testing.T) {
	const head = "CREATE DATABASE q;\nUSE q;\nCREATE TABLE k (id int PRIMARY KEY) ENGINE=InnoDB;\nCREATE TEMPORARY TABLE tt (id int) ENGINE=InnoDB;\n" +
		"START TRANSACTION;\nINSERT INTO tt VALUES (1);\nINSERT INTO k VALUES (1);\n"
	const tail = "INSERT INTO tt VALUES (4);\nROLLBACK;\nINSERT INTO k SELECT id + 10 FROM tt;\nINSERT INTO k VALUES (99);\n"
	for name, again := range map[string]string{"begin": "BEGIN;\n", "start transaction": "START TRANSACTION;\n"} {
		t.Run(name, func(t *testing.T) {
			if n := x71Sweep(t, head+again+tail, "resume", "START TRANSACTION", ""); n == 0 {
				t.Fatal("no kill points")
			}
		})
	}
}
