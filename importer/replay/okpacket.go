package replay

import (
	"context"
	"encoding/binary"
	"net"
	"slices"
	"strings"
	"sync"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/dbconn"
)

// Warning counts from the wire. The server puts a statement's own warning count in the
// OK packet that ends its reply (and in the EOF or 0xFE-OK packet that ends a result
// set); the mariadb client counts from there. go-sql-driver reads that packet and drops
// the count, so dumpscope used to ask `SELECT @@warning_count` after each statement —
// a statement of its own on the dump's session, which changed what the dump's next
// statement saw in ROW_COUNT() and FOUND_ROWS() (−1 and 1 where the client's had 3 and 3).
// A packetWatch sits under the driver, on the plaintext connection it reads from, and
// keeps the count of the last reply; nothing is sent. It keeps the session's sql_mode
// too, which the splitter must follow, from the session state the server adds to its OK
// packets once asked to (TrackSQLMode), instead of a SELECT @@session.sql_mode after
// each SET of it.
//
// The protocol (https://mariadb.com/kb/en/clientserver-protocol/): packets are a 3-byte
// little-endian payload length, a sequence byte and the payload; a payload of 0xFFFFFF
// bytes continues in the next packet. A COM_QUERY reply is an OK (0x00), an ERR (0xFF),
// a LOCAL INFILE request (0xFB, then an OK or ERR once the client sent the file), or a
// result set: the column count, the column definitions (none when MariaDB's cache-
// metadata flag after the count says so), an EOF unless CLIENT_DEPRECATE_EOF was agreed,
// the rows, and an EOF or 0xFE-headed OK. A status flag SERVER_MORE_RESULTS_EXISTS in the
// last packet says another reply follows (CALL, multi-statements).

const (
	pktMaxPayload          = 0xFFFFFF
	capSSL                 = 1 << 11 // CLIENT_SSL
	capCompress            = 1 << 5  // CLIENT_COMPRESS
	capDeprecateEOF        = 1 << 24 // CLIENT_DEPRECATE_EOF
	capSessionTrack        = 1 << 23 // CLIENT_SESSION_TRACK
	statusMoreResultsExist = 0x0008  // SERVER_MORE_RESULTS_EXISTS
	statusStateChanged     = 0x4000  // SERVER_SESSION_STATE_CHANGED
	trackSystemVariables   = 0       // SESSION_TRACK_SYSTEM_VARIABLES
)

// replyState is where a packetWatch is in the reply it reads.
type replyState int

const (
	stIdle       replyState = iota // not armed, or the reply is complete
	stFirst                        // the first packet of a reply
	stColumns                      // column definitions
	stColumnsEOF                   // the EOF after the columns (without CLIENT_DEPRECATE_EOF)
	stRows                         // rows, until the EOF or 0xFE-OK
)

// PacketWatch reads the server's packets as the driver reads them (a net.Conn wrapper)
// and keeps the warning count of the last reply that arm announced.
type PacketWatch struct {
	net.Conn
	reg *WireWatch

	mu sync.Mutex
	// framing, across Read calls
	hdr       [4]byte
	hdrN      int    // header bytes read of the current packet
	left      int    // payload bytes of the current packet still to read
	size      int    // the current packet's payload length
	head      []byte // the first bytes of the current payload
	cont      bool   // the current packet continues the previous one's payload
	greeted   bool   // the server's greeting (the first packet) was read
	clientCap uint32
	serverCap uint32
	// blind: the driver asked for TLS (which it then does above this connection) or
	// compression, so what passes here is no longer packets it can read.
	blind bool

	state    replyState
	columns  uint64
	warnings int  // of the reply's last packet
	done     bool // a reply ended since arm, with warnings known

	// The session's sql_mode as the server reports it in the OK packets, once
	// session_track_system_variables names it (TrackSQLMode): modeSet when the reply since
	// arm assigned it, modeLost when its session state could not be read.
	tracking          bool
	mode              string
	modeSet, modeLost bool
	// The database the reply since arm made current (schemaSet), as the server reports
	// it in the session state (session_track_schema: wireschema.go).
	schema    string
	schemaSet bool
	// status is the server status of the last OK or EOF packet read, of any reply, and
	// statusEnds counts those packets: the mariadb client splits what follows by its
	// NO_BACKSLASH_ESCAPES and ANSI_QUOTES bits (quoting.go).
	status     uint16
	statusEnds uint64

	// replyFirst: the client sent a command, whose reply's first packet is next.
	// upload: that packet asked for a LOCAL INFILE (0xFB) and the client has not ended
	// the file yet; out holds the file's packets not written yet (see Write).
	replyFirst, upload bool
	out                []byte

	// probe: a nonce WireWatch.watchOf sends through the driver to see that this watch is
	// the connection's; probeSeen once a command carrying it passed here.
	probe     []byte
	probeSeen bool
}

