package split

import "github.com/dumpscope/dumpscope/importer/sqlscan"

// sql_mode=ORACLE's bodies, as sql_yacc_ora.yy reads them (MariaDB 10.3+):
//
//	sp_tail_standalone: sp_name [(params)] characteristics AS|IS sp_body [sp_name]
//	sf_tail_standalone: sp_name [(params)] RETURN type characteristics AS|IS sp_body [sp_name]
//	sp_body:            [declarations] BEGIN statements [EXCEPTION handlers] END
//	declaration:        a variable, CONDITION FOR, EXCEPTION, CURSOR c IS SELECT …, or a
//	                    {CONTINUE|EXIT} HANDLER FOR … statement; each ended by ';'
//	handler:            WHEN condition [OR condition] THEN statements
//	sp_unlabeled_block: [DECLARE declarations] BEGIN … END, a statement of a body, a
//	                    trigger's, an event's or the text's own (anonymous block)
//	sp_labeled_block:   <<label>> [DECLARE declarations] BEGIN … END [label]
//	loops:              [<<label>>] LOOP|WHILE c LOOP|FOR i IN [REVERSE] a..b LOOP …
//	                    END LOOP [label]
//
// and IF … ELSIF … END IF (compound.go's branches). A package (sql_yacc_ora.yy):
//
//	CREATE [OR REPLACE] [DEFINER = u] PACKAGE [BODY] [IF NOT EXISTS] name
//	    [COMMENT 'x' | SQL SECURITY …] AS|IS items END [name]
//	specification item: PROCEDURE name [(params)] [characteristics] ';' or
//	                    FUNCTION name [(params)] RETURN type [characteristics] ';'
//	body item:          a specification item (a forward declaration), one with AS|IS
//	                    sp_body [name] before its ';', or a variable's declaration ';'
//	body's end:         END, or BEGIN statements [EXCEPTION handlers] END (its
//	                    initialisation)

// oracleIs moves l over the AS or IS before an Oracle routine's body (sp_tail_is) and
// reports whether it was there (l is left where it was when not).
func oracleIs(l *sqlscan.Tokenizer) bool {
	save := l.Pos
	if t := l.Next(); t.Is("AS") || t.Is("IS") {
		return true
	}
	l.Pos = save
	return false
}

// oracleReturnType moves l, after an Oracle function's RETURN, over the return type and
// characteristics to just before its AS or IS, and reports whether that came.
func oracleReturnType(l *sqlscan.Tokenizer) bool {
	before, _, ok := toTopWord(l, true, isAsOrIs)
	if ok {
		l.Pos = before
	}
	return ok
}

// isAsOrIs reports whether t is the AS or IS before an Oracle routine's body.
func isAsOrIs(t sqlscan.Token) bool { return t.Is("AS") || t.Is("IS") }

// oracleRoutineBody moves l, after AS or IS, over an Oracle routine's body and the name
// that may follow its END (sp_body, opt_sp_name), and reports whether it could read it.
func oracleRoutineBody(l *sqlscan.Tokenizer) bool {
	if !oracleBlock(l, 0) {
		return false
	}
	oracleEndName(l)
	return true
}

// oracleBlock moves l over an Oracle block's declarations (after its DECLARE, or a
// routine's AS), its BEGIN, statements and exception handlers to its END, and reports
// whether it could read them.
func oracleBlock(l *sqlscan.Tokenizer, depth int) bool {
	for {
		save := l.Pos
		switch t := l.Next(); {
		case t.Is("BEGIN"):
			return blockRest(l, depth)
		case t.Kind == sqlscan.EOF || isSemicolon(t):
			return false
		}
		l.Pos = save
		if handler(l) {
			if !spStatement(l, depth+1) {
				return false
			}
		} else {
			simpleStatement(l)
		}
		if !isSemicolon(l.Next()) {
			return false
		}
	}
}

// blockRest moves l, after a block's BEGIN [NOT ATOMIC], over its statements and, in
// sql_mode=ORACLE, its exception handlers (EXCEPTION WHEN … THEN …) to its END, and
// reports whether it could read them.
func blockRest(l *sqlscan.Tokenizer, depth int) bool {
	switch spList(l, depth, "EXCEPTION", "END") {
	case "END":
		return true
	case "EXCEPTION":
		if !l.Next().Is("WHEN") {
			return false
		}
		for {
			if !expression(l, "THEN") {
				return false
			}
			switch spList(l, depth, "WHEN", "END") {
			case "END":
				return true
			case "":
				return false
			}
		}
	}
	return false
}

// oracleLabel moves l, after the first '<' of a <<label>>, over the rest of it, and
// reports whether it was one.
func oracleLabel(l *sqlscan.Tokenizer) bool {
	return isPunct(l.Next(), "<") && l.Next().IsName() && isPunct(l.Next(), ">") && isPunct(l.Next(), ">")
}

// oraclePackage moves l, after a CREATE's PACKAGE, over a package's specification or
// (after BODY) body, to just past its END [name], and reports whether it could read it
// (see above). Left unread, a package with a statement after it in its text was sent
// whole and refused (ERROR 1064) where the client's server ran both
// (TestReviewX22OraclePackageThenMore).
func oraclePackage(l *sqlscan.Tokenizer) bool {
	save := l.Pos
	body := l.Next().Is("BODY")
	if !body {
		l.Pos = save
	}
	t := l.Next()
	if t.Is("IF") {
		if !l.Next().Is("NOT") || !l.Next().Is("EXISTS") {
			return false
		}
		t = l.Next()
	}
	if !t.IsName() {
		return false
	}
	l.Name(t)
	skipCharacteristics(l) // COMMENT 'x', SQL SECURITY …
	if !oracleIs(l) {
		return false
	}
	for {
		save := l.Pos
		switch t := l.Next(); {
		case t.Is("END"):
			oracleEndName(l)
			return true
		case body && t.Is("BEGIN"):
			if !blockRest(l, 0) {
				return false
			}
			oracleEndName(l)
			return true
		case t.Is("PROCEDURE") || t.Is("FUNCTION"):
			if !packageRoutine(l) {
				return false
			}
		case body && t.IsName():
			l.Pos = save
			simpleStatement(l) // a variable, CURSOR, EXCEPTION or CONDITION declaration
		default:
			return false
		}
		if !isSemicolon(l.Next()) {
			return false
		}
	}
}

// packageRoutine moves l, after a package item's PROCEDURE or FUNCTION, over its name,
// parameters, return type and characteristics, and over its AS|IS body and the name
// after its END when it has one (a package body's definition), to just before its ';',
// and reports whether it could read it.
func packageRoutine(l *sqlscan.Tokenizer) bool {
	t := l.Next()
	if !t.IsName() {
		return false
	}
	l.Name(t)
	switch before, depth, ok := toTopWord(l, true, isAsOrIs); {
	case ok:
		return oracleRoutineBody(l) // after AS|IS
	case depth < 0:
		return false
	default:
		l.Pos = before
		return depth == 0 // a declaration: before its ';' (or the text's end)
	}
}

// oracleEndName moves l over the name that may follow an Oracle END (opt_sp_name).
func oracleEndName(l *sqlscan.Tokenizer) {
	save := l.Pos
	if t := l.Next(); t.IsName() {
		l.Name(t)
	} else {
		l.Pos = save
	}
}
