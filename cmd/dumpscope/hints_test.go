package main

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

func TestErrorHint(t *testing.T) {
	tests := []struct{ msg, want string }{
		{"connect root@localhost via /run/mysqld/mysqld.sock: Error 1045 (28000): Access denied for user 'root'@'localhost' (using password: NO)", "add -p"},
		{"Error 1045 (28000): Access denied for user 'app'@'localhost' (using password: YES)", "check the user (-u) and the password"},
		{"connect root@localhost via /run/mysqld/mysqld.sock: dial unix /run/mysqld/mysqld.sock: connect: no such file or directory", "-S PATH"},
		{"dial unix /tmp/s.sock: connect: connection refused", "is the server running?"},
		{"dial tcp 127.0.0.1:3307: connect: connection refused", "check -h and -P"},
		{"open connection 3: Error 1040: Too many connections", "smaller --parallel"},
		{"Error 1049 (42000): Unknown database 'shop'", "-D"},
		{"offset 12, line 3: Error 1062 (23000): Duplicate entry '1' for key 'PRIMARY'", ""},
	}
	for _, tt := range tests {
		got := errorHint(tt.msg)
		if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
			t.Errorf("errorHint(%q) = %q, want it to contain %q", tt.msg, got, tt.want)
		}
	}
}

// TestHintWriter: a whole error line gets its hint after it; progress and partial writes
// pass untouched and at once.
func TestHintWriter(t *testing.T) {
	var b bytes.Buffer
	w := &hintWriter{w: &b, cmd: "import"}
	w.Write([]byte("\r 12.0% 1.2 MiB/s"))
	w.Write([]byte("dumpscope import: Error 1040: Too many connections\n"))
	w.Write([]byte("dumpscope: importing x.sql\n"))
	want := "\r 12.0% 1.2 MiB/s" +
		"dumpscope import: Error 1040: Too many connections\n" +
		"dumpscope import: hint: the server's max_connections is reached: use a smaller --parallel, or raise it (SET GLOBAL max_connections = …)\n" +
		"dumpscope: importing x.sql\n"
	if b.String() != want {
		t.Errorf("got %q\nwant %q", b.String(), want)
	}
	var out bytes.Buffer
	printError(&out, "advise", errors.New("dial tcp 10.0.0.1:3306: connect: connection refused"))
	if !strings.Contains(out.String(), "dumpscope advise: hint: nothing listens") {
		t.Errorf("printError: %q", out.String())
	}
}

// TestImportErrorHints runs the two server errors of the issue against a real server: a
// user with a password connecting without -p, and --parallel beyond max_connections.
func TestImportErrorHints(t *testing.T) {
	srv := testsandbox.Start(t, "max_connections=10") // the server's minimum
	db, err := sql.Open("mysql", "root@unix("+srv.Socket+")/")
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		"CREATE USER pw@localhost IDENTIFIED BY 'secret1'",
		"CREATE USER loader@localhost", "GRANT ALL PRIVILEGES ON hint.* TO loader@localhost", "GRANT ALL PRIVILEGES ON dumpscope_progress.* TO loader@localhost",
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	db.Close() // every connection the server allows is the import's
	dump := filepath.Join(t.TempDir(), "hint.sql")
	var sqlText strings.Builder
	sqlText.WriteString("CREATE DATABASE hint;\nUSE hint;\n")
	for _, tbl := range []string{"a", "b", "c", "d", "e"} {
		sqlText.WriteString("CREATE TABLE " + tbl + " (id int PRIMARY KEY);\nINSERT INTO " + tbl + " VALUES (1),(2),(3);\n")
	}
	os.WriteFile(dump, []byte(sqlText.String()), 0o644)
	imp := func(args ...string) (int, string) {
		var out, errb bytes.Buffer
		code := runCommand(append(append([]string{"import", "--no-defaults", "-S", srv.Socket, "--no-advisor"}, args...), dump), stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
		return code, errb.String()
	}
	if code, stderr := imp("-u", "pw"); code != exitFailure || !strings.Contains(stderr, "using password: NO") || !strings.Contains(stderr, "dumpscope import: hint: the server wants a password: add -p") {
		t.Errorf("no -p: exit %d, want 1 with the -p hint:\n%s", code, stderr)
	}
	// --parallel is fitted to max_connections before the workers connect…
	if code, stderr := imp("-u", "loader", "--parallel", "12"); code != exitOK || !strings.Contains(stderr, "--parallel 12 reduced to 8: max_connections is 10") {
		t.Errorf("--parallel 12 with max_connections=10: exit %d, want 0 with --parallel reduced:\n%s", code, stderr)
	}
	// …so ERROR 1040 comes when the server is full before the import's first connection.
	full, err := sql.Open("mysql", "root@unix("+srv.Socket+")/")
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	for i := 0; i < 10; i++ {
		c, err := full.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	if code, stderr := imp("-u", "loader", "--parallel", "2", "--overwrite"); code != exitFailure || !strings.Contains(stderr, "hint: the server's max_connections is reached: use a smaller --parallel") {
		t.Errorf("a full server: exit %d, want 1 with the max_connections hint:\n%s", code, stderr)
	}
}

// TestPrintFindingsFits: a finding with long evidence and recommendation prints in lines
// of at most 100 columns, evidence in human units.
func TestPrintFindingsFits(t *testing.T) {
	f := advisor.Finding{ID: "redo-log-too-small", Severity: "critical", FiredAt: 5, Title: "Redo log too small: checkpoint age past 7/8 of its maximum on 70% of the last 25 s (mean 89%), a long title",
		Evidence: map[string]any{"checkpoint_age_pct_mean": 89.3, "redo_bytes_per_sec": 7.0e6, "max_checkpoint_age_bytes": 2.7e6,
			"recommended_redo_bytes": float64(1 << 30), "ticks_above_sync_pct": 50.5, "util_pct_by_device": map[string]float64{"vda": 7.771},
			"window_seconds": 25.5, "sync_flush_threshold_pct": 93.75, "aggressive_flush_threshold_pct": 87.5},
		Recommendation: "my.cnf [mysqld]: innodb_log_file_size = 1G; live: SET GLOBAL innodb_log_file_size = 1073741824; after the import: keep it; a larger redo log costs only disk space and a longer crash recovery."}
	var b bytes.Buffer
	printFindings(&b, []advisor.Finding{f})
	for _, line := range strings.Split(b.String(), "\n") {
		if n := len([]rune(line)); n > 100 {
			t.Errorf("%d columns: %q", n, line)
		}
	}
	for _, want := range []string{"(fired at 0:05, active)", "redo 6.7 MiB/s", "util 7.8 % on vda", "recommended redo 1.0 GiB"} {
		if !strings.Contains(strings.Join(strings.Fields(b.String()), " "), want) {
			t.Errorf("output lacks %q:\n%s", want, b.String())
		}
	}
}
