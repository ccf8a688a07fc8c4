package replay

import (
	"bytes"
	"context"
	"database/sql"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// functionNames are the names, upper-cased, of the stored functions a statement may
// call: those of every database the server had at the first look-up, with the name of
// each CREATE FUNCTION the dispatcher has passed since. Names are never forgotten (a
// DROP FUNCTION keeps its name): more names only make more statements mixed. One look-up
// for the run, not one a statement: information_schema.ROUTINES a DML barrier made an
// import of 2000 single-row UPDATEs of a MyISAM table 3.5 times as long (0.6 s to 2.1 s).
//
// views are the names, upper-cased, of the views whose definitions call a stored
// function, directly or through the views they read (viewsCallingFunctions), looked up
// with the functions: a statement that names one reaches the function without naming
// it (INSERT INTO m SELECT x FROM vf, UPDATE vm … where vm's WHERE calls f), and its
// "ran" marker, written at once, outlived the rollback of the function's InnoDB rows
// (TestReviewX14MarkerFunctionThroughView).
type functionNames struct {
	names []string
	views []string
	known bool // looked up since the last statement that may have made one unseen
	// changer is the offset of that statement (pending: it has not been looked up
	// after). A look-up for it, made before it runs (its intent's scope), leaves known
	// false: the function or view it makes exists only once it has run. Taken for known,
	// EXECUTE IMMEDIATE 'CREATE VIEW vf …' left vf out, and the MyISAM write reading vf
	// after it was marked ran at once.
	changer int64
	pending bool
	// bodies: upper-cased name → the text of the dump's last CREATE FUNCTION of it not
	// dropped since (noteBody), for pureCalls (purefuncs.go).
	bodies map[string]string
	// gen counts the statements passed that may make or change a function (stale, a
	// CREATE FUNCTION): the table-free names read at an older one are read again
	// (callintent.go).
	gen int
}

// stale notes that st may make a function or view that a look-up made so far missed.
func (fn *functionNames) stale(st *split.Statement) {
	fn.known, fn.changer, fn.pending = false, st.Offset, true
	fn.gen++
}

// maxWrapDepth bounds the wrappers note reads through (EXECUTE IMMEDIATE of EXECUTE
// IMMEDIATE …): the planner's own bound is lower.
const maxWrapDepth = 16

// note follows st, in stream order, before it runs, with what it runs through wrappers
// (layers: st, then each statement a wrapper of it runs, wrappedLayers): a CREATE
// FUNCTION adds its name; any other statement that names FUNCTION and is no row insert
// (a CREATE the splitter could not name), one that may create, alter or rename a view,
// and a wrapper whose statement cannot be read (EXECUTE IMMEDIATE @q) have the server
// asked again at the next look-up, its answer added to the names. Through the wrappers,
// EXECUTE s of a PREPARE s FROM 'CREATE FUNCTION …' is seen as the CREATE it runs: read
// from its own text, which names no FUNCTION, the function stayed unknown and its MyISAM
// caller was marked ran at once (TestReviewX14MarkerPreparedFunction).
func (fn *functionNames) note(layers []*split.Statement) {
	st, in := layers[0], layers[len(layers)-1]
	switch {
	case in.Kind == split.KindInsert:
		return
	case in.Kind == split.KindRoutine && strings.Contains(strings.ToUpper(in.Verb), "FUNCTION") && in.Table != "":
		// Its name, without a look-up: one made for the CREATE itself, before it runs,
		// would not see it, and one made after it empties the diagnostics area a reader
		// after it reads (diagprime.go).
		fn.add(in.Table)
		fn.noteBody(in)
		fn.gen++
		return
	case in.Kind == split.KindOther && strings.EqualFold(sqlscan.FirstWord(in.SQL, in.Syntax()), "EXECUTE"):
		fn.stale(st) // what it runs is not known here
		return
	}
	for _, s := range layers {
		if sqlscan.ContainsFoldASCII(s.SQL, "FUNCTION") ||
			(changesTables(s) && (sqlscan.ContainsFoldASCII(s.SQL, "VIEW") || sqlscan.ContainsFoldASCII(s.SQL, "RENAME"))) {
			fn.stale(st)
			return
		}
	}
}

func (fn *functionNames) add(name string) {
	if name = strings.ToUpper(name); !slices.Contains(fn.names, name) {
		fn.names = append(fn.names, name)
	}
}

// mayCallFunction reports whether st may call a stored function: its text names one of
// any database's, followed by a parenthesis, or names a view that calls one
// (functionNames.views). Such a function may write any table, an InnoDB one too, though
// st itself writes one MyISAM table: its "ran" marker, written at once, would outlive
// the rollback of the function's rows, and a resume would skip it
// (TestReviewX13MarkerFunctionWritesInnoDB). A function of a database the statement
// does not name is counted too: which one a name means is the server's to tell.
func mayCallFunction(ctx context.Context, p *ParallelReplayer, c Conn, st *split.Statement) (bool, error) {
	fn := &p.cat.functions
	if !bytes.Contains(st.SQL, []byte("(")) && !namesTables(st) {
		// No call and no table: no look-up either, which would empty the diagnostics
		// area a reader reads (GET DIAGNOSTICS after a warning: difffuzz seed 51005).
		return false, nil
	}
	if !fn.known {
		if err := lookUpFunctions(ctx, c, fn); err != nil {
			return false, err
		}
		if fn.known = !fn.pending || st.Offset > fn.changer; fn.known {
			fn.pending = false
		}
	}
	if len(fn.views) == 0 && !bytes.Contains(st.SQL, []byte("(")) {
		return false, nil
	}
	upper := strings.ToUpper(strings.ReplaceAll(string(st.SQL), "`", ""))
	return namesCall(fn.names, upper) || namesWord(fn.views, upper), nil
}

// namesTables reports whether st, which holds no parenthesis, may name a table or view:
// UPDATE vm SET v = 5, … FROM vf, TABLE vf.
func namesTables(st *split.Statement) bool {
	for _, w := range []string{"FROM", "UPDATE", "TABLE", "JOIN"} {
		if sqlscan.ContainsFoldASCII(st.SQL, w) {
			return true
		}
	}
	return false
}

// lookUpFunctions adds to fn the names of the server's stored functions, and sets
// fn.views to the views that call one (viewsCallingFunctions).
func lookUpFunctions(ctx context.Context, c Conn, fn *functionNames) error {
	rows, err := c.QueryContext(ctx, "SELECT ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_TYPE='FUNCTION'")
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return err
		}
		fn.add(name)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	views, err := viewsCallingFunctions(ctx, c, fn.names)
	if err != nil {
		return err
	}
	fn.views = views
	return nil
}

