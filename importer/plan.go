package importer

import (
	"bytes"
	"fmt"
	"strings"
)

// The planner decides, statement by statement, where a statement may run in a parallel
// replay. It is a whitelist: a statement leaves stream order only when it is recognised
// completely as a plain row insert (planRows.go parses it); every other statement runs in
// stream order with the session state the client would have. Constructs whose meaning
// depends on one connection's state switch the rest of the run to one connection
// (the control connection, which has run every session statement in order), and
// transactions that hold rows are run there too, so that a ROLLBACK undoes what the
// client's would. The planner talks to no server: what it needs to know of a table comes
// through Catalog, which tests fake.

// PlanKind says how a statement runs.
type PlanKind uint8

const (
	// PlanRows: a plain row insert into Tables[0]; it may join a batch on a worker.
	PlanRows PlanKind = iota
	// PlanBarrier: runs on the control connection once what is in flight on Tables (on
	// every table when Global) has committed.
	PlanBarrier
	// PlanSession: session state; runs on the control connection at once and on every
	// worker before its next batch.
	PlanSession
	// PlanControl: runs on the control connection only, at once, waiting for nothing
	// (COMMIT, ROLLBACK, START TRANSACTION of a transaction that holds no rows there).
	PlanControl
	// PlanSkip: not sent (LOCK TABLES / UNLOCK TABLES while the run is parallel: a table
	// lock held by one connection would block the others).
	PlanSkip
	// PlanSerial: runs on the control connection in stream order after everything in
	// flight, as the client would run it (Reason says why, when this statement is the one
	// that made the run serial).
	PlanSerial
	// PlanRefuse: the statement cannot be given the client's result any more (Reason).
	PlanRefuse
)

var planKindNames = [...]string{"rows", "barrier", "session", "control", "skip", "serial", "refuse"}

func (k PlanKind) String() string {
	if int(k) < len(planKindNames) {
		return planKindNames[k]
	}
	return "unknown"
}

// Plan is the planner's decision for one statement.
type Plan struct {
	Kind PlanKind
	// Tables are the tables (db.table) the statement writes or reads, when known.
	Tables []string
	// Global: the statement may touch any table (its scope is everything).
	Global bool
	// Reason: for the statement that switches the run to serial, or a refusal, why.
	Reason string
	// InRegion: the statement runs inside a transaction (or an autocommit=0 region) that
	// the server holds open on the control connection: progress rows must not commit it.
	InRegion bool
	// EndsRegion: the statement ends the open region (COMMIT, ROLLBACK, or an implicit
	// commit); Rollback when it undoes it.
	EndsRegion, Rollback bool
	// Relock: LOCK TABLES to send on the control connection before this statement (the
	// run turned serial while the dump holds table locks that were not sent).
	Relock string
	// IDs: a row insert that leaves AUTO_INCREMENT ids to the server (run on the control
	// connection in its table's order, so LAST_INSERT_ID() is the client's there).
	IDs bool
	// Ordered: REPLACE, INSERT IGNORE: rows whose result depends on which came first.
	Ordered bool
	// OpenAfter: a transaction or table locks are still held after the statement; Locked:
	// table locks are.
	OpenAfter, Locked bool
	// Volatile: what the statement does lives only in the connection (a temporary table,
	// a SELECT … INTO @v): it gets no progress row and runs again on --resume.
	Volatile bool
}

// TableFacts is what the planner needs to know of a table.
type TableFacts struct {
	// AutoIncrement is the AUTO_INCREMENT column ("" if none) and AutoIncrementAt its
	// 0-based position among the table's columns.
	AutoIncrement   string
	AutoIncrementAt int
}

// Catalog answers questions about tables (information_schema in a replay, a map in
// tests). key is db.table.
type Catalog interface {
	Table(key string) (TableFacts, error)
}

// planMode is where the run stands: parallel, serial until the open transaction ends, or
// serial to the end.
type planMode uint8

