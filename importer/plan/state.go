package plan

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// What the planner reads in a statement to tell whether it depends on one connection's
// state: SET assignments (autocommit, user variables from subqueries or functions),
// user-variable assignments elsewhere, per-connection functions and verbs.

// setsAutocommit reports whether a SET statement assigns autocommit, and the value. A
// value that is not a literal (SET autocommit = @ac, = 1 - 1) counts as off: the planner
// cannot tell, and taking it for on would send the rows of a transaction the client holds
// open to workers, which commit them (setState turns the rest of the run serial there, so
// the server's own value decides; a ROLLBACK the replay adds at the end undoes nothing
// when it was on).
func setsAutocommit(q []byte, syn sqlscan.Syntax) (on, set bool) {
	for _, a := range ParseSet(q, syn) {
		if a.Name == "autocommit" && !a.Global {
			on, _ = autocommitValue(a.Value)
			set = true
		}
	}
	return on, set
}

// autocommitValue reads a value given to autocommit (ParseSet's Value): on, and whether
// it is a literal the planner can read. DEFAULT is the global value, taken here for on as
// a new connection's; AutocommitVars.Apply reads it as the dump's SET GLOBAL left it.
func autocommitValue(v string) (on, known bool) {
	switch strings.ToUpper(v) {
	case "1", "ON", "TRUE", "DEFAULT":
		return true, true
	case "0", "OFF", "FALSE":
		return false, true
	}
	return false, false
}

// errAutocommitUnknown is why the run turns serial at a SET autocommit whose value the
// planner cannot read (AutocommitVars).
const errAutocommitUnknown = "SET autocommit to a value that is not a literal ON or OFF, nor a variable set from one: whether the rows after it stay in an open transaction is known to the server only"

// SetAssign is one `name = value` of a SET statement: name lower-cased without @@ and
// scope (user variables keep their single @).
type SetAssign struct {
	Name, Value string
	Constant    bool // the value reads nothing that differs between connections or over time
	// Global: a server variable's GLOBAL (or PERSIST) value, not the session's.
	Global bool
}

// ParseSet reads the assignments of SET a = x, @b := y, SESSION c = z, @@session.d = w.
// NAMES cs [COLLATE c] and CHARACTER SET cs, anywhere in the list, are the session
// variables they set (charsetItem), and the list goes on after them: a reader that
// stopped there missed SET NAMES utf8mb4, autocommit = 0 (TestReviewX9aSetAfterNames).
// PASSWORD, ROLE, TRANSACTION and STATEMENT forms return none.
func ParseSet(q []byte, syn sqlscan.Syntax) []SetAssign {
	l := sqlscan.New(q, syn)
	if !l.Next().Is("SET") {
		return nil
	}
	var out []SetAssign
	global := false // the last GLOBAL or SESSION holds for the assignments after it
	for {
		t := l.Next()
		for t.Is("SESSION") || t.Is("LOCAL") || t.Is("GLOBAL") || t.Is("PERSIST") {
			global = t.Is("GLOBAL") || t.Is("PERSIST")
			t = l.Next()
		}
		var name string
		thisGlobal := global
		switch t.Kind {
		case sqlscan.Var:
			name = t.Text
			if strings.HasPrefix(name, "@@") {
				name = strings.TrimPrefix(name, "@@")
				thisGlobal = strings.HasPrefix(name, "global.")
				for _, s := range []string{"session.", "local.", "global."} {
					name = strings.TrimPrefix(name, s)
				}
			}
		case sqlscan.Word, sqlscan.Quoted:
			name = strings.ToLower(t.Text)
			if t.Kind == sqlscan.Word && (name == "names" || name == "character" || name == "charset") {
				// One item of the list (SET @z = 1, NAMES utf8mb4, autocommit = 0): what
				// follows it is read too.
				cs, ok := charsetItem(&l, name)
				if !ok {
					return out
				}
				out = append(out, cs...)
				if n := l.Next(); n.Kind != sqlscan.Punct || n.Text != "," {
					return out
				}
				continue
			}
			if name == "names" || name == "character" || name == "charset" || name == "password" ||
				name == "role" || name == "transaction" || name == "statement" || name == "default" {
				return out
			}
		default:
			return out
		}
		if eq := l.Next(); eq.Kind != sqlscan.Punct || eq.Text != "=" {
			return out
		}
		a := SetAssign{Name: name, Constant: true, Global: thisGlobal && !strings.HasPrefix(name, "@")}
		depth := 0
		var value []string
		for {
			save := l.Pos
			v := l.Next()
			if v.Kind == sqlscan.EOF || (depth == 0 && v.Kind == sqlscan.Punct && v.Text == ",") {
				if v.Kind == sqlscan.EOF {
					l.Pos = save
				}
				break
			}
			switch {
			case v.Kind == sqlscan.Punct && v.Text == "(":
				depth++
			case v.Kind == sqlscan.Punct && v.Text == ")":
				depth--
			case v.Kind == sqlscan.Word && !pureWord(v.Text, &l), v.Kind == sqlscan.Quoted && calls(&l),
				v.Kind == sqlscan.Var && (connStateVar(v.Text) || globalRead(v.Text)):
				a.Constant = false
			}
			value = append(value, v.Text)
		}
		a.Value = strings.Join(value, " ")
		out = append(out, a)
		if l.Pos >= len(l.Src) {
			return out
		}
	}
}

