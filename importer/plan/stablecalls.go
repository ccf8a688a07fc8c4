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
	// A column's DEFAULT (expr) is judged by expr (UnstableDefault for the table's own).
	"DEFAULT": true,
	"COUNT":   true, "SUM": true, "MIN": true, "MAX": true, "AVG": true, "BIT_AND": true, "BIT_OR": true, "BIT_XOR": true,
	// CAST(x AS DECIMAL(10, 2)), a routine's parameters and DECLAREs (VARCHAR(40)), and
	// the like; as functions TIME(x), TIMESTAMP(x) and YEAR(x) repeat too.
	"DECIMAL": true, "NCHAR": true, "DOUBLE": true, "FLOAT": true, "BINARY": true, "VARCHAR": true, "VARBINARY": true,
	"INT": true, "INTEGER": true, "TINYINT": true, "SMALLINT": true, "MEDIUMINT": true, "BIGINT": true, "NUMERIC": true,
	"BIT": true, "DATETIME": true, "TIMESTAMP": true, "TIME": true, "YEAR": true, "ENUM": true, "DEC": true,
}

// stableFunctions are built-in functions whose value the arguments give, with the
// session variables a resume restores (time_zone, lc_time_names, the character sets: the
// journal gives the dump's SETs back), checked against the MariaDB 10.11 manual: a
// resent temporary write that calls them stores what it stored the first time. Kept
// apart from pureFunctions, which also says what a SET may be replayed on every worker
// with (the Constant SET rule), a separate question. Not here: the clock (NOW, SYSDATE,
// CURDATE, UNIX_TIMESTAMP, which reads it without an argument), RAND, UUID, UUID_SHORT,
// SYS_GUID, CONNECTION_ID, LAST_INSERT_ID, FOUND_ROWS, ROW_COUNT, USER, GET_LOCK, SLEEP,
// BENCHMARK, NEXTVAL, LASTVAL, SETVAL, and the encryption functions (a key or mode a
// session may change). Before, only pureFunctions passed, and a resent `INSERT INTO tt
// VALUES (1, CRC32(MD5('x')))` was refused (TestXFix47TemporaryStableFunctionsResent).
var stableFunctions = map[string]bool{
	// Hashes and encodings.
	"MD5": true, "SHA": true, "SHA1": true, "SHA2": true, "CRC32": true, "CRC32C": true, "BIN": true, "OCT": true,
	"CONV": true, "QUOTE": true, "SOUNDEX": true, "INET_ATON": true, "INET_NTOA": true, "INET6_ATON": true,
	"INET6_NTOA": true, "IS_IPV4": true, "IS_IPV6": true, "COMPRESS": true, "UNCOMPRESS": true, "UNCOMPRESSED_LENGTH": true,
	// Strings.
	"LPAD": true, "RPAD": true, "LTRIM": true, "RTRIM": true, "REPEAT": true, "REVERSE": true, "SPACE": true,
	"LOCATE": true, "INSTR": true, "POSITION": true, "MID": true, "ASCII": true, "ORD": true, "ELT": true, "FIELD": true,
	"MAKE_SET": true, "EXPORT_SET": true, "INSERT": true, "STRCMP": true, "SUBSTRING_INDEX": true, "OCTET_LENGTH": true,
	"BIT_LENGTH": true, "CHARACTER_LENGTH": true, "FORMAT": true, "REGEXP_REPLACE": true, "REGEXP_SUBSTR": true,
	"REGEXP_INSTR": true, "CHARSET": true, "COLLATION": true, "COERCIBILITY": true, "WEIGHT_STRING": true, "ISNULL": true,
	// Numbers.
	"CEILING": true, "TRUNCATE": true, "SIGN": true, "SQRT": true, "POW": true, "POWER": true, "EXP": true, "LN": true,
	"LOG": true, "LOG2": true, "LOG10": true, "PI": true, "SIN": true, "COS": true, "TAN": true, "COT": true,
	"ASIN": true, "ACOS": true, "ATAN": true, "ATAN2": true, "DEGREES": true, "RADIANS": true,
	// Dates of their arguments (names of days and months: lc_time_names).
	"DATE_FORMAT": true, "TIME_FORMAT": true, "STR_TO_DATE": true, "DATE_ADD": true, "DATE_SUB": true, "ADDDATE": true,
	"SUBDATE": true, "ADDTIME": true, "SUBTIME": true, "DATEDIFF": true, "TIMEDIFF": true, "TIMESTAMPDIFF": true,
	"TIMESTAMPADD": true, "DATE": true, "DAY": true, "DAYOFMONTH": true, "DAYOFWEEK": true, "DAYOFYEAR": true,
	"DAYNAME": true, "MONTH": true, "MONTHNAME": true, "WEEK": true, "WEEKDAY": true, "WEEKOFYEAR": true,
	"YEARWEEK": true, "HOUR": true, "MINUTE": true, "SECOND": true, "MICROSECOND": true, "QUARTER": true,
	"LAST_DAY": true, "MAKEDATE": true, "MAKETIME": true, "FROM_DAYS": true, "TO_DAYS": true, "TO_SECONDS": true,
	"SEC_TO_TIME": true, "TIME_TO_SEC": true, "EXTRACT": true, "PERIOD_ADD": true, "PERIOD_DIFF": true,
	"FROM_UNIXTIME": true, "CONVERT_TZ": true,
	// JSON.
	"JSON_OBJECT": true, "JSON_ARRAY": true, "JSON_EXTRACT": true, "JSON_VALUE": true, "JSON_QUERY": true,
	"JSON_UNQUOTE": true, "JSON_QUOTE": true, "JSON_SET": true, "JSON_INSERT": true, "JSON_REPLACE": true,
	"JSON_REMOVE": true, "JSON_CONTAINS": true, "JSON_CONTAINS_PATH": true, "JSON_LENGTH": true, "JSON_KEYS": true,
	"JSON_TYPE": true, "JSON_VALID": true, "JSON_DEPTH": true, "JSON_MERGE": true, "JSON_MERGE_PATCH": true,
	"JSON_MERGE_PRESERVE": true, "JSON_ARRAY_APPEND": true, "JSON_ARRAY_INSERT": true, "JSON_SEARCH": true,
	"JSON_COMPACT": true, "JSON_DETAILED": true, "JSON_LOOSE": true, "JSON_EXISTS": true,
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
			if !pureWord(t.Text, &l) && !(paren && stableFunctions[u]) {
				return u
			}
		}
	}
	return ""
}

