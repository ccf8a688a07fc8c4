package importer_test

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestXFix46TemporaryRowCountRead (found by x-fix46 while testing giveRowCount's own
// variable; fixed by x-fix47): `CREATE TEMPORARY TABLE tmp (id INT); INSERT INTO tmp VALUES
// (7); GET DIAGNOSTICS @r = ROW_COUNT`: the client's @r is 1, dumpscope's was 0 (--parallel
// 2, --load-data) or −1 (serial --checkpoint). Silent. Traced with the general log: the
// INSERT owes no progress row (a temporary table's), so the reader did not run in
// diagTail.before, the only place giveRowCount gave the count back; the warning count's
// SELECT after the INSERT, and runBarrier's START TRANSACTION before the reader, came
// between. Fixed: rowCounts.giveRow in Replayer.exec, before every reader on the control
// connection (replay/rowcount.go). Without the temporary table (the INSERT on a worker)
// the reader is refused, as meant.
func TestXFix46TemporaryRowCountRead(t *testing.T) {
	const dump = "SET NAMES utf8mb4;\nCREATE DATABASE r46;\nUSE r46;\n" +
		"CREATE TEMPORARY TABLE tmp (id INT);\nINSERT INTO tmp VALUES (7);\nGET DIAGNOSTICS @r = ROW_COUNT;\n" +
		"CREATE TABLE r AS SELECT @r AS r;\n"
	for mode, o := range map[string]importer.Options{
		"parallel 2":        {Parallel: 2},
		"serial checkpoint": {CheckpointPath: "x"},
		"load-data":         {LoadData: true},
	} {
		t.Run(mode, func(t *testing.T) {
			f := newSessionFixture(t, dump)
			f.client()
			want := redump(t, f.srv, "r46")
			f.exec("DROP DATABASE r46")
			if o.CheckpointPath != "" {
				o.CheckpointPath = t.TempDir() + "/cp"
			}
			res := f.dumpscope(o)
			if res.Err != nil {
				if strings.Contains(res.Err.Error(), "diagnostics area") {
					return // refused in one line
				}
				t.Fatalf("%v", res.Err)
			}
			if got := redump(t, f.srv, "r46"); got != want {
				t.Errorf("re-dump differs from the client's:\n%s\nthe client's:\n%s", got, want)
			}
		})
	}
}
