package preflight

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/importer/transform"
	"github.com/dumpscope/dumpscope/internal/termsafe"
)

// systemSchemas are never the target of a user's dump and never reported as overwritten.
var systemSchemas = map[string]bool{"mysql": true, "information_schema": true, "performance_schema": true, "sys": true}

// Preflight tracks, statement by statement, which existing databases and tables of the
// target a dump would drop or overwrite. Objects the dump itself created earlier in the
// same run are not reported, nor rows written into a table that was empty before the
// import (a schema file then a data file: nothing there can be lost). Routines, events
// and triggers are tracked by name (routines.go).
type Preflight struct {
	databases map[string]bool           // existing user databases
	tables    map[sqlscan.TableKey]bool // existing tables and views
	// empty holds the existing base tables that had no rows when the preflight began
	// (read once, before the first statement, so that what the import itself writes
	// cannot change the answer).
	empty      map[sqlscan.TableKey]bool
	created    map[sqlscan.TableKey]bool // tables and views created by the dump so far
	createdDBs map[string]bool           // databases created by the dump so far
	current    string                    // database in effect (USE)
	reported   map[string]bool           // action, database, table already reported
	// objects are the target's routines, events and triggers, createdObjects the ones
	// the dump created so far (routines.go).
	objects, createdObjects map[string]bool
	rd                      *bodyReader // reader's, made once
	// temps are the names the dump's TEMPORARY tables hold now: the server looks for a
	// temporary table first, so a write, ALTER or DROP TABLE of such a name acts on it,
	// not on the target's table it shadows (one per name in a session).
	temps map[sqlscan.TableKey]bool
	// renaming is the temporary table the statement's RENAME TABLE or ALTER TABLE names,
	// until the new name it takes (the write after it): a temporary table renamed away
	// shadows the target's table no more (TestReviewX24TemporaryRenamed).
	renaming sqlscan.TableKey
	// viewOver are the target's tables under each view the dump made (views.go).
	viewOver map[sqlscan.TableKey][]sqlscan.TableKey
	// calls are the findings of the target's procedures and functions whose bodies write
	// into what it holds (or cannot be read), by objectKey; callFuncs the names of such
	// functions; judge, while New judges the bodies, judges one (calls.go).
	calls         map[string]string
	callFuncs     []string
	callsRoutines bool
	judge         func(k string) string
	// sequences: the target holds a sequence, which a row insert's NEXTVAL moves
	// (sequences.go): its rows are read unless literal (literalRows).
	sequences bool
	// seqDefaults: the columns whose DEFAULT moves a sequence the target held
	// (sequences.go); seqHidden, those of them that are INVISIBLE.
	seqDefaults, seqHidden seqDefaults
	// targetMerges are the target's MERGE tables by the tables under them (made.go): a
	// dump's CREATE TABLE … LIKE of one is a MERGE table over the same tables.
	targetMerges map[sqlscan.TableKey][]sqlscan.TableKey
	// Definers counts statements with a DEFINER= clause.
	Definers int
}

// New reads the target's user databases and tables. current is the connection's
// database (the -D flag), the database unqualified names belong to until the dump's USE.
func New(ctx context.Context, q Conn, current string) (*Preflight, error) {
	return NewWithout(ctx, q, current, "")
}

