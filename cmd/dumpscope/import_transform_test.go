package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/gen"
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

// sakilaViews and sakilaRoutines are what Sakila's mariadb-dump creates besides tables.
var (
	sakilaViews    = []string{"actor_info", "customer_list", "film_list", "nicer_but_slower_film_list", "sales_by_film_category", "sales_by_store", "staff_list"}
	sakilaRoutines = []string{"PROCEDURE film_in_stock", "PROCEDURE film_not_in_stock", "PROCEDURE rewards_report", "FUNCTION get_customer_balance", "FUNCTION inventory_held_by_customer", "FUNCTION inventory_in_stock"}
)

func dropAll(kind, db string, names []string) []string {
	var out []string
	for _, n := range names {
		out = append(out, "DROP "+kind+" `"+db+"`.`"+n+"`")
	}
	return out
}

// TestImportTablesFilterSakila: --tables keeps the named tables with their triggers (film's
// write film_text, which is kept too) and leaves out the other tables, the views and the
// routines, as a client import of the dump with those cut out would.
func TestImportTablesFilterSakila(t *testing.T) {
	requireSakila(t)
	dump := filepath.Join(sakilaDir, "sakila-mariadb-dump.sql")
	cut := dropAll("VIEW", "sakila", sakilaViews)
	cut = append(cut, dropAll("TABLE", "sakila", []string{"category", "inventory", "language", "payment", "rental", "staff", "store", "address", "city", "country", "customer"})...)
	for _, r := range sakilaRoutines {
		kind, name, _ := strings.Cut(r, " ")
		cut = append(cut, "DROP "+kind+" sakila."+name)
	}
	filteredLikeClient(t, dump, "sakila", cut, "--tables", "sakila.actor,sakila.film,film_text,sakila.film_actor,sakila.film_category")
}

// TestImportExcludeTablesSakila: --exclude-tables with globs leaves out the film tables,
// their triggers and the views; the routines and the other tables' triggers stay. Under
// --parallel 2 too.
func TestImportExcludeTablesSakila(t *testing.T) {
	requireSakila(t)
	dump := filepath.Join(sakilaDir, "sakila-mariadb-dump.sql")
	cut := append(dropAll("VIEW", "sakila", sakilaViews), dropAll("TABLE", "sakila", []string{"film", "film_actor", "film_category", "film_text"})...)
	filteredLikeClient(t, dump, "sakila", cut, "--exclude-tables", "film*,*_list,actor_info,sales_by_*", "--parallel", "2", "--batch-bytes", "64K")
}

