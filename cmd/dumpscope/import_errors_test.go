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
			`huge\.sql: offset 108, line 4: insert .t.: statement is \d+ bytes, larger than the server's max_allowed_packet \(1048576\); raise it: SET GLOBAL max_allowed_packet=3145728`},
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
