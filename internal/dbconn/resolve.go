package dbconn

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"os"
	"os/user"
	"strconv"
	"strings"
	"time"

	"github.com/go-sql-driver/mysql"
)

// DefaultSocket is the Debian client's compiled-in socket path (the one its errors name
// when no option file sets one).
const DefaultSocket = "/run/mysqld/mysqld.sock"

// DefaultPort is the client's built-in TCP port, after the option files,
// $MYSQL_TCP_PORT and the "mysql" entry of /etc/services.
const DefaultPort = 3306

// ErrNoTerminal is returned when a password prompt is needed but there is no terminal.
var ErrNoTerminal = errors.New("no terminal to prompt for the password on")

// Warnings returns what Resolve found worth telling the user without failing: the
// password given on the command line, option-file problems the client also only warns
// about, options dumpscope ignores. Each is one line without a trailing newline.
func (o *Options) Warnings() []string { return o.warnings }

// Settings returns the option-file settings the client would prepend to its command
// line, in order — what `mariadb --print-defaults` prints — honouring --no-defaults,
// --defaults-file, --defaults-extra-file and --defaults-group-suffix.
func (o *Options) Settings() ([]Setting, error) {
	s, _, err := o.Env.readDefaults(o.files)
	return s, err
}

// effective applies option files, then the command line.
func (o *Options) effective() (settings, error) {
	st := newSettings()
	fileSettings, warns, err := o.Env.readDefaults(o.files)
	st.warnings = append(st.warnings, warns...)
	if err != nil {
		return st, err
	}
	for _, s := range fileSettings {
		if err := st.apply(s, false); err != nil {
			return st, err
		}
	}
	for _, s := range o.cmdline {
		if err := st.apply(s, true); err != nil {
			return st, err
		}
	}
	return st, nil
}

// CharsetGiven reports whether an option file or the command line set
// --default-character-set to a charset (not "auto", which follows the locale): a resumed
// import refuses one that contradicts the interrupted run's, and otherwise restores that
// run's whatever the locale (checkpoint.Params.CharsetGiven).
func (o *Options) CharsetGiven() bool {
	st, err := o.effective()
	return err == nil && !strings.EqualFold(st.charset, "auto")
}

// Resolve reads the option files, applies the command line over them, fills in what the
// client would take from the environment, prompts for the password when asked to, and
// returns a driver configuration that connects as `mariadb` would. Warnings() tells what
// else was noticed.
func (o *Options) Resolve() (*mysql.Config, error) {
	st, err := o.effective()
	o.warnings = st.warnings
	if o.passwordOnCommandLine {
		o.warnings = append(o.warnings, "using a password on the command line interface can be insecure")
	}
	if err != nil {
		return nil, fmt.Errorf("dbconn: %w", err)
	}
	cfg := mysql.NewConfig()
	cfg.User = st.user
	if cfg.User == "" {
		cfg.User = o.defaultUser()
	}
	switch {
	case st.passwordPrompt:
		prompt := o.Env.Prompt
		if prompt == nil {
			prompt = promptTTY
		}
		pw, err := prompt("Enter password: ")
		if err != nil {
			return nil, fmt.Errorf("-p: password prompt: %w", err)
		}
		cfg.Passwd = pw
	case st.passwordSet:
		cfg.Passwd = st.password
	default:
		// libmariadb reads MYSQL_PWD only when neither the command line nor an
		// option file gave a password.
		cfg.Passwd = o.Env.getenv("MYSQL_PWD")
	}
	cfg.DBName = st.database

	host := st.host
	if host == "" {
		// libmariadb: a host from neither the command line nor a file comes from
		// MYSQL_HOST, before the socket-or-TCP decision (MYSQL_HOST=127.0.0.1 with -S
		// still means TCP, as measured).
		host = o.Env.getenv("MYSQL_HOST")
	}
	if (host == "" || host == "localhost") && st.protocol != "tcp" {
		cfg.Net = "unix"
		cfg.Addr = st.socket
		if cfg.Addr == "" {
			cfg.Addr = o.Env.getenv("MYSQL_UNIX_PORT")
		}
		if cfg.Addr == "" {
			cfg.Addr = DefaultSocket
		}
		// The client allows mysql_clear_password (PAM and LDAP logins); over a unix
		// socket the password never crosses a network.
		cfg.AllowCleartextPasswords = true
	} else {
		if host == "" {
			host = "localhost"
		}
		port := st.port
		if port == 0 {
			port = o.defaultPort()
		}
		cfg.Net = "tcp"
		cfg.Addr = net.JoinHostPort(host, strconv.Itoa(port))
	}

	collation, err := collationFor(st.charset, o.Env)
	if err != nil {
		return nil, fmt.Errorf("dbconn: --default-character-set=%s: %w", st.charset, err)
	}
	// Handshake collation only, no SET NAMES: what the client does.
	cfg.Collation = collation

	if err := applyTLS(cfg, st, host); err != nil {
		return nil, fmt.Errorf("dbconn: %w", err)
	}

	if err := applyPublicKey(cfg, st); err != nil {
		return nil, fmt.Errorf("dbconn: %w", err)
	}

	if st.connectTimeoutSec > 0 {
		cfg.Timeout = time.Duration(st.connectTimeoutSec) * time.Second
	}
	cfg.AllowNativePasswords = true
	cfg.InterpolateParams = false
	cfg.MultiStatements = false
	cfg.ParseTime = false
	// 0 makes the driver read @@max_allowed_packet after connecting instead of
	// enforcing its own 64 MiB default (go-sql-driver/mysql connector.go Connect).
	cfg.MaxAllowedPacket = 0
	return cfg, nil
}

