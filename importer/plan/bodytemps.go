package plan

import (
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// A procedure may make or drop TEMPORARY tables (CREATE and DROP TEMPORARY TABLE commit
// nothing: a CALL of one runs under --parallel since x-fix54, serially from the CALL on,
// TestReviewX22CallTemporaryTableRefused). The table it leaves lives in the control
// connection's session as one a plain CREATE TEMPORARY TABLE makes, but a resume that
// skips the CALL does not make it again: the rows after it read a table the resume's
// session lacks (ERROR 1146) or a real table of that name (TestXFix54CallLeavesTemporaryTable).
// So the tables a CALL (or a compound statement) leaves made, or drops of those the
// planner holds, are held from then on and marked inexact at it, as a write through code
// that cannot be sent again is (codeWrite): a resume that goes on while one is there
// refuses in one line (replay's temprebuild.go). A table the body makes and drops again
// (the last of its CREATE and DROP in the body's text is the DROP) is left out, but only
// when that DROP runs on every path of the body: one inside an IF, CASE, loop, handler or
// a CALL made there, or after a handler, LEAVE or RETURN that may skip it, may not run,
// and a resume past the CALL would read a real table of that name, silently
// (TestXFix55CallConditionalDrop): such a table is left maybe made.

// CodeTemps are the temporary tables the code a statement runs makes (Made) or drops
// while the planner holds them (Dropped): Plan.TemporaryByCode. A resume that skips the
// statement does not run that code: its session lacks the table the client's made, or
// keeps the one it dropped, and may not send again what names it (replay's
// temprebuild.go refuseByCode; TestDiffFuzzFoundS49cProcTempResumed).
type CodeTemps struct{ Made, Dropped []string }

// bodyTempDDL returns the keys of the temporary tables that d (what a statement runs;
// its names belong to db), through its own compound statement and the procedures of
// the dump it CALLs, transitively, may leave made (made), and drops (dropped), each
// once, in the order met. A table whose last DDL is a DROP that may not run (bodyBlocks)
// counts as made when the body made it before.
func (rb *routineBodies) bodyTempDDL(d *split.Statement, db string) (made, dropped []string) {
	last := map[string]bool{} // key → the last of its DDL met was a CREATE, or a DROP that may not run after one
	var order []string
	seen := map[*split.Statement]bool{}
	skips := false // a handler, LEAVE, RETURN … met: a later statement may not run
	var walk func(st *split.Statement, db string, depth int, cond bool)
	call := func(l *sqlscan.Tokenizer, depth int, cond bool) { // l just past a CALL
		save := l.Pos
		_, name := l.Name(l.Next())
		l.Pos = save
		bodies := rb.procs[strings.ToLower(name)]
		for i := range bodies {
			if b := &bodies[i]; !seen[&b.st] {
				seen[&b.st] = true
				walk(&b.st, b.db, depth+1, cond)
			}
		}
	}
	walk = func(st *split.Statement, db string, depth int, cond bool) {
		if depth > 16 {
			return
		}
		l := st.Tokens()
		switch first := l.Next(); {
		case first.Is("CALL"): // the statement's own CALL, no body's
			call(&l, depth, cond)
			return
		case first.Kind == sqlscan.Word && condWords[strings.ToUpper(first.Text)]:
			cond = true // a compound IF, CASE or loop of the dump's own (its first word starts no body statement)
		}
		var blocks bodyBlocks
		bodyStatementsAt(st, func(w string, l *sqlscan.Tokenizer) bool {
			skips = blocks.step(w, l) || skips
			switch {
			case w == "CALL":
				call(l, depth, cond || blocks.cond())
			case temporaryTableAt(w, l):
				maybe := cond || skips || blocks.cond()
				save := l.Pos
				for _, k := range tempDDLKeys(l, db) {
					if !slices.Contains(order, k) {
						order = append(order, k)
					}
					last[k] = w == "CREATE" || maybe && last[k]
				}
				l.Pos = save
			}
			return false
		})
	}
	walk(d, db, 0, false)
	for _, k := range order {
		if last[k] {
			made = append(made, k)
		} else {
			dropped = append(dropped, k)
		}
	}
	return made, dropped
}

// condWords start a statement whose inner statements may not run (or run again).
var condWords = map[string]bool{"IF": true, "CASE": true, "WHILE": true, "LOOP": true, "REPEAT": true, "FOR": true}

// bodyBlocks follows, through the words that start a body's statements, the blocks
// around the current one: a BEGIN (false) or an IF, CASE or loop (true). A word it
// misreads only adds a block (FOR UPDATE after a `)`, an IF() there): an END it cannot
// match to its kind closes none, so a DROP is never taken for unconditional wrongly.
type bodyBlocks []bool

// step reads w, a body statement's first word (l just past it), and reports whether it
// may skip the statements after it: a handler (its statement runs when one fails, an
// EXIT one leaves the block), LEAVE, RETURN, ITERATE, GOTO or an ORACLE EXCEPTION part.
func (b *bodyBlocks) step(w string, l *sqlscan.Tokenizer) bool {
	switch {
	case w == "BEGIN":
		*b = append(*b, false)
	case condWords[w]:
		*b = append(*b, true)
	case w == "END":
		save := l.Pos
		n := l.Next()
		l.Pos = save
		if n.Kind == sqlscan.Word && condWords[strings.ToUpper(n.Text)] { // END IF, END LOOP …: to the last such block
			for j := len(*b) - 1; j >= 0; j-- {
				if (*b)[j] {
					*b = (*b)[:j]
					break
				}
			}
		} else if len(*b) > 0 && !(*b)[len(*b)-1] { // END of a BEGIN; a CASE expression's END closes no IF
			*b = (*b)[:len(*b)-1]
		}
	case w == "LEAVE" || w == "RETURN" || w == "ITERATE" || w == "GOTO" || w == "EXCEPTION":
		return true
	case w == "DECLARE":
		save := l.Pos
		defer func() { l.Pos = save }()
		for i := 0; i < 3; i++ { // DECLARE [CONTINUE|EXIT|UNDO] HANDLER
			if l.Next().Is("HANDLER") {
				return true
			}
		}
	}
	return false
}

// cond reports whether the current statement is inside an IF, CASE or loop.
func (b bodyBlocks) cond() bool { return slices.Contains(b, true) }

// tempDDLKeys reads, l just past a body statement's CREATE or DROP of a TEMPORARY TABLE
// (temporaryTableAt), the keys of the tables it names: CREATE's one, DROP's list.
func tempDDLKeys(l *sqlscan.Tokenizer, db string) []string {
	for t := l.Next(); !t.Is("TABLE"); t = l.Next() {
		if t.Kind == sqlscan.EOF {
			return nil
		}
	}
	var keys []string
	t := l.Next()
	if t.Is("IF") {
		l.Next() // NOT or EXISTS
		if t = l.Next(); t.Is("EXISTS") {
			t = l.Next()
		}
	}
	for t.IsName() {
		tdb, name := l.Name(t)
		if tdb == "" {
			tdb = db
		}
		keys = append(keys, KeyOf(tdb, name))
		if n := l.Next(); !(n.Kind == sqlscan.Punct && n.Text == ",") {
			break
		}
		t = l.Next()
	}
	return keys
}

// madeByCode notes, at d (its names belonging to db), the temporary tables its code
// leaves made as held, and marks them inexact (codeWrite), with the held ones it drops
// or writes through code (routineBodies.reach); it reports whether there were any. d
// itself is then not volatile: a resume does not send it again.
func (tt *temporaryTables) madeByCode(rb *routineBodies, d *split.Statement, db string) bool {
	if d.Kind != split.KindOther || !(strings.EqualFold(sqlscan.FirstWord(d.SQL, d.Syntax()), "CALL") || CompoundStatement(d)) {
		return false
	}
	made, dropped := rb.codeTempDDL(d, db)
	return tt.holdCodeTemps(rb, d, db, made, dropped)
}

// CompoundStatement reports whether st is a compound statement of the dump's own, outside
// any routine: BEGIN NOT ATOMIC … END, IF … END IF, CASE, LOOP, WHILE, REPEAT, FOR, or
// one of them after a label (`l1: BEGIN NOT ATOMIC …`), and sql_mode=ORACLE's anonymous
// blocks (BEGIN …; END, DECLARE … BEGIN … END). A plain BEGIN is KindTxn.
func CompoundStatement(st *split.Statement) bool {
	if st.Kind != split.KindOther {
		return false
	}
	l := st.Tokens()
	t := l.Next()
	if t.Kind != sqlscan.Word {
		return false
	}
	if n := l.Next(); n.Kind == sqlscan.Punct && n.Text == ":" {
		t = l.Next() // a label
	}
	// DECLARE first: sql_mode=ORACLE's anonymous block (`DECLARE v INT := 3; BEGIN … END`).
	return t.Kind == sqlscan.Word && (t.Is("BEGIN") || t.Is("DECLARE") || condWords[strings.ToUpper(t.Text)])
}

// connectionState is the package's connectionState with compoundTemps before it.
func (rb *routineBodies) connectionState(st *split.Statement, db string) string {
	if why := rb.compoundTemps(st, db); why != "" {
		return why
	}
	if CompoundStatement(st) && namesUserVariable(st) {
		// Its SET @v = … (a plain =, which exprState does not read as an assignment) is
		// given back on resume by the serial path only (replay's restoreUserVars): as a
		// barrier, a resume past it lost @v (TestReviewX25NotAtomicUserVarResumed).
		return "a compound statement may set user variables of its connection"
	}
	if CompoundStatement(st) && blockSetsSession(st) {
		// Its SET time_zone = … changes the control connection's session only: as a
		// barrier, the workers stored the rows after it under their own, and a resume
		// past it lost it (TestXFix78BlockSessionVarsParallel, …Resumed).
		return "a compound statement may set session variables of its connection"
	}
	return connectionState(st)
}

// namesUserVariable reports whether st names a user variable (@v, not @@v).
func namesUserVariable(st *split.Statement) bool {
	l := st.Tokens()
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind == sqlscan.Var && !strings.HasPrefix(t.Text, "@@") {
			return true
		}
	}
	return false
}

