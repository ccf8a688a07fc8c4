package dbconn

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/tls"
	"crypto/x509"
	"encoding/binary"
	"encoding/pem"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// fakeMySQL8 is the part of a MySQL 8 server (or of a man in the middle who strips TLS)
// that matters here: it greets with caching_sha2_password and no TLS, asks for the
// password in full, answers a key request with its own RSA key, and reports what it
// learnt of the password.
type fakeMySQL8 struct {
	ln     net.Listener
	key    *rsa.PrivateKey
	result chan string // "key request: <password>", "opaque", or "cleartext: <password>"
	tls    *tls.Config // offers TLS when set
}

func startFakeMySQL8(t *testing.T) *fakeMySQL8 { return startFake(t, nil) }

func startFake(t *testing.T, tc *tls.Config) *fakeMySQL8 {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeMySQL8{ln: ln, key: key, result: make(chan string, 1), tls: tc}
	t.Cleanup(func() { ln.Close() })
	go f.serve()
	return f
}

func (f *fakeMySQL8) port() int { return f.ln.Addr().(*net.TCPAddr).Port }

func (f *fakeMySQL8) pubPEM() []byte {
	der, _ := x509.MarshalPKIXPublicKey(&f.key.PublicKey)
	return pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})
}

func writePacket(c net.Conn, seq byte, payload []byte) error {
	h := []byte{byte(len(payload)), byte(len(payload) >> 8), byte(len(payload) >> 16), seq}
	_, err := c.Write(append(h, payload...))
	return err
}

func readPacket(c net.Conn) ([]byte, error) {
	h := make([]byte, 4)
	if _, err := io.ReadFull(c, h); err != nil {
		return nil, err
	}
	p := make([]byte, int(h[0])|int(h[1])<<8|int(h[2])<<16)
	_, err := io.ReadFull(c, p)
	return p, err
}

func (f *fakeMySQL8) serve() {
	c, err := f.ln.Accept()
	if err != nil {
		return
	}
	defer c.Close()
	scramble := []byte("abcdefghijklmnopqrst")            // 20 bytes
	caps := 0x1 | 0x8 | 0x200 | 0x2000 | 0x8000 | 0x80000 // long password, with db, 4.1, transactions, secure conn, plugin auth
	if f.tls != nil {
		caps |= 0x800
	}
	g := []byte{10}
	g = append(g, "8.0.36-fake\x00"...)
	g = binary.LittleEndian.AppendUint32(g, 7)
	g = append(g, scramble[:8]...)
	g = append(g, 0)
	g = binary.LittleEndian.AppendUint16(g, uint16(caps&0xffff))
	g = append(g, 45)
	g = binary.LittleEndian.AppendUint16(g, 2)
	g = binary.LittleEndian.AppendUint16(g, uint16(caps>>16))
	g = append(g, 21)
	g = append(g, make([]byte, 10)...)
	g = append(g, scramble[8:]...)
	g = append(g, 0)
	g = append(g, "caching_sha2_password\x00"...)
	report := func(s string) {
		select {
		case f.result <- s:
		default:
		}
	}
	deny := func(seq byte) {
		_ = writePacket(c, seq, append([]byte{0xff, 0x15, 0x04, '#'}, "28000Access denied for user 'app'@'localhost' (using password: YES)"...))
	}
	if writePacket(c, 0, g) != nil {
		return
	}
	var seq byte = 1
	if f.tls != nil { // the SSL request, then TLS
		if _, err := readPacket(c); err != nil {
			report("no SSL request: " + err.Error())
			return
		}
		tc := tls.Server(c, f.tls)
		if err := tc.Handshake(); err != nil {
			report("TLS handshake: " + err.Error())
			return
		}
		c = tc
		seq = 2
	}
	if _, err := readPacket(c); err != nil { // the handshake response
		report("no handshake response: " + err.Error())
		return
	}
	if writePacket(c, seq+1, []byte{0x01, 0x04}) != nil { // perform full authentication
		return
	}
	p, err := readPacket(c)
	if err != nil {
		report("no answer to full authentication: " + err.Error())
		return
	}
	decrypt := func(ct []byte) string {
		plain, err := rsa.DecryptOAEP(sha1.New(), nil, f.key, ct, nil)
		if err != nil {
			return ""
		}
		for i := range plain {
			plain[i] ^= scramble[i%len(scramble)]
		}
		return strings.TrimRight(string(plain), "\x00")
	}
	switch {
	case len(p) == 1 && p[0] == 0x02: // request public key
		if writePacket(c, seq+3, append([]byte{0x01}, f.pubPEM()...)) != nil {
			return
		}
		ct, err := readPacket(c)
		if err != nil {
			report("no password after the key: " + err.Error())
			return
		}
		report("key request: " + decrypt(ct))
		deny(seq + 5)
	case len(p) == 256:
		if pw := decrypt(p); pw != "" {
			report("encrypted to my key: " + pw)
		} else {
			report("opaque")
		}
		deny(seq + 3)
	default:
		report("cleartext: " + strings.TrimRight(string(p), "\x00"))
		deny(seq + 3)
	}
}

