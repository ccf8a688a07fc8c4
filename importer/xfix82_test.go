package importer_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// x-fix82 (session 54): code run inside a transaction of dumpscope's own. Under
// mysqldump's UNIQUE_CHECKS=0 and FOREIGN_KEY_CHECKS=0 InnoDB takes the bulk path for a
// transaction whose first insert meets an empty table (replay/bulkpath.go), and a later
// statement of the same transaction that meets a duplicate (INSERT IGNORE, REPLACE, ON
// DUPLICATE KEY UPDATE, a failed INSERT under a CONTINUE HANDLER) makes it keep none of
// the bulk rows. The client runs a top-level block, a CALL or an EXECUTE statement by
// statement in autocommit; runBarrier used to wrap it in START TRANSACTION … progress
// row … COMMIT (x-fuzz8 finding A: TestXFuzz8BlockBulkPathIgnore).

// xf82Head is the dump's head: mysqldump's session, g empty, r holding ids 1 and 2; h
// with a trigger that runs the two statements in one (a single statement: the same in
// the client's autocommit).
const xf82Head = "/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;\n" +
	"/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;\n" +
	"CREATE DATABASE b8;\nUSE b8;\n" +
	"CREATE TABLE r (id int PRIMARY KEY) ENGINE=InnoDB;\n" +
	"CREATE TABLE g (n int AUTO_INCREMENT PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
	"CREATE TABLE h (id int PRIMARY KEY) ENGINE=InnoDB;\n" +
	"INSERT INTO r VALUES (1),(2);\n"

// xf82Cases are the code forms: each inserts into the empty g, then meets a duplicate in r.
var xf82Cases = map[string]string{
	"block ignore":   "DELIMITER //\nBEGIN NOT ATOMIC\n  INSERT INTO g (v) VALUES (7);\n  INSERT IGNORE INTO r VALUES (1);\nEND\n//\nDELIMITER ;\n",
	"block replace":  "DELIMITER //\nBEGIN NOT ATOMIC\n  INSERT INTO g (v) VALUES (7);\n  REPLACE INTO r VALUES (1);\nEND\n//\nDELIMITER ;\n",
	"block odku":     "DELIMITER //\nBEGIN NOT ATOMIC\n  INSERT INTO g (v) VALUES (7);\n  INSERT INTO r VALUES (1) ON DUPLICATE KEY UPDATE id = id;\nEND\n//\nDELIMITER ;\n",
	"block handler":  "DELIMITER //\nBEGIN NOT ATOMIC\n  DECLARE CONTINUE HANDLER FOR 1062 SET @e = 1;\n  INSERT INTO g (v) VALUES (7);\n  INSERT INTO r VALUES (1);\nEND\n//\nDELIMITER ;\n",
	"if block":       "DELIMITER //\nIF (SELECT COUNT(*) FROM r) = 2 THEN\n  INSERT INTO g (v) VALUES (7);\n  INSERT IGNORE INTO r VALUES (1);\nEND IF\n//\nDELIMITER ;\n",
	"call":           "DELIMITER //\nCREATE PROCEDURE p() BEGIN\n  INSERT INTO g (v) VALUES (7);\n  INSERT IGNORE INTO r VALUES (1);\nEND\n//\nDELIMITER ;\nCALL p();\n",
	"execute call":   "DELIMITER //\nCREATE PROCEDURE p() BEGIN\n  INSERT INTO g (v) VALUES (7);\n  INSERT IGNORE INTO r VALUES (1);\nEND\n//\nDELIMITER ;\nPREPARE s FROM 'CALL p()';\nEXECUTE s;\n",
	"immediate call": "DELIMITER //\nCREATE PROCEDURE p() BEGIN\n  INSERT INTO g (v) VALUES (7);\n  INSERT IGNORE INTO r VALUES (1);\nEND\n//\nDELIMITER ;\nEXECUTE IMMEDIATE 'CALL p()';\n",
	"trigger":        "DELIMITER //\nCREATE TRIGGER th AFTER INSERT ON h FOR EACH ROW BEGIN\n  INSERT INTO g (v) VALUES (NEW.id);\n  INSERT IGNORE INTO r VALUES (1);\nEND\n//\nDELIMITER ;\nINSERT INTO h VALUES (7);\n",
}

