package importer

import (
	"strings"
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

// bodyFinding is what a compound statement or dynamic SQL would run in a system schema or
// on the accounts, as "CREATE USER x@'%'" or "EXECUTE IMMEDIATE: DROP USER app"; "" when
// nothing. db is the database its unqualified names belong to.
func bodyFinding(q []byte, syn scanSyntax, db string) string {
	l := newLexer(q, syn)
	for {
		l.skip()
		start := l.i
		t := l.next()
		if t.kind == tEOF {
			return ""
		}
		if t.kind != tWord {
			continue
		}
		after := l.i
		verb := strings.ToUpper(t.text)
		if f := innerFinding(&l, q, start, verb, syn, db); f != "" {
			return f
		}
		l.i = after // what the verb is followed by is scanned too
		if (verb == "CREATE" || verb == "ALTER") && tableStatement(&l) {
			// Its clauses hold words that read as statements (ALTER TABLE t DROP user,
			// ON DELETE CASCADE) and nothing in it runs another statement.
			l.i = innerEnd(q, start, syn)
		}
		l.i = max(l.i, after)
	}
}

// tableStatement reports whether the CREATE or ALTER the lexer is just past is of a table
// (CREATE [OR REPLACE] [TEMPORARY] TABLE, ALTER [ONLINE] [IGNORE] TABLE). It leaves the
// lexer where it was.
func tableStatement(l *lexer) bool {
	save := l.i
	defer func() { l.i = save }()
	t := l.next()
	for t.is("OR") || t.is("REPLACE") || t.is("TEMPORARY") || t.is("ONLINE") || t.is("IGNORE") {
		t = l.next()
	}
	return t.is("TABLE")
}

// innerFinding checks the statement that starts with verb at q[start:], the lexer being
// just past the verb.
func innerFinding(l *lexer, q []byte, start int, verb string, syn scanSyntax, db string) string {
	system := func(d string) bool {
		if d == "" {
			d = db
		}
		return systemSchemas[strings.ToLower(d)]
	}
	found := func() string { return innerHead(q, start, syn) }
	switch verb {
	case "GRANT", "REVOKE":
		return found()
	case "INSTALL", "UNINSTALL": // not reserved words: a column or variable may be named so
		if t := l.next(); t.is("PLUGIN") || t.is("SONAME") {
			return found()
		}
	case "SET":
		if t := l.next(); t.is("PASSWORD") || (t.is("DEFAULT") && l.next().is("ROLE")) {
			return found()
		}
	case "INSERT", "REPLACE":
		t := l.next()
		for t.is("LOW_PRIORITY") || t.is("DELAYED") || t.is("HIGH_PRIORITY") || t.is("IGNORE") || t.is("INTO") {
			t = l.next()
		}
		if t.isName() && !t.is("ON") { // AFTER INSERT ON t: a trigger's event
			if d, _ := l.name(t); system(d) {
				return found()
			}
		}
	case "UPDATE", "DELETE", "LOAD":
		if t := l.next(); t.is("ON") {
			return "" // a trigger's event, ON DELETE CASCADE
		}
		for _, k := range dmlTables(q[start:innerEnd(q, start, syn)], "", syn) {
			if d, _, _ := strings.Cut(k, "."); system(d) {
				return found()
			}
		}
	case "TRUNCATE":
		t := l.next()
		if t.is("TABLE") {
			t = l.next()
		}
		if d, _ := l.name(t); t.isName() && system(d) {
			return found()
		}
	case "CREATE", "DROP", "ALTER", "RENAME":
		return ddlFinding(l, verb, system, found)
	case "PREPARE", "EXECUTE":
		return dynamicFinding(l, verb, syn, db)
	}
	return ""
}

// ddlFinding checks CREATE/DROP/ALTER/RENAME: of a user or role, or of an object in a
// system schema (each name of DROP TABLE a, b and RENAME TABLE a TO b; the table of
// CREATE INDEX/TRIGGER … ON t).
func ddlFinding(l *lexer, verb string, system func(string) bool, found func() string) string {
	t := l.next()
	for {
		switch {
		case t.is("OR") || t.is("REPLACE") || t.is("TEMPORARY") || t.is("ONLINE") || t.is("OFFLINE") || t.is("IGNORE") ||
			t.is("UNIQUE") || t.is("FULLTEXT") || t.is("SPATIAL") || t.is("AGGREGATE"):
			t = l.next()
			continue
		case t.is("DEFINER"):
			l.skipDefiner()
			t = l.next()
			continue
		case t.is("ALGORITHM"):
			l.next() // =
			l.next()
			t = l.next()
			continue
		case t.is("SQL"):
			l.next() // SECURITY
			l.next()
			t = l.next()
			continue
		}
		break
	}
	if t.kind != tWord {
		return ""
	}
	object := strings.ToUpper(t.text)
	switch object {
	case "USER", "ROLE", "SERVER":
		return found()
	case "DATABASE", "SCHEMA":
		n := l.next()
		for n.is("IF") || n.is("NOT") || n.is("EXISTS") {
			n = l.next()
		}
		if n.isName() && systemSchemas[strings.ToLower(n.text)] {
			return found()
		}
		return ""
	case "TABLE", "TABLES", "VIEW", "SEQUENCE", "INDEX", "TRIGGER", "PROCEDURE", "FUNCTION", "EVENT", "PACKAGE":
	default:
		return ""
	}
	n := l.next()
	for n.is("IF") || n.is("NOT") || n.is("EXISTS") || n.is("BODY") {
		n = l.next()
	}
	for n.isName() {
		if d, _ := l.name(n); system(d) {
			return found()
		}
		if object == "INDEX" || object == "TRIGGER" {
			// CREATE INDEX i ON t, CREATE TRIGGER x … ON t: the table it acts on
			for n = l.next(); n.kind != tEOF && !n.is("ON") && !(n.kind == tPunct && n.text == ";"); n = l.next() {
			}
			if n.is("ON") {
				if m := l.next(); m.isName() {
					if d, _ := l.name(m); system(d) {
						return found()
					}
				}
			}
			return ""
		}
		if verb == "CREATE" || verb == "ALTER" {
			return "" // the rest names what it reads (LIKE, AS SELECT, REFERENCES)
		}
		sep := l.next()
		if !(sep.is("TO") || (sep.kind == tPunct && sep.text == ",")) {
			return ""
		}
		n = l.next()
	}
	return ""
}

// dynamicFinding checks PREPARE s FROM … and EXECUTE IMMEDIATE …: a string literal is read
// as the statement it is; anything else cannot be checked and is a finding.
func dynamicFinding(l *lexer, verb string, syn scanSyntax, db string) string {
	via, from := "PREPARE", "from"
	if verb == "EXECUTE" {
		if !l.next().is("IMMEDIATE") {
			return "" // EXECUTE s: what s runs was checked at its PREPARE
		}
		via, from = "EXECUTE IMMEDIATE", "of"
	} else {
		l.next() // the statement's name
		if !l.next().is("FROM") {
			return ""
		}
	}
	text, ok := literalStatementText(l)
	if !ok {
		return via + " " + from + " something other than a string literal: what it runs cannot be checked"
	}
	if f := bodyFinding([]byte(text), syn, db); f != "" {
		return via + ": " + f
	}
	return ""
}

// literalStatementText reads a string literal that is the whole of what follows (up to USING, a
// ';' or the end): 'a', 'a' 'b' (joined), _utf8mb4'a', N'a'.
func literalStatementText(l *lexer) (string, bool) {
	t := l.next()
	if t.kind == tWord && (strings.HasPrefix(t.text, "_") || strings.EqualFold(t.text, "N")) && l.i < len(l.b) && (l.b[l.i] == '\'' || l.b[l.i] == '"') {
		t = l.next() // a character set introducer
	}
	if t.kind != tString {
		return "", false
	}
	var sb strings.Builder
	for t.kind == tString {
		sb.WriteString(t.text)
		t = l.next()
	}
	if t.kind != tEOF && !t.is("USING") && !(t.kind == tPunct && t.text == ";") {
		return "", false // 'a' || x, 'a' + 1: an expression
	}
	return sb.String(), true
}

// innerEnd is where the inner statement at q[start:] ends: at its ';' or the end of q.
func innerEnd(q []byte, start int, syn scanSyntax) int {
	l := newLexer(q, syn)
	l.i = start
	for {
		l.skip()
		at := l.i
		t := l.next()
		if t.kind == tEOF {
			return len(q)
		}
		if t.kind == tPunct && t.text == ";" {
			return at
		}
	}
}

// innerHead is the inner statement at q[start:] up to its ';', for a message: one line,
// control bytes escaped, at most 80 bytes.
func innerHead(q []byte, start int, syn scanSyntax) string {
	s := strings.TrimSpace(string(q[start:innerEnd(q, start, syn)]))
	s = strings.TrimSpace(strings.TrimSuffix(s, "*/"))
	return clip(escapeControl(strings.Join(strings.Fields(s), " ")), 80)
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
func (c *SystemCheck) compoundFinding(st *Statement) *Overwrite {
	if st.Kind != KindRoutine && st.Kind != KindOther {
		return nil // rows, DDL, session statements: statementWrites has read them
	}
	first := strings.ToUpper(firstWord(st.SQL))
	label := ""
	if st.Kind == KindOther && !compoundVerbs[first] {
		// label: BEGIN … END, label: LOOP … END LOOP
		l := st.lexer()
		if t := l.next(); t.kind == tWord {
			if n := l.next(); n.kind == tPunct && n.text == ":" {
				label = t.text + ": " + strings.ToUpper(l.next().text)
			}
		}
	}
	if st.Kind != KindRoutine && !(st.Kind == KindOther && (compoundVerbs[first] || label != "")) {
		return nil
	}
	db := c.current
	if st.Database != "" {
		db = st.Database
	}
	var what string
	switch {
	case st.Kind == KindRoutine:
		what = st.Verb + " " + quoteName(st.Table)
		if st.Database != "" {
			what = st.Verb + " " + quoteName(st.Database) + "." + quoteName(st.Table)
		}
		if systemSchemas[strings.ToLower(db)] && !strings.HasSuffix(st.Verb, "TRIGGER") {
			// A trigger's schema is its table's, which statementWrites names.
			return &Overwrite{Action: st.Verb, Database: db, Table: st.Table, Offset: st.Offset, Line: st.Line, System: true,
				Detail: escapeControl(what) + " is created in a system schema"}
		}
	case label != "":
		what = label
	case st.Verb == "SET STATEMENT":
		what = "SET STATEMENT … FOR"
	case first == "BEGIN":
		what = "BEGIN NOT ATOMIC"
	case first == "PREPARE" || first == "EXECUTE":
		f := bodyFinding(st.SQL, st.syn, db)
		if f == "" {
			return nil
		}
		if rest, ok := strings.CutPrefix(f, first+": "); ok {
			f = first + " would run " + rest
		} else if rest, ok := strings.CutPrefix(f, "EXECUTE IMMEDIATE: "); ok {
			f = "EXECUTE IMMEDIATE would run " + rest
		}
		return &Overwrite{Action: first, Database: "mysql", Offset: st.Offset, Line: st.Line, System: true, Detail: f}
	default:
		what = first
	}
	f := bodyFinding(st.SQL, st.syn, db)
	if f == "" {
		return nil
	}
	return &Overwrite{Action: st.Verb, Database: db, Table: st.Table, Offset: st.Offset, Line: st.Line, System: true,
		Detail: escapeControl(what) + " would run " + f}
}