// uploadFlushBytes is how much of a LOCAL INFILE upload Write gathers before it writes:
// the driver sends the file in 16 KiB packets, a write(2) each, which took 0.38 s of the
// client's 5.8 s CPU profile for a 1 GiB --load-data import (0.27 s gathered); a flush
// every 128 KiB makes them an eighth as many and fits the send buffer dumpscope gives a
// Unix socket (dbconn.SocketSendBufferBytes, 2 MiB; 208 KiB by default), so a flush
// rarely waits for the server to read.
const uploadFlushBytes = 128 << 10

// headBytes is how much of a payload is read: an OK packet's header byte, two
// length-encoded integers of up to 9 bytes, status, warnings, and room for its session
// state (a changed sql_mode with its name).
const headBytes = 2048

// greetingBytes is how much of the server's greeting is read: the server version (a
// NUL-terminated string), the connection id and the capabilities that follow it.
const greetingBytes = 256

func (w *PacketWatch) Read(p []byte) (int, error) {
	if err := w.flush(); err != nil {
		return 0, err
	}
	n, err := w.Conn.Read(p)
	if n > 0 && !w.isBlind() {
		w.mu.Lock()
		w.scan(p[:n])
		w.mu.Unlock()
	}
	return n, err
}

// Write notes the capabilities of the client's handshake response (or SSL request: the
// first packet it sends): whether the server ends column definitions with an EOF depends
// on them, and whether the stream stays readable.
//
// During a LOCAL INFILE upload it gathers the file's packets and writes them
// uploadFlushBytes at a time; the empty packet that ends the file is written with what
// is gathered before it, and so is anything left before a Read (the driver reads only
// once it has sent what the server waits for). A write that fails fails the Write that
// flushes, inside the same upload, where the driver closes the connection as on any
// failed upload write.
func (w *PacketWatch) Write(p []byte) (int, error) {
	w.mu.Lock()
	if w.upload && len(p) >= 4 {
		w.out = append(w.out, p...)
		end := len(p) == 4 && p[0]|p[1]|p[2] == 0
		if !end && len(w.out) < uploadFlushBytes {
			w.mu.Unlock()
			return len(p), nil
		}
		w.upload = !end
		w.mu.Unlock()
		if err := w.flush(); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	if len(p) >= 4 && p[3] == 0 && w.clientCap != 0 {
		w.replyFirst = true // a command's first packet (sequence number 0)
		w.noteProbe(p)
	}
	if w.greeted && w.clientCap == 0 && len(p) >= 8 {
		w.clientCap = binary.LittleEndian.Uint32(p[4:8])
		w.blind = w.clientCap&(capSSL|capCompress) != 0
		if !w.blind && w.serverCap&capSessionTrack != 0 {
			// Ask for the session state in OK packets: the driver reads an OK packet up
			// to its warnings and ignores the rest, and the server sends it only for what
			// session_track_system_variables (and _schema, _state_change) name.
			w.clientCap |= capSessionTrack
			p = append([]byte(nil), p...)
			binary.LittleEndian.PutUint32(p[4:8], w.clientCap)
		}
	}
	w.mu.Unlock()
	return w.Conn.Write(p)
}

// flush writes the upload's gathered packets.
func (w *PacketWatch) flush() error {
	w.mu.Lock()
	out := w.out
	w.out = w.out[:0]
	w.mu.Unlock()
	if len(out) == 0 {
		return nil
	}
	_, err := w.Conn.Write(out)
	return err
}

func (w *PacketWatch) isBlind() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.blind
}