// pureFunctions give the same result on every connection at any time.
var pureFunctions = map[string]bool{
	"IFNULL": true, "COALESCE": true, "IF": true, "CONCAT": true, "CONCAT_WS": true, "REPLACE": true,
	"LOWER": true, "UPPER": true, "LCASE": true, "UCASE": true, "TRIM": true, "SUBSTRING": true,
	"SUBSTR": true, "LEFT": true, "RIGHT": true, "CAST": true, "CONVERT": true, "CHAR": true,
	"HEX": true, "UNHEX": true, "NULLIF": true, "GREATEST": true, "LEAST": true, "ABS": true,
	"ROUND": true, "FLOOR": true, "CEIL": true, "FIND_IN_SET": true, "LENGTH": true,
	"CHAR_LENGTH": true, "FROM_BASE64": true, "TO_BASE64": true,
	// Session facts every connection shares: the same account, server and (USE is
	// replayed on each) database.
	"DATABASE": true, "SCHEMA": true, "VERSION": true, "CURRENT_USER": true, "USER": true,
}

// bareFunctions are the server's functions that may be written without parentheses
// (MariaDB's grammar, sql_yacc.yy: function_call_keyword and the date/time keywords):
// CURRENT_TIMESTAMP alone reads the clock as NOW() does. CURRENT_USER is as pure bare as
// with parentheses (pureFunctions); CURRENT_ROLE follows the connection's SET ROLE.
var bareFunctions = map[string]bool{
	"CURRENT_TIMESTAMP": true, "CURRENT_DATE": true, "CURRENT_TIME": true, "LOCALTIME": true,
	"LOCALTIMESTAMP": true, "UTC_DATE": true, "UTC_TIME": true, "UTC_TIMESTAMP": true,
	"CURRENT_USER": true, "CURRENT_ROLE": true,
	// These need parentheses; bare they are an error or a column, never a constant.
	"SYSDATE": true, "CURDATE": true, "CURTIME": true, "NOW": true,
}

// pureWord reports whether a word in an expression reads nothing connection- or
// time-dependent: not a subquery, not a function outside pureFunctions (with or without
// parentheses, bareFunctions), not a sequence's NEXT VALUE FOR or PREVIOUS VALUE FOR.
func pureWord(w string, l *sqlscan.Tokenizer) bool {
	u := strings.ToUpper(w)
	switch u {
	case "SELECT", "TABLE", "VALUES", "WITH":
		return false
	}
	save := l.Pos
	n := l.Next()
	l.Pos = save
	switch {
	case n.Kind == sqlscan.Punct && n.Text == "(":
		return pureFunctions[u]
	case bareFunctions[u]:
		return pureFunctions[u]
	case (u == "NEXT" || u == "PREVIOUS") && n.Is("VALUE"):
		// NEXT VALUE FOR s takes a value of the sequence on each connection that runs
		// it; PREVIOUS VALUE FOR s reads the one its connection took last.
		return false
	}
	return true
}

// calls reports whether the token l read last, a quoted name, is called: the next token
// is "(". A stored function written quoted (`db`.`f`(2), as the fuzzer and mysqldump's
// users write it) is no pure function: read as a constant, SET @f = `fz0`.`rlf5`(2)
// was replayed on every worker, and sent again by every resume, each time calling the
// function, whose INSERT into a MyISAM log landed once more (difffuzz seed 88022:
// AUTO_INCREMENT 22 where the client has 21; TestKillSweepQuotedFunctionSet).
func calls(l *sqlscan.Tokenizer) bool {
	save := l.Pos
	n := l.Next()
	l.Pos = save
	return n.Kind == sqlscan.Punct && n.Text == "("
}

