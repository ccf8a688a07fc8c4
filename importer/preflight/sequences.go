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

// likeCopy carries the sequence defaults of CREATE TABLE key LIKE src to key (none when
// st is no LIKE or its source has none): the copy's rows move the target's sequence too.
// current is the database in effect.
func (m seqDefaults) likeCopy(key sqlscan.TableKey, st *split.Statement, current string) {
	delete(m, string(key))
	if len(m) == 0 {
		return
	}
	l := st.Tokens()
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Is("LIKE") {
			d, name := l.Name(l.Next())
			if d == "" {
				d = current
			}
			if cols := m[string(sqlscan.TableKeyOf(d, name))]; cols != nil {
				m[string(key)] = maps.Clone(cols)
			}
			return
		}
	}
}

// finding is the overwrite of an INSERT/REPLACE st into key whose column list
// leaves out a column whose DEFAULT moves the target's sequence; nil when none. Only the
// statement's head is read (its column list, or SET's names for INSERT … SET): rows
// without a column list give every column. Left open: VALUES (DEFAULT, …) and LOAD DATA.
func (m seqDefaults) finding(key sqlscan.TableKey, action string, st *split.Statement) *Overwrite {
	cols := m[string(key)]
	if cols == nil || (action != "INSERT INTO" && action != "REPLACE INTO") {
		return nil
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
	switch {
	case n.Kind == sqlscan.Punct && n.Text == "(":
		for c := l.Next(); c.Kind != sqlscan.EOF && !(c.Kind == sqlscan.Punct && c.Text == ")"); c = l.Next() {
			if c.IsName() {
				_, name := l.Name(c)
				named[strings.ToLower(name)] = true
			}
		}
	case n.Is("SET"):
		for c := l.Next(); c.Kind != sqlscan.EOF && !c.Is("ON"); c = l.Next() {
			if c.IsName() {
				named[strings.ToLower(c.Text)] = true
			}
		}
	default:
		return nil // every column given
	}
	for col, seq := range cols {
		if !named[col] {
			d, tb := key.Names()
			return &Overwrite{Action: action, Database: d, Table: tb, Offset: st.Offset, Line: st.Line, Through: true,
				Detail: action + " " + termsafe.Line(sqlscan.QuoteIdent(d)+"."+sqlscan.QuoteIdent(tb)) + " without column " +
					termsafe.Line(sqlscan.QuoteIdent(col)) + ", whose DEFAULT moves the target's sequence " + termsafe.Line(seq)}
		}
	}
	return nil
}