func (w *PacketWatch) Close() error {
	w.reg.forget(w)
	return w.Conn.Close()
}

// scan follows the packets in b, which continues what earlier calls saw.
func (w *PacketWatch) scan(b []byte) {
	for len(b) > 0 {
		if w.hdrN < 4 {
			k := copy(w.hdr[w.hdrN:], b)
			w.hdrN += k
			b = b[k:]
			if w.hdrN < 4 {
				return
			}
			w.size = int(w.hdr[0]) | int(w.hdr[1])<<8 | int(w.hdr[2])<<16
			w.left = w.size
			w.head = w.head[:0]
		}
		k := min(w.left, len(b))
		limit := headBytes
		if !w.greeted {
			limit = greetingBytes
		}
		if room := limit - len(w.head); room > 0 {
			w.head = append(w.head, b[:min(k, room)]...)
		}
		w.left -= k
		b = b[k:]
		if w.left == 0 {
			cont := w.cont
			w.cont = w.size == pktMaxPayload
			if !cont {
				w.packet(w.head, w.size)
			}
			w.hdrN = 0
		}
	}
}

// packet interprets one packet (its first bytes and its length) in the reply's state.
func (w *PacketWatch) packet(p []byte, size int) {
	if !w.greeted {
		w.greeted = true
		w.greeting(p)
		return
	}
	if len(p) == 0 {
		return
	}
	// A reply's first packet that starts with 0xFB (never a column count: it is a NULL's
	// length byte) asks for a LOCAL INFILE, whichever statement did, armed or not. Only
	// the first: a row may start with 0xFB (a NULL) too.
	if w.replyFirst {
		w.replyFirst = false
		w.upload = p[0] == 0xFB && size < pktMaxPayload
	}
	switch w.state {
	case stIdle:
	case stFirst:
		switch p[0] {
		case 0x00: // OK
			w.endOK(p[1:])
		case 0xFF: // ERR: the statement failed, no count
			w.state = stIdle
		case 0xFB: // LOCAL INFILE request: the OK or ERR follows the file
		default:
			n, k := lenencInt(p)
			w.columns = n
			w.state = stColumns
			if size > k && k < len(p) && p[k] == 0 { // MariaDB cache metadata: no columns sent
				w.columns = 0
				w.afterColumns()
			}
		}
	case stColumns:
		w.columns--
		if w.columns == 0 {
			w.afterColumns()
		}
	case stColumnsEOF:
		w.state = stRows
	case stRows:
		switch {
		case p[0] == 0xFF:
			w.state = stIdle
		case p[0] == 0xFE && size < pktMaxPayload: // a row never starts so short with 0xFE
			if w.deprecateEOF() {
				w.endOK(p[1:])
			} else if len(p) >= 5 { // EOF: warnings, status
				w.end(int(binary.LittleEndian.Uint16(p[1:])), binary.LittleEndian.Uint16(p[3:]))
			}
		}
	}
}

func (w *PacketWatch) afterColumns() {
	if w.deprecateEOF() {
		w.state = stRows
	} else {
		w.state = stColumnsEOF
	}
}

func (w *PacketWatch) deprecateEOF() bool {
	return w.clientCap&w.serverCap&capDeprecateEOF != 0
}

// endOK reads an OK packet's body: affected rows, insert id, status, warnings.
func (w *PacketWatch) endOK(p []byte) {
	_, a := lenencInt(p)
	_, b := lenencInt(p[min(a, len(p)):])
	i := a + b
	if i+4 > len(p) {
		w.state = stIdle
		return
	}
	status := binary.LittleEndian.Uint16(p[i:])
	if w.clientCap&capSessionTrack != 0 {
		w.sessionState(p[i+4:], status) // sql_mode (tracking), the database (schemaSince)
	}
	w.end(int(binary.LittleEndian.Uint16(p[i+2:])), status)
}

