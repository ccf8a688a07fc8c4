package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// A write of a temporary table that a resume sends again (it is volatile) must take the
// values it took the first time: `INSERT INTO tt VALUES (1, RAND())` sent again put a new
// value in tt, which a later `INSERT INTO k SELECT … FROM tt` carried into k next to the
// first one (TestReviewX19TemporaryRowVolatileResent). Which built-in functions give
// the same value again is an allow-list, not a list of the ones that do not: the
// server's functions that change from call to call (RAND, UUID, UUID_SHORT, SYS_GUID,
// CONNECTION_ID, SYSDATE, SLEEP, …) are many, and a deny-list that missed three of
// them (replay's impureWords) let them through.

// stableBeforeParen are the words, not functions, that a parenthesis may follow in an
// expression or a DML statement: operators, clauses, and what introduces a name (a
// table's column list, a CTE's); and the aggregates, whose value the rows give.
var stableBeforeParen = map[string]bool{
	"VALUES": true, "VALUE": true, "IN": true, "EXISTS": true, "USING": true, "ON": true, "OVER": true, "AS": true,
	"KEY": true, "INDEX": true, "PARTITION": true, "AND": true, "OR": true, "XOR": true, "NOT": true, "IS": true,
	"LIKE": true, "BETWEEN": true, "WHEN": true, "THEN": true, "ELSE": true, "CASE": true, "DIV": true, "MOD": true,
	"SELECT": true, "WHERE": true, "HAVING": true, "BY": true, "SET": true, "INTERVAL": true, "DISTINCT": true,
	"UNION": true, "EXCEPT": true, "INTERSECT": true, "ALL": true, "ANY": true, "SOME": true, "ROW": true,
	"LIMIT": true, "OFFSET": true, "RETURNING": true, "FROM": true, "JOIN": true, "RETURN": true, "LATERAL": true,
	"COUNT": true, "SUM": true, "MIN": true, "MAX": true, "AVG": true, "BIT_AND": true, "BIT_OR": true, "BIT_XOR": true,
	// CAST(x AS DECIMAL(10, 2)), a routine's parameters and DECLAREs (VARCHAR(40)), and
	// the like; as functions TIME(x), TIMESTAMP(x) and YEAR(x) repeat too.
	"DECIMAL": true, "NCHAR": true, "DOUBLE": true, "FLOAT": true, "BINARY": true, "VARCHAR": true, "VARBINARY": true,
	"INT": true, "INTEGER": true, "TINYINT": true, "SMALLINT": true, "MEDIUMINT": true, "BIGINT": true, "NUMERIC": true,
	"BIT": true, "DATETIME": true, "TIMESTAMP": true, "TIME": true, "YEAR": true, "ENUM": true, "DEC": true,
}

// nameIntroducers are the words after which a name followed by a parenthesis is a
// table's (INSERT INTO tt (n, v)), a CTE's, or a procedure's (CALL fill(): judged by
// its body, routinetemp.go), not a function call.
var nameIntroducers = map[string]bool{
	"INTO": true, "TABLE": true, "INSERT": true, "REPLACE": true, "IGNORE": true, "LOW_PRIORITY": true,
	"DELAYED": true, "HIGH_PRIORITY": true, "UPDATE": true, "WITH": true, "RECURSIVE": true, "CALL": true,
	"PROCEDURE": true, "FUNCTION": true,
}

// UnstableCall returns the first built-in function src (a statement's text read with
// syntax) calls that is not known to give the same value on every call (pureFunctions,
// with or without parentheses: bareFunctions), "" when there is none. stored reports
// whether a name followed by a parenthesis is a stored function, which the caller judges
// by its body; a qualified name (db.f(…), db.tt (…)) is left to it too. A CREATE statement
// is read from its first SELECT: its column definitions compute nothing.
func UnstableCall(src []byte, syntax sqlscan.Syntax, stored func(name string) bool) string {
	return unstableCall(src, syntax, stored, false)
}

// unstableCall is UnstableCall; body: src is a routine's CREATE, read whole (a body a
// CALL runs: TestXFix45TemporaryProcedureBodyRand).
func unstableCall(src []byte, syntax sqlscan.Syntax, stored func(name string) bool, body bool) string {
	l := sqlscan.New(src, syntax)
	first := l.Next()
	if first.Is("CREATE") && !body {
		t := l.Next()
		for ; !t.Is("SELECT"); t = l.Next() {
			if t.Kind == sqlscan.EOF {
				return ""
			}
		}
		l.Pos = t.Start
	} else {
		l.Pos = 0
	}
	var prev sqlscan.Token
	for t := l.Next(); t.Kind != sqlscan.EOF; prev, t = t, l.Next() {
		if v := unrestoredVariable(t.Text); t.Kind == sqlscan.Var && v != "" {
			return v // stablevars.go
		}
		if t.Kind != sqlscan.Word && t.Kind != sqlscan.Quoted {
			continue
		}
		u := strings.ToUpper(t.Text)
		save := l.Pos
		n := l.Next()
		l.Pos = save
		paren := n.Kind == sqlscan.Punct && n.Text == "("
		qualified := prev.Kind == sqlscan.Punct && prev.Text == "." || n.Kind == sqlscan.Punct && n.Text == "."
		switch {
		case qualified || prev.Kind == sqlscan.Word && nameIntroducers[strings.ToUpper(prev.Text)]:
		case paren && (stableBeforeParen[u] || stored(u)):
		case t.Kind == sqlscan.Quoted:
			if paren {
				return t.Text // a quoted name called: not a function the dump created
			}
		case paren || bareFunctions[u] || (u == "NEXT" || u == "PREVIOUS") && n.Is("VALUE"):
			if !pureWord(t.Text, &l) {
				return u
			}
		}
	}
	return ""
}
