package replay

import (
	"bytes"
	"encoding/binary"
	"net"
	"testing"
	"testing/iotest"

	"github.com/dumpscope/dumpscope/importer/split"
)

// wirePacket frames payload as one or more packets (payloads of 0xFFFFFF continue).
func wirePacket(payload []byte) []byte {
	var out []byte
	for {
		n := min(len(payload), pktMaxPayload)
		out = append(out, byte(n), byte(n>>8), byte(n>>16), 0)
		out = append(out, payload[:n]...)
		payload = payload[n:]
		if n < pktMaxPayload {
			return out
		}
	}
}

func okPayload(header byte, affected, warnings, status uint16) []byte {
	p := []byte{header, byte(affected), 0} // affected < 251, insert id 0
	p = binary.LittleEndian.AppendUint16(p, status)
	return binary.LittleEndian.AppendUint16(p, warnings)
}

func eofPayload(warnings, status uint16) []byte {
	p := binary.LittleEndian.AppendUint16([]byte{0xFE}, warnings)
	return binary.LittleEndian.AppendUint16(p, status)
}

// greetingPayload is a protocol-10 greeting with connection id 42 and caps.
func greetingPayload(caps uint32) []byte {
	p := append([]byte{10}, "10.11.19-MariaDB-0+deb12u1-log\x00"...)
	p = binary.LittleEndian.AppendUint32(p, 42)
	p = append(p, "12345678\x00"...)
	p = binary.LittleEndian.AppendUint16(p, uint16(caps))
	p = append(p, 45, 2, 0)
	p = binary.LittleEndian.AppendUint16(p, uint16(caps>>16))
	return append(p, make([]byte, 20)...)
}

// TestPacketWatchWarnings feeds replies to a packetWatch one byte per Read (and whole)
// and checks the warning count it keeps: OK packets, result sets ended by an EOF or a
// 0xFE-OK, rows that start with 0xFE, packets of 16 MiB and more, multi-results, LOCAL
// INFILE, errors.
func TestPacketWatchWarnings(t *testing.T) {
	// A row of more than 16 MiB: its first packet starts with 0xFE (an 8-byte length
	// follows), and its continuation looks like a 0xFE-OK with 9 warnings.
	bigRow := append([]byte{0xFE}, make([]byte, pktMaxPayload+10)...)
	copy(bigRow[pktMaxPayload:], okPayload(0xFE, 0, 9, 2))
	columns := func(n int) []byte {
		var b []byte
		for range n {
			b = append(b, wirePacket([]byte("\x03def\x00\x00\x00\x01c\x00\x0c\x3f\x00"))...)
		}
		return b
	}
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	tests := []struct {
		name         string
		deprecateEOF bool
		reply        []byte
		want         int
		ok           bool
	}{
		{"ok", true, wirePacket(okPayload(0, 3, 2, 2)), 2, true},
		{"ok without warnings", true, wirePacket(okPayload(0, 3, 0, 2)), 0, true},
		{"error", true, wirePacket([]byte("\xff\x7a\x04#42S02oops")), 0, false},
		{"result set, 0xFE-OK", true, cat(wirePacket([]byte{2}), columns(2), wirePacket([]byte("\x01a\x01b")), wirePacket(okPayload(0xFE, 0, 5, 2))), 5, true},
		{"result set, EOF", false, cat(wirePacket([]byte{1}), columns(1), wirePacket(eofPayload(0, 2)), wirePacket([]byte("\x01a")), wirePacket(eofPayload(4, 2))), 4, true},
		{"row of 16 MiB starting 0xFE", true, cat(wirePacket([]byte{1}), columns(1), wirePacket(bigRow), wirePacket(okPayload(0xFE, 0, 1, 2))), 1, true},
		{"cache metadata: no columns", true, cat(wirePacket([]byte{1, 0}), wirePacket([]byte("\x01a")), wirePacket(okPayload(0xFE, 0, 6, 2))), 6, true},
		{"multi-results", true, cat(wirePacket([]byte{1}), columns(1), wirePacket(okPayload(0xFE, 0, 1, 2|statusMoreResultsExist)), wirePacket(okPayload(0, 0, 3, 2))), 3, true},
		{"local infile", true, cat(wirePacket([]byte("\xfb/tmp/x")), wirePacket(okPayload(0, 7, 2, 2))), 2, true},
	}
	for _, tt := range tests {
		for _, oneByte := range []bool{false, true} {
			if oneByte && len(tt.reply) > 1<<20 {
				continue // 16 Mi reads through a pipe: slow, and nothing new
			}
			name := tt.name
			if oneByte {
				name += ", one byte per read"
			}
			t.Run(name, func(t *testing.T) {
				caps := uint32(capDeprecateEOF)
				if !tt.deprecateEOF {
					caps = 0
				}
				server, client := net.Pipe()
				ww := &WireWatch{byID: map[uint32]*PacketWatch{}}
				w := &PacketWatch{Conn: client, reg: ww}
				go func() {
					server.Write(wirePacket(greetingPayload(caps | capSSL)))
					buf := make([]byte, 64)
					server.Read(buf) // the handshake response
					server.Write(tt.reply)
					server.Close()
				}()
				var r = readerOf(w, oneByte)
				head := make([]byte, 4)
				if _, err := readFull(r, head); err != nil {
					t.Fatal(err)
				}
				rest := make([]byte, int(head[0])|int(head[1])<<8)
				if _, err := readFull(r, rest); err != nil {
					t.Fatal(err)
				}
				if ww.byID[42] != w {
					t.Fatalf("connection id not read from the greeting: %v", ww.byID)
				}
				response := binary.LittleEndian.AppendUint32([]byte{32, 0, 0, 1}, caps)
				if _, err := w.Write(append(response, make([]byte, 28)...)); err != nil {
					t.Fatal(err)
				}
				w.arm()
				if _, err := readFull(r, make([]byte, len(tt.reply))); err != nil {
					t.Fatal(err)
				}
				if n, ok := w.lastWarnings(); n != tt.want || ok != tt.ok {
					t.Errorf("lastWarnings() = %d, %v; want %d, %v", n, ok, tt.want, tt.ok)
				}
			})
		}
	}
}

