package difffuzz

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// An import over the runner's bound (timeout: at least 2 minutes) is killed and reported
// as a hang; seed 162111 (stop 51) was one that did not come back when run again, and
// the report said nothing of why. Since session 52 (x-fuzz7) the runner reads what the
// server was doing just before the kill — SHOW FULL PROCESSLIST and the TRANSACTIONS
// section of SHOW ENGINE INNODB STATUS (who waits for which lock, who holds it) — and
// the finding writes it next to the shrunk script (seed-N-MODE.server.txt), named in the
// finding's line.

// baseTimeout and clientTimes make the default bound of one import (timeout).
const (
	baseTimeout = 2 * time.Minute
	clientTimes = 30
)

// timeout is the bound of one import: Runner.Timeout if set, else the larger of
// baseTimeout and clientTimes × the client's time on the same script. A fixed 2 minutes
// reported seven "hangs" in session 53 at load 40–73, every one creeping (its progress
// lines moving, no lock wait in the server's state) and every one clean in 2–4 s when run
// again at load 3: the client's own time is the machine's load measured on the same
// script, so a bound relative to it tells a slow machine from a stuck import
// (TestTimeoutFollowsClient).
func (r *Runner) timeout() time.Duration {
	if r.Timeout > 0 {
		return r.Timeout
	}
	return max(baseTimeout, clientTimes*r.clientTook)
}

// boundReadTimeout bounds the reads of the server's state at the bound: a server too busy
// to answer leaves the report without them, not the run stuck.
const boundReadTimeout = 15 * time.Second

// recordAtBound makes cmd, when ctx reaches its deadline (the runner's bound), read the
// server's state into r.atBound before it kills the import: after the kill the import's
// connections and locks are gone.
func (r *Runner) recordAtBound(ctx context.Context, cmd *exec.Cmd) {
	cmd.Cancel = func() error {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			r.atBound = serverState(r.db)
		}
		return cmd.Process.Kill()
	}
}

// serverState is the server's processlist and InnoDB transactions as text; a read that
// fails says so in its place.
func serverState(db *sql.DB) string {
	ctx, cancel := context.WithTimeout(context.Background(), boundReadTimeout)
	defer cancel()
	var b strings.Builder
	fmt.Fprintf(&b, "-- at %s, when the import reached the bound and was killed\n-- SHOW FULL PROCESSLIST\n", time.Now().UTC().Format(time.RFC3339))
	if err := processlist(ctx, db, &b); err != nil {
		fmt.Fprintf(&b, "(not read: %v)\n", err)
	}
	b.WriteString("\n-- SHOW ENGINE INNODB STATUS: TRANSACTIONS\n")
	var typ, name, status string
	if err := db.QueryRowContext(ctx, "SHOW ENGINE INNODB STATUS").Scan(&typ, &name, &status); err != nil {
		fmt.Fprintf(&b, "(not read: %v)\n", err)
	} else {
		b.WriteString(innodbTransactions(status))
	}
	return b.String()
}

// processlist writes SHOW FULL PROCESSLIST, one tab-separated line per connection.
func processlist(ctx context.Context, db *sql.DB, b *strings.Builder) error {
	rows, err := db.QueryContext(ctx, "SHOW FULL PROCESSLIST")
	if err != nil {
		return err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	b.WriteString(strings.Join(cols, "\t") + "\n")
	vals := make([]sql.NullString, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		line := make([]string, len(cols))
		for i, v := range vals {
			line[i] = "NULL"
			if v.Valid {
				line[i] = strings.ReplaceAll(v.String, "\n", " ")
			}
		}
		b.WriteString(strings.Join(line, "\t") + "\n")
	}
	return rows.Err()
}

// innodbTransactions is the TRANSACTIONS section of SHOW ENGINE INNODB STATUS's text
// (the whole text when the section is not found).
func innodbTransactions(status string) string {
	_, after, ok := strings.Cut(status, "\nTRANSACTIONS\n")
	if !ok {
		return status
	}
	if sec, _, ok := strings.Cut(after, "\nFILE I/O\n"); ok {
		after = strings.TrimRight(strings.TrimRight(sec, "-"), "\n")
	}
	return "TRANSACTIONS\n" + after + "\n"
}

// writeServerState writes a hang's server state next to the shrunk script (path
// seed-N-MODE.sql) and returns its path; "" when there is none.
func writeServerState(shrunk, state string) (string, error) {
	if state == "" {
		return "", nil
	}
	path := strings.TrimSuffix(shrunk, filepath.Ext(shrunk)) + ".server.txt"
	return path, os.WriteFile(path, []byte(state), 0o644)
}
