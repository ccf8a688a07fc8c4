package preflight

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/termsafe"
)

// The system-schema guard (SystemCheck) inside compound statements and dynamic SQL.
//
// A statement that changes accounts or a system schema need not stand at the top level of
// a dump: `CREATE PROCEDURE p() BEGIN CREATE USER …; GRANT ALL …; END` followed by
// `CALL p()` makes a superuser, and so does a trigger, an event, a `BEGIN NOT ATOMIC …
// END` block (or IF, CASE, LOOP, WHILE at the top level, which MariaDB runs as compound
// statements), `PREPARE s FROM '…'` and `EXECUTE IMMEDIATE '…'`. bodyFinding reads such
// a statement token by token, with the quoting it was split under, and finds, wherever it
// stands in the body:
//   - account statements: GRANT, REVOKE, CREATE/DROP/ALTER/RENAME USER or ROLE, SET
//     PASSWORD, SET DEFAULT ROLE; and INSTALL/UNINSTALL PLUGIN|SONAME, CREATE/ALTER/DROP
//     SERVER (mysql.plugin, mysql.servers);
//   - writes whose target is in a system schema: INSERT/REPLACE INTO, UPDATE, DELETE,
//     LOAD DATA, TRUNCATE, CREATE/ALTER/DROP/RENAME of a table, view, index, trigger,
//     routine, event or the schema itself. An unqualified name belongs to the routine's
//     own database (the current one for a block or dynamic SQL). Reading a system table
//     (SELECT … FROM mysql.user, INSERT INTO log SELECT … FROM mysql.user) is not a write.
//   - dynamic SQL: a string literal (adjacent literals are one, as the server joins them)
//     is read as a statement of its own; anything else — a variable, CONCAT(…), a hex
//     literal — is a finding in itself: the guard cannot know what it will run, so it
//     refuses it without --allow-system-schemas rather than let it through.
//
// Only the first finding of a statement is named: one is enough to refuse it.

// bodyReader is what bodyFinding looks for: one reader, two questions. The system check
// (accounts set) asks about account statements and any object in a system schema; the
// overwrite check (Preflight.bodyOverwrite) about the tables and databases the target
// held. Dynamic SQL that is no literal is a finding for both.
type bodyReader struct {
	// accounts: account and server-wide statements (GRANT, CREATE USER, INSTALL PLUGIN,
	// …) and routines, events and packages named by CREATE/DROP/ALTER are findings.
	accounts bool
	// hit reports whether writing into table t of database d ("" t: the database itself)
	// is a finding; rows: the write changes only rows (INSERT, UPDATE, DELETE, LOAD DATA,
	// TRUNCATE). d is never "": an unqualified name is given its database.
	hit func(d, t string, rows bool) bool
	// call reports what the target's routine of kind ("PROCEDURE", "FUNCTION") d.name
	// runs that is a finding (calls.go), "" nothing; nil: calls are not followed (the
	// system check).
	call func(kind, d, name string) string
	// object reports whether verb ("CREATE OR REPLACE", "DROP", "ALTER") of the routine,
	// event or trigger of kind d.name overwrites one the target held: the top level's
	// question (Preflight.objectOverwrite), asked of the statements inside code too; nil:
	// not asked (the system check, which finds any object in a system schema).
	object func(verb, kind, d, name string) bool
	// made is told of each CREATE TABLE or VIEW statement q the body runs (db: the
	// database of its unqualified names), for the overwrite check to follow what code
	// makes as it follows the top level's (madeInCode); nil: not told.
	made func(q []byte, syn sqlscan.Syntax, db string)
}

// systemReader is the system check's question: anything in a system schema, accounts.
var systemReader = &bodyReader{accounts: true, hit: func(d, _ string, _ bool) bool { return systemSchemas[strings.ToLower(d)] }}

