package importer_test

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestXFix76ReadAheadStopsWhereModeGuessed (reread s51 1.1): the forms whose sql_mode the
// splitter's tracker guessed (a number, 4 being ANSI_QUOTES; a user variable assigned by
// SELECT … INTO; a top-level compound block that sets sql_mode, whose SET stays after
// it) stop the --preflight-scan read-ahead there, and the DROP of the target's other.k
// written in ANSI quotes after them is refused before it runs. The default per-statement
// check (no read-ahead) reads the same statements: "check" runs each head without
// --preflight-scan. Failed before: the 3 preflight-scan subtests (other.k dropped); the
// 3 check subtests passed before and after: the replay follows the quoting bits of the
// server's reply to each statement (replay.followQuoting), not the splitter's guess.
func TestXFix76ReadAheadStopsWhereModeGuessed(t *testing.T) {
	f := newSessionFixture(t, "")
	for _, c := range []struct{ name, head string }{
		{"number", "SET sql_mode = 4;\n"},
		{"select-into", "SET @m = '';\nSELECT 'ANSI_QUOTES' INTO @m;\nSET sql_mode = @m;\n"},
		{"block", "DELIMITER ;;\nBEGIN NOT ATOMIC SET sql_mode = 'ANSI_QUOTES'; END;;\nDELIMITER ;\n"},
	} {
		for _, scan := range []bool{true, false} {
			name := c.name + "/check"
			if scan {
				name = c.name + "/preflight-scan"
			}
			t.Run(name, func(t *testing.T) {
				dump := "CREATE DATABASE fresh;\nUSE fresh;\nCREATE TABLE t (i int);\n" + c.head + "DROP TABLE \"other\".\"k\";\n"
				log, err := x23UntouchedKeeping(t, f, dump, importer.Options{PreflightScan: scan})
				if err == nil || !strings.Contains(err.Error()+log, "`other`.`k`") {
					t.Errorf("import: %v; want the refusal of DROP TABLE other.k\n%s", err, log)
				}
				if scan && !strings.Contains(log, "the read-ahead stops at line") {
					t.Errorf("the log does not say where the read-ahead stops:\n%s", log)
				}
			})
		}
	}
}
