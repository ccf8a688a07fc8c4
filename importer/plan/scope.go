package plan

import (
	"bytes"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// Which tables a statement that runs in stream order must wait for.

// BarrierScope says which tables a statement that is not a plain row insert must wait
// for: keys, or every table when global. db is the current database.
func BarrierScope(st *split.Statement, db string) (keys []string, global bool) {
	switch st.Kind {
	case split.KindSession, split.KindClient:
		return nil, false
	case split.KindDDL, split.KindRoutine:
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
		reads = !strings.HasPrefix(st.Verb, "DROP") && !ReadsNoTable(head, st.Syntax())
	}
	if reads {
		return nil, true
	}
	many, ok := NamedTables(st, db)
	if !ok {
		return nil, true
	}
	keys = many
	if bytes.Contains(upper, []byte("REFERENCES")) {
		// A foreign key constrains its parent tables: with foreign_key_checks on, adding
		// one reads their rows, so they are in scope too.
		parents, ok := referencedTables(st.SQL, st.Syntax())
		if !ok {
			return nil, true
		}
		for _, t := range parents {
			if t[0] == "" {
				t[0] = db
			}
			keys = append(keys, KeyOf(t[0], t[1]))
		}
	}
	if strings.Contains(st.Verb, "TRIGGER") {
		tables, known := TriggerTables(st.SQL, db)
		if !known {
			return nil, true // it calls a routine, which may touch any table
		}
		keys = append(keys, tables...)
	}
	return keys, false
}

// NamedTables returns every table a DDL statement names as its object: all of
// `DROP TABLE a, b`, `RENAME TABLE a TO b, c TO d`, `TRUNCATE a`, the new name of
// `ALTER TABLE a RENAME [TO] b` and the source of `CREATE TABLE b LIKE a`. ok is false
// when a name cannot be read.
func NamedTables(st *split.Statement, db string) (keys []string, ok bool) {
	qualify := func(d, t string) string {
		if d == "" {
			d = db
		}
		return KeyOf(d, t)
	}
	first := qualify(st.Database, st.Table)
	if st.Database == "" {
		first = KeyOf(db, st.Table)
	}
	keys = []string{first}
	switch st.Verb {
	case "DROP TABLE", "DROP VIEW", "RENAME TABLE", "TRUNCATE TABLE", "TRUNCATE":
	case "ALTER TABLE", "CREATE TABLE":
		l := st.Tokens()
		depth := 0
		for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
			switch {
			case t.Kind == sqlscan.Punct && t.Text == "(":
				depth++
			case t.Kind == sqlscan.Punct && t.Text == ")":
				depth--
			case depth == 0 && (t.Is("LIKE") || (st.Verb == "ALTER TABLE" && (t.Is("RENAME") || t.Is("TO") || t.Is("AS")))):
				n := l.Next()
				if n.Is("TO") || n.Is("AS") || n.Is("TABLE") {
					n = l.Next()
				}
				if n.Is("COLUMN") || n.Is("INDEX") || n.Is("KEY") {
					continue
				}
				if d, name := l.Name(n); name != "" {
					keys = append(keys, qualify(d, name))
				}
			}
		}
		return keys, true
	default:
		return keys, true
	}
	// A list of names after the verb (and IF EXISTS), separated by commas or TO.
	l := st.Tokens()
	l.Next()
	t := l.Next()
	if t.Is("TEMPORARY") {
		t = l.Next()
	}
	if t.Is("TABLE") || t.Is("TABLES") || t.Is("VIEW") {
		t = l.Next()
	}
	for t.Is("IF") || t.Is("EXISTS") {
		t = l.Next()
	}
	if t.Kind == sqlscan.Punct && t.Text == "/" { // a trailing executable comment marker was skipped
		t = l.Next()
	}
	keys = keys[:0]
	for t.Kind != sqlscan.EOF {
		if t.Is("WAIT") || t.Is("NOWAIT") || t.Is("RESTRICT") || t.Is("CASCADE") {
			break
		}
		if !t.IsName() {
			return nil, false
		}
		d, name := l.Name(t)
		keys = append(keys, qualify(d, name))
		t = l.Next()
		if t.Is("TO") || (t.Kind == sqlscan.Punct && t.Text == ",") {
			t = l.Next()
			continue
		}
		if t.Kind == sqlscan.Punct && t.Text == "*" { // end of /*!…*/
			t = l.Next()
		}
		if t.Kind == sqlscan.Punct && t.Text == "/" {
			t = l.Next()
		}
	}
	return keys, len(keys) > 0
}
