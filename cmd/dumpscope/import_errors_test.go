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
			`huge\.sql: offset 108, line 4: INSERT .t.: statement is \d+ bytes, larger than the server's max_allowed_packet \(1048576\); raise it: SET GLOBAL max_allowed_packet=4194304`},
		{"SQL error", write("dup.sql", append(append([]byte{}, body...), "INSERT INTO t VALUES (5,'a');\nINSERT INTO t VALUES (5,'b');\n"...)), nil, exitFailure,
			`dup\.sql: offset 138, line 5: INSERT .t.: ERROR 1062 \(23000\): Duplicate entry '5' for key 'PRIMARY': INSERT INTO t VALUES \(5,'b'\)`},
		{"SQL error under --force", write("dup2.sql", append(append([]byte{}, body...), "INSERT INTO t VALUES (6,'a');\nINSERT INTO t VALUES (6,'b');\nINSERT INTO t VALUES (7,'c');\n"...)), []string{"--force"}, exitSQLErrors,
			`dumpscope: 1 SQL errors were skipped under --force:`},
		{"shell escape refused", write("shell.sql", append(append([]byte{}, body...), "\\! touch /tmp/dumpscope-pwned\n"...)), nil, exitFailure,
			`shell\.sql: offset 108, line 4: client: client command system "touch" would act on the client machine`},
		{"system refused", write("system.sql", append(append([]byte{}, body...), "system touch /tmp/dumpscope-pwned\n"...)), nil, exitFailure,
			`system\.sql: offset 108, line 4: client: client command system`},
		{"source refused", write("source.sql", append(append([]byte{}, body...), "source /etc/passwd\n"...)), nil, exitFailure,
			`source\.sql: offset 108, line 4: client: client command source "/etc/passwd"`},
		{"LOAD DATA LOCAL refused", write("local.sql", append(append([]byte{}, body...), "LOAD DATA LOCAL INFILE '/etc/passwd' INTO TABLE t;\n"...)), nil, exitFailure,
			`local\.sql: offset 108, line 4: LOAD DATA: LOAD DATA LOCAL INFILE reads files on the client machine; refused`},
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

	code, _, stderr := dumpscopeImport(t, srv, []string{"--no-advisor", "-D", "shop", "--preflight-scan"}, dump)
	if code != exitFailure || !strings.Contains(stderr, "DROP TABLE `shop`.`orders` (offset 42, line 2)") || !strings.Contains(stderr, "rerun with --overwrite") {
		t.Fatalf("file: exit %d, want 1 naming `shop`.`orders`:\n%s", code, stderr)
	}
	var fresh int
	db.QueryRow("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_NAME='fresh'").Scan(&fresh)
	if rows() != 3 || fresh != 0 {
		t.Fatalf("a refused file import executed statements: orders has %d rows, fresh exists=%d", rows(), fresh)
	}
	// Without --preflight-scan (and no terminal to ask) the file is read once, each
	// statement checked just before it runs: fresh is made, the DROP refused before it runs.
	code, _, stderr = dumpscopeImport(t, srv, []string{"--no-advisor", "-D", "shop"}, dump)
	if code != exitFailure || !strings.Contains(stderr, "shop.sql: the dump would DROP TABLE `shop`.`orders` (offset 42, line 2), which exists in the target; stopped before it") || rows() != 3 {
		t.Fatalf("file read once: exit %d, %d rows left; want 1, 3 rows:\n%s", code, rows(), stderr)
	}
	if _, err := db.Exec("DROP TABLE shop.fresh"); err != nil {
		t.Fatal(err)
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
	if code, stderr := loader(); code != exitFailure || !strings.Contains(stderr, "trig.sql: offset 71, line 5: CREATE TRIGGER `tr` sets DEFINER=root@localhost, which loader@localhost may not assign") {
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
