package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// A statement can start, end or change the transaction of its connection from inside a
// wrapper: EXECUTE IMMEDIATE 'START TRANSACTION', PREPARE s FROM 'SET autocommit = 0'
// then EXECUTE s, CALL p() where p sets autocommit. The planner, which follows the
// client's transaction to know where the dump's transactions are (Plan.InRegion,
// OpenAfter), read none of them: a checkpointed run gone serial then gave the rows after
// such a statement a START TRANSACTION … progress row … COMMIT of their own, committing
// what the client's connection held open (TestReviewX9aHiddenTransaction). What a
// wrapper runs that the planner can read (transform.Wrapped) it plans as that statement
// (the wrapper itself runs serially: EXECUTE and CALL are serialVerbs); a procedure
// whose body may change the transaction (or one the dump did not create: its body is not
// known), and dynamic SQL that cannot be read, are refused with the advice to import
// without the modes that add dumpscope's own transactions; not under the dump's LOCK
// TABLES, where the replay runs such a statement in a transaction of its own (replay's
// lockState.ownTransaction, TestReviewX6LockedCallOpensTransaction).

// wrapDepth bounds how deep wrappers in wrappers are read (as transform's maxWrapDepth).
const wrapDepth = 8

// createIfNotExists reports whether st, a CREATE of a routine, says IF NOT EXISTS before
// the routine's parameter list.
func createIfNotExists(st *split.Statement) bool {
	l := st.Tokens()
	for i, t := 0, l.Next(); i < 16 && t.Kind != sqlscan.EOF && !(t.Kind == sqlscan.Punct && t.Text == "("); i, t = i+1, l.Next() {
		if t.Is("IF") {
			return l.Next().Is("NOT") && l.Next().Is("EXISTS")
		}
	}
	return false
}

// txnStarts are the words that start a statement of a procedure or compound statement
// body that may start or end a transaction (START TRANSACTION, COMMIT, ROLLBACK, XA …;
// BEGIN in a body opens a block, not a transaction), or run what the planner cannot
// read (EXECUTE, CALL); found by bodyStatementStarts. A statement that commits
// implicitly (DDL, GRANT, …: commitsAtStart) ends the transaction too: a CALL of a
// procedure that runs CREATE TABLE inside the dump's START TRANSACTION committed its rows
// where the planner kept them in the open transaction, so a resume sent them again
// (ERROR 1062, TestFixX10aBodyImplicitCommit). Whether such a statement runs (IF …
// THEN) is not known here, so the CALL is refused, not planned as a commit.
var txnStarts = map[string]bool{"START": true, "COMMIT": true, "ROLLBACK": true, "XA": true, "EXECUTE": true, "CALL": true}

// commitsAtStart reports whether a body's statement that starts with w (upper case) may
// commit the transaction implicitly, from that word alone: DDL (ddlVerbs) and
// commitsImplicitly's other verbs (implicitCommitVerbs), the same lists the planner reads
// the dump's own statements by; LOCK and UNLOCK TABLES too; ANALYZE, which commits as
// ANALYZE TABLE only, and CACHE INDEX, which does not, err on the side of refusing
// (TestCommitsAtStartCoversImplicitCommits).
func commitsAtStart(w string) bool {
	return ddlVerbs[w] || implicitCommitVerbs[w] || w == "LOCK" || w == "UNLOCK" || w == "ANALYZE" || w == "CACHE"
}

// txnWord returns the first word of st, a body, that may change its connection's
// transaction: a statement's first word that txnStarts holds or that commits
// (commitsAtStart) but CREATE or DROP of a TEMPORARY TABLE (temporaryTableAt), or
// anywhere AUTOCOMMIT, COMPLETION_TYPE or @@autocommit, @@completion_type (a SET of
// them); "" when none.
func txnWord(st *split.Statement) string {
	why := ""
	bodyStatementsAt(st, func(w string, l *sqlscan.Tokenizer) bool {
		if (txnStarts[w] || commitsAtStart(w)) && !temporaryTableAt(w, l) {
			why = w
		}
		return why != ""
	})
	l := st.Tokens()
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Is("AUTOCOMMIT") || t.Is("COMPLETION_TYPE") {
			return strings.ToUpper(t.Text)
		}
		if name, _, ok := serverVar(t.Text); ok && t.Kind == sqlscan.Var && (name == "autocommit" || name == "completion_type") {
			return t.Text
		}
	}
	return why
}

// temporaryTableAt reports whether the body statement that starts with w (upper case),
// l just past it, is CREATE [OR REPLACE] TEMPORARY TABLE or DROP TEMPORARY TABLE, which
// commit nothing (keepsTransaction): a procedure that stages rows in a temporary table
// was refused at its CALL as one that may commit (TestReviewX22CallTemporaryTableRefused).
// The table the CALL leaves lives on the control connection, where a CALL turns the
// rest of the run (serialVerbs), and a resume reads what a body writes to it
// (routinetemp.go). Read as TemporaryTableDDL reads a statement; l.Pos is left as found.
func temporaryTableAt(w string, l *sqlscan.Tokenizer) bool {
	if w != "CREATE" && w != "DROP" {
		return false
	}
	defer func(pos int) { l.Pos = pos }(l.Pos)
	t := l.Next()
	if w == "CREATE" && t.Is("OR") {
		if !l.Next().Is("REPLACE") {
			return false
		}
		t = l.Next()
	}
	return t.Kind == sqlscan.Word && t.Is("TEMPORARY") && l.Next().Is("TABLE")
}