// TestPasswordNotSentToUnverifiedKey: MySQL 8's caching_sha2_password, when the server
// has no cached entry, asks for the password in full; without TLS the driver fetches the
// server's RSA key and encrypts to it, so a man in the middle who strips TLS reads it. A
// fake server plays that man: by default dumpscope must leave it with nothing (as the
// MySQL 8 client refuses: "Authentication requires secure connection"), explain the
// refusal, and only --get-server-public-key (the user's explicit choice) may fetch the
// key; --server-public-key-path uses the key given.
func TestPasswordNotSentToUnverifiedKey(t *testing.T) {
	const secret = "s3cret-Pw!"
	cases := []struct {
		name   string
		args   func(f *fakeMySQL8) []string
		want   string // what the fake learns
		errHas string
	}{
		{"default", func(*fakeMySQL8) []string { return nil }, "opaque", "--get-server-public-key"},
		{"ssl-mode PREFERRED", func(*fakeMySQL8) []string { return []string{"--ssl-mode=PREFERRED"} }, "opaque", "Access denied"},
		{"get-server-public-key", func(*fakeMySQL8) []string { return []string{"--get-server-public-key"} }, "key request: " + secret, "Access denied"},
		{"server-public-key-path", func(f *fakeMySQL8) []string {
			p := filepath.Join(t.TempDir(), "server.pem")
			if err := os.WriteFile(p, f.pubPEM(), 0o600); err != nil {
				t.Fatal(err)
			}
			return []string{"--server-public-key-path=" + p}
		}, "encrypted to my key: " + secret, "Access denied"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := startFakeMySQL8(t)
			cfg := resolveConfig(t, plainEnv(), append([]string{"--no-defaults", "-h127.0.0.1", "-P" + strconv.Itoa(f.port()), "-uapp", "--password=" + secret}, tc.args(f)...))
			db, conn, err := OpenConn(context.Background(), cfg)
			if err == nil {
				conn.Close()
				db.Close()
				t.Fatal("the fake server let us in")
			}
			got := <-f.result
			if got != tc.want {
				t.Errorf("the fake server learnt %q, want %q", got, tc.want)
			}
			if !strings.Contains(err.Error(), tc.errHas) {
				t.Errorf("error %q should mention %q", err, tc.errHas)
			}
		})
	}
}

// TestPasswordNotSentOverUnverifiedTLS: the same exchange behind TLS with a certificate
// nobody verifies (the default, PREFERRED): the driver would send the password as
// cleartext inside the TLS session, which whoever answered the handshake reads. By
// default dumpscope must leave the fake with nothing; --ssl-mode=REQUIRED given
// explicitly is the user's choice and sends it, as the MySQL 8 client does.
func TestPasswordNotSentOverUnverifiedTLS(t *testing.T) {
	const secret = "s3cret-Pw!"
	_, certFile, keyFile := writeCA(t, t.TempDir(), "mitm")
	pair, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"default", nil, "opaque"},
		{"explicit REQUIRED", []string{"--ssl-mode=REQUIRED"}, "cleartext: " + secret},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := startFake(t, &tls.Config{Certificates: []tls.Certificate{pair}})
			cfg := resolveConfig(t, plainEnv(), append([]string{"--no-defaults", "-h127.0.0.1", "-P" + strconv.Itoa(f.port()), "-uapp", "--password=" + secret}, tc.args...))
			if db, conn, err := OpenConn(context.Background(), cfg); err == nil {
				conn.Close()
				db.Close()
				t.Fatal("the fake server let us in")
			}
			if got := <-f.result; got != tc.want {
				t.Errorf("the fake server learnt %q, want %q", got, tc.want)
			}
		})
	}
}
