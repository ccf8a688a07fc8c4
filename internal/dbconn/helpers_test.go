package dbconn

import (
	"context"
	"database/sql"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// Set-up shared by the tests that connect: flags resolved as the command resolves them,
// a sandbox that serves TLS, and the session's TLS cipher.

// plainEnv is an environment without variables and with a UTF-8 locale, so that a test's
// flags alone decide.
func plainEnv() Env {
	return Env{Getenv: func(string) string { return "" }, Charmap: func() (string, error) { return "UTF-8", nil }}
}

// parsedOptions parses args as dumpscope's connection flags in env, ready to Resolve.
func parsedOptions(t *testing.T, env Env, args []string) *Options {
	t.Helper()
	fs, o := newTestFlagSet()
	o.Env = env
	argv, err := PreprocessArgs(fs, args)
	if err != nil {
		t.Fatal(err)
	}
	if err := fs.Parse(argv); err != nil {
		t.Fatalf("Parse(%q): %v", argv, err)
	}
	return o
}

// resolveConfig resolves args as the command does into the driver's configuration,
// failing the test on any error.
func resolveConfig(t *testing.T, env Env, args []string) *mysql.Config {
	t.Helper()
	cfg, err := parsedOptions(t, env, args).Resolve()
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// startTLSSandbox starts a sandbox whose certificate is signed by a new CA named name
// (files in dir), with extra server settings; it returns the server and the CA's path.
func startTLSSandbox(t *testing.T, dir, name string, settings ...string) (*sandbox.Server, string) {
	t.Helper()
	ca, cert, key := writeCA(t, dir, name)
	srv := testsandbox.Start(t, append(settings, "ssl-ca="+ca, "ssl-cert="+cert, "ssl-key="+key)...)
	return srv, ca
}

// sessionCipher is the TLS cipher of conn's session ("" without TLS).
func sessionCipher(t *testing.T, ctx context.Context, conn *sql.Conn) string {
	t.Helper()
	var name, cipher string
	if err := conn.QueryRowContext(ctx, "SHOW SESSION STATUS LIKE 'Ssl_cipher'").Scan(&name, &cipher); err != nil {
		t.Fatal(err)
	}
	return cipher
}
