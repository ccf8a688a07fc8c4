package importer_test

import (
	"context"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestFixX11aSessionBodyRunsSeriallyUpFront: where the preflight reads the dump ahead
// (the target holds a database of its own), a trigger that sets time_zone and is fired
// before 80 TIMESTAMP rows makes the whole import serial (plan.LaterReaders), and the
// rows are stored under the trigger's +05:00 as the client's are; before x-fix11a the
// workers stored them 5 hours off (TestReviewX11SessionSetInTriggerOrFunction).
func TestFixX11aSessionBodyRunsSeriallyUpFront(t *testing.T) {
	dump := x9HeadRows() + "CREATE TABLE g (id int PRIMARY KEY, t timestamp NULL) ENGINE=InnoDB;\n" +
		"CREATE TABLE r2 (id int PRIMARY KEY) ENGINE=InnoDB;\nCREATE TRIGGER ti BEFORE INSERT ON r2 FOR EACH ROW SET time_zone = '+05:00';\nINSERT INTO r2 VALUES (1);\n" +
		x11TimestampRows(1, 81)
	f := newSessionFixture(t, "SET NAMES utf8mb4;\n"+dump) // the trigger keeps the charset it was created under
	f.exec("CREATE DATABASE other")
	f.client()
	want := redumps(t, f.srv, "x9")
	f.exec("DROP DATABASE x9")
	o := importer.Options{Parallel: 2, BatchBytes: 512, PreflightScan: true}
	var log strings.Builder
	o.Log = &log
	res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: f.path}, o)
	if err != nil || res.Err != nil {
		t.Fatalf("%v, %v\n%s", err, res.Err, log.String())
	}
	sameDump(t, "parallel 2", want, redumps(t, f.srv, "x9"))
	if u := res.Used; !u.Serial || len(u.Reasons) != 1 || !strings.Contains(u.Reasons[0], "the trigger ti sets time_zone") {
		t.Errorf("used %+v, want serial because of the trigger ti", u)
	}
}
