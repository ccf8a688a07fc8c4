package dbconn

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"database/sql"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// writeCA writes a CA certificate and, signed by it, a server certificate for
// "localhost" with its key, as PEM files in dir; it returns the CA path.
func writeCA(t *testing.T, dir, name string) (caPath, certPath, keyPath string) {
	t.Helper()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	caTmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: name + " CA"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509.ParseCertificate(caDER)
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "localhost"}, DNSNames: []string{"localhost"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	write := func(file, typ string, b []byte) string {
		p := filepath.Join(dir, file)
		if err := os.WriteFile(p, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: b}), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	return write(name+"-ca.pem", "CERTIFICATE", caDER), write(name+"-cert.pem", "CERTIFICATE", der), write(name+"-key.pem", "EC PRIVATE KEY", keyDER)
}

// TestTLSMatchesClient connects to a TLS-enabled sandbox over its socket with the TLS
// flags and compares, case by case, whether the real client connects and whether it
// uses TLS, with what dumpscope does.
func TestTLSMatchesClient(t *testing.T) {
	bin := testsandbox.RequireTool(t, "mariadb")
	dir := t.TempDir()
	srv, ca := startTLSSandbox(t, dir, "good")
	otherCA, _, _ := writeCA(t, dir, "other")

	// wantOK and wantTLS are what the 10.11 client did when this was written; they
	// guard against a sandbox that silently failed to enable TLS.
	tests := []struct {
		name            string
		args            []string
		wantOK, wantTLS bool
	}{
		{"default", nil, true, true},
		{"skip-ssl", []string{"--skip-ssl"}, true, false},
		{"ssl-ca", []string{"--ssl-ca=" + ca}, true, true},
		{"wrong ssl-ca", []string{"--ssl-ca=" + otherCA}, false, false},
		{"verify with ca", []string{"--ssl-ca=" + ca, "--ssl-verify-server-cert"}, true, true},
		{"verify with system roots", []string{"--ssl-verify-server-cert"}, false, false},
		{"skip-ssl then verify", []string{"--skip-ssl", "--ssl-ca=" + ca, "--ssl-verify-server-cert"}, true, true},
		{"skip-ssl then ssl-ca", []string{"--skip-ssl", "--ssl-ca=" + ca}, true, true},
		{"ssl-ca then skip-ssl", []string{"--ssl-ca=" + ca, "--skip-ssl"}, true, false},
		{"skip-ssl then ssl", []string{"--skip-ssl", "--ssl"}, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(bin, append(append(srv.ClientArgs(), tt.args...), "-N", "-e", "SHOW SESSION STATUS LIKE 'Ssl_cipher'")...)
			cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "LANG=C.UTF-8"}
			out, err := cmd.CombinedOutput()
			clientOK := err == nil
			clientTLS := clientOK && len(strings.Fields(string(out))) == 2
			if clientOK != tt.wantOK || clientTLS != tt.wantTLS {
				t.Errorf("client: connected %v, TLS %v (%q); expected %v, %v", clientOK, clientTLS, out, tt.wantOK, tt.wantTLS)
			}

			cfg := resolveConfig(t, plainEnv(), append([]string{"--no-defaults", "-uroot", "-S" + srv.Socket}, tt.args...))
			ctx := context.Background()
			db, conn, err := OpenConn(ctx, cfg)
			ourOK, ourTLS := err == nil, false
			var connErr error = err
			if err == nil {
				ourTLS = sessionCipher(t, ctx, conn) != ""
				conn.Close()
				db.Close()
			}
			if ourOK != clientOK || ourTLS != clientTLS {
				t.Errorf("client: connected %v, TLS %v (%q); dumpscope: connected %v, TLS %v (%v)",
					clientOK, clientTLS, strings.TrimSpace(string(out)), ourOK, ourTLS, connErr)
			}
		})
	}
}