// UnstableDefault returns the first function a column's DEFAULT or ON UPDATE expression
// in create calls that is not known to give the same value again, "" when there is none.
// create is a table's SHOW CREATE TABLE, or a CREATE TABLE statement (what comes before
// its SELECT): `v int DEFAULT (FLOOR(RAND() * 1000000))`, or `DEFAULT floor(rand() *
// 1000000)` as the server shows it. A row a resent INSERT gives that column takes a new
// value, where the write's own text names no such function
// (TestXFix47TemporaryDefaultResent). A clock default (CURRENT_TIMESTAMP) is one too.
func UnstableDefault(create []byte, syntax sqlscan.Syntax) string {
	l := sqlscan.New(create, syntax)
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Is("SELECT") {
			return ""
		}
		if !t.Is("DEFAULT") && !t.Is("UPDATE") {
			continue
		}
		// The expression: up to a comma or closing parenthesis at its own depth.
		depth := 0
		for e := l.Next(); e.Kind != sqlscan.EOF; e = l.Next() {
			if e.Kind == sqlscan.Punct {
				switch e.Text {
				case "(":
					depth++
				case ")":
					depth--
				}
				if depth < 0 || depth == 0 && e.Text == "," {
					break
				}
				continue
			}
			if e.Kind != sqlscan.Word {
				continue
			}
			u := strings.ToUpper(e.Text)
			save := l.Pos
			n := l.Next()
			l.Pos = save
			paren := n.Kind == sqlscan.Punct && n.Text == "("
			if (paren || bareFunctions[u]) && !stableBeforeParen[u] && !pureWord(e.Text, &l) && !(paren && stableFunctions[u]) {
				return u
			}
		}
	}
	return ""
}
