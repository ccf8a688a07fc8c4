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
