package plan

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPlannerRoutineKeyed: a stored procedure's or function's CREATE, ALTER or DROP
// waits for its routine's key (database-qualified, the name lower-cased, procedures and
// functions alike), not for every table: it was a global barrier, which held the
// generated dump's last rows up to 8 s at CREATE PROCEDURE order_total. Triggers, events
// and packages keep their scope, CALL sends the run serial, and a row insert that calls a
// function is not plain rows: it waits for everything, so it stays after the function's
// CREATE or DROP.
func TestPlannerRoutineKeyed(t *testing.T) {
	script := "/*!50003 DROP PROCEDURE IF EXISTS `order_total` */;\n" +
		"DELIMITER ;;\n" +
		"CREATE DEFINER=`root`@`localhost` PROCEDURE `order_total`(IN p INT, OUT t INT)\nBEGIN\n  SELECT COUNT(*) INTO t FROM orders WHERE id = p;\nEND\n;;\n" +
		"DELIMITER ;\n" +
		"CREATE OR REPLACE FUNCTION other.F(x INT) RETURNS INT DETERMINISTIC RETURN x + 1;\n" +
		"CREATE AGGREGATE FUNCTION IF NOT EXISTS Agg RETURNS INTEGER SONAME 'agg.so';\n" +
		"ALTER PROCEDURE Order_Total COMMENT 'x';\n" +
		"DROP FUNCTION IF EXISTS `f`;\n" +
		"INSERT INTO t VALUES (f(1));\n" +
		"INSERT INTO t SELECT f(2);\n" +
		"CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.a = f(NEW.a);\n" +
		"CREATE EVENT e ON SCHEDULE EVERY 1 DAY DO DELETE FROM t;\n" +
		"DROP EVENT e;\n" +
		"CALL order_total(1, @t);\n"
	got := planScript(t, script, fakeCatalog{})
	want := []string{
		"barrier routine db.order_total",
		"session", // DELIMITER
		"barrier routine db.order_total",
		"session", // DELIMITER
		"barrier routine other.f",
		"barrier routine db.agg",
		"barrier routine db.order_total",
		"barrier routine db.f",
		"barrier *",
		"barrier *",
		"barrier db.tr,db.t,db.t", // its function calls: the replay's catalog (callsFunction)
		"barrier db.e",            // as before: an event's scope is its name
		"barrier db.e",
		"serial ! a procedure may set user variables or temporary tables of its connection: the rest of the dump runs on one connection",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("plans (-want +got):\n%s", diff)
	}
	for _, k := range []string{"routine db.f", "db.t"} {
		if IsRoutineKey(k) != (k == "routine db.f") {
			t.Errorf("IsRoutineKey(%q) = %v", k, IsRoutineKey(k))
		}
	}
}
