package plan

import (
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// A temporary table may be written by code rather than by a statement that names it:
// `CALL fill()` whose procedure inserts into tt, `DO f()` whose function does, an INSERT
// into a real table whose trigger does. Read by its own text such a statement was not
// volatile: a resume skipped it as committed and rebuilt tt without its rows, unrefused
// (TestReviewX17TemporaryWrittenByRoutine). routineBodies holds the bodies of the
// procedures, functions and triggers the dump created, so that the planner follows what
// a statement may run: one that reaches only temporary tables (it names no real table,
// nor does any body it runs, and each CALL is of a procedure the dump created) is
// volatile, sent again by a resume as the statement that names the table is; any other
// that writes a temporary table through a body (a trigger of a real table, a body that
// also writes or reads real tables, dynamic SQL, a CALL of a procedure the dump did not
// create) is inexact, and the resume refuses where it goes on while the table is there.

// routineBodies are the bodies of the routines and triggers the dump created, by
// lower-cased name (procedures, functions) or by the key of the table a trigger is on.
// A name created again keeps its older bodies too: more code only refuses more.
type routineBodies struct {
	procs, funcs, trigs map[string][]routineBody
	// views are the dump's views by table key: a statement that reads one runs the
	// functions its columns call (functemps.go).
	views map[string][]routineBody
	// temps: which functions and triggers run code that makes or drops temporary
	// tables (functemps.go); nil after observe adds a body, rebuilt when next asked.
	// temporary counts the bodies whose text names TEMPORARY: none, nothing to read.
	temps     *codeTemps
	temporary int
}

// routineBody is one CREATE statement (its text copied) and its database.
type routineBody struct {
	st split.Statement
	db string
}

// observe notes st, a statement the server runs, when it creates a procedure, function
// or trigger.
func (rb *routineBodies) observe(st *split.Statement, db string) {
	kind := bodyKind(st)
	if kind != "procedure" && kind != "function" && kind != "trigger" && kind != "view" {
		return
	}
	if st.Database != "" {
		db = st.Database
	}
	rb.added(st) // functemps.go
	b := routineBody{st: *st, db: db}
	b.st.SQL, b.st.Raw = append([]byte(nil), st.SQL...), nil
	add := func(m *map[string][]routineBody, key string) {
		if *m == nil {
			*m = map[string][]routineBody{}
		}
		(*m)[key] = append((*m)[key], b)
	}
	switch kind {
	case "procedure":
		add(&rb.procs, strings.ToLower(st.Table))
	case "function":
		add(&rb.funcs, strings.ToLower(st.Table))
	case "view":
		add(&rb.views, KeyOf(db, st.Table))
	case "trigger":
		l := st.Tokens()
		for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
			if t.Kind == sqlscan.Word && t.Is("ON") {
				if tdb, name := l.Name(l.Next()); name != "" {
					if tdb == "" {
						tdb = db
					}
					add(&rb.trigs, KeyOf(tdb, name))
				}
				break
			}
		}
	}
}

// routineReach is what a statement may run through bodies: the temporary tables they
// write (temps, in the order found), and why sending the statement again would not be
// exact ("": it reaches temporary tables only).
type routineReach struct {
	temps   []string
	inexact string
	// unknown: it runs code whose tables cannot be read (a CALL of a procedure the dump
	// did not create, dynamic SQL in a body): it may write any temporary table.
	unknown bool
	funcs   []string // the functions of the dump it calls (lower-cased), followed
	// reads are the real tables a body only reads (FROM, JOIN, USING of an INSERT …
	// SELECT, a SELECT … INTO, an expression), not the statement itself: sent again, the
	// code reads them as the interrupted run left them, exact while nothing written
	// since (replay's exactFill, as a fill's FROM); heldReads the temporary ones, whose
	// own rebuild it inherits.
	reads, heldReads []string
	// ran are the bodies it followed: a resume sends it again against the body the
	// server holds then, which the dump may have replaced since (bodyReplaced).
	ran []ranRoutine
}

// ranRoutine is a procedure or function (kind, as bodyKind has it) whose body a
// statement ran, by lower-cased name, and the database of that body.
type ranRoutine struct{ kind, name, db string }