// bodyFinding is what a compound statement or dynamic SQL would run that rd looks for (in
// a system schema or on the accounts, for the system check), as "CREATE USER x@'%'" or
// "EXECUTE IMMEDIATE: DROP USER app"; "" when nothing. db is the database its unqualified
// names belong to.
func bodyFinding(rd *bodyReader, q []byte, syn sqlscan.Syntax, db string) string {
	l := sqlscan.New(q, syn)
	var before sqlscan.Token
	for {
		l.Skip()
		start := l.Pos
		prev := before
		t := l.Next()
		before = t
		if t.Kind == sqlscan.EOF {
			return ""
		}
		if rd.call != nil && callable(prev, t) {
			if f := functionCall(rd, &l, t, db); f != "" {
				return f
			}
		}
		if !rd.accounts {
			// A sequence the target held, moved by NEXTVAL/SETVAL anywhere in the body
			// (DO, SET, SELECT, a trigger's SET NEW.id = NEXTVAL(s)).
			save := l.Pos
			if action, d, name := sequenceCall(&l, t); name != "" {
				if d == "" {
					d = db
				}
				if rd.hit(d, name, false) {
					return action + " of " + sqlscan.QuoteIdent(d) + "." + sqlscan.QuoteIdent(name)
				}
				l.Pos = save
			}
		}
		if t.Kind != sqlscan.Word {
			continue
		}
		after := l.Pos
		verb := strings.ToUpper(t.Text)
		if f := innerFinding(rd, &l, q, start, verb, syn, db); f != "" {
			return f
		}
		l.Pos = after // what the verb is followed by is scanned too
		if (verb == "CREATE" || verb == "ALTER") && tableStatement(&l) {
			// Its clauses hold words that read as statements (ALTER TABLE t DROP user,
			// ON DELETE CASCADE) and nothing in it runs another statement; CREATE TABLE …
			// SELECT f() calls functions.
			end := innerEnd(q, start, syn)
			if rd.call != nil {
				if f := callsFinding(rd, q[:end], syn, db, after); f != "" {
					return f
				}
			}
			l.Pos = end
		}
		l.Pos = max(l.Pos, after)
	}
}

// callable reports whether t, after prev, may name a function called there: not the name
// a CREATE FUNCTION or PROCEDURE makes, a CALL's procedure, or the part of a dotted name
// after its dot.
func callable(prev, t sqlscan.Token) bool {
	return t.IsName() && !prev.Is("FUNCTION") && !prev.Is("PROCEDURE") && !prev.Is("CALL") && !(prev.Kind == sqlscan.Punct && prev.Text == ".")
}

// callsFinding is the first call in q[from:] of the target's routines that rd.call reports
// (CALL p, a function name followed by a parenthesis), "" when none: for what the body
// reader skips (a CREATE TABLE's clauses) and for statements that are no code
// (Preflight.callFinding).
func callsFinding(rd *bodyReader, q []byte, syn sqlscan.Syntax, db string, from int) string {
	l := sqlscan.New(q, syn)
	l.Pos = from
	var prev sqlscan.Token
	for t := l.Next(); t.Kind != sqlscan.EOF; prev, t = t, l.Next() {
		if t.Is("CALL") {
			save := l.Pos
			if n := l.Next(); n.IsName() {
				d, name := l.Name(n)
				if d == "" {
					d = db
				}
				if f := rd.call("PROCEDURE", d, name); f != "" {
					return f
				}
			}
			l.Pos = save
			continue
		}
		if callable(prev, t) {
			if f := functionCall(rd, &l, t, db); f != "" {
				return f
			}
		}
	}
	return ""
}

// functionCall is the finding of a call of the target's function named by t (qualified
// or not, followed by a parenthesis), "" when t names none; the lexer stays where it was.
func functionCall(rd *bodyReader, l *sqlscan.Tokenizer, t sqlscan.Token, db string) string {
	save := l.Pos
	defer func() { l.Pos = save }()
	d, name := l.Name(t)
	if n := l.Next(); n.Kind != sqlscan.Punct || n.Text != "(" {
		return ""
	}
	if d == "" {
		d = db
	}
	return rd.call("FUNCTION", d, name)
}

// tableStatement reports whether the CREATE or ALTER the lexer is just past is of a table
// (CREATE [OR REPLACE] [TEMPORARY] TABLE, ALTER [ONLINE] [IGNORE] TABLE). It leaves the
// lexer where it was.
func tableStatement(l *sqlscan.Tokenizer) bool {
	save := l.Pos
	defer func() { l.Pos = save }()
	t := l.Next()
	for t.Is("OR") || t.Is("REPLACE") || t.Is("TEMPORARY") || t.Is("ONLINE") || t.Is("IGNORE") {
		t = l.Next()
	}
	return t.Is("TABLE")
}