// TestSSLMode checks MySQL 8's --ssl-mode on the command line and in an option file,
// and that --ssl-ca never falls back to plaintext: against a server without TLS,
// REQUIRED (and --ssl-ca) must fail with a message that says why; against a server with a
// certificate of one CA, --ssl-ca of another CA must fail in every mode that uses TLS.
func TestSSLMode(t *testing.T) {
	testsandbox.RequireTool(t, "mariadbd")
	dir := t.TempDir()
	withTLS, ca := startTLSSandbox(t, dir, "good")
	otherCA, _, _ := writeCA(t, dir, "other")
	optfile := func(mode string) string {
		p := filepath.Join(dir, "my-"+mode+".cnf")
		if err := os.WriteFile(p, []byte("[client]\nssl-mode="+mode+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	plain := testsandbox.Start(t)

	tests := []struct {
		name    string
		srv     string // "plain" or "tls"
		args    []string
		wantTLS bool
		wantErr string // "" means it connects
	}{
		{"plain default falls back", "plain", nil, false, ""},
		{"plain PREFERRED", "plain", []string{"--ssl-mode=PREFERRED"}, false, ""},
		{"plain REQUIRED", "plain", []string{"--ssl-mode=REQUIRED"}, false, "does not offer TLS"},
		{"plain required lower case", "plain", []string{"--ssl-mode=required"}, false, "does not offer TLS"},
		{"plain REQUIRED from option file", "plain", []string{"--defaults-file=" + optfile("REQUIRED")}, false, "does not offer TLS"},
		{"plain ssl-ca refuses plaintext", "plain", []string{"--ssl-ca=" + ca}, false, "does not offer TLS"},
		{"plain VERIFY_CA", "plain", []string{"--ssl-mode=VERIFY_CA", "--ssl-ca=" + ca}, false, "does not offer TLS"},
		{"plain DISABLED", "plain", []string{"--ssl-mode=DISABLED", "--ssl-ca=" + ca}, false, ""},
		{"tls REQUIRED", "tls", []string{"--ssl-mode=REQUIRED"}, true, ""},
		{"tls DISABLED", "tls", []string{"--ssl-mode=DISABLED"}, false, ""},
		{"tls DISABLED from option file", "tls", []string{"--defaults-file=" + optfile("DISABLED")}, false, ""},
		{"tls VERIFY_CA", "tls", []string{"--ssl-mode=VERIFY_CA", "--ssl-ca=" + ca}, true, ""},
		{"tls VERIFY_IDENTITY", "tls", []string{"--ssl-mode=VERIFY_IDENTITY", "--ssl-ca=" + ca}, true, ""},
		{"tls other CA", "tls", []string{"--ssl-ca=" + otherCA}, false, "not signed by the CA"},
		{"tls other CA PREFERRED", "tls", []string{"--ssl-mode=PREFERRED", "--ssl-ca=" + otherCA}, false, "not signed by the CA"},
		{"tls other CA REQUIRED", "tls", []string{"--ssl-mode=REQUIRED", "--ssl-ca=" + otherCA}, false, "not signed by the CA"},
		{"tls other CA VERIFY_IDENTITY", "tls", []string{"--ssl-mode=VERIFY_IDENTITY", "--ssl-ca=" + otherCA}, false, "not signed by the CA"},
		{"bad mode", "tls", []string{"--ssl-mode=SOMETIMES"}, false, "unknown mode"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			socket := plain.Socket
			if tt.srv == "tls" {
				socket = withTLS.Socket
			}
			args := tt.args
			if len(args) == 0 || !strings.HasPrefix(args[0], "--defaults-file") {
				args = append([]string{"--no-defaults"}, args...)
			}
			cfg, err := parsedOptions(t, plainEnv(), append(args, "-uroot", "-S"+socket)).Resolve()
			if err == nil {
				var db *sql.DB
				var conn *sql.Conn
				db, conn, err = OpenConn(context.Background(), cfg)
				if err == nil {
					defer db.Close()
					defer conn.Close()
					cipher := sessionCipher(t, context.Background(), conn)
					if got := cipher != ""; got != tt.wantTLS {
						t.Errorf("TLS %v (cipher %q), want %v", got, cipher, tt.wantTLS)
					}
				}
			}
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("want a connection, got %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("want an error saying %q, got %v", tt.wantErr, err)
			}
		})
	}
}

// TestGuardedTLSRealServer: the default over TCP upgrades to TLS itself (guardTLS); a
// real server must see TLS, authenticate a password account, and carry queries larger
// than a packet buffer after the handshake; a server without TLS still gets a plaintext
// connection (PREFERRED).
func TestGuardedTLSRealServer(t *testing.T) {
	testsandbox.RequireTool(t, "mariadbd")
	ca, cert, key := writeCA(t, t.TempDir(), "good")
	for _, tc := range []struct {
		name    string
		tls     []string
		wantTLS bool
	}{
		{"server with TLS", []string{"ssl-ca=" + ca, "ssl-cert=" + cert, "ssl-key=" + key}, true},
		{"server without TLS", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			port := freePort(t)
			srv := testsandbox.Start(t, append([]string{"skip-networking=0", "bind-address=127.0.0.1", "port=" + strconv.Itoa(port)}, tc.tls...)...)
			admin, err := sql.Open("mysql", srv.DSN(""))
			if err != nil {
				t.Fatal(err)
			}
			defer admin.Close()
			if _, err := admin.Exec("CREATE USER 'app'@'127.0.0.1' IDENTIFIED BY 'pw-Über'"); err != nil {
				t.Fatal(err)
			}
			cfg := resolveConfig(t, plainEnv(), []string{"--no-defaults", "-h127.0.0.1", "-P" + strconv.Itoa(port), "-uapp", "--password=pw-Über"})
			ctx := context.Background()
			db, conn, err := OpenConn(ctx, cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			defer conn.Close()
			if cipher := sessionCipher(t, ctx, conn); (cipher != "") != tc.wantTLS {
				t.Errorf("Ssl_cipher %q, want TLS %v", cipher, tc.wantTLS)
			}
			var n int
			if err := conn.QueryRowContext(ctx, "SELECT LENGTH(REPEAT('x', 300000))").Scan(&n); err != nil || n != 300000 {
				t.Errorf("a query after the handshake: %d, %v", n, err)
			}
			var big string
			if err := conn.QueryRowContext(ctx, "SELECT REPEAT('y', 200000)").Scan(&big); err != nil || len(big) != 200000 {
				t.Errorf("a large result after the handshake: %d bytes, %v", len(big), err)
			}
		})
	}
}

// freePort returns a TCP port on 127.0.0.1 that was free a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// TestWriteTarget: a connection the TLS guard hands over in plaintext (the server offers
// no TLS) is written to on its socket, where net.Buffers become one writev(2); one it
// upgrades to TLS keeps its socket to itself, and a plain connection is its own target.
func TestWriteTarget(t *testing.T) {
	sock, peer := net.Pipe()
	defer sock.Close()
	defer peer.Close()
	if got := WriteTarget(&replayConn{Conn: sock}); got != sock {
		t.Errorf("WriteTarget(replayConn) = %T, want its socket", got)
	}
	if tls := (&shiftConn{Conn: sock}); WriteTarget(tls) != net.Conn(tls) {
		t.Error("WriteTarget(shiftConn) gave its socket away: the writes would bypass TLS")
	}
	if WriteTarget(sock) != sock {
		t.Error("WriteTarget of a plain connection is not itself")
	}
}