// TestImportIncludeDatabases: of a dump holding Sakila and the generated database, only
// the generated one arrives, and Sakila is not created at all.
func TestImportIncludeDatabases(t *testing.T) {
	requireSakila(t)
	sak, err := os.ReadFile(filepath.Join(sakilaDir, "sakila-mariadb-dump.sql"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := os.ReadFile(genDump(t, 2<<20, true))
	if err != nil {
		t.Fatal(err)
	}
	dump := writeDump(t, "both.sql", append(sak, g...))
	got := filteredLikeClient(t, dump, gen.DefaultDatabase, []string{"DROP DATABASE sakila"}, "--include-databases", gen.DefaultDatabase)
	var n int
	if err := openDB(t, got, "").QueryRow("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'sakila'").Scan(&n); err != nil || n != 0 {
		t.Errorf("sakila exists in the target (%d, %v)", n, err)
	}
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

// TestImportRenameDatabaseSakila: --rename-database sakila=sakila_copy gives what the
// client gives for the dump with `sakila` edited by hand (the customers' e-mail strings
// hold "sakila" and stay as they are).
func TestImportRenameDatabaseSakila(t *testing.T) {
	requireSakila(t)
	dump, err := os.ReadFile(filepath.Join(sakilaDir, "sakila-mariadb-dump.sql"))
	if err != nil {
		t.Fatal(err)
	}
	edited := bytes.ReplaceAll(dump, []byte("`sakila`"), []byte("`sakila_copy`"))
	stderr := renamedLikeClient(t, dump, edited, []string{"sakila_copy"}, "--rename-database", "sakila=sakila_copy")
	if !strings.Contains(stderr, "database sakila → sakila_copy (first at offset") {
		t.Errorf("no mapping line in:\n%s", stderr)
	}
}

// qualifiedDump names its databases in every place a rename must reach: USE, CREATE
// DATABASE, qualified names in DDL and DML, a cross-database view, a trigger and a
// routine that write the other database, and strings that look like names but are data.
const qualifiedDump = "CREATE DATABASE `%[1]s`;\nCREATE DATABASE %[2]s;\nUSE `%[1]s`;\n" +
	"CREATE TABLE %[1]s.orders (id int PRIMARY KEY, note varchar(100));\n" +
	"CREATE TABLE `%[2]s`.`audit` (id int AUTO_INCREMENT PRIMARY KEY, order_id int, what varchar(100));\n" +
	"DELIMITER ;;\n" +
	"CREATE TRIGGER orders_ai AFTER INSERT ON `%[1]s`.orders FOR EACH ROW INSERT INTO `%[2]s`.audit (order_id, what) VALUES (NEW.id, 'shop.orders insert') ;;\n" +
	"CREATE PROCEDURE `%[1]s`.`bump`(IN n int) BEGIN UPDATE %[1]s.orders SET note = CONCAT(note, '+') WHERE id = n; INSERT INTO %[2]s . audit (order_id, what) VALUES (n, 'bump'); END ;;\n" +
	"DELIMITER ;\n" +
	"INSERT INTO %[1]s.orders VALUES (1, 'see shop.orders and `shop`.`x`'), (2, 'two');\n" +
	"CALL `%[1]s`.bump(2);\n" +
	"CREATE VIEW %[2]s.order_audit AS SELECT o.id, a.what FROM `%[1]s`.`orders` o JOIN %[2]s.audit a ON a.order_id = o.id;\n"

// TestImportRenameDatabaseQualified: two databases renamed at once, through qualified
// names in DDL, DML, a trigger, a routine and a view, against the hand-edited dump.
func TestImportRenameDatabaseQualified(t *testing.T) {
	dump := []byte(fmt.Sprintf(qualifiedDump, "shop", "shoplog"))
	edited := []byte(fmt.Sprintf(qualifiedDump, "shop2", "shoplog2"))
	renamedLikeClient(t, dump, edited, []string{"shop2", "shoplog2"}, "--rename-database", "shop=shop2", "--rename-database", "shoplog=shoplog2")
}

// TestImportCompatMySQL80: the hand-written MySQL 8.0 mysqldump stops at its first
// MySQL-only construct without --compat, with an error that names the flag; with
// --compat mariadb it imports, every mapping is listed, and what MariaDB would have read
// differently is as MySQL had it: the NOT ENFORCED check is gone (a row that breaks it
// is in), the case-sensitive unique key keeps two e-mails that differ in case, the index
// is ignored and the column invisible.
func TestImportCompatMySQL80(t *testing.T) {
	dump := "../../importer/transform/testdata/compat/mysql80.sql"
	srv := testsandbox.Start(t)
	code, _, stderr := dumpscopeImport(t, srv, []string{"--no-advisor"}, dump)
	if code == 0 || !strings.Contains(stderr, "ERROR 1273") || !strings.Contains(stderr, "rerun with --compat mariadb") {
		t.Fatalf("without --compat: exit %d, want an ERROR 1273 naming --compat:\n%s", code, stderr)
	}
	srv = testsandbox.Start(t)
	code, _, stderr = dumpscopeImport(t, srv, []string{"--no-advisor", "--compat", "mariadb"}, dump)
	if code != 0 {
		t.Fatalf("--compat mariadb: exit %d:\n%s", code, stderr)
	}
	for _, want := range []string{
		"mapped 1× SET @@GLOBAL.GTID_PURGED skipped",
		"mapped 8× collation utf8mb4_0900_ai_ci → utf8mb4_uca1400_nopad_ai_ci (first at offset 1204, line 34)",
		"mapped 1× /*!80016 DEFAULT ENCRYPTION='N' */ removed",
		"collation utf8mb4_sv_0900_ai_ci → utf8mb4_uca1400_swedish_nopad_ai_ci",
		"collation utf8mb4_ja_0900_as_cs_ks → utf8mb4_uca1400_nopad_as_cs (approximate",
		"NOT NULL on a generated column removed",
		"/*!80023 INVISIBLE */ column → INVISIBLE",
		"functional index KEY `idx_lower_name` removed",
		"/*!80000 INVISIBLE */ index → IGNORED",
		"CHECK … /*!80016 NOT ENFORCED */ removed",
		"/*!80003 SRID 4326 */ left as is",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("summary lacks %q:\n%s", want, stderr)
		}
	}
	db := openDB(t, srv, "shop")
	var n int
	if err := db.QueryRow("SELECT COUNT(*) FROM customer WHERE code = 'ABCDE' OR email = 'Ann@example.com'").Scan(&n); err != nil || n != 1 {
		t.Errorf("row breaking the unenforced check / case-distinct e-mail: %d rows, %v", n, err)
	}
	var create string
	if err := db.QueryRow("SHOW CREATE TABLE customer").Scan(new(string), &create); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"INVISIBLE", "IGNORED", "utf8mb4_uca1400_nopad_as_cs"} {
		if !strings.Contains(create, want) || strings.Contains(create, "0900") {
			t.Errorf("SHOW CREATE TABLE customer lacks %q or has a 0900 collation:\n%s", want, create)
		}
	}
	// The MySQL 8 account cannot bring its password: it arrives locked, and says so.
	// Accounts live in the mysql schema: they need --allow-system-schemas.
	code, _, stderr = dumpscopeImport(t, srv, []string{"--no-advisor", "--compat", "mariadb", "--overwrite", "--allow-system-schemas"}, "../../importer/transform/testdata/compat/mysql80-users.sql")
	if code != 0 || !strings.Contains(stderr, "account `app`@`%` was created locked") {
		t.Fatalf("accounts: exit %d:\n%s", code, stderr)
	}
	var show string
	if err := db.QueryRow("SHOW CREATE USER app").Scan(&show); err != nil || !strings.Contains(show, "ACCOUNT LOCK") {
		t.Errorf("SHOW CREATE USER app: %q, %v", show, err)
	}
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
	m := regexp.MustCompile(`offset (\d+), line 6: insert`).FindStringSubmatch(stderr)
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

// TestImportDefiner: --definer puts one account in every DEFINER= of the generated dump
// (triggers, a procedure, a view, events), for a target where root@localhost is not the
// account that should own them; the data is as the client loads it. (An account with an
// @ in its name is in the unit test: mariadb-dump itself splits such an event definer at
// the wrong @, so a re-dump cannot compare it.)
func TestImportDefiner(t *testing.T) {
	dump := genDump(t, 1<<20, true)
	srv := testsandbox.Start(t)
	db := openDB(t, srv, "")
	if _, err := db.Exec("CREATE USER 'loader'@'localhost'"); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := dumpscopeImport(t, srv, []string{"--no-advisor", "--definer", "loader@localhost"}, dump)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	var others, n int
	q := "SELECT SUM(d <> 'loader@localhost'), COUNT(*) FROM (" +
		"SELECT DEFINER AS d FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ? UNION ALL " +
		"SELECT DEFINER FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ? UNION ALL " +
		"SELECT DEFINER FROM information_schema.VIEWS WHERE TABLE_SCHEMA = ? UNION ALL " +
		"SELECT DEFINER FROM information_schema.EVENTS WHERE EVENT_SCHEMA = ?) x"
	g := gen.DefaultDatabase
	if err := db.QueryRow(q, g, g, g, g).Scan(&others, &n); err != nil {
		t.Fatal(err)
	}
	if n < 3 || others != 0 {
		t.Errorf("%d objects with a definer, %d of them not loader@localhost", n, others)
	}
	if !strings.Contains(stderr, "DEFINER → `loader`@`localhost`") {
		t.Errorf("no mapping line:\n%s", stderr)
	}
	ref := testsandbox.Start(t)
	clientImport(t, ref, dump)
	want, have := redump(t, ref, g), redump(t, srv, g)
	// The re-dumps differ only in the definer.
	have = bytes.ReplaceAll(have, []byte("`loader`@`localhost`"), []byte("`root`@`localhost`"))
	if !bytes.Equal(want, have) {
		t.Errorf("re-dumps differ beyond the definer; first difference at %s", firstDiff(want, have))
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

// TestImportSchemaOnlySakila: --schema-only gives the client's database with every row
// deleted: tables (with their AUTO_INCREMENT as the dump declares it), views, triggers and
// routines, no rows.
func TestImportSchemaOnlySakila(t *testing.T) {
	requireSakila(t)
	dump := filepath.Join(sakilaDir, "sakila-mariadb-dump.sql")
	probe := testsandbox.Start(t)
	clientImport(t, probe, dump)
	rows, err := openDB(t, probe, "").Query("SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'sakila' AND TABLE_TYPE = 'BASE TABLE'")
	if err != nil {
		t.Fatal(err)
	}
	var cut []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		cut = append(cut, "DELETE FROM sakila.`"+name+"`")
	}
	rows.Close()
	if len(cut) < 10 {
		t.Fatalf("only %d Sakila tables", len(cut))
	}
	filteredLikeClient(t, dump, "sakila", cut, "--schema-only")
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

// TestImportRenameDatabaseGenerated: the generator writes the same dump under another
// database name, which is the hand edit the rename must reproduce (its view, trigger,
// procedure and event included).
func TestImportRenameDatabaseGenerated(t *testing.T) {
	o := gen.DefaultOptions()
	o.SizeBytes = 2 << 20
	dump, err := os.ReadFile(writeGenDump(t, o))
	if err != nil {
		t.Fatal(err)
	}
	o.Database = "gen_copy"
	edited, err := os.ReadFile(writeGenDump(t, o))
	if err != nil {
		t.Fatal(err)
	}
	renamedLikeClient(t, dump, edited, []string{"gen_copy"}, "--rename-database", gen.DefaultDatabase+"=gen_copy", "--parallel", "2", "--batch-bytes", "256K")
}

// TestImportDataOnlySakila: with the schema in place (the client imported Sakila's schema
// file), --data-only of schema and data files run together sends only the rows: the
// schema file's DROP SCHEMA, tables, views, triggers and routines would wipe the
// database or fail if one got through, and the triggers fire on the rows as they do for
// the client importing the data file (whose own CREATE TRIGGERs are schema, left out).
func TestImportDataOnlySakila(t *testing.T) {
	requireSakila(t)
	schema, data := filepath.Join(sakilaDir, "sakila-mv-schema.sql"), filepath.Join(sakilaDir, "sakila-mv-data.sql")
	ref := testsandbox.Start(t)
	clientImport(t, ref, schema, data)
	// The data file creates three triggers after the rows: schema, so --data-only leaves
	// them out, and so does the reference.
	for _, tr := range []string{"customer_create_date", "payment_date", "rental_date"} {
		if _, err := openDB(t, ref, "").Exec("DROP TRIGGER sakila." + tr); err != nil {
			t.Fatal(err)
		}
	}
	got := testsandbox.Start(t)
	clientImport(t, got, schema)
	s, err := os.ReadFile(schema)
	if err != nil {
		t.Fatal(err)
	}
	d, err := os.ReadFile(data)
	if err != nil {
		t.Fatal(err)
	}
	both := writeDump(t, "both.sql", append(append(s, '\n'), d...))
	code, _, stderr := dumpscopeImport(t, got, []string{"--no-advisor", "--data-only", "--overwrite"}, both)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	if want, have := redump(t, ref, "sakila"), redump(t, got, "sakila"); !bytes.Equal(want, have) {
		t.Fatalf("re-dumps differ (%d vs %d bytes); first difference at %s", len(want), len(have), firstDiff(want, have))
	}
}

// TestImportGTIDPolicy: on a MariaDB target, auto skips MySQL's GTID_PURGED (no such
// variable) and sends mariadb-dump's gtid_slave_pos (no replication runs, so it can be
// set, as --master-data=1 meant); off skips both; each skip is listed.
func TestImportGTIDPolicy(t *testing.T) {
	dump := writeDump(t, "gtid.sql", []byte("SET @@GLOBAL.GTID_PURGED=/*!80000 '+'*/ '3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5';\nSET GLOBAL gtid_slave_pos='0-1-5';\nCREATE DATABASE g;\n"))
	for _, tc := range []struct {
		flags  []string
		pos    string
		listed []string
	}{
		{nil, "0-1-5", []string{"SET @@GLOBAL.GTID_PURGED skipped"}},
		{[]string{"--gtid-purged", "off"}, "", []string{"SET @@GLOBAL.GTID_PURGED skipped", "SET GLOBAL gtid_slave_pos skipped"}},
	} {
		srv := testsandbox.Start(t)
		code, _, stderr := dumpscopeImport(t, srv, append([]string{"--no-advisor"}, tc.flags...), dump)
		if code != 0 {
			t.Fatalf("%v: exit %d:\n%s", tc.flags, code, stderr)
		}
		var pos string
		if err := openDB(t, srv, "").QueryRow("SELECT @@GLOBAL.gtid_slave_pos").Scan(&pos); err != nil || pos != tc.pos {
			t.Errorf("%v: gtid_slave_pos %q, want %q (%v)", tc.flags, pos, tc.pos, err)
		}
		for _, want := range tc.listed {
			if !strings.Contains(stderr, want) {
				t.Errorf("%v: no %q in:\n%s", tc.flags, want, stderr)
			}
		}
	}
}

// TestImportGTIDProbeUnprivileged: an account without replication privileges imports
// without a warning from the GTID policy's probes (a failed SHOW would linger as the
// session's warning and be counted against the dump's first statement).
func TestImportGTIDProbeUnprivileged(t *testing.T) {
	srv := testsandbox.Start(t)
	if _, err := openDB(t, srv, "").Exec("CREATE USER 'lo'@'localhost'"); err != nil {
		t.Fatal(err)
	}
	if _, err := openDB(t, srv, "").Exec("GRANT ALL ON lodb.* TO 'lo'@'localhost'"); err != nil {
		t.Fatal(err)
	}
	dump := writeDump(t, "lo.sql", []byte("CREATE DATABASE lodb;\nUSE lodb;\nCREATE TABLE t (a int);\nINSERT INTO t VALUES (1);\n"))
	code, stdout, stderr := dumpscopeImport(t, srv, []string{"--no-advisor", "-u", "lo"}, dump)
	if out := stdout + stderr; code != 0 || strings.Contains(out, "warnings") || !strings.Contains(out, "into lo@localhost") || !strings.Contains(out, "finished") {
		t.Fatalf("exit %d:\n%s", code, out)
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
