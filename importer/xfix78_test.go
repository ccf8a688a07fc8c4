package importer_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// Stop 51's leftovers (branch x-fix78, session 52): top-level compound statements that
// read ROW_COUNT()/FOUND_ROWS() or set session variables, MERGE tables on resume,
// sequences moved by DEFAULT.

// x78Blocks are the top-level compound statements (plan.CompoundStatement) whose body
// reads what the statement before them left: %s is the reading statement.
var x78Blocks = map[string]string{
	"not atomic": "BEGIN NOT ATOMIC %s; END",
	"if":         "IF 1 THEN %s; END IF",
	"for":        "FOR i IN 1..1 DO %s; END FOR",
	"while":      "WHILE @w IS NULL DO SET @w = 1; %s; END WHILE",
	"case":       "CASE WHEN 1 THEN %s; END CASE",
	"repeat":     "REPEAT %s; UNTIL 1 END REPEAT",
	"loop":       "BEGIN NOT ATOMIC l: LOOP %s; LEAVE l; END LOOP; END",
}

// TestXFix78BlockReadsRowCount: a top-level compound statement whose body reads
// ROW_COUNT() (or FOUND_ROWS()) right after a row INSERT, a DELETE of no row or a
// SELECT SQL_CALC_FOUND_ROWS: rr.log must hold what the client's holds, or the run
// refuses in one line naming ROW_COUNT. The block runs on the control connection, where
// dumpscope's own statements (progress rows, warning counts) ran since the statement
// before it, itself perhaps sent on a worker.
func TestXFix78BlockReadsRowCount(t *testing.T) {
	const head = "CREATE DATABASE rr;\nUSE rr;\nCREATE TABLE log (seq int AUTO_INCREMENT PRIMARY KEY, what varchar(60), n bigint);\n" +
		"CREATE TABLE t (id int PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO t VALUES (100), (101);\n"
	befores := map[string]string{
		"insert 3": "INSERT INTO t VALUES (1), (2), (3);\n",
		"delete 0": "DELETE FROM t WHERE id > 1000;\n",
		"found 2":  "SELECT SQL_CALC_FOUND_ROWS id FROM t LIMIT 1;\nINSERT INTO t VALUES (7);\n",
	}
	reads := map[string]string{
		"insert 3": "INSERT INTO log (what, n) VALUES ('row_count', ROW_COUNT())",
		"delete 0": "INSERT INTO log (what, n) VALUES ('row_count', ROW_COUNT())",
		"found 2":  "INSERT INTO log (what, n) VALUES ('found_rows', FOUND_ROWS())",
	}
	f := newSessionFixture(t, "")
	const logQuery = "SELECT CONCAT(what, ' = ', n) FROM rr.log ORDER BY seq"
	for block, form := range x78Blocks {
		for before, stmt := range befores {
			dump := head + stmt + "DELIMITER ;;\n" + strings.Replace(form, "%s", reads[before], 1) + ";;\nDELIMITER ;\n" +
				"INSERT INTO t VALUES (50);\nINSERT INTO log (what, n) VALUES ('end', 0);\n"
			if err := os.WriteFile(f.path, []byte(dump), 0o600); err != nil {
				t.Fatal(err)
			}
			f.exec("DROP DATABASE IF EXISTS rr")
			f.client()
			want := f.query(logQuery)
			if !strings.Contains(want, " = ") || strings.Count(want, "=") < 2 {
				t.Fatalf("%s/%s: the client's rr.log: %q", block, before, want)
			}
			for mode, o := range map[string]importer.Options{
				"parallel 2": {Parallel: 2, BatchBytes: 512},
				"load-data":  {Parallel: 2, BatchBytes: 512, LoadData: true},
				"checkpoint": {CheckpointPath: filepath.Join(t.TempDir(), "journal")},
			} {
				t.Run(block+"/"+before+"/"+mode, func(t *testing.T) {
					f.exec("DROP DATABASE IF EXISTS rr")
					f.exec("DROP DATABASE IF EXISTS dumpscope_progress")
					var log strings.Builder
					o.Log = &log
					res, err := importer.Import(t.Context(), f.cfg, importer.Source{Path: f.path}, o)
					if err == nil && res != nil {
						err = res.Err
					}
					if err != nil {
						if msg := err.Error(); strings.Contains(msg, "may read ROW_COUNT") && !strings.Contains(msg, "\n") {
							t.Logf("refused: %s", msg)
							return // refused in one line
						}
						t.Fatalf("import: %v", err)
					}
					if got := f.query(logQuery); got != want {
						t.Errorf("dumpscope:  %s\nthe client: %s", got, want)
					}
				})
			}
		}
	}
}