// compoundTemps returns why st, a compound statement of the dump's own, must run with
// the rest of the dump on one connection: its code (its body, the procedures it CALLs,
// the functions and triggers it runs: codeTempDDL, the reader Plan.TemporaryByCode
// comes from) makes or drops a temporary table, which lives on the connection that ran
// it; "" otherwise. Planned as a barrier, it made its table on the control connection
// and the rows after it went to a worker, into a real table of that name or ERROR 1146
// (TestReviewX25NotAtomicTemporary). A CALL is serial anyway (serialVerbs).
func (rb *routineBodies) compoundTemps(st *split.Statement, db string) string {
	if !CompoundStatement(st) {
		return ""
	}
	if made, dropped := rb.codeTempDDL(st, db); len(made)+len(dropped) > 0 {
		return "a temporary table exists only on the connection that created it, and this compound statement's code makes or drops one"
	}
	return ""
}

// holdCodeTemps notes made, the temporary tables the code d runs leaves made, as held,
// and marks them inexact at d with the held ones of dropped and those d writes through
// code (madeByCode, madeByFunctions); it reports whether there were any. The made and
// dropped ones are Plan.TemporaryByCode: a resume that skipped d and sent again a write
// of one made there failed with ERROR 1146 (TestDiffFuzzFoundS49cProcTempResumed).
func (tt *temporaryTables) holdCodeTemps(rb *routineBodies, d *split.Statement, db string, made, dropped []string) bool {
	var keys []string
	for _, k := range dropped {
		if tt.names[k] {
			keys = append(keys, k) // held by the planner, dropped by code: kept held, inexact
		}
	}
	if len(made) == 0 && len(keys) == 0 {
		return false
	}
	tt.byCode = CodeTemps{Made: slices.Clone(made), Dropped: slices.Clone(keys)} // a resume that skips d has them otherwise
	if tt.names == nil {
		tt.names = map[string]bool{}
	}
	if tt.nonTx == nil {
		tt.nonTx = map[string]bool{}
	}
	for _, k := range made {
		tt.names[k] = true
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	r := rb.reach(d, db, func(key string) bool { return tt.names[key] })
	for _, k := range r.temps {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	tt.codeWrite, tt.codeAlso = keys[0], keys[1:]
	tt.codeWhy = "the body it runs makes or drops it (CREATE or DROP TEMPORARY TABLE)"
	return true
}
