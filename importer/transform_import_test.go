package importer_test

// The transforms (importer/transform: filters, renames, --compat, DEFINER, GTID, start-at)
// as Import runs them against a real server, each proved against the mariadb client and
// checked on the Result and the Transform's Stats, not on what a command prints. (They
// lived in cmd/dumpscope and read its stderr; the flags' mapping and the printed lines
// stay tested there.)

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/dumpscope/dumpscope/gen"
	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/transform"
	"github.com/dumpscope/dumpscope/internal/dbconn"
	rd "github.com/dumpscope/dumpscope/internal/redump"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// sakilaDir is the shared real-world dump corpus (../shared beside the clone).
const sakilaDir = "../../shared/testdata/sakila"

func requireSakila(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(sakilaDir); err != nil {
		t.Skipf("Sakila corpus not found at %s (it lives in ../shared beside the clone): %v", sakilaDir, err)
	}
}

// importFile imports the dump at path into srv as user (root when "") with o, connected
// as the mariadb client connects (dbconn: its character set from the locale, utf8mb3 under
// UTF-8), since the re-dumps show the connection's character set of every trigger and
// routine; an error of the call (input, connection, a refused preflight) fails the test.
func importFile(t *testing.T, srv *sandbox.Server, user, path string, o importer.Options) *importer.Result {
	t.Helper()
	return importSource(t, srv, user, importer.Source{Path: path}, o)
}

// importSource is importFile from any Source (a stream: no second pass).
func importSource(t *testing.T, srv *sandbox.Server, user string, src importer.Source, o importer.Options) *importer.Result {
	t.Helper()
	res, err := tryImport(t, srv, user, src, o)
	if err != nil {
		t.Fatalf("Import %s%s: %v", src.Path, src.Name, err)
	}
	return res
}

// tryImport is importSource for a test that expects Import itself to refuse: it returns
// the error of the call instead of failing the test on it.
func tryImport(t *testing.T, srv *sandbox.Server, user string, src importer.Source, o importer.Options) (*importer.Result, error) {
	t.Helper()
	fs := pflag.NewFlagSet("import", pflag.ContinueOnError)
	conn := dbconn.AddFlags(fs)
	if err := fs.Parse([]string{"--no-defaults"}); err != nil {
		t.Fatal(err)
	}
	conn.TargetSandbox(srv.Socket)
	if user != "" {
		conn.Set("user", user)
	}
	cfg, err := conn.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	return importer.Import(context.Background(), cfg, src, o)
}

// finished fails the test unless res finished without tolerated errors.
func finished(t *testing.T, res *importer.Result) {
	t.Helper()
	if res.Status != importer.Finished || res.Err != nil || res.Replay.Errors > 0 {
		t.Fatalf("status %v, %d tolerated errors, err %v: want Finished", res.Status, res.Replay.Errors, res.Err)
	}
}

// mapped is what the import's Transform mapped, skipped and warned about, one line each.
func mapped(res *importer.Result) string {
	if res.Transform == nil {
		return ""
	}
	var b strings.Builder
	st := res.Transform.Stats()
	for _, m := range st.Mappings {
		fmt.Fprintf(&b, "%d× %s (first at %s)\n", m.Count, m.What, split.Position{Offset: m.FirstOffset, Line: m.FirstLine})
	}
	for _, w := range st.Warnings {
		fmt.Fprintln(&b, "warning:", w)
	}
	return b.String()
}