// sessionState reads an OK packet's info and session state (p: what follows the warning
// count) for a changed sql_mode. Whatever cannot be read marks the mode lost: the caller
// then asks the server.
func (w *PacketWatch) sessionState(p []byte, status uint16) {
	if len(p) == 0 {
		return // no info, no state
	}
	info, ok := lenencString(&p)
	_ = info
	if !ok {
		w.modeLost = true
		return
	}
	if status&statusStateChanged == 0 {
		return
	}
	state, ok := lenencString(&p)
	if !ok {
		w.modeLost = true
		return
	}
	for len(state) > 0 {
		typ := state[0]
		state = state[1:]
		data, ok := lenencString(&state)
		if !ok {
			w.modeLost = true
			return
		}
		if typ == trackSchema {
			name, ok := lenencString(&data)
			if !ok {
				w.modeLost = true
				return
			}
			w.schema, w.schemaSet = string(name), true
			continue
		}
		if typ != trackSystemVariables {
			continue
		}
		name, ok1 := lenencString(&data)
		value, ok2 := lenencString(&data)
		if !ok1 || !ok2 {
			w.modeLost = true
			return
		}
		if strings.EqualFold(string(name), "sql_mode") {
			w.mode, w.modeSet = string(value), true
		}
	}
}

// lenencString takes a length-encoded string off the front of *p; ok is false when *p
// is too short (a session state beyond headBytes).
func lenencString(p *[]byte) (s []byte, ok bool) {
	n, k := lenencInt(*p)
	if k == 0 || uint64(len(*p)-k) < n {
		return nil, false
	}
	s = (*p)[k : k+int(n)]
	*p = (*p)[k+int(n):]
	return s, true
}

// end records the warning count of a reply's last packet; another reply follows when
// the status says so.
func (w *PacketWatch) end(warnings int, status uint16) {
	w.warnings, w.done = warnings, true
	w.status, w.statusEnds = status, w.statusEnds+1
	if status&statusMoreResultsExist != 0 {
		w.state = stFirst
	} else {
		w.state = stIdle
	}
}

// greeting reads the server's capabilities and the connection id from its first packet.
func (w *PacketWatch) greeting(p []byte) {
	if len(p) < 1 || p[0] != 10 {
		return
	}
	i := 1
	for i < len(p) && p[i] != 0 { // server version
		i++
	}
	i++
	if i+4 > len(p) {
		return
	}
	id := binary.LittleEndian.Uint32(p[i:])
	i += 4 + 8 + 1 // connection id, auth data part 1, filler
	if i+2 <= len(p) {
		w.serverCap = uint32(binary.LittleEndian.Uint16(p[i:]))
	}
	if i+7 <= len(p) {
		w.serverCap |= uint32(binary.LittleEndian.Uint16(p[i+5:])) << 16
	}
	w.reg.register(id, w)
}

// lenencInt reads a length-encoded integer; k is its size in bytes (0: p too short).
func lenencInt(p []byte) (v uint64, k int) {
	if len(p) == 0 {
		return 0, 0
	}
	switch c := p[0]; {
	case c < 0xFB:
		return uint64(c), 1
	case c == 0xFC && len(p) >= 3:
		return uint64(binary.LittleEndian.Uint16(p[1:])), 3
	case c == 0xFD && len(p) >= 4:
		return uint64(p[1]) | uint64(p[2])<<8 | uint64(p[3])<<16, 4
	case c == 0xFE && len(p) >= 9:
		return binary.LittleEndian.Uint64(p[1:]), 9
	}
	return 0, 1
}

// arm announces that the next bytes from the server are the reply to a statement the
// caller is about to send.
func (w *PacketWatch) arm() {
	w.mu.Lock()
	w.state, w.done, w.warnings = stFirst, false, 0
	w.modeSet, w.modeLost, w.schemaSet = false, false, false
	w.mu.Unlock()
}

