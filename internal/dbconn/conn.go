package dbconn

import (
	"context"
	"crypto/x509"
	"database/sql"
	"errors"
	"fmt"
	"os"

	"github.com/go-sql-driver/mysql"
	"golang.org/x/term"
)

// OpenConn opens one connection and pins it. The importer must send every statement of
// a dump on this *sql.Conn: database/sql's pool, and its retry of a statement on a fresh
// connection after driver.ErrBadConn, would otherwise replay a statement on a session
// that never saw the dump's SET NAMES, sql_mode, USE or session variables. The pool is
// limited to that one connection (SetMaxOpenConns(1), no idle spares) so nothing else
// opens a second session behind the importer's back; callers close the Conn, then the DB.
//
// The connection's charset comes from the handshake (cfg.Collation), and its
// max_allowed_packet was read from the server when cfg.MaxAllowedPacket is 0, as Resolve
// sets it.
func OpenConn(ctx context.Context, cfg *mysql.Config) (*sql.DB, *sql.Conn, error) {
	connector, err := mysql.NewConnector(cfg)
	if err != nil {
		return nil, nil, fmt.Errorf("connect %s: %w", Describe(cfg), ExplainTLS(err))
	}
	db := sql.OpenDB(connector)
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	conn, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		return nil, nil, fmt.Errorf("connect %s: %w", Describe(cfg), explainAuth(cfg, ExplainTLS(err)))
	}
	return db, conn, nil
}

// ExplainTLS adds the next step to the driver's TLS errors: which option refused the
// connection and what to change. Other errors are returned as they are.
func ExplainTLS(err error) error {
	var unknownCA x509.UnknownAuthorityError
	var hostname x509.HostnameError
	switch {
	case errors.Is(err, mysql.ErrNoTLS):
		return fmt.Errorf("%w: the server does not offer TLS, and --ssl-mode=REQUIRED or stricter (also implied by --ssl-ca or --ssl-verify-server-cert) refuses to connect in plaintext; enable TLS on the server (ssl_cert, ssl_key) or pass --ssl-mode=PREFERRED to accept plaintext", err)
	case errors.As(err, &unknownCA):
		return fmt.Errorf("%w: the server's certificate is not signed by the CA given with --ssl-ca (or by a system root); pass the CA that signed it", err)
	case errors.As(err, &hostname):
		return fmt.Errorf("%w: the server's certificate does not name the host connected to; connect by a name it lists, or use --ssl-mode=VERIFY_CA to check the chain only", err)
	}
	return err
}

// promptTTY asks on stderr and reads the answer from /dev/tty without echo, as the
// client's get_tty_password does; without a terminal it fails instead of reading the
// dump from stdin as a password.
func promptTTY(prompt string) (string, error) {
	tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return "", fmt.Errorf("%w (%v); give the password in an option file or MYSQL_PWD", ErrNoTerminal, err)
	}
	defer tty.Close()
	if !term.IsTerminal(int(tty.Fd())) {
		return "", fmt.Errorf("%w: /dev/tty is not a terminal; give the password in an option file or MYSQL_PWD", ErrNoTerminal)
	}
	fmt.Fprint(os.Stderr, prompt)
	b, err := term.ReadPassword(int(tty.Fd()))
	fmt.Fprintln(os.Stderr)
	if err != nil {
		return "", fmt.Errorf("read password from /dev/tty: %w", err)
	}
	return string(b), nil
}
