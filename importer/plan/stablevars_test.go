package plan

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// TestUnstableCallSystemVariables: a system variable a resume's connection reads
// otherwise is named like an unstable call; a restored one, and user variables, pass.
func TestUnstableCallSystemVariables(t *testing.T) {
	none := func(string) bool { return false }
	for src, want := range map[string]string{
		"INSERT INTO tt VALUES (1, @@pseudo_thread_id)":                             "@@pseudo_thread_id",
		"INSERT INTO tt VALUES (1, @@SESSION.pseudo_thread_id)":                     "@@session.pseudo_thread_id",
		"INSERT INTO tt SELECT @@timestamp, @@rand_seed1":                           "@@timestamp",
		"INSERT INTO tt VALUES (@@last_insert_id)":                                  "@@last_insert_id",
		"INSERT INTO tt VALUES (@@global.warning_count)":                            "@@global.warning_count",
		"INSERT INTO tt VALUES (@@sql_mode, @@session.time_zone, @@GLOBAL.version)": "",
		"INSERT INTO tt VALUES (@v, @`w`)":                                          "",
		// x-fix52: a GLOBAL value, which a later SET GLOBAL changes for good; the
		// session's read-only max_allowed_packet; the database's defaults, which an
		// ALTER DATABASE changes (TestReviewX21Temporary*).
		"INSERT INTO tt VALUES (@@global.sql_mode)":                "@@global.sql_mode",
		"INSERT INTO tt VALUES (@@GLOBAL.div_precision_increment)": "@@global.div_precision_increment",
		"INSERT INTO tt VALUES (@@max_allowed_packet)":             "@@max_allowed_packet",
		"INSERT INTO tt VALUES (@@character_set_database)":         "@@character_set_database",
		"INSERT INTO tt VALUES (@@session.collation_database)":     "@@session.collation_database",
		"INSERT INTO tt VALUES (@@global.version_comment, @@port)": "",
	} {
		if got := UnstableCall([]byte(src), sqlscan.Syntax{}, none); got != want {
			t.Errorf("%s: %q, want %q", src, got, want)
		}
	}
}

// TestUnstablePhrase: a refusal names a system variable as one, not as a call "@@x()".
func TestUnstablePhrase(t *testing.T) {
	if got := UnstablePhrase("@@pseudo_thread_id"); !strings.Contains(got, "reads @@pseudo_thread_id, a system variable") {
		t.Errorf("system variable: %q", got)
	}
	if got := UnstablePhrase("RAND"); got != "calls RAND(), a function not known to give the same value again" {
		t.Errorf("function: %q", got)
	}
}
