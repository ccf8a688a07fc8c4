package importer_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// partsText is a text the client sends whole under DELIMITER ;; and its server runs as
// five statements (CLIENT_MULTI_STATEMENTS): rows into t, a row into the keyless InnoDB
// lg (twice there if run again), a SET from the data, an UPDATE of the Aria a (v one too
// high if run again), and a row of the SET's value.
var partsText = []string{"INSERT INTO t VALUES (100,'p')", "INSERT INTO lg VALUES (1)", "SET @v = (SELECT COUNT(*) FROM t)", "UPDATE a SET v = v + 1", "INSERT INTO lg VALUES (@v)"}

func partsDump() string {
	return "SET NAMES utf8mb4;\nCREATE DATABASE ms;\nUSE ms;\n" +
		"CREATE TABLE t (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE lg (v int) ENGINE=InnoDB;\n" +
		"CREATE TABLE a (id int PRIMARY KEY, v int) ENGINE=Aria;\nINSERT INTO a VALUES (1, 1);\n" +
		x7Rows("t", 1, 41) + "DELIMITER ;;\n" + strings.Join(partsText, "; ") + ";;\nDELIMITER ;\n" +
		x7Rows("t", 200, 241) + "INSERT INTO lg VALUES (@v + 1000);\n"
}

// TestServerPartsFastModes (x-fix29): the fast modes refused a text that holds several
// statements for the server in one line (x-fix23); they run its parts as statements of
// their own, as the client's server does, and end with the client's database.
func TestServerPartsFastModes(t *testing.T) {
	dump := partsDump()
	for name, o := range map[string]importer.Options{
		"parallel":      {Parallel: 2, BatchBytes: 512},
		"load-data":     {LoadData: true, Parallel: 2},
		"defer-indexes": {DeferIndexes: true, Parallel: 2, BatchBytes: 512},
	} {
		t.Run(name, func(t *testing.T) { importMatchesClient(t, dump, o, "ms") })
	}
}

// TestServerPartsStopsAndKills (x-fix29): each part of partsText is its own progress
// unit (at the text's offset + its index), so a stop between two parts, or a kill right
// after one ran (before its progress row, or after an Aria write's "ran" marker), resumes
// at the first part that did not commit: lg, a and @v are the client's. Run again, the
// parts before would double lg's row or a's v; skipped, the ones after would be lost.
func TestServerPartsStopsAndKills(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := partsDump()
	for mode, o := range map[string]importer.Options{
		"parallel":  {Parallel: 2, BatchBytes: 512},
		"load-data": {LoadData: true, Parallel: 2},
	} {
		for i, part := range partsText {
			t.Run(mode+"/stop after part "+string(rune('0'+i)), func(t *testing.T) {
				partsResume(t, ref, srv, dump, o, func(o importer.Options, killed error) importer.Options {
					stop := make(chan struct{})
					o.Stop = stop
					o.OnStatement = func(_ context.Context, st *split.Statement) error {
						if string(st.SQL) == part {
							close(stop)
						}
						return nil
					}
					return o
				})
			})
			t.Run(mode+"/killed before part "+string(rune('0'+i)), func(t *testing.T) {
				partsResume(t, ref, srv, dump, o, func(o importer.Options, killed error) importer.Options {
					o.OnStatement = func(_ context.Context, st *split.Statement) error {
						if string(st.SQL) == part {
							return killed
						}
						return nil
					}
					return o
				})
			})
		}
		// Killed after the Aria UPDATE ran, before its marker: refused by name, as a
		// statement of its own is; told it was applied, the resume skips that part alone.
		t.Run(mode+"/killed after the Aria write", func(t *testing.T) {
			partsResume(t, ref, srv, dump, o, func(o importer.Options, killed error) importer.Options {
				return importer.WithAfterDDLHook(o, func(st *split.Statement) error {
					if string(st.SQL) == partsText[3] {
						return killed
					}
					return nil
				})
			})
		})
		t.Run(mode+"/killed after the Aria write's marker", func(t *testing.T) {
			partsResume(t, ref, srv, dump, o, func(o importer.Options, killed error) importer.Options {
				return importer.WithAfterMarkHook(o, func(st *split.Statement) error {
					if string(st.SQL) == partsText[3] {
						return killed
					}
					return nil
				})
			})
		})
	}
}

// partsResume imports dump with the client on ref, then with o and a checkpoint on srv,
// ended by what hook sets (a stop, or an error: a kill), resumes, and compares.
func partsResume(t *testing.T, ref, srv *sandbox.Server, dump string, o importer.Options, hook func(importer.Options, error) importer.Options) {
	t.Helper()
	partsResumeDBs(t, ref, srv, dump, o, []string{"ms"}, "", hook)
}

