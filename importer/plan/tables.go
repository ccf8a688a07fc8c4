package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// TriggerTables returns the tables (db.table, db being the trigger's for unqualified
// names) that a CREATE TRIGGER, or a trigger body, names: the table it is on and the tables
// its body inserts into, updates, deletes from or reads (a BEFORE INSERT trigger that looks
// up a table loaded later sees its rows only in stream order). known is false when the
// body CALLs a procedure, whose tables it cannot see.
func TriggerTables(q []byte, db string) (tables []string, known bool) {
	qualify := func(name string) string {
		if i := strings.LastIndexAny(name, "\x01."); i >= 0 {
			return KeyOf(name[:i], name[i+1:])
		}
		return KeyOf(db, name)
	}
	known = true
	w := sqlscan.DDLWords(q, 64, sqlscan.Syntax{})
	for i := 0; i+1 < len(w); i++ {
		if u := strings.ToUpper(w[i]); (u == "ON" && i > 0) || u == "INTO" || u == "UPDATE" || u == "FROM" || u == "JOIN" {
			tables = append(tables, qualify(w[i+1]))
		}
	}
	// ddlWords stops at the first '(' — scan the body for the remaining words too.
	body := strings.Fields(strings.NewReplacer("(", " ", ")", " ", ";", " ", ",", " ", "`", "").Replace(string(q)))
	for i := 0; i+1 < len(body); i++ {
		switch u := strings.ToUpper(body[i]); {
		case u == "CALL":
			known = false
		case (u == "ON" && i > 0) || u == "INTO" || u == "UPDATE" || u == "FROM" || u == "JOIN":
			tables = append(tables, qualify(body[i+1]))
		}
	}
	return tables, known
}

// BodyInsertTables returns the tables (db.table, db being the body's for unqualified
// names) a trigger's or routine's body writes by INSERT or REPLACE, with or without
// INTO: the grammar makes INTO optional in both (INSERT lg (a) VALUES …, REPLACE
// LOW_PRIORITY lg SET …), where TriggerTables takes a table only after INTO. Read with
// the tokenizer: INSERT( and REPLACE( are the string functions, and a string or comment
// holding the words is none.
func BodyInsertTables(q []byte, db string) []string {
	var tables []string
	l := sqlscan.New(q, sqlscan.Syntax{})
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if !t.Is("INSERT") && !t.Is("REPLACE") {
			continue
		}
		n := l.Next()
		for n.Is("LOW_PRIORITY") || n.Is("DELAYED") || n.Is("HIGH_PRIORITY") || n.Is("IGNORE") || n.Is("INTO") {
			n = l.Next()
		}
		if tdb, name := l.Name(n); name != "" {
			if tdb == "" {
				tdb = db
			}
			tables = append(tables, KeyOf(tdb, name))
		}
	}
	return tables
}

// referencedTables returns the (database, table) of each REFERENCES clause of a DDL
// statement; ok is false when one does not name a table it can read.
func referencedTables(q []byte, syn sqlscan.Syntax) (tables [][2]string, ok bool) {
	l := sqlscan.New(q, syn)
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if !t.Is("REFERENCES") {
			continue
		}
		db, table := l.Name(l.Next())
		if table == "" {
			return nil, false
		}
		tables = append(tables, [2]string{db, table})
	}
	return tables, true
}

// ReadsNoTable reports whether a CREATE VIEW's query names no table: it has no FROM, no
// TABLE statement and no parentheses (no call, subquery or column list), like the
// stand-ins mysqldump writes before the real definitions (MariaDB: SELECT NULL AS `a`,
// MySQL: SELECT 1 AS `a`).
func ReadsNoTable(q []byte, syn sqlscan.Syntax) bool {
	l := sqlscan.New(q, syn)
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Is("FROM") || t.Is("TABLE") || (t.Kind == sqlscan.Punct && t.Text == "(") {
			return false
		}
	}
	return true
}

// BodyCalls returns the procedures a trigger's or routine's body text q CALLs (as
// information_schema gives it), database as written ("" unqualified) and name, and
// whether it runs dynamic SQL (EXECUTE, PREPARE), whose calls and tables cannot be read.
// The words are found with the tokenizer, so a string or comment holding CALL is none.
func BodyCalls(q []byte) (calls [][2]string, dynamic bool) {
	l := sqlscan.New(q, sqlscan.Syntax{})
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		switch {
		case t.Is("CALL"):
			db, name := l.Name(l.Next())
			calls = append(calls, [2]string{db, name})
		case t.Is("EXECUTE"), t.Is("PREPARE"):
			dynamic = true
		}
	}
	return calls, dynamic
}
