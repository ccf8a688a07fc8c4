package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// FLUSH TABLES t WITH READ LOCK and FLUSH TABLES t FOR EXPORT lock tables as LOCK TABLES
// t READ does, until UNLOCK TABLES; FLUSH TABLES WITH READ LOCK (no list) locks every
// table. The session that holds them may write no table, dumpscope's progress tables
// included, and unlike LOCK TABLES their list cannot take those: the statements up to
// UNLOCK TABLES get their progress row after it (FlushLocked), as every region under
// the dump's locks once did. Recorded after each statement, the progress row met ERROR
// 1100 (TestReviewX6FlushTablesReadLock).

// globalReadLockRefusal is why FLUSH TABLES WITH READ LOCK without a list is refused: it
// blocks every write on the server until UNLOCK TABLES, those of the other connections
// too, and a parallel replay journals a user variable set under it on a worker (which
// waited for the lock for ever) and writes its progress rows.
const globalReadLockRefusal = "FLUSH TABLES WITH READ LOCK blocks every write on the server, dumpscope's progress rows and journal on its other connections too; " +
	"import this dump without --parallel, --checkpoint, --load-data and --defer-indexes: the serial replay sends only the client's statements"

// flushLockedTables returns the tables (db.table) st, a FLUSH TABLES … WITH READ LOCK or
// … FOR EXPORT, locks ("*": every table), and whether st is one.
func flushLockedTables(st *split.Statement, db string) ([]string, bool) {
	if st.Kind == split.KindClient || !strings.EqualFold(sqlscan.FirstWord(st.SQL, st.Syntax()), "FLUSH") {
		return nil, false
	}
	l := sqlscan.New(st.SQL, st.Syntax())
	l.Next() // FLUSH
	t := l.Next()
	if t.Is("NO_WRITE_TO_BINLOG") || t.Is("LOCAL") {
		t = l.Next()
	}
	if !t.Is("TABLES") && !t.Is("TABLE") {
		return nil, false
	}
	var keys []string
	for t = l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		switch {
		case t.Is("WITH"):
			if !l.Next().Is("READ") || !l.Next().Is("LOCK") {
				return nil, false
			}
			return orEvery(keys), true
		case t.Is("FOR"):
			if !l.Next().Is("EXPORT") {
				return nil, false
			}
			return orEvery(keys), true
		case t.Kind == sqlscan.Punct && t.Text == ",":
		case t.IsName():
			d, name := l.Name(t)
			if d == "" {
				d = db
			}
			keys = append(keys, KeyOf(d, name))
		default:
			return nil, false
		}
	}
	return nil, false
}

// orEvery is keys, or "*" (every table) when there are none.
func orEvery(keys []string) []string {
	if len(keys) == 0 {
		return []string{"*"}
	}
	return keys
}

// FlushLocked reports whether the table locks held after the statement planned last were
// taken by FLUSH TABLES … WITH READ LOCK or FOR EXPORT: no progress row can be written
// under them (replay's lockState.ownTransaction).
func (p *Planner) FlushLocked() bool { return p.flushLock && len(p.locked) > 0 }

// flushLocks follows st when it is a FLUSH TABLES that takes table locks (they replace
// any held: the server refuses it under LOCK TABLES, and the client's run fails there as
// the replay's does), and reports whether it is one.
func (p *Planner) flushLocks(st *split.Statement, db string) bool {
	keys, ok := flushLockedTables(st, db)
	if !ok {
		return false
	}
	p.lock, p.locked, p.writable, p.flushLock = "", keys, nil, true
	return true
}

// lockHead names the tables the dump's LOCK TABLES holds, for a reason.
func (p *Planner) lockHead() string { return strings.Join(p.locked, ", ") }