// partsResumeDBs is partsResume of the databases dbs (all dropped first); refusal, when
// set, is a refusal the resume may end with instead (one a statement of its own meets).
func partsResumeDBs(t *testing.T, ref, srv *sandbox.Server, dump string, o importer.Options, dbs []string, refusal string, hook func(importer.Options, error) importer.Options) {
	t.Helper()
	dir, path, cfg := clientFirst(t, ref, srv, dump, dbs...)
	want := redumps(t, ref, dbs...)
	ctx := context.Background()
	o.CheckpointPath, o.SkipWarningCount = filepath.Join(dir, "journal"), true
	killed := errors.New("killed at the hook")
	res, err := importer.Import(ctx, cfg, importer.Source{Path: path}, hook(o, killed))
	if err != nil || (res.Status != importer.Interrupted && !errors.Is(res.Err, killed)) {
		t.Fatalf("first run: %v, %v; want it stopped or killed at the hook", res, err)
	}
	o.Resume = true
	var log strings.Builder
	o.Log = &log
	res, err = importer.Import(ctx, cfg, importer.Source{Path: path}, o)
	if err == nil && res.Err != nil {
		err = res.Err
	}
	if err != nil && strings.Contains(err.Error(), "may be half applied") {
		// The Aria UPDATE, killed after it ran and before its marker: named, with the
		// part's own offset (the text's + 3), which --resume-applied takes.
		at := int64(strings.Index(dump, partsText[0]) + 3)
		if !strings.Contains(err.Error(), fmt.Sprintf("offset %d, line 11: UPDATE", at)) || !strings.Contains(err.Error(), fmt.Sprintf("--resume-applied %d;", at)) {
			t.Fatalf("resume: %v; want the UPDATE, the text's fourth part, named", err)
		}
		o.ResumeApplied = []int64{at}
		res, err = importer.Import(ctx, cfg, importer.Source{Path: path}, o)
		if err == nil && res.Err != nil {
			err = res.Err
		}
	}
	if err != nil && refusal != "" && strings.Contains(err.Error(), refusal) {
		return // the refusal a statement of its own meets there too
	}
	if err != nil || res.Status != importer.Finished {
		t.Fatalf("resume: %v, %v\n%s", res, err, log.String())
	}
	if have := redumps(t, srv, dbs...); have != want {
		t.Errorf("after the first run and the resume the re-dump differs from the client's:\n%s\n%s", cmp.Diff(want, have), log.String())
	}
}

// TestServerPartsForce (x-fix29): under --force the client's server ends a text at its
// first error: the parts after it never run (row 3), and the client goes on with the next
// text (row 4). A part that re-split alone reads as a client command (exit, delimiter x)
// is the server's text: ERROR 1064, and the next text runs. The serial replay ran row 3
// and quit at the exit; the fast modes refused the texts.
func TestServerPartsForce(t *testing.T) {
	dump := "CREATE DATABASE m;\nUSE m;\nCREATE TABLE t (id int PRIMARY KEY) ENGINE=InnoDB;\n" +
		"DELIMITER ;;\nINSERT INTO t VALUES (1); INSERT INTO t VALUES (1); INSERT INTO t VALUES (3);;\n" +
		"INSERT INTO t VALUES (9); exit;;\nINSERT INTO t VALUES (10); delimiter x;;\nDELIMITER ;\nINSERT INTO t VALUES (4);\n"
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	cmd := exec.Command(testsandbox.RequireTool(t, "mariadb"), append(ref.ClientArgs(), "--force")...)
	cmd.Stdin = strings.NewReader(dump)
	if out, err := cmd.CombinedOutput(); !strings.Contains(string(out), "ERROR 1064 (42000) at line 6") {
		t.Fatalf("client: %v: %s", err, out)
	}
	want := redumps(t, ref, "m")
	path := writeFile(t, "d.sql", []byte(dump))
	for name, o := range map[string]importer.Options{
		"serial":     {},
		"parallel":   {Parallel: 2, BatchBytes: 512},
		"load-data":  {LoadData: true, Parallel: 2},
		"checkpoint": checkpointed(t),
	} {
		t.Run(name, func(t *testing.T) {
			o.Force = true
			conn, err := sql.Open("mysql", srv.DSN(""))
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range []string{"DROP DATABASE IF EXISTS m", "DROP DATABASE IF EXISTS dumpscope_progress"} {
				if _, err := conn.Exec(q); err != nil {
					t.Fatal(err)
				}
			}
			conn.Close()
			res, err := tryImport(t, srv, "", importer.Source{Path: path}, o)
			if err != nil || res.Status != importer.Finished || res.Replay.Errors != 3 {
				t.Fatalf("%v, %v; want it finished with the client's 3 errors", res, err)
			}
			sameDump(t, name, want, redumps(t, srv, "m"))
		})
	}
}

