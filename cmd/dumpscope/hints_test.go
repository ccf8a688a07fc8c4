package main

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestErrorHint: hints follow the error's type through the wrapping of every layer; an
// error of the same words but another type (a statement's text quoting them) has none.
func TestErrorHint(t *testing.T) {
	dial := func(network string, errno syscall.Errno) error {
		return fmt.Errorf("connect root@localhost: %w", &net.OpError{Op: "dial", Net: network, Err: os.NewSyscallError("connect", errno)})
	}
	server := func(n uint16, msg string) error {
		return fmt.Errorf("open connection 3: %w", &mysql.MySQLError{Number: n, Message: msg})
	}
	tests := []struct {
		err  error
		want string
	}{
		{server(1045, "Access denied for user 'root'@'localhost' (using password: NO)"), "add -p"},
		{server(1045, "Access denied for user 'app'@'localhost' (using password: YES)"), "check the user (-u) and the password"},
		{dial("unix", syscall.ENOENT), "-S PATH"},
		{dial("unix", syscall.ECONNREFUSED), "is the server running?"},
		{dial("unix", syscall.EACCES), "run as a user in the server's group"},
		{dial("tcp", syscall.ECONNREFUSED), "check -h and -P"},
		{server(1040, "Too many connections"), "smaller --parallel"},
		{server(1049, "Unknown database 'shop'"), "-D"},
		{server(1062, "Duplicate entry '1' for key 'PRIMARY'"), ""},
		{errors.New("offset 12, line 3: Error 1040: Too many connections"), ""},
	}
	for _, tt := range tests {
		got := errorHint(tt.err)
		if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
			t.Errorf("errorHint(%v) = %q, want it to contain %q", tt.err, got, tt.want)
		}
	}
	var out bytes.Buffer
	printError(&out, "advise", dial("tcp", syscall.ECONNREFUSED))
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
