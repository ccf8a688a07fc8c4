package replay

import (
	"strings"
	"sync"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/mysqlerr"
)

// madeTables follows, in stream order, the tables the dump's own CREATE TABLE made and
// nothing since may have removed, so that a resume tells the dump's own "already exists"
// from a CREATE TABLE the interrupted run ran before its progress row. A second CREATE
// TABLE of such a table fails at the client whatever an interrupted run did: the first one
// passed (it ran, or an earlier attempt committed it, or its "already exists" was taken for
// "it had run"), so the table is there, and the second one cannot have made it. Taken for
// "it had run" (checkpoint.Run.MayHaveRun's allowance beyond the furthest offset), the
// resume went past the client's ERROR 1050 and failed later, elsewhere (difffuzz seeds
// 155048, 160589; TestDiffFuzzFoundS50x61CreateTwiceResumed).
//
// It errs one way only: what it cannot read (a CALL, dynamic SQL, a compound statement, a
// DROP DATABASE, a statement that names many tables) forgets every table, and then the
// journal decides as before. Names are compared as the server may fold them when
// forgetting (DROP TABLE T after CREATE TABLE t), exactly when claiming.
type madeTables struct {
	mu sync.Mutex // a barrier item's runBarrier may ask on a worker's goroutine
	// by holds, by the folded key (db.table lower-cased), the key as the dump spelled it
	// at its first CREATE TABLE since the table was last forgotten, and that statement's
	// offset.
	by map[string]madeAt
	// temporary: a statement noted may have made a TEMPORARY table (its text says
	// TEMPORARY), which information_schema does not list: a DROP TABLE's pre-state cannot
	// be read then (sentPreState).
	temporary bool
}

// madeTemporary reports whether the dump may have made a TEMPORARY table so far.
func (m *madeTables) madeTemporary() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.temporary
}

type madeAt struct {
	key    string
	offset int64
}

// note follows st, dispatched in stream order with db the current database, before it
// runs (or is skipped: what an earlier attempt committed counts the same). Plain row
// inserts, session and client statements cost a switch.
func (m *madeTables) note(st *split.Statement, db string) {
	switch st.Kind {
	case split.KindInsert, split.KindSession, split.KindLock, split.KindTxn:
		return // they make and remove no table (a trigger or a function runs no DDL)
	case split.KindClient:
		if st.Verb == "DELIMITER" {
			return
		}
	case split.KindOther:
		switch st.Verb {
		case "SELECT", "UPDATE", "DELETE", "DO", "PREPARE", "DEALLOCATE":
			return // DML and what only prepares: no DDL (a stored function runs none)
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.temporary && sqlscan.ContainsFoldASCII(st.SQL, "TEMPORARY") {
		m.temporary = true
	}
	keys, global := plan.BarrierScope(st, db)
	if global || (st.Kind != split.KindDDL && st.Kind != split.KindRoutine) {
		m.by = nil // a CALL, dynamic SQL, DROP DATABASE, CREATE TABLE … SELECT: anything
		return
	}
	if st.Verb == "CREATE TABLE" && st.Table != "" && len(keys) == 1 && !st.TemporaryTableDDL() {
		k := strings.ToLower(keys[0])
		if at, ok := m.by[k]; ok && at.key == keys[0] {
			return // made already: the first CREATE TABLE stays the one that made it
		}
		if m.by == nil {
			m.by = map[string]madeAt{}
		}
		m.by[k] = madeAt{key: keys[0], offset: st.Offset}
		return
	}
	for _, k := range keys {
		delete(m.by, strings.ToLower(k))
	}
}

// madeBefore reports whether st, a CREATE TABLE (not TEMPORARY) of db's table, comes
// after a CREATE TABLE of that table, under the same name, that nothing since may have
// removed: its "already exists" is the dump's own error, which the client meets too.
func (m *madeTables) madeBefore(st *split.Statement, db string) bool {
	if st.Verb != "CREATE TABLE" || st.Table == "" {
		return false
	}
	key := plan.StatementTableKey(st, db)
	m.mu.Lock()
	defer m.mu.Unlock()
	at, ok := m.by[strings.ToLower(key)]
	return ok && at.key == key && at.offset < st.Offset && !st.TemporaryTableDDL()
}

// ownAlreadyExists reports whether code, the error of st on resume, is the dump's own
// "already exists" (madeBefore), not one of a CREATE TABLE the interrupted run ran before
// its progress row: runBarrier and the DDL under table locks then stop with it, where the
// client stops, without asking the journal (whose allowance it would use up). Not under
// --force: the dump's first CREATE TABLE may have failed there, forgiven, and the table
// be the second one's.
func (dp *dispatcher) ownAlreadyExists(st *split.Statement, code uint16) bool {
	return code == mysqlerr.TableExists && !dp.p.serial.opt.Force && dp.made.madeBefore(st, dp.statementDB(st))
}