// reach follows d (what a statement runs, whose names belong to db) through the bodies
// it may run, transitively: the functions it calls (a name the dump created followed by
// a parenthesis), the procedures it CALLs, the triggers of the tables it writes. held
// reports whether a key is a temporary table's. Nothing is read when the dump created no
// code or holds no temporary table.
// It reads names itself, not with sqlscan.ReadTableRefs (the planner's and the
// preflight's table-list reader): a body's statements start after THEN, DO, BEGIN or a
// label as well as at a ';', each name counts as written or read by the verb before it
// (INSERT INTO tt … SELECT … FROM k: tt written, k read), and a name followed by '('
// is a function to follow; a list of the tables a statement names says none of that.
func (rb *routineBodies) reach(d *split.Statement, db string, held func(key string) bool) routineReach {
	var r routineReach
	if !rb.mayRun(d, db) {
		return r
	}
	seen := map[*split.Statement]bool{}
	var walk func(st *split.Statement, db string, top bool, depth int)
	walk = func(st *split.Statement, db string, top bool, depth int) {
		if depth > 16 {
			r.inexact = noteWhy(r.inexact, "its code nests too deep to follow")
			return
		}
		l := st.Tokens()
		if !top {
			l.Pos = bodyStart(st)
			defer func() { // after the walk, whose reasons (a sequence's values) say more
				stored := func(name string) bool { _, ok := rb.funcs[strings.ToLower(name)]; return ok }
				if f := unstableCall(st.SQL, st.Syntax(), stored, true); f != "" {
					// Sent again, RAND() in fill gave tt a new value (silent before).
					r.inexact = noteWhy(r.inexact, "a body it runs "+UnstablePhrase(f))
				}
			}()
		}
		prevWrite := "" // the word before a table written: INSERT, UPDATE, DELETE …
		// list: the word before the last table read, while a comma may add one to its
		// list (UPDATE tt, k SET k.v = …; FROM tt AS a, k), through its alias or index
		// hint. Read first-table-only, k was missed and the CALL taken for one that
		// reaches temporary tables only: sent again, k updated twice
		// (TestXFix43TemporaryCodeCommaTables).
		list := ""
		// verb is the statement's writing verb (INSERT, UPDATE, DELETE …) since its start
		// (a ';'), or "": a multi-table UPDATE or DELETE may write what it joins.
		verb := ""
		var last sqlscan.Token // the token before t
		for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
			before := last
			last = t
			inList := list
			list = ""
			if t.Kind == sqlscan.Punct && t.Text == ";" {
				verb = ""
			}
			if inList != "" && (t.Is("USE") || t.Is("FORCE") || t.Is("IGNORE") || t.Is("PARTITION")) {
				skipGroup(&l) // an index hint or partition list: the list goes on after it
				list = inList
				continue
			}
			if t.Kind == sqlscan.Word {
				switch w := strings.ToUpper(t.Text); w {
				case "NEXTVAL", "SETVAL", "NEXT":
					at := l.Pos
					value := w == "NEXT" && l.Next().Is("VALUE")
					l.Pos = at
					if !top && (w != "NEXT" || value) {
						// Sent again, it takes the sequence's values a second time
						// (TestXFix43TemporaryCodeSequence: silent before).
						r.inexact = noteWhy(r.inexact, "a body it runs takes values of a sequence")
					}
					continue
				case "EXECUTE", "PREPARE":
					if !top {
						r.inexact, r.unknown = noteWhy(r.inexact, "a body it runs runs dynamic SQL"), true
					}
					continue
				case "CALL":
					_, name := l.Name(l.Next())
					bodies, ok := rb.procs[strings.ToLower(name)]
					if !ok {
						r.inexact, r.unknown = noteWhy(r.inexact, "it CALLs procedure `"+name+"`, which the dump did not create and which may write it"), true
					}
					for i := range bodies {
						if b := &bodies[i]; !seen[&b.st] {
							seen[&b.st] = true
							r.ran = append(r.ran, ranRoutine{"procedure", strings.ToLower(name), b.db})
							walk(&b.st, b.db, false, depth+1)
						}
					}
					continue
				case "FROM", "TABLE", "INTO":
					if prevWrite != "DELETE" && prevWrite != "TRUNCATE" && prevWrite != "INSERT" && prevWrite != "REPLACE" {
						prevWrite = w
						if w == "INTO" {
							prevWrite = "" // SELECT … INTO n, @v, OUTFILE: no table
						}
					}
					continue
				case "INSERT", "REPLACE", "UPDATE", "DELETE", "TRUNCATE", "JOIN":
					prevWrite = w
					if w != "JOIN" {
						verb = w
					}
					continue
				case "STRAIGHT_JOIN":
					// k2 STRAIGHT_JOIN k reads k as JOIN does (missed, k read unchecked:
					// TestReviewX20TemporaryCodeReadsMissed); SELECT STRAIGHT_JOIN is a
					// modifier.
					if !before.Is("SELECT") && !selectModifiers[strings.ToUpper(before.Text)] {
						prevWrite = "JOIN"
					}
					continue
				case "USING": // DELETE … USING tt, k: read; JOIN … USING (id): no name follows
					prevWrite = "FROM"
					continue
				case "LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY", "IGNORE", "QUICK":
					continue
				}
			}
			if !t.IsName() {
				was := prevWrite
				prevWrite = ""
				if inList != "" && t.Kind == sqlscan.Punct && t.Text == "," {
					prevWrite = inList
				}
				opens := before.Is("FROM") || before.Is("JOIN") || before.Is("STRAIGHT_JOIN") || before.Kind == sqlscan.Punct && (before.Text == "(" || before.Text == ",")
				if (was == "FROM" || was == "JOIN") && opens && t.Kind == sqlscan.Punct && t.Text == "(" && !derivedTable(&l) {
					// FROM (k), FROM (k2, k): a parenthesised table list, read as one
					// (not JOIN … USING (id), whose USING reads as FROM).
					// Taken for columns, k was read unchecked and the CALL sent again
					// after k changed (TestReviewX20TemporaryCodeReadsMissed: silent).
					prevWrite = was
				}
				continue
			}
			tdb, name := l.Name(t)
			after := l.Pos
			next := l.Next()
			l.Pos = after
			if next.Kind == sqlscan.Punct && next.Text == "(" && prevWrite == "" {
				// A function called by its qualified name (r15.bump(5)) runs a body as
				// bump(5) does; skipped as a name, its UPDATE of k went unread and k was
				// written twice on resume (TestReviewX20TemporaryFillQualifiedFunction:
				// silent before). One the dump did not create may write anything.
				bodies, ok := rb.funcs[strings.ToLower(name)]
				other := func(b *routineBody) bool { return tdb != "" && !strings.EqualFold(b.db, tdb) }
				if tdb != "" { // only the bodies the dump created in that database
					ok = slices.ContainsFunc(bodies, func(b routineBody) bool { return !other(&b) })
				}
				header := before.Is("PROCEDURE") || before.Is("FUNCTION") || before.Is("EXISTS") // the body's own CREATE
				if !ok && tdb != "" && !top && !header {
					r.inexact, r.unknown = noteWhy(r.inexact, "a body it runs calls function `"+tdb+"`.`"+name+"`, which the dump did not create and which may write it"), true
					continue
				}
				if ok {
					if !containsString(r.funcs, strings.ToLower(name)) {
						r.funcs = append(r.funcs, strings.ToLower(name))
					}
					for i := range bodies {
						if b := &bodies[i]; !seen[&b.st] && !other(b) {
							seen[&b.st] = true
							r.ran = append(r.ran, ranRoutine{"function", strings.ToLower(name), b.db})
							walk(&b.st, b.db, false, depth+1)
						}
					}
					continue
				}
			}
			if prevWrite == "" || name == "" {
				if inList != "" && !listEnds[strings.ToUpper(t.Text)] {
					list = inList // AS, an alias
				}
				continue
			}
			was := prevWrite
			prevWrite = ""
			list = was
			if tdb == "" {
				tdb = db
			}
			key := KeyOf(tdb, name)
			if was == "TABLE" && !top {
				// CREATE/DROP/ALTER TABLE in a body: a CALL's CREATE or DROP TEMPORARY
				// TABLE is bodytemps.go's (held and inexact at the CALL); here any such
				// body is not followed as exact.
				r.inexact = noteWhy(r.inexact, "a body it runs names table `"+name+"`")
				continue
			}
			read := (was == "FROM" || was == "JOIN") && verb != "UPDATE" && verb != "DELETE"
			if held(key) {
				switch {
				case was != "FROM" && was != "JOIN" && was != "TABLE":
					if !containsString(r.temps, key) {
						r.temps = append(r.temps, key)
					}
				case !containsString(r.heldReads, key):
					r.heldReads = append(r.heldReads, key)
				}
				continue
			}
			if read && !top {
				if !containsString(r.reads, key) {
					r.reads = append(r.reads, key)
				}
				continue
			}
			r.inexact = noteWhy(r.inexact, "it writes or reads real table `"+name+"` too")
			if was != "FROM" && was != "JOIN" {
				for i, bodies := 0, rb.trigs[key]; i < len(bodies); i++ {
					if b := &bodies[i]; !seen[&b.st] {
						seen[&b.st] = true
						walk(&b.st, b.db, false, depth+1)
					}
				}
			}
		}
	}
	walk(d, db, true, 0)
	if len(r.temps) == 0 && !r.unknown {
		r.inexact = ""
	}
	return r
}

