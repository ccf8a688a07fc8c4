package replay

import (
	"bytes"
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// deferredKeys splits a CREATE TABLE written over several lines (the closing parenthesis
// of its definitions on a line of its own, as mysqldump writes it) into the statement
// without its plain secondary keys and the "ADD KEY …" clauses that add them back after
// the rows (--defer-indexes). The definitions are the top-level commas' pieces as the
// tokenizer reads them under syn, not lines: a hand-written definition may go on over
// several lines (TestReviewX7DeferredKeysMultiLineDefinition).
//
// Only plain KEY/INDEX definitions move. PRIMARY, UNIQUE, FULLTEXT and SPATIAL keys stay:
// a unique key can be a table's clustered index and fulltext indexes are built their own
// way. A key that a FOREIGN KEY or an AUTO_INCREMENT column needs stays, and so does one
// whose leading columns are those of a list in referenced (what FOREIGN KEYs of tables
// created earlier reference in this one: their rows need it, with checks on), and every
// plain key before such a key, so the keys come back in their original order and SHOW
// CREATE TABLE — hence a re-dump — is identical. A SPATIAL key holds back the plain keys
// before it the same way: the server sorts unique keys first and FULLTEXT keys last, but
// plain and spatial keys by position (sort_keys in sql_table.cc), so a plain key added
// after the table exists would come after a spatial key it preceded. Column names compare
// as the server's do: case-insensitively, quoted or not. It returns add == nil when
// nothing moves.
func deferredKeys(q []byte, syn sqlscan.Syntax, referenced [][]string) (stripped []byte, add []string) {
	defs, closeAt := tableDefinitions(q, syn)
	if len(defs) < 2 {
		return q, nil
	}
	if nl := bytes.LastIndexByte(q[:closeAt], '\n'); nl < defs[0][0] || len(sqlscan.TrimSpace(q[nl:closeAt])) > 0 {
		return q, nil // one line: not a layout this rewrites
	}
	kinds := make([]defKind, len(defs))
	cols := make([][]string, len(defs))
	needed := append([][]string(nil), referenced...)
	for i, d := range defs {
		var n []string
		kinds[i], cols[i], n, _ = classifyDefinition(q[d[0]:d[1]], syn)
		if n != nil {
			needed = append(needed, n)
		}
	}
	lastNeeded := -1
	for i := range defs {
		if kinds[i] == defSpatial {
			lastNeeded = i
		}
		if kinds[i] != defPlainKey {
			continue
		}
		for _, n := range needed {
			if leadingColumns(cols[i], n) {
				lastNeeded = i
			}
		}
	}
	var keep [][2]int
	for i, d := range defs {
		if i > lastNeeded && kinds[i] == defPlainKey {
			add = append(add, "ADD "+string(sqlscan.TrimSpace(q[d[0]:d[1]])))
			continue
		}
		keep = append(keep, d)
	}
	if len(add) == 0 || len(keep) == 0 {
		return q, nil
	}
	last := defs[len(defs)-1]
	tail := q[last[0]+len(sqlscan.TrimRight(q[last[0]:last[1]])):] // the space before ")", then the rest
	var b bytes.Buffer
	b.Grow(len(q))
	b.Write(q[:defs[0][0]])
	for i, d := range keep {
		b.Write(sqlscan.TrimRight(q[d[0]:d[1]]))
		if i < len(keep)-1 {
			b.WriteByte(',')
		}
	}
	b.Write(tail)
	return b.Bytes(), add
}

// tableDefinitions returns the spans of the definitions in q's first parenthesis (split at
// its top-level commas, spaces included) and the offset of its closing parenthesis; none
// if q has no such parenthesis.
func tableDefinitions(q []byte, syn sqlscan.Syntax) (defs [][2]int, closeAt int) {
	l := sqlscan.New(q, syn)
	depth, start := 0, -1
	for {
		tok := l.NextRaw()
		if tok.Kind == sqlscan.EOF {
			return nil, 0
		}
		if tok.Kind != sqlscan.Punct {
			continue
		}
		switch q[tok.Start] {
		case '(':
			depth++
			if depth == 1 && start < 0 {
				start = tok.End
			}
		case ')':
			depth--
			if depth == 0 && start >= 0 {
				return append(defs, [2]int{start, tok.Start}), tok.Start
			}
		case ',':
			if depth == 1 {
				defs = append(defs, [2]int{start, tok.Start})
				start = tok.End
			}
		}
	}
}

// defKind is what a CREATE TABLE definition is, for deferredKeys.
type defKind uint8

const (
	defOther    defKind = iota // a column, PRIMARY, UNIQUE, FULLTEXT, CHECK, PERIOD …
	defPlainKey                // KEY or INDEX
	defSpatial                 // SPATIAL KEY
)

// classifyDefinition reads one definition: its kind, a plain key's columns (lower case),
// the leading columns an index must have for it (a FOREIGN KEY's columns, an
// AUTO_INCREMENT column), and the referenced table and columns of a FOREIGN KEY.
func classifyDefinition(d []byte, syn sqlscan.Syntax) (kind defKind, keyCols, needs []string, ref foreignRef) {
	l := sqlscan.New(d, syn)
	first := l.Next()
	tok := first
	if first.Is("CONSTRAINT") {
		if tok = l.Next(); !tok.Is("FOREIGN") && !tok.Is("CHECK") && !tok.Is("UNIQUE") && !tok.Is("PRIMARY") {
			tok = l.Next() // the constraint's name
		}
	}
	switch {
	case tok.Is("KEY") || tok.Is("INDEX"):
		return defPlainKey, columnList(&l), nil, ref
	case tok.Is("SPATIAL"):
		return defSpatial, nil, nil, ref
	case tok.Is("FOREIGN"):
		needs = columnList(&l) // past KEY and the optional name
		if t := l.Next(); t.Is("REFERENCES") {
			if n := l.Next(); n.IsName() {
				ref.db, ref.table = l.Name(n)
				ref.cols = columnList(&l)
			}
		}
		return defOther, nil, needs, ref
	case first == tok && first.IsName() && !isDefinitionWord(first):
		for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
			if t.Is("AUTO_INCREMENT") {
				return defOther, nil, []string{strings.ToLower(first.Text)}, ref
			}
		}
	}
	return defOther, nil, nil, ref
}