// sqlModeSince is the session sql_mode the reply since arm reported: set says the
// statement assigned it, ok that the reply could be read (false: ask the server, as
// without TrackSQLMode).
func (w *PacketWatch) sqlModeSince() (mode string, set, ok bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.mode, w.modeSet, w.tracking && w.done && w.state == stIdle && !w.modeLost
}

// TrackSQLMode makes the server report the session's sql_mode in its OK packets, on the
// connection c that w watches, so that a SET sql_mode = @variable needs no query after
// it. It adds sql_mode to session_track_system_variables: a session variable the dump's
// statements do not read. It reports whether the tracking is on.
func (w *PacketWatch) TrackSQLMode(ctx context.Context, c Conn) bool {
	w.mu.Lock()
	negotiated := w.clientCap&w.serverCap&capSessionTrack != 0 && !w.blind
	w.mu.Unlock()
	if !negotiated {
		return false
	}
	var cur string
	if err := c.QueryRowContext(ctx, "SELECT @@session.session_track_system_variables").Scan(&cur); err != nil {
		return false
	}
	if strings.Trim(strings.ToLower(cur), "abcdefghijklmnopqrstuvwxyz0123456789_,*") != "" {
		return false
	}
	names := strings.Split(strings.ToLower(cur), ",")
	if !slices.Contains(names, "sql_mode") && !slices.Contains(names, "*") {
		if cur != "" {
			cur += ","
		}
		if _, err := c.ExecContext(ctx, "SET SESSION session_track_system_variables = '"+cur+"sql_mode'"); err != nil {
			return false
		}
	}
	w.mu.Lock()
	w.tracking = true
	w.mu.Unlock()
	return true
}

// lastWarnings is the warning count of the reply since arm; ok is false when none ended
// with a count (an error, or a reply not read to its end).
func (w *PacketWatch) lastWarnings() (n int, ok bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.warnings, w.done && w.state == stIdle
}

// WireWatch puts a packetWatch under each connection a config opens, and finds them by
// the server's connection id.
type WireWatch struct {
	mu   sync.Mutex
	byID map[uint32]*PacketWatch
	// raw: the driver is configured as rawQuery expects (no read or write deadlines, no
	// RejectReadOnly), so that a worker may send its row statements itself.
	raw bool
}

// WatchWire makes the connections cfg opens watched. dumpscope's own TLS (the default
// over TCP, and any mode on a socket: dbconn.TLSBelowDriver) lies under the watch, which
// sees what the driver sees; on a connection where the driver does TLS itself (an
// explicit --ssl-mode over TCP) the watch goes blind.
func WatchWire(cfg *mysql.Config) (*mysql.Config, *WireWatch) {
	ww := &WireWatch{byID: map[uint32]*PacketWatch{}}
	ww.raw = cfg.ReadTimeout == 0 && cfg.WriteTimeout == 0 && !cfg.RejectReadOnly
	cfg = cfg.Clone()
	dbconn.TLSBelowDriver(cfg)
	dial := cfg.DialFunc
	cfg.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		var c net.Conn
		var err error
		if dial != nil {
			c, err = dial(ctx, network, addr)
		} else {
			var d net.Dialer
			c, err = d.DialContext(ctx, network, addr)
		}
		if err != nil {
			return nil, err
		}
		dbconn.GrowSendBuffer(c)
		return &PacketWatch{Conn: c, reg: ww}, nil
	}
	return cfg, ww
}

func (ww *WireWatch) register(id uint32, w *PacketWatch) {
	ww.mu.Lock()
	ww.byID[id] = w
	ww.mu.Unlock()
}

func (ww *WireWatch) forget(w *PacketWatch) {
	ww.mu.Lock()
	defer ww.mu.Unlock()
	for id, x := range ww.byID {
		if x == w {
			delete(ww.byID, id)
		}
	}
}

// Of returns the watch of the connection c (nil when it has none, or the one found by its
// id is not c's: watchOf).
func (ww *WireWatch) Of(ctx context.Context, c Conn) *PacketWatch {
	if ww == nil {
		return nil
	}
	var id uint32
	if err := c.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&id); err != nil {
		return nil
	}
	return ww.watchOf(ctx, c, id)
}