// innerFinding checks the statement that starts with verb at q[start:], the lexer being
// just past the verb.
func innerFinding(rd *bodyReader, l *sqlscan.Tokenizer, q []byte, start int, verb string, syn sqlscan.Syntax, db string) string {
	hit := func(d, t string, rows bool) bool {
		if d == "" {
			d = db
		}
		return rd.hit(d, t, rows)
	}
	found := func() string { return innerHead(q, start, syn) }
	switch verb {
	case "GRANT", "REVOKE":
		if rd.accounts {
			return found()
		}
	case "INSTALL", "UNINSTALL": // not reserved words: a column or variable may be named so
		if t := l.Next(); (t.Is("PLUGIN") || t.Is("SONAME")) && rd.accounts {
			return found()
		}
	case "SET":
		if t := l.Next(); (t.Is("PASSWORD") || (t.Is("DEFAULT") && l.Next().Is("ROLE"))) && rd.accounts {
			return found()
		}
	case "INSERT", "REPLACE":
		t := l.Next()
		for t.Is("LOW_PRIORITY") || t.Is("DELAYED") || t.Is("HIGH_PRIORITY") || t.Is("IGNORE") || t.Is("INTO") {
			t = l.Next()
		}
		if t.IsName() && !t.Is("ON") { // AFTER INSERT ON t: a trigger's event
			if d, n := l.Name(t); hit(d, n, true) {
				return found()
			}
		}
	case "UPDATE", "DELETE", "LOAD":
		if t := l.Next(); t.Is("ON") {
			return "" // a trigger's event, ON DELETE CASCADE
		}
		keys, ok := sqlscan.DMLTables(q[start:innerEnd(q, start, syn)], "", syn)
		for _, k := range keys {
			if d, n := k.Names(); hit(d, n, true) {
				return found()
			}
		}
		if !ok && !rd.accounts {
			return found() + ", " + unreadTables // a table it writes may be missing from keys
		}
		if !ok && rd.accounts { // the system check: as at the top level (SystemCheck.Observe)
			inner := sqlscan.New(q[start:innerEnd(q, start, syn)], syn)
			if systemSchemas[strings.ToLower(db)] || tokensNameSystemSchema(&inner) {
				return found() + ", " + unreadTables
			}
		}
	case "TRUNCATE":
		t := l.Next()
		if t.Is("TABLE") {
			t = l.Next()
		}
		if d, n := l.Name(t); t.IsName() && hit(d, n, true) {
			return found()
		}
	case "CREATE", "DROP", "ALTER", "RENAME":
		if verb == "CREATE" && rd.made != nil {
			rd.made(q[start:innerEnd(q, start, syn)], syn, db)
		}
		if verb == "ALTER" && !rd.accounts && tableStatement(l) {
			// ALTER TABLE t EXCHANGE PARTITION p WITH TABLE k moves k's rows, as at the top
			// level (split's NamedTables): the tables it names past its own
			// (TestReviewX25CodeMissesObjects).
			inner := sqlscan.New(q[:innerEnd(q, start, syn)], syn)
			inner.Pos = l.Pos
			for _, n := range sqlscan.OtherTables(&inner, true) {
				if hit(n[0], n[1], false) {
					return found()
				}
			}
		}
		return ddlFinding(rd, l, verb, db, hit, found)
	case "PREPARE", "EXECUTE":
		return dynamicFinding(rd, l, verb, syn, db)
	case "CALL":
		if t := l.Next(); rd.call != nil && t.IsName() {
			d, n := l.Name(t)
			if d == "" {
				d = db
			}
			return rd.call("PROCEDURE", d, n)
		}
	}
	return ""
}