const (
	modeParallel planMode = iota
	modeRegion
	modeSerial
)

// Planner holds what plans depend on besides the statement: the transaction state of the
// client's connection, table locks, and whether the run has turned serial.
type Planner struct {
	mode       planMode
	autocommit bool
	txn        bool // START TRANSACTION / BEGIN open
	regionData bool // a statement that changes data ran in the open region
	parallelIn bool // rows of the open region went to workers (committed there)
	lock       string
	locked     []string        // tables LOCK TABLES holds (db.table)
	trusted    bool            // the dump names a producer that writes no ROLLBACK (mysqldump, phpMyAdmin)
	temporary  map[string]bool // temporary tables created (db.table)
	seen       int             // statements planned
	// Syntax is how strings are quoted and escaped in the stream (the splitter's state).
	Syntax scanSyntax
}

// NewPlanner returns a planner for a connection in autocommit mode.
func NewPlanner() *Planner { return &Planner{autocommit: true} }

// Serial reports whether the run has turned serial to the end.
func (p *Planner) Serial() bool { return p.mode == modeSerial }

// HoldsRows reports whether the dump's open transaction holds changes on the control
// connection (it ran serially): the client's connection would roll them back if the dump
// ended here.
func (p *Planner) HoldsRows() bool {
	return p.region() && p.regionData && p.mode != modeParallel
}

// region reports whether the client's connection holds a transaction open.
func (p *Planner) region() bool { return p.txn || !p.autocommit }

// open reports whether a progress row may not be committed on the control connection now:
// a transaction is open, or (serial runs send LOCK TABLES) tables are locked.
func (p *Planner) open() bool { return p.region() || len(p.locked) > 0 }

// producers are the dump headers whose tools never write ROLLBACK or SAVEPOINT: rows of
// their autocommit=0 regions (mysqldump --no-autocommit) and of a START TRANSACTION at the
// top (phpMyAdmin) keep parallel speed.
var producers = []string{"-- MySQL dump ", "-- MariaDB dump ", "-- phpMyAdmin SQL Dump"}

// Next plans st. db is the database unqualified names belong to (the control
// connection's, after the statements before st).
func (p *Planner) Next(st *Statement, db string, cat Catalog) (Plan, error) {
	if p.seen < 3 {
		head := st.Raw
		if len(head) > 1024 {
			head = head[:1024]
		}
		for _, h := range producers {
			if bytes.Contains(head, []byte(h)) {
				p.trusted = true
			}
		}
	}
	p.seen++
	pl, err := p.plan(st, db, cat)
	if err != nil {
		return pl, err
	}
	if pl.Kind == PlanRefuse {
		return pl, nil
	}
	p.track(st, db, &pl)
	pl.OpenAfter, pl.Locked = p.open(), len(p.locked) > 0
	pl.Volatile = p.volatile(st, db)
	return pl, nil
}

// volatile reports whether st's effect lives only in the connection: it creates, drops or
// writes a temporary table, or only sets user variables (SELECT … INTO @v, DO, SET).
func (p *Planner) volatile(st *Statement, db string) bool {
	if st.Kind == KindSession {
		return true
	}
	key := tableKeyOf(st, db)
	if st.Verb == "CREATE TABLE" || st.Verb == "DROP TABLE" {
		for _, x := range ddlWords(st.SQL, 4) {
			if strings.EqualFold(x, "TEMPORARY") {
				if p.temporary == nil {
					p.temporary = map[string]bool{}
				}
				p.temporary[key] = st.Verb == "CREATE TABLE"
				return true
			}
		}
	}
	if st.Table != "" && p.temporary[key] {
		return true
	}
	w := strings.ToUpper(firstWord(st.SQL))
	return (w == "SELECT" || w == "DO" || w == "VALUES") && exprState(st.SQL) != ""
}

