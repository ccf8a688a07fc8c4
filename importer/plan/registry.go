package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// registry is what the server holds for the client's connection that a later CALL or
// EXECUTE runs by name: the procedures the dump created and the statements it prepared.
// Both the planner's transaction bookkeeping (wrappers.go) and the readers of the
// diagnostics area (diagbodies.go) look them up here, so a CALL is judged by the body
// the server will run. Two trackers of their own, each fed only the dump's top-level
// statements, judged CALL p() by another database's p (the bare name was the key:
// TestReviewX10ProcedureOtherDatabase) and by the body a procedure had before EXECUTE
// IMMEDIATE 'CREATE OR REPLACE PROCEDURE …' replaced it
// (TestReviewX10ProcedureMadeByExecute, …DiagnosticsProcedureMadeByExecute).
//
// Every statement the server runs is observed, the ones a wrapper runs too (EXECUTE
// IMMEDIATE '…', EXECUTE s, SET STATEMENT … FOR): a CREATE or DROP PROCEDURE there counts
// as the dump's own. What cannot be read — dynamic SQL from an expression, a CALL of a
// procedure whose body runs code of its own choosing (EXECUTE, PREPARE, CALL: on MariaDB
// 10.11 a procedure may EXECUTE IMMEDIATE 'CREATE PROCEDURE …') or whose body is not
// known — leaves nothing known: every later CALL and EXECUTE is refused or taken for a
// reader, as one of a procedure the dump did not create is. MariaDB refuses PREPARE and
// DEALLOCATE inside dynamic SQL (ERROR 1295), and a stored routine cannot drop a
// procedure itself (ERROR 1357), only through dynamic SQL (a body with EXECUTE), so the
// wrapped and body cases above are all there is. A USE through dynamic SQL runs (EXECUTE
// IMMEDIATE 'USE d' changes the database): followed here, and refused by the planner
// (movedDatabase), whose caller's current database would not follow it.
type registry struct {
	// db is the current database: the replay's, given before each statement
	// (Planner.Next, DiagnosticsReaders.Reads); a USE followed here holds until then.
	db string
	// procs: KeyOf(database, lower-cased name) → what the planner read of the
	// procedure's body. Routine names are case-insensitive, database names are compared
	// exactly (lower_case_table_names=0, as transform's filters). A name that is missing
	// is not known (there before the dump, or made unknown: forget).
	procs map[string]procBody
	// packages: KeyOf(database, lower-cased package name) → what the planner read of the
	// package body the dump created (CREATE PACKAGE BODY, sql_mode=ORACLE): every routine
	// of it is judged by the whole body (its routines call each other, and its
	// initialization section runs at the first call), CALL db.pkg.routine and CALL
	// pkg.routine in the current database (packages.go).
	packages map[string]procBody
	// prepared: lower-cased name (prepared statement names are case-insensitive) → the
	// statement PREPARE s FROM '…' made and the database current then; st is nil when it
	// was prepared from something other than a string literal. A name that is missing
	// was not prepared by the dump.
	prepared map[string]preparedStmt
	// movedDatabase: a statement run through dynamic SQL was USE (MariaDB runs EXECUTE
	// IMMEDIATE 'USE d'), which the replay's current database does not follow
	// (Planner.Next refuses it).
	movedDatabase bool
	// droppedDatabases: the databases the dump dropped (DROP DATABASE/SCHEMA), which took
	// their procedures with them: a CREATE PROCEDURE IF NOT EXISTS in one creates anew,
	// whatever the target had before the dump (lookUpNewProcedure).
	droppedDatabases map[string]bool
}

// procBody is what the planner read of a procedure's body.
type procBody struct {
	absent  bool   // the dump dropped it: a CALL fails as the client's does
	txn     string // what in it may change the transaction (txnWord), or ""
	diag    bool   // it may read the caller's diagnostics area (bodyReadsDiagnostics)
	dynamic bool   // it runs code of its own choosing (EXECUTE, PREPARE, CALL): see forget
	// rowCount: it names ROW_COUNT (GET DIAGNOSTICS … = ROW_COUNT, ROW_COUNT()), which its
	// first statement reads as the caller's (rowcountcode.go).
	rowCount bool
}

// preparedStmt is a statement the dump prepared. db is the database current at its
// PREPARE: the server binds the statement's unqualified routine names there, not in the
// database current at EXECUTE (TestReviewX11PreparedStatementDatabase), so the
// statement is judged and followed with db current.
type preparedStmt struct {
	st *split.Statement
	db string
}

// forget makes every procedure and prepared statement unknown, and the databases the dump
// dropped too: a statement that cannot be read may have created, replaced or dropped any
// of them.
func (r *registry) forget() {
	r.procs, r.packages, r.prepared, r.droppedDatabases = nil, nil, nil, nil
}

