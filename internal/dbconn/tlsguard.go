package dbconn

import (
	"context"
	"crypto/tls"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"sync/atomic"
	"time"

	"github.com/go-sql-driver/mysql"
)

// Capability flags of the client/server protocol used by the TLS guard.
const (
	capLongPassword = 0x00000001
	capProtocol41   = 0x00000200
	capSSL          = 0x00000800
	capTransactions = 0x00002000
	capSecureConn   = 0x00008000
	capMultiResults = 0x00020000
	capPluginAuth   = 0x00080000
)

// guardTLS makes the TLS of an unverified connection that the user did not ask for
// explicitly (the default, PREFERRED) invisible to the driver: dumpscope dials, upgrades
// the connection to TLS itself, and hands the driver a connection it believes is
// plaintext. The bytes on the wire are encrypted all the same; what changes is the
// driver's choice when a caching_sha2_password or sha256_password server asks for the
// password in full: believing TLS, it sends the password as cleartext, which whoever
// answered the unverified handshake (a man in the middle) reads; believing plaintext, it
// encrypts to the server's RSA key, which applyPublicKey does not fetch unverified. With
// --ssl-mode=REQUIRED or PREFERRED given explicitly, the user has chosen, and the driver
// does TLS itself as the MySQL 8 client would.
func guardTLS(cfg *mysql.Config, t *tls.Config, fallback bool) {
	cfg.TLS = nil
	cfg.AllowFallbackToPlaintext = false
	cfg.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		return dialGuarded(ctx, network, addr, t, fallback)
	}
}

// TLSBelowDriver moves the TLS of a Unix-socket connection under the driver, as guardTLS
// does for the default over TCP, keeping its mode (the tls.Config, and whether a server
// without TLS gets plaintext). The import reads the server's packets between the driver
// and the connection (the warning counts of the OK packets, which the driver drops);
// TLS done by the driver would encrypt them there. On a socket this changes nothing else:
// the driver sends a caching_sha2/sha256 password in full over a socket whether or not it
// believes in TLS. Over TCP an explicit --ssl-mode keeps the driver's TLS (see guardTLS).
func TLSBelowDriver(cfg *mysql.Config) {
	if cfg.Net != "unix" || cfg.TLS == nil || cfg.DialFunc != nil {
		return
	}
	guardTLS(cfg, cfg.TLS, cfg.AllowFallbackToPlaintext)
}

// dialGuarded connects and reads the server's greeting. A server without TLS gets a
// plain connection (PREFERRED). Otherwise the returned connection replays the greeting
// to the driver and, when the driver writes its handshake response, sends the first 32
// bytes of it as the SSL request (the server keeps the capabilities it reads there, so
// they must be the driver's own), does the TLS handshake, and sends the response over
// TLS; packet sequence numbers are shifted by the SSL request's one until the
// authentication ends.
func dialGuarded(ctx context.Context, network, addr string, t *tls.Config, fallback bool) (net.Conn, error) {
	var d net.Dialer
	raw, err := d.DialContext(ctx, network, addr)
	if err != nil {
		return nil, err
	}
	if tc, ok := raw.(*net.TCPConn); ok {
		_ = tc.SetKeepAlive(true)
	}
	GrowSendBuffer(raw)
	if dl, ok := ctx.Deadline(); ok {
		_ = raw.SetReadDeadline(dl)
	}
	greeting, err := readWirePacket(raw)
	_ = raw.SetReadDeadline(time.Time{})
	if err != nil {
		raw.Close()
		return nil, fmt.Errorf("read the server greeting: %w", err)
	}
	caps, ok := greetingCapabilities(greeting[4:])
	if ok && caps&capSSL == 0 && !fallback {
		raw.Close()
		return nil, mysql.ErrNoTLS
	}
	if !ok || caps&capSSL == 0 { // an error packet, an old protocol, or no TLS (PREFERRED)
		return &replayConn{Conn: raw, pending: greeting}, nil
	}
	return &shiftConn{Conn: raw, tlsConfig: t, pending: greeting}, nil
}

func putHeader(b []byte, n int, seq byte) {
	b[0], b[1], b[2], b[3] = byte(n), byte(n>>8), byte(n>>16), seq
}

// readWirePacket reads one packet, header included.
func readWirePacket(r io.Reader) ([]byte, error) {
	h := make([]byte, 4)
	if _, err := io.ReadFull(r, h); err != nil {
		return nil, err
	}
	n := int(h[0]) | int(h[1])<<8 | int(h[2])<<16
	p := make([]byte, 4+n)
	copy(p, h)
	_, err := io.ReadFull(r, p[4:])
	return p, err
}

