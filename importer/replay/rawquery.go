package replay

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/binary"
	"fmt"
	"net"
	"unsafe"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/dbconn"
	"github.com/dumpscope/dumpscope/internal/maxpacket"
)

// Row statements without the driver's copy. go-sql-driver sends a statement by copying it
// behind the packet header into a buffer of its own (writeCommandPacketStr, v1.10.2), and
// for a statement over 256 KiB (a dump's extended INSERTs are about 1 MiB) that buffer is
// made afresh each time: cold memory, page faults, GC. In a CPU profile of --parallel 2 on
// the generated 200 MiB dump the copy was 0.19 s of the client's 1.43 s. A worker's
// statements already sit in its batch's buffer (rowBatch.add), so rawQuery writes the
// COM_QUERY packets' headers and those bytes in one gathered write (writev) through the
// connection's PacketWatch, and reads the reply there too (the watch keeps its
// bookkeeping: the reply's first packet, warnings, session state). It does so inside
// sql.Conn.Raw, which keeps the driver and database/sql off the connection meanwhile.
//
// What the driver needs of its state after a command it did not send (checked in
// v1.10.2's packets.go and connection.go): its sequence number is reset by each command it
// writes; its read buffer is empty between commands (driver.Validator's IsValid says so,
// and is asked before each statement); its status flags stay those of its own last reply,
// which announced no more results. So a reply that is an OK or an ERR leaves the driver as
// it was. Any other reply (a result set, a LOCAL INFILE request, an OK announcing more
// results) is not read on: the connection is closed and the error wraps driver.ErrBadConn,
// so that database/sql drops it rather than let the driver take the rest for the reply to
// its next command.

// comQuery is COM_QUERY's command byte.
const comQuery = 0x03

// rawQuery sends row statements on one worker connection from the caller's memory.
type rawQuery struct {
	w  *PacketWatch
	sc rawConner // the *sql.Conn under the worker's Conn
	lc *liveConn // the keepalive's wrapper, touched after each statement; nil: none
	// maxPacketBytes is the server's max_allowed_packet: a statement the driver would
	// refuse unsent (ErrPktTooLarge) goes to the driver, whose error it then gets.
	maxPacketBytes int64

	// Reused from statement to statement: the packet headers, the gathered write, and the
	// reply's bytes (in[:inN]).
	hdrs []byte
	bufs net.Buffers
	in   []byte
	inN  int
}

// rawConner is what rawQuery needs of a pinned connection: a *sql.Conn.
type rawConner interface {
	Raw(f func(driverConn any) error) error
}

// newRawQuery is the raw path of the worker connection c, whose wire w watches; nil (the
// driver's path) when there is no watch, it cannot read the stream (TLS or compression in
// the driver), or the configuration asks the driver for what rawQuery does not do.
func newRawQuery(c Conn, w *PacketWatch, maxPacketBytes int64) *rawQuery {
	if w == nil || w.isBlind() || !w.reg.raw {
		return nil
	}
	lc, _ := c.(*liveConn)
	inner := c
	if lc != nil {
		inner = lc.Conn
	}
	sc, ok := inner.(rawConner)
	if !ok {
		return nil
	}
	return &rawQuery{w: w, sc: sc, lc: lc, maxPacketBytes: maxPacketBytes, in: make([]byte, 512)}
}

// watch is rq's PacketWatch (nil: rq is nil, the connection has none it can read).
func (rq *rawQuery) watch() *PacketWatch {
	if rq == nil {
		return nil
	}
	return rq.w
}

// rawResult is an OK packet's counts, as the driver's Result gives them.
type rawResult struct{ affectedRows, insertID int64 }

func (r rawResult) LastInsertId() (int64, error) { return r.insertID, nil }
func (r rawResult) RowsAffected() (int64, error) { return r.affectedRows, nil }