// x78SessionBlocks are top-level compound statements that set session variables, then
// rows that show them (a TIMESTAMP stored under the block's time_zone, the variables
// themselves).
var x78SessionBlocks = map[string]string{
	"not atomic": "BEGIN NOT ATOMIC SET @@session.sql_mode = 'NO_ENGINE_SUBSTITUTION,ANSI'; SET SESSION time_zone = '+05:00'; END",
	"if names":   "IF 1 THEN SET NAMES latin1; SET time_zone = '+05:00'; END IF",
	"for":        "FOR i IN 1..1 DO SET @@time_zone = '+05:00', SESSION div_precision_increment = 9; END FOR",
}

func x78SessionScript(block string) string {
	return "CREATE DATABASE x61;\nUSE x61;\nCREATE TABLE pt1 (id INT PRIMARY KEY, v VARCHAR(400), ts TIMESTAMP NULL) ENGINE=InnoDB;\n" +
		"DELIMITER ;;\n" + block + ";;\nDELIMITER ;\n" +
		"INSERT INTO pt1 VALUES (520,'r520', NULL);\n" +
		"INSERT INTO pt1 VALUES (521, @@session.time_zone, '2020-01-01 00:00:00');\n" +
		"INSERT INTO pt1 VALUES (522, CONCAT_WS('/', @@session.sql_mode, IF(@@character_set_client = 'latin1', 'latin1', 'other'), @@div_precision_increment, 1/3), NULL);\n" +
		"INSERT INTO pt1 VALUES (523, 'x', '2021-06-01 12:00:00');\n"
}

// TestXFix78BlockSessionVarsResumed: a top-level compound statement that sets session
// variables (sql_mode, time_zone, NAMES, div_precision_increment), killed at every point
// after it and resumed (--checkpoint): the resume's new session must have them as the
// client's connection had, or the resume refuses in one line.
func TestXFix78BlockSessionVarsResumed(t *testing.T) {
	for name, block := range x78SessionBlocks {
		t.Run(name, func(t *testing.T) {
			script := x78SessionScript(block)
			x61Sweep(t, script, "INSERT INTO pt1 VALUES (520")
		})
	}
}

// TestXFix78BlockSessionVarsParallel: the same blocks under --parallel 2 and --load-data
// without a kill: the rows after the block are the client's.
func TestXFix78BlockSessionVarsParallel(t *testing.T) {
	for name, block := range x78SessionBlocks {
		for mode, o := range map[string]importer.Options{
			"parallel 2": {Parallel: 2, BatchBytes: 512},
			"load-data":  {Parallel: 2, BatchBytes: 512, LoadData: true},
		} {
			t.Run(name+"/"+mode, func(t *testing.T) { sessionMatchesClient(t, x78SessionScript(block), "x61", o, "", "") })
		}
	}
}

// x78MergeSetup is a target holding other.k, a MyISAM table with one row, which a MERGE
// table of the dump's may be over.
var x78MergeSetup = []string{
	"DROP DATABASE IF EXISTS fresh", "DROP DATABASE IF EXISTS other", "DROP DATABASE IF EXISTS dumpscope_progress",
	"CREATE DATABASE other", "CREATE TABLE other.k (i int) ENGINE=MyISAM", "INSERT INTO other.k VALUES (1)",
}