// listEnds are the words after which a comma no longer adds a table to a table list.
var listEnds = map[string]bool{
	"SET": true, "WHERE": true, "ON": true, "USING": true, "GROUP": true, "ORDER": true, "LIMIT": true, "HAVING": true,
	"WINDOW": true, "VALUES": true, "VALUE": true, "SELECT": true, "UNION": true, "EXCEPT": true, "INTERSECT": true,
	"RETURNING": true, "INTO": true, "FOR": true, "LOCK": true, "WHEN": true, "THEN": true, "ELSE": true, "END": true, "DO": true,
}

// selectModifiers are the words that may come between SELECT and STRAIGHT_JOIN, where
// STRAIGHT_JOIN is a modifier of the SELECT, not a join.
var selectModifiers = map[string]bool{
	"ALL": true, "DISTINCT": true, "DISTINCTROW": true, "HIGH_PRIORITY": true, "SQL_SMALL_RESULT": true,
	"SQL_BIG_RESULT": true, "SQL_BUFFER_RESULT": true, "SQL_CACHE": true, "SQL_NO_CACHE": true, "SQL_CALC_FOUND_ROWS": true,
}

// derivedTable reports whether the '(' l has just read after FROM or JOIN opens a derived
// table (a SELECT, WITH, VALUES or TABLE), whose FROM names its own tables, rather than
// a table list.
func derivedTable(l *sqlscan.Tokenizer) bool {
	at := l.Pos
	n := l.Next()
	l.Pos = at
	return n.Is("SELECT") || n.Is("WITH") || n.Is("VALUES") || n.Is("TABLE")
}