// ddlFinding checks CREATE/DROP/ALTER/RENAME: of a user or role, or of an object in a
// system schema (each name of DROP TABLE a, b and RENAME TABLE a TO b; the table of
// CREATE INDEX/TRIGGER … ON t).
func ddlFinding(rd *bodyReader, l *sqlscan.Tokenizer, verb, db string, hit func(d, t string, rows bool) bool, found func() string) string {
	t, replace, _ := sqlscan.ObjectHead(l)
	if t.Kind != sqlscan.Word {
		return ""
	}
	object := strings.ToUpper(t.Text)
	switch object {
	case "USER", "ROLE", "SERVER":
		if rd.accounts {
			return found()
		}
		return ""
	case "DATABASE", "SCHEMA":
		n := l.Next()
		for n.Is("IF") || n.Is("NOT") || n.Is("EXISTS") {
			n = l.Next()
		}
		if n.IsName() && hit(n.Text, "", false) {
			return found()
		}
		return ""
	case "TABLE", "TABLES", "VIEW", "SEQUENCE", "INDEX":
	case "TRIGGER", "PROCEDURE", "FUNCTION", "EVENT", "PACKAGE":
		if !rd.accounts {
			// A routine's name is no table, and a trigger's ON table is the top level's
			// (statementWrites, with its empty-table rule): the overwrite check asks
			// whether it drops, replaces or alters one of the target's (DROP EVENT
			// other.ev in dynamic SQL), and reads the body after it.
			if rd.object == nil || verb == "RENAME" || verb == "CREATE" && !replace {
				return ""
			}
			n := l.Next()
			for n.Is("IF") || n.Is("NOT") || n.Is("EXISTS") || n.Is("BODY") {
				n = l.Next()
			}
			if d, name := l.Name(n); n.IsName() {
				if d == "" {
					d = db
				}
				v := verb
				if replace {
					v = "CREATE OR REPLACE"
				}
				if rd.object(v, object, d, name) {
					return found()
				}
			}
			return ""
		}
	default:
		return ""
	}
	n := l.Next()
	for n.Is("IF") || n.Is("NOT") || n.Is("EXISTS") || n.Is("BODY") {
		n = l.Next()
	}
	for n.IsName() {
		if d, name := l.Name(n); rd.accounts && hit(d, name, false) {
			return found() // the system check: any object in a system schema
		} else if !rd.accounts && object != "INDEX" && hit(d, name, false) {
			return found()
		}
		if object == "INDEX" || object == "TRIGGER" {
			// CREATE INDEX i ON t, CREATE TRIGGER x … ON t: the table it acts on
			for n = l.Next(); n.Kind != sqlscan.EOF && !n.Is("ON") && !(n.Kind == sqlscan.Punct && n.Text == ";"); n = l.Next() {
			}
			if n.Is("ON") {
				if m := l.Next(); m.IsName() {
					if d, name := l.Name(m); hit(d, name, false) {
						return found()
					}
				}
			}
			return ""
		}
		if verb == "CREATE" || verb == "ALTER" {
			return "" // the rest names what it reads (LIKE, AS SELECT, REFERENCES)
		}
		sep := l.Next()
		if !(sep.Is("TO") || (sep.Kind == sqlscan.Punct && sep.Text == ",")) {
			return ""
		}
		n = l.Next()
	}
	return ""
}

// dynamicFinding checks PREPARE s FROM … and EXECUTE IMMEDIATE …: a string literal is read
// as the statement it is; anything else cannot be checked and is a finding.
func dynamicFinding(rd *bodyReader, l *sqlscan.Tokenizer, verb string, syn sqlscan.Syntax, db string) string {
	via, from := "PREPARE", "from"
	if verb == "EXECUTE" {
		if !l.Next().Is("IMMEDIATE") {
			return "" // EXECUTE s: what s runs was checked at its PREPARE
		}
		via, from = "EXECUTE IMMEDIATE", "of"
	} else {
		l.Next() // the statement's name
		if !l.Next().Is("FROM") {
			return ""
		}
	}
	text, ok := sqlscan.LiteralStatement(l)
	if !ok {
		return via + " " + from + " something other than a string literal: " + unchecked
	}
	if f := bodyFinding(rd, []byte(text), syn, db); f != "" {
		return via + ": " + f
	}
	return ""
}

// innerEnd is where the inner statement at q[start:] ends: at its ';' or the end of q.
func innerEnd(q []byte, start int, syn sqlscan.Syntax) int {
	l := sqlscan.New(q, syn)
	l.Pos = start
	for {
		l.Skip()
		at := l.Pos
		t := l.Next()
		if t.Kind == sqlscan.EOF {
			return len(q)
		}
		if t.Kind == sqlscan.Punct && t.Text == ";" {
			return at
		}
	}
}

// innerHead is the inner statement at q[start:] up to its ';', for a message: one line,
// control bytes escaped, at most 80 bytes.
func innerHead(q []byte, start int, syn sqlscan.Syntax) string {
	s := strings.TrimSpace(string(q[start:innerEnd(q, start, syn)]))
	s = strings.TrimSpace(strings.TrimSuffix(s, "*/"))
	return split.Clip(termsafe.Line(strings.Join(strings.Fields(s), " ")), 80)
}

