package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestImportBadInput: each kind of bad input ends with a one-line error that names the
// file and the place, the documented exit code, and nothing executed past it.
func TestImportBadInput(t *testing.T) {
	srv := testsandbox.Start(t, "max_allowed_packet=1M")
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	gz := func(data []byte) []byte {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write(data)
		w.Close()
		return b.Bytes()
	}
	body := []byte("CREATE DATABASE IF NOT EXISTS bad;\nUSE bad;\nCREATE TABLE IF NOT EXISTS t (a int PRIMARY KEY, s varchar(10));\n")
	var big bytes.Buffer
	big.Write(body)
	for i := 0; i < 4000; i++ {
		fmt.Fprintf(&big, "INSERT INTO t VALUES (%d, 'x');\n", 1000+i)
	}
	full := gz(big.Bytes())
	huge := append(append([]byte{}, body...), []byte("INSERT INTO t VALUES (1,'"+strings.Repeat("y", 2<<20)+"');\n")...)

	tests := []struct {
		name  string
		file  string
		flags []string
		code  int
		want  string // regexp on the last stderr line
	}{
		{"truncated gzip", write("trunc.sql.gz", full[:len(full)/2]), nil, exitFailure,
			`trunc\.sql\.gz: gzip input, uncompressed offset \d+ \(compressed offset \d+\): truncated gzip stream`},
		{"corrupt gzip", write("corrupt.sql.gz", append(append([]byte{}, full[:20]...), bytes.Repeat([]byte{0xff}, 200)...)), nil, exitFailure,
			`corrupt\.sql\.gz: .*gzip.*`},
		{"unterminated string", write("unterm.sql", append(append([]byte{}, body...), "INSERT INTO t VALUES (2, 'abc);\n"...)), nil, exitFailure,
			`unterm\.sql: offset 134, line 4: unterminated .*string`},
		{"raw NUL", write("nul.sql", append(append([]byte{}, body...), "INSERT INTO t VALUES (3, 'a\x00b');\n"...)), nil, exitFailure,
			`nul\.sql: offset 136, line 4: NUL byte`},
		{"statement over max_allowed_packet", write("huge.sql", huge), nil, exitFailure,
			`huge\.sql: offset 108, line 4: insert .t.: statement is \d+ bytes, larger than the server's max_allowed_packet \(1048576\); raise it: SET GLOBAL max_allowed_packet=4194304`},
		{"SQL error", write("dup.sql", append(append([]byte{}, body...), "INSERT INTO t VALUES (5,'a');\nINSERT INTO t VALUES (5,'b');\n"...)), nil, exitFailure,
			`dup\.sql: offset 138, line 5: insert .t.: ERROR 1062 \(23000\): Duplicate entry '5' for key 'PRIMARY': INSERT INTO t VALUES \(5,'b'\)`},
		{"SQL error under --force", write("dup2.sql", append(append([]byte{}, body...), "INSERT INTO t VALUES (6,'a');\nINSERT INTO t VALUES (6,'b');\nINSERT INTO t VALUES (7,'c');\n"...)), []string{"--force"}, exitSQLErrors,
			`dumpscope: 1 SQL errors were skipped under --force:`},
		{"shell escape refused", write("shell.sql", append(append([]byte{}, body...), "\\! touch /tmp/dumpscope-pwned\n"...)), nil, exitFailure,
			`shell\.sql: offset 108, line 4: client: client command system "touch" would act on the client machine`},
		{"system refused", write("system.sql", append(append([]byte{}, body...), "system touch /tmp/dumpscope-pwned\n"...)), nil, exitFailure,
			`system\.sql: offset 108, line 4: client: client command system`},
		{"source refused", write("source.sql", append(append([]byte{}, body...), "source /etc/passwd\n"...)), nil, exitFailure,
			`source\.sql: offset 108, line 4: client: client command source "/etc/passwd"`},
		{"LOAD DATA LOCAL refused", write("local.sql", append(append([]byte{}, body...), "LOAD DATA LOCAL INFILE '/etc/passwd' INTO TABLE t;\n"...)), nil, exitFailure,
			`local\.sql: offset 108, line 4: other: LOAD DATA LOCAL INFILE reads files on the client machine; refused`},
		{"missing file", filepath.Join(dir, "nope.sql"), nil, exitFailure, `nope\.sql: .*no such file`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := dumpscopeImport(t, srv, append([]string{"--no-advisor", "--overwrite"}, tc.flags...), tc.file)
			if code != tc.code {
				t.Errorf("exit code %d, want %d\nstderr:\n%s", code, tc.code, stderr)
			}
			all := stderr + stdout
			if !regexp.MustCompile(tc.want).MatchString(all) {
				t.Errorf("output does not match %q:\n%s", tc.want, all)
			}
			if _, err := os.Stat("/tmp/dumpscope-pwned"); err == nil {
				os.Remove("/tmp/dumpscope-pwned")
				t.Fatal("a client command from the dump was executed")
			}
		})
	}
}

