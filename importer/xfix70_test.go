package importer_test

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/split"
)

// TestXFix70ReadAheadStopsWhereQuotingUnknown: --preflight-scan reads ahead until the
// session's ANSI_QUOTES is known no more (a SET of sql_mode it cannot evaluate, dynamic
// SQL), says so in one line naming the line, and checks the rest as it runs: the
// DELETE of the target's other.k is stopped before it runs. A SET it can read (a
// literal) is followed as before: the read-ahead reads on and refuses before anything
// runs.
func TestXFix70ReadAheadStopsWhereQuotingUnknown(t *testing.T) {
	f := newSessionFixture(t, "")
	for _, c := range []struct {
		name, body, said string
	}{
		{"concat", "SET sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES');\nDELETE FROM \"other\".\"k\";\n", "the read-ahead stops at line 4: sql_mode is set (here or just before) to a value the read-ahead cannot evaluate"},
		{"variable", "SET @m = CONCAT(@@sql_mode, ',ANSI_QUOTES');\nSET sql_mode = @m;\nDELETE FROM \"other\".\"k\";\n", "the read-ahead stops at line 5: sql_mode is set"},
		{"text", "DELIMITER ;;\nINSERT INTO fresh.t VALUES (1); EXECUTE IMMEDIATE 'SET sql_mode = ''ANSI_QUOTES''';;\nDELIMITER ;\nDELETE FROM \"other\".\"k\";\n", "the read-ahead stops at line 5: it runs dynamic SQL"},
		{"literal", "SET sql_mode = 'ANSI_QUOTES';\nDELETE FROM \"other\".\"k\";\n", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			log, err := x23UntouchedKeeping(t, f, "CREATE DATABASE fresh;\nUSE fresh;\nCREATE TABLE t (i int);\n"+c.body, importer.Options{PreflightScan: true})
			if err == nil || !strings.Contains(err.Error()+log, "DELETE FROM `other`.`k`") {
				t.Errorf("import: %v; want the refusal of DELETE FROM other.k\n%s", err, log)
			}
			stops := strings.Contains(log, "the read-ahead stops")
			if c.said == "" && stops || c.said != "" && !strings.Contains(log, c.said) {
				t.Errorf("the log does not say %q (\"\": no stop of the read-ahead):\n%s", c.said, log)
			}
			if c.said == "" && f.query("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'fresh'") != "0" {
				t.Errorf("fresh.t made: the read-ahead, which read the whole dump, refuses before anything runs")
			}
		})
	}
}

// TestReviewX70StatementNameOnOneLine (fixed by the lead: termsafe.Line on the name; found by x-fix70's difffuzz run, seed 161711,
// overlap): a statement error names the statement by split.Describe, whose table name is
// written as the dump holds it: a name with a newline (`DROP TABLE IF EXISTS
// `fz0`.`t;<newline>CREATE TABLE `…`, which the server refuses with ERROR 1103, as the
// client's) breaks the one-line message in two ("offset 2339, line 52: DROP TABLE `t;" /
// "CREATE TABLE `: ERROR 1103 …"). Loud (the import fails where the client does; the
// database is the client's), every mode; difffuzz's dsErrRe reads no error from it and
// counts a difference ("dumpscope ERROR  at line "). Cause: split.Position.Statement
// writes sqlscan.QuoteIdent(table) without termsafe.Line (newline, tab, CR to spaces),
// which the statement's head after it gets.
func TestReviewX70StatementNameOnOneLine(t *testing.T) {
	st := split.Statement{Offset: 2339, Line: 52, Kind: split.KindDDL, Verb: "DROP TABLE", Table: "t;\nCREATE TABLE "}
	if got := split.Describe("d.sql", &st); strings.ContainsAny(got, "\n\r") {
		t.Errorf("split.Describe gives %q: not one line", got)
	}
}
