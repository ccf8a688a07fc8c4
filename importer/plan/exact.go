package plan

import (
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// KeyOf is sqlscan.TableKeyOf for the planner's and the scheduler's maps, which are keyed
// by the key's string (the checkpoint's intents and reloads compare the same strings).
func KeyOf(db, table string) string { return string(sqlscan.TableKeyOf(db, table)) }

// IsSavepoint reports whether st sets, releases or rolls back to a savepoint (SAVEPOINT,
// RELEASE SAVEPOINT, ROLLBACK TO).
func IsSavepoint(st *split.Statement) bool {
	switch strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax())) {
	case "SAVEPOINT", "RELEASE":
		return true
	}
	return isRollbackTo(st)
}

// isRollbackTo reports whether st is ROLLBACK [WORK] TO [SAVEPOINT] x: it undoes part of
// the open transaction and leaves it open (it ends nothing).
func isRollbackTo(st *split.Statement) bool {
	if st.Kind != split.KindTxn || !strings.HasPrefix(st.Verb, "ROLLBACK") {
		return false
	}
	l := st.Tokens()
	l.Next()
	t := l.Next()
	if t.Is("WORK") {
		t = l.Next()
	}
	return t.Is("TO")
}

// XAVerb returns the word after XA (START, BEGIN, END, PREPARE, COMMIT, ROLLBACK,
// RECOVER), upper-cased, or "" when st is not an XA statement.
func XAVerb(st *split.Statement) string {
	l := st.Tokens()
	if !l.Next().Is("XA") {
		return ""
	}
	if t := l.Next(); t.Kind == sqlscan.Word {
		return strings.ToUpper(t.Text)
	}
	return ""
}

// connStateVars are system variables whose value is one connection's state (or the
// moment it is read): a row or SET that reads one depends on the connection it runs on.
// character_set_database and collation_database are the current database's as it is
// then: SET character_set_connection = @@character_set_database sent again after an
// ALTER DATABASE (by a worker, or a resume) read the new one.
var connStateVars = map[string]bool{
	"last_insert_id": true, "identity": true, "insert_id": true, "warning_count": true,
	"error_count": true, "pseudo_thread_id": true, "in_transaction": true, "last_gtid": true,
	"rand_seed1": true, "rand_seed2": true, "timestamp": true, "sql_last_value": false,
	"character_set_database": true, "collation_database": true,
}

// connStateVar reports whether a variable token (@@x, @@session.x) reads connection state.
func connStateVar(v string) bool {
	name, _, ok := serverVar(v)
	return ok && connStateVars[name]
}

// serverVar reads a variable token as a server variable: @@x, @@session.x, @@local.x or
// @@global.x gives x (lower case) and whether the GLOBAL value was named; ok is false for
// a user variable.
func serverVar(v string) (name string, global, ok bool) {
	if !strings.HasPrefix(v, "@@") {
		return "", false, false
	}
	name = strings.ToLower(strings.TrimPrefix(v, "@@"))
	global = strings.HasPrefix(name, "global.")
	for _, s := range []string{"session.", "local.", "global."} {
		name = strings.TrimPrefix(name, s)
	}
	return name, global, name != ""
}

// plainEngines are the storage engines whose rows go where the INSERT names: into that
// table alone. A view, a MERGE table or a federated/connect/spider table writes
// elsewhere, so rows into one wait for everything before them.
var plainEngines = map[string]bool{
	"INNODB": true, "MYISAM": true, "ARIA": true, "MEMORY": true, "HEAP": true, "CSV": true,
	"ARCHIVE": true, "BLACKHOLE": true, "ROCKSDB": true, "TOKUDB": true, "MROONGA": true,
	"COLUMNSTORE": true, "S3": true,
}

// NotPlainTarget returns why rows into a table of this type and engine may write other
// tables ("" when they cannot): a view, or an engine outside plainEngines. An unknown
// table (it does not exist: the INSERT will fail) is plain.
func NotPlainTarget(tableType, engine string) string {
	switch {
	case strings.EqualFold(tableType, "VIEW"):
		return "a view"
	case tableType == "" && engine == "":
		return ""
	case engine != "" && !plainEngines[strings.ToUpper(engine)]:
		return "a table of engine " + engine
	}
	return ""
}

// SetsForeignKeyChecks reports whether a session statement assigns foreign_key_checks
// (what the catalog looked up about parent tables then no longer holds).
func SetsForeignKeyChecks(st *split.Statement) bool {
	if st.Kind != split.KindSession {
		return false
	}
	for _, a := range ParseSet(st.SQL, st.Syntax()) {
		if a.Name == "foreign_key_checks" {
			return true
		}
	}
	return false
}

// TakesSequenceValues reports whether st calls NEXTVAL or NEXT VALUE FOR.
func TakesSequenceValues(st *split.Statement) bool {
	return sqlscan.ContainsFoldASCII(st.SQL, "NEXTVAL") || sqlscan.ContainsFoldASCII(st.SQL, "NEXT VALUE FOR")
}

// TakesIDs says which AUTO_INCREMENT counter an INSERT into key (facts f, triggers or not)
// moves in a way that a rollback does not undo, or "": one that leaves ids to the server
// (a plain row insert that gives them all is safe), or fires triggers that may.
func TakesIDs(st *split.Statement, syn sqlscan.Syntax, key string, f TableFacts, triggers bool) string {
	if triggers {
		return "the AUTO_INCREMENT counters of the tables the triggers of " + key + " write"
	}
	if f.AutoIncrement == "" {
		return ""
	}
	if ri, plain := StatementRowInsert(st, syn); plain && !ri.generatesIDs(f) {
		return ""
	}
	return "the AUTO_INCREMENT counter of " + key
}

