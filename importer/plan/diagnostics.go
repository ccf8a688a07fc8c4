package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// Statements that read the diagnostics area the statement before them left: GET
// [CURRENT] DIAGNOSTICS (its NUMBER, ROW_COUNT and each condition), and @@warning_count
// or @@error_count in a statement that opens no table (SET, DO, SELECT … INTO @v; one
// that opens a table clears the area first and reads its own: INSERT … VALUES
// (@@warning_count) stores 0 after a statement that raised a warning, on MariaDB 10.11).
// SHOW WARNINGS and SHOW ERRORS read it too, but leave nothing in the database. Anything
// sent between the two on the client's connection changes what they read: a progress
// row (an INSERT) empties the conditions, a SET autocommit=1 or COMMIT keeps them but
// sets ROW_COUNT to 0. So such a reader runs on the control connection right after the
// statement before it (replay's diagTail), and where that statement ran on another
// connection (a batch on a worker) it is refused.

// diagnosticsVerbs are the statements in which @@warning_count and @@error_count read the
// statement before's diagnostics (they open no table, unless SELECT names one).
var diagnosticsVerbs = map[string]bool{"SET": true, "DO": true, "SELECT": true, "VALUES": true}

// ReadsDiagnostics reports whether st reads the diagnostics area the statement before it
// left (see above), as far as its own text tells: a CALL, or an EXECUTE of a prepared
// statement, may read it (a procedure whose first statement is GET DIAGNOSTICS, or
// SELECT @@warning_count, reads the caller's area on MariaDB 10.11), and only the dump's
// CREATE PROCEDURE or PREPARE tells whether it does (Planner.ReadsDiagnostics).
func ReadsDiagnostics(st *split.Statement) bool {
	if st.Kind == split.KindClient || len(st.SQL) == 0 {
		return false
	}
	return readsDiagnostics(st.SQL, st.Syntax(), 0) == diagReads
}

// diagVerdict is what a statement's text tells of its reading the diagnostics area.
type diagVerdict int

const (
	diagNone     diagVerdict = iota
	diagReads                // it reads it
	diagCall                 // a CALL: its procedure's body tells
	diagPrepared             // an EXECUTE of a prepared statement: its PREPARE tells
	diagKeeps                // SHOW WARNINGS, ERRORS, COUNT(*) …: it reads the area and leaves it as it was
)

// maxDiagDepth bounds how deep readsDiagnostics follows EXECUTE IMMEDIATE '…' and SET
// STATEMENT … FOR in one another.
const maxDiagDepth = 8

// readsDiagnostics reads q's text (see ReadsDiagnostics). EXECUTE IMMEDIATE runs its
// string in the caller's diagnostics area: a literal is read as the statement it is,
// anything else (a variable, an expression) may be a reader.
func readsDiagnostics(q []byte, syn sqlscan.Syntax, depth int) diagVerdict {
	if depth > maxDiagDepth {
		return diagReads
	}
	w := strings.ToUpper(sqlscan.FirstWord(q, syn))
	switch w {
	case "GET":
		if secondWordIs(q, "DIAGNOSTICS") || secondWordIs(q, "CURRENT") {
			return diagReads
		}
		return diagNone
	case "CALL":
		return diagCall
	case "SHOW":
		if keepsDiagnostics(q, syn) {
			return diagKeeps
		}
		return diagNone
	case "EXECUTE":
		l := sqlscan.New(q, syn)
		l.Next()
		if !l.Next().Is("IMMEDIATE") {
			return diagPrepared
		}
		text, ok := sqlscan.LiteralStatement(&l)
		if !ok {
			return diagReads
		}
		return readsDiagnostics([]byte(text), syn, depth+1)
	}
	if !diagnosticsVerbs[w] {
		return diagNone
	}
	l := sqlscan.New(q, syn)
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if w == "SET" && t.Is("FOR") {
			// SET STATEMENT … FOR s: s runs in the caller's area as it would alone.
			if v := readsDiagnostics(q[t.End:], syn, depth+1); v != diagNone {
				return v
			}
			break
		}
		if diagnosticsVar(t) {
			return diagReads
		}
	}
	return diagNone
}