// compoundVerbs start statements whose body the guard reads: compound statements MariaDB
// runs outside stored programs, and dynamic SQL.
var compoundVerbs = map[string]bool{
	"BEGIN": true, "IF": true, "CASE": true, "LOOP": true, "REPEAT": true, "WHILE": true, "FOR": true,
	"DECLARE": true, "PREPARE": true, "EXECUTE": true,
	// They wrap a statement they run: SET STATEMENT … FOR stmt, ANALYZE [FORMAT=JSON] stmt.
	"SET": true, "ANALYZE": true,
}

// compoundFinding returns what a routine, trigger, event, compound statement or dynamic
// SQL at the top level would run in a system schema or on the accounts, as an Overwrite
// whose Detail names the statement and, inside it, what it would run; nil when nothing.
func (c *SystemCheck) compoundFinding(st *split.Statement) *Overwrite {
	return compoundFinding(systemReader, st, c.current)
}

// compoundFinding is what rd finds in the routine, trigger, event, compound statement or
// dynamic SQL st (nil when nothing, or st is none), current the database in effect: an
// Overwrite whose Detail names st and, inside it, what it would run; System for the
// system check's reader, Through for the overwrite check's.
func compoundFinding(rd *bodyReader, st *split.Statement, current string) *Overwrite {
	if st.Kind != split.KindRoutine && st.Kind != split.KindOther {
		return nil // rows, DDL, session statements: statementWrites has read them
	}
	first := strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax()))
	label := ""
	if st.Kind == split.KindOther && !compoundVerbs[first] {
		// label: BEGIN … END, label: LOOP … END LOOP
		l := st.Tokens()
		if t := l.Next(); t.Kind == sqlscan.Word {
			if n := l.Next(); n.Kind == sqlscan.Punct && n.Text == ":" {
				label = t.Text + ": " + strings.ToUpper(l.Next().Text)
			}
		}
	}
	if st.Kind != split.KindRoutine && !(st.Kind == split.KindOther && (compoundVerbs[first] || label != "")) {
		return nil
	}
	db := current
	if st.Database != "" {
		db = st.Database
	}
	var what string
	switch {
	case st.Kind == split.KindRoutine:
		what = st.Verb + " " + sqlscan.QuoteIdent(st.Table)
		if st.Database != "" {
			what = st.Verb + " " + sqlscan.QuoteIdent(st.Database) + "." + sqlscan.QuoteIdent(st.Table)
		}
		if rd.accounts && systemSchemas[strings.ToLower(db)] && !strings.HasSuffix(st.Verb, "TRIGGER") {
			// A trigger's schema is its table's, which statementWrites names.
			return &Overwrite{Action: st.Verb, Database: db, Table: st.Table, Offset: st.Offset, Line: st.Line, System: true,
				Detail: termsafe.Line(what) + " is created in a system schema"}
		}
	case label != "":
		what = label
	case st.Verb == "SET STATEMENT":
		what = "SET STATEMENT … FOR"
	case first == "BEGIN":
		what = "BEGIN NOT ATOMIC"
	case first == "PREPARE" || first == "EXECUTE":
		f := bodyFinding(rd, st.SQL, st.Syntax(), db)
		if f == "" {
			return nil
		}
		if rest, ok := strings.CutPrefix(f, first+": "); ok {
			f = first + " would run " + rest
		} else if rest, ok := strings.CutPrefix(f, "EXECUTE IMMEDIATE: "); ok {
			f = "EXECUTE IMMEDIATE would run " + rest
		}
		ow := &Overwrite{Action: first, Database: "mysql", Offset: st.Offset, Line: st.Line, System: rd.accounts, Through: !rd.accounts, Detail: f, Unchecked: strings.HasSuffix(f, unchecked)}
		if !rd.accounts {
			ow.Database = db
		}
		return ow
	default:
		what = first
	}
	f := bodyFinding(rd, st.SQL, st.Syntax(), db)
	if f == "" {
		return nil
	}
	return &Overwrite{Action: st.Verb, Database: db, Table: st.Table, Offset: st.Offset, Line: st.Line, System: rd.accounts, Through: !rd.accounts,
		Detail: termsafe.Line(what) + " would run " + withRight(f), Unchecked: strings.HasSuffix(f, unchecked), Unreadable: strings.HasSuffix(f, unreadableBody) || strings.HasSuffix(f, unreadTables)}
}

// unchecked ends the finding of dynamic SQL the guard cannot read (PREPARE s FROM @q): it
// is refused for what it might run, not for a system schema it names.
const unchecked = "what it runs cannot be checked"