// skipGroup reads l up to the end of the next parenthesized group (an index hint's
// USE INDEX (i), a PARTITION (p0) list): the words before it, the group, nothing more.
func skipGroup(l *sqlscan.Tokenizer) {
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind == sqlscan.Punct && t.Text == "(" {
			sqlscan.SkipGroup(l)
			return
		}
		if t.Kind != sqlscan.Word {
			return
		}
	}
}

// mayRun reports whether d may run a body the dump created, by a cheap look at its text:
// it CALLs, names a function the dump created, or names a table with triggers.
func (rb *routineBodies) mayRun(d *split.Statement, db string) bool {
	if strings.EqualFold(sqlscan.FirstWord(d.SQL, d.Syntax()), "CALL") {
		return true // a procedure the dump did not create is judged too
	}
	for name := range rb.funcs {
		if sqlscan.ContainsFoldASCII(d.SQL, name) {
			return true
		}
	}
	if len(rb.trigs) == 0 {
		return false
	}
	if d.Table != "" && len(rb.trigs[StatementTableKey(d, db)]) > 0 {
		return true
	}
	for key := range rb.trigs {
		if _, name := sqlscan.TableKey(key).Names(); sqlscan.ContainsFoldASCII(d.SQL, name) {
			return true
		}
	}
	return false
}

// bodyStart is where the body of st, a CREATE PROCEDURE, FUNCTION or TRIGGER, may
// start: after a trigger's FOR EACH ROW (and FOLLOWS/PRECEDES name), so that its event
// (AFTER INSERT ON k) is not read as a write; the start of the text otherwise (a
// routine's header names no table).
func bodyStart(st *split.Statement) int {
	if bodyKind(st) != "trigger" {
		return 0
	}
	l := st.Tokens()
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind == sqlscan.Word && t.Is("ROW") {
			save := l.Pos
			if n := l.Next(); n.Is("FOLLOWS") || n.Is("PRECEDES") {
				l.Name(l.Next())
				return l.Pos
			}
			return save
		}
	}
	return 0
}

