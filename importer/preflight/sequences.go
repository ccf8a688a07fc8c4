package preflight

import (
	"context"
	"fmt"
	"maps"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/termsafe"
)

// sequenceWrites lists the sequences st moves through a sequence function: SETVAL(s, …),
// NEXTVAL(s) and NEXT VALUE FOR s, in a SELECT, DO, SET or a column's DEFAULT of a
// CREATE TABLE (each row then moves s); PREVIOUS VALUE FOR and LASTVAL only read. A
// sequence the target held is then an overwrite (TestReviewX24SequenceWritten); the
// dump's own `SELECT SETVAL(s, …)` after its CREATE SEQUENCE s is not (s is created).
// A row insert is read where readRows: the target holds a sequence and its values are
// not all literals (literalRows: INSERT … SELECT SETVAL(s, …), VALUES (NEXTVAL(s)), ON
// DUPLICATE KEY UPDATE …); rows of literals are not (the cost rule: no pass over each
// 1 MiB INSERT of data). db is the current database.
func sequenceWrites(st *split.Statement, db string, readRows bool) []write {
	if st.Kind == split.KindInsert && !readRows {
		return nil
	}
	if !sqlscan.ContainsFoldASCII(st.SQL, "VAL") {
		return nil // SETVAL, NEXTVAL, NEXT VALUE: all hold "VAL"
	}
	if st.Database != "" {
		db = st.Database
	}
	l := st.Tokens()
	var out []write
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if action, d, name := sequenceCall(&l, t); name != "" {
			if d == "" {
				d = db
			}
			out = append(out, write{action: action, db: d, table: name})
		}
	}
	return out
}

// sequenceCall reads the sequence function t starts (SETVAL(s, NEXTVAL(s, NEXT VALUE FOR
// s): its action and the sequence's database ("" unqualified) and name, the lexer past
// the name; name "" and the lexer where it was when t starts none. The one sequence
// judgement of the top-level check (sequenceWrites) and of the body reader (bodyFinding:
// dynamic SQL, routines, triggers, events, blocks).
func sequenceCall(l *sqlscan.Tokenizer, t sqlscan.Token) (action, d, name string) {
	save := l.Pos
	switch {
	case t.Is("SETVAL") || t.Is("NEXTVAL"):
		if p := l.Next(); p.Kind != sqlscan.Punct || p.Text != "(" {
			l.Pos = save
			return "", "", ""
		}
		action = "SETVAL"
		if t.Is("NEXTVAL") {
			action = "NEXTVAL"
		}
	case t.Is("NEXT"):
		if v, f := l.Next(), l.Next(); !v.Is("VALUE") || !f.Is("FOR") {
			l.Pos = save
			return "", "", ""
		}
		action = "NEXT VALUE FOR"
	default:
		return "", "", ""
	}
	if d, name = l.Name(l.Next()); name == "" {
		l.Pos = save
		return "", "", ""
	}
	return action, d, name
}

// loadSequenceDefaults reads the target's columns whose DEFAULT moves a sequence it holds
// (DEFAULT NEXTVAL(s)): a row into the target's empty table, or into the dump's
// CREATE TABLE … LIKE copy of it, that leaves the column out moves s
// (TestReviewX25SequenceByDefault). One query in New, with the routines; none when the
// target holds no sequence.
func (p *Preflight) loadSequenceDefaults(ctx context.Context, q Conn) error {
	p.seqDefaults = seqDefaults{}
	if !p.sequences {
		return nil
	}
	rows, err := q.QueryContext(ctx, "SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, COLUMN_DEFAULT FROM information_schema.COLUMNS WHERE COLUMN_DEFAULT LIKE '%val%'")
	if err != nil {
		return fmt.Errorf("preflight: read column defaults: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var db, table, column, def string
		if err := rows.Scan(&db, &table, &column, &def); err != nil {
			return err
		}
		if systemSchemas[strings.ToLower(db)] {
			continue
		}
		l := sqlscan.New([]byte(def), sqlscan.Syntax{})
		for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
			if _, d, name := sequenceCall(&l, t); name != "" {
				if d == "" {
					d = db
				}
				if p.tables[sqlscan.TableKeyOf(d, name)] {
					p.seqDefaults.note(sqlscan.TableKeyOf(db, table), column, sqlscan.QuoteIdent(d)+"."+sqlscan.QuoteIdent(name))
					break
				}
			}
		}
	}
	return rows.Err()
}