// keepsDiagnostics reports whether q is SHOW WARNINGS, SHOW ERRORS, or SHOW COUNT(*)
// WARNINGS or ERRORS (LIMIT aside).
func keepsDiagnostics(q []byte, syn sqlscan.Syntax) bool {
	l := sqlscan.New(q, syn)
	l.Next() // SHOW
	t := l.Next()
	if t.Is("COUNT") {
		for _, p := range []string{"(", "*", ")"} {
			if n := l.Next(); n.Kind != sqlscan.Punct || n.Text != p {
				return false
			}
		}
		t = l.Next()
	}
	return t.Is("WARNINGS") || t.Is("ERRORS")
}

// KeepsDiagnostics reports whether st is SHOW WARNINGS or ERRORS (or their COUNT(*)):
// it reads the diagnostics area without emptying it, so a reader after it still reads
// the statement before it. It is no reader of its own (it leaves nothing in the
// database, and runs while the run is parallel), but nothing of dumpscope's may come
// between it and that statement either (replay's diagTail).
func KeepsDiagnostics(st *split.Statement) bool {
	if st.Kind == split.KindClient || len(st.SQL) == 0 {
		return false
	}
	return readsDiagnostics(st.SQL, st.Syntax(), 0) == diagKeeps
}

// diagnosticsVar reports whether t is @@warning_count or @@error_count (session scope).
func diagnosticsVar(t sqlscan.Token) bool {
	if t.Kind != sqlscan.Var || !strings.HasPrefix(t.Text, "@@") {
		return false
	}
	name := strings.ToLower(strings.TrimPrefix(t.Text, "@@"))
	name = strings.TrimPrefix(strings.TrimPrefix(name, "session."), "local.")
	return name == "warning_count" || name == "error_count"
}

// diagnosticsRefusal is why a reader of the diagnostics area is refused while the run is
// parallel: the statement before it may have run on a worker, or among dumpscope's own
// statements, and what it left cannot be read on the control connection.
const diagnosticsRefusal = "it reads " + diagnosticsArea + ": " + diagnosticsWhy

// diagnosticsArea and diagnosticsWhy make up diagnosticsRefusal and the refusal of a
// CALL or EXECUTE that may read it (registry.diagRefusal).
const (
	diagnosticsArea = "the diagnostics area (warnings, errors, row count) of the statement before it"
	diagnosticsWhy  = "a parallel replay may have run that statement on another connection"
)

// regionArea follows what lets a reader of the diagnostics area run while the run is
// still parallel: right after the dump's plain COMMIT of a transaction whose last
// statement ran serially on the control connection (the transaction went serial:
// toRegion), the area the reader reads is that statement's, left on the control
// connection, and the replay keeps it across the COMMIT (replay's diagregion.go). The
// run turns serial at the reader there instead of refusing it
// (TestXDiag2CommitOfTransactionKeeps). Anything else between them (a keeper too), and
// a CALL or EXECUTE that may read it (not run inside the transaction), is refused as
// before.
type regionArea struct {
	serial      bool // the statement planned last ran serially inside the dump's transaction
	afterCommit bool // it is a plain COMMIT of that transaction, after such a statement
	// lost: the area a reader would read now is that of a statement planned while the
	// run was parallel that may have raised conditions (mayRaise), kept since by
	// statements that open no table (MayKeepArea). The client's reader reads those
	// conditions; the control connection never had them (rows on a worker) or lost them
	// to the statement's progress row, written at once while the run is parallel (a
	// barrier: runBarrier). While the run is parallel such a reader is refused anyway;
	// once a keeper had turned the run serial it was not: `REPLACE … (0, …)` (ids
	// generated: a barrier; 3 warnings), `SELECT 14 INTO @v` (serial from here), `GET
	// DIAGNOSTICS @n = NUMBER` stored 0 where the client stores 3 (difffuzz seed 70145).
	lost bool
}