// xf82Tail follows the code: a row of g and a row of r after it.
const xf82Tail = "INSERT INTO g (v) VALUES (8);\nINSERT INTO r VALUES (3);\n"

// TestXFix82CodeBulkPath imports each form in --parallel 2, --parallel 2 --load-data and
// --checkpoint, uninterrupted, and compares with the client. Before the fix 18 of 27
// cases failed silently (g without its row 7: block ignore, block handler, if block,
// call, execute call, immediate call, in each mode); REPLACE and ON DUPLICATE KEY UPDATE
// (which keep the bulk rows) and the trigger (one statement, a transaction of its own for
// the client too) passed.
func TestXFix82CodeBulkPath(t *testing.T) {
	for name, code := range xf82Cases {
		dump := xf82Head + code + xf82Tail
		for mode, o := range map[string]importer.Options{
			"parallel 2": {Parallel: 2, BatchBytes: 2048},
			"load-data":  {Parallel: 2, BatchBytes: 2048, LoadData: true},
			"checkpoint": {CheckpointPath: filepath.Join(t.TempDir(), "journal")},
		} {
			t.Run(name+"/"+mode, func(t *testing.T) { importMatchesClient(t, dump, o, "b8") })
		}
	}
}

// TestXFix82CodeBulkPathKilled kills each form's import (resume, resume-load-data: the
// fuzzer's kill modes) at every point from the code on and resumes: the client's, or a
// refusal by name ("may be half applied") when the kill fell between the code's intent
// and its progress row. Before the fix 16 of 18 failed (62 kill points differed: the
// lost row of g as uninterrupted, and killed after the code ran, before its progress row,
// its transaction rolled back and the resume ran it again over the AUTO_INCREMENT it had
// taken: AUTO_INCREMENT=4 where the client has 3, REPLACE and ON DUPLICATE KEY UPDATE
// too); the trigger's passed.
func TestXFix82CodeBulkPathKilled(t *testing.T) {
	for name, code := range xf82Cases {
		script := xf82Head + code + xf82Tail
		from := int64(strings.Count(xf82Head, "\n") + 1)
		for _, mode := range []string{"resume", "resume-load-data"} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				for _, r := range killSweep(t, []byte(script), mode, func(k killPoint) bool { return k.line >= from }) {
					switch {
					case r.d != nil:
						t.Errorf("killed %v and resumed: %v", r.at, r.d)
					case r.refused != "":
						t.Logf("killed %v: refused: %s", r.at, r.refused)
					}
				}
			})
		}
	}
}

// TestXFix82CodeKilledChecksOn is TestXFix82CodeBulkPathKilled's block and CALL with the
// checks on (no mysqldump head): the code keeps running inside runBarrier's transaction.
// OPEN (x-fix82, 2 of 2 fail, SILENT): a kill after the code ran and before its
// progress row rolls it back, and the resume runs it again, over the AUTO_INCREMENT the
// rolled-back insert took: g's AUTO_INCREMENT=4 where the client has 3 (the re-dump's
// table option). A plain INSERT there is refused by name (lostCounter: "--resume cannot
// recreate the AUTO_INCREMENT counter"); code is not. Running code outside a transaction
// always (runsOutside without sessionChecks), or lostCounter for code, would settle it.
func TestXFix82CodeKilledChecksOn(t *testing.T) {
	reviewX(t)
	head := xf82Head[strings.Index(xf82Head, "CREATE DATABASE"):]
	for _, name := range []string{"block replace", "call"} {
		script := head + xf82Cases[name] + xf82Tail
		from := int64(strings.Count(head, "\n") + 1)
		t.Run(name, func(t *testing.T) {
			for _, r := range killSweep(t, []byte(script), "resume", func(k killPoint) bool { return k.line >= from }) {
				switch {
				case r.d != nil:
					t.Errorf("killed %v and resumed: %v", r.at, r.d)
				case r.refused != "":
					t.Logf("killed %v: refused: %s", r.at, r.refused)
				}
			}
		})
	}
}