// TestServerPartsShapes (x-fix29): texts of several statements in the shapes a script
// writes them: a transaction in one text, a reader of the part before it (ROW_COUNT,
// warnings), a CREATE TABLE with its rows (--defer-indexes holds its key back), parts
// under the dump's LOCK TABLES, a USE, autocommit=0, session values. The oracle is the
// same dump with the parts written as statements of their own: stopped at the same part,
// in each fast mode, both must end alike, with the client's database or the same
// refusal (a reader of the part before it is refused in both, a resume that must replay
// a reloaded Aria table's UPDATE too), and never with another database.
func TestServerPartsShapes(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	head := "SET NAMES utf8mb4;\nCREATE DATABASE ms;\nUSE ms;\nCREATE TABLE lg (v int) ENGINE=InnoDB;\nCREATE TABLE a (id int PRIMARY KEY, v int) ENGINE=Aria;\nINSERT INTO a VALUES (1, 1);\n"
	for name, parts := range map[string][]string{
		"transaction":   {"START TRANSACTION", "INSERT INTO lg VALUES (1)", "INSERT INTO a VALUES (2, 2)", "INSERT INTO lg VALUES (2)", "COMMIT"},
		"row count":     {"INSERT INTO lg VALUES (3), (4)", "SELECT ROW_COUNT() INTO @r", "INSERT INTO lg VALUES (@r)"},
		"warnings":      {"SET @d = CAST('5x' AS SIGNED)", "SELECT @@warning_count INTO @w", "INSERT INTO lg VALUES (@w + 100)"},
		"create, rows":  {"CREATE TABLE k (id int PRIMARY KEY, b int, KEY kb (b)) ENGINE=InnoDB", "INSERT INTO k VALUES (1, 1), (2, 2)", "ALTER TABLE k ADD COLUMN c int", "INSERT INTO k VALUES (3, 3, 3)"},
		"locked":        {"LOCK TABLES lg WRITE, a WRITE", "INSERT INTO lg VALUES (7)", "UPDATE a SET v = v + 10", "UNLOCK TABLES"},
		"use":           {"CREATE DATABASE ms2", "USE ms2", "CREATE TABLE u (id int) ENGINE=InnoDB", "INSERT INTO u VALUES (1)", "USE ms"},
		"autocommit 0":  {"SET autocommit = 0", "INSERT INTO lg VALUES (8)", "UPDATE a SET v = v + 20", "COMMIT", "SET autocommit = 1"},
		"session value": {"SET @s = (SELECT COUNT(*) FROM lg)", "SET SESSION sql_mode = 'NO_ENGINE_SUBSTITUTION'", "INSERT INTO lg VALUES (@s + 1000)"},
		// SETs that leave the quoting as it was, then backslashes (x-fix40: PartsUnsure by
		// the value set).
		"names, backslash": {"SET NAMES utf8mb4", "INSERT INTO lg VALUES (LENGTH('O\\'Br;en'))", "SET SESSION sql_mode = 'NO_ENGINE_SUBSTITUTION'", "INSERT INTO lg VALUES (LENGTH('C:\\\\x;'))"},
	} {
		dumpOf := func(middle string) string {
			return head + "CREATE TABLE t (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + x7Rows("t", 1, 41) + middle + x7Rows("t", 200, 241) + "INSERT INTO lg VALUES (1000000);\n"
		}
		text := dumpOf("DELIMITER ;;\n" + strings.Join(parts, "; ") + ";;\nDELIMITER ;\n")
		separate := dumpOf(strings.Join(parts, ";\n") + ";\n")
		dbs := []string{"ms"}
		if name == "use" {
			dbs = append(dbs, "ms2")
		}
		for mode, o := range map[string]importer.Options{
			"parallel":      {Parallel: 2, BatchBytes: 512},
			"load-data":     {LoadData: true, Parallel: 2},
			"defer-indexes": {DeferIndexes: true, Parallel: 2, BatchBytes: 512},
		} {
			for i, part := range parts {
				t.Run(name+"/"+mode+"/stop after part "+string(rune('0'+i)), func(t *testing.T) {
					stopAt := func(o importer.Options, _ error) importer.Options {
						stop := make(chan struct{})
						o.Stop = stop
						o.OnStatement = func(_ context.Context, st *split.Statement) error {
							if string(st.SQL) == part {
								select {
								case <-stop:
								default:
									close(stop)
								}
							}
							return nil
						}
						return o
					}
					got := partsOutcome(t, ref, srv, text, o, dbs, stopAt)
					want := ""
					if !strings.HasPrefix(part, "USE") { // the client's use command passes no OnStatement
						want = partsOutcome(t, ref, srv, separate, o, dbs, stopAt)
					}
					if got != want || got == "differs" {
						t.Fatalf("the text of %d statements ended with %q; written as statements of their own, %q", len(parts), got, want)
					}
				})
			}
		}
	}
}