// globalRead reports whether a variable token reads a server variable's GLOBAL value
// (@@global.x): it is read when the statement runs, so a later SET GLOBAL (of the dump,
// or of anyone) changes what a worker that runs it again reads.
func globalRead(v string) bool {
	return len(v) > 9 && strings.EqualFold(v[:9], "@@global.")
}

// connStateFunctions read or change state of one connection (or a server-wide lock owned
// by one): a statement that calls one runs with the rest of the dump on one connection.
var connStateFunctions = map[string]bool{
	"LAST_INSERT_ID": true, "ROW_COUNT": true, "FOUND_ROWS": true, "CONNECTION_ID": true,
	"GET_LOCK": true, "RELEASE_LOCK": true, "RELEASE_ALL_LOCKS": true, "IS_USED_LOCK": true,
	"IS_FREE_LOCK": true, "LAST_VALUE": false,
}

// serialVerbs are statements whose effect lives in one connection.
var serialVerbs = map[string]string{
	"SAVEPOINT":  "SAVEPOINT lives in one connection's transaction",
	"RELEASE":    "RELEASE SAVEPOINT lives in one connection's transaction",
	"XA":         "an XA transaction lives in one connection",
	"GET":        "GET DIAGNOSTICS reads one connection's diagnostics area",
	"PREPARE":    "a prepared statement lives in one connection",
	"EXECUTE":    "a prepared statement lives in one connection",
	"DEALLOCATE": "a prepared statement lives in one connection",
	"HANDLER":    "a HANDLER lives in one connection",
	"CALL":       "a procedure may set user variables or temporary tables of its connection",
	"BACKUP":     "BACKUP STAGE locks are held by one connection",
}

// ConnectionState is connectionState for the replay: why st, planned pl, depends on (or
// changes) the state of its connection, or "". A row insert of literal values
// (pl.Literal) is read to its VALUES only: after it come strings, numbers, NULL and
// punctuation, in which exprState finds nothing, and reading them cost a pass over every
// INSERT the control connection ran under the dump's LOCK TABLES (1.7 s of 6.3 s of
// client CPU on a 190 MiB dump run serially with --checkpoint).
func ConnectionState(st *split.Statement, pl Plan) string {
	if pl.Literal && st.Kind == split.KindInsert {
		return exprState(st.SQL[:rowsHeadBytes(st)], st.Syntax())
	}
	return connectionState(st)
}

// rowsHeadBytes is the length of a row insert's text before its VALUES (or VALUE)
// keyword: the whole text when there is none.
func rowsHeadBytes(st *split.Statement) int {
	l := sqlscan.New(st.SQL, st.Syntax())
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind == sqlscan.Word && (t.Is("VALUES") || t.Is("VALUE")) {
			return t.Start
		}
	}
	return len(st.SQL)
}

// connectionState returns why st depends on (or changes) the state of one connection, or
// "" when it does not: user variables assigned from what differs between connections or
// read later, temporary tables, savepoints, XA, SET STATEMENT … FOR, GET_LOCK.
func connectionState(st *split.Statement) string {
	w := strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax()))
	if why, ok := serialVerbs[w]; ok {
		return why
	}
	switch {
	case w == "FLUSH" && (sqlscan.ContainsFoldASCII(st.SQL, "READ LOCK") || sqlscan.ContainsFoldASCII(st.SQL, "EXPORT")), w == "LOCK" && secondWordIs(st.SQL, "INSTANCE"):
		return "a global read lock is held by one connection"
	case w == "ROLLBACK" && bytes.Contains(bytes.ToUpper(st.SQL), []byte(" TO ")):
		return "ROLLBACK TO SAVEPOINT lives in one connection's transaction"
	case (w == "CREATE" || w == "DROP") && st.Verb != "CREATE TABLE" && st.Verb != "DROP TABLE":
	case w == "CREATE" || w == "DROP":
		if TemporaryTableDDL(st) {
			return "a temporary table exists only on the connection that created it"
		}
	case w == "SET":
		return setState(st.SQL, st.Syntax())
	}
	if st.Kind == split.KindRoutine {
		// A trigger or routine body runs later, on the connection that fires or calls
		// it: CALL runs serially, a trigger's tables keep stream order. A user variable
		// in a trigger or function body lives on that connection, though.
		return routineUserVariable(st)
	}
	return exprState(st.SQL, st.Syntax())
}

