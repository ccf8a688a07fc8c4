package sqlscan

import (
	"slices"
	"strings"
)

// TableRef is a table a statement names in one of its table lists (ReadTableRefs).
type TableRef struct {
	DB, Name string // as written: DB is "" where the name is unqualified
	Alias    string // the alias it takes (`k AS a`, `k a`), or ""
	// Nested: named inside a subquery, a derived table, a JOIN's ON condition or a
	// function's argument, not in one of the statement's own table lists (parenthesised
	// ones, `FROM (k2, k)`, are its own): read there, never written by the statement.
	Nested bool
	// List counts the FROM and USING clauses before it at the statement's own depth: an
	// UPDATE's or DELETE's own list is 0, `DELETE t1 FROM …`'s references after FROM 1.
	List  int
	depth int // of parentheses
}

// Key is r's key, an unqualified name belonging to db.
func (r TableRef) Key(db string) TableKey {
	if r.DB != "" {
		db = r.DB
	}
	return TableKeyOf(db, r.Name)
}

// TableRefs reads the tables a statement names where it reads or writes rows
// (ReadTableRefs), each once, keys qualified with db, the current database.
func TableRefs(sql []byte, syntax Syntax, db string) (keys []TableKey, ok bool) {
	refs, ok := ReadTableRefs(sql, syntax)
	for _, r := range refs {
		if k := r.Key(db); !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys, ok
}

// ReadTableRefs reads the tables a statement names where it reads or writes rows: after
// UPDATE, DELETE, FROM, USING and every JOIN (STRAIGHT_JOIN, NATURAL/CROSS/LEFT/RIGHT
// [OUTER] JOIN), with the rest of their comma and JOIN lists, at any depth of
// parentheses (`FROM (k)`, `FROM (k2, k)`, `FROM k2 STRAIGHT_JOIN k`), past aliases (with
// or without AS), index hints (`USE INDEX (…)`, `FORCE KEY FOR JOIN (…)`), PARTITION
// lists and ON/USING conditions; derived tables, subqueries and the parts of a UNION,
// INTERSECT or EXCEPT are read for their own FROM. A name a CTE (`WITH x AS (…)`) gives,
// unqualified, at the CTE's depth or deeper, is not a table. ok is false where the text
// does not read so (LATERAL, `FOR SYSTEM_TIME AS OF` an expression (systemTime reads a
// literal point), a table function other than
// JSON_TABLE, unbalanced parentheses, words after an alias): a short list is a silent
// difference (a resume that takes a fill for exact: TestXTidyFillSourcesForms; a
// preflight that lets a write into an existing table by), so a caller that must know
// every table refuses instead. In the order named, a name as often as it is named.
//
// It serves the planner (what a fill reads, what an UPDATE or DELETE may write) and
// DMLTables (the preflight's and the filters' written tables). It does not serve
// plan's routineBodies.reach, which reads the statements of routine and trigger bodies
// (IF … THEN UPDATE …, where UPDATE does not start a statement), sorts each name by the
// verb before it (INSERT INTO's target, written, against the FROM of its SELECT, read)
// and follows the functions and procedures they call: a list of tables does not say
// which is written.
func ReadTableRefs(sql []byte, syntax Syntax) (refs []TableRef, ok bool) {
	const (
		none      = iota // not in a table list
		expect           // a table reference comes next
		after            // after a table reference: alias, hints, a comma or a JOIN
		condition        // in an ON or USING condition: a comma or a JOIN continues the list
	)
	type level struct {
		state    int
		fromList bool // opened where a table reference was expected: after on close
		aliased  bool
		selected bool // a SELECT at this level: its FROM starts a list (not EXTRACT(… FROM …))
		nested   bool // a subquery, condition or argument (TableRef.Nested)
		last     int  // the index in refs of the reference just read here, or -1
	}
	var ctes []cteName
	first := true
	list := 0 // TableRef.List
	// deleting: the statement is a DELETE, whose USING after its own list starts the
	// references (`DELETE FROM y USING (k y)`), not a JOIN's column list.
	deleting := false
	levels := []level{{state: none, last: -1}}
	l := New(sql, syntax)
	ok = true
	// startList: FROM or USING starts a table list.
	startList := func(top *level) {
		top.state = expect
		if len(levels) == 1 {
			list++
		}
	}
	for t := l.Next(); t.Kind != EOF; t, first = l.Next(), false {
		top := &levels[len(levels)-1]
		if t.Is("SELECT") {
			top.selected = true
		}
		punct := t.Kind == Punct
		switch {
		case punct && t.Text == "(":
			save := l.Pos
			n := l.Next()
			l.Pos = save
			child := level{state: none, nested: true, last: -1}
			if top.state == expect {
				child.fromList = true
				if !n.Is("SELECT") && !n.Is("WITH") && !n.Is("VALUES") {
					child.state = expect // (k), (k2, k), (k2 JOIN k ON …)
					child.nested = top.nested
				}
			}
			// Otherwise USE INDEX (…), PARTITION (…), USING (…), ON (…): no table, but a
			// subquery in an ON condition reads its own FROM.
			levels = append(levels, child)
			continue
		case punct && t.Text == ")":
			if len(levels) == 1 {
				return withoutCTEs(refs, ctes), false
			}
			closed := levels[len(levels)-1]
			levels = levels[:len(levels)-1]
			if closed.fromList {
				up := &levels[len(levels)-1]
				up.state, up.aliased, up.last = after, false, -1
			}
			continue
		case punct && t.Text == ";":
			levels = levels[:1]
			levels[0] = level{state: none, last: -1}
			first, list, deleting = true, 0, false
			continue
		}
		if t.Is("WITH") {
			if !readCTEs(&l, len(levels)-1, func(name string, depth int) { ctes = append(ctes, cteName{name, depth}) }) {
				continue // WITH ROLLUP, WITH CHECK OPTION, …
			}
			top.state = none
			continue
		}
		switch top.state {
		case expect:
			switch {
			case t.Is("LOW_PRIORITY") || t.Is("QUICK") || t.Is("IGNORE") || t.Is("HIGH_PRIORITY"):
				continue // UPDATE LOW_PRIORITY IGNORE k, DELETE QUICK FROM k
			case t.Is("FROM"):
				continue // DELETE FROM
			case t.Is("LATERAL") || !t.IsName():
				ok = false
				top.state = none
				continue
			}
			tdb, name := l.Name(t)
			save := l.Pos
			if n := l.Next(); n.Kind == Punct && n.Text == "(" {
				l.Pos = save
				if tdb == "" && strings.EqualFold(name, "JSON_TABLE") {
					top.state, top.aliased, top.last = after, false, -1 // its argument is an expression
					levels = append(levels, level{state: none, nested: true, last: -1})
					l.Next()
					continue
				}
				ok = false
				top.state = none
				continue
			} else if n.Kind == Punct && n.Text == "." {
				if s := l.Next(); s.Kind == Punct && s.Text == "*" {
					save = l.Pos // DELETE t1.* FROM …
				}
			}
			l.Pos = save
			top.last = -1
			if !(tdb == "" && strings.EqualFold(name, "DUAL")) {
				refs = append(refs, TableRef{DB: tdb, Name: name, Nested: top.nested, List: list, depth: len(levels) - 1})
				top.last = len(refs) - 1
			}
			top.state, top.aliased = after, false
		case after, condition:
			switch {
			case punct && t.Text == ",":
				top.state = expect
			case t.Is("JOIN") || t.Is("STRAIGHT_JOIN"):
				top.state = expect
			case t.Is("INNER") || t.Is("CROSS") || t.Is("LEFT") || t.Is("RIGHT") || t.Is("OUTER") || t.Is("NATURAL") || t.Is("FULL"):
				if top.state == after {
					continue
				}
			case top.state == condition:
				if isListEnd(t) {
					top.state = none
				}
				if t.Is("FROM") || t.Is("USING") {
					startList(top)
				}
			case t.Is("ON"):
				top.state = condition
			case t.Is("USING"):
				save := l.Pos
				if n := l.Next(); n.Kind == Punct && n.Text == "(" && !(deleting && len(levels) == 1 && list == 0) {
					top.state = condition // JOIN … USING (c)
				} else {
					startList(top) // DELETE FROM t1 USING t1, t2; DELETE FROM y USING (k y)
				}
				l.Pos = save
			case t.Is("FROM"):
				startList(top) // DELETE t1, t2 FROM …
			case t.Is("AS"):
			case t.Is("PARTITION"): // its (…) is a level
			case t.Is("USE") || t.Is("FORCE") || t.Is("IGNORE") || t.Is("INDEX") || t.Is("KEY"):
				top.aliased = true // an index hint: its (…) is a level
			case t.Is("FOR"):
				save := l.Pos
				switch n := l.Next(); {
				case n.Is("JOIN") || n.Is("ORDER") || n.Is("GROUP"):
					if !n.Is("JOIN") {
						l.Next() // BY
					}
				case n.Is("SYSTEM_TIME"):
					if !systemTime(&l) {
						ok = false
						top.state = none
					}
				case n.Is("PORTION") && l.Next().Is("OF"):
					top.state = none // one table: UPDATE or DELETE of one table only
					if !portionOf(&l) {
						ok = false
					}
				default:
					l.Pos = save
					top.state = none // FOR UPDATE
				}
			case isListEnd(t):
				top.state = none
			case t.IsName() && !top.aliased:
				top.aliased = true
				if top.last >= 0 {
					refs[top.last].Alias = t.Text
				}
			default:
				ok = false
				top.state = none
			}
		default:
			switch {
			case (t.Is("UPDATE") || t.Is("DELETE")) && first:
				top.state = expect
				deleting = t.Is("DELETE")
			case t.Is("FROM") && (top.selected || len(levels) == 1):
				startList(top) // a JOIN here is SELECT STRAIGHT_JOIN: joins follow a table
			}
		}
	}
	if len(levels) != 1 {
		ok = false
	}
	return withoutCTEs(refs, ctes), ok
}

// systemTime reads, after FOR SYSTEM_TIME, `ALL`, `AS OF p`, `BETWEEN p AND p` or `FROM p
// TO p`, each point p a string, a number or a user variable after an optional TIMESTAMP or
// TRANSACTION (TIMESTAMP'2020-01-01', TRANSACTION 12, @t): it reports false for any other
// point, an expression whose end it does not read (`NOW() - INTERVAL 1 DAY`: an operator
// after the point is a word or sign ReadTableRefs does not read so, and makes it not ok
// too). Read as not ok, every FOR SYSTEM_TIME AS OF made a multi-table UPDATE's list
// unknown (x-fix69).
func systemTime(l *Tokenizer) bool {
	point := func() bool { return periodPoint(l) }
	switch n := l.Next(); {
	case n.Is("ALL"):
		return true
	case n.Is("AS"):
		return l.Next().Is("OF") && point()
	case n.Is("BETWEEN"):
		return point() && l.Next().Is("AND") && point()
	case n.Is("FROM"):
		return point() && l.Next().Is("TO") && point()
	}
	return false
}

// portionOf reads, after FOR PORTION OF (an UPDATE's or DELETE's application-time
// period), `period FROM p TO p`, each point as systemTime's; false for any other form.
// Unread, the DELETE's FROM after it started a table list (not ok).
func portionOf(l *Tokenizer) bool {
	return l.Next().IsName() && l.Next().Is("FROM") && periodPoint(l) && l.Next().Is("TO") && periodPoint(l)
}

// periodPoint reads a point of a period clause: a string, a number or a user variable
// after an optional TIMESTAMP or TRANSACTION.
func periodPoint(l *Tokenizer) bool {
	t := l.Next()
	if t.Is("TIMESTAMP") || t.Is("TRANSACTION") {
		t = l.Next()
	}
	return t.Kind == String || t.Kind == Var || (t.Kind == Word && t.Text != "" && t.Text[0] >= '0' && t.Text[0] <= '9')
}

// isListEnd reports whether t, a word after a table reference or an ON condition, ends
// the table list.
func isListEnd(t Token) bool {
	for _, w := range []string{"WHERE", "SET", "ORDER", "GROUP", "HAVING", "LIMIT", "WINDOW", "UNION", "INTERSECT", "EXCEPT", "RETURNING", "LOCK", "INTO", "PROCEDURE", "SELECT", "VALUES"} {
		if t.Is(w) {
			return true
		}
	}
	return false
}

// readCTEs reads, after WITH, `[RECURSIVE] name [(cols)] AS (`, each name given to add
// with depth, leaving l before the body's "(" of the first; it reports false (l where
// it was) where WITH does not start a CTE (WITH ROLLUP, WITH CHECK OPTION). The later
// CTEs of the list, `, name [(cols)] AS (…)`, are named here too, by a scan ahead at the
// same depth; their bodies are read by ReadTableRefs as it comes to them.
func readCTEs(l *Tokenizer, depth int, add func(string, int)) bool {
	start := l.Pos
	n := l.Next()
	if n.Is("RECURSIVE") {
		n = l.Next()
	}
	name := n
	if !name.IsName() || name.Is("ROLLUP") || name.Is("CHECK") || name.Is("SYSTEM") || name.Is("CASCADED") || name.Is("LOCAL") {
		l.Pos = start
		return false
	}
	a := l.Next()
	if a.Kind == Punct && a.Text == "(" {
		SkipGroup(l)
		a = l.Next()
	}
	if !a.Is("AS") {
		l.Pos = start
		return false
	}
	bodyAt := l.Pos
	add(name.Text, depth)
	// The rest of the list: ) , name [(cols)] AS ( … at this depth.
	for {
		if b := l.Next(); b.Kind != Punct || b.Text != "(" {
			break
		}
		SkipGroup(l)
		if c := l.Next(); c.Kind != Punct || c.Text != "," {
			break
		}
		nm := l.Next()
		if !nm.IsName() {
			break
		}
		a := l.Next()
		if a.Kind == Punct && a.Text == "(" {
			SkipGroup(l)
			a = l.Next()
		}
		if !a.Is("AS") {
			break
		}
		add(nm.Text, depth)
	}
	l.Pos = bodyAt
	return true
}

// cteName is a name a WITH gives at depth: unqualified, there or deeper, not a table.
type cteName struct {
	name  string
	depth int
}

// withoutCTEs are refs without the names of CTEs.
func withoutCTEs(refs []TableRef, ctes []cteName) []TableRef {
	if len(ctes) == 0 {
		return refs
	}
	return slices.DeleteFunc(refs, func(r TableRef) bool {
		return r.DB == "" && slices.ContainsFunc(ctes, func(c cteName) bool { return strings.EqualFold(c.name, r.Name) && r.depth >= c.depth })
	})
}
