package importer

import (
	"bytes"
	"context"
	"fmt"
	"strings"
)

// systemSchemas are never the target of a user's dump and never reported as overwritten.
var systemSchemas = map[string]bool{"mysql": true, "information_schema": true, "performance_schema": true, "sys": true}

// Overwrite is one existing object in the target that a dump statement drops or writes into.
type Overwrite struct {
	Action   string // "DROP DATABASE", "CREATE DATABASE", "DROP TABLE", "CREATE TABLE", "DROP VIEW", "CREATE VIEW"
	Database string
	Table    string // empty for database actions
	Offset   int64
	Line     int64
}

func (o Overwrite) String() string {
	name := "`" + o.Database + "`"
	if o.Table != "" {
		name += ".`" + o.Table + "`"
	}
	return fmt.Sprintf("%s %s (offset %d, line %d)", o.Action, name, o.Offset, o.Line)
}

// Preflight tracks, statement by statement, which existing databases and tables of the
// target a dump would drop or overwrite. Objects the dump itself created earlier in the
// same run are not reported. Routines and events are not tracked.
type Preflight struct {
	databases map[string]bool // existing user databases
	tables    map[string]bool // existing "db\x00table" (tables and views)
	created   map[string]bool // created by the dump so far
	current   string          // database in effect (USE)
	// Definers counts statements with a DEFINER= clause.
	Definers int
}