// TestXFix78ResumeForgetsMerge: the dump makes fresh.m, a MERGE table over other.k (the
// target's), fills fresh.t, then writes a row into m. Without --overwrite the write is
// refused (x-fix74); stopped in t's rows and resumed, the resume skipped the CREATE
// TABLE m that told the check what m is over: other.k must still hold 1 alone.
func TestXFix78ResumeForgetsMerge(t *testing.T) {
	f := newSessionFixture(t, "")
	for name, create := range map[string]string{
		"create":     "CREATE TABLE m (i int) ENGINE=MERGE UNION=(other.k) INSERT_METHOD=LAST;\n",
		"alter":      "CREATE TABLE m (i int) ENGINE=MyISAM;\nALTER TABLE m ENGINE=MERGE UNION=(other.k) INSERT_METHOD=LAST;\n",
		"mrg_myisam": "CREATE TABLE m (i int) ENGINE=MRG_MyISAM UNION=(`other`.`k`) INSERT_METHOD=FIRST;\n",
	} {
		dump := "CREATE DATABASE fresh;\nUSE fresh;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(40));\n" + create +
			rowsOf("t", 0, 50) + rowsOf("t", 50, 100) + "INSERT INTO m VALUES (9);\n" + rowsOf("t", 100, 150)
		for mode, o := range x24ResumeModes {
			t.Run(name+"/"+mode, func(t *testing.T) {
				for _, q := range x78MergeSetup {
					f.exec(q)
				}
				err, log := x78StopResume(t, f, dump, "INSERT INTO t VALUES (50,", o)
				if got := f.query("SELECT GROUP_CONCAT(i ORDER BY i) FROM other.k"); got != "1" {
					t.Errorf("other.k holds %q after the stop and --resume, want 1; resume: %v\n%s", got, err, log)
				}
			})
		}
	}
}

// TestXFix78ResumeMergeOverwrite: TestXFix78ResumeForgetsMerge's dump with --overwrite,
// stopped and resumed: the row goes into other.k through m, as the client's does.
func TestXFix78ResumeMergeOverwrite(t *testing.T) {
	f := newSessionFixture(t, "")
	dump := "CREATE DATABASE fresh;\nUSE fresh;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(40));\n" +
		"CREATE TABLE m (i int) ENGINE=MERGE UNION=(other.k) INSERT_METHOD=LAST;\n" +
		rowsOf("t", 0, 50) + rowsOf("t", 50, 100) + "INSERT INTO m VALUES (9);\nINSERT INTO m SELECT i + 10 FROM m;\n" + rowsOf("t", 100, 150)
	for mode, o := range x24ResumeModes {
		t.Run(mode, func(t *testing.T) {
			for _, q := range x78MergeSetup {
				f.exec(q)
			}
			o.Overwrite = true
			err, log := x78StopResume(t, f, dump, "INSERT INTO t VALUES (50,", o)
			if got := f.query("SELECT GROUP_CONCAT(i ORDER BY i) FROM other.k"); err != nil || got != "1,9,11,19" {
				t.Errorf("other.k holds %q after the stop and --resume --overwrite, want 1,9,11,19; resume: %v\n%s", got, err, log)
			}
		})
	}
}

// x78StopResume is x24StopResume on a target the caller set up.
func x78StopResume(t *testing.T, f *sessionFixture, dump, stopAt string, o importer.Options) (error, string) {
	t.Helper()
	path := writeFile(t, "d.sql", []byte(dump))
	o.CheckpointPath = filepath.Join(t.TempDir(), "journal")
	var log strings.Builder
	o.Log = &log
	res, err := importer.Import(t.Context(), f.cfg, importer.Source{Path: path}, stopAfter(lineOf(t, dump, stopAt), o))
	if err != nil || res.Status != importer.Interrupted {
		t.Fatalf("first run: %v, %v\n%s", res, err, log.String())
	}
	o.Resume = true
	res, err = importer.Import(t.Context(), f.cfg, importer.Source{Path: path}, o)
	if err == nil && res.Status != importer.Finished {
		err = res.Err
	}
	return err, log.String()
}

