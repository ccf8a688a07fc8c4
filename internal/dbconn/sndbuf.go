package dbconn

import "net"

// SocketSendBufferBytes is the send buffer asked for on a Unix socket to the server: room
// for a whole extended INSERT of mariadb-dump's default 1 MB (net_buffer_length), which
// the driver writes as one packet. With the default 208 KiB a statement took about 13
// write(2) calls, each but the last ending in EAGAIN and a wait in the poller (2,750 writes
// and 5,400 epoll waits for a 200 MiB --parallel 2 import). Linux caps it at
// net.core.wmem_max; a smaller buffer only means more writes.
const SocketSendBufferBytes = 2 << 20

// GrowSendBuffer gives c, when it is a Unix socket, a send buffer of
// SocketSendBufferBytes. On TCP the kernel's auto-tuning is left alone: setting a size
// turns it off.
func GrowSendBuffer(c net.Conn) {
	if uc, ok := c.(*net.UnixConn); ok {
		_ = uc.SetWriteBuffer(SocketSendBufferBytes)
	}
}
