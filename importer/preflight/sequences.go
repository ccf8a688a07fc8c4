package preflight

import (
	"context"
	"fmt"
	"maps"
	"slices"
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
	p.seqDefaults, p.seqHidden = seqDefaults{}, seqDefaults{}
	if !p.sequences {
		return nil
	}
	rows, err := q.QueryContext(ctx, "SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, COLUMN_DEFAULT, EXTRA FROM information_schema.COLUMNS WHERE COLUMN_DEFAULT LIKE '%val%'")
	if err != nil {
		return fmt.Errorf("preflight: read column defaults: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var db, table, column, def, extra string
		if err := rows.Scan(&db, &table, &column, &def, &extra); err != nil {
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
					if strings.Contains(strings.ToUpper(extra), "INVISIBLE") {
						p.seqHidden.note(sqlscan.TableKeyOf(db, table), column, sqlscan.QuoteIdent(d)+"."+sqlscan.QuoteIdent(name))
					}
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

// finding is the overwrite of a row write st into key that may take the DEFAULT of a
// column whose DEFAULT moves the target's sequence; nil when none. An INSERT/REPLACE
// whose column list (or SET's names for INSERT … SET) leaves the column out, or a LOAD
// DATA whose column list does; rows without a column list give every column. Then, where
// the statement holds the word DEFAULT (a byte search first), whether it writes DEFAULT
// into such a column (defaultInto): VALUES (DEFAULT, …), ROW(DEFAULT, …), SET id =
// DEFAULT, DEFAULT(id), an UPDATE of the dump's LIKE copy to DEFAULT
// (TestXFix78SequenceByDefaultWord: each moved other.s before). Only the statement's head
// is read otherwise. Left open: a LOAD DATA without a column list whose file's lines
// have fewer fields than the table columns (the missing ones take their DEFAULT; the
// file is not read here).
//
// hidden are the INVISIBLE ones among m: a row without a column list leaves them out
// (INSERT INTO e VALUES (1) moved other.s where e's id was INVISIBLE DEFAULT NEXTVAL).
func (m seqDefaults) finding(key sqlscan.TableKey, action string, st *split.Statement, hidden seqDefaults) *Overwrite {
	cols := m[string(key)]
	if cols == nil || (action != "INSERT INTO" && action != "REPLACE INTO" && action != "LOAD DATA INTO" && action != "UPDATE") {
		return nil
	}
	l := st.Tokens()
	var listed []string // the column list in order, where there is one
	hasList := false
	if action != "UPDATE" {
		listed, hasList = rowColumns(&l, action)
		if !hasList && action != "UPDATE" {
			for col, seq := range hidden[string(key)] {
				return m.overwrite(key, action, st, " without a column list, which leaves out the INVISIBLE column "+termsafe.Line(sqlscan.QuoteIdent(col)), seq)
			}
		}
		if hasList {
			for col, seq := range cols {
				if !slices.Contains(listed, col) {
					return m.overwrite(key, action, st, " without column "+termsafe.Line(sqlscan.QuoteIdent(col)), seq)
				}
			}
		}
	}
	if !hasList && emptyRow(l) {
		col := slices.Sorted(maps.Keys(cols))[0]
		return m.overwrite(key, action, st, " with an empty row (), which gives column "+termsafe.Line(sqlscan.QuoteIdent(col))+" its DEFAULT", cols[col])
	}
	if !sqlscan.ContainsFoldASCII(st.SQL[min(l.Pos, len(st.SQL)):], "DEFAULT") {
		return nil
	}
	if !hasList {
		listed = nil
	}
	if col, ok := defaultInto(&l, listed, cols); ok {
		return m.overwrite(key, action, st, " with DEFAULT for column "+termsafe.Line(sqlscan.QuoteIdent(col)), cols[col])
	}
	return nil
}

// overwrite is finding's Overwrite: action into key, what (" without column `id`"), and
// the sequence seq its DEFAULT moves.
func (m seqDefaults) overwrite(key sqlscan.TableKey, action string, st *split.Statement, what, seq string) *Overwrite {
	d, tb := key.Names()
	return &Overwrite{Action: action, Database: d, Table: tb, Offset: st.Offset, Line: st.Line, Through: true,
		Detail: action + " " + termsafe.Line(sqlscan.QuoteIdent(d)+"."+sqlscan.QuoteIdent(tb)) + what +
			", whose DEFAULT moves the target's sequence " + termsafe.Line(seq)}
}

// rowColumns reads the head of st (l at its start), an INSERT/REPLACE or LOAD DATA, up
// to its column list, and returns the columns it names (lower-cased) and whether it has
// one: INSERT's (…) or SET's names, LOAD DATA's (…) after its options with the names its
// SET assigns. l is left past the list (past the table name where there is none).
func rowColumns(l *sqlscan.Tokenizer, action string) (named []string, ok bool) {
	t := l.Next()
	if action == "LOAD DATA INTO" {
		for t.Kind != sqlscan.EOF && !t.Is("TABLE") {
			t = l.Next()
		}
		t = l.Next()
	} else {
		for t.Kind != sqlscan.EOF && !t.Is("INTO") && !(t.IsName() && !t.Is("INSERT") && !t.Is("REPLACE") && !t.Is("IGNORE") && !t.Is("LOW_PRIORITY") && !t.Is("DELAYED") && !t.Is("HIGH_PRIORITY")) {
			t = l.Next()
		}
		if t.Is("INTO") {
			t = l.Next()
		}
	}
	l.Name(t)
	after := l.Pos
	n := l.Next()
	for n.Is("PARTITION") { // PARTITION (p0): not a column list
		l.Next()
		for n = l.Next(); n.Kind != sqlscan.EOF && !(n.Kind == sqlscan.Punct && n.Text == ")"); n = l.Next() {
		}
		after = l.Pos
		n = l.Next()
	}
	add := func(c sqlscan.Token) {
		if c.IsName() {
			_, name := l.Name(c)
			named = append(named, strings.ToLower(name))
		}
	}
	if action == "LOAD DATA INTO" {
		// Its options (CHARACTER SET, FIELDS … BY '…', IGNORE n LINES) hold no
		// parenthesis: the first one opens the column list; SET c = … after it.
		for ; n.Kind != sqlscan.EOF && !(n.Kind == sqlscan.Punct && n.Text == "("); n = l.Next() {
		}
		if n.Kind == sqlscan.EOF {
			l.Pos = after
			return nil, false
		}
		for c := l.Next(); c.Kind != sqlscan.EOF && !(c.Kind == sqlscan.Punct && c.Text == ")"); c = l.Next() {
			add(c)
		}
		if n = l.Next(); n.Is("SET") {
			named = append(named, assignedNames(l)...)
		}
		return named, true
	}
	switch {
	case n.Kind == sqlscan.Punct && n.Text == "(" && !peek(l).Is("SELECT") && !peek(l).Is("WITH"):
		for c := l.Next(); c.Kind != sqlscan.EOF && !(c.Kind == sqlscan.Punct && c.Text == ")"); c = l.Next() {
			add(c)
		}
		return named, true
	case n.Is("SET"):
		save := l.Pos
		named = assignedNames(l)
		l.Pos = save
		return named, true
	}
	l.Pos = after
	return nil, false
}

// assignedNames returns the columns (lower-cased) a SET list (l past SET) assigns, up to
// the end of the list (ON DUPLICATE KEY UPDATE, or the statement's end).
func assignedNames(l *sqlscan.Tokenizer) []string {
	var out []string
	depth := 0
	prev := sqlscan.Token{}
	for t := l.Next(); t.Kind != sqlscan.EOF && !(depth == 0 && t.Is("ON")); t = l.Next() {
		switch {
		case t.Kind == sqlscan.Punct && t.Text == "(":
			depth++
		case t.Kind == sqlscan.Punct && t.Text == ")":
			depth--
		case depth == 0 && t.Kind == sqlscan.Punct && t.Text == "=" && prev.IsName():
			out = append(out, strings.ToLower(prev.Text))
		}
		prev = t
	}
	return out
}

// defaultInto reads the rest of a row write (l past its column list) for the word
// DEFAULT outside literals and comments, and returns the column of cols it may give
// DEFAULT: the one assigned (`id = DEFAULT` in SET, ON DUPLICATE KEY UPDATE, UPDATE), the
// one in its place of listed (the column list) for a value of a row, or, where neither
// tells (no column list, DEFAULT(col), a DEFAULT in an expression), the first of cols by
// name: a refusal too many is one line, a sequence moved is silent.
func defaultInto(l *sqlscan.Tokenizer, listed []string, cols map[string]string) (string, bool) {
	depth, pos := 0, 0
	var prev, prev2 sqlscan.Token
	for t := l.Next(); t.Kind != sqlscan.EOF; prev2, prev, t = prev, t, l.Next() {
		switch {
		case t.Kind == sqlscan.Punct && t.Text == "(":
			depth++
			if depth == 1 {
				pos = 0
			}
			continue
		case t.Kind == sqlscan.Punct && t.Text == ")":
			depth--
			continue
		case t.Kind == sqlscan.Punct && t.Text == "," && depth == 1:
			pos++
			continue
		case !t.Is("DEFAULT"):
			continue
		}
		col := ""
		switch {
		case prev.Kind == sqlscan.Punct && prev.Text == "=" && prev2.IsName():
			col = strings.ToLower(prev2.Text)
			if _, ok := cols[col]; !ok {
				continue // another column's DEFAULT
			}
		case depth == 1 && listed != nil && pos < len(listed) && !(peek(l).Kind == sqlscan.Punct && peek(l).Text == "("):
			col = listed[pos]
			if _, ok := cols[col]; !ok {
				continue
			}
		default:
			col = slices.Sorted(maps.Keys(cols))[0]
		}
		return col, true
	}
	return "", false
}

// peek returns the token after l's position, leaving l.Pos where it was.
func peek(l *sqlscan.Tokenizer) sqlscan.Token {
	defer func(pos int) { l.Pos = pos }(l.Pos)
	return l.Next()
}

// emptyRow reports whether the rows after l (a row insert without a column list, l past
// its table) hold an empty one, `VALUES ()` or `(…), ()`: every column takes its DEFAULT
// (TestReviewX26SequenceDefaultGiven). l is left where it was.
func emptyRow(l sqlscan.Tokenizer) bool {
	var prev sqlscan.Token
	for t := l.Next(); t.Kind != sqlscan.EOF; prev, t = t, l.Next() {
		if (prev.Is("VALUES") || prev.Is("VALUE") || prev.Kind == sqlscan.Punct && prev.Text == ",") && t.Kind == sqlscan.Punct && t.Text == "(" {
			if c := peek(&l); c.Kind == sqlscan.Punct && c.Text == ")" {
				return true
			}
		}
	}
	return false
}
