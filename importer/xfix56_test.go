package importer_test

import (
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestXFix56DroppedDatabaseRows: past a skipped `USE d9; DROP DATABASE d9; CREATE
// DATABASE d9` (the client's session has no current database, the resume's is d9) the
// resume sends literal rows into a table their INSERT qualifies when nothing of the
// table reads the current database (replay/resumelost.go databaseFreeRows), and still
// refuses where something does: rows that call DATABASE() themselves (NULL at the client,
// 'd9' at the resume: silent if sent), a trigger whose body names it (refused whatever
// the trigger reads: the check reads words, not what the trigger runs); a column
// DEFAULT (DATABASE()) is x-fix55's guard case (MariaDB refuses DATABASE() in a
// generated column: ERROR 1901). The stop line is the first run's last: the resume
// starts at the second INSERT. "column list" was refused before (over-refusal, loud,
// 2 of its 2 subtests), as x-fix55's "qualified rows" was (2 of 2).
func TestXFix56DroppedDatabaseRows(t *testing.T) {
	const drop = "CREATE DATABASE d9;\nUSE d9;\nDROP DATABASE d9;\nCREATE DATABASE d9;\n"
	const refused = "--resume cannot go on past this DROP DATABASE of the current database"
	const trigger = "DELIMITER ;;\nCREATE TRIGGER r15.ut BEFORE INSERT ON r15.u FOR EACH ROW SET NEW.v = IFNULL(DATABASE(), 'none');;\nDELIMITER ;\n"
	for name, c := range map[string]struct{ table, rows, refused string }{
		"column list": {"CREATE TABLE r15.u (id int PRIMARY KEY, v varchar(40), w varchar(64) DEFAULT 'w') ENGINE=InnoDB;\n", colRows("r15.u", 0, 50) + colRows("r15.u", 50, 100), ""},
		"rows call":   {"CREATE TABLE r15.u (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n", rowsOf("r15.u", 0, 50) + "INSERT INTO r15.u VALUES (50, IFNULL(DATABASE(), 'none'));\n", refused},
		"trigger":     {"CREATE TABLE r15.u (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + trigger, rowsOf("r15.u", 0, 50) + rowsOf("r15.u", 50, 100), refused},
	} {
		for mode, o := range map[string]importer.Options{"parallel 2": {Parallel: 2, BatchBytes: 512}, "serial checkpoint": {}} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				dump := x15Head + "CREATE TABLE lg (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB;\n" + drop + c.table + c.rows +
					"USE r15;\nINSERT INTO lg VALUES (1, IFNULL(DATABASE(), 'none'));\n"
				ref, srv := testsandbox.Start(t), testsandbox.Start(t)
				runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, "INSERT INTO r15.u "), opt: o, refused: c.refused})
			})
		}
	}
}