// plan is Next without the transaction bookkeeping that follows the decision.
func (p *Planner) plan(st *Statement, db string, cat Catalog) (Plan, error) {
	if st.Kind == KindClient || len(st.SQL) == 0 {
		return Plan{Kind: PlanSession}, nil
	}
	var ri rowInsert
	plain := false
	if st.Kind == KindInsert {
		ri, plain = parseRowInsert(st.SQL, p.Syntax)
	}
	if !plain {
		if why := connectionState(st); why != "" {
			return p.toSerial(st, why), nil
		}
	}
	if isRollback(st) && p.parallelIn {
		return Plan{Kind: PlanRefuse, Reason: "ROLLBACK of a transaction whose rows were already committed on other connections (the dump names mysqldump or phpMyAdmin as its producer, which write none, so its rows ran in parallel); import it without --parallel"}, nil
	}
	if p.mode == modeSerial {
		return Plan{Kind: PlanSerial, InRegion: p.open()}, nil
	}
	switch st.Kind {
	case KindSession:
		return Plan{Kind: PlanSession}, nil
	case KindLock:
		return Plan{Kind: PlanSkip}, nil
	case KindTxn:
		if p.mode == modeRegion {
			return Plan{Kind: PlanSerial, InRegion: p.region()}, nil
		}
		return Plan{Kind: PlanControl}, nil
	}
	key := tableKeyOf(st, db)
	if plain {
		if len(p.locked) > 0 && !containsKey(p.locked, key) {
			return p.toSerial(st, "LOCK TABLES ("+p.lockHead()+") is held over a statement that is not its tables' rows"), nil
		}
		pl := Plan{Kind: PlanRows, Tables: []string{key}, Ordered: ri.replace || ri.ignore}
		f, err := cat.Table(key)
		if err != nil {
			return pl, err
		}
		if pl.IDs = ri.generatesIDs(f); pl.IDs {
			pl.Kind = PlanBarrier // on the control connection, after its table's rows in flight
		}
		if p.region() && !(p.trusted && pl.Kind == PlanRows) {
			return p.toRegion(pl), nil
		}
		return pl, nil
	}
	keys, global := barrierScope(st, db)
	if len(p.locked) > 0 && !keysToggle(st, p.locked, db) {
		return p.toSerial(st, "LOCK TABLES ("+p.lockHead()+") is held over a statement that is not its tables' rows"), nil
	}
	pl := Plan{Kind: PlanBarrier, Tables: keys, Global: global}
	if p.region() && !commitsImplicitly(st) {
		return p.toRegion(pl), nil
	}
	return pl, nil
}

// toSerial switches the run to serial from st on, with the reason printed once.
func (p *Planner) toSerial(st *Statement, why string) Plan {
	pl := Plan{Kind: PlanSerial, InRegion: p.open()}
	if p.mode != modeSerial {
		pl.Reason = fmt.Sprintf("offset %d, line %d: %s: the rest of the dump runs on one connection", st.Offset, st.Line, why)
		pl.Relock = p.lock
		p.mode = modeSerial
	}
	return pl
}

// toRegion makes the open transaction run serially from its first statement that changes
// data, so that its COMMIT or ROLLBACK acts on what the client's would.
func (p *Planner) toRegion(pl Plan) Plan {
	p.mode = modeRegion
	return Plan{Kind: PlanSerial, InRegion: true, Tables: pl.Tables, Global: pl.Global}
}

func (p *Planner) lockHead() string { return strings.Join(p.locked, ", ") }

