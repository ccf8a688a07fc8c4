package plan

import (
	"bytes"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TxnStart follows the client's connection through the statements a serial replay sends
// and tells where the transaction still open at the end of them began. A serial import
// that stops inside a transaction (mysqldump --no-autocommit's `set autocommit=0` …
// `commit`, phpMyAdmin's SET AUTOCOMMIT = 0 / START TRANSACTION, BEGIN … COMMIT) closes
// its connection and the server rolls that transaction back: the statements from its
// start did not happen, so "executed up to" and a --start-at hint must name that start,
// not the failed statement, or the rows before it in the same transaction are lost
// (TestReviewX5StartAtInsideTransaction). The rules are the Planner's (track), without
// its catalog: what opens a transaction, what ends it, what commits implicitly.
type TxnStart struct {
	autocommit, txn, xa bool
	acVars              AutocommitVars // SET AUTOCOMMIT=@OLD_AUTOCOMMIT
	locked              bool
	// start is the first statement run inside the open transaction that is not a session
	// statement (those run again before any --start-at offset anyway); set when known.
	start    split.Position
	hasStart bool
}

// NewTxnStart returns a tracker for a connection in autocommit mode.
func NewTxnStart() *TxnStart { return &TxnStart{autocommit: true} }

func (k *TxnStart) open() bool { return k.txn || !k.autocommit || k.xa }

func (k *TxnStart) end() { k.txn, k.hasStart = false, false }

// Ran records that st ran (successfully) on the connection.
func (k *TxnStart) Ran(st *split.Statement) {
	if st.Kind == split.KindInsert { // the bulk of a dump: nothing to read in it
		if k.open() {
			k.mark(st)
		}
		return
	}
	switch {
	case st.Kind == split.KindClient || len(st.SQL) == 0:
		return
	case isRollbackTo(st):
		return // undoes part of the open transaction, which stays open
	case XAVerb(st) != "":
		switch XAVerb(st) {
		case "START", "BEGIN":
			k.end()
			k.xa = true
			k.mark(st)
		case "COMMIT", "ROLLBACK":
			k.xa = false
			k.end()
		}
		return
	case st.Kind == split.KindTxn:
		switch {
		case IsRollback(st), strings.HasPrefix(st.Verb, "COMMIT"):
			chain := bytes.Contains(bytes.ToUpper(st.SQL), []byte("CHAIN")) && !bytes.Contains(bytes.ToUpper(st.SQL), []byte("NO CHAIN"))
			k.end()
			k.txn = chain
		default: // START TRANSACTION, BEGIN: commits what was open, opens a new one here
			k.end()
			k.txn = true
			k.mark(st)
		}
		return
	case st.Kind == split.KindSession:
		if on, _, set := k.acVars.Apply(st, k.autocommit); set {
			if on && !k.autocommit {
				k.end()
			}
			k.autocommit = on
		}
		return
	case st.Kind == split.KindLock:
		if st.Verb == "LOCK TABLES" || k.locked {
			k.end() // LOCK TABLES commits; UNLOCK TABLES commits when tables were locked
		}
		k.locked = st.Verb == "LOCK TABLES"
		return
	case commitsImplicitly(st):
		k.end()
		return
	}
	if k.open() {
		k.mark(st)
	}
}

func (k *TxnStart) mark(st *split.Statement) {
	if !k.hasStart {
		k.start, k.hasStart = split.At("", st), true
	}
}

// Open returns where the transaction open after the statements given to Ran began (the
// first of its statements that is not a session statement), and whether one holds any.
func (k *TxnStart) Open() (split.Position, bool) {
	return k.start, k.open() && k.hasStart
}

// CommitsOpen reports whether st, run now, commits the open transaction before it runs
// (DDL, LOCK TABLES, START TRANSACTION …): a statement that failed after that commit
// left the transaction's statements committed, one that failed before it (a syntax
// error) did not, and which one happened is the server's to know.
func CommitsOpen(st *split.Statement) bool {
	switch {
	case st.Kind == split.KindInsert || st.Kind == split.KindClient || len(st.SQL) == 0 || isRollbackTo(st):
		return false
	case st.Kind == split.KindTxn:
		return true
	case st.Kind == split.KindLock:
		return true
	}
	return commitsImplicitly(st)
}