// writeFile writes data to a file name in a temp directory and returns its path.
func writeFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// sandboxDB opens database db (or none, "") on srv; it is closed when the test ends.
func sandboxDB(t *testing.T, srv *sandbox.Server, db string) *sql.DB {
	t.Helper()
	d, err := sql.Open("mysql", srv.DSN(db))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// redumps is mariadb-dump of dbs on srv as the differential tests compare them
// (internal/redump: routines, triggers and events included).
func redumps(t *testing.T, srv *sandbox.Server, dbs ...string) string {
	t.Helper()
	out, err := rd.Dump(context.Background(), testsandbox.RequireTool(t, "mariadb-dump"), srv.ClientArgs(), dbs...)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// sameDump fails the test where two re-dumps first differ.
func sameDump(t *testing.T, what, want, have string) {
	t.Helper()
	if want != have {
		t.Fatalf("%s: re-dumps differ (%d vs %d bytes); first difference at %s", what, len(want), len(have), rd.FirstDiff([]byte(want), []byte(have)))
	}
}

// filteredLikeClient is the differential proof of a filter: the client imports the whole
// dump into one sandbox, then SQL removes what the filter leaves out (cut); Import runs
// the dump with the filter into another; the re-dumps of db must be identical. The oracle
// shares no code with the filter: it is the client and DROP.
func filteredLikeClient(t *testing.T, dump, db string, cut []string, o importer.Options) *sandbox.Server {
	t.Helper()
	ref := testsandbox.Start(t)
	clientImport(t, ref, dump)
	rdb := sandboxDB(t, ref, "")
	rdb.SetMaxOpenConns(1) // one session: foreign_key_checks=0 holds for the DROPs
	for _, q := range append([]string{"SET foreign_key_checks = 0"}, cut...) {
		if _, err := rdb.Exec(q); err != nil {
			t.Fatalf("reference: %s: %v", q, err)
		}
	}
	got := testsandbox.Start(t)
	res := importFile(t, got, "", dump, o)
	finished(t, res)
	if res.Transform == nil || !res.Transform.Filters() || res.Transform.Stats().SkippedStatements == 0 {
		t.Errorf("the filter skipped nothing: %+v", res.Transform)
	}
	sameDump(t, fmt.Sprintf("%+v", o.Transform), redumps(t, ref, db), redumps(t, got, db))
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

// TestImportTablesFilterSakila: Tables keeps the named tables with their triggers (film's
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
	filteredLikeClient(t, dump, "sakila", cut, importer.Options{Transform: transform.Options{
		Tables: []string{"sakila.actor", "sakila.film", "film_text", "sakila.film_actor", "sakila.film_category"}}})
}

// TestImportExcludeTablesSakila: ExcludeTables with globs leaves out the film tables,
// their triggers and the views; the routines and the other tables' triggers stay. On
// two connections too.
func TestImportExcludeTablesSakila(t *testing.T) {
	requireSakila(t)
	dump := filepath.Join(sakilaDir, "sakila-mariadb-dump.sql")
	cut := append(dropAll("VIEW", "sakila", sakilaViews), dropAll("TABLE", "sakila", []string{"film", "film_actor", "film_category", "film_text"})...)
	filteredLikeClient(t, dump, "sakila", cut, importer.Options{Parallel: 2, BatchBytes: 64 << 10,
		Transform: transform.Options{ExcludeTables: []string{"film*", "*_list", "actor_info", "sales_by_*"}}})
}

// genDump writes a generated dump of about size bytes to a temp file, in database db
// (the generator's default when ""), with 16 KiB extended inserts when extended (else
// the generator's defaults).
func genDump(t *testing.T, size int64, db string, extended bool) string {
	t.Helper()
	o := gen.DefaultOptions()
	o.SizeBytes = size
	if extended {
		o.ExtendedInsert = true
		o.RowsPerInsertBytes = 16 << 10
	}
	if db != "" {
		o.Database = db
	}
	var b bytes.Buffer
	if _, err := gen.Write(&b, o); err != nil {
		t.Fatal(err)
	}
	return writeFile(t, "gen.sql", b.Bytes())
}

// TestImportIncludeDatabases: of a dump holding Sakila and the generated database, only
// the generated one arrives, and Sakila is not created at all.
func TestImportIncludeDatabases(t *testing.T) {
	requireSakila(t)
	sak, err := os.ReadFile(filepath.Join(sakilaDir, "sakila-mariadb-dump.sql"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := os.ReadFile(genDump(t, 2<<20, "", true))
	if err != nil {
		t.Fatal(err)
	}
	dump := writeFile(t, "both.sql", append(sak, g...))
	got := filteredLikeClient(t, dump, gen.DefaultDatabase, []string{"DROP DATABASE sakila"},
		importer.Options{Transform: transform.Options{IncludeDatabases: []string{gen.DefaultDatabase}}})
	var n int
	if err := sandboxDB(t, got, "").QueryRow("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'sakila'").Scan(&n); err != nil || n != 0 {
		t.Errorf("sakila exists in the target (%d, %v)", n, err)
	}
}

// renamedLikeClient: the client imports edited (the dump with the database renamed by
// hand), Import runs dump with o; the re-dumps of dbs must be identical. It returns what
// the Transform mapped.
func renamedLikeClient(t *testing.T, dump, edited []byte, dbs []string, o importer.Options) string {
	t.Helper()
	ref := testsandbox.Start(t)
	clientImport(t, ref, writeFile(t, "edited.sql", edited))
	got := testsandbox.Start(t)
	res := importFile(t, got, "", writeFile(t, "dump.sql", dump), o)
	finished(t, res)
	sameDump(t, fmt.Sprintf("%v", o.Transform.RenameDatabases), redumps(t, ref, dbs...), redumps(t, got, dbs...))
	return mapped(res)
}

// TestImportRenameDatabaseSakila: renaming sakila to sakila_copy gives what the client
// gives for the dump with `sakila` edited by hand (the customers' e-mail strings hold
// "sakila" and stay as they are).
func TestImportRenameDatabaseSakila(t *testing.T) {
	requireSakila(t)
	dump, err := os.ReadFile(filepath.Join(sakilaDir, "sakila-mariadb-dump.sql"))
	if err != nil {
		t.Fatal(err)
	}
	edited := bytes.ReplaceAll(dump, []byte("`sakila`"), []byte("`sakila_copy`"))
	m := renamedLikeClient(t, dump, edited, []string{"sakila_copy"}, importer.Options{Transform: transform.Options{
		RenameDatabases: map[string]string{"sakila": "sakila_copy"}}})
	if !strings.Contains(m, "database sakila → sakila_copy (first at offset") {
		t.Errorf("no rename among the mappings:\n%s", m)
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
	renamedLikeClient(t, dump, edited, []string{"shop2", "shoplog2"}, importer.Options{Transform: transform.Options{
		RenameDatabases: map[string]string{"shop": "shop2", "shoplog": "shoplog2"}}})
}

// TestImportRenameDatabaseGenerated: the generator writes the same dump under another
// database name, which is the hand edit the rename must reproduce (its view, trigger,
// procedure and event included); on two connections.
func TestImportRenameDatabaseGenerated(t *testing.T) {
	dump, err := os.ReadFile(genDump(t, 2<<20, "", false))
	if err != nil {
		t.Fatal(err)
	}
	edited, err := os.ReadFile(genDump(t, 2<<20, "gen_copy", false))
	if err != nil {
		t.Fatal(err)
	}
	renamedLikeClient(t, dump, edited, []string{"gen_copy"}, importer.Options{Parallel: 2, BatchBytes: 256 << 10,
		Transform: transform.Options{RenameDatabases: map[string]string{gen.DefaultDatabase: "gen_copy"}}})
}

// TestImportCompatMySQL80: the hand-written MySQL 8.0 mysqldump stops at its first
// MySQL-only construct without Compat (ERROR 1273, an unknown collation); with Compat
// "mariadb" it imports, every mapping is listed, and what MariaDB would have read
// differently is as MySQL had it: the NOT ENFORCED check is gone (a row that breaks it
// is in), the case-sensitive unique key keeps two e-mails that differ in case, the index
// is ignored and the column invisible.
func TestImportCompatMySQL80(t *testing.T) {
	dump := "transform/testdata/compat/mysql80.sql"
	srv := testsandbox.Start(t)
	res := importFile(t, srv, "", dump, importer.Options{Transform: transform.Options{GTIDPurged: "auto"}})
	var se *importer.StatementError
	if res.Status != importer.Failed || !errors.As(res.Err, &se) || se.Code != 1273 || !strings.Contains(se.Error(), "rerun with --compat mariadb") {
		t.Fatalf("without Compat: status %v, err %v: want Failed with ERROR 1273 naming --compat", res.Status, res.Err)
	}
	srv = testsandbox.Start(t)
	res = importFile(t, srv, "", dump, importer.Options{Transform: transform.Options{Compat: "mariadb", GTIDPurged: "auto"}})
	finished(t, res)
	m := mapped(res)
	for _, want := range []string{
		"1× SET @@GLOBAL.GTID_PURGED skipped",
		"8× collation utf8mb4_0900_ai_ci → utf8mb4_uca1400_nopad_ai_ci (first at offset 1204, line 34)",
		"1× /*!80016 DEFAULT ENCRYPTION='N' */ removed",
		"collation utf8mb4_sv_0900_ai_ci → utf8mb4_uca1400_swedish_nopad_ai_ci",
		"collation utf8mb4_ja_0900_as_cs_ks → utf8mb4_uca1400_nopad_as_cs (approximate",
		"NOT NULL on a generated column removed",
		"/*!80023 INVISIBLE */ column → INVISIBLE",
		"functional index KEY `idx_lower_name` removed",
		"/*!80000 INVISIBLE */ index → IGNORED",
		"CHECK … /*!80016 NOT ENFORCED */ removed",
		"/*!80003 SRID 4326 */ left as is",
	} {
		if !strings.Contains(m, want) {
			t.Errorf("mappings lack %q:\n%s", want, m)
		}
	}
	db := sandboxDB(t, srv, "shop")
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
	// Accounts live in the mysql schema: they need AllowSystemSchemas.
	res = importFile(t, srv, "", "transform/testdata/compat/mysql80-users.sql", importer.Options{Overwrite: true, AllowSystemSchemas: true,
		Transform: transform.Options{Compat: "mariadb", GTIDPurged: "auto"}})
	finished(t, res)
	if m := mapped(res); !strings.Contains(m, "account `app`@`%` was created locked") {
		t.Errorf("accounts: no warning of the locked account:\n%s", m)
	}
	var show string
	if err := db.QueryRow("SHOW CREATE USER app").Scan(&show); err != nil || !strings.Contains(show, "ACCOUNT LOCK") {
		t.Errorf("SHOW CREATE USER app: %q, %v", show, err)
	}
}

// TestImportDefiner: Definer puts one account in every DEFINER= of the generated dump
// (triggers, a procedure, a view, events), for a target where root@localhost is not the
// account that should own them; the data is as the client loads it. (An account with an
// @ in its name is in the unit test: mariadb-dump itself splits such an event definer at
// the wrong @, so a re-dump cannot compare it.)
func TestImportDefiner(t *testing.T) {
	dump := genDump(t, 1<<20, "", true)
	srv := testsandbox.Start(t)
	db := sandboxDB(t, srv, "")
	if _, err := db.Exec("CREATE USER 'loader'@'localhost'"); err != nil {
		t.Fatal(err)
	}
	res := importFile(t, srv, "", dump, importer.Options{Transform: transform.Options{Definer: "loader@localhost"}})
	finished(t, res)
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
	if m := mapped(res); !strings.Contains(m, "DEFINER → `loader`@`localhost`") {
		t.Errorf("no DEFINER mapping:\n%s", m)
	}
	ref := testsandbox.Start(t)
	clientImport(t, ref, dump)
	// The re-dumps differ only in the definer.
	have := strings.ReplaceAll(redumps(t, srv, g), "`loader`@`localhost`", "`root`@`localhost`")
	sameDump(t, "beyond the definer", redumps(t, ref, g), have)
}

// TestImportSchemaOnlySakila: SchemaOnly gives the client's database with every row
// deleted: tables (with their AUTO_INCREMENT as the dump declares it), views, triggers and
// routines, no rows.
func TestImportSchemaOnlySakila(t *testing.T) {
	requireSakila(t)
	dump := filepath.Join(sakilaDir, "sakila-mariadb-dump.sql")
	probe := testsandbox.Start(t)
	clientImport(t, probe, dump)
	rows, err := sandboxDB(t, probe, "").Query("SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'sakila' AND TABLE_TYPE = 'BASE TABLE'")
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
	filteredLikeClient(t, dump, "sakila", cut, importer.Options{Transform: transform.Options{SchemaOnly: true}})
}

// TestImportDataOnlySakila: with the schema in place (the client imported Sakila's schema
// file), DataOnly over the schema and data files run together sends only the rows: the
// schema file's DROP SCHEMA, tables, views, triggers and routines would wipe the
// database or fail if one got through, and the triggers fire on the rows as they do for
// the client importing the data file (whose own CREATE TRIGGERs are schema, left out).
func TestImportDataOnlySakila(t *testing.T) {
	requireSakila(t)
	schema, data := filepath.Join(sakilaDir, "sakila-mv-schema.sql"), filepath.Join(sakilaDir, "sakila-mv-data.sql")
	ref := testsandbox.Start(t)
	clientImport(t, ref, schema)
	clientImport(t, ref, data)
	// The data file creates three triggers after the rows: schema, so DataOnly leaves
	// them out, and so does the reference.
	for _, tr := range []string{"customer_create_date", "payment_date", "rental_date"} {
		if _, err := sandboxDB(t, ref, "").Exec("DROP TRIGGER sakila." + tr); err != nil {
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
	both := writeFile(t, "both.sql", append(append(s, '\n'), d...))
	finished(t, importFile(t, got, "", both, importer.Options{Overwrite: true, Transform: transform.Options{DataOnly: true}}))
	sameDump(t, "DataOnly", redumps(t, ref, "sakila"), redumps(t, got, "sakila"))
}

// TestImportGTIDPolicy: on a MariaDB target, auto skips MySQL's GTID_PURGED (no such
// variable) and sends mariadb-dump's gtid_slave_pos (no replication runs, so it can be
// set, as --master-data=1 meant); off skips both; each skip is listed.
func TestImportGTIDPolicy(t *testing.T) {
	dump := writeFile(t, "gtid.sql", []byte("SET @@GLOBAL.GTID_PURGED=/*!80000 '+'*/ '3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5';\nSET GLOBAL gtid_slave_pos='0-1-5';\nCREATE DATABASE g;\n"))
	for _, tc := range []struct {
		policy string
		pos    string
		listed []string
	}{
		{"auto", "0-1-5", []string{"SET @@GLOBAL.GTID_PURGED skipped"}},
		{"off", "", []string{"SET @@GLOBAL.GTID_PURGED skipped", "SET GLOBAL gtid_slave_pos skipped"}},
	} {
		srv := testsandbox.Start(t)
		res := importFile(t, srv, "", dump, importer.Options{Transform: transform.Options{GTIDPurged: tc.policy}})
		finished(t, res)
		var pos string
		if err := sandboxDB(t, srv, "").QueryRow("SELECT @@GLOBAL.gtid_slave_pos").Scan(&pos); err != nil || pos != tc.pos {
			t.Errorf("%s: gtid_slave_pos %q, want %q (%v)", tc.policy, pos, tc.pos, err)
		}
		m := mapped(res)
		for _, want := range tc.listed {
			if !strings.Contains(m, want) {
				t.Errorf("%s: no %q among the mappings:\n%s", tc.policy, want, m)
			}
		}
	}
}

// TestImportGTIDProbeUnprivileged: an account without replication privileges imports
// without a warning from the GTID policy's probes (a failed SHOW would linger as the
// session's warning and be counted against the dump's first statement).
func TestImportGTIDProbeUnprivileged(t *testing.T) {
	srv := testsandbox.Start(t)
	for _, q := range []string{"CREATE USER 'lo'@'localhost'", "GRANT ALL ON lodb.* TO 'lo'@'localhost'"} {
		if _, err := sandboxDB(t, srv, "").Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	dump := writeFile(t, "lo.sql", []byte("CREATE DATABASE lodb;\nUSE lodb;\nCREATE TABLE t (a int);\nINSERT INTO t VALUES (1);\n"))
	res := importFile(t, srv, "lo", dump, importer.Options{Transform: transform.Options{GTIDPurged: "auto"}})
	finished(t, res)
	if res.Replay.Warnings != 0 || len(res.Replay.WarningList) != 0 {
		t.Errorf("%d warnings: %+v", res.Replay.Warnings, res.Replay.WarningList)
	}
}