// x78MergeScript makes MyISAM tables a and b and a MERGE table m over them, and writes
// rows into each, and into m, around the kill points; x78.log keeps what m counts.
const x78MergeScript = "CREATE DATABASE x78;\nUSE x78;\nCREATE TABLE log (what varchar(10), n bigint) ENGINE=InnoDB;\n" +
	"CREATE TABLE a (i int, v varchar(20)) ENGINE=MyISAM;\nCREATE TABLE b (i int, v varchar(20)) ENGINE=MyISAM;\n" +
	"CREATE TABLE m (i int, v varchar(20)) ENGINE=MERGE UNION=(a,b) INSERT_METHOD=LAST;\n" +
	"INSERT INTO a VALUES (1,'a1'),(2,'a2');\nINSERT INTO m VALUES (3,'m3');\nINSERT INTO m VALUES (4,'m4'),(5,'m5');\n" +
	"INSERT INTO b VALUES (6,'b6');\nINSERT INTO log SELECT 'c1', COUNT(*) FROM m;\nINSERT INTO m VALUES (7,'m7');\n" +
	"DELETE FROM m WHERE i = 2;\nINSERT INTO a VALUES (8,'a8');\nINSERT INTO log SELECT 'c2', COUNT(*) FROM m;\nINSERT INTO m VALUES (9,'m9');\n"

// TestXFix78MergeResumed: the dump's own MERGE table (no target table under it), killed
// at every point after its CREATE and resumed, with the rows into it after the resume
// point (--resume, --resume --load-data, the latter with --overwrite as the fuzzer's
// non-empty modes run): the database is the client's.
func TestXFix78MergeResumed(t *testing.T) {
	for _, mode := range []string{"resume", "resume-load-data"} {
		t.Run(mode, func(t *testing.T) {
			line := lineOfText(x78MergeScript, "INSERT INTO a VALUES (1,")
			differ := 0
			for _, r := range killSweep(t, []byte(x78MergeScript), mode, func(k killPoint) bool { return k.line >= line }) {
				if r.d != nil {
					differ++
					t.Errorf("killed %v and resumed: %v", r.at, r.d)
				} else if r.refused != "" {
					t.Logf("killed %v: refused: …%s", r.at, r.refused[max(0, len(r.refused)-260):])
				}
			}
			t.Logf("%s: %d kill points differ", mode, differ)
		})
	}
}