// setState returns why a SET statement depends on its connection, or "".
func setState(q []byte, syn sqlscan.Syntax) string {
	l := sqlscan.New(q, syn)
	l.Next()
	t := l.Next()
	switch {
	case t.Is("STATEMENT"):
		return "SET STATEMENT … FOR changes one statement's session on one connection"
	case t.Is("TRANSACTION"):
		return "SET TRANSACTION applies to the next transaction of one connection"
	}
	as := ParseSet(q, syn)
	if global, session := setScopes(as); global && session {
		return "a SET of both GLOBAL and session variables: the GLOBAL ones must run once, the session ones on every connection"
	} else if global {
		// It runs once, on the control connection in stream order (a barrier, see
		// Planner.plan; workers do not run it again): what its values read is read once,
		// as the client does, except what one connection's state gives (exprState).
		return exprState(q, syn)
	}
	for _, a := range as {
		if _, known := autocommitValue(a.Value); a.Name == "autocommit" && !known && !loneUserVar(a.Value) {
			// A user variable's value the planner may know (AutocommitVars, Planner.plan).
			return errAutocommitUnknown
		}
		if !a.Constant {
			return fmt.Sprintf("SET %s = %s reads what differs between connections or over time", a.Name, split.Clip(a.Value, 40))
		}
	}
	return exprState(q, syn)
}

// setScopes reports whether assignments set GLOBAL (or PERSIST) server variables, and
// whether they set session or user variables.
func setScopes(as []SetAssign) (global, session bool) {
	for _, a := range as {
		if a.Global {
			global = true
		} else {
			session = true
		}
	}
	return global, session
}

// SetsGlobalOnly reports whether st is a SET of GLOBAL (or PERSIST) server variables
// alone: the server has one copy, which the control connection's run changes for every
// connection, so a worker must not run it again (each run of SET GLOBAL x = @@global.x +
// 1 adds one more, and a worker that ran it after the dump's next SET GLOBAL x would set
// the older value back).
func SetsGlobalOnly(st *split.Statement) bool {
	if st.Kind != split.KindSession {
		return false
	}
	global, session := setScopes(ParseSet(st.SQL, st.Syntax()))
	return global && !session
}

// exprState scans a statement's tokens for user-variable assignments outside SET
// (`SELECT … INTO @v`, `@v := …`) and calls of connStateFunctions.
func exprState(q []byte, syn sqlscan.Syntax) string {
	l := sqlscan.New(q, syn)
	prevInto := false
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		switch {
		case t.Kind == sqlscan.Var && connStateVar(t.Text) && !l.AtEquals():
			// Read, not assigned (SET @@timestamp = 1 gives every connection the same).
			return t.Text + " reads the state of one connection"
		case t.Kind == sqlscan.Var && !strings.HasPrefix(t.Text, "@@"):
			if prevInto {
				return "SELECT … INTO " + t.Text + " sets a user variable on one connection"
			}
			if l.AtAssign() {
				return t.Text + " := … sets a user variable on one connection"
			}
		case t.Kind == sqlscan.Word && connStateFunctions[strings.ToUpper(t.Text)]:
			save := l.Pos
			n := l.Next()
			l.Pos = save
			if n.Kind == sqlscan.Punct && n.Text == "(" {
				return strings.ToUpper(t.Text) + "() reads the state of one connection"
			}
		}
		prevInto = t.Is("INTO") || (prevInto && t.Kind == sqlscan.Punct && t.Text == ",")
	}
	return ""
}

func secondWordIs(q []byte, w string) bool {
	l := sqlscan.Tokenizer{Src: q}
	l.Next()
	return l.Next().Is(w)
}

// SetsAutocommit reports whether the session statement st assigns autocommit (set), and
// the value it gives it (on).
func SetsAutocommit(st *split.Statement) (on, set bool) {
	if st.Kind != split.KindSession {
		return false, false
	}
	return setsAutocommit(st.SQL, st.Syntax())
}

// SetsTransactionControl reports whether a session statement assigns autocommit or
// completion_type: how the connection ends (or does not end) its own transactions, which
// a worker's session must not take over from the dump (replay's workerSession).
func SetsTransactionControl(st *split.Statement) bool {
	if st.Kind != split.KindSession {
		return false
	}
	for _, a := range ParseSet(st.SQL, st.Syntax()) {
		if !a.Global && (a.Name == "autocommit" || a.Name == "completion_type") {
			return true
		}
	}
	return false
}