// NewPreflight reads the target's user databases and tables. current is the connection's
// database (the -D flag), the database unqualified names belong to until the dump's USE.
func NewPreflight(ctx context.Context, q Conn, current string) (*Preflight, error) {
	p := &Preflight{databases: map[string]bool{}, tables: map[string]bool{}, created: map[string]bool{}, current: current}
	rows, err := q.QueryContext(ctx, "SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.TABLES")
	if err != nil {
		return nil, fmt.Errorf("preflight: list tables: %w", err)
	}
	for rows.Next() {
		var db, t string
		if err := rows.Scan(&db, &t); err != nil {
			rows.Close()
			return nil, err
		}
		if !systemSchemas[strings.ToLower(db)] {
			p.tables[db+"\x00"+t] = true
		}
	}
	rows.Close()
	rows, err = q.QueryContext(ctx, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA")
	if err != nil {
		return nil, fmt.Errorf("preflight: list databases: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var db string
		if err := rows.Scan(&db); err != nil {
			return nil, err
		}
		if !systemSchemas[strings.ToLower(db)] {
			p.databases[db] = true
		}
	}
	return p, rows.Err()
}

// Empty reports whether the target has no user databases: nothing can be overwritten.
func (p *Preflight) Empty() bool { return len(p.databases) == 0 }

// Observe looks at one statement (in stream order) and returns the existing object it
// would drop or write into, if any.
func (p *Preflight) Observe(st *Statement) *Overwrite {
	if len(st.SQL) == 0 {
		return nil
	}
	if bytes.Contains(st.SQL, []byte("DEFINER")) || bytes.Contains(st.SQL, []byte("definer")) {
		if !bytes.Equal(StripDefiner(st.SQL), st.SQL) {
			p.Definers++
		}
	}
	// The splitter's classifier has read the verb and the names (past IF [NOT] EXISTS,
	// OR REPLACE, DEFINER=…, ALGORITHM=… and executable comments).
	if st.Kind == KindSession && st.Verb == "USE" {
		p.current = st.Database
		return nil
	}
	if st.Kind != KindDDL {
		return nil
	}
	verb, object, _ := strings.Cut(st.Verb, " ")
	if verb != "DROP" && verb != "CREATE" {
		return nil
	}
	var name string
	switch object {
	case "DATABASE", "SCHEMA":
		object, name = "DATABASE", st.Database
	case "TABLE", "VIEW":
		name = st.Table
	}
	if name == "" {
		return nil
	}
	ow := &Overwrite{Action: verb + " " + object, Offset: st.Offset, Line: st.Line}
	if object == "DATABASE" {
		ow.Database = name
		if !p.databases[name] || p.created["db\x00"+name] {
			if verb == "CREATE" {
				p.created["db\x00"+name] = true
			}
			return nil
		}
		if verb == "CREATE" {
			p.created["db\x00"+name] = true
		}
		return ow
	}
	db, t := p.current, name
	if st.Database != "" {
		db = st.Database
	}
	ow.Database, ow.Table = db, t
	key := db + "\x00" + t
	existed := p.tables[key] && !p.created[key]
	if verb == "CREATE" {
		p.created[key] = true
	} else {
		delete(p.tables, key) // reported once: after the DROP it no longer exists
	}
	if !existed {
		return nil
	}
	return ow
}

// ddlWords returns up to n leading words of a DDL statement with executable-comment
// markers (`/*!40000`, `/*M!100000`, `*/`) removed, identifiers unquoted, and a qualified
// `db`.`t` returned as db + "\x01" + t. Options such as ALGORITHM=… and DEFINER=… come
// back as separate words and are ignored by the caller.
func ddlWords(q []byte, n int) []string {
	var words []string
	var cur []byte
	flush := func() {
		if len(cur) > 0 {
			words = append(words, string(cur))
			cur = nil
		}
	}
	for i := 0; i < len(q) && len(words) < n; i++ {
		c := q[i]
		switch {
		case c == '/' && i+2 < len(q) && q[i+1] == '*' && (q[i+2] == '!' || q[i+2] == 'M'):
			flush()
			i += 2
			if q[i] == 'M' {
				i++
			}
			for i+1 < len(q) && q[i+1] >= '0' && q[i+1] <= '9' {
				i++
			}
		case c == '*' && i+1 < len(q) && q[i+1] == '/':
			flush()
			i++
		case c == '`' || c == '"' || c == '\'':
			j := i + 1
			for ; j < len(q); j++ {
				if q[j] == c {
					if j+1 < len(q) && q[j+1] == c {
						cur = append(cur, c)
						j++
						continue
					}
					break
				}
				cur = append(cur, q[j])
			}
			i = j
		case c == '.':
			cur = append(cur, '\x01')
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '(' || c == ';':
			flush()
			if c == '(' {
				return words
			}
		default:
			cur = append(cur, c)
		}
	}
	flush()
	return words
}

// DefinerCheck reports statements whose DEFINER= clause names an account other than the
// importing one, which the server refuses without SUPER (MySQL: SET_USER_ID; MariaDB ≥
// 10.5: SET USER). NewDefinerCheck returns nil when the account may set any definer.
type DefinerCheck struct {
	account string // CURRENT_USER() as user@host
}

// NewDefinerCheck reads the account's grants.
func NewDefinerCheck(ctx context.Context, q Conn) (*DefinerCheck, error) {
	rows, err := q.QueryContext(ctx, "SELECT CURRENT_USER()")
	if err != nil {
		return nil, fmt.Errorf("preflight: current user: %w", err)
	}
	var account string
	for rows.Next() {
		if err := rows.Scan(&account); err != nil {
			rows.Close()
			return nil, err
		}
	}
	rows.Close()
	rows, err = q.QueryContext(ctx, "SHOW GRANTS")
	if err != nil {
		return nil, fmt.Errorf("preflight: grants: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var g string
		if err := rows.Scan(&g); err != nil {
			return nil, err
		}
		if MayAssignDefiner(g) {
			return nil, rows.Err()
		}
	}
	return &DefinerCheck{account: account}, rows.Err()
}

// MayAssignDefiner reports whether one SHOW GRANTS line lets its account create objects
// with any DEFINER: a global (ON *.*) grant of ALL PRIVILEGES, SUPER, SET USER (MariaDB
// 10.5+) or SET_USER_ID / SET_ANY_DEFINER (MySQL 8.0 / 8.2+).
func MayAssignDefiner(grant string) bool {
	g := strings.ToUpper(grant)
	on := strings.Index(g, " ON *.* ")
	if on < 0 {
		return false
	}
	privs := g[:on]
	for _, p := range []string{"ALL PRIVILEGES", "SUPER", "SET USER", "SET_USER_ID", "SET_ANY_DEFINER"} {
		if strings.Contains(privs, p) {
			return true
		}
	}
	return false
}

// Check returns an error for a statement whose definer the account may not assign.
func (c *DefinerCheck) Check(name string, st *Statement) error {
	if c == nil || len(st.SQL) == 0 {
		return nil
	}
	def, ok := Definer(st.SQL)
	if !ok || def == "CURRENT_USER" || strings.EqualFold(def, c.account) {
		return nil
	}
	return fmt.Errorf("%s: offset %d, line %d: %s `%s` sets DEFINER=%s, which %s may not assign (it needs SUPER or SET USER); rerun with --strip-definers, or as a privileged account",
		name, st.Offset, st.Line, st.Kind, st.Table, def, c.account)
}
