package importer_test

import (
	"strings"
	"testing"
)

// The kill-timing findings of the fuzzer (docs/difffuzz.md), each swept at every kill
// point of a script cut to its cause (killsweep_test.go): no point may leave other
// databases than the client's; a refusal that names what to check is allowed.

// sweepClean sweeps script in mode, fails on each point that differs, and returns the
// points that ended refused (their refusal) and those that ended as the client's (""),
// by "kind line".
func sweepClean(t *testing.T, script, mode string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, r := range killSweep(t, []byte(script), mode, nil) {
		key := r.at.kind + " " + itoa(r.at.line)
		switch {
		case r.d != nil:
			t.Errorf("killed %v and resumed: %v", r.at, r.d)
		case r.refused != "":
			out[key] = r.refused
		default:
			out[key] = ""
		}
	}
	return out
}

func itoa(n int64) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		if n /= 10; n == 0 {
			return string(b[i:])
		}
	}
}

// TestKillSweepTemporaryNextval (difffuzz seed 81641, resume-spool): a row of a
// temporary table that takes NEXTVAL of a sequence, then more statements of that table
// (no progress row: volatile), then a summary of it in a real table. Killed after the
// NEXTVAL row and before the next progress row, the resume sent it again and the
// sequence gave 2 where the client's gave 1 (the summary's sum 31 where the client has
// 30). A resume that passes it refused already (tempRebuilds.notSentAgain); one that
// stops short of the next progress row now refuses too (lostVolatile). Failed before at
// the kills before lines 8, 9 and 10 and after line 10 ran (sum 31).
func TestKillSweepTemporaryNextval(t *testing.T) {
	const script = "CREATE DATABASE ks;\nUSE ks;\n" + // 1-2
		"CREATE TABLE k (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" + // 3
		"INSERT INTO k VALUES (1, 10), (2, 20);\n" + // 4
		"CREATE TEMPORARY TABLE tt (id int, n int) ENGINE=MEMORY;\n" + // 5
		"CREATE SEQUENCE s;\n" + // 6
		"INSERT INTO tt VALUES (1000, NEXTVAL(s));\n" + // 7
		"INSERT INTO tt SELECT id + 1000, v FROM k;\n" + // 8
		"DELETE FROM tt WHERE n > 15;\n" + // 9
		"CREATE TABLE sv (name varchar(10), v varchar(100)) ENGINE=InnoDB;\n" + // 10
		"INSERT INTO sv SELECT 'tmp', CONCAT_WS(' ', COUNT(*), SUM(n)) FROM tt;\n" + // 11
		"DROP TEMPORARY TABLE tt;\n" + // 12
		"INSERT INTO k VALUES (3, 30), (4, 40);\n" // 13
	got := sweepClean(t, script, "resume")
	for _, at := range []string{"before 8", "before 9", "before 10"} {
		if why, ok := got[at]; !ok || !strings.Contains(why, "cannot tell whether the interrupted run sent this statement of temporary table ks.tt") {
			t.Errorf("killed %s: %q, %v; want the refusal of line 7", at, why, ok)
		}
	}
	if why, ok := got["before 5"]; !ok || why != "" {
		t.Errorf("killed before line 5 (before the temporary table): %q, %v; want the client's", why, ok)
	}
}

// TestKillSweepVersionedNonTransactional (difffuzz seeds 81617, resume-load-data, and
// 88021, resume): an Aria or MyISAM table WITH SYSTEM VERSIONING, its rows, an UPDATE,
// a DELETE and more rows, in parallel or (after a PREPARE, as in 88021) on one
// connection. Killed after the UPDATE ran and before its progress row, the resume ran
// it again (a = 5 where the client's has 4); on one connection, killed after the INSERT,
// ERROR 1062 where the client went on. information_schema.TABLES calls such a table
// SYSTEM VERSIONED, not BASE TABLE, and the look-up of the tables an intent covers
// (checkpoint.readNonTransactional) left it out: no intent, no marker. Failed before at
// the kills after the UPDATE ran (all four) and after the INSERT ran (serial, both).
func TestKillSweepVersionedNonTransactional(t *testing.T) {
	for _, engine := range []string{"Aria", "MyISAM"} {
		for _, serial := range []bool{false, true} {
			head, name, at := "", engine, []string{"ran 5"}
			if serial {
				head, name, at = "PREPARE ps FROM 'SELECT 1';\n", engine+" serial", []string{"ran 6", "ran 8"}
			}
			t.Run(name, func(t *testing.T) {
				script := "CREATE DATABASE ks;\nUSE ks;\n" + head + // 1-2 (3)
					"CREATE TABLE sv (id int PRIMARY KEY, a int) ENGINE=" + engine + " WITH SYSTEM VERSIONING;\n" + // 3
					"INSERT INTO sv VALUES (1, 1), (2, 2), (3, 3), (4, 4);\n" + // 4
					"UPDATE sv SET a = a + 1 WHERE id % 2 = 1;\n" + // 5
					"DELETE FROM sv WHERE id = 4;\n" + // 6
					"INSERT INTO sv VALUES (5, 5);\n" + // 7
					"CREATE TABLE k (id int PRIMARY KEY) ENGINE=InnoDB;\n" + // 8
					"INSERT INTO k VALUES (1), (2);\n" // 9
				got := sweepClean(t, script, "resume")
				for _, at := range at {
					if _, ok := got[at]; !ok {
						t.Errorf("no kill point %q (the statement did not run as a barrier)", at)
					}
				}
			})
		}
	}
}

