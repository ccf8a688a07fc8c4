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