// next notes st's plan pl, just made, and marks it (AreaBase, AreaLost). A reader (reads:
// by its own text, or a CALL or EXECUTE whose code may read the area, as the registry
// follows it: registry.readsDiag) is marked AreaLost where the area it reads is lost; the
// replay refuses it unless no condition was counted from the AreaBase statement on: only
// the replay knows whether that statement raised any (TestXDiag2KeepersResumed: a plain
// INSERT's rows on a worker, no warning, `PREPARE s0 FROM 'SELECT 1'` turning the run
// serial, then a keeper's own warning and GET DIAGNOSTICS, which reads 1 as the
// client's). A CALL of a procedure whose body reads the area, or EXECUTE of a prepared
// reader, read it too and were not followed (x-fix27's open gap; TestXFix34AreaLostGaps).
func (a *regionArea) next(st *split.Statement, pl *Plan, reads bool) {
	a.afterCommit = a.serial && pl.Kind == Serial && pl.InRegion && PlainCommit(st) && !pl.OpenAfter && !pl.Locked
	a.serial = pl.Kind == Serial && pl.InRegion
	if pl.Kind == Serial && a.lost && reads {
		pl.AreaLost = true
	}
	parallel := pl.Kind != Serial && pl.Kind != Skip
	switch {
	case MayKeepArea(st):
	case !ClearsArea(st):
		// It keeps the area too, and adds its own conditions: the window stays open
		// from the statement that opened it (x-fix42: `INSERT IGNORE …` with a duplicate
		// on a worker, then CREATE PROCEDURE, CREATE DATABASE or DROP PROCEDURE, `SELECT
		// 14 INTO @v`, GET DIAGNOSTICS @n = NUMBER stored 0 where the client stores 1:
		// the DDL had closed the window). Run while parallel, what the control
		// connection's list held before it (`SET @q = CAST('5x' AS SIGNED)`'s warning)
		// is emptied by dumpscope (the stale list's clearing, a progress row), where the
		// client keeps it: it opens a window too, and the replay counts that list
		// before it empties it (warnLog.clearStaleWarnings).
		if !a.lost && parallel {
			a.lost, pl.AreaBase = true, true
		}
	default:
		a.lost = parallel && mayRaise(st)
		pl.AreaBase = a.lost
	}
}

// ClearsArea reports whether the server surely empties the diagnostics area before st:
// st opens a table (the table in replay's diagkeep.go): an INSERT or REPLACE, LOCK
// TABLES, DDL of a table, view, index or sequence, CREATE TRIGGER, UPDATE, DELETE, LOAD,
// and a SELECT, DO, SET, VALUES or PREPARE that MayKeepArea does not take for a keeper. A routine's
// or a database's DDL, DROP TRIGGER, CALL, GRANT and the rest may keep it (generous, as
// MayKeepArea is: a statement taken for a keeper only keeps regionArea.lost as it was).
func ClearsArea(st *split.Statement) bool {
	switch st.Kind {
	case split.KindInsert:
		return true
	case split.KindLock:
		return st.Verb == "LOCK TABLES"
	case split.KindDDL, split.KindRoutine:
		if st.Verb == "CREATE TRIGGER" {
			return true
		}
		_, obj, _ := strings.Cut(st.Verb, " ")
		switch obj {
		case "TABLE", "VIEW", "INDEX", "SEQUENCE":
			return true
		}
		return false
	}
	switch strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax())) {
	case "UPDATE", "DELETE", "LOAD", "SELECT", "DO", "SET", "VALUES", "WITH", "TABLE":
		return true
	case "PREPARE": // of a text MayKeepArea read and took for no keeper: it names a table
		return true
	}
	return false
}

// AreaLostRefusal is why the replay refuses a reader marked AreaLost (regionArea.lost).
const AreaLostRefusal = "it reads " + diagnosticsArea + ", kept from statements that ran before the run turned serial and raised conditions the control connection does not hold; import this dump without --parallel, --checkpoint, --load-data and --defer-indexes: the serial replay sends only the client's statements"

