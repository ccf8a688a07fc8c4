package replay

import (
	"context"
	"strings"
	"sync"
)

// InnoDB's bulk insert into an empty table. MariaDB ≥ 10.6 takes it for a transaction
// whose first insert meets an empty table while unique_checks=0 and foreign_key_checks=0
// (mysqldump's session): it locks the whole table and buffers the transaction's rows to
// build the indexes at commit. For the client, whose every statement is a transaction, that
// is the dump's first statement of a table. For a batch of several statements it is the
// whole batch, and measured on MariaDB 10.11 it costs more than it saves (the 50 MiB
// sbtest table, 12 batches of 4 MiB, default and tuned settings, 4 runs: 0.1–0.5 s more of
// the server's CPU per table, half of it in background threads; one transaction for the
// whole table: 6.6–6.9 s against 2.9–3.3 s). And the table lock holds back the other
// worker, whose batch of the same table waits for the bulk batch to commit (2.3 s at the
// start of the sysbench dump under load; the importtimeline script shows it).
//
// So the first statement of a batch into an empty table runs with unique_checks=1, which
// keeps the server off the bulk path; the table is no longer empty after it, so the rest of
// the batch is not taken either, and the session's value comes back after it. The rows are
// the same: the bulk path finds a duplicate key as the statement does (the sorted build
// checks unique keys), and the statement's rows are undone either way, which is all the
// client's single-statement transaction loses; unique_checks=0 changes nothing else for an
// InnoDB table whose pages are all in the buffer pool (it lets the change buffer take
// unique secondary keys of pages read from disk), as a table that was empty a moment ago.
// A batch that would have been bulk no longer undoes its earlier statements at a later
// one's error (tryBatch's rowsUndone then sees the rows and the batch goes on, as the
// client's statements did).

// bulkGuard remembers the tables a batch has committed rows to: a batch of any other
// InnoDB table looks whether it would take the bulk path before its first statement.
type bulkGuard struct {
	mu     sync.Mutex
	filled map[string]bool // tables a batch has committed rows to
}

// needsLook reports whether a batch of table should look whether its first statement
// would take the bulk path: pinned batches (MyISAM, Aria, tables without a primary key or
// with triggers) run as they are.
func (g *bulkGuard) needsLook(b *rowBatch) bool {
	if b.pinned {
		return false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return !g.filled[b.table]
}

// committed notes that table holds rows.
func (g *bulkGuard) committed(table string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.filled == nil {
		g.filled = map[string]bool{}
	}
	g.filled[table] = true
}

// wouldTakeBulkPath reports whether the statement s, the first of a batch, would take
// InnoDB's bulk path on c: the session has unique_checks=0 and foreign_key_checks=0 and
// s's table is empty. Where it cannot tell (a statement it does not parse, no SELECT on
// the table), it says no and the statement runs as it is.
func wouldTakeBulkPath(ctx context.Context, c Conn, s batchStmt) bool {
	ip := insertParser{q: stringBytes(s.sql)}
	db, table, ok := ip.target()
	if !ok {
		return false
	}
	name := "`" + strings.ReplaceAll(table, "`", "``") + "`"
	if db != "" {
		name = "`" + strings.ReplaceAll(db, "`", "``") + "`." + name
	}
	var bulk int
	q := "SELECT @@unique_checks = 0 AND @@foreign_key_checks = 0 AND NOT EXISTS (SELECT 1 FROM " + name + ")"
	if err := c.QueryRowContext(ctx, q).Scan(&bulk); err != nil {
		return false
	}
	return bulk == 1
}

// uniqueChecks is a batch's unique_checks: on (1) for its first statement when that keeps
// it off the bulk path, the session's 0 again before any other statement.
type uniqueChecks struct{ on bool }

// set turns unique_checks on for the next statement, or back off when it was on.
func (u *uniqueChecks) set(ctx context.Context, c Conn, on bool) error {
	if on == u.on {
		return nil
	}
	q := "SET unique_checks=0"
	if on {
		q = "SET unique_checks=1"
	}
	if _, err := c.ExecContext(ctx, q); err != nil {
		return err
	}
	u.on = on
	return nil
}

// giveBack turns unique_checks back off when a batch ended early with it on (an error, a
// retry): the session keeps the dump's value.
func (u *uniqueChecks) giveBack(ctx context.Context, c Conn) {
	if u.on {
		_, _ = c.ExecContext(ctx, "SET unique_checks=0")
		u.on = false
	}
}
