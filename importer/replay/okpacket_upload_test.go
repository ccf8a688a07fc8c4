package replay

import (
	"bytes"
	"context"
	"encoding/binary"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/dbconn"
)

// TestPacketWatchGathersUpload: the packets of a LOCAL INFILE upload, which the driver
// writes 16 KiB at a time, reach the connection in writes of uploadFlushBytes, byte for
// byte and in order, the file's empty last packet with them; the next command is written
// at once. net.Pipe hands each Write to the reader whole, so the server's reads count the
// writes (65 before the watch gathered them).
func TestPacketWatchGathersUpload(t *testing.T) {
	server, client := net.Pipe()
	defer client.Close()
	w := &PacketWatch{Conn: client, reg: &WireWatch{byID: map[uint32]*PacketWatch{}}}
	const packets, payload = 64, 16 << 10
	var want []byte
	for i := range packets {
		p := append([]byte{0, 0x40, 0, byte(2 + i)}, bytes.Repeat([]byte{byte('a' + i%26)}, payload)...)
		want = append(want, p...)
	}
	want = append(want, 0, 0, 0, 2+packets)
	query := append([]byte{1, 0, 0, 0}, 0x0e) // COM_PING, after the upload
	type result struct {
		got         []byte
		reads       int
		afterUpload []byte
	}
	done := make(chan result)
	go func() {
		defer server.Close()
		server.Write(wirePacket(greetingPayload(capDeprecateEOF)))
		server.Read(make([]byte, 64)) // the handshake response
		server.Read(make([]byte, 64)) // the LOAD DATA
		server.Write([]byte{5, 0, 0, 1, 0xFB, 'f', 'i', 'l', 'e'})
		var r result
		buf := make([]byte, 1<<20)
		for len(r.got) < len(want) {
			n, err := server.Read(buf)
			if err != nil {
				break
			}
			r.got = append(r.got, buf[:n]...)
			r.reads++
		}
		server.Write(wirePacket([]byte{0, 0, 0, 2, 0, 0, 0}))
		n, _ := server.Read(buf)
		r.afterUpload = buf[:n]
		done <- r
	}()
	head := make([]byte, 4)
	if _, err := readFull(w, head); err != nil {
		t.Fatal(err)
	}
	if _, err := readFull(w, make([]byte, int(head[0])|int(head[1])<<8)); err != nil {
		t.Fatal(err)
	}
	response := binary.LittleEndian.AppendUint32([]byte{32, 0, 0, 1}, capDeprecateEOF)
	if _, err := w.Write(append(response, make([]byte, 28)...)); err != nil {
		t.Fatal(err)
	}
	load := wirePacket(append([]byte{0x03}, "LOAD DATA LOCAL INFILE 'file' INTO TABLE t"...))
	if _, err := w.Write(load); err != nil {
		t.Fatal(err)
	}
	if _, err := readFull(w, make([]byte, 9)); err != nil { // the 0xFB request
		t.Fatal(err)
	}
	for p := want; len(p) > 0; {
		n := min(len(p), 4+payload)
		if k, err := w.Write(p[:n]); k != n || err != nil {
			t.Fatalf("Write = %d, %v; want %d, nil", k, err, n)
		}
		p = p[n:]
	}
	if _, err := readFull(w, make([]byte, 11)); err != nil { // the OK
		t.Fatal(err)
	}
	if _, err := w.Write(query); err != nil {
		t.Fatal(err)
	}
	r := <-done
	if !bytes.Equal(r.got, want) {
		t.Fatalf("the server read %d bytes, not the %d the driver wrote (or not in order)", len(r.got), len(want))
	}
	if max := len(want)/uploadFlushBytes + 1; r.reads > max {
		t.Errorf("the upload reached the server in %d writes, want at most %d", r.reads, max)
	}
	if !bytes.Equal(r.afterUpload, query) {
		t.Errorf("after the upload the server read %q, want the next command %q", r.afterUpload, query)
	}
}

// TestPacketWatchRowIsNoUpload: only a reply's first packet asks for a LOCAL INFILE. A
// row whose first column is NULL starts with 0xFB too, and past 255 packets its sequence
// number wraps to 1, as a reply's first packet's is; taken for a request, it would have
// held back the commands that follow.
func TestPacketWatchRowIsNoUpload(t *testing.T) {
	w := &PacketWatch{greeted: true, clientCap: capDeprecateEOF, serverCap: capDeprecateEOF, replyFirst: true}
	var reply []byte
	seq := byte(1)
	packet := func(payload ...byte) {
		reply = append(reply, byte(len(payload)), 0, 0, seq)
		reply = append(reply, payload...)
		seq++
	}
	packet(1)                // one column
	packet(3, 'd', 'e', 'f') // its definition (enough for the watch, which counts them)
	for seq != 1 {
		packet(1, 'x') // a row
	}
	packet(0xFB)                   // a row: NULL, sequence number 1
	packet(0xFE, 0, 0, 0, 0, 0, 0) // the 0xFE-OK that ends the rows
	w.scan(reply)
	if w.upload {
		t.Fatal("a row that starts with 0xFB was taken for a LOCAL INFILE request")
	}
	if w.state != stIdle && w.state != stFirst {
		t.Fatalf("the watch lost the reply's framing (state %d)", w.state)
	}
}

// TestWatchWireSendBuffer: a watched connection over a Unix socket has room in its send
// buffer for a whole 1 MB extended INSERT (as far as wmem_max allows), which the driver
// writes as one packet: with the default 208 KiB it took about 13 writes, each but the
// last a wait in the poller.
func TestWatchWireSendBuffer(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "s")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		if c, err := l.Accept(); err == nil {
			defer c.Close()
			io.Copy(io.Discard, c)
		}
	}()
	cfg := mysql.NewConfig()
	cfg.Net, cfg.Addr = "unix", sock
	cfg, _ = WatchWire(cfg)
	c, err := cfg.DialFunc(context.Background(), "unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	raw, err := c.(*PacketWatch).Conn.(*net.UnixConn).SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var size int
	raw.Control(func(fd uintptr) {
		size, err = syscall.GetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_SNDBUF)
	})
	if err != nil {
		t.Fatal(err)
	}
	// Linux doubles what is set (for its bookkeeping) and caps it at wmem_max.
	want := 2 * dbconn.SocketSendBufferBytes
	if b, err := os.ReadFile("/proc/sys/net/core/wmem_max"); err == nil {
		if max, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
			want = 2 * min(dbconn.SocketSendBufferBytes, max)
		}
	}
	if size < want {
		t.Errorf("send buffer of a watched Unix socket: %d bytes, want %d", size, want)
	}
}
