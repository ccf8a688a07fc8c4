package main

import (
	"context"
	"database/sql"
	"fmt"

	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/gen"

	rd "github.com/dumpscope/dumpscope/internal/redump"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// sakilaDir is the shared real-world dump corpus (../shared beside the clone).
const sakilaDir = "../../../shared/testdata/sakila"

func requireSakila(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(sakilaDir); err != nil {
		t.Skipf("Sakila corpus not found at %s (it lives in ../shared beside the clone): %v", sakilaDir, err)
	}
}

// clientImport replays files through the mariadb client, the reference.
func clientImport(t *testing.T, srv *sandbox.Server, files ...string) {
	t.Helper()
	clientImportArgs(t, srv, nil, files...)
}

// clientImportArgs is clientImport with extra client arguments (such as -D db).
func clientImportArgs(t *testing.T, srv *sandbox.Server, args []string, files ...string) {
	t.Helper()
	client := testsandbox.RequireTool(t, "mariadb")
	for _, f := range files {
		in, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(client, append(srv.ClientArgs(), args...)...)
		cmd.Stdin = in
		out, err := cmd.CombinedOutput()
		in.Close()
		if err != nil {
			t.Fatalf("mariadb < %s: %v: %s", f, err, out)
		}
	}
}

// openDB opens database db (or none, "") on srv; it is closed when the test ends.
func openDB(t *testing.T, srv *sandbox.Server, db string) *sql.DB {
	t.Helper()
	d, err := sql.Open("mysql", srv.DSN(db))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// writeDump writes data to a file name in a temp directory and returns its path.
func writeDump(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// dumpscopeImport runs `dumpscope import` in-process against srv.
func dumpscopeImport(t *testing.T, srv *sandbox.Server, extra []string, file string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	args := append([]string{"--no-defaults", "-u", "root", "-S", srv.Socket, "--interval", "100ms"}, extra...)
	args = append(args, file)
	code = runCommand(append([]string{"import"}, args...), stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	return code, out.String(), errb.String()
}

// redump dumps every user database of srv the way the round-trip proof compares them
// (package redump).
func redump(t *testing.T, srv *sandbox.Server, dbs ...string) []byte {
	t.Helper()
	bin := testsandbox.RequireTool(t, "mariadb-dump")
	out, err := rd.Dump(context.Background(), bin, srv.ClientArgs(), dbs...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func firstDiff(a, b []byte) string { return rd.FirstDiff(a, b) }

// TestImportSakilaRoundTrip: importing Sakila's schema+data files and its mariadb-dump
// with dumpscope and re-dumping gives byte-identical output to importing them with the
// mariadb client.
func TestImportSakilaRoundTrip(t *testing.T) {
	requireSakila(t)
	cases := []struct {
		name  string
		files []string
		db    string
	}{
		{"schema+data", []string{"sakila-mv-schema.sql", "sakila-mv-data.sql"}, "sakila"},
		{"mariadb-dump", []string{"sakila-mariadb-dump.sql"}, "sakila"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var paths []string
			for _, f := range tc.files {
				paths = append(paths, filepath.Join(sakilaDir, f))
			}
			ref := testsandbox.Start(t)
			clientImport(t, ref, paths...)
			got := testsandbox.Start(t)
			for _, p := range paths {
				code, _, stderr := dumpscopeImport(t, got, []string{"--overwrite"}, p)
				if code != 0 {
					t.Fatalf("dumpscope import %s: exit %d: %s", p, code, stderr)
				}
			}
			want, have := redump(t, ref, tc.db), redump(t, got, tc.db)
			if !bytes.Equal(want, have) {
				t.Fatalf("re-dumps differ (%d vs %d bytes); first difference at %s", len(want), len(have), firstDiff(want, have))
			}
		})
	}
}

// TestImportParallelSakila: --parallel 2 gives the same database as the mariadb client on
// both Sakila layouts (schema-first with triggers that write film_text, and mariadb-dump).
func TestImportParallelSakila(t *testing.T) {
	requireSakila(t)
	for _, files := range [][]string{{"sakila-mv-schema.sql", "sakila-mv-data.sql"}, {"sakila-mariadb-dump.sql"}} {
		t.Run(files[0], func(t *testing.T) {
			ref := testsandbox.Start(t)
			got := testsandbox.Start(t)
			for _, f := range files {
				p := filepath.Join(sakilaDir, f)
				clientImport(t, ref, p)
				if code, _, stderr := dumpscopeImport(t, got, []string{"--overwrite", "--parallel", "2", "--batch-bytes", "64K", "--no-advisor"}, p); code != 0 {
					t.Fatalf("dumpscope import --parallel 2 %s: exit %d: %s", p, code, stderr)
				}
			}
			want, have := redump(t, ref, "sakila"), redump(t, got, "sakila")
			if !bytes.Equal(want, have) {
				t.Fatalf("re-dumps differ (%d vs %d bytes); first difference at %s", len(want), len(have), firstDiff(want, have))
			}
		})
	}
}

// genDump writes a generated dump of about size bytes with 16 KiB extended inserts (or
// one row per INSERT) to a temp file.
func genDump(t *testing.T, size int64, extended bool) string {
	t.Helper()
	o := gen.DefaultOptions()
	o.SizeBytes = size
	o.ExtendedInsert = extended
	o.RowsPerInsertBytes = 16 << 10
	return writeGenDump(t, o)
}

// writeGenDump writes the generated dump o describes to a temp file.
func writeGenDump(t *testing.T, o gen.Options) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "gen.sql")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gen.Write(f, o); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestImportParallelConcurrentAndIdentical: on a generated dump (sysbench-style tables, a
// table without a primary key, an Aria/MyISAM table, a trigger), --parallel 2 gives the
// same database as the serial import, and the server's general log shows two connections
// inserting into the same table interleaved — really at the same time, not one after the
// other — in the last table, and a worker loading the next table while another still
// loads the one before.
func TestImportParallelConcurrentAndIdentical(t *testing.T) {
	dump := genDump(t, 6<<20, true)
	serial := testsandbox.Start(t)
	par := testsandbox.Start(t, "general_log=1", "log_output=TABLE")
	if code, _, stderr := dumpscopeImport(t, serial, []string{"--no-advisor"}, dump); code != 0 {
		t.Fatalf("serial import: exit %d: %s", code, stderr)
	}
	if code, _, stderr := dumpscopeImport(t, par, []string{"--no-advisor", "--parallel", "2", "--batch-bytes", "64K"}, dump); code != 0 {
		t.Fatalf("parallel import: exit %d: %s", code, stderr)
	}
	want, have := redump(t, serial, gen.DefaultDatabase), redump(t, par, gen.DefaultDatabase)
	if !bytes.Equal(want, have) {
		t.Fatalf("re-dumps differ (%d vs %d bytes); first difference at %s", len(want), len(have), firstDiff(want, have))
	}

	db := openDB(t, par, "")
	workers := map[int64]bool{}
	for _, table := range []string{"sbtest1", "sbtest2", "sbtest3", "sbtest4"} {
		for _, id := range insertThreads(t, db, table, "1970-01-01") {
			workers[id] = true
		}
	}
	// sbtest1 is followed by three tables as big: a free worker goes on to sbtest2 while
	// another still inserts into sbtest1, instead of both contending for sbtest1's pages.
	var early int
	err := db.QueryRow("SELECT COUNT(*) FROM mysql.general_log n WHERE n.command_type='Query' AND n.argument LIKE 'INSERT INTO `sbtest2`%' AND n.event_time < (SELECT MAX(event_time) FROM mysql.general_log o WHERE o.argument LIKE 'INSERT INTO `sbtest1`%' AND o.thread_id <> n.thread_id)").Scan(&early)
	if err != nil {
		t.Fatal(err)
	}
	if early == 0 {
		t.Fatal("no INSERT into sbtest2 began before another connection's last INSERT into sbtest1: the workers took the tables one after the other")
	}
	t.Logf("%d INSERTs into sbtest2 began while sbtest1 was still loading on another connection", early)

	// The statements that follow a table's rows without blocking the stream (the MyISAM
	// table's ENABLE KEYS, the trigger after the orders rows) start only after the last
	// of those rows. The general log stamps a statement when it arrives, so the last
	// INSERT's stamp is before its COMMIT and before anything that waited for that.
	for _, c := range []struct{ after, stmt string }{
		{"INSERT INTO `legacy_counters`%", "%ALTER TABLE `legacy_counters` ENABLE KEYS%"},
		{"INSERT INTO `orders`%", "%CREATE%TRIGGER orders_after_insert%"},
	} {
		var lastRow, ran string
		var ranOn int64
		if err := db.QueryRow("SELECT CAST(MAX(event_time) AS CHAR) FROM mysql.general_log WHERE command_type='Query' AND argument LIKE ?", c.after).Scan(&lastRow); err != nil {
			t.Fatal(err)
		}
		if err := db.QueryRow("SELECT CAST(event_time AS CHAR), thread_id FROM mysql.general_log WHERE command_type='Query' AND argument LIKE ? ORDER BY event_time LIMIT 1", c.stmt).Scan(&ran, &ranOn); err != nil {
			t.Fatalf("%s: %v", c.stmt, err)
		}
		if ran <= lastRow {
			t.Errorf("%s started at %s, before the last %s at %s", c.stmt, ran, c.after, lastRow)
		}
		t.Logf("%s: last row at %s, ran at %s on connection %d (a worker: %v)", c.stmt, lastRow, ran, ranOn, workers[ranOn])
	}

	// A dump dominated by one table still goes parallel: both connections insert into it
	// by turns. With four equal tables the workers may rightly take one table each, so
	// this uses a dump whose single sbtest table has 75 % of the bytes and nothing after it
	// for a worker to go on to.
	o := gen.DefaultOptions()
	o.SizeBytes, o.Tables, o.RowsPerInsertBytes, o.Database = 6<<20, 1, 16<<10, "dumpscope_gen_one"
	one := writeGenDump(t, o)
	var since string
	if err := db.QueryRow("SELECT CAST(NOW(6) AS CHAR)").Scan(&since); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := dumpscopeImport(t, par, []string{"--no-advisor", "--parallel", "2", "--batch-bytes", "64K"}, one); code != 0 {
		t.Fatalf("parallel import of the one-table dump: exit %d: %s", code, stderr)
	}
	seq := insertThreads(t, db, "sbtest1", since)
	conns := map[int64]bool{}
	switches := 0
	for i, id := range seq {
		conns[id] = true
		if i > 0 && id != seq[i-1] {
			switches++
		}
	}
	// Two workers each taking whole batches in turn switch at batch boundaries; a serial
	// replay (or workers that only take turns table by table) never switches within a table.
	if len(conns) < 2 || switches < 2 {
		t.Fatalf("INSERTs into the one big table came from %d connection(s) with %d switches between them over %d statements; want ≥ 2 connections interleaved", len(conns), switches, len(seq))
	}
	t.Logf("one big table: %d INSERTs from %d connections, %d switches", len(seq), len(conns), switches)
}

// insertThreads lists, in arrival order, the connection ids of the INSERTs into table that
// srv's general log (log_output=TABLE) recorded after since.
func insertThreads(t *testing.T, db *sql.DB, table, since string) []int64 {
	t.Helper()
	rows, err := db.Query("SELECT thread_id FROM mysql.general_log WHERE command_type='Query' AND argument LIKE ? AND event_time > ? ORDER BY event_time", "INSERT INTO `"+table+"`%", since)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var seq []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		seq = append(seq, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return seq
}

// TestImportDeferIndexesSameSchema: --defer-indexes (serial and parallel) ends with the
// same schema and data as the client's import: the re-dumps are byte-identical, so the
// indexes came back with the same names, columns and order.
func TestImportDeferIndexesSameSchema(t *testing.T) {
	requireSakila(t)
	dumps := map[string]string{"sakila": filepath.Join(sakilaDir, "sakila-mariadb-dump.sql"), gen.DefaultDatabase: genDump(t, 4<<20, true)}
	for db, dump := range dumps {
		ref := testsandbox.Start(t)
		clientImport(t, ref, dump)
		want := redump(t, ref, db)
		for _, extra := range [][]string{{"--defer-indexes"}, {"--defer-indexes", "--parallel", "2", "--batch-bytes", "64K"}} {
			got := testsandbox.Start(t)
			if code, _, stderr := dumpscopeImport(t, got, append([]string{"--no-advisor"}, extra...), dump); code != 0 {
				t.Fatalf("%s %v: exit %d: %s", db, extra, code, stderr)
			}
			if have := redump(t, got, db); !bytes.Equal(want, have) {
				t.Fatalf("%s %v: re-dumps differ (%d vs %d bytes); first difference at %s", db, extra, len(want), len(have), firstDiff(want, have))
			}
		}
	}
}

// TestImportParallelForeignKeyChecksOn: a dump that leaves foreign_key_checks on (unlike
// mysqldump) loads in parallel without FK errors: a child table's rows wait until the
// parent rows they reference have committed on the other connections. The parent has no
// primary key, so its batches queue up on worker 0 while the child's could start at once
// on worker 1.
func TestImportParallelForeignKeyChecksOn(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("CREATE DATABASE fk;\nUSE fk;\nCREATE TABLE parent (id int NOT NULL, pad varchar(200), UNIQUE KEY (id));\nCREATE TABLE child (id int PRIMARY KEY, parent_id int, FOREIGN KEY (parent_id) REFERENCES parent (id));\n")
	pad := strings.Repeat("p", 180)
	for i := 0; i < 400; i++ {
		b.WriteString("INSERT INTO parent VALUES ")
		for j := 0; j < 50; j++ {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "(%d,'%s')", i*50+j, pad)
		}
		b.WriteString(";\n")
	}
	b.WriteString("INSERT INTO child VALUES (1, 19999), (2, 19998);\n")
	dump := writeDump(t, "fk.sql", b.Bytes())
	srv := testsandbox.Start(t)
	if code, _, stderr := dumpscopeImport(t, srv, []string{"--no-advisor", "--parallel", "2", "--batch-bytes", "1M"}, dump); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
}

// TestImportParallelKeepsOrderWhereItMatters: INSERT IGNORE (first row wins), REPLACE and
// ON DUPLICATE KEY UPDATE (last row wins) on colliding keys give the serial result under
// --parallel: such a table keeps stream order.
func TestImportParallelKeepsOrderWhereItMatters(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("CREATE DATABASE ord;\nUSE ord;\nCREATE TABLE ig (id int PRIMARY KEY, v varchar(100));\nCREATE TABLE rp (id int PRIMARY KEY, v varchar(100));\nCREATE TABLE du (id int PRIMARY KEY, v varchar(100));\n")
	// Each statement is larger than a batch, so each is a batch of its own, and the one
	// that collides with it comes right after: both are in flight at once.
	for _, stmt := range []string{"INSERT IGNORE INTO ig VALUES ", "REPLACE INTO rp VALUES ", "INSERT INTO du VALUES "} {
		for i := 0; i < 30; i++ {
			for _, v := range []string{"first", "second"} {
				b.WriteString(stmt)
				for j := 0; j < 50; j++ {
					if j > 0 {
						b.WriteByte(',')
					}
					fmt.Fprintf(&b, "(%d,'%s%s')", i*50+j, v, strings.Repeat(".", 80))
				}
				if strings.HasPrefix(stmt, "INSERT INTO du") {
					b.WriteString(" ON DUPLICATE KEY UPDATE v = VALUES(v)")
				}
				b.WriteString(";\n")
			}
		}
	}
	importsLikeSerial(t, writeDump(t, "ord.sql", b.Bytes()), "ord", []string{"--parallel", "2", "--batch-bytes", "4K"})
}

// importsLikeSerial imports dump serially, then with each of modes (extra flags) into a
// fresh sandbox, and fails unless every re-dump of database db equals the serial one.
func importsLikeSerial(t *testing.T, dump, db string, modes ...[]string) {
	t.Helper()
	serial := testsandbox.Start(t)
	if code, _, stderr := dumpscopeImport(t, serial, []string{"--no-advisor"}, dump); code != 0 {
		t.Fatalf("serial: exit %d\n%s", code, stderr)
	}
	want := redump(t, serial, db)
	for _, mode := range modes {
		srv := testsandbox.Start(t)
		if code, _, stderr := dumpscopeImport(t, srv, append([]string{"--no-advisor"}, mode...), dump); code != 0 {
			t.Fatalf("%v: exit %d\n%s", mode, code, stderr)
		}
		if have := redump(t, srv, db); !bytes.Equal(want, have) {
			t.Fatalf("%v: result differs from serial; first difference at %s", mode, firstDiff(want, have))
		}
	}
}

// TestImportParallelPostDataDDL: a dump that puts its keys, constraints and triggers after
// the rows (mysqlpump --defer-table-indexes, hand-made dumps), with more rows after a
// trigger exists and a view at the end. The statements after the rows run as barrier
// items on the workers; the result must equal the serial import's: the foreign key is
// validated against all rows (foreign_key_checks is on), the rows after the trigger fire
// it, and the view sees the final tables.
func TestImportParallelPostDataDDL(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("CREATE DATABASE post;\nUSE post;\nSET foreign_key_checks = 1;\n" +
		"CREATE TABLE parent (id int PRIMARY KEY, v varchar(100));\n" +
		"CREATE TABLE child (id int PRIMARY KEY, parent_id int NOT NULL, v varchar(100));\n" +
		"CREATE TABLE log (n int AUTO_INCREMENT PRIMARY KEY, child_id int);\n")
	rows := func(table string, from, to int) {
		for i := from; i < to; i += 40 {
			fmt.Fprintf(&b, "INSERT INTO %s VALUES ", table)
			for j := i; j < i+40; j++ {
				if j > i {
					b.WriteByte(',')
				}
				if table == "parent" {
					fmt.Fprintf(&b, "(%d,'p%d%s')", j, j%7, strings.Repeat(".", 60))
				} else {
					fmt.Fprintf(&b, "(%d,%d,'c%d%s')", j, j%400, j%5, strings.Repeat(".", 60))
				}
			}
			b.WriteString(";\n")
		}
	}
	rows("parent", 0, 400)
	rows("child", 0, 1200)
	b.WriteString("ALTER TABLE parent ADD KEY k_v (v);\n" +
		"CREATE INDEX k_pv ON child (parent_id, v);\n" +
		"ALTER TABLE child ADD CONSTRAINT fk_parent FOREIGN KEY (parent_id) REFERENCES parent (id);\n" +
		"CREATE TRIGGER child_ai AFTER INSERT ON child FOR EACH ROW INSERT INTO log (child_id) VALUES (NEW.id);\n")
	rows("child", 1200, 1600)
	b.WriteString("CREATE VIEW per_parent AS SELECT p.id, COUNT(c.id) AS children FROM parent p LEFT JOIN child c ON c.parent_id = p.id GROUP BY p.id;\n" +
		"ALTER TABLE log ADD KEY k_child (child_id);\n")
	importsLikeSerial(t, writeDump(t, "post.sql", b.Bytes()), "post",
		[]string{"--batch-bytes", "4K", "--parallel", "2"}, []string{"--batch-bytes", "4K", "--parallel", "3", "--defer-indexes"})
}

// TestImportParallelSpoolUnavailable: when the read-ahead spool cannot be created ($TMPDIR
// missing, a full disk), --parallel goes on with the memory queue alone and gives the
// serial result.
func TestImportParallelSpoolUnavailable(t *testing.T) {
	dump := genDump(t, 2<<20, true)
	serial, par := testsandbox.Start(t), testsandbox.Start(t)
	if code, _, stderr := dumpscopeImport(t, serial, []string{"--no-advisor"}, dump); code != 0 {
		t.Fatalf("serial import: exit %d: %s", code, stderr)
	}
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing")) // after the sandboxes: they use it
	if code, _, stderr := dumpscopeImport(t, par, []string{"--no-advisor", "--parallel", "2", "--batch-bytes", "16K"}, dump); code != 0 {
		t.Fatalf("parallel import without a spool: exit %d: %s", code, stderr)
	}
	if want, have := redump(t, serial, gen.DefaultDatabase), redump(t, par, gen.DefaultDatabase); !bytes.Equal(want, have) {
		t.Fatalf("re-dumps differ; first difference at %s", firstDiff(want, have))
	}
}

// TestImportRowCounts: the summary lists, per table, the rows the dump carried and
// COUNT(*) in the server, and marks a table where they differ (INSERT IGNORE dropped a
// duplicate); --skip-row-counts leaves the table out.
func TestImportRowCounts(t *testing.T) {
	dump := writeDump(t, "counts.sql", []byte("DROP DATABASE IF EXISTS rc;\nCREATE DATABASE rc;\nUSE rc;\nCREATE TABLE a (id int PRIMARY KEY);\nCREATE TABLE b (id int PRIMARY KEY);\n"+
		"INSERT INTO a VALUES (1),(2),(3);\nINSERT IGNORE INTO b VALUES (1),(1),(2);\n"))
	srv := testsandbox.Start(t)
	code, stdout, stderr := dumpscopeImport(t, srv, []string{"--no-advisor"}, dump)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^table\s+dump rows\s+server rows$`),
		regexp.MustCompile(`(?m)^rc\.a\s+3\s+3$`),
		regexp.MustCompile(`(?m)^rc\.b\s+3\s+2  differs$`),
	} {
		if !want.MatchString(stdout) {
			t.Errorf("summary does not match %s:\n%s", want, stdout)
		}
	}
	code, stdout, stderr = dumpscopeImport(t, srv, []string{"--no-advisor", "--overwrite", "--skip-row-counts"}, dump)
	if code != 0 {
		t.Fatalf("--skip-row-counts: exit %d: %s", code, stderr)
	}
	if strings.Contains(stdout, "server rows") || !strings.Contains(stdout, "dumpscope: finished") {
		t.Errorf("--skip-row-counts: want the summary without the row counts:\n%s", stdout)
	}
	// Under --force, the rows of a statement the server refused are still the dump's:
	// 6 rows in the dump, 3 in the server, marked.
	forced := writeDump(t, "forced.sql", []byte("DROP DATABASE IF EXISTS rc;\nCREATE DATABASE rc;\nUSE rc;\nCREATE TABLE c (id int PRIMARY KEY);\n"+
		"INSERT INTO c VALUES (1),(2),(3);\nINSERT INTO c VALUES (3),(4),(5);\n"))
	for _, args := range [][]string{{"--no-advisor", "--overwrite", "--force"}, {"--no-advisor", "--overwrite", "--force", "--parallel", "2"}} {
		code, stdout, stderr = dumpscopeImport(t, srv, args, forced)
		if code != exitSQLErrors {
			t.Fatalf("%v: exit %d, want %d: %s", args, code, exitSQLErrors, stderr)
		}
		if want := regexp.MustCompile(`(?m)^rc\.c\s+6\s+3  differs$`); !want.MatchString(stdout) {
			t.Errorf("%v: summary does not match %s:\n%s", args, want, stdout)
		}
	}
}

// TestImportParallelTriggerReach: tables a trigger reaches beyond the ones it inserts into
// by name keep stream order too, so --parallel gives the client's result: a trigger that
// CALLs a procedure or calls a stored function (which update a table loaded later), a
// BEFORE INSERT trigger that reads a table loaded later (the client sees it empty), and
// a trigger that updates a table of another database. With foreign_key_checks left on, rows of a table that
// references itself keep stream order (a row may name one earlier in the table). An
// INSERT that leaves the AUTO_INCREMENT id to the server runs after the rows before it
// (it failed with a duplicate key, or took a lower id).
func TestImportParallelTriggerReach(t *testing.T) {
	var b bytes.Buffer
	rows := func(table string, n int, row func(i int) string) {
		for i := 1; i <= n; {
			fmt.Fprintf(&b, "INSERT INTO `%s` VALUES ", table)
			for j := 0; j < 40 && i <= n; j, i = j+1, i+1 {
				if j > 0 {
					b.WriteByte(',')
				}
				b.WriteString(row(i))
			}
			b.WriteString(";\n")
		}
	}
	pad := strings.Repeat("p", 80)
	b.WriteString("/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;\n")
	b.WriteString("CREATE DATABASE trb;\nCREATE TABLE trb.counters (k int PRIMARY KEY, n bigint);\n")
	b.WriteString("CREATE DATABASE tra;\nUSE tra;\n")
	b.WriteString("CREATE TABLE orders (id int PRIMARY KEY, v varchar(100));\nCREATE TABLE totals (k int PRIMARY KEY, n bigint);\n")
	b.WriteString("CREATE TABLE items (id int PRIMARY KEY, pid int, price int, v varchar(100));\nCREATE TABLE prices (id int PRIMARY KEY, p int, v varchar(100));\n")
	b.WriteString("CREATE TABLE events (id int PRIMARY KEY, v varchar(100));\n")
	b.WriteString("DELIMITER ;;\nCREATE PROCEDURE bump() BEGIN UPDATE totals SET n=n+1 WHERE k=1; END ;;\n")
	b.WriteString("/*!50003 CREATE*/ /*!50003 TRIGGER orders_ai AFTER INSERT ON orders FOR EACH ROW CALL bump() */;;\n")
	b.WriteString("/*!50003 CREATE*/ /*!50003 TRIGGER items_bi BEFORE INSERT ON items FOR EACH ROW SET NEW.price = (SELECT p FROM prices WHERE id = NEW.pid) */;;\n")
	b.WriteString("/*!50003 CREATE*/ /*!50003 TRIGGER events_ai AFTER INSERT ON events FOR EACH ROW UPDATE `trb`.`counters` SET n=n+1 WHERE k=1 */;;\n")
	b.WriteString("DELIMITER ;\n")
	rows("orders", 3000, func(i int) string { return fmt.Sprintf("(%d,'%s')", i, pad) })
	rows("items", 3000, func(i int) string { return fmt.Sprintf("(%d,%d,NULL,'%s')", i, i, pad) })
	rows("events", 3000, func(i int) string { return fmt.Sprintf("(%d,'%s')", i, pad) })
	rows("totals", 1, func(int) string { return "(1,0)" })
	rows("prices", 3000, func(i int) string { return fmt.Sprintf("(%d,%d,'%s')", i, i*10, pad) })
	b.WriteString("INSERT INTO trb.counters VALUES (1,0);\n")
	b.WriteString("SET FOREIGN_KEY_CHECKS=1;\nCREATE TABLE emp (id int PRIMARY KEY, boss int, v varchar(100), FOREIGN KEY (boss) REFERENCES emp (id));\n")
	rows("emp", 3000, func(i int) string {
		if i == 1 {
			return fmt.Sprintf("(1,NULL,'%s')", pad)
		}
		return fmt.Sprintf("(%d,%d,'%s')", i, i-1, pad)
	})
	ref, got := testsandbox.Start(t), testsandbox.Start(t)
	// sameAsClient imports what b holds with the client into ref and with dumpscope
	// --parallel (args) into got, and compares the re-dumps of dbs.
	sameAsClient := func(name string, dbs []string, args ...string) {
		t.Helper()
		dump := writeDump(t, name+".sql", b.Bytes())
		clientImport(t, ref, dump)
		if code, _, stderr := dumpscopeImport(t, got, append([]string{"--no-advisor", "--parallel"}, args...), dump); code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, stderr)
		}
		if want, have := redump(t, ref, dbs...), redump(t, got, dbs...); !bytes.Equal(want, have) {
			t.Fatalf("%s: re-dumps differ (%d vs %d bytes); first difference at %s", name, len(want), len(have), firstDiff(want, have))
		}
	}
	sameAsClient("trigger-reach", []string{"tra", "trb"}, "3", "--batch-bytes", "16K")

	// Batches of 1 MB, so that the last INSERT would run while several are in flight.
	b.Reset()
	b.WriteString("CREATE DATABASE trc;\nUSE trc;\nCREATE TABLE ai (id int AUTO_INCREMENT PRIMARY KEY, v varchar(100));\n")
	rows("ai", 50000, func(i int) string { return fmt.Sprintf("(%d,'%s')", i, pad) })
	b.WriteString("SET SQL_MODE='';\nINSERT INTO ai (v) VALUES ('generated');\n")
	sameAsClient("autoinc", []string{"trc"}, "2", "--batch-bytes", "1M")

	// A stored function, on its own: the CALL above makes every table keep stream order.
	b.Reset()
	b.WriteString("CREATE DATABASE trd;\nUSE trd;\nCREATE TABLE fx (id int PRIMARY KEY, v varchar(100));\nCREATE TABLE fcount (k int PRIMARY KEY, n bigint);\n")
	b.WriteString("DELIMITER ;;\nCREATE FUNCTION fbump() RETURNS int MODIFIES SQL DATA BEGIN UPDATE fcount SET n=n+1 WHERE k=1; RETURN 1; END ;;\n")
	b.WriteString("/*!50003 CREATE*/ /*!50003 TRIGGER fx_ai AFTER INSERT ON fx FOR EACH ROW SET @x = `fbump` () */;;\nDELIMITER ;\n")
	rows("fx", 3000, func(i int) string { return fmt.Sprintf("(%d,'%s')", i, pad) })
	rows("fcount", 1, func(int) string { return "(1,0)" })
	sameAsClient("function", []string{"trd"}, "3", "--batch-bytes", "16K")
}

// TestResumeCommandSandbox: a sandbox removed at the end has nothing to resume; a kept
// one is resumed into over its socket, without the flags that would start a new one.
func TestResumeCommandSandbox(t *testing.T) {
	var errb bytes.Buffer
	o := &importOptions{sandbox: true, command: []string{"dumpscope", "import", "--sandbox", "--parallel", "2", "--sandbox-set", "innodb_log_file_size=4M", "d.sql"}}
	printResumeCommand(o, "j", stdio{Err: &errb})
	if !strings.Contains(errb.String(), "nothing to resume") || strings.Contains(errb.String(), "--resume") {
		t.Errorf("removed sandbox: %s", errb.String())
	}
	errb.Reset()
	o.keepSandbox, o.sandboxSocket = true, "/tmp/s/mysqld.sock"
	o.command = append(o.command, "--keep-sandbox")
	printResumeCommand(o, "j", stdio{Err: &errb})
	want := "dumpscope import --resume --checkpoint j --no-defaults -u root -S /tmp/s/mysqld.sock --parallel 2 d.sql\n"
	if !strings.HasSuffix(errb.String(), want) {
		t.Errorf("kept sandbox:\n%s\nwant it to end in\n%s", errb.String(), want)
	}
}