// greetingCapabilities parses the capability flags of a protocol-10 greeting.
func greetingCapabilities(p []byte) (uint32, bool) {
	if len(p) < 1 || p[0] != 10 {
		return 0, false
	}
	i := 1
	for i < len(p) && p[i] != 0 { // server version
		i++
	}
	i += 1 + 4 + 8 + 1 // NUL, connection id, auth data part 1, filler
	if i+2 > len(p) {
		return 0, false
	}
	caps := uint32(binary.LittleEndian.Uint16(p[i:]))
	if i+2+1+2+2 <= len(p) {
		caps |= uint32(binary.LittleEndian.Uint16(p[i+5:])) << 16
	}
	return caps, true
}

// replayConn hands the greeting it already read to the driver first.
type replayConn struct {
	net.Conn
	pending []byte
}

// WriteTarget is where a write to c goes unchanged: the socket under a connection that
// only replays the server's greeting (TLSBelowDriver on a server without TLS), whose
// writes pass through; c itself otherwise (a TLS connection encrypts what it writes). A
// caller that writes several buffers at once (net.Buffers) gets one writev(2) on the
// socket, which the wrapper would turn into a write(2) per buffer.
func WriteTarget(c net.Conn) net.Conn {
	if r, ok := c.(*replayConn); ok {
		return r.Conn
	}
	return c
}

func (c *replayConn) Read(p []byte) (int, error) {
	if len(c.pending) > 0 {
		n := copy(p, c.pending)
		c.pending = c.pending[n:]
		return n, nil
	}
	return c.Conn.Read(p)
}

// shiftConn is the connection as the driver sees it: the greeting first; its handshake
// response triggers the TLS upgrade (see dialGuarded); then, until the server's OK or
// error packet ends the authentication, the server's packets reach the driver with their
// sequence number one lower and the driver's leave with it one higher.
type shiftConn struct {
	net.Conn  // the TCP connection (deadlines, addresses)
	tlsConfig *tls.Config
	tc        *tls.Conn // after the upgrade
	pending   []byte    // bytes for the driver's next reads
	authed    atomic.Bool
	wbuf      []byte // an incomplete packet from the driver, during authentication
}

func (c *shiftConn) Read(p []byte) (int, error) {
	if len(c.pending) == 0 {
		if c.tc == nil {
			return 0, errors.New("dbconn: TLS guard: the driver read before sending its handshake response")
		}
		if c.authed.Load() {
			return c.tc.Read(p)
		}
		pk, err := readWirePacket(c.tc)
		if err != nil {
			return 0, err
		}
		pk[3]--
		if len(pk) > 4 && (pk[4] == 0x00 || pk[4] == 0xff) {
			c.authed.Store(true)
		}
		c.pending = pk
	}
	n := copy(p, c.pending)
	c.pending = c.pending[n:]
	return n, nil
}

func (c *shiftConn) Write(p []byte) (int, error) {
	if c.authed.Load() && len(c.wbuf) == 0 {
		return c.tc.Write(p)
	}
	c.wbuf = append(c.wbuf, p...)
	for len(c.wbuf) >= 4 {
		n := int(c.wbuf[0]) | int(c.wbuf[1])<<8 | int(c.wbuf[2])<<16
		if len(c.wbuf) < 4+n {
			break
		}
		pk := c.wbuf[:4+n]
		if c.tc == nil { // the handshake response: upgrade first
			if n < 32 {
				return 0, errors.New("dbconn: TLS guard: short handshake response")
			}
			pk[5] |= capSSL >> 8 // capability flags, byte 1
			req := make([]byte, 4+32)
			copy(req[4:], pk[4:4+32])
			putHeader(req, 32, pk[3])
			if _, err := c.Conn.Write(req); err != nil {
				return 0, err
			}
			c.tc = tls.Client(c.Conn, c.tlsConfig)
			if err := c.tc.Handshake(); err != nil {
				return 0, err
			}
		}
		if !c.authed.Load() {
			pk[3]++
		}
		if _, err := c.tc.Write(pk); err != nil {
			return 0, err
		}
		c.wbuf = c.wbuf[4+n:]
	}
	return len(p), nil
}

func (c *shiftConn) Close() error {
	if c.tc != nil {
		return c.tc.Close()
	}
	return c.Conn.Close()
}
