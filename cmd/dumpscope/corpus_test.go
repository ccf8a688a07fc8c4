package main

import (
	"bytes"
	"compress/gzip"
	"database/sql"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// corpusSetup builds the tricky-value corpus: every escape mysqldump writes, identifiers
// that look like keywords or hold the delimiter, all 256 byte values in a blob, a 3 MB
// row, GBK and SJIS text whose second bytes are 0x5C, and routines, triggers, views and
// events whose bodies carry comments (created through the driver, which keeps them, so the
// dump carries them and the importing client must strip them).
var corpusSetup = []string{
	"CREATE DATABASE tricky DEFAULT CHARACTER SET utf8mb4",
	"CREATE TABLE tricky.`we;ird` (`id` int PRIMARY KEY, `VALUES_x` text, `select` varchar(200), b blob, d datetime(6), n decimal(30,10), f double, bits bit(10), j json)",
	`INSERT INTO tricky.` + "`we;ird`" + ` VALUES
	 (1, 'it''s a \'quoted\' "string" with \\ backslash; and -- dashes /* not a comment */ # hash', 'DELIMITER ;;', NULL, '2024-02-29 23:59:59.123456', 12345678901234567890.0123456789, 1e-300, b'1010101010', '{"a": [1, "x;y"]}'),
	 (2, 'line1\nline2\r\nline3\ttab \0 nul \Z ctrlz', '🦫 emoji ünïcödé', 0x00FF7F80, NULL, -0.0000000001, -1.5, b'0', NULL),
	 (3, '1--1', '/*!40101 not executable inside a string */', '', '1000-01-01 00:00:00', 0, 0, NULL, '[]')`,
	"CREATE TABLE tricky.blobs (id int PRIMARY KEY, b longblob)",
	"CREATE TABLE tricky.nopk (a int, s varchar(20)) ENGINE=InnoDB",
	"INSERT INTO tricky.nopk VALUES (3,'c'),(1,'a'),(2,'b'),(1,'a')",
	"CREATE TABLE tricky.aria (id int PRIMARY KEY, s varchar(20)) ENGINE=Aria",
	"INSERT INTO tricky.aria VALUES (1,'x'),(2,'y')",
	"CREATE TABLE tricky.cjk_gbk (id int PRIMARY KEY, s varchar(50)) DEFAULT CHARSET=gbk",
	"CREATE TABLE tricky.cjk_sjis (id int PRIMARY KEY, s varchar(50)) DEFAULT CHARSET=sjis",
	// 表 and ソ end in 0x5C in Shift-JIS; 誠 and 運 are common GBK text.
	"INSERT INTO tricky.cjk_gbk VALUES (1, '運誠表ソ'), (2, '中文''引号\\\\反斜杠')",
	"INSERT INTO tricky.cjk_sjis VALUES (1, '表ソ能十'), (2, 'ソ''表\\\\')",
	"CREATE TABLE tricky.log (id int AUTO_INCREMENT PRIMARY KEY, msg varchar(100))",
	`CREATE DEFINER=root@localhost TRIGGER tricky.we_ai AFTER INSERT ON tricky.` + "`we;ird`" + ` FOR EACH ROW
BEGIN
  -- a comment inside a trigger body; with a semicolon
  /* and a block comment */ INSERT INTO tricky.log (msg) VALUES (CONCAT('row ', NEW.id)); # hash comment
END`,
	`CREATE DEFINER=root@localhost PROCEDURE tricky.p_count(OUT n int)
COMMENT 'counts; rows'
BEGIN
  -- count the rows
  SELECT COUNT(*) INTO n FROM tricky.` + "`we;ird`" + `; /* done */
END`,
	`CREATE DEFINER=root@localhost FUNCTION tricky.f_twice(x int) RETURNS int DETERMINISTIC
RETURN x * 2 -- doubled`,
	"CREATE DEFINER=root@localhost VIEW tricky.v_weird AS SELECT id, `select` FROM tricky.`we;ird` WHERE id > 1",
	`CREATE DEFINER=root@localhost EVENT tricky.e_nightly ON SCHEDULE EVERY 1 DAY STARTS '2030-01-01 00:00:00' DISABLE DO
  DELETE FROM tricky.log WHERE id < 0 -- never`,
}

// buildCorpus creates the corpus in srv and returns mariadb-dump's output in the forms the
// proof asks for.
func buildCorpus(t *testing.T, srv *sandbox.Server) map[string][]byte {
	t.Helper()
	db, err := sql.Open("mysql", srv.DSN("")+"?charset=utf8mb4")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range corpusSetup {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%v: %.80s", err, q)
		}
	}
	// A multi-MB row and every byte value.
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	if _, err := db.Exec("INSERT INTO tricky.blobs VALUES (1, ?), (2, ?)", all, bytes.Repeat([]byte("0123456789'\\\n"), 3<<20/13)); err != nil {
		t.Fatal(err)
	}
	bin := testsandbox.RequireTool(t, "mariadb-dump")
	dump := func(extra ...string) []byte {
		args := append(srv.ClientArgs(), "--routines", "--triggers", "--events", "--skip-dump-date")
		args = append(args, extra...)
		out, err := exec.Command(bin, args...).Output()
		if err != nil {
			t.Fatalf("mariadb-dump %v: %v", extra, err)
		}
		return out
	}
	return map[string][]byte{
		"default":              dump("--databases", "tricky"),
		"skip-extended-insert": dump("--skip-extended-insert", "--databases", "tricky"),
		"hex-blob":             dump("--hex-blob", "--databases", "tricky"),
		// Table-only dumps have no CREATE DATABASE: the import names the database with -D.
		"sjis-connection": dump("--default-character-set=sjis", "tricky", "cjk_sjis"),
		"gbk-connection":  dump("--default-character-set=gbk", "tricky", "cjk_gbk"),
	}
}