// track follows the client connection's transaction and lock state after st.
func (p *Planner) track(st *Statement, db string, pl *Plan) {
	wasRegion := p.region()
	ends := false
	switch {
	case st.Kind == KindClient || len(st.SQL) == 0:
		return
	case st.Kind == KindTxn:
		switch {
		case isRollback(st):
			ends = true
			pl.Rollback = true
		case strings.HasPrefix(st.Verb, "COMMIT"):
			ends = true
		default: // START TRANSACTION, BEGIN: commits what was open, opens a new one
			ends = wasRegion
			p.endRegion()
			p.txn = true
			pl.EndsRegion = ends
			return
		}
		chain := bytes.Contains(bytes.ToUpper(st.SQL), []byte("CHAIN")) && !bytes.Contains(bytes.ToUpper(st.SQL), []byte("NO CHAIN"))
		p.endRegion()
		p.txn = chain
	case st.Kind == KindSession:
		if on, set := setsAutocommit(st.SQL); set {
			if on && !p.autocommit {
				ends = true
				p.endRegion()
			}
			p.autocommit = on
		}
	case st.Kind == KindLock:
		if st.Verb == "LOCK TABLES" {
			ends = wasRegion
			p.endRegion()
			p.lock, p.locked = string(st.SQL), lockedTables(st.SQL, db)
		} else if len(p.locked) > 0 {
			ends = wasRegion
			p.endRegion()
			p.lock, p.locked = "", nil
		}
	case commitsImplicitly(st):
		ends = wasRegion
		p.endRegion()
	default:
		if wasRegion {
			p.regionData = true
			if pl.Kind == PlanRows {
				p.parallelIn = true
			}
		}
	}
	pl.EndsRegion = ends && wasRegion
}

// endRegion closes the open transaction: the run is parallel again unless it turned serial
// for good.
func (p *Planner) endRegion() {
	p.txn, p.regionData, p.parallelIn = false, false, false
	if p.mode == modeRegion {
		p.mode = modeParallel
	}
}

func isRollback(st *Statement) bool {
	return st.Kind == KindTxn && strings.HasPrefix(st.Verb, "ROLLBACK")
}

// implicitCommitVerbs are statements other than DDL that commit the open transaction
// (the server's "Statements That Cause an Implicit Commit").
var implicitCommitVerbs = map[string]bool{
	"GRANT": true, "REVOKE": true, "ANALYZE": true, "OPTIMIZE": true, "REPAIR": true,
	"FLUSH": true, "RESET": true, "INSTALL": true, "UNINSTALL": true, "CACHE": true, "LOAD": false,
}

// commitsImplicitly reports whether st commits the transaction open before it: DDL
// (except on temporary tables, which switch the run to serial anyway) and account or
// table-maintenance statements.
func commitsImplicitly(st *Statement) bool {
	switch st.Kind {
	case KindDDL, KindRoutine:
		return true
	}
	w := strings.ToUpper(firstWord(st.SQL))
	if implicitCommitVerbs[w] {
		return true
	}
	if w == "CREATE" || w == "DROP" || w == "ALTER" || w == "RENAME" {
		return true // CREATE USER, DROP ROLE, ALTER SERVER, …
	}
	return false
}

func firstWord(q []byte) string {
	l := lexer{b: q}
	if t := l.next(); t.kind == tWord {
		return t.text
	}
	return ""
}

// keysToggle reports whether st is allowed while LOCK TABLES is held in a parallel run:
// mysqldump's ALTER TABLE t DISABLE/ENABLE KEYS of a locked table.
func keysToggle(st *Statement, locked []string, db string) bool {
	if st.Verb != "ALTER TABLE" || !containsKey(locked, tableKeyOf(st, db)) {
		return false
	}
	w := ddlWords(st.SQL, 6)
	return len(w) == 5 && strings.EqualFold(w[4], "KEYS")
}

func containsKey(keys []string, k string) bool {
	for _, x := range keys {
		if strings.EqualFold(x, k) {
			return true
		}
	}
	return false
}

// tableKeyOf names st's table db.table, db being the current one when st does not
// qualify it.
func tableKeyOf(st *Statement, db string) string {
	if st.Database != "" {
		db = st.Database
	}
	return db + "." + st.Table
}

