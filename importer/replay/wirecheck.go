package replay

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
)

// A connection's watch is found by the connection id in the server's greeting (register),
// which is the id CONNECTION_ID() returns only when the greeting comes from the server that
// runs the session. Behind a protocol proxy (ProxySQL, MaxScale: the greeting carries the
// proxy's session id, CONNECTION_ID() the backend's) or a TCP balancer over several servers
// (each numbers its own connections), another connection of the same import can carry that
// id. A watch so found would lend another connection's warning counts to the serial replay,
// and the raw path (rawquery.go) would send a worker's rows on another session, outside
// the worker's transaction. So a watch found by id is taken only once a statement carrying
// a nonce, sent through the driver on the connection, was seen passing through it.

// watchOf is the readable watch of connection c, whose CONNECTION_ID() is id; nil when
// there is none, it is blind, or it is not c's. It runs one statement on c (DO 0 with a
// comment): call it before c runs the dump's statements, whose ROW_COUNT() it would change.
func (ww *WireWatch) watchOf(ctx context.Context, c Conn, id uint32) *PacketWatch {
	if ww == nil {
		return nil
	}
	ww.mu.Lock()
	w := ww.byID[id]
	ww.mu.Unlock()
	if w == nil || w.isBlind() {
		return nil
	}
	var nonce [12]byte
	if _, err := rand.Read(nonce[:]); err != nil {
		return nil
	}
	mark := []byte("dumpscope wire " + hex.EncodeToString(nonce[:]))
	w.mu.Lock()
	w.probe, w.probeSeen = mark, false
	w.mu.Unlock()
	_, err := c.ExecContext(ctx, "DO 0 /* "+string(mark)+" */")
	w.mu.Lock()
	seen := w.probeSeen
	w.probe, w.probeSeen = nil, false
	w.mu.Unlock()
	if err != nil || !seen {
		return nil
	}
	return w
}

// noteProbe marks the probe seen when p, a packet the client writes, is a command that
// carries it. The caller holds w.mu.
func (w *PacketWatch) noteProbe(p []byte) {
	if w.probe != nil && len(p) > 4 && p[3] == 0 && bytes.Contains(p[4:], w.probe) {
		w.probeSeen = true
	}
}
