package importer

import (
	"bytes"
	"strings"
)

// Which tables a statement that runs in stream order must wait for.

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
		reads = !strings.HasPrefix(st.Verb, "DROP") && !readsNoTable(head, st.syn)
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
		parents, ok := referencedTables(st.SQL, st.syn)
		if !ok {
			return nil, true
		}
		for _, t := range parents {
			if t[0] == "" {
				t[0] = db
			}
			keys = append(keys, keyOf(t[0], t[1]))
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
		return keyOf(d, t)
	}
	first := qualify(st.Database, st.Table)
	if st.Database == "" {
		first = keyOf(db, st.Table)
	}
	keys = []string{first}
	switch st.Verb {
	case "DROP TABLE", "DROP VIEW", "RENAME TABLE", "TRUNCATE TABLE", "TRUNCATE":
	case "ALTER TABLE", "CREATE TABLE":
		l := st.lexer()
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
	l := st.lexer()
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