// exec runs the statement q on c, which rq belongs to (rq nil: the driver's path). It
// returns what c.ExecContext returns, and the statement's warning count when its OK packet
// gave it (known false: ask the server, as after the driver's path).
func (rq *rawQuery) exec(ctx context.Context, c Conn, q string) (res sql.Result, warnings int, known bool, err error) {
	if rq == nil || !maxpacket.Fits(int64(len(q))+maxpacket.CommandBytes, rq.maxPacketBytes) {
		// +CommandBytes: the driver's limit is one byte below max_allowed_packet
		// (connector.go); what it refuses, it refuses here too.
		res, err := c.ExecContext(ctx, q)
		return res, 0, false, err
	}
	if err := ctx.Err(); err != nil {
		return nil, 0, false, err // the driver's watchCancel: not sent, the connection kept
	}
	var ok rawOK
	sent := false
	err = rq.sc.Raw(func(dc any) error {
		if v, isV := dc.(driver.Validator); !isV || !v.IsValid() {
			return nil // closed, or bytes left in its read buffer: the driver's path says which
		}
		sent = true
		var err error
		ok, err = rq.roundTrip(ctx, q)
		return err
	})
	if rq.lc != nil {
		rq.lc.touch()
	}
	if !sent && err == nil {
		res, err := c.ExecContext(ctx, q)
		return res, 0, false, err
	}
	if err != nil {
		return nil, 0, false, err
	}
	// The OK packet's count has two bytes: at 65535 the statement may have raised more.
	return rawResult{int64(ok.affectedRows), int64(ok.insertID)}, int(ok.warnings), ok.warnings < 0xFFFF, nil
}

// rawOK is an OK packet's fields.
type rawOK struct {
	affectedRows, insertID uint64
	status, warnings       uint16
}

// roundTrip sends q as a COM_QUERY and reads its reply. A cancelled ctx closes the
// connection, as the driver's watcher does, which ends a write or read under way.
func (rq *rawQuery) roundTrip(ctx context.Context, q string) (rawOK, error) {
	stop := func() bool { return true }
	if ctx.Done() != nil {
		stop = context.AfterFunc(ctx, func() { rq.w.Close() })
	}
	ok, err := rq.send(q)
	if !stop() {
		// Cancelled meanwhile: the connection is closed, whatever the server replied.
		return rawOK{}, badConn(ctx.Err())
	}
	return ok, err
}

// send writes q's packets and reads the reply.
func (rq *rawQuery) send(q string) (rawOK, error) {
	bufs, seq := rq.packets(q)
	if err := rq.w.writeCommand(&bufs); err != nil {
		rq.w.Close()
		return rawOK{}, badConn(fmt.Errorf("%w: sending a statement: %v", mysql.ErrInvalidConn, err))
	}
	return rq.readReply(seq)
}

// packets frames q as COM_QUERY packets: payloads of pktMaxPayload bytes continue in the
// next packet, so one of exactly that size is followed by an empty one. next is the
// sequence number of the reply's first packet.
func (rq *rawQuery) packets(q string) (bufs net.Buffers, next byte) {
	payload := maxpacket.CommandBytes + len(q)
	n := payload/pktMaxPayload + 1
	if cap(rq.hdrs) < 4*n+1 {
		rq.hdrs = make([]byte, 0, 4*n+1)
	}
	hdrs, bufs := rq.hdrs[:0], rq.bufs[:0]
	body := unsafe.Slice(unsafe.StringData(q), len(q))
	var seq byte
	for i := range n {
		size := min(payload, pktMaxPayload)
		payload -= size
		at := len(hdrs)
		hdrs = append(hdrs, byte(size), byte(size>>8), byte(size>>16), seq)
		seq++
		if i == 0 {
			hdrs = append(hdrs, comQuery)
			size--
		}
		bufs = append(bufs, hdrs[at:len(hdrs)])
		if size > 0 {
			bufs = append(bufs, body[:size])
			body = body[size:]
		}
	}
	rq.hdrs, rq.bufs = hdrs, bufs[:0]
	return bufs, seq
}

