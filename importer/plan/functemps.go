package plan

import (
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// A stored function or a trigger may make or drop TEMPORARY tables as a procedure may
// (CREATE and DROP TEMPORARY TABLE commit nothing, so MariaDB allows them there), and a
// function runs from any expression: INSERT … VALUES (f()), DO f(), SET @x = f(), SELECT
// f() INTO @x, a trigger's body. A resume that skips such a statement does not make the
// table again, and the statements after it read a real table of that name, silently
// (TestReviewX23FunctionTemporaryResume: t got 100 where the client's got 7). So such a
// statement is judged as a CALL is (bodytemps.go): the tables the code it runs leaves
// made are held and inexact at it, and a resume that goes on while one is there refuses
// in one line naming it; a function that drops what it makes on every path of its body
// leaves none, and the resume goes on (TestXFix57FunctionDropsItsTemporary).
//
// Followed: the functions a statement names (a name the dump created followed by a
// parenthesis, qualified or not), the functions and procedures their bodies call,
// transitively, and the triggers of the tables the statement writes (an INSERT's or
// REPLACE's table, rows of literal values too: a map look-up, no scan; an UPDATE's or
// DELETE's), and the views a statement or a body names (a view's columns call
// functions where it is read: INSERT INTO t SELECT x FROM v, TestXFix57ViewCallsFunction),
// views of views too. Not followed: a trigger of a table that a body writes. A function cannot be called from a column's
// DEFAULT, generated expression or CHECK constraint (MariaDB refuses stored functions
// there). Where a statement calls several functions, or a compound statement calls one
// before its own DROP, their order is not followed: a table any of them leaves made
// counts as made (a refusal more, never a silent difference).

// codeTemps is what routineBodies knows of the code that makes or drops temporary
// tables, so that a statement pays nothing where no function or trigger does.
type codeTemps struct {
	funcs []string        // the dump's functions (lower-cased) whose code does
	trigs map[string]bool // the keys of the tables whose triggers' code does
	// views are the names (lower-cased, without their database) of the dump's views
	// whose columns call such a function: a statement whose text holds none reads none.
	views []string
}

// added notes that observe adds st's body: codeTemps is read again, from the bodies
// themselves only where one names TEMPORARY (mysqldump writes session statements
// between its routines, and each would read every body again otherwise).
func (rb *routineBodies) added(st *split.Statement) {
	rb.temps = nil
	if sqlscan.ContainsFoldASCII(st.SQL, "TEMPORARY") {
		rb.temporary++
	}
}

// codeTemps returns the functions and triggers whose code makes or drops temporary
// tables, read again after observe adds a body.
func (rb *routineBodies) codeTemps() *codeTemps {
	if rb.temps != nil {
		return rb.temps
	}
	ct := &codeTemps{trigs: map[string]bool{}}
	if rb.temporary == 0 {
		rb.temps = ct
		return ct
	}
	any := func(bodies []routineBody) bool {
		for i := range bodies {
			if made, dropped := rb.codeTempDDL(&bodies[i].st, bodies[i].db); len(made)+len(dropped) > 0 {
				return true
			}
		}
		return false
	}
	for name, bodies := range rb.funcs {
		if any(bodies) {
			ct.funcs = append(ct.funcs, name)
		}
	}
	slices.Sort(ct.funcs)
	for key, bodies := range rb.trigs {
		if any(bodies) {
			ct.trigs[key] = true
		}
	}
	for key, bodies := range rb.views {
		if _, name := sqlscan.TableKey(key).Names(); any(bodies) && !slices.Contains(ct.views, strings.ToLower(name)) {
			ct.views = append(ct.views, strings.ToLower(name))
		}
	}
	slices.Sort(ct.views)
	rb.temps = ct
	return ct
}

// codeTempDDL is bodyTempDDL (d's own compound statement and the procedures it CALLs)
// with the functions d and those bodies call, and the views they name, transitively: the
// temporary tables any of them may leave made (made), and those one drops that none
// leaves made (dropped). A name that is a view's is followed wherever it stands (a
// superset of where the view is read: more refuses more, never less).
func (rb *routineBodies) codeTempDDL(d *split.Statement, db string) (made, dropped []string) {
	add := func(m, dr []string) {
		for _, k := range m {
			if !slices.Contains(made, k) {
				made = append(made, k)
			}
		}
		for _, k := range dr {
			if !slices.Contains(dropped, k) {
				dropped = append(dropped, k)
			}
		}
	}
	seen := map[*split.Statement]bool{}
	var walk func(st *split.Statement, db string, own bool, depth int)
	walk = func(st *split.Statement, db string, own bool, depth int) {
		if depth > 16 {
			return
		}
		if own { // a procedure's DDL is its caller's bodyTempDDL's, in the caller's order
			add(rb.bodyTempDDL(st, db))
		}
		l := st.Tokens()
		var before sqlscan.Token
		for t := l.Next(); t.Kind != sqlscan.EOF; before, t = t, l.Next() {
			if t.Kind == sqlscan.Word && t.Is("CALL") {
				save := l.Pos
				_, name := l.Name(l.Next())
				l.Pos = save
				for i, bodies := 0, rb.procs[strings.ToLower(name)]; i < len(bodies); i++ {
					if b := &bodies[i]; !seen[&b.st] {
						seen[&b.st] = true
						walk(&b.st, b.db, false, depth+1) // for the functions it calls
					}
				}
				continue
			}
			if !t.IsName() || before.Is("FUNCTION") || before.Is("PROCEDURE") || before.Is("EXISTS") {
				continue // not a name, or a routine's own header
			}
			tdb, name := l.Name(t)
			save := l.Pos
			next := l.Next()
			l.Pos = save
			if next.Kind != sqlscan.Punct || next.Text != "(" {
				vdb := tdb
				if vdb == "" {
					vdb = db
				}
				for i, bodies := 0, rb.views[KeyOf(vdb, name)]; i < len(bodies); i++ {
					if b := &bodies[i]; !seen[&b.st] {
						seen[&b.st] = true
						walk(&b.st, b.db, false, depth+1) // for the functions its columns call
					}
				}
				continue
			}
			for i, bodies := 0, rb.funcs[strings.ToLower(name)]; i < len(bodies); i++ {
				if b := &bodies[i]; !seen[&b.st] && (tdb == "" || strings.EqualFold(b.db, tdb)) {
					seen[&b.st] = true
					walk(&b.st, b.db, true, depth+1)
				}
			}
		}
	}
	walk(d, db, true, 0)
	dropped = slices.DeleteFunc(dropped, func(k string) bool { return slices.Contains(made, k) })
	return made, dropped
}

// madeByFunctions is madeByCode for a statement that is no CALL: d (what it runs, its
// names belonging to db) calls a function, or writes a table with a trigger, whose code
// makes or drops temporary tables. literal: d is a row insert of literal values
// (Plan.Literal), whose text is not read: only its table's triggers are looked up.
func (tt *temporaryTables) madeByFunctions(rb *routineBodies, d *split.Statement, db string, literal bool) bool {
	if d.Kind == split.KindRoutine || d.Kind == split.KindClient || bodyKind(d) == "view" || len(rb.funcs)+len(rb.trigs) == 0 {
		return false // it creates code, runs none; or the dump created no code
	}
	ct := rb.codeTemps()
	if len(ct.funcs) == 0 && len(ct.trigs) == 0 {
		return false // a view makes none but through a function
	}
	var made, dropped []string
	add := func(m, dr []string) {
		for _, k := range m {
			if !slices.Contains(made, k) {
				made = append(made, k)
			}
		}
		for _, k := range dr {
			if !slices.Contains(dropped, k) {
				dropped = append(dropped, k)
			}
		}
	}
	names := func(name string) bool { return sqlscan.ContainsFoldASCII(d.SQL, name) }
	if !literal && (slices.ContainsFunc(ct.funcs, names) || slices.ContainsFunc(ct.views, names)) {
		add(rb.codeTempDDL(d, db))
	}
	if len(ct.trigs) > 0 {
		var keys []string
		switch {
		case d.Kind == split.KindInsert || d.Verb == "INSERT" || d.Verb == "REPLACE" || d.Verb == "LOAD DATA":
			keys = []string{StatementTableKey(d, db)}
		case !literal && (d.Verb == "UPDATE" || d.Verb == "DELETE"):
			keys = dmlTables(writeZone(d), db)
		}
		for _, key := range keys {
			if !ct.trigs[key] {
				continue
			}
			for i, bodies := 0, rb.trigs[key]; i < len(bodies); i++ {
				add(rb.codeTempDDL(&bodies[i].st, bodies[i].db))
			}
		}
	}
	dropped = slices.DeleteFunc(dropped, func(k string) bool { return slices.Contains(made, k) })
	if len(made)+len(dropped) == 0 {
		return false
	}
	return tt.holdCodeTemps(rb, d, db, made, dropped)
}