// partsOutcome imports dump with the client on ref, then with o and a checkpoint on srv,
// ended by what hook sets, resumes, and says how it ended: "" with the client's
// databases dbs, "differs" with others, else the error, its offset and line left out.
func partsOutcome(t *testing.T, ref, srv *sandbox.Server, dump string, o importer.Options, dbs []string, hook func(importer.Options, error) importer.Options) string {
	t.Helper()
	dir, path, cfg := clientFirst(t, ref, srv, dump, dbs...)
	want := redumps(t, ref, dbs...)
	ctx := context.Background()
	o.CheckpointPath, o.SkipWarningCount = filepath.Join(dir, "journal"), true
	res, err := importer.Import(ctx, cfg, importer.Source{Path: path}, hook(o, errors.New("killed")))
	if err == nil && res.Err != nil && res.Status != importer.Interrupted {
		err = res.Err
	}
	if err != nil {
		return "first run: " + placeless(err.Error(), path)
	}
	if res.Status == importer.Interrupted {
		o.Resume = true
		res, err = importer.Import(ctx, cfg, importer.Source{Path: path}, o)
		if err == nil && res.Err != nil {
			err = res.Err
		}
		if err != nil {
			return "resume: " + placeless(err.Error(), path)
		}
	}
	if redumps(t, srv, dbs...) != want {
		return "differs"
	}
	return ""
}

// placeless is msg without the dump's path and the offsets and lines it names.
func placeless(msg, path string) string {
	msg = strings.ReplaceAll(msg, path, "")
	return placeRE.ReplaceAllString(msg, "")
}

var placeRE = regexp.MustCompile(`(offset|line|--resume-applied) \d+`)

// TestServerPartsUnsureRefused (x-fix29): the server reads each part of a text after the
// one before it ran: after `SET sql_mode='NO_BACKSLASH_ESCAPES'` in the text, a backslash
// in a later part no longer escapes a quote, and the server cuts `INSERT … ('a\');
// INSERT … ('b')` in two where dumpscope, cutting every part before any runs, read one
// string (checked with mariadb 10.11: the client's inserts a\ and b). Such a text, a part
// that may change sql_mode or the character set before one with a backslash or a
// non-ASCII byte, is refused by name in every mode, the serial one too.
func TestServerPartsUnsureRefused(t *testing.T) {
	srv := testsandbox.Start(t)
	dump := "CREATE DATABASE mu;\nUSE mu;\nCREATE TABLE t (v varchar(40)) ENGINE=InnoDB;\nDELIMITER ;;\n" +
		"SET sql_mode = 'NO_BACKSLASH_ESCAPES'; INSERT INTO t VALUES ('a\\\\b');;\nDELIMITER ;\n"
	for name, o := range map[string]importer.Options{"serial": {}, "parallel": {Parallel: 2, BatchBytes: 512}, "checkpoint": checkpointed(t)} {
		t.Run(name, func(t *testing.T) {
			conn, err := sql.Open("mysql", srv.DSN(""))
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range []string{"DROP DATABASE IF EXISTS mu", "DROP DATABASE IF EXISTS dumpscope_progress"} {
				if _, err := conn.Exec(q); err != nil {
					t.Fatal(err)
				}
			}
			conn.Close()
			res, err := tryImport(t, srv, "", importer.Source{Path: writeFile(t, "d.sql", []byte(dump))}, o)
			if err == nil {
				err = res.Err
			}
			if err == nil || !strings.Contains(err.Error(), "line 5:") || !strings.Contains(err.Error(), "could cut them elsewhere") {
				t.Fatalf("%v; want the text at line 5 refused", err)
			}
		})
	}
}
