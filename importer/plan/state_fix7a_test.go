package plan

import (
	"strings"
	"testing"
)

// TestPlannerSessionReadsOnce: session statements that read the clock (functions written
// without parentheses), a sequence, a GLOBAL value, or give autocommit a value that is
// not a literal are no longer replayed on the workers: the run turns serial there and
// says why; a SET of GLOBAL variables alone is a barrier on every table (it runs once,
// in stream order, and workers do not run it again); mysqldump's saved-variable idioms
// stay sessions. Each case planned "session" (and autocommit = @ac left the region
// closed, rows parallel) before x-fix7a.
func TestPlannerSessionReadsOnce(t *testing.T) {
	cat := fakeCatalog{}
	for _, tc := range []struct{ set, want string }{
		{"SET @t = CURRENT_TIMESTAMP", "serial ! SET @t = CURRENT_TIMESTAMP reads"},
		{"SET @d = LOCALTIME, @e = 1", "serial ! SET @d = LOCALTIME reads"},
		{"SET @d = utc_date", "serial ! SET @d = utc_date reads"},
		{"SET @n = NEXT VALUE FOR s", "serial ! SET @n = NEXT VALUE FOR s reads"},
		{"SET @p = PREVIOUS VALUE FOR s", "serial ! SET @p = PREVIOUS VALUE FOR s reads"},
		{"SET @n = NEXTVAL(s)", "serial ! SET @n = NEXTVAL ( s ) reads"},
		{"SET @n = SETVAL(s, 5)", "serial ! SET @n = SETVAL ( s , 5 ) reads"},
		{"SET @g = @@global.lock_wait_timeout", "serial ! SET @g = @@global.lock_wait_timeout reads"},
		{"SET @ac = 0", "session"},
		{"SET autocommit = @ac", "serial ! SET autocommit to a value that is not a literal"},
		{"SET autocommit = 1 - 1", "serial ! SET autocommit to a value that is not a literal"},
		{"SET @@session.autocommit = 'on'", "session"},
		{"SET GLOBAL lock_wait_timeout = @@global.lock_wait_timeout + 1000", "barrier *"},
		{"SET @@GLOBAL.GTID_PURGED = 'uuid:1-5'", "barrier *"},
		{"SET GLOBAL lock_wait_timeout = 5, SESSION sql_mode = ''", "serial ! a SET of both GLOBAL and session variables"},
		{"SET @u = CURRENT_USER, @v = current_user()", "session"},
		{"SET @OLD_AUTOCOMMIT=@@AUTOCOMMIT", "session"},
		{"SET @saved_cs_client = @@character_set_client", "session"},
		{"SET TIME_ZONE='+00:00'", "session"},
		{"SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0", "session"},
	} {
		got := planScript(t, tc.set+";\nINSERT INTO t VALUES (1);\n", cat)
		if len(got) != 2 || !strings.HasPrefix(got[0], tc.want) {
			t.Errorf("%s: planned %q, want %q first", tc.set, got, tc.want)
		}
	}
}

// TestPlannerAutocommitFromVariable: mariadb-dump --no-autocommit's SET
// @OLD_AUTOCOMMIT=@@AUTOCOMMIT, @@AUTOCOMMIT=0 … SET AUTOCOMMIT=@OLD_AUTOCOMMIT, and
// SET @ac = 0; SET autocommit = @ac, are read through the variable: a region (rows of a
// trusted producer stay parallel; others run in the region), never the rest serial.
func TestPlannerAutocommitFromVariable(t *testing.T) {
	cat := fakeCatalog{}
	md := "-- MariaDB dump 10.19\nSET @OLD_AUTOCOMMIT=@@AUTOCOMMIT, @@AUTOCOMMIT=0;\nINSERT INTO t VALUES (1);\nCOMMIT;\nSET AUTOCOMMIT=@OLD_AUTOCOMMIT;\n" +
		"SET @OLD_AUTOCOMMIT=@@AUTOCOMMIT, @@AUTOCOMMIT=0;\nINSERT INTO t VALUES (2);\nCOMMIT;\nSET AUTOCOMMIT=@OLD_AUTOCOMMIT;\nINSERT INTO t VALUES (3);\n"
	want := []string{"session", "rows db.t", "control", "session", "session", "rows db.t", "control", "session", "rows db.t"}
	if got := planScript(t, md, cat); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("mariadb-dump --no-autocommit: planned %q, want %q", got, want)
	}
	got := planScript(t, "SET @ac = 0;\nSET autocommit = @ac;\nINSERT INTO t VALUES (1);\nROLLBACK;\nSET autocommit = 1;\nINSERT INTO t VALUES (2);\n", cat)
	if len(got) != 6 || got[1] != "session" || !strings.HasPrefix(got[2], "serial db.t ! ") || got[5] != "rows db.t" {
		t.Errorf("SET @ac = 0; SET autocommit = @ac: planned %q, want a region (rows serial until the ROLLBACK), then rows", got)
	}
}

// TestRoutineConnState: a trigger or function body that reads LAST_INSERT_ID(),
// CONNECTION_ID(), @@warning_count or @@autocommit makes the rest serial at its CREATE
// (the rows that fire it run on the control connection); @@in_transaction, like
// ROW_COUNT(), is a later reader: parallel until a statement may fire it, refused there.
func TestRoutineConnState(t *testing.T) {
	cat := fakeCatalog{}
	for _, tc := range []struct{ create, want string }{
		{"CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.n = LAST_INSERT_ID()", "serial ! the trigger tr reads LAST_INSERT_ID()"},
		{"CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.n = @@session.warning_count", "serial ! the trigger tr reads @@session.warning_count"},
		{"CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.n = @@autocommit", "serial ! the trigger tr reads @@autocommit"},
		{"CREATE FUNCTION f() RETURNS int RETURN CONNECTION_ID()", "serial ! the function f reads CONNECTION_ID()"},
		{"CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.n = @@timestamp", "barrier"},
		{"CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.n = @@in_transaction", "barrier"},
	} {
		got := planScript(t, tc.create+";\n", cat)
		if len(got) != 1 || !strings.HasPrefix(got[0], tc.want) {
			t.Errorf("%s: planned %q, want %q", tc.create, got, tc.want)
		}
	}
	got := planScript(t, "CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.n = @@in_transaction;\nINSERT INTO t VALUES (1);\n", cat)
	if len(got) != 2 || !strings.HasPrefix(got[1], "refuse") {
		t.Errorf("a row into a table whose trigger reads @@in_transaction: planned %q, want refuse", got)
	}
}