// noteWhy keeps the first reason.
func noteWhy(old, why string) string {
	if old != "" {
		return old
	}
	return why
}

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// throughCode follows d (what a statement runs; its names belong to db), not volatile by
// its own text, through the code it may run (routineBodies.reach): it reports whether d
// writes temporary tables only, that way (volatile: wrote names the first, codeFuncs the
// functions followed), and notes in codeWrite a temporary table it writes where sending
// it again would not be exact. session: d sets user variables only (SET @v = f(),
// SELECT f() INTO @v), which a resume gives back from its journal rather than running d
// again: never exact.
func (tt *temporaryTables) throughCode(rb *routineBodies, d *split.Statement, db string, session func() bool) bool {
	if d.Kind == split.KindRoutine {
		return false // it creates code, runs none
	}
	held := false
	for _, h := range tt.names {
		held = held || h
	}
	if !held {
		return false
	}
	r := rb.reach(d, db, func(key string) bool { return tt.names[key] })
	if r.unknown {
		for k, h := range tt.names { // any of them
			if h && !slices.Contains(r.temps, k) {
				r.temps = append(r.temps, k)
			}
		}
		slices.Sort(r.temps)
	}
	switch {
	case len(r.temps) == 0:
		return false
	case r.inexact != "":
		tt.codeWrite, tt.codeAlso, tt.codeWhy = r.temps[0], r.temps[1:], r.inexact
		return false
	case session():
		tt.codeWrite, tt.codeAlso, tt.codeWhy = r.temps[0], r.temps[1:], "it sets user variables, which the resume gives back from its journal without running it"
		return false
	}
	tt.wrote, tt.codeFuncs = r.temps[0], r.funcs
	tt.codeAlso, tt.codeReads, tt.codeHeldReads = r.temps[1:], r.reads, r.heldReads
	for _, rr := range r.ran {
		if tt.ranBy == nil {
			tt.ranBy = map[ranRoutine][]string{}
		}
		for _, k := range r.temps {
			if !containsString(tt.ranBy[rr], k) {
				tt.ranBy[rr] = append(tt.ranBy[rr], k)
			}
		}
	}
	return true
}

// bodyReplaced marks pl inexact for the temporary tables a volatile statement wrote
// through a body (throughCode) that d, what st runs (its names belonging to db), creates
// again or drops, itself or with its database. A resume sends that statement again
// against the body the server holds at the resume: the new one, or none. Sent so, `CALL
// fill()` wrote 2 where the dump's fill had written 1, or failed with ERROR 1305 where
// its database was dropped (TestReviewX19TemporaryFillBodyReplaced). The replay refuses
// where it goes on while such a table is there, when the interrupted run committed d.
func (tt *temporaryTables) bodyReplaced(d *split.Statement, db string, pl *Plan) {
	if len(tt.ranBy) == 0 || pl.TemporaryInexact != "" {
		return
	}
	var hit func(rr ranRoutine) bool
	what := ""
	switch kind := bodyKind(d); {
	case kind == "procedure" || kind == "function" || d.Verb == "DROP PROCEDURE" || d.Verb == "DROP FUNCTION":
		if kind == "" {
			kind = strings.ToLower(strings.TrimPrefix(d.Verb, "DROP "))
		}
		name := strings.ToLower(d.Table)
		what = kind + " `" + d.Table + "`"
		hit = func(rr ranRoutine) bool { return rr.kind == kind && rr.name == name }
	case d.Kind == split.KindDDL && (d.Verb == "DROP DATABASE" || d.Verb == "DROP SCHEMA"):
		what = "database `" + d.Database + "` and its routines"
		hit = func(rr ranRoutine) bool { return d.Database == "" || strings.EqualFold(rr.db, d.Database) }
	default:
		return
	}
	var temps []string
	for rr, written := range tt.ranBy {
		if !hit(rr) {
			continue
		}
		for _, k := range written {
			if tt.names[k] && !containsString(temps, k) {
				temps = append(temps, k)
			}
		}
	}
	if len(temps) == 0 {
		return
	}
	slices.Sort(temps)
	pl.Temporary, pl.TemporaryAlso = temps[0], temps[1:]
	pl.TemporaryInexact = "this statement replaces or drops " + what + ", whose body wrote it: the resume, which sends that write again, would run the body the server holds now"
}