// NewWithout is New leaving out the database own ("" none) as it leaves out the system
// schemas: the importer's progress schema when the import made it just now, for its own
// progress rows (it holds nothing of anyone's, and is made while the preflight reads).
func NewWithout(ctx context.Context, q Conn, current, own string) (*Preflight, error) {
	p := &Preflight{databases: map[string]bool{}, tables: map[sqlscan.TableKey]bool{}, created: map[sqlscan.TableKey]bool{}, createdDBs: map[string]bool{}, current: current}
	rows, err := q.QueryContext(ctx, "SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE, IFNULL(ENGINE, '') FROM information_schema.TABLES")
	if err != nil {
		return nil, fmt.Errorf("preflight: list tables: %w", err)
	}
	var base []baseTable
	var merges []sqlscan.TableKey
	for rows.Next() {
		var db, t, typ, engine string
		if err := rows.Scan(&db, &t, &typ, &engine); err != nil {
			rows.Close()
			return nil, err
		}
		if !systemSchemas[strings.ToLower(db)] && (own == "" || db != own) {
			p.tables[sqlscan.TableKeyOf(db, t)] = true
			p.sequences = p.sequences || typ == "SEQUENCE"
			if strings.EqualFold(engine, "MRG_MyISAM") {
				merges = append(merges, sqlscan.TableKeyOf(db, t))
			}
			// A system-versioned table is a base table too (TABLE_TYPE `SYSTEM
			// VERSIONED`): left out, an empty one counted as full and its rows were
			// refused as an overwrite.
			if (typ == "BASE TABLE" || typ == "SYSTEM VERSIONED") && localEngines[strings.ToUpper(engine)] {
				base = append(base, baseTable{db, t, typ == "SYSTEM VERSIONED"})
			}
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if p.empty, err = emptyTables(ctx, q, base); err != nil {
		return nil, err
	}
	if p.targetMerges, err = mergeUnions(ctx, q, merges); err != nil {
		return nil, err
	}
	if err := p.loadObjects(ctx, q); err != nil {
		return nil, err
	}
	rows, err = q.QueryContext(ctx, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA")
	if err != nil {
		return nil, fmt.Errorf("preflight: list databases: %w", err)
	}
	for rows.Next() {
		var db string
		if err := rows.Scan(&db); err != nil {
			rows.Close()
			return nil, err
		}
		if !systemSchemas[strings.ToLower(db)] && (own == "" || db != own) {
			p.databases[db] = true
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if err := p.loadCalls(ctx, q); err != nil { // judged against the databases and tables above
		return nil, err
	}
	if err := p.loadSequenceDefaults(ctx, q); err != nil {
		return nil, err
	}
	return p, nil
}

// Empty reports whether the target has no user databases: nothing can be overwritten.
func (p *Preflight) Empty() bool { return len(p.databases) == 0 }

// Observe is ObserveAll's first object, or nil.
func (p *Preflight) Observe(st *split.Statement) *Overwrite {
	if all := p.ObserveAll(st); len(all) > 0 {
		return &all[0]
	}
	return nil
}

// ObserveAll returns every existing database or table of the target (not created by the
// dump before) that st drops, truncates, renames, alters, deletes from or writes into:
// each name of `DROP TABLE a, b` and `RENAME TABLE a TO b, c TO d`, the tables of a
// multi-table UPDATE or DELETE. A table written many times is named once per action.
func (p *Preflight) ObserveAll(st *split.Statement) []Overwrite {
	if len(st.SQL) == 0 {
		return nil
	}
	if parts := split.ServerParts(st); parts != nil {
		// Two statements in one text, which the server runs one after the other.
		var found []Overwrite
		for i := range parts {
			found = append(found, p.ObserveAll(&parts[i])...)
		}
		return found
	}
	// A row insert has no DEFINER clause: not two passes over each 1 MiB INSERT, which the
	// replay's per-statement check runs on every one (runPreflight's hook).
	if st.Kind != split.KindInsert && (bytes.Contains(st.SQL, []byte("DEFINER")) || bytes.Contains(st.SQL, []byte("definer"))) {
		if !bytes.Equal(transform.StripDefiner(st.SQL), st.SQL) {
			p.Definers++
		}
	}
	if st.Kind == split.KindSession && st.Verb == "USE" {
		p.current = st.Database
		return nil
	}
	var found []Overwrite
	if ow := p.observeObject(st); ow != nil {
		found = append(found, *ow)
	}
	if st.Kind == split.KindRoutine || st.Kind == split.KindOther {
		if ow := compoundFinding(p.reader(), st, p.current); ow != nil {
			// Code: a routine, trigger or event judged at its CREATE (its body is what a
			// CALL, a function in any expression or a row of its table runs), a block, a
			// wrapper, dynamic SQL. Rows are no such statement: not read.
			found = append(found, *ow)
		}
	}
	// A row insert's values are read for functions and sequences only where the target
	// holds one they could reach and they are not all literals (rowinserts.go).
	callRows, seqRows := p.rowsToRead(st)
	if len(found) == 0 {
		if ow := p.callFinding(st, callRows); ow != nil { // a routine the target held (calls.go)
			found = append(found, *ow)
		}
	}
	temporary := st.TemporaryTableDDL()
	// moving is what the dump's view or MERGE table a RENAME or ALTER … RENAME names is
	// over (viewOver), moved to its new name at the "RENAME TABLE onto" after it.
	var moving []sqlscan.TableKey
	var movingFrom sqlscan.TableKey
	var movingSeq, movingHidden map[string]string // its sequence defaults (seqDefaults, seqHidden)
	p.renaming = ""
	for _, w := range append(statementWrites(st, p.current), sequenceWrites(st, p.current, seqRows)...) {
		if w.unread {
			ow := Overwrite{Action: w.action, Database: w.db, Offset: st.Offset, Line: st.Line, Through: true, Unreadable: true,
				Detail: split.Clip(termsafe.Line(split.Head(st.SQL)), 80) + ", " + unreadTables}
			if p.report(ow) {
				found = append(found, ow)
			}
			continue
		}
		if w.account || systemSchemas[strings.ToLower(w.db)] {
			continue // SystemCheck's
		}
		if w.table != "" && p.shadowed(w, temporary) {
			continue
		}
		ow := Overwrite{Action: w.action, Database: w.db, Table: w.table, Offset: st.Offset, Line: st.Line}
		if w.table == "" {
			existed := p.databases[w.db] && !p.createdDBs[w.db]
			if existed && w.action == "CREATE DATABASE" && ifNotExists(st) {
				continue // changes nothing; its tables stay the target's (noop.go)
			}
			if strings.HasPrefix(w.action, "CREATE") {
				p.createdDBs[w.db] = true
			}
			if existed && p.report(ow) {
				found = append(found, ow)
			}
			continue
		}
		key := sqlscan.TableKeyOf(w.db, w.table)
		existed := p.tables[key] && !p.created[key]
		if ow := p.seqDefaults.finding(key, w.action, st, p.seqHidden); ow != nil && (existed && p.empty[key] || !existed && p.created[key]) {
			if p.report(*ow) {
				found = append(found, *ow) // rows into an empty or copied table that move the target's sequence
			}
			continue
		}
		if existed && p.empty[key] && rowsOnly(w.action, st) {
			if ow := p.triggerFinding(key, w.action, st); ow != nil && p.report(*ow) {
				found = append(found, *ow) // but its trigger of the target's writes elsewhere (calls.go)
			}
			continue // an empty table has no rows to lose
		}
		if !existed && p.created[key] && p.viewOver[key] != nil && writesRows(w.action) {
			found = append(found, p.throughView(key, w.action, st)...)
		}
		switch {
		case strings.HasPrefix(w.action, "CREATE TABLE"), strings.HasPrefix(w.action, "CREATE VIEW"):
			p.created[key] = true
			if strings.HasPrefix(w.action, "CREATE VIEW") {
				p.noteView(st, key, p.current)
			} else {
				p.noteTable(key, st.SQL, st.Syntax(), w.db) // a MERGE table, a LIKE copy
			}
		case w.action == "ALTER VIEW" && p.created[key]:
			p.noteView(st, key, p.current) // the dump's view, over other tables now
		case w.action == "ALTER TABLE" && p.created[key]:
			if union, ok := mergeUnion(st.SQL, st.Syntax(), w.db, p.current); ok {
				p.noteViewOver(key, union) // ALTER TABLE m UNION=(…): over other tables now
			}
			moving, movingFrom = p.viewOver[key], key // ALTER TABLE m RENAME TO n
			movingSeq, movingHidden = p.seqDefaults[string(key)], p.seqHidden[string(key)]
		case w.action == "RENAME TABLE onto" && (moving != nil || movingSeq != nil):
			// The dump's view, MERGE table or LIKE copy by its new name: over the same
			// tables, its columns' DEFAULTs moving the same sequences
			// (TestReviewX26SequenceDefaultRenamedCopy).
			delete(p.viewOver, movingFrom)
			delete(p.seqDefaults, string(movingFrom))
			delete(p.seqHidden, string(movingFrom))
			if moving != nil {
				p.viewOver[key] = moving
			}
			if movingSeq != nil {
				p.seqDefaults[string(key)] = movingSeq
			}
			if movingHidden != nil {
				p.seqHidden[string(key)] = movingHidden
			}
			p.created[key], moving, movingSeq, movingHidden = true, nil, nil, nil
		case w.action == "DROP TABLE", w.action == "DROP VIEW", w.action == "RENAME TABLE":
			if w.action == "RENAME TABLE" && !existed {
				moving, movingFrom = p.viewOver[key], key
				movingSeq, movingHidden = p.seqDefaults[string(key)], p.seqHidden[string(key)]
			}
			delete(p.tables, key) // reported once: afterwards it no longer exists
			delete(p.viewOver, key)
			if !existed {
				delete(p.seqDefaults, string(key)) // the dump's copy; the target's own stay
				delete(p.seqHidden, string(key))
			}
		}
		if existed && p.report(ow) {
			found = append(found, ow)
		}
	}
	return found
}

// reader is the body reader's question for the overwrite check: a write into a database
// or table the target held, not made by the dump since; rows into a table that was empty
// lose nothing, as at the top level (a data file's trigger filling another empty table).
func (p *Preflight) reader() *bodyReader {
	if p.rd != nil {
		return p.rd
	}
	p.rd = &bodyReader{hit: func(d, t string, rows bool) bool {
		if systemSchemas[strings.ToLower(d)] {
			return false // SystemCheck's
		}
		if t == "" {
			return p.databases[d] && !p.createdDBs[d]
		}
		key := sqlscan.TableKeyOf(d, t)
		return p.tables[key] && !p.created[key] && !(rows && rowsFree(p, key)) || p.viewHits(key, rows)
	}, made: func(q []byte, syn sqlscan.Syntax, db string) { madeInCode(p, q, syn, db) }}
	if p.objects != nil {
		p.rd.object = p.objectOverwrite
	}
	if p.callsRoutines || p.judge != nil {
		p.rd.call = p.called // calls of the target's routines (calls.go): none to follow, no name is peeked at
	}
	return p.rd
}

// rowsOnly reports whether a write with this action can change only the rows of its
// table, not its definition: what it does to a table that was empty loses nothing.
// mysqldump's `ALTER TABLE t DISABLE KEYS` / `ENABLE KEYS` around a data-only dump's rows
// counts as such: it changes no definition; so does a new trigger (CREATE TRIGGER fails
// on a name that exists, so it replaces none).
func rowsOnly(action string, st *split.Statement) bool {
	switch action {
	case "INSERT INTO", "REPLACE INTO", "LOAD DATA INTO", "UPDATE", "DELETE FROM", "TRUNCATE TABLE":
		return true
	case "CREATE TRIGGER ON":
		// A data file's triggers on the tables it fills (Sakila's); OR REPLACE would
		// replace a trigger that exists.
		w := sqlscan.DDLWords(st.SQL, 3, st.Syntax())
		return !(len(w) > 1 && strings.EqualFold(w[1], "OR"))
	case "ALTER TABLE":
		return sqlscan.IsKeysToggle(st.SQL, st.Syntax())
	}
	return false
}

// report reports whether ow is the first of its action on its object.
func (p *Preflight) report(ow Overwrite) bool {
	if p.reported == nil {
		p.reported = map[string]bool{}
	}
	k := ow.Action + "\x00" + ow.Database + "\x00" + ow.Table
	if p.reported[k] {
		return false
	}
	p.reported[k] = true
	return true
}

// write is one object a statement changes.
type write struct {
	action, db, table string
	account           bool // an account or grant statement (it writes mysql.*)
	// unread: an UPDATE or DELETE whose tables cannot all be read (DMLTables not ok):
	// the overwrite check refuses it, it could write any table.
	unread bool
}

// accountVerbs change accounts, roles or grants, which live in the mysql schema, or the
// other server-wide tables there: plugins (mysql.plugin, and a library loaded into the
// server) and federated servers (mysql.servers).
var accountVerbs = map[string]bool{
	"CREATE USER": true, "DROP USER": true, "ALTER USER": true, "RENAME USER": true,
	"CREATE ROLE": true, "DROP ROLE": true, "SET PASSWORD": true, "SET DEFAULT": true, "SET ROLE": false,
	"GRANT": true, "REVOKE": true,
	"INSTALL PLUGIN": true, "INSTALL SONAME": true, "UNINSTALL PLUGIN": true, "UNINSTALL SONAME": true,
	"CREATE SERVER": true, "ALTER SERVER": true, "DROP SERVER": true,
}

// statementWrites lists the databases and tables st changes; db is the current database.
func statementWrites(st *split.Statement, db string) []write {
	words := sqlscan.DDLWords(st.SQL, 3, st.Syntax())
	if len(words) == 0 {
		return nil
	}
	w0 := strings.ToUpper(words[0])
	two := w0
	if len(words) > 1 {
		two += " " + strings.ToUpper(words[1])
	}
	if accountVerbs[two] {
		return []write{{action: two, db: "mysql", account: true}}
	}
	if accountVerbs[w0] {
		return []write{{action: w0, db: "mysql", account: true}}
	}
	if st.Verb == "CREATE FUNCTION" && isUDF(st) {
		// CREATE FUNCTION f RETURNS … SONAME 'lib.so': a row in mysql.func, and a library
		// loaded into the server.
		return []write{{action: "CREATE FUNCTION … SONAME", db: "mysql", account: true}}
	}
	qualify := func(key sqlscan.TableKey) write {
		d, t := key.Names() // `d.x`.`t`: not cut at the first dot
		return write{db: d, table: t}
	}
	cur := db
	if st.Database != "" {
		cur = st.Database
	}
	var out []write
	switch {
	case st.Kind == split.KindDDL || (st.Kind == split.KindRoutine && strings.HasSuffix(st.Verb, "TRIGGER")):
		verb, object, _ := strings.Cut(st.Verb, " ")
		switch object {
		case "DATABASE", "SCHEMA":
			if st.Database != "" && (verb == "CREATE" || verb == "DROP" || verb == "ALTER") {
				out = append(out, write{action: verb + " DATABASE", db: st.Database})
			}
			return out
		case "":
			object = "TABLE" // TRUNCATE t, RENAME t
		}
		if st.Table == "" {
			return nil
		}
		if object == "TRIGGER" || object == "INDEX" {
			// On its table: a trigger or index changes what writes to it or how. For a
			// trigger st.Table is the trigger's own name; the table is the one after ON.
			w := write{action: verb + " " + object + " ON", db: cur, table: st.Table}
			if d, t, ok := sqlscan.TriggerTable(st.SQL, st.Syntax()); ok && object == "TRIGGER" {
				w.table = t
				if d != "" {
					w.db = d
				}
			}
			return []write{w}
		}
		keys, ok := st.NamedTables(db)
		if !ok {
			keys = []string{string(sqlscan.TableKeyOf(cur, st.Table))}
		}
		for i, k := range keys {
			w := qualify(sqlscan.TableKey(k))
			switch {
			case verb == "RENAME" && i%2 == 1:
				w.action = "RENAME TABLE onto" // the new name: the statement fails if it exists
			case verb == "ALTER" && i > 0:
				w.action = "RENAME TABLE onto" // ALTER … RENAME TO's target (mysql.x too)
			case verb == "CREATE":
				if i > 0 {
					continue // LIKE's source
				}
				w.action = verb + " " + object
			case verb == "ALTER":
				w.action = verb + " " + object
			default:
				w.action = verb + " " + object
			}
			out = append(out, w)
		}
	case st.Kind == split.KindInsert:
		if st.Table != "" {
			out = append(out, write{action: strings.ToUpper(st.Verb) + " INTO", db: cur, table: st.Table})
		}
	case w0 == "UPDATE" || w0 == "DELETE" || w0 == "LOAD":
		keys, ok := sqlscan.DMLTables(st.SQL, db, st.Syntax())
		if !ok {
			// A form the table reader does not read (LATERAL, FOR SYSTEM_TIME AS OF an
			// expression): the list may be short, a written table missing.
			out = append(out, write{action: w0, db: cur, unread: true})
		}
		for _, k := range keys {
			w := qualify(k)
			w.action = w0
			if w0 == "DELETE" {
				w.action = "DELETE FROM"
			} else if w0 == "LOAD" {
				w.action = "LOAD DATA INTO"
			}
			out = append(out, w)
		}
	}
	return out
}

// namesSystemSchema reports whether st names a table or column qualified with a system
// schema (`mysql.user`, `mysql`.`user`.`Host`), strings and comments aside.
func namesSystemSchema(st *split.Statement) bool {
	l := st.Tokens()
	return tokensNameSystemSchema(&l)
}

// tokensNameSystemSchema reports whether what l reads names an object of a system schema
// (`mysql.user`): namesSystemSchema's reading, for a statement inside code too.
func tokensNameSystemSchema(l *sqlscan.Tokenizer) bool {
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if !t.IsName() {
			continue
		}
		save := l.Pos
		if n := l.Next(); n.Kind == sqlscan.Punct && n.Text == "." && systemSchemas[strings.ToLower(t.Text)] {
			return true
		}
		l.Pos = save
	}
	return false
}

// isUDF reports whether a CREATE FUNCTION loads a library (… SONAME 'x.so').
func isUDF(st *split.Statement) bool {
	l := st.Tokens()
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		switch {
		case t.Is("SONAME"):
			return true
		case t.Is("BEGIN") || t.Is("RETURN") || t.Kind == sqlscan.Punct && t.Text == "(":
			return false // a stored function: its parameters or body
		}
	}
	return false
}

// SystemCheck finds statements that change a system schema (mysql, sys,
// performance_schema, information_schema) or accounts and grants: an --all-databases
// dump rewrites mysql.* (accounts, grants, the root password), which a restore of user
// data must not do without being asked to. It looks inside routine, trigger and event
// bodies, compound statements and dynamic SQL too (guard_body.go).
type SystemCheck struct {
	current string
}

// NewSystemCheck returns a check whose unqualified names belong to current until a USE.
func NewSystemCheck(current string) *SystemCheck { return &SystemCheck{current: current} }

// Observe returns what st changes in the system schemas (System set on each); a nil
// check (--allow-system-schemas) finds nothing.
func (c *SystemCheck) Observe(st *split.Statement) []Overwrite {
	if c == nil || len(st.SQL) == 0 {
		return nil
	}
	if parts := split.ServerParts(st); parts != nil {
		// Two statements in one text, which the server runs one after the other: INSERT
		// INTO t …; INSERT INTO mysql.user … under DELIMITER ;; writes mysql.user. Before
		// the USE below: `USE d; INSERT INTO mysql.user …` is such a text too (the replay
		// hands the check whole texts, replay.ReplayOptions.Judge).
		var found []Overwrite
		for i := range parts {
			found = append(found, c.Observe(&parts[i])...)
		}
		return found
	}
	if st.Kind == split.KindSession && st.Verb == "USE" {
		c.current = st.Database
		return nil
	}
	var found []Overwrite
	for _, w := range statementWrites(st, c.current) {
		if w.unread {
			// Tables it may write unread: refused where a system schema is the current
			// database or a name it qualifies (`… LATERAL (…) x JOIN mysql.user …`).
			if systemSchemas[strings.ToLower(w.db)] || namesSystemSchema(st) {
				found = append(found, Overwrite{Action: w.action, Database: w.db, Offset: st.Offset, Line: st.Line, System: true,
					Detail: split.Clip(termsafe.Line(split.Head(st.SQL)), 80) + ", " + unreadTables})
			}
			continue
		}
		if !w.account && !systemSchemas[strings.ToLower(w.db)] {
			continue
		}
		ow := Overwrite{Action: w.action, Database: w.db, Table: w.table, Offset: st.Offset, Line: st.Line, System: true}
		if w.account {
			ow.Detail = split.Clip(termsafe.Line(split.Head(st.SQL)), 80)
		}
		found = append(found, ow)
	}
	if len(found) == 0 {
		if ow := c.compoundFinding(st); ow != nil {
			found = append(found, *ow)
		}
	}
	return found
}