// defaultUser is libmariadb's read_user_name: root when the effective uid is 0, else
// the account name, else $USER, $LOGNAME, $LOGIN. (The client tries getlogin() first,
// which needs a controlling terminal's utmp entry; the account name is what it falls
// back to.)
func (o *Options) defaultUser() string {
	if os.Geteuid() == 0 {
		return "root"
	}
	if u, err := user.Current(); err == nil && u.Username != "" {
		return u.Username
	}
	for _, k := range []string{"USER", "LOGNAME", "LOGIN"} {
		if v := o.Env.getenv(k); v != "" {
			return v
		}
	}
	return "UNKNOWN_USER"
}

// defaultPort follows the client's order after the option files: $MYSQL_TCP_PORT, the
// "mysql" service in /etc/services, 3306.
func (o *Options) defaultPort() int {
	if p, err := strconv.Atoi(o.Env.getenv("MYSQL_TCP_PORT")); err == nil && p > 0 {
		return p
	}
	if p, err := net.LookupPort("tcp", "mysql"); err == nil && p > 0 {
		return p
	}
	return DefaultPort
}

// The --ssl-mode values of the MySQL 8 client.
const (
	sslDisabled       = "DISABLED"
	sslPreferred      = "PREFERRED"
	sslRequired       = "REQUIRED"
	sslVerifyCA       = "VERIFY_CA"
	sslVerifyIdentity = "VERIFY_IDENTITY"
)

// tlsMode is the --ssl-mode a connection gets. Given explicitly, it wins over the
// MariaDB client's --ssl and --ssl-verify-server-cert; otherwise those map onto it as the
// 10.11 client behaves (measured against a TLS server):
//   - --skip-ssl: DISABLED;
//   - default: PREFERRED (TLS when the server offers it, certificate not checked,
//     plaintext when it does not; also over the unix socket);
//   - --ssl-verify-server-cert: VERIFY_IDENTITY (chain against --ssl-ca or the system
//     roots, and the host name, "localhost" for the socket).
//
// --ssl-ca asks for the server to be checked against that CA, so it raises PREFERRED and
// REQUIRED to VERIFY_CA, and a server without TLS is refused instead of being talked to in
// plaintext. (The MariaDB client falls back to plaintext there, which lets a man in the
// middle drop TLS; the MySQL 8 client does not.)
func tlsMode(st settings) string {
	mode := st.givenSSLMode()
	if mode == "" {
		switch {
		case st.sslVerifyServerCert:
			mode = sslVerifyIdentity
		case !st.ssl:
			mode = sslDisabled
		default:
			mode = sslPreferred
		}
	}
	if st.sslCA != "" && (mode == sslPreferred || mode == sslRequired) {
		mode = sslVerifyCA
	}
	return mode
}

// givenSSLMode is the --ssl-mode that decides, "" when none does. An ssl-mode from an
// option file yields to the MariaDB spellings given on the command line, because the
// command line wins over the files in the client and a ~/.my.cnf with ssl-mode=DISABLED
// must not turn `--ssl-verify-server-cert` into an unverified plaintext run (issue 22):
//   - --ssl-verify-server-cert (or its --skip-) on the command line decides verification;
//   - --skip-ssl on the command line disables TLS;
//   - --ssl (or an --ssl-ca/--ssl-cert/--ssl-key, which imply it) replaces DISABLED and
//     PREFERRED, and keeps REQUIRED, VERIFY_CA and VERIFY_IDENTITY, which already give
//     the TLS it asks for.
//
// An ssl-mode on the command line is explicit and wins over --ssl and
// --ssl-verify-server-cert, as the MySQL 8 client's does.
func (st settings) givenSSLMode() string {
	m := st.sslMode
	if m == "" || !st.sslModeInFile {
		return m
	}
	switch {
	case st.cmdlineVerify:
		return ""
	case st.cmdlineSSL && !st.ssl:
		return ""
	case st.cmdlineSSL && (m == sslDisabled || m == sslPreferred):
		return ""
	}
	return m
}