// connectionOnlyVerbs change nothing but the connection (a prepared statement, a handler):
// they get no progress row, so that a resumed run, on a new connection, builds them again
// before an EXECUTE or HANDLER … READ that needs them.
var connectionOnlyVerbs = map[string]bool{"PREPARE": true, "DEALLOCATE": true, "HANDLER": true}

// SequenceDefault matches, in information_schema.COLUMNS, a column whose default takes
// the next value of a sequence (MariaDB shows DEFAULT NEXT VALUE FOR s as nextval(`db`.`s`)).
const SequenceDefault = "(COLUMN_DEFAULT LIKE '%nextval(%' OR COLUMN_DEFAULT LIKE '%next value for%')"

// routineUserVariable returns why a CREATE TRIGGER or CREATE FUNCTION depends on one
// connection: its body reads or sets a user variable, which lives on the connection
// that fires the trigger or calls the function (a worker), while the client's counts on
// its one connection (SET @n = @n + 1 in a trigger, then INSERT … VALUES (@n)).
// Procedures run only through CALL, which is serial already; events run on the
// scheduler's own connection, as for the client.
//
// Likewise a body that reads the state of the connection it runs on (LAST_INSERT_ID(),
// @@warning_count, CONNECTION_ID() …: connStateFunctions, bodyStateVars): a worker's
// LAST_INSERT_ID() is not the id the client's connection generated last. ROW_COUNT(),
// FOUND_ROWS() and @@in_transaction are later readers (laterReaders): a statement that
// may run them is refused, as no connection of a parallel replay gives the client's.
func routineUserVariable(st *split.Statement) string {
	what, vars := RoutineUserVars(st)
	if len(vars) > 0 {
		return "the " + what + " " + st.Table + " uses user variable " + vars[0] + ", which lives on the connection that runs it"
	}
	if reads := routineConnState(st, what); reads != "" {
		return "the " + what + " " + st.Table + " reads " + reads + ", the state of the connection that runs it"
	}
	return ""
}

// bodyStateVars are the system variables a trigger or function body reads that a
// worker's connection holds otherwise than the client's at the same row: the ids and
// counts of its own statements, and @@autocommit (a worker's is on, workerReset, where
// the client's may be off: mysqldump --no-autocommit's regions stay parallel). Not
// @@timestamp (workers run the dump's SET timestamp; unset, it is the clock, which no two
// runs share), nor @@in_transaction, a later reader (LaterCountsReader) as ROW_COUNT() is.
// @@autocommit is not among connStateVars: SET @OLD_AUTOCOMMIT=@@AUTOCOMMIT, read at
// once, is the same on every connection (workerSession).
var bodyStateVars = map[string]bool{
	"last_insert_id": true, "identity": true, "insert_id": true, "warning_count": true,
	"error_count": true, "pseudo_thread_id": true, "last_gtid": true, "autocommit": true,
}

// bodyStateVar reports whether a variable token (@@x, @@session.x) is one of
// bodyStateVars.
func bodyStateVar(v string) bool {
	name, _, ok := serverVar(v)
	return ok && bodyStateVars[name]
}

// routineConnState returns the first connection-state read (a call of a
// connStateFunctions function, a bodyStateVars variable) in the body of the trigger or
// function st, or "".
func routineConnState(st *split.Statement, what string) string {
	if what == "" {
		return ""
	}
	l := st.Tokens()
	body := false
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		switch {
		case !body:
			body = what == "trigger" && t.Is("ROW") || what == "function" && t.Is("RETURNS")
		case t.Kind == sqlscan.Var && bodyStateVar(t.Text):
			return t.Text
		case t.Kind == sqlscan.Word && connStateFunctions[strings.ToUpper(t.Text)] && !t.Is("ROW_COUNT") && !t.Is("FOUND_ROWS"):
			save := l.Pos
			if n := l.Next(); n.Kind == sqlscan.Punct && n.Text == "(" {
				return strings.ToUpper(t.Text) + "()"
			}
			l.Pos = save
		}
	}
	return ""
}

// RoutineUserVars returns what st creates ("trigger", "function"; "" for anything else)
// and the user variables its body names (as the lexer gives them), in order.
func RoutineUserVars(st *split.Statement) (what string, vars []string) {
	switch {
	case strings.Contains(st.Verb, "TRIGGER"):
		what = "trigger"
	case strings.Contains(st.Verb, "FUNCTION"):
		what = "function"
	default:
		return "", nil
	}
	l := st.Tokens()
	body := false
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		switch {
		case !body && what == "trigger" && t.Is("ROW"), !body && what == "function" && t.Is("RETURNS"):
			body = true // past DEFINER=user@host, which reads like a variable
		case body && t.Kind == sqlscan.Var && !strings.HasPrefix(t.Text, "@@") && !slices.Contains(vars, t.Text):
			vars = append(vars, t.Text)
		}
	}
	return what, vars
}

// ErrOpenAtEnd is why a dump that names a producer which always commits (mysqldump,
// phpMyAdmin …), so that its regions' rows went out in parallel batches, fails when it
// ends (or quits) with such rows not committed by the dump itself.
const ErrOpenAtEnd = "the dump ends inside a transaction (autocommit=0 or START TRANSACTION) whose rows were already committed on other connections " +
	"(its header names a tool that always commits, so they ran in parallel); the mariadb client would roll them back when it disconnects, here they stay in the target. " +
	"Import it without --parallel, --checkpoint or --load-data to get the client's result"

// LostAtEnd reports whether the client's connection, closing here, would roll back rows
// that went to other connections and committed there (a trusted producer's open region).
func (p *Planner) LostAtEnd() bool { return p.region() && p.parallelIn }