// TestImportTrickyCorpusRoundTrip: for every dump form, plain and compressed, importing
// with dumpscope and re-dumping gives byte-identical output to importing with the client.
func TestImportTrickyCorpusRoundTrip(t *testing.T) {
	src := testsandbox.Start(t)
	forms := buildCorpus(t, src)
	dir := t.TempDir()
	for name, data := range forms {
		t.Run(name, func(t *testing.T) {
			plain := filepath.Join(dir, name+".sql")
			if err := os.WriteFile(plain, data, 0o644); err != nil {
				t.Fatal(err)
			}
			files := []string{plain}
			if name == "default" || name == "sjis-connection" {
				files = append(files, compressTo(t, dir, name, data, "gz"), compressTo(t, dir, name, data, "zst"))
			}
			// Table-only dumps go into an existing database named with -D, for both.
			var dbArgs []string
			prepare := func(srv *sandbox.Server) {}
			if cs, ok := strings.CutSuffix(name, "-connection"); ok {
				// The client parses with its own charset, not the dump's SET NAMES: without
				// --default-character-set=sjis it reads 表 (0x95 0x5C) as an escape and fails.
				dbArgs = []string{"-D", "tricky", "--default-character-set=" + cs}
				prepare = func(srv *sandbox.Server) {
					db, err := sql.Open("mysql", srv.DSN(""))
					if err != nil {
						t.Fatal(err)
					}
					defer db.Close()
					if _, err := db.Exec("CREATE DATABASE tricky"); err != nil {
						t.Fatal(err)
					}
				}
			}
			ref := testsandbox.Start(t)
			prepare(ref)
			clientImportArgs(t, ref, dbArgs, plain)
			db := "tricky"
			want := redump(t, ref, db)
			runs := [][]string{nil}
			if name == "default" || name == "skip-extended-insert" {
				runs = append(runs, []string{"--parallel", "2", "--batch-bytes", "16K"})
			}
			for _, f := range files {
				for _, extra := range runs {
					got := testsandbox.Start(t)
					prepare(got)
					args := append(append([]string{"--no-advisor"}, dbArgs...), extra...)
					if code, _, stderr := dumpscopeImport(t, got, args, f); code != 0 {
						t.Fatalf("dumpscope import %v %s: exit %d: %s", extra, filepath.Base(f), code, stderr)
					}
					if have := redump(t, got, db); !bytes.Equal(want, have) {
						t.Fatalf("%v %s: re-dumps differ (%d vs %d bytes); first difference at %s", extra, filepath.Base(f), len(want), len(have), firstDiff(want, have))
					}
				}
			}
		})
	}
}

func compressTo(t *testing.T, dir, name string, data []byte, ext string) string {
	t.Helper()
	p := filepath.Join(dir, name+".sql."+ext)
	var b bytes.Buffer
	switch ext {
	case "gz":
		w := gzip.NewWriter(&b)
		// Two members, as `cat a.gz b.gz` makes: the reader must read both.
		half := len(data) / 2
		w.Write(data[:half])
		w.Close()
		w = gzip.NewWriter(&b)
		w.Write(data[half:])
		w.Close()
	case "zst":
		w, _ := zstd.NewWriter(&b)
		w.Write(data)
		w.Close()
	}
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
