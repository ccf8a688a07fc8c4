package importer_test

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestOracleBlocksWhole: beyond mariadb-dump's Oracle-mode procedure and trigger
// (TestReviewX19OracleProcedureCut), the other sql_mode=ORACLE forms with ';' of their
// own under DELIMITER ;;: a function's `RETURN INT AS y INT := 2; BEGIN …; END`, an
// event's `DO DECLARE …; BEGIN …; END`, a trigger's `<<label>> BEGIN …; END`, and an
// anonymous block `DECLARE v INT := 7; BEGIN …; …; END` after a statement in the same
// text. The client runs each whole; before x-fix44 dumpscope cut them at their first ';'
// (ERROR 1064, every mode). importer/split: routineHeader, spStatement, oracleBlock.
func TestOracleBlocksWhole(t *testing.T) {
	const oracle = "SET sql_mode = 'ORACLE';\n"
	dump := "SET NAMES utf8mb4;\nCREATE DATABASE r44;\nUSE r44;\nCREATE TABLE t (a INT) ENGINE=InnoDB;\nCREATE TABLE u (a INT) ENGINE=InnoDB;\n" + oracle +
		"DELIMITER ;;\n" +
		"CREATE FUNCTION \"f\"(x INT) RETURN INT AS y INT := 2; BEGIN RETURN x * y; END;;\n" +
		"CREATE TRIGGER tu BEFORE INSERT ON u FOR EACH ROW <<l>> BEGIN :NEW.a := :NEW.a + 1; :NEW.a := :NEW.a * 10; END l;;\n" +
		"CREATE EVENT e ON SCHEDULE AT '2037-01-01 00:00:00' DISABLE DO DECLARE v INT; BEGIN v := 1; INSERT INTO t VALUES (v); END;;\n" +
		"INSERT INTO t VALUES (1); DECLARE v INT := 7; BEGIN INSERT INTO t VALUES (f(v)); INSERT INTO u VALUES (v); END;;\n" +
		"DELIMITER ;\nSET sql_mode = DEFAULT;\nINSERT INTO u VALUES (2);\n"
	for mode, o := range map[string]importer.Options{
		"serial":     {},
		"parallel 2": {Parallel: 2},
		"checkpoint": {CheckpointPath: "x"},
	} {
		t.Run(mode, func(t *testing.T) {
			f := newSessionFixture(t, dump)
			f.client()
			want := redump(t, f.srv, "r44")
			if !strings.Contains(want, "(14)") || !strings.Contains(want, "(80)") {
				t.Fatalf("the client's re-dump lacks the blocks' rows:\n%s", want)
			}
			f.exec("DROP DATABASE r44")
			if o.CheckpointPath != "" {
				o.CheckpointPath = t.TempDir() + "/cp"
			}
			res := f.dumpscope(o)
			if res.Err != nil {
				t.Fatalf("the client imports this dump: %v", res.Err)
			}
			if got := redump(t, f.srv, "r44"); got != want {
				t.Errorf("re-dump differs from the client's:\n%s\nthe client's:\n%s", got, want)
			}
		})
	}
}
