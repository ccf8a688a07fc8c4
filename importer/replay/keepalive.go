package replay

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/transform"
	"github.com/dumpscope/dumpscope/internal/crash"
)

// Keepalive. The server closes a connection that has sent nothing for wait_timeout
// seconds. Under --parallel a worker waits while a long statement runs elsewhere (a big
// serial table, an ALTER, a barrier), the control connection waits for the workers, and
// every connection waits while the dashboard is paused or the input stalls; with a short
// wait_timeout (managed servers set 60 s or less) the next statement then fails with
// "invalid connection", and a reconnect would lose the session's SET NAMES, sql_mode, USE
// and open transaction. TCP keepalive does not help: the server counts commands, not
// packets. So each connection that waits is sent COM_PING, which resets the server's
// timer and changes nothing else (not the transaction, not the warning list).
//
// The ping never overlaps a statement: the goroutine that owns a connection marks the
// stretches where it waits without touching it (idleBegin … idleEnd), the keeper pings
// only inside them, and idleEnd waits for a ping in flight.

// liveConn is a pinned connection the keeper may ping while its owner waits.
type liveConn struct {
	Conn
	ping func(ctx context.Context) error

	mu   sync.Mutex // held by a ping; idleBegin and idleEnd take it
	idle bool       // under mu: the owner waits and does not touch the connection
	// usedAt is when the connection last finished a command (UnixNano): a statement
	// through the wrapper or a ping.
	usedAt atomic.Int64
}

func (c *liveConn) touch() { c.usedAt.Store(time.Now().UnixNano()) }

func (c *liveConn) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	r, err := c.Conn.ExecContext(ctx, query, args...)
	c.touch()
	return r, err
}

func (c *liveConn) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	r := c.Conn.QueryRowContext(ctx, query, args...)
	c.touch()
	return r
}

func (c *liveConn) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	r, err := c.Conn.QueryContext(ctx, query, args...)
	c.touch()
	return r, err
}

// idleBegin marks the start of a wait in which the owner of c does not use it (no-op for
// a connection without keepalive).
func idleBegin(c Conn) {
	if lc, ok := c.(*liveConn); ok {
		lc.mu.Lock()
		lc.idle = true
		lc.mu.Unlock()
	}
}

// idleEnd ends the wait idleBegin marked; it returns once no ping is in flight on c.
func idleEnd(c Conn) {
	if lc, ok := c.(*liveConn); ok {
		lc.mu.Lock()
		lc.idle = false
		lc.mu.Unlock()
	}
}

// Keepalive pings the idle connections of one replay.
type Keepalive struct {
	conns []*liveConn
	every time.Duration // ping a connection idle this long
	stop  chan struct{}
	done  chan struct{}
}

// Bounds of the ping interval: a third of wait_timeout leaves two chances before the
// server gives up, and a minute is plenty for the default of eight hours.
const (
	minPingEvery = 200 * time.Millisecond
	maxPingEvery = time.Minute
)

// pingEvery is how long a connection may stay idle before it is pinged, for the server's
// wait_timeout in seconds.
func pingEvery(waitTimeoutSeconds float64) time.Duration {
	d := time.Duration(waitTimeoutSeconds / 3 * float64(time.Second))
	return min(max(d, minPingEvery), maxPingEvery)
}

// NewKeepalive wraps conns for keepalive, with the interval from the session
// wait_timeout of conns[0] (every connection of the import has the same account and
// settings). Nothing is pinged before an owner marks a wait; Stop ends it.
//
// A panic in its goroutine is passed to crashed, which ends the import (Import's
// context.CancelCauseFunc).
func NewKeepalive(ctx context.Context, conns []*sql.Conn, crashed func(error)) *Keepalive {
	var waitTimeout float64 = 28800
	if len(conns) > 0 {
		_ = conns[0].QueryRowContext(ctx, "SELECT @@session.wait_timeout").Scan(&waitTimeout)
	}
	k := &Keepalive{every: pingEvery(waitTimeout), stop: make(chan struct{}), done: make(chan struct{})}
	for _, c := range conns {
		lc := &liveConn{Conn: c, ping: c.PingContext}
		lc.touch()
		k.conns = append(k.conns, lc)
	}
	k.run(crashed)
	return k
}

// IdleDuring wraps a statement hook (the dashboard's pause blocks in it) so that c, which
// the hook's caller owns, is pinged while the hook blocks; nil stays nil.
func IdleDuring(c Conn, hook func(context.Context, *split.Statement) error) func(context.Context, *split.Statement) error {
	if hook == nil {
		return nil
	}
	return func(ctx context.Context, st *split.Statement) error {
		idleBegin(c)
		defer idleEnd(c)
		return hook(ctx, st)
	}
}

// nextIdle is src.Next with c, the reader's own connection, marked idle: an input that
// stalls (a slow pipe, a remote file) must not cost the connection.
func nextIdle(src transform.StatementSource, c Conn) bool {
	idleBegin(c)
	defer idleEnd(c)
	return src.Next()
}

// Conns are the wrapped connections, in the order given.
func (k *Keepalive) Conns() []Conn {
	out := make([]Conn, len(k.conns))
	for i, c := range k.conns {
		out[i] = c
	}
	return out
}

// run pings idle connections until Stop (newKeepalive starts it).
func (k *Keepalive) run(crashed func(error)) {
	go func() {
		defer close(k.done)
		defer crash.Recover(crashed)
		t := time.NewTicker(k.every / 2)
		defer t.Stop()
		for {
			select {
			case <-k.stop:
				return
			case <-t.C:
				for _, c := range k.conns {
					k.pingIfIdle(c)
				}
			}
		}
	}()
}

// pingIfIdle pings c when its owner waits and it has been quiet for k.every. A ping that
// fails is left alone: the owner's next statement meets the same error and reports it.
func (k *Keepalive) pingIfIdle(c *liveConn) {
	if !c.mu.TryLock() {
		return
	}
	defer c.mu.Unlock()
	if !c.idle || time.Since(time.Unix(0, c.usedAt.Load())) < k.every {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), max(k.every, 10*time.Second))
	defer cancel()
	if c.ping(ctx) == nil {
		c.touch()
	}
}

// Stop ends the pings; no ping is in flight when it returns.
func (k *Keepalive) Stop() {
	select {
	case <-k.stop:
		return
	default:
	}
	close(k.stop)
	<-k.done
}

// explainLost adds to a worker's "bad connection" what it means: the server closed the
// connection (the statement that failed did not run); what commits before it is kept.
// sql.ErrConnDone is the same loss seen by the statement after it, once database/sql
// dropped the connection (the raw path's reply that ended it: rawquery.go).
func explainLost(err error) error {
	var se *StatementError
	if errors.As(err, &se) || !(errors.Is(err, driver.ErrBadConn) || errors.Is(err, mysql.ErrInvalidConn) || errors.Is(err, sql.ErrConnDone)) {
		return err
	}
	return fmt.Errorf("%w: the server closed this connection (a KILL, a restart, or wait_timeout/net_write_timeout on the server)", err)
}