// applyTLS sets cfg.TLS for the connection's tlsMode.
func applyTLS(cfg *mysql.Config, st settings, host string) error {
	mode := tlsMode(st)
	if mode == sslDisabled {
		return nil
	}
	t := &tls.Config{MinVersion: tls.VersionTLS12}
	var pool *x509.CertPool
	if st.sslCA != "" {
		pem, err := os.ReadFile(st.sslCA)
		if err != nil {
			return fmt.Errorf("--ssl-ca: %w", err)
		}
		pool = x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return fmt.Errorf("--ssl-ca %s: no PEM certificate in it", st.sslCA)
		}
	}
	if st.sslCert != "" || st.sslKey != "" {
		certFile, keyFile := st.sslCert, st.sslKey
		if keyFile == "" {
			keyFile = certFile
		}
		if certFile == "" {
			certFile = keyFile
		}
		pair, err := tls.LoadX509KeyPair(certFile, keyFile)
		if err != nil {
			return fmt.Errorf("--ssl-cert %s / --ssl-key %s: %w", certFile, keyFile, err)
		}
		t.Certificates = []tls.Certificate{pair}
	}
	switch mode {
	case sslVerifyIdentity:
		t.RootCAs = pool // nil: the system roots
		t.ServerName = host
		if t.ServerName == "" {
			t.ServerName = "localhost"
		}
	case sslVerifyCA:
		if pool == nil {
			var err error
			if pool, err = x509.SystemCertPool(); err != nil {
				return fmt.Errorf("--ssl-mode=VERIFY_CA without --ssl-ca: system roots: %w", err)
			}
		}
		t.InsecureSkipVerify = true // the chain is checked below, the name is not
		t.VerifyPeerCertificate = verifyChainOnly(pool)
	case sslRequired:
		t.InsecureSkipVerify = true
	default: // PREFERRED
		t.InsecureSkipVerify = true
		cfg.AllowFallbackToPlaintext = true
	}
	cfg.TLS = t
	if cfg.Net == "tcp" && mode == sslPreferred && st.givenSSLMode() == "" {
		guardTLS(cfg, t, true) // unverified and not asked for: see guardTLS
	}
	return nil
}

// verifyChainOnly checks the server's chain against pool without a host name, as the
// client does with --ssl-ca and no --ssl-verify-server-cert (SSL_VERIFY_PEER only).
func verifyChainOnly(pool *x509.CertPool) func([][]byte, [][]*x509.Certificate) error {
	return func(raw [][]byte, _ [][]*x509.Certificate) error {
		if len(raw) == 0 {
			return errors.New("server sent no certificate")
		}
		certs := make([]*x509.Certificate, len(raw))
		for i, r := range raw {
			c, err := x509.ParseCertificate(r)
			if err != nil {
				return err
			}
			certs[i] = c
		}
		inter := x509.NewCertPool()
		for _, c := range certs[1:] {
			inter.AddCert(c)
		}
		_, err := certs[0].Verify(x509.VerifyOptions{Roots: pool, Intermediates: inter})
		return err
	}
}

// Describe names where cfg connects, for messages: "root@localhost via
// /run/mysqld/mysqld.sock" or "app@db1:3306 via TCP/IP". It never includes the password.
func Describe(cfg *mysql.Config) string {
	if cfg.Net == "unix" {
		return fmt.Sprintf("%s@localhost via %s", cfg.User, cfg.Addr)
	}
	s := fmt.Sprintf("%s@%s via TCP/IP", cfg.User, cfg.Addr)
	if cfg.TLS != nil && !cfg.AllowFallbackToPlaintext {
		s += " (TLS required)"
	}
	return s
}

// Redacted describes the options given on the command line with any password hidden,
// for logs. (A value receiver, so that printing an Options value, not only a pointer,
// goes through it.)
func (o Options) Redacted() string {
	var b strings.Builder
	for i, s := range o.cmdline {
		if i > 0 {
			b.WriteByte(' ')
		}
		if s.Key == "password" && s.HasValue {
			b.WriteString("--password=***")
			continue
		}
		b.WriteString(s.Arg())
	}
	return b.String()
}

// String is Redacted, so printing Options with %v or %+v never shows a password.
func (o Options) String() string { return o.Redacted() }
