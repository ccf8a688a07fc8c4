package preflight

import (
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
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
