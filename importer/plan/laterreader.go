package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// LaterCountsReader returns what st creates whose text, run later or per row, reads
// ROW_COUNT() or FOUND_ROWS() ("the trigger tr reads ROW_COUNT()"), or, but for a table,
// @@in_transaction, or "": a trigger,
// stored routine or package body, a view's definition, a column default; and a CREATE
// TABLE … SELECT, whose reading is at once but cannot be given a literal (the column
// would take the literal's name and type). Such a read sees the statement run just before
// on its connection: the client's previous statement for the client, but in a parallel
// replay dumpscope's own progress rows and warning counts run on the control connection
// between two of the dump's statements, and rows run on workers. Events are not among
// them: they run on the event scheduler's connection, as for the client. The calls are
// found with the statement's quoting, so a string, comment or quoted name holding the
// word is none.
func LaterCountsReader(st *split.Statement) string {
	what := bodyKind(st)
	if what == "" {
		return ""
	}
	l := st.Tokens()
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if what != "table" && t.Kind == sqlscan.Var && inTransactionVar(t.Text) {
			// The parallel replay runs the serial part's statements in transactions of
			// their own with their progress rows, and workers their batches: a body that
			// reads @@in_transaction sees 1 where the client's autocommit statement sees 0.
			return "the " + what + " " + st.Table + " reads " + t.Text
		}
		if !t.Is("ROW_COUNT") && !t.Is("FOUND_ROWS") {
			continue
		}
		save := l.Pos
		if n := l.Next(); n.Kind == sqlscan.Punct && n.Text == "(" {
			return "the " + what + " " + st.Table + " reads " + strings.ToUpper(t.Text) + "()"
		}
		l.Pos = save
	}
	return ""
}

// bodyKind names what st creates that holds code run later ("trigger", "function",
// "procedure", "package", "view", "table"), or "".
func bodyKind(st *split.Statement) string {
	switch {
	case st.Kind == split.KindRoutine && !strings.HasSuffix(st.Verb, "EVENT") && strings.HasPrefix(st.Verb, "CREATE"):
		return strings.ToLower(st.Verb[strings.LastIndexByte(st.Verb, ' ')+1:])
	case st.Verb == "CREATE VIEW", st.Verb == "ALTER VIEW":
		return "view"
	case st.Verb == "CREATE TABLE":
		return "table"
	}
	return ""
}

// LaterReaders applies the planner's rule for code read later (laterReaders) to a dump
// read ahead of its replay, so that an import can run serially from the start rather
// than be refused at the first statement that may run such code: one rule for both.
type LaterReaders struct{ lr laterReaders }

// Refuses follows st and returns why a parallel replay would refuse it (the planner's
// Refuse reason's head), or "".
func (x *LaterReaders) Refuses(st *split.Statement) string {
	if st.Kind == split.KindClient || len(st.SQL) == 0 {
		return ""
	}
	if why := x.lr.observe(st); why != "" || len(x.lr.names) == 0 {
		return why // nothing created so far runs such code: no need to read the rows
	}
	plain := false
	if st.Kind == split.KindInsert {
		_, plain = StatementRowInsert(st, st.Syntax())
	}
	return x.lr.reaches(st, plain)
}

// refuses is Refuses for a statement whose plainness the caller knows.
func (lr *laterReaders) refuses(st *split.Statement, plain bool) string {
	if why := lr.observe(st); why != "" {
		return why
	}
	return lr.reaches(st, plain)
}

// laterReaders follows, in a parallel replay, the objects the dump created whose code
// reads ROW_COUNT() or FOUND_ROWS() when it runs (LaterCountsReader), or sets a session
// variable of the connection it runs on (a trigger or function: bodySessionSet), and the names
// through which a later statement may run it: the object's own name, a trigger's table,
// and the names of the other triggers, routines and views whose text names one of those
// (a function that inserts into a table with such a trigger), whenever either was
// created. A statement that names one is refused (reaches): what it reads there is not
// the client's value, and nothing can make it so while dumpscope's own statements run
// between the dump's on the control connection. A statement that names none cannot run
// such code, so a dump whose trigger reads ROW_COUNT() but is never fired after it was
// created (mysqldump's triggers come after their table's rows) imports at full speed.
// Objects that existed in the target before the import are out of reach, but a procedure
// a trigger or function CALLs that the dump did not create counts as one that sets a
// session variable (latercalls.go). What a wrapper runs (EXECUTE IMMEDIATE '…', EXECUTE
// s) is judged as the statement it is (laterwrapped.go).
type laterReaders struct {
	names  map[string]string // lower-cased name → why it reaches such code
	bodies []createdBody     // every trigger, routine and view created so far
	// procs and prepared follow what a CALL in a body and a wrapper run (latercalls.go,
	// laterwrapped.go); calls: some body CALLs a procedure, so names is rebuilt
	// (settle) whenever a body or procedure comes or goes.
	procs    map[string]procSets
	prepared map[string]*split.Statement
	calls    bool
	packages map[string]bool // lower-cased: the packages the dump created that keep state (packagereach.go)
	// madePackages: every package the dump created, lower-cased (packagereach.go).
	madePackages map[string]bool
}

type createdBody struct {
	names []string        // lower-cased: the object's name, a trigger's table
	words map[string]bool // lower-cased names and words of its text
	// what and name say what the body is ("trigger", "ti"); own is why its own text
	// reaches such code, or ""; calls are the procedures a trigger or function CALLs
	// (lower-cased, without their database).
	what, name, own string
	calls           []string
	// packageCall: a trigger's first db.package.routine(…) call (packagereach.go).
	packageCall string
}

