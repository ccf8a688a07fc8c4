package dbconn

import (
	"context"
	"database/sql"
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
		return nil, nil, fmt.Errorf("connect %s: %w", Describe(cfg), err)
	}
	db := sql.OpenDB(connector)
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	conn, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		return nil, nil, fmt.Errorf("connect %s: %w", Describe(cfg), err)
	}
	return db, conn, nil
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
