package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/pflag"

	"github.com/dumpscope/dumpscope/importer/transform"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// filteredLikeClient is the differential proof of a filter: the client imports the whole
// dump into one sandbox, then SQL removes what the filter leaves out (cut); dumpscope
// imports the dump with the filter flags into another; the re-dumps of db must be
// identical. The oracle shares no code with the filter: it is the client and DROP.
func filteredLikeClient(t *testing.T, dump, db string, cut []string, flags ...string) *sandbox.Server {
	t.Helper()
	ref := testsandbox.Start(t)
	clientImport(t, ref, dump)
	rdb := openDB(t, ref, "")
	rdb.SetMaxOpenConns(1) // one session: foreign_key_checks=0 holds for the DROPs
	for _, q := range append([]string{"SET foreign_key_checks = 0"}, cut...) {
		if _, err := rdb.Exec(q); err != nil {
			t.Fatalf("reference: %s: %v", q, err)
		}
	}
	want := redump(t, ref, db)
	got := testsandbox.Start(t)
	code, _, stderr := dumpscopeImport(t, got, append([]string{"--no-advisor"}, flags...), dump)
	if code != 0 {
		t.Fatalf("dumpscope import %v: exit %d: %s", flags, code, stderr)
	}
	if !strings.Contains(stderr, "filter kept") {
		t.Errorf("no filter summary line in:\n%s", stderr)
	}
	if have := redump(t, got, db); !bytes.Equal(want, have) {
		t.Fatalf("%v: re-dumps differ (%d vs %d bytes); first difference at %s", flags, len(want), len(have), firstDiff(want, have))
	}
	return got
}

func dropAll(kind, db string, names []string) []string {
	var out []string
	for _, n := range names {
		out = append(out, "DROP "+kind+" `"+db+"`.`"+n+"`")
	}
	return out
}

// renamedLikeClient: the client imports edited (the dump with the database renamed by
// hand), dumpscope imports dump with flags; the re-dumps of db must be identical.
func renamedLikeClient(t *testing.T, dump, edited []byte, dbs []string, flags ...string) string {
	t.Helper()
	ref := testsandbox.Start(t)
	clientImport(t, ref, writeDump(t, "edited.sql", edited))
	want := redump(t, ref, dbs...)
	got := testsandbox.Start(t)
	code, _, stderr := dumpscopeImport(t, got, append([]string{"--no-advisor"}, flags...), writeDump(t, "dump.sql", dump))
	if code != 0 {
		t.Fatalf("dumpscope import %v: exit %d: %s", flags, code, stderr)
	}
	if have := redump(t, got, dbs...); !bytes.Equal(want, have) {
		t.Fatalf("%v: re-dumps differ (%d vs %d bytes); first difference at %s", flags, len(want), len(have), firstDiff(want, have))
	}
	return stderr
}

// TestImportRejectsFile: under --force, each failed statement lands in the rejects file
// with its offset and error and the session it failed under; once the target is fixed
// and two values edited, the file itself imports and the table holds every row.
func TestImportRejectsFile(t *testing.T) {
	dump := writeDump(t, "r.sql", []byte("CREATE DATABASE r;\nUSE r;\nSET sql_mode = 'STRICT_ALL_TABLES';\n"+
		"CREATE TABLE t (id int PRIMARY KEY, v varchar(10));\n"+
		"INSERT INTO t VALUES (1,'a');\nINSERT INTO t VALUES (1,'dup');\n"+
		"DELIMITER ;;\nCREATE TRIGGER tr BEFORE INSERT ON missing FOR EACH ROW BEGIN SET NEW.v = 'a;b'; END;;\nDELIMITER ;\n"+
		"INSERT INTO t VALUES (2,'much too long');\nINSERT INTO t VALUES (4,'d');\n"))
	srv := testsandbox.Start(t)
	rejects := filepath.Join(t.TempDir(), "rejects.sql")
	code, _, stderr := dumpscopeImport(t, srv, []string{"--no-advisor", "--force", "--rejects", rejects}, dump)
	if code != exitSQLErrors || !strings.Contains(stderr, "3 failed statement(s) written to "+rejects) {
		t.Fatalf("exit %d (want %d):\n%s", code, exitSQLErrors, stderr)
	}
	data, err := os.ReadFile(rejects)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\n-- offset 143, line 6: ERROR 1062 (23000): Duplicate entry '1' for key 'PRIMARY'\nINSERT INTO t VALUES (1,'dup');\n",
		"USE `r`;\n", "sql_mode = 'STRICT_ALL_TABLES'", "DELIMITER ;;\nCREATE TRIGGER tr", "ERROR 1406 (22001)"} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("rejects file lacks %q:\n%s", want, data)
		}
	}
	fixed := bytes.ReplaceAll(bytes.ReplaceAll(data, []byte("(1,'dup')"), []byte("(5,'dup')")), []byte("much too long"), []byte("two"))
	db := openDB(t, srv, "r")
	if _, err := db.Exec("CREATE TABLE missing (v varchar(10))"); err != nil {
		t.Fatal(err)
	}
	clientImport(t, srv, writeDump(t, "fixed.sql", fixed))
	var ids string
	if err := db.QueryRow("SELECT GROUP_CONCAT(id ORDER BY id) FROM t").Scan(&ids); err != nil || ids != "1,2,4,5" {
		t.Errorf("after importing the fixed rejects: ids %q, %v", ids, err)
	}
}

