package split

import (
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// The server reads a statement with a body (CREATE PROCEDURE … BEGIN …; END, a trigger,
// an event's DO, BEGIN NOT ATOMIC … END, IF … END IF) to the END that closes its body,
// then takes the ';' after it for the end of the statement like any other: under
// CLIENT_MULTI_STATEMENTS, what follows in the same text (`CREATE PROCEDURE p() BEGIN …
// END; CALL p() //`) is the next statement (sql_yacc.yy's query rule: a statement, ';',
// and found_semicolon marks where the next one starts). The mariadb client cuts nothing
// under DELIMITER // and sends the text whole. Taken to the text's end, the part was
// refused by the server with ERROR 1064 in every mode where the client ran it
// (TestServerPartsAfterBody). bodyEnd reads the body as the server's grammar nests it,
// statement by statement; where it cannot (a form it does not know), ServerParts leaves
// the rest of the text one part, as before: the server's loud ERROR 1064, never a cut
// elsewhere than the server's. sql_mode=ORACLE's forms (sql_yacc_ora.yy) are read too
// (oracle.go): a procedure's or function's `AS|IS [declarations;…] BEGIN … [EXCEPTION
// …] END [name]` (sp_tail_standalone, sf_tail_standalone), a block's `DECLARE …; BEGIN …
// END` and a `<<label>>` (sp_unlabeled_block, sp_labeled_block), ELSIF, `WHILE|FOR …
// LOOP … END LOOP`; left whole, an Oracle routine with statements after it in its text
// was refused (ERROR 1064, TestDiffFuzzFoundS46OracleThenMore); read as simple
// statements they were cut at their first ';' (TestReviewX19OracleProcedureCut). The
// splitter does not know the sql_mode: a default-mode server refuses these forms at
// their first Oracle word, with or without the cut, so one reading serves both.

// maxBodyDepth bounds the nesting bodyEnd follows; deeper is not read (the rest whole).
const maxBodyDepth = 64

// bodyEnd moves l over the statement at its position that holds a body (bodyAhead), to
// just before the ';' that ends it for the server (or the text's end), and reports
// whether it could read it so.
func bodyEnd(l *sqlscan.Tokenizer) bool {
	save := l.Pos
	if t := l.Next(); t.Is("CREATE") || t.Is("ALTER") {
		switch body, ok := routineHeader(l); {
		case !ok:
			return false
		case !body: // ALTER EVENT e DISABLE: no DO
			return true
		}
		if oracleIs(l) {
			return oracleRoutineBody(l)
		}
	} else {
		l.Pos = save
	}
	return spStatement(l, 0)
}

// routineHeader moves l, after CREATE or ALTER, over a routine's, trigger's or event's
// header to where its body starts, and reports whether there is one (an ALTER EVENT
// without DO has none: l is then before its end) and whether the header could be read
// (not a UDF's SONAME, an ALTER of a procedure or function). Before sql_mode=ORACLE's
// body, l is left before its AS or IS (oracleIs). A package (sql_mode=ORACLE's CREATE
// PACKAGE [BODY]) is read whole here, to just past its END [name] (oraclePackage): no
// body is left to read then either.
func routineHeader(l *sqlscan.Tokenizer) (body, ok bool) {
	n := l.Next()
	if n.Is("OR") {
		if !l.Next().Is("REPLACE") {
			return false, false
		}
		n = l.Next()
	}
	if n.Is("DEFINER") {
		l.SkipDefiner()
		n = l.Next()
	}
	if n.Is("AGGREGATE") {
		n = l.Next()
	}
	switch {
	case n.Is("PROCEDURE") || n.Is("FUNCTION"):
		function := n.Is("FUNCTION")
		open, before := ifNotExistsName(l)
		switch {
		case open.Is("AS") || open.Is("IS") || open.Is("RETURN"):
			l.Pos = before // sql_mode=ORACLE's routine without a parameter list
		case !skipParens(l, open):
			return false, false // no parameter list: a UDF (SONAME), an ALTER
		}
		if function {
			switch t := l.Next(); {
			case t.Is("RETURN"): // sql_mode=ORACLE's `RETURN type … AS|IS`
				return oracleReturnType(l), true
			case !t.Is("RETURNS"):
				return false, false
			}
			return functionBody(l), true
		}
		skipCharacteristics(l)
		return true, true
	case n.Is("TRIGGER"):
		// … ON t FOR EACH ROW [FOLLOWS|PRECEDES other]
		for t := l.Next(); ; t = l.Next() {
			if t.Kind == sqlscan.EOF || isSemicolon(t) {
				return false, false
			}
			if t.Is("FOR") && l.Next().Is("EACH") && l.Next().Is("ROW") {
				break
			}
		}
		save := l.Pos
		if t := l.Next(); t.Is("FOLLOWS") || t.Is("PRECEDES") {
			l.Name(l.Next())
		} else {
			l.Pos = save
		}
		return true, true
	case n.Is("PACKAGE"):
		return false, oraclePackage(l) // read whole, to its END [name] (oracle.go)
	case n.Is("EVENT"):
		before, depth, ok := toTopWord(l, false, func(t sqlscan.Token) bool { return t.Is("DO") })
		if !ok {
			l.Pos = before // ALTER EVENT e DISABLE: before its end
			return false, depth == 0
		}
		return true, true // after DO
	}
	return false, false
}

// ifNotExistsName reads [IF NOT EXISTS] [db.]name and returns the token after it, and
// l's position before that token.
func ifNotExistsName(l *sqlscan.Tokenizer) (next sqlscan.Token, before int) {
	t := l.Next()
	if t.Is("IF") {
		if !l.Next().Is("NOT") || !l.Next().Is("EXISTS") {
			return sqlscan.Token{}, l.Pos
		}
		t = l.Next()
	}
	if !t.IsName() {
		return sqlscan.Token{}, l.Pos
	}
	l.Name(t)
	before = l.Pos
	return l.Next(), before
}

// skipParens moves l over the parenthesised list that open (the token read last) opens,
// and reports whether open was '(' and its ')' came.
func skipParens(l *sqlscan.Tokenizer, open sqlscan.Token) bool {
	if !isPunct(open, "(") {
		return false
	}
	for depth := 1; depth > 0; {
		switch t := l.Next(); {
		case t.Kind == sqlscan.EOF || isSemicolon(t):
			return false
		case isPunct(t, "("):
			depth++
		case isPunct(t, ")"):
			depth--
		}
	}
	return true
}

// characteristicWords are the words of a routine's characteristics (COMMENT 'x',
// LANGUAGE SQL, [NOT] DETERMINISTIC, CONTAINS SQL, NO SQL, READS SQL DATA, MODIFIES SQL
// DATA, SQL SECURITY DEFINER|INVOKER), none of which starts a statement.
var characteristicWords = map[string]bool{"LANGUAGE": true, "SQL": true, "NOT": true, "DETERMINISTIC": true, "CONTAINS": true,
	"NO": true, "READS": true, "MODIFIES": true, "DATA": true, "SECURITY": true, "DEFINER": true, "INVOKER": true}

// skipCharacteristics moves l over a procedure's characteristics, to its body.
func skipCharacteristics(l *sqlscan.Tokenizer) {
	for {
		save := l.Pos
		t := l.Next()
		switch {
		case t.Is("COMMENT"):
			l.Next() // the string
		case t.Kind == sqlscan.Word && characteristicWords[strings.ToUpper(t.Text)]:
		default:
			l.Pos = save
			return
		}
	}
}

// functionBody moves l over a function's return type and characteristics, to its body,
// and reports whether it found it: a function's body is RETURN … or a compound statement
// (without a RETURN the server refuses it, ERROR 1320), the first such word, or a
// label, outside the type's parentheses.
func functionBody(l *sqlscan.Tokenizer) bool {
	before, _, ok := toTopWord(l, false, func(t sqlscan.Token) bool {
		if t.Is("RETURN") || compoundWords[strings.ToUpper(t.Text)] {
			return true
		}
		at := l.Pos // a label: the word before a ':'
		n := l.Next()
		l.Pos = at
		return isPunct(n, ":")
	})
	if ok {
		l.Pos = before
	}
	return ok // not: l after the ';' (or at the text's end), as before toTopWord
}

// compoundWords start a compound statement (with BEGIN); a label may stand before
// BEGIN and the loops.
var compoundWords = map[string]bool{"BEGIN": true, "IF": true, "CASE": true, "LOOP": true, "WHILE": true, "REPEAT": true, "FOR": true}

// spStatement moves l over one statement of a body, simple or compound, to just before
// the ';' that ends it (or the text's end), and reports whether it could read it: a
// compound statement to the END [IF|CASE|LOOP|WHILE|REPEAT|FOR] [label] that closes
// it, following the statements inside it, a DECLARE … HANDLER to the end of its
// handler's statement, any other statement to its first ';' (none is inside one outside
// strings and comments).
func spStatement(l *sqlscan.Tokenizer, depth int) bool {
	if depth > maxBodyDepth {
		return false
	}
	t := l.Next()
	labelled := false
	if isPunct(t, "<") { // sql_mode=ORACLE's <<label>> before a block or a loop
		if !oracleLabel(l) {
			return false
		}
		labelled, t = true, l.Next()
		if !t.Is("BEGIN") && !t.Is("DECLARE") && !t.Is("LOOP") && !t.Is("WHILE") && !t.Is("FOR") {
			return false
		}
		if t.Is("DECLARE") {
			return oracleBlock(l, depth) && endLabel(l)
		}
	} else if t.IsName() {
		save := l.Pos
		if n := l.Next(); isPunct(n, ":") {
			w := l.Next()
			switch {
			case w.Is("BEGIN") || w.Is("LOOP") || w.Is("WHILE") || w.Is("REPEAT") || w.Is("FOR"):
				labelled, t = true, w
			case compoundWords[strings.ToUpper(t.Text)]:
				// Not a label: sql_mode=ORACLE's bind variable after the compound word
				// (`BEGIN :NEW.v := 1; END`, `IF :NEW.a > 0 THEN`, a trigger's). Read as a
				// label, the text was sent whole and refused (ERROR 1064) where the client's
				// server ran it and the statements after it (TestReviewX22OracleTriggerBind).
				l.Pos = save
			default:
				return false
			}
		} else {
			l.Pos = save
		}
	}
	var closing string // the word after END
	switch {
	case t.Kind == sqlscan.EOF || isSemicolon(t):
		return false
	case t.Is("BEGIN"):
		save := l.Pos
		if l.Next().Is("NOT") {
			if !l.Next().Is("ATOMIC") {
				return false
			}
		} else {
			l.Pos = save
		}
		if !blockRest(l, depth) {
			return false
		}
	case t.Is("IF"):
		if !branches(l, depth, "ELSEIF") {
			return false
		}
		closing = "IF"
	case t.Is("CASE"):
		if !expression(l, "WHEN") || !branches(l, depth, "WHEN") {
			return false
		}
		closing = "CASE"
	case t.Is("LOOP"):
		if spList(l, depth, "END") == "" {
			return false
		}
		closing = "LOOP"
	case t.Is("WHILE") || t.Is("FOR"):
		// `… DO … END WHILE|FOR`, or sql_mode=ORACLE's `… LOOP … END LOOP`
		switch expressionTo(l, "DO", "LOOP") {
		case "DO":
			closing = strings.ToUpper(t.Text)
		case "LOOP":
			closing = "LOOP"
		default:
			return false
		}
		if spList(l, depth, "END") == "" {
			return false
		}
	case t.Is("REPEAT"):
		if spList(l, depth, "UNTIL") == "" || !expression(l, "END") {
			return false
		}
		closing = "REPEAT"
	case t.Is("DECLARE"):
		if handler(l) {
			return spStatement(l, depth+1)
		}
		if depth == 0 {
			// a trigger's, an event's or a text's `DECLARE …; BEGIN … END`: Oracle's block
			// (inside a body, a DECLARE is read as one declaration: the block's BEGIN after it
			// is then a statement of its own, which ends where the block does)
			return oracleBlock(l, depth)
		}
		return simpleStatement(l)
	default:
		return simpleStatement(l)
	}
	if closing != "" && !l.Next().Is(closing) {
		return false
	}
	if labelled {
		return endLabel(l)
	}
	return true
}

// endLabel moves l over the label that may follow a labelled statement's END, and
// reports true.
func endLabel(l *sqlscan.Tokenizer) bool {
	save := l.Pos
	if !l.Next().IsName() {
		l.Pos = save
	}
	return true
}

// branches moves l over the branches of an IF (next: ELSEIF) or a CASE statement (next:
// WHEN), from the first condition on: `condition THEN statements`, again after each
// next, then ELSE and statements, up to and with their END; it reports whether it could
// read them.
func branches(l *sqlscan.Tokenizer, depth int, next string) bool {
	ends := []string{next, "ELSE", "END"}
	if next == "ELSEIF" {
		ends = append(ends, "ELSIF") // sql_mode=ORACLE's
	}
	for w := next; w != "END"; {
		switch {
		case w == "ELSE":
			w = spList(l, depth, "END")
		case expression(l, "THEN"):
			w = spList(l, depth, ends...)
		default:
			w = ""
		}
		if w == "" {
			return false
		}
	}
	return true
}

// spList moves l over the statements of a compound statement, each ended by its ';', up
// to one of the words that end the list (END, and ELSEIF, ELSE, WHEN, UNTIL where they
// may stand), read where a statement would start, and returns that word, "" where the
// list could not be read.
func spList(l *sqlscan.Tokenizer, depth int, ends ...string) string {
	for {
		save := l.Pos
		t := l.Next()
		for _, w := range ends {
			if t.Is(w) {
				return w
			}
		}
		l.Pos = save
		if !spStatement(l, depth+1) || !isSemicolon(l.Next()) {
			return ""
		}
	}
}

// handler moves l, after DECLARE, over `{CONTINUE|EXIT|UNDO} HANDLER FOR` and the
// condition values (SQLSTATE [VALUE] '…', SQLWARNING, NOT FOUND, SQLEXCEPTION, an error
// number, a condition's name, separated by commas) to the handler's statement, and
// reports whether it is such a declaration (l is left where it was when it is not).
func handler(l *sqlscan.Tokenizer) bool {
	save := l.Pos
	if t := l.Next(); !(t.Is("CONTINUE") || t.Is("EXIT") || t.Is("UNDO")) || !l.Next().Is("HANDLER") || !l.Next().Is("FOR") {
		l.Pos = save
		return false
	}
	for {
		switch v := l.Next(); {
		case v.Is("SQLSTATE"):
			at := l.Pos
			if !l.Next().Is("VALUE") {
				l.Pos = at
			}
			l.Next()
		case v.Is("NOT"):
			l.Next() // FOUND
		}
		at := l.Pos
		if !isPunct(l.Next(), ",") {
			l.Pos = at
			return true
		}
	}
}

// expression moves l over an expression up to the word end outside parentheses and CASE
// … END expressions, which it reads too, and reports whether it came.
func expression(l *sqlscan.Tokenizer, end string) bool { return expressionTo(l, end) != "" }

// expressionTo is expression up to the first of the words ends, which it returns ("":
// none came).
func expressionTo(l *sqlscan.Tokenizer, ends ...string) string {
	parens, cases := 0, 0
	for {
		t, more := nextInParens(l, &parens)
		switch {
		case !more || parens < 0:
			return ""
		case t.Is("CASE"):
			cases++
		case parens == 0 && cases == 0 && t.Kind == sqlscan.Word && slices.ContainsFunc(ends, t.Is):
			return strings.ToUpper(t.Text)
		case t.Is("END"):
			if cases--; cases < 0 {
				return ""
			}
		}
	}
}

// simpleStatement moves l to just before the next ';' (or the text's end).
func simpleStatement(l *sqlscan.Tokenizer) bool {
	for {
		save := l.Pos
		if t := l.Next(); t.Kind == sqlscan.EOF || isSemicolon(t) {
			l.Pos = save
			return true
		}
	}
}

// nextInParens reads the next token of l, counting it in depth when it is '(' or ')',
// and reports false at the end of the statement (the text's end or a ';'): the one walk
// of toTopWord (an event's header, a function's return type) and an expression.
func nextInParens(l *sqlscan.Tokenizer, depth *int) (t sqlscan.Token, more bool) {
	switch t = l.Next(); {
	case t.Kind == sqlscan.EOF || isSemicolon(t):
		return t, false
	case isPunct(t, "("):
		*depth++
	case isPunct(t, ")"):
		*depth--
	}
	return t, true
}

// toTopWord reads l to the first word outside the parentheses it reads that accepts
// takes (called with l just after the word), and reports whether it came: l is then
// just after the word, and before is where the word starts. It does not come when the
// statement ends first (l just after its ';', or at the text's end, which starts at
// before), or, with unopened, when a ')' closes a parenthesis it did not read open (l
// just after it); depth is the parentheses open when it stopped. The one walk of an
// event's header to DO, a function's return type to its body (functionBody,
// oracleReturnType) and a package routine's to AS|IS: each takes the word, or goes back
// before it, or before the end, as it means.
func toTopWord(l *sqlscan.Tokenizer, unopened bool, accepts func(t sqlscan.Token) bool) (before, depth int, ok bool) {
	for {
		before = l.Pos
		t, more := nextInParens(l, &depth)
		switch {
		case !more || unopened && depth < 0:
			return before, depth, false
		case depth == 0 && t.Kind == sqlscan.Word && accepts(t):
			return before, depth, true
		}
	}
}

func isPunct(t sqlscan.Token, p string) bool { return t.Kind == sqlscan.Punct && t.Text == p }

func isSemicolon(t sqlscan.Token) bool { return isPunct(t, ";") }
