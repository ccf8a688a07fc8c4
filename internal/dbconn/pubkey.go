package dbconn

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/mysqlerr"
)

// refuseKeyName names, in the driver's key registry, an RSA key whose private half was
// never kept (see applyPublicKey).
const refuseKeyName = "dumpscope-no-unverified-server-key"

// refuseKey generates that key once per process, the first time it is needed.
var refuseKey = sync.OnceValue(func() error {
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return err
	}
	mysql.RegisterServerPubKey(refuseKeyName, &k.PublicKey)
	return nil // k.D and the primes are dropped here
})

// applyPublicKey decides how the password of a caching_sha2_password or sha256_password
// account (MySQL 8's default) may travel on a TCP connection that may end up without TLS.
// When the server does not have the password cached, it asks for it in full: go-sql-driver
// then asks the server for its RSA key and encrypts the password with whatever key comes
// back — a man in the middle sends his own and reads the password. The MySQL 8 client
// refuses that unless --get-server-public-key or --server-public-key-path is given; so
// does dumpscope: without either, the driver is given a key nobody can decrypt with, so
// the server refuses the login (Access denied) and the password stays unreadable.
// Over TLS the driver sends the password inside the TLS session instead (readable by a
// man in the middle when the certificate is not verified: use VERIFY_CA/VERIFY_IDENTITY).
func applyPublicKey(cfg *mysql.Config, st settings) error {
	if cfg.Net != "tcp" {
		return nil // the unix socket never leaves the machine
	}
	if st.serverPublicKeyPath != "" {
		b, err := os.ReadFile(st.serverPublicKeyPath)
		if err != nil {
			return fmt.Errorf("--server-public-key-path: %w", err)
		}
		block, _ := pem.Decode(b)
		if block == nil {
			return fmt.Errorf("--server-public-key-path %s: no PEM block in it", st.serverPublicKeyPath)
		}
		key, err := x509.ParsePKIXPublicKey(block.Bytes)
		if err != nil {
			return fmt.Errorf("--server-public-key-path %s: %w", st.serverPublicKeyPath, err)
		}
		rk, ok := key.(*rsa.PublicKey)
		if !ok {
			return fmt.Errorf("--server-public-key-path %s: not an RSA public key", st.serverPublicKeyPath)
		}
		name := "dumpscope-file:" + st.serverPublicKeyPath
		mysql.RegisterServerPubKey(name, rk)
		cfg.ServerPubKey = name
		return nil
	}
	if st.getServerPublicKey || (cfg.TLS != nil && !cfg.AllowFallbackToPlaintext) {
		return nil // asked for, or TLS is required: the key exchange never runs without it
	}
	if err := refuseKey(); err != nil {
		return fmt.Errorf("prepare the password guard key: %w", err)
	}
	cfg.ServerPubKey = refuseKeyName
	return nil
}

// explainAuth adds the likely reason to an Access denied error on a connection where
// applyPublicKey withheld the password.
func explainAuth(cfg *mysql.Config, err error) error {
	var me *mysql.MySQLError
	if cfg.ServerPubKey != refuseKeyName || !errors.As(err, &me) || me.Number != mysqlerr.AccessDenied {
		return err
	}
	return fmt.Errorf("%w (if the account uses caching_sha2_password or sha256_password, the server asked for the password in full, and without verified TLS dumpscope does not send it under a key the server merely claims is its own: use --ssl-mode=VERIFY_CA or VERIFY_IDENTITY, --server-public-key-path FILE, or --get-server-public-key to accept that risk)", err)
}