// readReply reads the reply to a command whose packets ended before sequence number seq:
// an OK, or an ERR returned as the driver builds it (*mysql.MySQLError).
func (rq *rawQuery) readReply(seq byte) (rawOK, error) {
	rq.inN = 0
	if err := rq.fill(4); err != nil {
		return rawOK{}, err
	}
	size := int(rq.in[0]) | int(rq.in[1])<<8 | int(rq.in[2])<<16
	if size == 0 || size >= pktMaxPayload {
		return rawOK{}, rq.desync("a reply packet of %d bytes", size)
	}
	if err := rq.fill(4 + size); err != nil {
		return rawOK{}, err
	}
	p := rq.in[4 : 4+size]
	if p[0] == 0xFF { // ERR
		me, err := decodeErr(p)
		if err != nil {
			return rawOK{}, rq.desync("a malformed error packet")
		}
		if rq.in[3] != seq || rq.inN > 4+size {
			// The driver too gives the error and drops a connection out of step.
			rq.w.Close()
			return rawOK{}, badConn(me)
		}
		return rawOK{}, me
	}
	switch {
	case p[0] == 0xFB:
		return rawOK{}, rq.desync("a LOCAL INFILE request")
	case p[0] != 0x00:
		return rawOK{}, rq.desync("a result set")
	case rq.in[3] != seq:
		return rawOK{}, rq.desync("packet sequence number %d where %d was due", rq.in[3], seq)
	case rq.inN > 4+size:
		return rawOK{}, rq.desync("more bytes after the OK packet")
	}
	ok, good := parseOK(p)
	switch {
	case !good:
		return rawOK{}, rq.desync("a malformed OK packet")
	case ok.status&statusMoreResultsExist != 0:
		return rawOK{}, rq.desync("an OK packet announcing more results")
	}
	return ok, nil
}

// fill reads the reply through the watch until rq.in holds n bytes. The server sends
// nothing but the reply, so a read never takes bytes of anything else.
func (rq *rawQuery) fill(n int) error {
	if n > len(rq.in) {
		rq.in = append(rq.in[:rq.inN], make([]byte, n-rq.inN)...)
	}
	for rq.inN < n {
		k, err := rq.w.Read(rq.in[rq.inN:])
		rq.inN += k
		if err != nil && rq.inN < n {
			rq.w.Close()
			return badConn(fmt.Errorf("%w: reading the reply: %v", mysql.ErrInvalidConn, err))
		}
	}
	return nil
}

// desync closes the connection after a reply the raw path does not read on.
func (rq *rawQuery) desync(format string, args ...any) error {
	rq.w.Close()
	return badConn(fmt.Errorf("dumpscope: a row statement got "+format+" for a reply (it sends only plain INSERTs, which the server answers with OK or ERR); the connection is dropped", args...))
}

// parseOK reads an OK packet (p from its 0x00) as the driver's handleOkPacket does;
// good is false when it is too short.
func parseOK(p []byte) (ok rawOK, good bool) {
	var a, b int
	ok.affectedRows, a = lenencInt(p[1:])
	ok.insertID, b = lenencInt(p[min(1+a, len(p)):])
	i := 1 + a + b
	if a == 0 || b == 0 || i+4 > len(p) {
		return rawOK{}, false
	}
	ok.status = binary.LittleEndian.Uint16(p[i:])
	ok.warnings = binary.LittleEndian.Uint16(p[i+2:])
	return ok, true
}

// decodeErr builds the error of an ERR packet (p from its 0xFF) as the driver's
// decodeErrorPacket does: mysqlerr.Retryable, --force and StatementError read its Number,
// SQLState and Message.
func decodeErr(p []byte) (*mysql.MySQLError, error) {
	if len(p) < 3 {
		return nil, mysql.ErrMalformPkt
	}
	me := &mysql.MySQLError{Number: binary.LittleEndian.Uint16(p[1:3])}
	pos := 3
	if len(p) > pos && p[pos] == '#' {
		if len(p) < 9 {
			return nil, mysql.ErrMalformPkt
		}
		copy(me.SQLState[:], p[4:9])
		pos = 9
	}
	me.Message = string(p[pos:])
	return me, nil
}

// connDropped is an error after which the connection is closed: it wraps
// driver.ErrBadConn, on which database/sql drops the connection, besides its cause.
type connDropped struct{ err error }

func badConn(err error) error          { return &connDropped{err} }
func (e *connDropped) Error() string   { return e.err.Error() }
func (e *connDropped) Unwrap() []error { return []error{e.err, driver.ErrBadConn} }

// writeCommand writes a command's packets (bufs: their headers and payloads) in one
// gathered write (writev(2) on a socket; a write per buffer under TLS) under the watch's
// bookkeeping: the reply's first packet is next.
func (w *PacketWatch) writeCommand(bufs *net.Buffers) error {
	if err := w.flush(); err != nil {
		return err
	}
	w.mu.Lock()
	w.replyFirst = true
	w.mu.Unlock()
	_, err := bufs.WriteTo(dbconn.WriteTarget(w.Conn))
	return err
}