// foreignRef is what a FOREIGN KEY references: [db.]table (columns, lower case).
type foreignRef struct {
	db, table string
	cols      []string
}

// isDefinitionWord reports whether t, unquoted, starts a definition that is not a column.
func isDefinitionWord(t sqlscan.Token) bool {
	if t.Kind != sqlscan.Word {
		return false
	}
	switch strings.ToUpper(t.Text) {
	case "PRIMARY", "UNIQUE", "FULLTEXT", "SPATIAL", "KEY", "INDEX", "CHECK", "CONSTRAINT", "FOREIGN", "PERIOD":
		return true
	}
	return false
}

// columnList reads on to the next "(" and returns the column names in it, lower case,
// without prefix lengths or ASC/DESC; nil if there is none.
func columnList(l *sqlscan.Tokenizer) []string {
	tok := l.Next()
	for tok.Kind != sqlscan.EOF && !(tok.Kind == sqlscan.Punct && tok.Text == "(") {
		tok = l.Next()
	}
	if tok.Kind == sqlscan.EOF {
		return nil
	}
	var cols []string
	depth, expectName := 1, true
	for tok = l.Next(); tok.Kind != sqlscan.EOF; tok = l.Next() {
		switch {
		case tok.Kind == sqlscan.Punct && tok.Text == "(":
			depth++
		case tok.Kind == sqlscan.Punct && tok.Text == ")":
			if depth--; depth == 0 {
				return cols
			}
		case tok.Kind == sqlscan.Punct && tok.Text == "," && depth == 1:
			expectName = true
		case expectName && depth == 1 && tok.IsName():
			cols = append(cols, strings.ToLower(tok.Text))
			expectName = false
		}
	}
	return cols
}

// leadingColumns reports whether the index columns start with those of need.
func leadingColumns(cols, need []string) bool {
	if len(need) == 0 || len(cols) < len(need) {
		return false
	}
	for i, n := range need {
		if cols[i] != n {
			return false
		}
	}
	return true
}