func readerOf(w *PacketWatch, oneByte bool) interface{ Read([]byte) (int, error) } {
	if oneByte {
		return iotest.OneByteReader(w)
	}
	return w
}

func readFull(r interface{ Read([]byte) (int, error) }, p []byte) (int, error) {
	n := 0
	for n < len(p) {
		k, err := r.Read(p[n:])
		n += k
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// TestPacketWatchBlind: a connection whose driver asks for TLS is encrypted under the
// driver from then on; its watch reports nothing rather than misread the bytes.
func TestPacketWatchBlind(t *testing.T) {
	server, client := net.Pipe()
	ww := &WireWatch{byID: map[uint32]*PacketWatch{}}
	w := &PacketWatch{Conn: client, reg: ww}
	go func() {
		server.Write(wirePacket(greetingPayload(capSSL)))
		server.Read(make([]byte, 64))
		server.Close()
	}()
	if _, err := readFull(w, make([]byte, len(wirePacket(greetingPayload(capSSL))))); err != nil {
		t.Fatal(err)
	}
	sslRequest := binary.LittleEndian.AppendUint32([]byte{32, 0, 0, 1}, capSSL)
	w.Write(append(sslRequest, make([]byte, 28)...))
	if !w.isBlind() {
		t.Error("the watch of a connection that asked for TLS is not blind")
	}
}

// TestLiteralSQLMode: the session sql_mode a SET statement assigns is read from its text
// only when it is a quoted literal in a comment every server runs.
func TestLiteralSQLMode(t *testing.T) {
	type result struct {
		mode         string
		assigned, ok bool
	}
	for sql, want := range map[string]result{
		"SET sql_mode = ''": {"", true, true},
		"/*!40101 SET SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */":                           {"NO_AUTO_VALUE_ON_ZERO", true, true},
		"/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */": {"NO_AUTO_VALUE_ON_ZERO", true, true},
		"/*!50003 SET sql_mode = 'STRICT_TRANS_TABLES,NO_BACKSLASH_ESCAPES' */":      {"STRICT_TRANS_TABLES,NO_BACKSLASH_ESCAPES", true, true},
		"SET SESSION sql_mode = 'ANSI', @x = CONCAT('a', 'b')":                       {"ANSI", true, true},
		"SET @@session.sql_mode = 'ANSI_QUOTES'":                                     {"ANSI_QUOTES", true, true},
		"SET GLOBAL sql_mode = 'ANSI_QUOTES'":                                        {"", false, true},
		"SET @@global.sql_mode = 'ANSI_QUOTES', @a = 1":                              {"", false, true},
		// GLOBAL holds for the names after it (difffuzz seed 44013: the session's mode
		// was taken for NO_BACKSLASH_ESCAPES and the rows after it split wrongly).
		"SET GLOBAL time_zone = '-03:00', sql_mode = 'NO_BACKSLASH_ESCAPES'": {"", false, true},
		"SET @@global.time_zone = '-03:00', sql_mode = 'ANSI'":               {"ANSI", true, true},
		"SET GLOBAL time_zone = '-03:00', SESSION sql_mode = 'ANSI'":         {"ANSI", true, true},
		"/*!40101 SET SQL_MODE=@OLD_SQL_MODE */":                             {"", false, false},
		"SET sql_mode = DEFAULT":                                             {"", false, false},
		"SET sql_mode = 4":                                                   {"", false, false},
		"SET sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES')":                  {"", false, false},
		"/*!80000 SET sql_mode = 'ANSI_QUOTES' */":                           {"", false, false},
		"/*M!100100 SET sql_mode = 'ANSI_QUOTES' */":                         {"", false, false},
		"SET sql_mode = 'ANSI_QUOTES' /* a comment */":                       {"", false, false},
	} {
		st := &split.Statement{SQL: []byte(sql)}
		mode, assigned, ok := literalSQLMode(st)
		if got := (result{mode, assigned, ok}); got != want {
			t.Errorf("literalSQLMode(%q) = %+v, want %+v", sql, got, want)
		}
	}
}

// TestPacketWatchSessionState: the sql_mode an OK packet's session state reports is kept;
// one that cannot be read (cut off) is reported as lost, so that the server is asked.
func TestPacketWatchSessionState(t *testing.T) {
	lenenc := func(s string) []byte { return append([]byte{byte(len(s))}, s...) }
	entry := func(name, value string) []byte {
		data := append(lenenc(name), lenenc(value)...)
		return append([]byte{trackSystemVariables, byte(len(data))}, data...)
	}
	ok := func(state []byte) []byte {
		p := okPayload(0, 0, 0, 2|statusStateChanged)
		p = append(p, 0) // info: empty
		return append(append(p, byte(len(state))), state...)
	}
	for _, tt := range []struct {
		name          string
		payload       []byte
		mode          string
		set, readable bool
	}{
		{"sql_mode", ok(append(entry("autocommit", "ON"), entry("sql_mode", "NO_BACKSLASH_ESCAPES")...)), "NO_BACKSLASH_ESCAPES", true, true},
		{"other variable", ok(entry("autocommit", "OFF")), "", false, true},
		{"no state", append(okPayload(0, 0, 0, 2), 0), "", false, true},
		{"cut off", ok(entry("sql_mode", "ANSI"))[:20], "", false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := &PacketWatch{greeted: true, tracking: true, clientCap: capSessionTrack | capDeprecateEOF, serverCap: capSessionTrack | capDeprecateEOF}
			w.arm()
			w.scan(wirePacket(tt.payload))
			mode, set, readable := w.sqlModeSince()
			if mode != tt.mode || set != tt.set || readable != tt.readable {
				t.Errorf("sqlModeSince() = %q, %v, %v; want %q, %v, %v", mode, set, readable, tt.mode, tt.set, tt.readable)
			}
		})
	}
}