// procKey is the registry's key of procedure name in database db (the current one when
// db is "").
func (r *registry) procKey(db, name string) string {
	if db == "" {
		db = r.db
	}
	return KeyOf(db, strings.ToLower(name))
}

// call returns the name a CALL st names (as written), what the planner knows of the
// procedure, and whether it knows it (created by the dump and not dropped since).
func (r *registry) call(st *split.Statement) (string, procBody, bool) {
	l := st.Tokens()
	l.Next() // CALL
	db, name := l.Name(l.Next())
	written := name
	if db != "" {
		written = db + "." + name
	}
	if b, routine, ok := r.packageCall(&l, db, name); ok {
		return written + routine, b, !b.absent
	}
	b, ok := r.procs[r.procKey(db, name)]
	return written, b, ok && !b.absent
}

// bodyOf reads st, a CREATE PROCEDURE (or a compound statement), for procBody.
func bodyOf(st *split.Statement) procBody {
	b := procBody{txn: txnWord(st), diag: bodyReadsDiagnostics(st), rowCount: namesRowCount(st.SQL, st.Syntax())}
	b.dynamic = bodyStatementsAt(st, func(w string, l *sqlscan.Tokenizer) bool {
		return dynamicStarts[w] && (w != "DROP" || nextWordIs(l, "PREPARE"))
	})
	return b
}

// dynamicStarts are the first words of a body's statements that run or prepare code of
// their own choosing (DROP: DROP PREPARE only; a DROP TEMPORARY TABLE of a procedure that
// stages rows left every later CALL unknown and refused under --parallel:
// TestReviewX22CallTemporaryTableRefused).
var dynamicStarts = map[string]bool{"EXECUTE": true, "PREPARE": true, "DEALLOCATE": true, "CALL": true, "DROP": true}

// observe follows st, which the server runs on the client's connection, and what it
// runs in turn (see registry).
func (r *registry) observe(st *split.Statement) { r.observeAt(st, 0) }

func (r *registry) observeAt(st *split.Statement, depth int) {
	if depth >= wrapDepth {
		r.forget()
		return
	}
	switch {
	case st.Kind == split.KindClient || len(st.SQL) == 0:
		return
	case st.Kind == split.KindSession && st.Verb == "USE":
		r.db = st.Database
		r.movedDatabase = r.movedDatabase || depth > 0
		return
	case st.Kind == split.KindRoutine:
		r.observeRoutine(st)
		return
	case st.Kind == split.KindDDL && (st.Verb == "DROP DATABASE" || st.Verb == "DROP SCHEMA"):
		r.dropDatabase(st.Database)
		return
	case st.Kind != split.KindOther:
		return
	}
	if name, ok := transform.PrepareName(st); ok {
		if r.prepared == nil {
			r.prepared = map[string]preparedStmt{}
		}
		in, _, _ := transform.Wrapped(st)
		r.prepared[name] = preparedStmt{st: in, db: r.db}
		return
	}
	switch strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax())) {
	case "DEALLOCATE", "DROP":
		if _, name, _ := transform.Wrapped(st); name != "" {
			delete(r.prepared, name)
		}
		return
	case "CALL":
		// One the dump dropped fails as the client's does, and changes nothing.
		if _, b, known := r.call(st); (!known && !b.absent) || b.dynamic {
			r.forget()
		}
		return
	case "BEGIN", "IF", "CASE", "LOOP", "WHILE", "REPEAT", "FOR":
		if bodyOf(st).dynamic {
			r.forget()
		}
		return
	case "EXECUTE", "SET":
	default:
		return
	}
	in, prepared, unreadable := transform.Wrapped(st)
	db := r.db
	if prepared != "" {
		p := r.prepared[prepared]
		in, db = p.st, p.db
		if in == nil {
			unreadable = "EXECUTE " + prepared
		}
	}
	if unreadable != "" {
		r.forget()
		return
	}
	if in != nil {
		// The prepared statement runs in its PREPARE's database; the current one is the
		// caller's again after it, unless what ran was a USE (movedDatabase: refused).
		saved, moved := r.db, r.movedDatabase
		r.db = db
		r.observeAt(in, depth+1)
		if r.movedDatabase == moved {
			r.db = saved
		}
	}
}

// dropDatabase follows DROP DATABASE db: its procedures are gone, those the dump made
// (absent: a CALL fails as the client's does) and those the target had before the dump
// (droppedDatabases). A name the statement does not give (unread) leaves them unknown.
func (r *registry) dropDatabase(db string) {
	if db == "" {
		r.forget()
		return
	}
	for _, m := range []map[string]procBody{r.procs, r.packages} {
		for key := range m {
			if d, _ := sqlscan.TableKey(key).Names(); d == db {
				m[key] = procBody{absent: true}
			}
		}
	}
	if r.droppedDatabases == nil {
		r.droppedDatabases = map[string]bool{}
	}
	r.droppedDatabases[db] = true
}