// TestXFix78SequenceByDefaultWord: rows into the target's empty table other.e, or the
// dump's LIKE copy of other.k2, whose id is DEFAULT NEXTVAL(other.s), that write DEFAULT
// explicitly (VALUES (DEFAULT, …), INSERT … SET id = DEFAULT, an UPDATE of the copy's
// rows to DEFAULT) or LOAD DATA with a column list leaving id out, a file of fewer
// fields than columns too: the server takes a value of other.s for each. Without
// --overwrite other.s must not move (refused naming the sequence).
func TestXFix78SequenceByDefaultWord(t *testing.T) {
	f := newSessionFixture(t, "")
	file := writeFile(t, "rows.txt", []byte("1\n2\n"))
	setup := []string{"CREATE DATABASE other", "CREATE SEQUENCE other.s START WITH 1 NOCACHE",
		"CREATE TABLE other.e (id int DEFAULT NEXTVAL(other.s), v int)",
		"CREATE TABLE other.k2 (id int DEFAULT NEXTVAL(other.s), v int)", "INSERT INTO other.k2 VALUES (0, 0)"}
	const like = "CREATE DATABASE fresh;\nUSE fresh;\nCREATE TABLE c LIKE other.k2;\n"
	for name, dump := range map[string]string{
		"values default":      "USE other;\nINSERT INTO e VALUES (DEFAULT, 1);\n",
		"second row default":  "USE other;\nINSERT INTO e VALUES (5, 1), (DEFAULT, 2);\n",
		"named default":       "USE other;\nINSERT INTO e (id, v) VALUES (DEFAULT, 1);\n",
		"set default":         "USE other;\nINSERT INTO e SET id = DEFAULT, v = 1;\n",
		"default function":    "USE other;\nINSERT INTO e VALUES (DEFAULT(id), 1);\n",
		"like values default": like + "INSERT INTO c VALUES (DEFAULT, 1);\n",
		"like update default": like + "INSERT INTO c VALUES (7, 1);\nUPDATE c SET id = DEFAULT;\n",
		"load data list":      "USE other;\nLOAD DATA LOCAL INFILE '" + file + "' INTO TABLE e (v);\n",
		"load data short":     "USE other;\nLOAD DATA LOCAL INFILE '" + file + "' INTO TABLE e;\n",
	} {
		for mode, o := range x25Modes() {
			t.Run(name+"/"+mode, func(t *testing.T) {
				o.LocalInfile = true
				log := x25Import(t, f, setup, dump, o)
				if got := f.query("SELECT next_not_cached_value FROM other.s"); got != "1" {
					t.Errorf("other.s next_not_cached_value %q, want 1 (not moved without --overwrite); %s", got, log)
				} else if !strings.Contains(log, "`other`.`s`") {
					t.Logf("not refused: %s", log)
				}
			})
		}
	}
	// DEFAULT of the other column: the sequence's column is given, nothing moves.
	for name, dump := range map[string]string{
		"listed other default": "USE other;\nINSERT INTO e (id, v) VALUES (5, DEFAULT), (6, 2);\n",
		"set other default":    "USE other;\nINSERT INTO e SET id = 5, v = DEFAULT;\n",
	} {
		t.Run(name, func(t *testing.T) {
			if log := x25Import(t, f, setup, dump, importer.Options{}); !strings.HasPrefix(log, "import: <nil>") {
				t.Errorf("refused: %s", log)
			}
		})
	}
	log := x25Import(t, f, setup, "USE other;\nINSERT INTO e VALUES (DEFAULT, 1);\n", importer.Options{})
	if want := "with DEFAULT for column `id`, whose DEFAULT moves the target's sequence `other`.`s`"; !strings.Contains(log, want) || strings.Count(strings.SplitN(log, "\n", 2)[0], "\n") > 0 {
		t.Errorf("refusal without %q: %s", want, log)
	}
}

// TestXFix78SequenceInvisibleDefault: the target's empty other.e whose id is INVISIBLE
// DEFAULT NEXTVAL(other.s): a row without a column list leaves id out, and the server
// takes a value of other.s for it. Without --overwrite other.s must not move; a row
// naming id passes.
func TestXFix78SequenceInvisibleDefault(t *testing.T) {
	f := newSessionFixture(t, "")
	setup := []string{"CREATE DATABASE other", "CREATE SEQUENCE other.s START WITH 1 NOCACHE",
		"CREATE TABLE other.e (v int, id int INVISIBLE DEFAULT NEXTVAL(other.s))"}
	for mode, o := range x25Modes() {
		t.Run(mode, func(t *testing.T) {
			log := x25Import(t, f, setup, "USE other;\nINSERT INTO e VALUES (1),(2);\n", o)
			if got := f.query("SELECT next_not_cached_value FROM other.s"); got != "1" {
				t.Errorf("other.s next_not_cached_value %q, want 1 (not moved without --overwrite); %s", got, log)
			}
			if log := x25Import(t, f, setup, "USE other;\nINSERT INTO e (v, id) VALUES (1, 5);\n", o); !strings.HasPrefix(log, "import: <nil>") {
				t.Errorf("refused: %s", log)
			}
		})
	}
}