// viewsCallingFunctions returns the names, upper-cased, of the views (of the databases
// that are not the server's own) whose definitions call a stored function: one written
// `db`.`f`(…), as the server stores every stored function a view calls, or one of
// functions; one whose definition is hidden (SHOW VIEW not granted: it reads empty); and,
// transitively, one that names such a view (a view on a view). information_schema of
// MariaDB 10.11 has no VIEW_ROUTINE_USAGE (MySQL 8.0's): the definition is read.
func viewsCallingFunctions(ctx context.Context, c Conn, functions []string) ([]string, error) {
	rows, err := c.QueryContext(ctx, "SELECT TABLE_NAME, VIEW_DEFINITION FROM information_schema.VIEWS WHERE TABLE_SCHEMA NOT IN ('mysql', 'sys', 'information_schema', 'performance_schema')")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	defs := map[string]string{}
	var calling []string
	for rows.Next() {
		var name string
		var def sql.NullString
		if err := rows.Scan(&name, &def); err != nil {
			return nil, err
		}
		name, body := strings.ToUpper(name), strings.ToUpper(strings.ReplaceAll(def.String, "`", ""))
		if def.String == "" || callsQualified(def.String) || namesCall(functions, body) {
			if !slices.Contains(calling, name) {
				calling = append(calling, name)
			}
			continue
		}
		defs[name] += body + "\n"
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for grown := true; grown; {
		grown = false
		for name, body := range defs {
			if !slices.Contains(calling, name) && namesWord(calling, body) {
				calling, grown = append(calling, name), true
			}
		}
	}
	return calling, nil
}

// callsQualified reports whether a view's definition, as the server stores it, holds a
// name db.f followed by a parenthesis: a stored function's call (a built-in one is
// stored unqualified).
func callsQualified(def string) bool {
	l := sqlscan.New([]byte(def), sqlscan.Syntax{})
	var prev [3]sqlscan.Token // the three tokens before t
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind == sqlscan.Punct && t.Text == "(" && prev[2].IsName() && prev[1].Kind == sqlscan.Punct && prev[1].Text == "." && prev[0].IsName() {
			return true
		}
		prev[0], prev[1], prev[2] = prev[1], prev[2], t
	}
	return false
}

// namesWord reports whether upper (upper-cased, backquotes removed) holds one of names
// (upper-cased) as a whole word.
func namesWord(names []string, upper string) bool {
	return namesFollowedBy(names, upper, func(after string) bool { return after == "" || !sqlscan.IsWordByte(after[0]) })
}

// namesCall reports whether upper (upper-cased, backquotes removed) names one of names
// (upper-cased) followed by a parenthesis.
func namesCall(names []string, upper string) bool {
	return namesFollowedBy(names, upper, sqlscan.OpensParen)
}

// namesFollowedBy reports whether upper holds one of names where a word starts, with
// what comes after it accepted by followed.
func namesFollowedBy(names []string, upper string, followed func(after string) bool) bool {
	for _, name := range names {
		for rest := upper; ; {
			i := strings.Index(rest, name)
			if i < 0 {
				break
			}
			end := i + len(name)
			if (i == 0 || !sqlscan.IsWordByte(rest[i-1])) && followed(rest[end:]) {
				return true
			}
			rest = rest[end:]
		}
	}
	return false
}

// callsFunctionBesides reports whether st, which mayCallFunction found may call a stored
// function, may call one other than known (lower-cased names whose bodies the planner
// read: plan.Plan.TemporaryFunctions), or names a view that calls one.
func callsFunctionBesides(p *ParallelReplayer, st *split.Statement, known []string) bool {
	fn := &p.cat.functions
	var others []string
	for _, name := range fn.names {
		if !slices.Contains(known, strings.ToLower(name)) {
			others = append(others, name)
		}
	}
	upper := strings.ToUpper(strings.ReplaceAll(string(st.SQL), "`", ""))
	return namesCall(others, upper) || namesWord(fn.views, upper)
}