// TestKillSweepQuotedFunctionSet (difffuzz seed 88022, resume-defer-indexes): SET @f =
// `ks`.`g`(2), g writing a MyISAM log. The planner read the quoted name as a constant:
// the SET was a plain session statement, replayed on every worker and sent again by
// every resume, each time calling g (AUTO_INCREMENT 22 of the log where the client has
// 21, a row more). Written g(2) it runs once on the control connection and a resume
// gives its value back. Failed before at every point, the kill before line 1 too (the
// workers' replay: an uninterrupted --parallel run differed as well).
func TestKillSweepQuotedFunctionSet(t *testing.T) {
	const script = "CREATE DATABASE ks;\nUSE ks;\n" + // 1-2
		"CREATE TABLE lg (n int NOT NULL AUTO_INCREMENT PRIMARY KEY, a int) ENGINE=MyISAM;\n" + // 3
		"DELIMITER ;;\nCREATE FUNCTION g(x int) RETURNS int MODIFIES SQL DATA\nBEGIN\n  INSERT INTO lg (a) VALUES (x);\n  RETURN x + 1;\nEND ;;\nDELIMITER ;\n" + // 4-10
		"SET @f = `ks`.`g`(2);\n" + // 11
		"CREATE TABLE k (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" + // 12
		"INSERT INTO k VALUES (1, @f);\n" + // 13
		"INSERT INTO k VALUES (2, 2), (3, 3);\n" // 14
	got := sweepClean(t, script, "resume")
	for _, at := range []string{"before 12", "before 13", "before 14"} {
		if why, ok := got[at]; !ok || why != "" {
			t.Errorf("killed %s: %q, %v; want the client's", at, why, ok)
		}
	}
}

// TestKillSweepPreparedSQLModeSet (difffuzz seed 90304, resume): a trigger whose body sets
// a user variable, then PREPARE ps FROM 'SET sql_mode = ?' and EXECUTE ps USING
// 'NO_ENGINE_SUBSTITUTION' (and an EXECUTE IMMEDIATE of a SET SESSION sql_mode), then rows
// that only a non-strict mode truncates. Once the dump has such a trigger, a wrapper is
// journaled with the trigger's variables (userVarsOf), and a resume gave those back in
// the EXECUTE's place: the session kept the strict default and the INSERT failed with
// ERROR 1406 where the client's truncated (the seed needed its trigger and function for
// it; a cut-down script without them matched). Now a session SET whose journal row leaves
// out a session variable it sets runs again (sessionNotJournaled). Failed before at the 12
// kills from before line 14 on: dumpscope failed where the client succeeded (lines 14-15),
// then sv's mode differed (the EXECUTE IMMEDIATE's).
func TestKillSweepPreparedSQLModeSet(t *testing.T) {
	const script = "CREATE DATABASE ks;\nUSE ks;\n" + // 1-2
		"CREATE TABLE k (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" + // 3
		"SELECT COUNT(*) INTO @c FROM k;\n" + // 4: the rest runs on one connection
		"DELIMITER ;;\n" + // 5
		"CREATE TRIGGER trg BEFORE INSERT ON k FOR EACH ROW\nBEGIN\n  SET @trg = COALESCE(@trg, 0) + 1;\nEND ;;\n" + // 6-9
		"DELIMITER ;\n" + // 10
		"CREATE TABLE m (id int PRIMARY KEY, s varchar(4)) ENGINE=InnoDB;\n" + // 11
		"PREPARE ps FROM 'SET sql_mode = ?';\n" + // 12
		"EXECUTE ps USING 'NO_ENGINE_SUBSTITUTION';\n" + // 13
		"INSERT INTO m VALUES (1, 'abc');\n" + // 14
		"INSERT INTO m VALUES (2, 'longlonglong');\n" + // 15
		"INSERT INTO k VALUES (1, 10);\n" + // 16
		"EXECUTE IMMEDIATE 'SET SESSION sql_mode = ''STRICT_ALL_TABLES''';\n" + // 17
		"INSERT IGNORE INTO m VALUES (3, 'toolongtoo');\n" + // 18
		"INSERT INTO k VALUES (2, @trg);\n" + // 19
		"CREATE TABLE sv (name varchar(10), v varchar(100)) ENGINE=InnoDB;\n" + // 20
		"INSERT INTO sv VALUES ('mode', @@sql_mode);\n" // 21
	got := sweepClean(t, script, "resume")
	for _, at := range []string{"before 15", "ran 15", "before 16", "before 19", "ran 21"} {
		if why, ok := got[at]; !ok || why != "" {
			t.Errorf("killed %s: %q, %v; want the client's", at, why, ok)
		}
	}
}