// seqDefaults are the columns whose DEFAULT moves a sequence the target held, by table
// key and lower-case column name: the sequence's quoted name.
type seqDefaults map[string]map[string]string

// note records that column of key moves the sequence seq (quoted) by default.
func (m seqDefaults) note(key sqlscan.TableKey, column, seq string) {
	if m[string(key)] == nil {
		m[string(key)] = map[string]string{}
	}
	m[string(key)][strings.ToLower(column)] = seq
}

// likeCopy carries the sequence defaults of src to key, the dump's CREATE TABLE key LIKE
// src (ok false: no LIKE; the copy has none then): the copy's rows move the target's
// sequence too.
func (m seqDefaults) likeCopy(key, src sqlscan.TableKey, ok bool) {
	delete(m, string(key))
	if cols := m[string(src)]; ok && cols != nil {
		m[string(key)] = maps.Clone(cols)
	}
}

// first is a column of key whose DEFAULT moves the target's sequence, and that sequence
// (quoted); "" when none. The first by name, so that a message names the same one
// each time.
func (m seqDefaults) first(key sqlscan.TableKey) (column, seq string) {
	for col, s := range m[string(key)] {
		if column == "" || col < column {
			column, seq = col, s
		}
	}
	return column, seq
}

// finding is the overwrite of an INSERT/REPLACE st into key that leaves a column whose
// DEFAULT moves the target's sequence to that DEFAULT; nil when none. Its column list (or
// SET's names for INSERT … SET) is read, and, where every such column is named or there
// is no list (rows then give every column), the rest of it for a DEFAULT in the values
// (`VALUES (DEFAULT, 1)`, `SET id = DEFAULT`, `ON DUPLICATE KEY UPDATE id = DEFAULT`) or
// an empty row (`VALUES ()`): which column such a DEFAULT goes to is not worked out, so
// any is one (TestReviewX26SequenceDefaultGiven). Only tables with such a column are read
// past their head: the target's, or the dump's LIKE copies of them. LOAD DATA into one is
// an overwrite at the top level (its columns are not read).
func (m seqDefaults) finding(key sqlscan.TableKey, action string, st *split.Statement) *Overwrite {
	cols := m[string(key)]
	if cols == nil || (action != "INSERT INTO" && action != "REPLACE INTO" && action != "LOAD DATA INTO") {
		return nil
	}
	d, tb := key.Names()
	table := termsafe.Line(sqlscan.QuoteIdent(d) + "." + sqlscan.QuoteIdent(tb))
	if action == "LOAD DATA INTO" {
		col, seq := m.first(key)
		return &Overwrite{Action: action, Database: d, Table: tb, Offset: st.Offset, Line: st.Line, Through: true,
			Detail: action + " " + table + ", where column " + termsafe.Line(sqlscan.QuoteIdent(col)) +
				"'s DEFAULT moves the target's sequence " + termsafe.Line(seq)}
	}
	named := map[string]bool{}
	l := st.Tokens()
	t := l.Next()
	for t.Kind != sqlscan.EOF && !t.Is("INTO") && !(t.IsName() && !t.Is("INSERT") && !t.Is("REPLACE") && !t.Is("IGNORE") && !t.Is("LOW_PRIORITY") && !t.Is("DELAYED") && !t.Is("HIGH_PRIORITY")) {
		t = l.Next()
	}
	if t.Is("INTO") {
		t = l.Next()
	}
	l.Name(t)
	n := l.Next()
	for n.Is("PARTITION") { // PARTITION (p0): not a column list
		l.Next()
		for n = l.Next(); n.Kind != sqlscan.EOF && !(n.Kind == sqlscan.Punct && n.Text == ")"); n = l.Next() {
		}
		n = l.Next()
	}
	every := false
	switch {
	case n.Kind == sqlscan.Punct && n.Text == "(":
		for c := l.Next(); c.Kind != sqlscan.EOF && !(c.Kind == sqlscan.Punct && c.Text == ")"); c = l.Next() {
			if c.IsName() {
				_, name := l.Name(c)
				named[strings.ToLower(name)] = true
			}
		}
	case n.Is("SET"):
		setNames(&l, named)
	default:
		every = true // every column given, unless as DEFAULT (below)
	}
	if !every {
		for col, seq := range cols {
			if !named[col] {
				return &Overwrite{Action: action, Database: d, Table: tb, Offset: st.Offset, Line: st.Line, Through: true,
					Detail: action + " " + table + " without column " + termsafe.Line(sqlscan.QuoteIdent(col)) +
						", whose DEFAULT moves the target's sequence " + termsafe.Line(seq)}
			}
		}
	}
	var last sqlscan.Token // VALUES, when every is: the token the lexer is past
	if every {
		last = n
	}
	if givesDefault(&l, last) {
		col, seq := m.first(key)
		return &Overwrite{Action: action, Database: d, Table: tb, Offset: st.Offset, Line: st.Line, Through: true,
			Detail: action + " " + table + " giving DEFAULT, where column " + termsafe.Line(sqlscan.QuoteIdent(col)) +
				"'s DEFAULT moves the target's sequence " + termsafe.Line(seq)}
	}
	return nil
}

