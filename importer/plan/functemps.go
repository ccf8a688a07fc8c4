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
// views of views too, and the triggers of the tables a body writes, of a view's base
// tables where a statement or a body writes the view (CALL p() whose p inserts into k,
// INSERT INTO kv where kv is a view of k: TestReviewX24FunctionTempPaths). A function cannot be called from a column's
// DEFAULT, generated expression or CHECK constraint (MariaDB refuses stored functions
// there). Where a statement calls several functions, or a compound statement calls one
// before its own DROP, their order is not followed: a table any of them leaves made
// counts as made (a refusal more, never a silent difference).

// codeTemps is what routineBodies knows of the code that makes or drops temporary
// tables, so that a statement pays nothing where no function or trigger does.
type codeTemps struct {
	funcs []string // the dump's functions (lower-cased) whose code does
	// trigs are the keys of the tables whose triggers' code does, and of the views whose
	// base tables' do (a write into one runs it); written is what it makes and drops
	// (made, dropped: writtenTempDDL), read once per body added rather than per write.
	trigs   map[string]bool
	written map[string][2][]string
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

// codeTemps returns the functions, triggers and views whose code makes or drops
// temporary tables, read again after observe adds a body.
func (rb *routineBodies) codeTemps() *codeTemps {
	if rb.temps != nil {
		return rb.temps
	}
	ct := &codeTemps{trigs: map[string]bool{}, written: map[string][2][]string{}}
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
	for _, keys := range []map[string][]routineBody{rb.trigs, rb.views} {
		for key := range keys {
			if made, dropped := rb.writtenTempDDL(key); len(made)+len(dropped) > 0 {
				ct.trigs[key] = true
				ct.written[key] = [2][]string{made, dropped}
			}
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
// with the functions d and those bodies call, the views they name, and the triggers of
// the tables they write, transitively: the temporary tables any of them may leave made
// (made), and those one drops that none leaves made (dropped). A name that is a view's is
// followed wherever it stands (a superset of where the view is read: more refuses more,
// never less).
func (rb *routineBodies) codeTempDDL(d *split.Statement, db string) (made, dropped []string) {
	w := tempWalk{rb: rb, seen: map[walked]bool{}}
	w.walk(d, db, true, false, 0)
	return w.result()
}

// writtenTempDDL is codeTempDDL for a write into the table key: the code of its
// triggers and, where key is a view's, of the triggers of its base tables.
func (rb *routineBodies) writtenTempDDL(key string) (made, dropped []string) {
	w := tempWalk{rb: rb, seen: map[walked]bool{}}
	w.written(key, 0)
	return w.result()
}

// tempWalk is one codeTempDDL walk: what it found, and the bodies it followed.
type tempWalk struct {
	rb            *routineBodies
	made, dropped []string
	seen          map[walked]bool
}

// walked is a body followed, as code that runs (written false) or as a view written
// through (written true: every table its text names counts as written).
type walked struct {
	st      *split.Statement
	written bool
}

func (w *tempWalk) add(m, dr []string) {
	for _, k := range m {
		if !slices.Contains(w.made, k) {
			w.made = append(w.made, k)
		}
	}
	for _, k := range dr {
		if !slices.Contains(w.dropped, k) {
			w.dropped = append(w.dropped, k)
		}
	}
}

func (w *tempWalk) result() (made, dropped []string) {
	w.dropped = slices.DeleteFunc(w.dropped, func(k string) bool { return slices.Contains(w.made, k) })
	return w.made, w.dropped
}

// follow walks each of bodies not walked yet; db "" takes any, else only db's.
func (w *tempWalk) follow(bodies []routineBody, db string, own, written bool, depth int) {
	for i := range bodies {
		if b := &bodies[i]; !w.seen[walked{&b.st, written}] && (db == "" || strings.EqualFold(b.db, db)) {
			w.seen[walked{&b.st, written}] = true
			w.walk(&b.st, b.db, own, written, depth+1)
		}
	}
}

// written follows a write into the table key: its triggers' code (whose own DDL counts),
// and for a view of the dump's, a write into each table its text names (its base
// tables, a superset: INSERT INTO kv where kv is a view of k fires k's triggers,
// TestReviewX24FunctionTempPaths).
func (w *tempWalk) written(key string, depth int) {
	w.follow(w.rb.trigs[key], "", true, false, depth)
	w.follow(w.rb.views[key], "", false, true, depth)
}

// walk reads st (its names belonging to db): own, its own DDL counts (a procedure's is
// its caller's bodyTempDDL's, in the caller's order); written, st is a view written
// through, each name it holds counts as written. It follows the procedures st CALLs,
// the functions it calls, the views it names and the tables it writes (the table after
// INSERT or REPLACE [INTO], LOAD DATA's INTO TABLE; those between UPDATE or DELETE and
// SET, WHERE, ORDER, LIMIT or RETURNING: a superset of the multi-table forms').
func (w *tempWalk) walk(st *split.Statement, db string, own, written bool, depth int) {
	if depth > 16 {
		return
	}
	if own {
		w.add(w.rb.bodyTempDDL(st, db))
	}
	l := st.Tokens()
	l.Pos = bodyStart(st) // a trigger's event (AFTER UPDATE ON k) writes nothing
	writes := ""          // "one": the next name is written; "list": names are, up to SET …; "load": up to TABLE
	var before sqlscan.Token
	for t := l.Next(); t.Kind != sqlscan.EOF; before, t = t, l.Next() {
		if t.Kind == sqlscan.Word && t.Is("CALL") {
			save := l.Pos
			_, name := l.Name(l.Next())
			l.Pos = save
			w.follow(w.rb.procs[strings.ToLower(name)], "", false, false, depth) // for the functions it calls
			continue
		}
		if t.Kind == sqlscan.Punct && t.Text == ";" {
			writes = ""
		}
		if t.Kind == sqlscan.Word {
			switch strings.ToUpper(t.Text) {
			case "INSERT", "REPLACE":
				writes = "one"
				continue
			case "UPDATE", "DELETE":
				writes = "list"
				continue
			case "LOAD":
				writes = "load"
				continue
			case "TABLE":
				if writes == "load" {
					writes = "one"
				}
				continue
			case "INTO", "LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY", "IGNORE", "QUICK", "CONCURRENT", "LOCAL":
				if writes == "one" || writes == "load" {
					continue
				}
			case "SET", "WHERE", "ORDER", "LIMIT", "RETURNING":
				if writes == "list" {
					writes = ""
				}
			}
		}
		if !t.IsName() || before.Is("FUNCTION") || before.Is("PROCEDURE") || before.Is("EXISTS") {
			if writes == "one" {
				writes = ""
			}
			continue // not a name, or a routine's own header
		}
		tdb, name := l.Name(t)
		save := l.Pos
		next := l.Next()
		l.Pos = save
		switch {
		case writes == "one": // INSERT INTO t (a, b) too: t is no function
			writes = ""
			w.writtenName(tdb, name, db, depth)
		case next.Kind == sqlscan.Punct && next.Text == "(":
			w.follow(w.rb.funcs[strings.ToLower(name)], tdb, true, false, depth)
			continue
		case written || writes == "list":
			w.writtenName(tdb, name, db, depth)
		}
		if tdb == "" {
			tdb = db
		}
		w.follow(w.rb.views[KeyOf(tdb, name)], "", false, false, depth) // for the functions its columns call
	}
}

// writtenName is written for a name read in a body of db's.
func (w *tempWalk) writtenName(tdb, name, db string, depth int) {
	if tdb == "" {
		tdb = db
	}
	w.written(KeyOf(tdb, name), depth)
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
			if ct.trigs[key] {
				add(ct.written[key][0], ct.written[key][1])
			}
		}
	}
	dropped = slices.DeleteFunc(dropped, func(k string) bool { return slices.Contains(made, k) })
	if len(made)+len(dropped) == 0 {
		return false
	}
	return tt.holdCodeTemps(rb, d, db, made, dropped)
}