// wrapRefusal is the advice of a refusal of a wrapper.
const wrapRefusal = "; dumpscope's own transactions (progress rows, a parallel replay's batches) could commit what it leaves open, where the client's stays open; " +
	"import this dump without --parallel, --checkpoint, --load-data and --defer-indexes: the serial replay sends only the client's statements"

// inner returns the statement st, a wrapper, runs when that statement changes the
// transaction of its connection (a transaction statement, a SET of autocommit or
// completion_type, GLOBAL ones too: what SET … = DEFAULT gives later,
// TestReviewX10WrappedSetGlobal; a statement that commits implicitly, DDL:
// TestFixX10aWrappedImplicitCommitResume), and why st must be refused when what it runs may
// change it but cannot be read; nil and "" for anything else. Procedures and prepared
// statements are looked up in r as they stand before st runs.
func (r *registry) inner(st *split.Statement) (*split.Statement, string) {
	defer func(db string) { r.db = db }(r.db) // a prepared statement's database (preparedStmt)
	for depth := 0; depth < wrapDepth && st.Kind == split.KindOther; depth++ {
		first := strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax()))
		switch first {
		case "CALL":
			name, b, known := r.call(st)
			switch {
			case !known:
				return nil, "CALL " + name + ": the dump did not create the procedure, so what it does to the transaction is not known" + wrapRefusal
			case b.txn != "":
				return nil, "CALL " + name + ": the procedure's body has " + b.txn + wrapRefusal
			}
			return nil, ""
		case "BEGIN", "IF", "CASE", "LOOP", "WHILE", "REPEAT", "FOR":
			if why := txnWord(st); why != "" {
				return nil, "a compound statement with " + why + wrapRefusal
			}
			return nil, ""
		case "PREPARE", "DEALLOCATE", "DROP":
			return nil, "" // prepares, runs nothing (registry.observe)
		}
		in, prepared, unreadable := transform.Wrapped(st)
		if prepared != "" && first == "EXECUTE" {
			p, ok := r.prepared[prepared]
			if !ok || p.st == nil {
				return nil, "EXECUTE " + prepared + ": what the prepared statement runs cannot be read" + wrapRefusal
			}
			in, r.db = p.st, p.db
		}
		if unreadable != "" {
			return nil, unreadable + wrapRefusal
		}
		if in == nil {
			return nil, ""
		}
		if in.Kind == split.KindTxn || XAVerb(in) != "" || setsTransactionVar(in) || commitsImplicitly(in) {
			return in, ""
		}
		st = in
	}
	return nil, ""
}

// setsTransactionVar reports whether st, a session statement, assigns autocommit or
// completion_type, at any scope.
func setsTransactionVar(st *split.Statement) bool {
	if st.Kind != split.KindSession {
		return false
	}
	for _, a := range ParseSet(st.SQL, st.Syntax()) {
		if a.Name == "autocommit" || a.Name == "completion_type" {
			return true
		}
	}
	return false
}

// inTransactionRead returns why st, which reads @@in_transaction, is refused, or "". Run
// outside the client's transaction (open: the planner's region or table locks), a
// checkpointed serial replay gives it a START TRANSACTION … progress row … COMMIT of its
// own, where the client's autocommit statement reads 0 and it read 1
// (TestReviewX9aInTransactionRead); a parallel replay's other connections are no better
// (LaterCountsReader refuses the bodies that read it). Inside the client's transaction
// it reads 1 as the client's does; under LOCK TABLES alone the replay runs it on its own
// (replay's lockState.ownTransaction). A SET runs as it is, with no progress row. A
// statement a wrapper runs is read too. skip: st is a plain row insert (literals only,
// not scanned again) or the client's transaction is open.
func inTransactionRead(st *split.Statement, skip bool) string {
	if skip || st.Kind == split.KindSession || st.Kind == split.KindClient || !sqlscan.ContainsFoldASCII(st.SQL, "in_transaction") {
		return ""
	}
	if k := bodyKind(st); k != "" && k != "table" {
		return "" // a body: LaterCountsReader
	}
	for depth := 0; st != nil && depth < wrapDepth; depth++ {
		l := st.Tokens()
		for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
			if t.Kind == sqlscan.Var && inTransactionVar(t.Text) {
				return "it reads " + t.Text + ", which dumpscope's own transaction (its progress row, a worker's batch) sets to 1 where the client's statement, outside any transaction, reads 0; " +
					"import this dump without --parallel, --checkpoint, --load-data and --defer-indexes: the serial replay sends only the client's statements"
			}
		}
		st, _, _ = transform.Wrapped(st)
	}
	return ""
}
