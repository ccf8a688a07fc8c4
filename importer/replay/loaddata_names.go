package replay

import (
	"context"
	"errors"
	"sync"

	"github.com/go-sql-driver/mysql"
)

// bareNames are the unquoted names of row inserts that the server's parser takes for
// identifiers (true) or refuses (false), asked once per name and run. A bare name may be
// a reserved word (order, key) or read as a number (1e1, 12): the client's INSERT then
// stops with ERROR 1064, and a LOAD DATA, which names the table and columns quoted, would
// load the rows (TestReviewX3LoadDataReservedWordName). Which words are reserved depends
// on the server's version, so the server says: `SELECT 1 AS name` parses name with the
// grammar's ident, as INSERT INTO name (name, …) does.
type bareNames struct{ m sync.Map }

// lookup reports whether name may be sent bare, and whether that is known yet (a nil
// receiver knows nothing).
func (b *bareNames) lookup(name string) (ok, known bool) {
	if b == nil {
		return false, false
	}
	v, known := b.m.Load(name)
	return known && v.(bool), known
}

// check asks the server about the bare names in the heads of stmts it has not been
// asked about, on c (a worker's connection, between statements), before the batch's
// LOAD: the stream that converts them cannot ask. Only names of ASCII letters, digits,
// _ and $ are asked (no quoting is needed to send them); others stay unknown, and their
// statements run as INSERTs.
func (b *bareNames) check(ctx context.Context, c Conn, stmts []batchStmt) error {
	unknown := []string{} // non-nil: ident collects into it
	for _, st := range stmts {
		p := insertParser{q: stringBytes(st.sql), bare: b, unknown: unknown}
		p.names()
		unknown = p.unknown
	}
	for _, name := range unknown {
		if !plainName(name) {
			continue
		}
		var one int
		err := c.QueryRowContext(ctx, "SELECT 1 AS "+name).Scan(&one)
		var me *mysql.MySQLError
		switch {
		case err == nil:
			b.m.Store(name, true)
		case errors.As(err, &me) && me.Number == 1064:
			b.m.Store(name, false)
		default:
			return err
		}
	}
	return nil
}

// plainName reports whether name is ASCII letters, digits, _ and $ only.
func plainName(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$') {
			return false
		}
	}
	return name != ""
}

// names reads an INSERT's target and column list, for the bare names in them.
func (p *insertParser) names() {
	if !p.keyword("INSERT") || !p.keyword("INTO") {
		return
	}
	p.ident()
	if p.eat('.') {
		p.ident()
	}
	p.space()
	if !p.eat('(') {
		return
	}
	for {
		p.ident()
		p.space()
		if !p.eat(',') {
			return
		}
	}
}