// TestImportStartAt: a serial import stopped by a failed statement continues with
// --start-at at the offset the error named, once the target is fixed; the session
// statements before that offset run again (the user variable the later rows use, the
// strict sql_mode), nothing else before it does.
func TestImportStartAt(t *testing.T) {
	dump := writeDump(t, "s.sql", []byte("CREATE DATABASE s;\nUSE s;\nSET sql_mode = 'STRICT_ALL_TABLES', @x = 5;\n"+
		"CREATE TABLE t (id int PRIMARY KEY, v varchar(5));\n"+
		"INSERT INTO t VALUES (1,'a');\nINSERT INTO t VALUES (2,'too long');\nINSERT INTO t VALUES (@x,'x');\n"))
	srv := testsandbox.Start(t)
	code, _, stderr := dumpscopeImport(t, srv, []string{"--no-advisor"}, dump)
	m := regexp.MustCompile(`offset (\d+), line 6: INSERT `).FindStringSubmatch(stderr)
	if code != exitFailure || m == nil {
		t.Fatalf("exit %d, no offset of the failed INSERT in:\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "continue from it: add --start-at "+m[1]+" to the same command") {
		t.Errorf("no --start-at hint for offset %s in:\n%s", m[1], stderr)
	}
	db := openDB(t, srv, "s")
	if _, err := db.Exec("ALTER TABLE t MODIFY v varchar(20)"); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := dumpscopeImport(t, srv, []string{"--no-advisor", "--start-at", "1"}, dump); code != exitFailure || !strings.Contains(stderr, "--start-at 1 is inside the statement that starts at offset 0 (line 1); start at 0") {
		t.Errorf("--start-at inside a statement: exit %d:\n%s", code, stderr)
	}
	if code, _, stderr := dumpscopeImport(t, srv, []string{"--no-advisor", "--start-at", m[1]}, dump); code != 0 {
		t.Fatalf("--start-at %s: exit %d:\n%s", m[1], code, stderr)
	}
	var ids string
	if err := db.QueryRow("SELECT GROUP_CONCAT(id, v ORDER BY id) FROM t").Scan(&ids); err != nil || ids != "1a,2too long,5x" {
		t.Errorf("rows %q, %v", ids, err)
	}
}

// TestImportFilterRenameTrickyCorpus: the tricky corpus (keyword-like and delimiter-holding
// names, every byte value, CJK charsets, routines with comments) through --tables and
// through --rename-database, each against the client.
func TestImportFilterRenameTrickyCorpus(t *testing.T) {
	src := testsandbox.Start(t)
	dump := buildCorpus(t, src)["default"]
	path := writeDump(t, "tricky.sql", dump)
	cut := dropAll("TABLE", "tricky", []string{"blobs", "nopk", "aria", "cjk_gbk", "cjk_sjis"})
	cut = append(cut, "DROP VIEW tricky.v_weird", "DROP PROCEDURE tricky.p_count", "DROP FUNCTION tricky.f_twice", "DROP EVENT tricky.e_nightly")
	filteredLikeClient(t, path, "tricky", cut, "--tables", "tricky.we;ird,tricky.log")

	// No data string holds the word, so the hand edit may replace every occurrence; the
	// trigger and the procedure name tricky.log and tricky.`we;ird` unquoted in their bodies.
	if bytes.Count(dump, []byte("tricky.")) < 2 {
		t.Fatal("the corpus no longer has qualified names in bodies; the rename proof needs them")
	}
	edited := bytes.ReplaceAll(dump, []byte("tricky"), []byte("tricky2"))
	renamedLikeClient(t, dump, edited, []string{"tricky2"}, "--rename-database", "tricky=tricky2")
}

// TestSplitShowsFilter: split with a filter counts only what it keeps and says how much
// it left out; a table-only dump (no USE) needs --database to place its tables; --compat
// and --rename-database list what an import would rewrite.
func TestSplitShowsFilter(t *testing.T) {
	dump := writeDump(t, "f.sql", []byte("CREATE TABLE a (id int);\nINSERT INTO a VALUES (1),(2);\nCREATE TABLE b (id int);\nINSERT INTO b VALUES (3);\n"))
	var out, errb bytes.Buffer
	if code := runSplit([]string{"--tables", "shop.b", "--database", "shop", dump}, stdio{Out: &out, Err: &errb}); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"filter: 2 statements (54 B of the dump) left out", "3 statements (2 with SQL), 1 rows", "shop.b"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("split output lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := runSplit([]string{"--tables", "shop.b", dump}, stdio{Out: &out, Err: &errb}); code != exitOK || !strings.Contains(out.String(), "1 statements (0 with SQL), 0 rows") {
		t.Errorf("without --database nothing is in shop: exit %d\n%s", code, out.String())
	}
	// --compat and --rename-database preview what import would rewrite.
	out.Reset()
	if code := runSplit([]string{"--compat", "mariadb", "--rename-database", "shop=s2", "../../importer/transform/testdata/compat/mysql80.sql"}, stdio{Out: &out, Err: &errb}); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"would map 8× collation utf8mb4_0900_ai_ci → utf8mb4_uca1400_nopad_ai_ci (first at offset 1204, line 34)", "would map 2× database shop → s2 (first at offset 1204, line 34)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("split --compat lacks %q:\n%s", want, out.String())
		}
	}
}

