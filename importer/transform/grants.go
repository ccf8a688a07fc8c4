package transform

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// Accounts and privileges under the filters. mariadb-dump --all-databases --system=users
// writes its CREATE USER and GRANT statements after the last database's USE, and a
// migration grants on the tables it creates. Judged by the current database, as any
// statement the filter cannot attribute, the accounts were left out when that last
// database was (TestReviewX18FilterDropsAccountsAfterOtherDatabase), and a GRANT on an
// excluded table was sent and failed with ERROR 1146 half way
// (TestReviewX18FilterKeepsGrantOnExcludedTable). So they are judged by what they name:
// an account belongs to no database and passes, a privilege follows its object.

// privKind is what a statement of accounts or privileges names.
type privKind uint8

const (
	privAccount  privKind = iota + 1 // an account or role: CREATE USER, GRANT r TO u, GRANT PROXY …
	privGlobal                       // ON *.*: the account's own, no database
	privDatabase                     // ON db.* (ON * : the current database)
	privTable                        // ON db.t, ON TABLE db.t, ON t
	privRoutine                      // ON PROCEDURE db.p, ON FUNCTION …, ON PACKAGE [BODY] …
)

// privObject is what readPrivileges found: its kind, and the database ("" for the current
// one) and object name it names.
type privObject struct {
	kind     privKind
	db, name string
}

// readPrivileges reads a statement of accounts or privileges (ok false for any other):
// CREATE/ALTER/DROP USER or ROLE, RENAME USER, and GRANT or REVOKE with the object after
// their ON, as the server reads it: `*.*`, `db.*`, `*` (the current database), `db.t` or
// `t` (a table, or a routine after PROCEDURE, FUNCTION, PACKAGE [BODY]), names quoted with
// backticks or, under ANSI_QUOTES, double quotes, executable comments seen through. A GRANT
// or REVOKE without ON before its TO or FROM (a role's, REVOKE ALL PRIVILEGES, GRANT OPTION
// FROM …) and GRANT PROXY ON an account are an account's. SET PASSWORD and SET DEFAULT
// ROLE are session statements (KindSession), which pass anyway.
func readPrivileges(st *split.Statement) (privObject, bool) {
	if st.Kind != split.KindOther && !(st.Kind == split.KindDDL && st.Verb == "RENAME") {
		return privObject{}, false
	}
	l := st.Tokens()
	switch w0 := l.Next(); {
	case w0.Is("CREATE") || w0.Is("ALTER") || w0.Is("DROP") || w0.Is("RENAME"):
		n := l.Next()
		if w0.Is("CREATE") && n.Is("OR") && l.Next().Is("REPLACE") {
			n = l.Next()
		}
		if n.Is("USER") || n.Is("ROLE") {
			return privObject{kind: privAccount}, true
		}
		return privObject{}, false
	case w0.Is("GRANT") || w0.Is("REVOKE"):
		return grantObject(&l)
	}
	return privObject{}, false
}

// grantObject reads a GRANT's or REVOKE's object, l after its first word.
func grantObject(l *sqlscan.Tokenizer) (privObject, bool) {
	depth, words := 0, 0
	proxy := false
	for {
		t := l.Next()
		switch {
		case t.Kind == sqlscan.EOF:
			return privObject{kind: privAccount}, true // GRANT r1, r2: no ON, no TO (an error)
		case t.Kind == sqlscan.Punct && t.Text == "(":
			depth++
		case t.Kind == sqlscan.Punct && t.Text == ")":
			depth--
		case depth != 0:
		case t.Is("TO") || t.Is("FROM"):
			return privObject{kind: privAccount}, true // a role's, ALL PRIVILEGES, GRANT OPTION FROM u
		case t.Is("ON"):
			if proxy && words == 1 {
				return privObject{kind: privAccount}, true // GRANT PROXY ON u TO v
			}
			return onObject(l)
		default:
			words++
			proxy = words == 1 && t.Is("PROXY")
		}
	}
}

// onObject reads the object after a GRANT's or REVOKE's ON (ok false when it is none it
// knows: the statement then follows the current database).
func onObject(l *sqlscan.Tokenizer) (privObject, bool) {
	kind := privTable
	n := l.Next()
	switch {
	case n.Is("TABLE"):
		n = l.Next()
	case n.Is("PROCEDURE") || n.Is("FUNCTION"):
		kind, n = privRoutine, l.Next()
	case n.Is("PACKAGE"):
		if kind, n = privRoutine, l.Next(); n.Is("BODY") {
			n = l.Next()
		}
	}
	star := func(t sqlscan.Token) bool { return t.Kind == sqlscan.Punct && t.Text == "*" }
	save := l.Pos
	dot := l.Next()
	if dot.Kind != sqlscan.Punct || dot.Text != "." {
		l.Pos = save
		switch {
		case star(n) && kind == privTable:
			return privObject{kind: privDatabase}, true // ON *: the current database
		case n.IsName():
			return privObject{kind: kind, name: n.Text}, true
		}
		return privObject{}, false
	}
	m := l.Next()
	switch {
	case star(n) && star(m) && kind == privTable:
		return privObject{kind: privGlobal}, true
	case n.IsName() && star(m) && kind == privTable:
		return privObject{kind: privDatabase, db: n.Text}, true
	case n.IsName() && m.IsName():
		return privObject{kind: kind, db: n.Text, name: m.Text}, true
	}
	return privObject{}, false
}

// privilegesKept decides for a statement of accounts or privileges (readPrivileges), db
// the current database: an account's and ON *.* pass every filter (they belong to no
// database, as the server's own statements); ON db.* follows the database; ON db.t the
// table; ON PROCEDURE db.p the routine (with its database, not under --tables).
func (t *Transform) privilegesKept(p privObject, db string) bool {
	if p.db != "" {
		db = p.db
	}
	switch p.kind {
	case privDatabase:
		// A database-level grant names a LIKE pattern: `my\_db` is my_db; one with a bare
		// % (app%, %) spans databases, the account's more than any one's: it passes.
		if p.db != "" {
			if unescapedPercent(p.db) {
				return true
			}
			db = strings.NewReplacer(`\_`, "_", `\%`, "%").Replace(p.db)
		}
		return t.dbKept(db)
	case privTable:
		return t.tableKept(db, p.name)
	case privRoutine:
		return t.dbKept(db) && len(t.tables) == 0
	}
	return true // privAccount, privGlobal
}

// unescapedPercent reports whether a database-level grant's name holds a % wildcard not
// escaped by a backslash.
func unescapedPercent(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '%':
			return true
		}
	}
	return false
}
