package importer_test

import (
	"context"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestFixX13ReadAheadRunsSerially: where the preflight reads the dump ahead (the target
// holds a database of its own), the dumps of TestReviewX12TriggerCallsProcedure and
// TestReviewX12WrappedFiresTrigger (a prepared INSERT firing a trigger that reads
// ROW_COUNT(), with no statement that turns the run serial before it) run serially from
// the start under --parallel 2, with the reason, and the re-dump is the client's: the same
// rule (plan.LaterReaders) follows the trigger's CALL and the prepared statement.
func TestFixX13ReadAheadRunsSerially(t *testing.T) {
	for name, c := range map[string]struct{ dump, why string }{
		"trigger-calls-procedure": {x9HeadRows() + "CREATE PROCEDURE pz() SET completion_type = 1;\n" +
			"CREATE TABLE r2 (id int PRIMARY KEY) ENGINE=InnoDB;\nCREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW CALL pz();\nINSERT INTO r2 VALUES (1);\n" +
			"START TRANSACTION;\n" + x7Rows("k", 100, 141) + "COMMIT;\n" + x7Rows("k", 200, 241),
			"it names r2 and so may run code read later (the trigger ti calls pz: the procedure pz sets completion_type"},
		"prepared-fires-trigger": {x9HeadRows() + "CREATE TABLE r (id int PRIMARY KEY AUTO_INCREMENT, what varchar(40), n bigint) ENGINE=InnoDB;\n" +
			"CREATE TRIGGER tr BEFORE INSERT ON r FOR EACH ROW SET NEW.n = ROW_COUNT();\nPREPARE s FROM 'INSERT INTO r (what) VALUES (''rc'')';\n" +
			"UPDATE k SET v = 'y' WHERE id < 6;\nEXECUTE s;\n" + x7Rows("k", 200, 241),
			"what it runs names r and so may run code read later (the trigger tr reads ROW_COUNT())"},
	} {
		t.Run(name, func(t *testing.T) {
			f := newSessionFixture(t, "SET NAMES utf8mb4;\n"+c.dump) // the trigger keeps the charset it was created under
			f.exec("CREATE DATABASE other")
			f.client()
			want := redumps(t, f.srv, "x9")
			f.exec("DROP DATABASE x9")
			var log strings.Builder
			o := importer.Options{Parallel: 2, BatchBytes: 512, Log: &log, PreflightScan: true}
			res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: f.path}, o)
			if err != nil || res.Err != nil {
				t.Fatalf("%v, %v\n%s", err, res.Err, log.String())
			}
			sameDump(t, name, want, redumps(t, f.srv, "x9"))
			if u := res.Used; !u.Serial || len(u.Reasons) != 1 || !strings.Contains(u.Reasons[0], c.why) {
				t.Errorf("used %+v, want serial for %q", u, c.why)
			}
		})
	}
}