// TestImportFilterStdinPreflight: from stdin the overwrite check runs statement by
// statement, from a file it scans ahead; either way it sees only what the filter keeps,
// so a dump whose left-out part would drop an existing table imports the rest, and
// without the filter it is refused before the DROP.
func TestImportFilterStdinPreflight(t *testing.T) {
	srv := testsandbox.Start(t)
	if _, err := openDB(t, srv, "").Exec("CREATE DATABASE keep"); err != nil {
		t.Fatal(err)
	}
	if _, err := openDB(t, srv, "").Exec("CREATE TABLE keep.old (id int)"); err != nil {
		t.Fatal(err)
	}
	dump := "USE keep;\nDROP TABLE IF EXISTS old;\nCREATE TABLE old (id int);\nCREATE TABLE fresh (id int);\nINSERT INTO fresh VALUES (1);\n"
	imp := func(extra ...string) (int, string) {
		var out, errb bytes.Buffer
		args := append([]string{"import", "--no-defaults", "-u", "root", "-S", srv.Socket, "--no-advisor"}, extra...)
		code := runCommand(append(args, "-"), stdio{In: strings.NewReader(dump), Out: &out, Err: &errb})
		return code, out.String() + errb.String()
	}
	if code, out := imp(); code == 0 || !strings.Contains(out, "rerun with --overwrite") {
		t.Fatalf("without a filter: exit %d, want a refusal:\n%s", code, out)
	}
	if code, out := imp("--exclude-tables", "keep.old"); code != 0 {
		t.Fatalf("--exclude-tables keep.old: exit %d:\n%s", code, out)
	}
	var n int
	if err := openDB(t, srv, "").QueryRow("SELECT COUNT(*) FROM keep.fresh").Scan(&n); err != nil || n != 1 {
		t.Errorf("keep.fresh: %d rows, %v", n, err)
	}
	// A file is scanned in full first: through the same filter.
	if _, err := openDB(t, srv, "").Exec("DROP TABLE keep.fresh"); err != nil {
		t.Fatal(err)
	}
	file := writeDump(t, "keep.sql", []byte(dump))
	if code, stdout, stderr := dumpscopeImport(t, srv, []string{"--no-advisor"}, file); code == 0 || !strings.Contains(stdout+stderr, "rerun with --overwrite") {
		t.Fatalf("file without a filter: exit %d, want a refusal:\n%s%s", code, stdout, stderr)
	}
	if code, stdout, stderr := dumpscopeImport(t, srv, []string{"--no-advisor", "--exclude-tables", "old"}, file); code != 0 {
		t.Fatalf("file --exclude-tables old: exit %d:\n%s%s", code, stdout, stderr)
	}
}

// TestTransformFlagsOptions: the filter and rewrite flags map onto transform.Options, the
// behaviour of which importer/transform_import_test.go proves against the client; a
// rename without "=" is a usage error before any server is started.
func TestTransformFlagsOptions(t *testing.T) {
	fs := pflag.NewFlagSet("import", pflag.ContinueOnError)
	f := addTransformFlags(fs)
	err := fs.Parse([]string{"--tables", "shop.a,b*", "--exclude-tables", "shop.log", "--include-databases", "shop",
		"--data-only", "--rename-database", "shop=s2", "--rename-database", "log=l2", "--compat", "mariadb",
		"--gtid-purged", "off", "--definer", "loader@localhost", "--start-at", "42"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := f.options()
	if err != nil {
		t.Fatal(err)
	}
	want := transform.Options{IncludeDatabases: []string{"shop"}, Tables: []string{"shop.a", "b*"}, ExcludeTables: []string{"shop.log"},
		DataOnly: true, RenameDatabases: map[string]string{"shop": "s2", "log": "l2"}, Compat: "mariadb", GTIDPurged: "off",
		Definer: "loader@localhost", StartAt: 42}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("options (-want +got):\n%s", d)
	}
	f.rename = multiFlag{"shop"}
	if _, err := f.options(); err == nil || !strings.Contains(err.Error(), "expected old=new") {
		t.Errorf("--rename-database shop: err %v, want a usage error", err)
	}
}
