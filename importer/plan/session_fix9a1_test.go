package plan

import (
	"strings"
	"testing"
)

// TestPlannerFix9a1: the planner's reading of x-review9a's cases, statement by statement
// (the review tests in package importer show the database; these the plans). Each case
// planned otherwise before x-fix9a1: DEFAULT read as ON / NO_CHAIN / a constant, SET
// NAMES …, autocommit = 0 read as no SET of autocommit, SELECT … INTO @ac unseen, the
// transaction inside EXECUTE IMMEDIATE unseen, @@in_transaction run serial. (planScriptFlags
// keeps a reason from its first ": " on.)
func TestPlannerFix9a1(t *testing.T) {
	cat := fakeCatalog{}
	const serialTail = "SELECT COUNT(*) INTO @c FROM t;\n"
	for _, tc := range []struct {
		name, script string
		want         []string // the plans of the statements after the first len(skip)
		skip         int
	}{
		{"autocommit-default", "SET GLOBAL autocommit = 0;\nSET autocommit = DEFAULT;\nINSERT INTO t VALUES (1);\nROLLBACK;\n", []string{"barrier *", "session", "serial db.t ! a transaction holds rows", "serial in open ends rollback"}, 0},
		{"autocommit-default-unknown", "SET GLOBAL autocommit = @x;\nSET autocommit = DEFAULT;\n", []string{"serial open ! SET autocommit to a value that is not a literal"}, 1},
		{"autocommit-default-on", "SET autocommit = DEFAULT;\nINSERT INTO t VALUES (1);\n", []string{"session", "rows db.t"}, 0},
		{"completion-default", "SET GLOBAL completion_type = 1;\nSET completion_type = DEFAULT;\n", []string{"serial ! completion_type = CHAIN"}, 1},
		{"completion-default-unknown", "SET GLOBAL completion_type = @x;\nSET completion_type = DEFAULT;\n", []string{"refuse ! the serial replay sends only"}, 1},
		{"session-default", "SET time_zone = DEFAULT;\nSET GLOBAL time_zone = '+05:00';\n", []string{"session", "serial ! SET GLOBAL time_zone after a session statement read @@time_zone"}, 0},
		{"names-autocommit", "SET NAMES utf8mb4, autocommit = 0;\nINSERT INTO t VALUES (1);\n", []string{"session", "serial db.t ! a transaction holds rows"}, 0},
		{"names-clock", "SET NAMES utf8mb4, @t = SYSDATE(6);\n", []string{"serial ! SET @t = SYSDATE ( 6 ) reads"}, 0},
		{"stale-variable", serialTail + "SET @ac = 1;\nSELECT 0 INTO @ac;\nSET autocommit = @ac;\nINSERT INTO t VALUES (1);\n", []string{"serial", "serial", "serial open", "serial in open"}, 1},
		{"stale-variable-do", serialTail + "SET @ac = 1;\nDO @ac := 0;\nSET autocommit = @ac;\nINSERT INTO t VALUES (1);\n", []string{"serial", "serial", "serial open", "serial in open"}, 1},
		{"known-variable", serialTail + "SET @ac = 1;\nSELECT 0 INTO @other;\nSET autocommit = @ac;\nINSERT INTO t VALUES (1);\n", []string{"serial", "serial", "serial", "serial"}, 1},
		{"execute-start", serialTail + "EXECUTE IMMEDIATE 'START TRANSACTION';\nINSERT INTO t VALUES (1);\nROLLBACK;\n", []string{"serial open", "serial in open", "serial in ends rollback"}, 1},
		{"prepared-autocommit", serialTail + "PREPARE s FROM 'SET autocommit = 0';\nEXECUTE s;\nINSERT INTO t VALUES (1);\n", []string{"serial", "serial open", "serial in open"}, 1},
		{"call-autocommit", serialTail + "CREATE PROCEDURE p() SET autocommit = 0;\nCALL p();\n", []string{"serial", "refuse ! the procedure's body has AUTOCOMMIT"}, 1},
		{"call-altered", serialTail + "CREATE PROCEDURE p() SET autocommit = 0;\nALTER PROCEDURE p COMMENT 'x';\nCALL p();\n", []string{"serial", "serial", "refuse ! the procedure's body has AUTOCOMMIT"}, 1},
		{"call-dropped", serialTail + "CREATE PROCEDURE p() INSERT INTO t VALUES (1);\nDROP PROCEDURE p;\nCALL p();\n", []string{"serial", "serial", "refuse ! the dump did not create the procedure"}, 1},
		{"call-plain", serialTail + "CREATE PROCEDURE p() INSERT INTO t VALUES (1);\nCALL p();\n", []string{"serial", "serial"}, 1},
		{"call-unknown", "CALL q();\n", []string{"refuse ! the dump did not create the procedure"}, 0},
		{"execute-dynamic", "EXECUTE IMMEDIATE @sql;\n", []string{"refuse ! the serial replay sends only"}, 0},
		{"in-transaction", "INSERT INTO t SELECT @@in_transaction;\nSTART TRANSACTION;\nINSERT INTO t SELECT @@in_transaction;\n", []string{"refuse ! the serial replay sends only"}, 0},
		{"in-transaction-open", "START TRANSACTION;\nINSERT INTO t SELECT @@in_transaction;\n", []string{"control", "serial ! @@in_transaction reads"}, 0},
	} {
		got := planScriptFlags(t, tc.script, cat)
		if len(got) < tc.skip+len(tc.want) {
			t.Errorf("%s: planned %q, want %q after %d", tc.name, got, tc.want, tc.skip)
			continue
		}
		for i, w := range tc.want {
			g := got[tc.skip+i]
			kind, why, _ := strings.Cut(w, " ! ")
			gotKind, gotWhy, _ := strings.Cut(g, " ! ")
			if gotKind != kind || !strings.Contains(gotWhy, why) {
				t.Errorf("%s: planned %q, want %q after %d", tc.name, got, tc.want, tc.skip)
				break
			}
		}
	}
}
