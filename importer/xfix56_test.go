package importer_test

import (
	"fmt"
	"strings"
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

// likeRowsAfterScript is seed 115003's shape (x-fuzz3's open over-refusal) cut to its
// cause: a temporary table made LIKE a real one (with an AUTO_INCREMENT column: LIKE
// takes no counter), written inside an XA transaction that commits, then rows of the
// real table; renamed, copied into another temporary table, read into sv.
const likeRowsAfterScript = "CREATE DATABASE fz0;\nUSE fz0;\n" + // 1-2
	"CREATE TABLE sv (name varchar(10), v varchar(100)) ENGINE=InnoDB;\n" + // 3
	"CREATE TABLE tk1 (id int NOT NULL AUTO_INCREMENT PRIMARY KEY, a int) ENGINE=InnoDB;\n" + // 4
	"INSERT INTO tk1 VALUES (1, 10), (2, 20);\n" + // 5
	"CREATE TEMPORARY TABLE tt LIKE tk1;\n" + // 6
	"XA START 'x1';\n" + // 7
	"INSERT INTO tt VALUES (1, 10), (2, 20);\n" + // 8
	"UPDATE tt SET a = a - 1;\n" + // 9
	"XA END 'x1';\nXA PREPARE 'x1';\nXA COMMIT 'x1';\n" + // 10-12
	"INSERT INTO tt (a) VALUES (30);\n" + // 13
	"INSERT INTO tk1 VALUES (100, 3);\n" + // 14
	"UPDATE tk1 SET a = a + 1;\n" + // 15
	"INSERT INTO tt (a) VALUES (40);\n" + // 16
	"ALTER TABLE tt RENAME tt2;\n" + // 17
	"CREATE TEMPORARY TABLE tt5 SELECT * FROM tt2;\n" + // 18
	"DROP TEMPORARY TABLE tt2;\n" + // 19
	"INSERT INTO tk1 VALUES (101, 4);\n" + // 20
	"INSERT INTO sv SELECT 'tmp', CONCAT_WS(' ', COUNT(*), SUM(a), MAX(id)) FROM tt5;\n" + // 21
	"DROP TEMPORARY TABLE tt5;\n" + // 22
	"INSERT INTO tk1 VALUES (102, 5);\n" // 23

// TestXFix56TemporaryLikeRowsAfter: killed anywhere after the XA transaction that wrote a
// temporary table made LIKE tk1, the resume refused "filled from `tk1`'s definition
// (CREATE … LIKE), which the interrupted run may have changed after it" where nothing
// changed tk1's definition: the skipped XA START counted as a write of any table
// (replay/memoryrisk.go mayWriteRows: XA statements other than ROLLBACK write nothing
// themselves), and so did the rows of tk1 after the LIKE (mayChangeDefinition: a LIKE
// takes the definition only). Before: 16 of its 32 points refused; now every point but
// those inside XA PREPARE … XA COMMIT (a prepared transaction left on the server:
// refused, as before) resumes as the client.
func TestXFix56TemporaryLikeRowsAfter(t *testing.T) {
	got := sweepClean(t, likeRowsAfterScript, "resume")
	for point, refused := range got {
		if refused != "" && point != "ran 11" && point != "before 12" {
			t.Errorf("%s: refused: %s; want the client's", point, refused)
		}
	}
	if len(got) < 30 {
		t.Errorf("%d points swept; want every statement's", len(got))
	}
}

// TestXFix56TemporaryLikeDefinitionChanged is the guard of TestXFix56TemporaryLikeRowsAfter:
// tk1's definition changed after the LIKE (an ALTER TABLE, a DROP and CREATE): the
// LIKE, sent again, takes the new one (a column more in tt5, and in cp made from it);
// killed after that change committed and before tt5 is dropped, the resume must refuse.
func TestXFix56TemporaryLikeDefinitionChanged(t *testing.T) {
	for name, change := range map[string]string{
		"alter":           "ALTER TABLE tk1 ADD COLUMN b int DEFAULT 7;\n",
		"drop and create": "DROP TABLE tk1;\nCREATE TABLE tk1 (id int NOT NULL AUTO_INCREMENT PRIMARY KEY, a int, b int DEFAULT 7) ENGINE=InnoDB;\n",
	} {
		t.Run(name, func(t *testing.T) {
			script := strings.Replace(likeRowsAfterScript, "INSERT INTO tk1 VALUES (100, 3);\n", change, 1)
			script = strings.Replace(script, "INSERT INTO tk1 VALUES (101, 4);\n", "CREATE TABLE cp SELECT * FROM tt5;\n", 1)
			script = strings.ReplaceAll(script, "INSERT INTO tt VALUES", "INSERT INTO tt (id, a) VALUES")
			script = strings.ReplaceAll(script, "INSERT INTO tk1 VALUES (102", "INSERT INTO tk1 (id, a) VALUES (102")
			got := sweepClean(t, script, "resume")
			after := lineOf(t, script, change) + int64(strings.Count(change, "\n"))
			refused := 0
			for point, why := range got {
				var kind string
				var line int64
				fmt.Sscanf(point, "%s %d", &kind, &line)
				if why != "" {
					refused++
				}
				if line > after && line <= after+5 && why == "" {
					t.Errorf("%s: the client's; want refused (tk1's definition changed after the LIKE)", point)
				}
			}
			if refused == 0 {
				t.Error("no point refused")
			}
		})
	}
}

// TestXFix56AlterDatabaseTemporary: an ALTER DATABASE while a temporary table is there,
// before the stop. Before, any ALTER DATABASE marked every temporary table rebuilt
// otherwise (plan/tempsources.go databaseDefaults) and the resume refused: one that
// changes only a comment, or another database's defaults, changes nothing the table
// holds or is made as ("comment", "other database": 2 of 2 failed before, over-refusal,
// loud). Still refused where the table's own database's default character set changes
// (named or the current one: the CREATE, sent again, takes the new default; silent if
// resumed). A temporary table made after the ALTER takes the new default at the client
// and at the resume alike ("made after": resumed, before as now).
func TestXFix56AlterDatabaseTemporary(t *testing.T) {
	const refused = "changed the database's default character set after the table was made"
	const fill = "INSERT INTO tt VALUES (1, 'Ωmega ✓');\n"
	for name, c := range map[string]struct{ ddl, after, refused string }{
		"comment":          {"SET sql_mode = '';\n" + x21TT, "ALTER DATABASE r15 COMMENT 'restored';\n", ""},
		"other database":   {"SET sql_mode = '';\nCREATE DATABASE r15b CHARACTER SET utf8mb4;\n" + x21TT, "ALTER DATABASE r15b CHARACTER SET latin1;\n", ""},
		"current, unnamed": {"SET sql_mode = '';\nALTER DATABASE r15 CHARACTER SET utf8mb4;\n" + x21TT, "ALTER DATABASE CHARACTER SET latin1;\n", refused},
		"named, collate":   {"SET sql_mode = '';\nALTER DATABASE r15 CHARACTER SET utf8mb4;\n" + x21TT, "ALTER SCHEMA `r15` DEFAULT COLLATE latin1_swedish_ci;\n", refused},
		"made after":       {"SET sql_mode = '';\nALTER DATABASE r15 CHARACTER SET latin1;\n" + x21TT, "", ""},
	} {
		t.Run(name, func(t *testing.T) {
			x15StopRefused(t, x21Temp(c.ddl, fill, c.after), c.refused)
		})
	}
}