// TestImportPreflight: a dump that would drop existing tables is refused before its first
// statement (file) or before the offending one (stdin), naming them, and runs with
// --overwrite; DEFINER clauses for another account are refused for an account without
// SUPER/SET USER and pass with --strip-definers.
func TestImportPreflight(t *testing.T) {
	srv := testsandbox.Start(t)
	db := openDB(t, srv, "")
	for _, q := range []string{
		"CREATE DATABASE shop", "CREATE TABLE shop.orders (id int PRIMARY KEY)", "INSERT INTO shop.orders VALUES (1),(2),(3)",
		"CREATE USER loader@localhost", "GRANT ALL PRIVILEGES ON shop2.* TO loader@localhost",
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	dir := t.TempDir()
	dump := filepath.Join(dir, "shop.sql")
	os.WriteFile(dump, []byte("CREATE TABLE IF NOT EXISTS fresh (id int);\nDROP TABLE IF EXISTS `orders`;\nCREATE TABLE `orders` (id int PRIMARY KEY);\nINSERT INTO `orders` VALUES (9);\n"), 0o644)
	rows := func() int {
		var n int
		if err := db.QueryRow("SELECT COUNT(*) FROM shop.orders").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	code, _, stderr := dumpscopeImport(t, srv, []string{"--no-advisor", "-D", "shop"}, dump)
	if code != exitFailure || !strings.Contains(stderr, "DROP TABLE `shop`.`orders` (offset 42, line 2)") || !strings.Contains(stderr, "rerun with --overwrite") {
		t.Fatalf("file: exit %d, want 1 naming `shop`.`orders`:\n%s", code, stderr)
	}
	var fresh int
	db.QueryRow("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_NAME='fresh'").Scan(&fresh)
	if rows() != 3 || fresh != 0 {
		t.Fatalf("a refused file import executed statements: orders has %d rows, fresh exists=%d", rows(), fresh)
	}

	var out, errb bytes.Buffer
	data, _ := os.ReadFile(dump)
	code = runCommand([]string{"import", "--no-defaults", "-u", "root", "-S", srv.Socket, "--no-advisor", "-D", "shop", "-"}, stdio{In: bytes.NewReader(data), Out: &out, Err: &errb})
	if code != exitFailure || !strings.Contains(errb.String(), "stdin: the dump would DROP TABLE `shop`.`orders` (offset 42, line 2)") || rows() != 3 {
		t.Fatalf("stdin: exit %d, %d rows left; want 1, 3 rows:\n%s", code, rows(), errb.String())
	}

	if code, _, stderr := dumpscopeImport(t, srv, []string{"--no-advisor", "-D", "shop", "--overwrite"}, dump); code != 0 || rows() != 1 {
		t.Fatalf("--overwrite: exit %d, %d rows; want 0 and 1 row:\n%s", code, rows(), stderr)
	}

	trig := filepath.Join(dir, "trig.sql")
	os.WriteFile(trig, []byte("CREATE DATABASE shop2;\nUSE shop2;\nCREATE TABLE t (a int);\nDELIMITER ;;\n/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.a = 1 */;;\nDELIMITER ;\n"), 0o644)
	loader := func(extra ...string) (int, string) {
		var out, errb bytes.Buffer
		args := append([]string{"import", "--no-defaults", "-u", "loader", "-S", srv.Socket, "--no-advisor"}, extra...)
		code := runCommand(append(args, trig), stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
		return code, errb.String()
	}
	if code, stderr := loader(); code != exitFailure || !strings.Contains(stderr, "trig.sql: offset 71, line 5: routine `tr` sets DEFINER=root@localhost, which loader@localhost may not assign") {
		t.Fatalf("definer: exit %d, want 1 with the definer named:\n%s", code, stderr)
	}
	if code, stderr := loader("--strip-definers"); code != 0 {
		t.Fatalf("--strip-definers: exit %d:\n%s", code, stderr)
	}
	var definer string
	if err := db.QueryRow("SELECT DEFINER FROM information_schema.TRIGGERS WHERE TRIGGER_NAME='tr'").Scan(&definer); err != nil || definer != "loader@localhost" {
		t.Fatalf("trigger definer = %q (%v), want loader@localhost", definer, err)
	}
}

// TestImportParallelFailureOffset: when a batch fails under --parallel, batches of other
// connections may be ahead of it or behind it. Those before it still run, and the
// summary's "everything up to offset X was executed" must hold: every row of the
// statements that end before X is in the server, X is the failed batch's start, and the
// error names the failed statement (the first in the stream when two fail).
func TestImportParallelFailureOffset(t *testing.T) {
	srv := testsandbox.Start(t)
	var dump bytes.Buffer
	dump.WriteString("CREATE DATABASE pfail;\nUSE pfail;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(64));\n")
	type stmt struct{ end, rows int }
	var stmts []stmt
	bad := -1
	id := 0
	for i := 0; i < 200; i++ {
		start := dump.Len()
		dump.WriteString("INSERT INTO t VALUES ")
		for r := 0; r < 40; r++ {
			id++
			v, val := id, "'"+strings.Repeat("v", 50)+"'"
			if (i == 118 || i == 130) && r == 20 {
				v = 5 // a duplicate key: ERROR 1062 in the middle of the rows
				if bad < 0 {
					bad = start
					// The first failure in the stream comes second in time: its row
					// sleeps a second while the other connection reaches statement 130.
					val = "IF(SLEEP(1)=0,'slow','')"
				}
			}
			if r > 0 {
				dump.WriteByte(',')
			}
			fmt.Fprintf(&dump, "(%d,%s)", v, val)
		}
		dump.WriteString(";\n")
		stmts = append(stmts, stmt{dump.Len(), 40})
	}
	path := writeDump(t, "pfail.sql", dump.Bytes())
	code, stdout, stderr := dumpscopeImport(t, srv, []string{"--no-advisor", "--parallel", "2", "--batch-bytes", "8K"}, path)
	if code != exitFailure {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, exitFailure, stdout, stderr)
	}
	// Two statements fail, in batches that run at once on two connections, the later one
	// first; the one reported is the first in the stream: line 122 (three lines of DDL,
	// then one INSERT per line). Its offset is where its span begins, the newline
	// before it.
	if !regexp.MustCompile(fmt.Sprintf(`offset %d, line 122: insert .*ERROR 1062`, bad-1)).MatchString(stderr) {
		t.Errorf("the error does not name the first failed statement (offset %d, line 122, ERROR 1062):\n%s", bad-1, stderr)
	}
	m := regexp.MustCompile(`everything up to offset (\d+) of`).FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("no \"everything up to offset\" in the summary:\n%s", stdout)
	}
	var upTo int
	fmt.Sscan(m[1], &upTo)
	if upTo > bad {
		t.Errorf("summary says everything up to offset %d ran, past the failed statement at %d", upTo, bad)
	}
	// Batches before the failed one (8K each) still run; only the failed batch's
	// earlier statements roll back with it.
	if bad-upTo > 8<<10 {
		t.Errorf("summary says everything up to offset %d ran: more than the failed batch before %d was left out", upTo, bad)
	}
	want := 0
	for _, s := range stmts {
		if s.end <= upTo {
			want += s.rows
		}
	}
	db := openDB(t, srv, "pfail")
	var below int
	if err := db.QueryRow("SELECT COUNT(*) FROM t WHERE id <= ?", want).Scan(&below); err != nil {
		t.Fatal(err)
	}
	if below != want {
		t.Errorf("summary says everything up to offset %d ran (%d rows), but the server has %d of them", upTo, want, below)
	}
	t.Logf("failed at %d; everything up to %d (%d rows) ran; summary: %s", bad, upTo, want, strings.TrimSpace(m[0]))
}

// TestImportDeferIndexesFailureKeepsSchema: --defer-indexes holds a table's plain keys
// back until its rows are in. When a run that cannot be resumed (stdin without
// --checkpoint) fails before that point, the keys are still added: the tables it created
// must not be left without them.
func TestImportDeferIndexesFailureKeepsSchema(t *testing.T) {
	srv := testsandbox.Start(t)
	var dump bytes.Buffer
	dump.WriteString("CREATE DATABASE dfail;\nUSE dfail;\n" +
		"CREATE TABLE `t` (\n  `id` int(11) NOT NULL,\n  `k` int(11) NOT NULL,\n  PRIMARY KEY (`id`),\n  KEY `k_1` (`k`)\n) ENGINE=InnoDB;\n")
	for i := 0; i < 20; i++ {
		fmt.Fprintf(&dump, "INSERT INTO t VALUES (%d,%d),(%d,%d);\n", 2*i, i, 2*i+1, i)
	}
	// ERROR 1064 on the control connection, in a statement of another table, which stops
	// the stream before t's ENABLE KEYS.
	dump.WriteString("CREATE TABLE u (id int PRIMARY KEY, bogus);\n")
	dump.WriteString("/*!40000 ALTER TABLE `t` ENABLE KEYS */;\n")
	var out, errb bytes.Buffer
	args := []string{"import", "--no-defaults", "-u", "root", "-S", srv.Socket, "--no-advisor", "--parallel", "2", "--defer-indexes", "-"}
	code := runCommand(args, stdio{In: bytes.NewReader(dump.Bytes()), Out: &out, Err: &errb})
	if code != exitFailure || !strings.Contains(errb.String(), "1064") {
		t.Fatalf("exit %d, want %d with ERROR 1064\nstdout:\n%s\nstderr:\n%s", code, exitFailure, out.String(), errb.String())
	}
	db := openDB(t, srv, "dfail")
	var name, create string
	if err := db.QueryRow("SHOW CREATE TABLE t").Scan(&name, &create); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(create, "KEY `k_1` (`k`)") {
		t.Errorf("after the failed run, t lacks the key held back:\n%s", create)
	}
}

// TestImportDeferIndexesCreateFails: under --force a CREATE TABLE that fails because the
// table exists (the dump has no DROP) does not hand its held-back keys to the table that
// was there: --defer-indexes must not add keys to a table the dump did not create.
func TestImportDeferIndexesCreateFails(t *testing.T) {
	srv := testsandbox.Start(t)
	db := openDB(t, srv, "")
	for _, q := range []string{"CREATE DATABASE dexist", "CREATE TABLE dexist.t (id int PRIMARY KEY, k int NOT NULL)"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	dump := "USE dexist;\n" +
		"CREATE TABLE `t` (\n  `id` int(11) NOT NULL,\n  `k` int(11) NOT NULL,\n  PRIMARY KEY (`id`),\n  KEY `k_1` (`k`)\n) ENGINE=InnoDB;\n" +
		"INSERT INTO t VALUES (1,1),(2,2);\n"
	path := writeDump(t, "dexist.sql", []byte(dump))
	code, stdout, stderr := dumpscopeImport(t, srv, []string{"--no-advisor", "--parallel", "2", "--defer-indexes", "--force", "--overwrite"}, path)
	if code != exitSQLErrors || !strings.Contains(stdout, "1050") {
		t.Fatalf("exit %d, want %d with ERROR 1050 listed\nstdout:\n%s\nstderr:\n%s", code, exitSQLErrors, stdout, stderr)
	}
	var name, create string
	if err := db.QueryRow("SHOW CREATE TABLE dexist.t").Scan(&name, &create); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(create, "k_1") {
		t.Errorf("the existing table got the failed CREATE's key:\n%s", create)
	}
}
