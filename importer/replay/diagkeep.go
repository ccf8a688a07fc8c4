package replay

import (
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// keepsArea reports whether st provably keeps the diagnostics area the statement before
// it left: a SET of user variables to literals or other user variables only
// (SET @v = 1, SET @a := 'x', @b = @a), which opens no table and raises no condition
// (checked on MariaDB 10.11 between an INSERT with 3 warnings and GET DIAGNOSTICS
// @w = NUMBER). A reader after it reads what the statement before left, so diagTail
// waits past it (TestDiffFuzzFound4KeeperBeforeReader). Anything else may open a table
// (a subquery, a stored function) and is no keeper here: a chain of keepers only, each
// judged alone.
func keepsArea(st *split.Statement) bool {
	if st.Kind == split.KindClient || len(st.SQL) == 0 {
		return false
	}
	l := sqlscan.New(st.SQL, st.Syntax())
	if !l.Next().Is("SET") {
		return false
	}
	const (
		wantVar = iota
		wantAssign
		wantValue
		wantComma
		wantFraction // after a number's "." (the tokenizer splits 2.5 into 2 . 5)
	)
	number := false // the value just read is a number
	state := wantVar
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		switch state {
		case wantVar:
			if t.Kind != sqlscan.Var || len(t.Text) < 2 || t.Text[1] == '@' {
				return false
			}
			state = wantAssign
		case wantAssign:
			if t.Kind != sqlscan.Punct || (t.Text != "=" && t.Text != ":=") {
				return false
			}
			state = wantValue
		case wantValue:
			if t.Kind == sqlscan.Punct && t.Text == "-" {
				continue // a negative number
			}
			if !literalOrUserVar(t) {
				return false
			}
			number = t.Kind == sqlscan.Word && !t.Is("NULL")
			state = wantComma
		case wantFraction:
			if t.Kind != sqlscan.Word || !digits(t.Text) {
				return false
			}
			number, state = false, wantComma
		case wantComma:
			if t.Kind == sqlscan.Punct && t.Text == ";" {
				continue
			}
			if number && t.Kind == sqlscan.Punct && t.Text == "." {
				state = wantFraction
				continue
			}
			if t.Kind != sqlscan.Punct || t.Text != "," {
				return false
			}
			state = wantVar
		}
	}
	return state == wantComma
}

// literalOrUserVar reports whether t is a number, a string, NULL or a user variable.
func literalOrUserVar(t sqlscan.Token) bool {
	switch t.Kind {
	case sqlscan.String:
		return true
	case sqlscan.Var:
		return len(t.Text) >= 2 && t.Text[1] != '@'
	case sqlscan.Word:
		if t.Is("NULL") {
			return true
		}
		return digits(t.Text)
	}
	return false
}

// digits reports whether s is one or more decimal digits.
func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