// lockedTables returns the tables LOCK TABLES names (db.table).
func lockedTables(q []byte, db string) []string {
	l := lexer{b: q}
	l.next() // LOCK
	if t := l.next(); !(t.is("TABLES") || t.is("TABLE")) {
		return nil
	}
	var keys []string
	expect := true
	for t := l.next(); t.kind != tEOF; t = l.next() {
		switch {
		case t.kind == tPunct && t.text == ",":
			expect = true
		case expect && t.isName():
			d, name := l.name(t)
			if d == "" {
				d = db
			}
			keys = append(keys, d+"."+name)
			expect = false
		}
	}
	return keys
}

// setsAutocommit reports whether a SET statement assigns autocommit, and the value.
func setsAutocommit(q []byte) (on, set bool) {
	for _, a := range parseSet(q) {
		if a.name == "autocommit" {
			v := strings.ToUpper(a.value)
			on, set = !(v == "0" || v == "OFF" || v == "FALSE"), true
		}
	}
	return on, set
}

// setAssign is one `name = value` of a SET statement: name lower-cased without @@ and
// scope (user variables keep their single @).
type setAssign struct {
	name, value string
	constant    bool // the value reads nothing that differs between connections or over time
}

// parseSet reads the assignments of SET a = x, @b := y, SESSION c = z, @@session.d = w.
// NAMES, CHARACTER SET, PASSWORD, ROLE, TRANSACTION and STATEMENT forms return none.
func parseSet(q []byte) []setAssign {
	l := lexer{b: q}
	if !l.next().is("SET") {
		return nil
	}
	var out []setAssign
	for {
		t := l.next()
		for t.is("SESSION") || t.is("LOCAL") || t.is("GLOBAL") || t.is("PERSIST") {
			t = l.next()
		}
		var name string
		switch t.kind {
		case tVar:
			name = t.text
			if strings.HasPrefix(name, "@@") {
				name = strings.TrimPrefix(name, "@@")
				for _, s := range []string{"session.", "local.", "global."} {
					name = strings.TrimPrefix(name, s)
				}
			}
		case tWord, tQuoted:
			name = strings.ToLower(t.text)
			if name == "names" || name == "character" || name == "charset" || name == "password" ||
				name == "role" || name == "transaction" || name == "statement" || name == "default" {
				return out
			}
		default:
			return out
		}
		if eq := l.next(); eq.kind != tPunct || eq.text != "=" {
			return out
		}
		a := setAssign{name: name, constant: true}
		depth := 0
		var value []string
		for {
			save := l.i
			v := l.next()
			if v.kind == tEOF || (depth == 0 && v.kind == tPunct && v.text == ",") {
				if v.kind == tEOF {
					l.i = save
				}
				break
			}
			switch {
			case v.kind == tPunct && v.text == "(":
				depth++
			case v.kind == tPunct && v.text == ")":
				depth--
			case v.kind == tWord && !pureWord(v.text, &l):
				a.constant = false
			}
			value = append(value, v.text)
		}
		a.value = strings.Join(value, " ")
		out = append(out, a)
		if l.i >= len(l.b) {
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
}

// pureWord reports whether a word in an expression reads nothing connection- or
// time-dependent: not a subquery, not a function outside pureFunctions.
func pureWord(w string, l *lexer) bool {
	u := strings.ToUpper(w)
	switch u {
	case "SELECT", "TABLE", "VALUES", "WITH":
		return false
	}
	save := l.i
	n := l.next()
	l.i = save
	if n.kind == tPunct && n.text == "(" {
		return pureFunctions[u]
	}
	return true
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
	"PREPARE":    "a prepared statement lives in one connection",
	"EXECUTE":    "a prepared statement lives in one connection",
	"DEALLOCATE": "a prepared statement lives in one connection",
	"HANDLER":    "a HANDLER lives in one connection",
	"CALL":       "a procedure may set user variables or temporary tables of its connection",
}

// connectionState returns why st depends on (or changes) the state of one connection, or
// "" when it does not: user variables assigned from what differs between connections or
// read later, temporary tables, savepoints, XA, SET STATEMENT … FOR, GET_LOCK.
func connectionState(st *Statement) string {
	w := strings.ToUpper(firstWord(st.SQL))
	if why, ok := serialVerbs[w]; ok {
		return why
	}
	switch {
	case w == "ROLLBACK" && bytes.Contains(bytes.ToUpper(st.SQL), []byte(" TO ")):
		return "ROLLBACK TO SAVEPOINT lives in one connection's transaction"
	case (w == "CREATE" || w == "DROP") && st.Verb != "CREATE TABLE" && st.Verb != "DROP TABLE":
	case w == "CREATE" || w == "DROP":
		for _, x := range ddlWords(st.SQL, 4) {
			if strings.EqualFold(x, "TEMPORARY") {
				return "a temporary table exists only on the connection that created it"
			}
		}
	case w == "SET":
		return setState(st.SQL)
	}
	if st.Kind == KindRoutine {
		// A trigger or routine body runs later, on the connection that fires or calls
		// it: CALL runs serially, a trigger's tables keep stream order.
		return ""
	}
	return exprState(st.SQL)
}

// setState returns why a SET statement depends on its connection, or "".
func setState(q []byte) string {
	l := lexer{b: q}
	l.next()
	t := l.next()
	switch {
	case t.is("STATEMENT"):
		return "SET STATEMENT … FOR changes one statement's session on one connection"
	case t.is("TRANSACTION"):
		return "SET TRANSACTION applies to the next transaction of one connection"
	}
	for _, a := range parseSet(q) {
		if !a.constant {
			return fmt.Sprintf("SET %s = %s reads what differs between connections or over time", a.name, clip(a.value, 40))
		}
	}
	return exprState(q)
}

// exprState scans a statement's tokens for user-variable assignments outside SET
// (`SELECT … INTO @v`, `@v := …`) and calls of connStateFunctions.
func exprState(q []byte) string {
	l := lexer{b: q}
	prevInto := false
	for t := l.next(); t.kind != tEOF; t = l.next() {
		switch {
		case t.kind == tVar && !strings.HasPrefix(t.text, "@@"):
			if prevInto {
				return "SELECT … INTO " + t.text + " sets a user variable on one connection"
			}
			rest := bytes.TrimLeft(l.b[l.i:], " \t\r\n")
			if bytes.HasPrefix(rest, []byte(":=")) {
				return t.text + " := … sets a user variable on one connection"
			}
		case t.kind == tWord && connStateFunctions[strings.ToUpper(t.text)]:
			save := l.i
			n := l.next()
			l.i = save
			if n.kind == tPunct && n.text == "(" {
				return strings.ToUpper(t.text) + "() reads the state of one connection"
			}
		}
		prevInto = t.is("INTO") || (prevInto && t.kind == tPunct && t.text == ",")
	}
	return ""
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// barrierScope says which tables a statement that is not a plain row insert must wait
// for: keys, or every table when global. db is the current database.
func barrierScope(st *Statement, db string) (keys []string, global bool) {
	switch st.Kind {
	case KindSession, KindClient:
		return nil, false
	case KindDDL, KindRoutine:
	default:
		return nil, true
	}
	if st.Table == "" || strings.HasSuffix(st.Verb, "DATABASE") {
		return nil, true
	}
	if st.Database != "" {
		db = st.Database
	}
	head := st.SQL
	if len(head) > 64<<10 {
		return nil, true
	}
	upper := bytes.ToUpper(head)
	reads := bytes.Contains(upper, []byte("SELECT"))
	if strings.Contains(st.Verb, "VIEW") {
		// A view reads the tables it names (TABLE t has no SELECT), except mysqldump's
		// stand-ins, which name none and come where the view sorts among the tables.
		reads = !strings.HasPrefix(st.Verb, "DROP") && !readsNoTable(head)
	}
	if reads {
		return nil, true
	}
	many, ok := namedTables(st, db)
	if !ok {
		return nil, true
	}
	keys = many
	if bytes.Contains(upper, []byte("REFERENCES")) {
		// A foreign key constrains its parent tables: with foreign_key_checks on, adding
		// one reads their rows, so they are in scope too.
		parents, ok := referencedTables(st.SQL)
		if !ok {
			return nil, true
		}
		for _, t := range parents {
			if t[0] == "" {
				t[0] = db
			}
			keys = append(keys, t[0]+"."+t[1])
		}
	}
	if strings.Contains(st.Verb, "TRIGGER") {
		tables, known := triggerTables(st.SQL, db)
		if !known {
			return nil, true // it calls a routine, which may touch any table
		}
		keys = append(keys, tables...)
	}
	return keys, false
}

// namedTables returns every table a DDL statement names as its object: all of
// `DROP TABLE a, b`, `RENAME TABLE a TO b, c TO d`, `TRUNCATE a`, the new name of
// `ALTER TABLE a RENAME [TO] b` and the source of `CREATE TABLE b LIKE a`. ok is false
// when a name cannot be read.
func namedTables(st *Statement, db string) (keys []string, ok bool) {
	qualify := func(d, t string) string {
		if d == "" {
			d = db
		}
		return d + "." + t
	}
	first := qualify(st.Database, st.Table)
	if st.Database == "" {
		first = db + "." + st.Table
	}
	keys = []string{first}
	switch st.Verb {
	case "DROP TABLE", "DROP VIEW", "RENAME TABLE", "TRUNCATE TABLE", "TRUNCATE":
	case "ALTER TABLE", "CREATE TABLE":
		l := lexer{b: st.SQL}
		depth := 0
		for t := l.next(); t.kind != tEOF; t = l.next() {
			switch {
			case t.kind == tPunct && t.text == "(":
				depth++
			case t.kind == tPunct && t.text == ")":
				depth--
			case depth == 0 && (t.is("LIKE") || (st.Verb == "ALTER TABLE" && (t.is("RENAME") || t.is("TO") || t.is("AS")))):
				n := l.next()
				if n.is("TO") || n.is("AS") || n.is("TABLE") {
					n = l.next()
				}
				if n.is("COLUMN") || n.is("INDEX") || n.is("KEY") {
					continue
				}
				if d, name := l.name(n); name != "" {
					keys = append(keys, qualify(d, name))
				}
			}
		}
		return keys, true
	default:
		return keys, true
	}
	// A list of names after the verb (and IF EXISTS), separated by commas or TO.
	l := lexer{b: st.SQL}
	l.next()
	t := l.next()
	if t.is("TEMPORARY") {
		t = l.next()
	}
	if t.is("TABLE") || t.is("TABLES") || t.is("VIEW") {
		t = l.next()
	}
	for t.is("IF") || t.is("EXISTS") {
		t = l.next()
	}
	if t.kind == tPunct && t.text == "/" { // a trailing executable comment marker was skipped
		t = l.next()
	}
	keys = keys[:0]
	for t.kind != tEOF {
		if t.is("WAIT") || t.is("NOWAIT") || t.is("RESTRICT") || t.is("CASCADE") {
			break
		}
		if !t.isName() {
			return nil, false
		}
		d, name := l.name(t)
		keys = append(keys, qualify(d, name))
		t = l.next()
		if t.is("TO") || (t.kind == tPunct && t.text == ",") {
			t = l.next()
			continue
		}
		if t.kind == tPunct && t.text == "*" { // end of /*!…*/
			t = l.next()
		}
		if t.kind == tPunct && t.text == "/" {
			t = l.next()
		}
	}
	return keys, len(keys) > 0
}