// observeRoutine follows a CREATE or DROP PROCEDURE, and a package's (packages.go).
func (r *registry) observeRoutine(st *split.Statement) {
	procs := &r.procs
	switch {
	case st.Table == "":
		return
	case strings.HasSuffix(st.Verb, "PACKAGE"):
		if !strings.HasPrefix(st.Verb, "DROP") && !isPackageBody(st) {
			return // a package's specification: its routines are the body's
		}
		procs = &r.packages // DROP PACKAGE drops its body too
	case !strings.HasSuffix(st.Verb, "PROCEDURE"):
		return
	}
	key := r.procKey(st.Database, st.Table)
	switch {
	case strings.HasPrefix(st.Verb, "DROP"):
		if *procs == nil {
			*procs = map[string]procBody{}
		}
		(*procs)[key] = procBody{absent: true}
		return
	case !strings.HasPrefix(st.Verb, "CREATE"):
		return // ALTER PROCEDURE changes its characteristics, not its body
	}
	b := bodyOf(st)
	old, seen := (*procs)[key]
	if createIfNotExists(st) && !(seen && old.absent) {
		if !seen {
			// The server keeps a procedure that was there before the dump: its body is
			// not known (the name stays missing).
			return
		}
		// The server keeps the procedure it has: the planner keeps what it read of it,
		// unless the new body is the one that may change the transaction, read the
		// diagnostics area or run code of its own choosing (then either may run: judged
		// as either) (TestReviewX10ProcedureIfNotExists).
		if old.txn == "" {
			old.txn = b.txn
		}
		old.diag, old.dynamic, old.rowCount = old.diag || b.diag, old.dynamic || b.dynamic, old.rowCount || b.rowCount
		b = old
	}
	if *procs == nil {
		*procs = map[string]procBody{}
	}
	(*procs)[key] = b
}

// readsDiag reports whether st may read the diagnostics area the statement before it
// left: a CALL by its procedure's body, an EXECUTE by what it runs (EXECUTE IMMEDIATE's
// string, or the prepared statement as the registry holds it now); a procedure or
// prepared statement the registry does not know, or dynamic SQL it cannot read, may.
func (r *registry) readsDiag(st *split.Statement) bool {
	return r.judgeRun(st, func(b procBody, known bool) bool { return b.diag || !known },
		func(st *split.Statement, _ int) bool {
			v := readsDiagnostics(st.SQL, st.Syntax(), 0)
			// A CALL or EXECUTE behind SET STATEMENT … FOR is not looked up: it may read.
			return v == diagReads || v == diagCall || v == diagPrepared
		})
}

// judgeRun follows st through the EXECUTEs that wrap code (EXECUTE IMMEDIATE's string, or
// the prepared statement as the registry holds it now, in the database it was prepared
// in) to what runs, and judges that: a CALL by call (its procedure's body as the registry
// knows it, and whether it does), anything else by leaf (depth: how many EXECUTEs it is
// behind). A client command or an empty statement is false; an EXECUTE whose code cannot
// be read, or wrappers nested deeper than wrapDepth, true. readsDiag and
// codeReadsRowCount ask their own question of the same walk.
func (r *registry) judgeRun(st *split.Statement, call func(b procBody, known bool) bool, leaf func(st *split.Statement, depth int) bool) bool {
	defer func(db string) { r.db = db }(r.db) // a prepared statement's database (preparedStmt)
	for depth := 0; depth < wrapDepth; depth++ {
		if st.Kind == split.KindClient || len(st.SQL) == 0 {
			return false
		}
		switch strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax())) {
		case "CALL":
			_, b, known := r.call(st)
			return call(b, known)
		case "EXECUTE":
			in, prepared, unreadable := transform.Wrapped(st)
			if prepared != "" {
				p := r.prepared[prepared]
				in, r.db = p.st, p.db
			}
			if unreadable != "" || in == nil {
				return true
			}
			st = in
			continue
		}
		return leaf(st, depth)
	}
	return true
}

// movedDatabaseRefusal is why a USE that dynamic SQL runs is refused: the replay's
// current database, which the planner keys tables and procedures by, follows the dump's
// own USE only.
const movedDatabaseRefusal = "it runs USE through dynamic SQL, which changes the current database where dumpscope does not follow it (unqualified tables and procedures would be taken for the old database's); " +
	"import this dump without --parallel, --checkpoint, --load-data and --defer-indexes, or write the USE as a statement of its own"

// nextWordIs reports whether the token after l's position is the word w (any case),
// leaving l.Pos where it was.
func nextWordIs(l *sqlscan.Tokenizer, w string) bool {
	defer func(pos int) { l.Pos = pos }(l.Pos)
	return l.Next().Is(w)
}
