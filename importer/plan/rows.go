package plan

import (
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// rowInsert is a statement recognised completely as
// `INSERT|REPLACE [LOW_PRIORITY|DELAYED|HIGH_PRIORITY] [IGNORE] [INTO] t [(cols)] VALUES (…), (…)`
// whose values are literals (strings, numbers, NULL, DEFAULT, hex and bit literals,
// charset introducers), user or session variables, and calls of a few pure functions of
// those. Nothing follows the last row: no ON DUPLICATE KEY UPDATE, RETURNING or row alias.
type rowInsert struct {
	db, table       string
	cols            []string // the column list; nil when there is none
	replace, ignore bool
	rows            int64
	// zeroMask has bit i set when some row gives column i NULL, 0 or DEFAULT (an
	// AUTO_INCREMENT column then takes a generated id); zeroFar the same for i ≥ 64, or
	// an empty row `()`.
	zeroMask uint64
	zeroFar  bool
	// negMask has bit i set when some row gives column i a negative number (not 0): 0
	// in an UNSIGNED column where sql_mode is not strict (sqlscan.Rows.NegMask).
	negMask uint64
	// literal: every value is a string in single quotes, a number or NULL
	// (sqlscan.Rows.Literal).
	literal bool
}

// generatesIDs reports whether the insert leaves ids of the table's AUTO_INCREMENT column
// to the server, so that they depend on the rows before (and LAST_INSERT_ID() on the
// connection that ran it).
func (ri rowInsert) generatesIDs(f TableFacts) bool {
	if f.AutoIncrement == "" {
		return false
	}
	k := f.AutoIncrementAt
	if ri.cols != nil {
		k = -1
		unsure := false
		for i, c := range ri.cols {
			switch {
			case sqlscan.EqualFoldASCII([]byte(c), f.AutoIncrement):
				k = i
			case !sqlscan.IsASCII(c) || !sqlscan.IsASCII(f.AutoIncrement):
				// The server folds non-ASCII names in its own collation, not Go's (ß
				// and ẞ are two columns to it), and the two names may come in other
				// character sets: c may be the column, spelt otherwise.
				unsure = true
			}
		}
		if k < 0 && unsure {
			return true
		}
		// Found, the others are not it: a column named twice is ERROR 1110
		// (TestReviewX4LoadDataNonASCIIColumnListLoaded).
	}
	if k < 0 { // not among the row's values (an INVISIBLE column, without a list)
		return true
	}
	if ri.zeroFar {
		return true
	}
	if k >= 64 {
		return false
	}
	if !f.AutoIncrementSigned && ri.negMask&(1<<uint(k)) != 0 {
		return true // -1 is stored as 0 where sql_mode is not strict
	}
	return ri.zeroMask&(1<<uint(k)) != 0
}

// ParseRowInsert recognises a plain row insert (see rowInsert). It reads the whole
// statement, the rows with the Tokenizer's row reader (ReadRows), which jumps through
// strings, so a VALUES or SELECT inside a string is never taken for a keyword; anything it
// does not recognise makes ok false and the statement run in stream order.
func ParseRowInsert(q []byte, syn sqlscan.Syntax) (ri rowInsert, ok bool) {
	return parseRowInsert(q, syn, nil)
}

// StatementRowInsert is ParseRowInsert of st's SQL read under syn, which jumps over the
// strings the splitter found in it (st.Spans()) rather than reading them a second time;
// where the spans do not index that SQL under syn (a rewritten statement, other quoting
// rules) it reads them as ParseRowInsert does. FuzzStatementRowInsert holds the two to
// the same facts.
func StatementRowInsert(st *split.Statement, syn sqlscan.Syntax) (ri rowInsert, ok bool) {
	return parseRowInsert(st.SQL, syn, st.Spans())
}

func parseRowInsert(q []byte, syn sqlscan.Syntax, spans *sqlscan.StringSpans) (ri rowInsert, ok bool) {
	l := sqlscan.New(q, syn)
	l.UseSpans(spans)
	t := l.Next()
	switch {
	case t.Is("INSERT"):
	case t.Is("REPLACE"):
		ri.replace = true
	default:
		return ri, false
	}
	t = l.Next()
	for t.Is("LOW_PRIORITY") || t.Is("DELAYED") || t.Is("HIGH_PRIORITY") || t.Is("IGNORE") {
		if t.Is("IGNORE") {
			ri.ignore = true
		}
		t = l.Next()
	}
	if t.Is("INTO") {
		t = l.Next()
	}
	if !t.IsName() {
		return ri, false
	}
	ri.db, ri.table = l.Name(t)
	t = l.Next()
	if t.Kind == sqlscan.Punct && t.Text == "(" {
		ri.cols = []string{}
		for {
			c := l.Next()
			if c.Kind == sqlscan.Punct && c.Text == ")" && len(ri.cols) == 0 {
				break
			}
			if !c.IsName() {
				return ri, false
			}
			ri.cols = append(ri.cols, c.Text)
			sep := l.Next()
			if sep.Kind == sqlscan.Punct && sep.Text == ")" {
				break
			}
			if sep.Kind != sqlscan.Punct || sep.Text != "," {
				return ri, false
			}
		}
		t = l.Next()
	}
	if !t.Is("VALUES") && !t.Is("VALUE") {
		return ri, false
	}
	rows, ok := l.ReadRows(connStateVar)
	if !ok {
		return ri, false
	}
	ri.rows, ri.zeroMask, ri.zeroFar, ri.negMask, ri.literal = rows.N, rows.ZeroMask, rows.ZeroFar, rows.NegMask, rows.Literal
	return ri, true
}
