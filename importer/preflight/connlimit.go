package preflight

import (
	"context"
	"database/sql"
	"fmt"
	"io"
)

// Connection limits. `--parallel N` opens N+1 connections (the workers and the control
// connection) and the sampler one more. Without a look first, a server near
// max_connections, or an account with MAX_USER_CONNECTIONS, fails the import half-way
// through opening them with ERROR 1040 "Too many connections" (or 1203). So the first
// connection reads what room is left before the others are opened, and the workers are
// reduced to what fits, with one line saying so.

// ConnRoom is what the server allows this account to open, read on one open connection.
type ConnRoom struct {
	maxConnections, connected int64 // @@max_connections and Threads_connected (ours included)
	// maxUser is the account's limit (@@session.max_user_connections: its
	// MAX_USER_CONNECTIONS, else the global value; ≤ 0: none) and userConnected its
	// connections now (ours included).
	maxUser, userConnected int64
}

// connHeadroom is the connections left free for everyone else under max_connections (an
// application, a DBA's session): the import takes the rest, not every last one.
const connHeadroom = 1

// ReadConnRoom reads the limits on c. Threads_connected and the account's own rows of the
// processlist need no privilege (without PROCESS an account sees its own threads, which is
// what its limit counts).
func ReadConnRoom(ctx context.Context, c *sql.Conn) (ConnRoom, error) {
	var r ConnRoom
	if err := c.QueryRowContext(ctx, "SELECT @@max_connections, @@session.max_user_connections").Scan(&r.maxConnections, &r.maxUser); err != nil {
		return r, err
	}
	var name string
	if err := c.QueryRowContext(ctx, "SHOW GLOBAL STATUS LIKE 'Threads_connected'").Scan(&name, &r.connected); err != nil {
		return r, err
	}
	if r.maxUser > 0 {
		q := "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE USER = SUBSTRING_INDEX(CURRENT_USER(), '@', 1)"
		if err := c.QueryRowContext(ctx, q).Scan(&r.userConnected); err != nil {
			return r, err
		}
	}
	return r, nil
}

// more is how many connections beyond the one already open may be opened now, and what
// bounds it, for messages.
func (r ConnRoom) more() (n int64, why string) {
	n = r.maxConnections - r.connected - connHeadroom
	why = fmt.Sprintf("max_connections is %d with %d open, and %d is kept for others", r.maxConnections, r.connected, connHeadroom)
	if r.maxUser > 0 {
		if u := r.maxUser - r.userConnected; u < n {
			n = u
			why = fmt.Sprintf("this account may open %d connections (max_user_connections) and has %d open", r.maxUser, r.userConnected)
		}
	}
	return max(n, 0), why
}

// Fit checks that the n connections the import wants (the one open counted) and the
// others the caller will open besides (the sampler's) fit the server's limits; parallel
// is the import's workers (--parallel). It returns the connections to open in all and
// the workers, fewer than parallel when they did not fit (said on log).
func (r ConnRoom) Fit(n, parallel, others int, log io.Writer) (conns, workers int, err error) {
	room, why := r.more()
	fit := int(room) + 1 - others // the import's own, the open one included
	if n <= fit {
		return n, parallel, nil
	}
	// Workers are what can be given up: the control connection stays.
	workers = fit - 1
	if parallel <= 1 || workers < 2 {
		return 0, 0, fmt.Errorf("the server has room for %d more connection(s) (%s); the import needs %d more: close idle connections or raise max_connections, or run with a smaller --parallel",
			room, why, n-1+others)
	}
	takers := fmt.Sprintf("%d workers", workers)
	if others > 0 {
		takers += " and the sampler's"
	}
	fmt.Fprintf(log, "dumpscope: note: --parallel %d reduced to %d: %s, which leaves room for %d more connections (%s)\n",
		parallel, workers, why, room, takers)
	return workers + 1, workers, nil
}
