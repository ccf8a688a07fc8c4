package importer_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestCalledVarsTriggerFirstResume (x-fix19): mysqldump's order — the trigger on r2 that
// CALLs pa(NEW.id) comes before the procedures — with pa CALLing pb, which sets @pv; then
// a row of r2 fires it, rows, and @pv is stored. The client stores '7'. The planner
// follows the CALLs through both procedures whichever comes first (plan.CalledVars), so
// the run turns serial at CREATE PROCEDURE pb; a resume from each point on gives @pv
// back. A resume that stops after the procedures exist finds pa and pb on the target
// while re-planning the trigger (the dump has not created them yet there): it turns
// serial at the trigger already, earlier than the first attempt, which must not change
// what it gives back.
func TestCalledVarsTriggerFirstResume(t *testing.T) {
	dump := "SET NAMES utf8mb4;\n" + x9HeadRows() +
		"CREATE TABLE r2 (id int PRIMARY KEY) ENGINE=InnoDB;\nCREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW CALL pa(NEW.id);\n" +
		x7Rows("k", 100, 141) +
		"CREATE PROCEDURE pb(x int) SET @pv = x;\nCREATE PROCEDURE pa(x int) CALL pb(x);\n" +
		"INSERT INTO r2 VALUES (7);\n" + x7Rows("k", 200, 241) + "INSERT INTO k VALUES (999, @pv);\n"
	t.Run("straight", func(t *testing.T) { importMatchesClient(t, dump, x12Parallel(), "x9") })
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, stop := range []int64{lineOf(t, dump, "CREATE TRIGGER"), lineOf(t, dump, "CREATE PROCEDURE pb"), lineOf(t, dump, "CREATE PROCEDURE pa"),
		lineOf(t, dump, "INSERT INTO r2"), lineOf(t, dump, "INSERT INTO r2") + 1} {
		t.Run(fmt.Sprintf("stop %d", stop), func(t *testing.T) {
			runReviewCase(t, ref, srv, reviewCase{db: "x9", dump: dump, stop: stop, opt: importer.Options{Parallel: 2, BatchBytes: 512}})
		})
	}
}

// TestCalledVarsProcedureWritesIDsRefused (x-fix19): the same trigger → pa → pb, where pb
// also inserts into lg, an AUTO_INCREMENT table. Stopped at the INSERT that fires the
// trigger (its progress row taken away), the resume still refuses it by name: the interrupted attempt may have taken
// lg's ids through the procedure (the catalog follows the CALLs into the procedures'
// bodies, bodyNamesTables, and finds lg there).
func TestCalledVarsProcedureWritesIDsRefused(t *testing.T) {
	dump := "SET NAMES utf8mb4;\n" + x9HeadRows() +
		"CREATE TABLE lg (n int AUTO_INCREMENT PRIMARY KEY, a int) ENGINE=InnoDB;\n" +
		"CREATE TABLE r2 (id int PRIMARY KEY) ENGINE=InnoDB;\nCREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW CALL pa(NEW.id);\n" +
		"DELIMITER ;;\nCREATE PROCEDURE pb(x int) BEGIN SET @pv = x; INSERT INTO lg (a) VALUES (x); END ;;\nDELIMITER ;\nCREATE PROCEDURE pa(x int) CALL pb(x);\n" +
		"INSERT INTO r2 VALUES (7);\n" + x7Rows("k", 200, 241) + "INSERT INTO k VALUES (999, @pv);\n"
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	// The stop lets the INSERT run; its progress row taken away is the attempt killed
	// inside it.
	runFoundCase(t, ref, srv, foundCase{db: "x9", dump: dump, stop: lineOf(t, dump, "INSERT INTO r2"), unrecord: int64(strings.Index(dump, "INSERT INTO r2") + 1),
		refusal: "--resume cannot recreate the AUTO_INCREMENT counters of the tables the triggers of x9.r2 write"})
}
