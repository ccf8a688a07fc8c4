package importer_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/stopmsg"
)

// TestTidy2ReadAheadNamesTextPart (x-tidy2): the --preflight-scan read-ahead lists what a
// DELIMITER text the server runs as several statements would overwrite, or change in a
// system schema, as the per-statement stop names it since x-fix70 (preflight.InTextOf,
// TestReviewX68OverwriteStopInsideText): at the text's start, saying which of its
// statements ("statement 2 of the 2 this DELIMITER text sends as one",
// stopmsg.InDelimiterText). The read-ahead named the part's offset (text + 1, a byte in
// the text's first line, no statement's start) without saying which (failed before: 2 of
// 2 lists).
func TestTidy2ReadAheadNamesTextPart(t *testing.T) {
	for _, c := range []struct {
		name, part, list string
	}{
		{"overwrite", "INSERT INTO other.k VALUES (2)", "INSERT INTO `other`.`k`"},
		{"system schema", "DELETE FROM mysql.proxies_priv WHERE 0", "DELETE FROM `mysql`.`proxies_priv`"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dump := "CREATE DATABASE fresh;\nUSE fresh;\nCREATE TABLE t (i INT PRIMARY KEY);\nDELIMITER ;;\nINSERT INTO t VALUES (1);\n" + c.part + "\n;;\nDELIMITER ;\n"
			text := strings.Index(dump, "INSERT INTO t")
			f := newSessionFixture(t, dump)
			f.exec("CREATE DATABASE IF NOT EXISTS other")
			f.exec("CREATE TABLE IF NOT EXISTS other.k (i INT PRIMARY KEY)")
			f.exec("INSERT IGNORE INTO other.k VALUES (1)") // rows: an empty table is no overwrite
			var log strings.Builder
			res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: f.path}, importer.Options{PreflightScan: true, Log: &log})
			if err == nil && res.Err == nil {
				t.Fatalf("the import ran; want the read-ahead's refusal\n%s", log.String())
			}
			want := fmt.Sprintf("%s (offset %d, line 5; %s)", c.list, text, stopmsg.InDelimiterText(2, 2))
			if !strings.Contains(log.String(), want) {
				t.Errorf("the read-ahead's list:\n%s\nwant a line holding %q", log.String(), want)
			}
			if got := f.query("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'fresh'"); got != "0" {
				t.Errorf("fresh exists after the read-ahead's refusal")
			}
		})
	}
}