// setNames adds to named the columns INSERT … SET gives a value other than DEFAULT, the
// lexer being just past SET; it stops at ON (DUPLICATE KEY UPDATE) or the end. A name
// inside a value (`SET v = id + 1`) is not taken for a column given.
func setNames(l *sqlscan.Tokenizer, named map[string]bool) {
	depth, expect := 0, true
	for c := l.Next(); c.Kind != sqlscan.EOF; c = l.Next() {
		switch {
		case depth == 0 && c.Is("ON"):
			return
		case c.Kind == sqlscan.Punct && c.Text == "(":
			depth++
		case c.Kind == sqlscan.Punct && c.Text == ")":
			depth--
		case depth == 0 && c.Kind == sqlscan.Punct && c.Text == ",":
			expect = true
		case expect && c.IsName():
			expect = false
			_, name := l.Name(c)
			if eq := l.Next(); eq.Kind == sqlscan.Punct && (eq.Text == "=" || eq.Text == ":=") {
				save := l.Pos
				if v := l.Next(); !v.Is("DEFAULT") {
					named[strings.ToLower(name)] = true
				}
				l.Pos = save
			}
		}
	}
}

// givesDefault reports whether the rest of a row insert the lexer is in holds the word
// DEFAULT (a value, `DEFAULT(c)`, an ON DUPLICATE KEY UPDATE's) or an empty row (`VALUES
// ()`, `VALUE ()`): a column may then take its DEFAULT. prev is the token the lexer is
// just past.
func givesDefault(l *sqlscan.Tokenizer, prev sqlscan.Token) bool {
	if prev.Is("DEFAULT") {
		return true
	}
	for t := l.Next(); t.Kind != sqlscan.EOF; prev, t = t, l.Next() {
		if t.Is("DEFAULT") {
			return true
		}
		if (prev.Is("VALUES") || prev.Is("VALUE") || prev.Kind == sqlscan.Punct && prev.Text == ",") && t.Kind == sqlscan.Punct && t.Text == "(" {
			save := l.Pos
			if c := l.Next(); c.Kind == sqlscan.Punct && c.Text == ")" {
				return true
			}
			l.Pos = save
		}
	}
	return false
}