// observe notes what st creates, and what a wrapper st runs creates; it returns why st
// itself must be refused (a CREATE TABLE … SELECT that reads the counts at once), or "".
func (lr *laterReaders) observe(st *split.Statement) string {
	if st.Kind != split.KindOther {
		return lr.observeOne(st) // wraps nothing: no slice per row statement
	}
	runs, _ := lr.runs(st)
	for _, in := range runs {
		if why := lr.observeOne(in); why != "" {
			return why
		}
	}
	return ""
}

// observeOne is observe for a statement the server runs as it is.
func (lr *laterReaders) observeOne(st *split.Statement) string {
	lr.observePrepare(st)
	what := bodyKind(st)
	if what == "" {
		if st.Kind == split.KindRoutine && strings.HasPrefix(st.Verb, "DROP") && lr.calls {
			lr.observeDrop(st) // a dropped procedure may set anything; a dropped caller calls none
			lr.settle()
		}
		return ""
	}
	why := LaterCountsReader(st)
	if why == "" && what != "procedure" {
		why = bodySessionSet(st) // a trigger's or function's SET of a session variable
	}
	if what == "table" {
		return why // a SELECT or a column default: read when it runs, here or per row
	}
	b := createdBody{names: []string{strings.ToLower(st.Table)}, words: map[string]bool{}, what: what, name: st.Table, own: why}
	if what == "trigger" || what == "function" {
		b.calls = bodyCalls(st)
		lr.calls = lr.calls || len(b.calls) > 0
	}
	if what == "trigger" {
		b.packageCall = threePartCall(st)
		if _, table, ok := sqlscan.TriggerTable(st.SQL, st.Syntax()); ok {
			b.names = append(b.names, strings.ToLower(table))
		}
	}
	l := st.Tokens()
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.IsName() {
			b.words[strings.ToLower(t.Text)] = true
		}
	}
	if why == "" && what == "trigger" {
		why = lr.packageWhy(b, lr.packageRoutines()) // a trigger that calls a package's routine (packagereach.go)
		b.own = why
	}
	if what == "trigger" || what == "function" {
		lr.wordCalls(&b) // sql_mode=ORACLE runs a procedure by its name alone (latercalls.go)
	}
	lr.bodies = append(lr.bodies, b)
	if what == "package" {
		lr.notePackage(st)
	}
	if what == "procedure" {
		lr.observeProcedure(st)
		lr.namedBy(strings.ToLower(st.Table))
	}
	if (what == "function" || what == "procedure" || what == "view") && len(lr.packages) > 0 {
		lr.repackage() // a trigger read before may reach a package through it
	}
	if lr.calls {
		lr.settle()
		return ""
	}
	if why != "" {
		lr.add(b, why)
	}
	for changed := why != "" || lr.touches(b) != ""; changed; {
		changed = false
		for _, o := range lr.bodies {
			if via := lr.touches(o); via != "" && lr.add(o, via) {
				changed = true
			}
		}
	}
	return ""
}

// touches returns why b may run such code (it names a name that reaches it), or "".
func (lr *laterReaders) touches(b createdBody) string {
	for w := range b.words {
		if why, ok := lr.names[w]; ok {
			return why
		}
	}
	return ""
}

// add makes b's names reach what why says; it reports whether one was new.
func (lr *laterReaders) add(b createdBody, why string) bool {
	if lr.names == nil {
		lr.names = map[string]string{}
	}
	added := false
	for _, n := range b.names {
		if _, ok := lr.names[n]; !ok && n != "" {
			lr.names[n] = why
			added = true
		}
	}
	return added
}

// reaches returns why st may run code that reads ROW_COUNT() or FOUND_ROWS() (it names
// such an object, or one through which it runs), or "". Dropping, locking or creating a
// trigger, routine or view runs none (a CREATE TABLE … SELECT from such a view does). A
// plain row insert (plain: literals only) names nothing but its table.
func (lr *laterReaders) reaches(st *split.Statement, plain bool) string {
	if why := lr.reachesOne(st, plain); why != "" || len(lr.names) == 0 || st.Kind != split.KindOther {
		return why
	}
	return lr.reachesWrapped(st)
}

// reachesOne is reaches for st as it is, not what it wraps.
func (lr *laterReaders) reachesOne(st *split.Statement, plain bool) string {
	if k := bodyKind(st); len(lr.names) == 0 || st.Kind == split.KindLock || st.Kind == split.KindClient ||
		strings.HasPrefix(st.Verb, "DROP") || (k != "" && k != "table") {
		return ""
	}
	if plain {
		if why, ok := lr.names[strings.ToLower(st.Table)]; ok {
			return runsLater(st.Table, why)
		}
		return ""
	}
	l := st.Tokens()
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if !t.IsName() {
			continue
		}
		if why, ok := lr.names[strings.ToLower(t.Text)]; ok {
			return runsLater(t.Text, why)
		}
	}
	return ""
}

// runsLater says why a statement that names name is refused: it may run the code why
// names.
func runsLater(name, why string) string {
	return "it names " + name + " and so may run code read later (" + why + ")"
}

// inTransactionVar reports whether a variable token is @@in_transaction (any scope).
func inTransactionVar(v string) bool {
	v = strings.ToLower(v)
	for _, p := range []string{"@@session.", "@@local.", "@@global.", "@@"} {
		if strings.HasPrefix(v, p) {
			return v[len(p):] == "in_transaction"
		}
	}
	return false
}
