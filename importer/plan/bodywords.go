package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// A procedure's or compound statement's body is judged by the words that start its
// statements: a column named start, commit, rollback, xa or execute (none is reserved
// in MariaDB) in `INSERT INTO ev (id, start) …` starts no transaction, and taking it for
// one refused the CALL (cost, not loss). bodyStatementStarts finds those words with the
// tokenizer, not the body's grammar, so it errs on the side of more: a word counts after
// anything a statement may follow (a `;`, BEGIN, THEN, ELSE, DO, LOOP, REPEAT, a label's
// `:`, the end of the parameter list or of a characteristic, a handler's conditions), and
// after a few tokens that a statement never follows too (a `)` or a string), which only
// refuses more.

// stmtFollows are the words a statement of a body may follow: the openers of compound
// statements and their branches, and the last words of a routine's characteristics (NOT
// DETERMINISTIC, CONTAINS SQL, MODIFIES SQL DATA, SQL SECURITY INVOKER, …, BEGIN NOT
// ATOMIC).
var stmtFollows = map[string]bool{
	"BEGIN": true, "THEN": true, "ELSE": true, "DO": true, "LOOP": true, "REPEAT": true,
	"ATOMIC": true, "SQL": true, "DATA": true, "DETERMINISTIC": true, "DEFINER": true, "INVOKER": true,
	"IS": true, "AS": true, // sql_mode=ORACLE: CREATE PROCEDURE p AS BEGIN …
	"ROW": true, // a trigger's FOR EACH ROW; DECLARE r ROW (…) only refuses more
	"FOR": true, // SET STATEMENT … FOR START TRANSACTION (TestReviewX11BodySetStatementFor); FOR UPDATE, FOR i IN … only refuse more
}

// bodyStatementStarts calls fn with each word of st that may start a statement of its
// body, until fn returns true; it reports whether one did.
func bodyStatementStarts(st *split.Statement, fn func(word string) bool) bool {
	return bodyStatementsAt(st, func(w string, _ *sqlscan.Tokenizer) bool { return fn(w) })
}

// bodyStatementsAt is bodyStatementStarts with the tokenizer just past the word, for a
// reader of the statement's rest; fn leaves l.Pos where it found it.
func bodyStatementsAt(st *split.Statement, fn func(word string, l *sqlscan.Tokenizer) bool) bool {
	l := st.Tokens()
	start := false
	// handler: 0; 1 after HANDLER (FOR comes); 2 in a condition (SQLSTATE [VALUE] '…',
	// NOT FOUND); 3 after one (a `,` and another, or the handler's statement).
	handler := 0
	ordering := false // after a trigger's FOLLOWS or PRECEDES: its body comes after the name
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		up := ""
		if t.Kind == sqlscan.Word {
			up = strings.ToUpper(t.Text)
		}
		if ordering {
			ordering, start = false, true
			continue
		}
		switch handler {
		case 1:
			handler = 0
			if up == "FOR" {
				handler = 2
			}
			continue
		case 2:
			if up != "SQLSTATE" && up != "VALUE" && up != "NOT" {
				handler = 3
			}
			continue
		case 3:
			if t.Kind == sqlscan.Punct && t.Text == "," {
				handler = 2
				continue
			}
			handler, start = 0, true
		}
		if start && up != "" && fn(up, &l) {
			return true
		}
		switch {
		case t.Kind == sqlscan.Punct:
			// `>`: the end of an sql_mode=ORACLE label <<l1>> (TestReviewX11BodyOracleLabel);
			// after a comparison it only refuses more.
			start = t.Text == ";" || t.Text == ")" || t.Text == ":" || t.Text == ">"
		case t.Kind == sqlscan.String:
			start = true // COMMENT '…' before the body
		default:
			start = stmtFollows[up]
			ordering = up == "FOLLOWS" || up == "PRECEDES"
			if up == "HANDLER" {
				handler = 1
			}
		}
	}
	return false
}