// mayRaise reports whether st, planned while the run was parallel and not a keeper, may
// have left conditions in the diagnostics area the control connection does not hold: any
// statement but DDL, and DDL with IF [NOT] EXISTS. A DDL statement raises none where it
// succeeds, but for IF [NOT] EXISTS of an object that is there (or not): its note (1050,
// 1051, 1007, …). The scripts the suite and difffuzz import open with `CREATE TABLE IF
// NOT EXISTS sv` on an empty target, then `SELECT CAST('7x' AS SIGNED) INTO @d` (serial
// from here) and GET DIAGNOSTICS @w = NUMBER, which reads the SELECT's one warning alone,
// as the control connection's area holds it after the CREATE's progress row
// (TestDiagVarsRowCount, TestDiffFuzzFound2SelectIntoDiagnostics, TestXDiag2KeepersResumed:
// refused by the first rule, ec4888e, which followed every statement planned while
// parallel). The replay counts conditions, notes included, from such a DDL to the turn
// (replay's lostArea), so the empty target's CREATE, which raises none, lets the reader
// run, and a target that has the table refuses it (x-fix27's open gap).
func mayRaise(st *split.Statement) bool {
	if st.Kind != split.KindDDL && st.Kind != split.KindRoutine {
		return true
	}
	l := sqlscan.New(st.SQL, st.Syntax())
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Is("IF") {
			n := l.Next()
			if n.Is("NOT") {
				n = l.Next()
			}
			if n.Is("EXISTS") {
				return true
			}
		}
	}
	return false
}

// MayKeepArea reports whether st may leave the diagnostics area as the statement before
// it left it: the server empties it only before a statement that opens a table (the table
// in replay's diagkeep.go), so a SELECT, DO, SET or VALUES that names no table (SELECT 14
// INTO @v, SET @a = 1, DO 0), SHOW, GET DIAGNOSTICS, COMMIT, BEGIN, START TRANSACTION,
// ROLLBACK, SAVEPOINT, UNLOCK TABLES, USE, FLUSH, DEALLOCATE and a PREPARE of such a text
// may keep it.
// Generous on purpose: a statement taken for a keeper here only keeps regionArea.lost
// as it was, which can only refuse a later reader.
func MayKeepArea(st *split.Statement) bool {
	if st.Kind == split.KindClient || len(st.SQL) == 0 {
		return true // not sent
	}
	l := sqlscan.New(st.SQL, st.Syntax())
	switch t := l.Next(); {
	case t.Is("SELECT"), t.Is("DO"), t.Is("SET"), t.Is("VALUES"):
		for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
			if t.Is("FROM") || t.Is("TABLE") || t.Is("UPDATE") || t.Is("JOIN") {
				return false
			}
		}
		return true
	case t.Is("PREPARE"):
		// Preparing a text that names a table opens it (PREPARE s FROM 'SELECT id FROM
		// t1' empties the area: TestXFix24RowCountInTransaction); one not read may keep.
		in, _, unreadable := transform.Wrapped(st)
		return in == nil || unreadable != "" || len(in.SQL) == 0 || MayKeepArea(in)
	case t.Is("SHOW"), t.Is("GET"), t.Is("COMMIT"), t.Is("BEGIN"), t.Is("START"), t.Is("ROLLBACK"), t.Is("SAVEPOINT"),
		t.Is("RELEASE"), t.Is("UNLOCK"), t.Is("USE"), t.Is("FLUSH"), t.Is("DEALLOCATE"):
		return true
	case t.Is("DROP"):
		return l.Next().Is("PREPARE")
	}
	return false
}

// runsCode reports whether st is a CALL or an EXECUTE (IMMEDIATE or not): the replay does
// not run it inside the dump's transaction after its COMMIT (replay's regionHeldBack).
func runsCode(st *split.Statement) bool {
	w := strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax()))
	return w == "CALL" || w == "EXECUTE"
}

// PlainCommit reports whether st is COMMIT [WORK] [AND NO CHAIN] [NO RELEASE]: one that
// neither opens the next transaction nor ends the session by its own words (CHAIN,
// RELEASE are left to the replay's own handling; a completion_type the dump set is
// Plan.OpenAfter). One answer for the planner's regionArea and the replay, which takes
// such a COMMIT into its diagnostics tail (replay's diagtail.go, diagregion.go): the
// planner's own copy read `COMMIT AND NO CHAIN` as chaining (x-fix81).
func PlainCommit(st *split.Statement) bool {
	if st.Kind != split.KindTxn {
		return false
	}
	l := sqlscan.New(st.SQL, st.Syntax())
	if !l.Next().Is("COMMIT") {
		return false
	}
	no := false
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		switch {
		case t.Is("WORK") || t.Is("AND"):
		case t.Is("NO"):
			no = true
			continue
		case (t.Is("CHAIN") || t.Is("RELEASE")) && no:
		case t.Kind == sqlscan.Punct && t.Text == ";":
		default:
			return false
		}
		no = false
	}
	return true
}
