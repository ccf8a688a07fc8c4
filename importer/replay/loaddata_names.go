package replay

import (
	"context"
	"errors"
	"strings"
	"sync"

	"github.com/go-sql-driver/mysql"
)

// bareHeads are the heads (INSERT INTO … VALUES) of row inserts with an unquoted name that
// the server's parser took (true) or refused (false), asked once per head and run. A bare
// name may be a reserved word (order, key) or read as a number (1e1, 12): the client's
// INSERT then stops with ERROR 1064, and a LOAD DATA, which names the table and columns
// quoted, would load the rows (TestReviewX3LoadDataReservedWordName). Which words are
// reserved depends on the server's version, and a word may be a name in one place and not
// in another (`SELECT 1 AS value` parses, `INSERT INTO value VALUES` does not:
// TestReviewX4LoadDataValueTableName), so the server parses the head itself, as
// `EXPLAIN head ()`, which runs nothing: ERROR 1064 is a refusal, anything else (a plan,
// or ERROR 1136 for the empty row) means the names parsed.
type bareHeads struct{ m sync.Map }

// parsed reports whether head is known to have parsed (a nil receiver knows nothing).
func (b *bareHeads) parsed(head []byte) bool {
	if b == nil {
		return false
	}
	v, ok := b.m.Load(string(head))
	return ok && v.(bool)
}

// check asks the server about the heads with a bare name in stmts it has not been asked
// about, on c (a worker's connection, between statements), before the batch's LOAD: the
// stream that converts them cannot ask.
func (b *bareHeads) check(ctx context.Context, c Conn, stmts []batchStmt) error {
	prev := "" // the last head read: a batch's statements mostly share one
	for _, st := range stmts {
		if prev != "" && strings.HasPrefix(st.sql, prev) {
			continue
		}
		p := insertParser{q: stringBytes(st.sql)}
		if !p.headEnd() {
			continue
		}
		prev = st.sql[:p.i]
		if !p.sawBare {
			continue
		}
		if _, known := b.m.Load(prev); known {
			continue
		}
		// A batch's SQL is a string over its arena (spool.go), which the next batch
		// overwrites: the map keeps a copy, or its key changes under it (sync.Map
		// panicked, "ran out of hash bits", once arenas were reused last-in first-out).
		head := strings.Clone(prev)
		_, err := c.ExecContext(ctx, "EXPLAIN "+head+" ()")
		var me *mysql.MySQLError
		switch {
		case err == nil:
			b.m.Store(head, true)
		case errors.As(err, &me):
			b.m.Store(head, me.Number != 1064)
		default:
			return err
		}
	}
	return nil
}

// headEnd reads an INSERT's target, column list and VALUES, as head does without a
// table's columns: false when the statement is not of that form.
func (p *insertParser) headEnd() bool {
	if _, _, ok := p.target(); !ok {
		return false
	}
	if _, ok := p.columnList(func(string) bool { return true }); !ok {
		return false
	}
	return p.keyword("VALUES")
}
