package plan

import (
	"cmp"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// tableRefs reads the tables a statement names where it reads or writes rows: after
// UPDATE, DELETE, FROM, USING and every JOIN (STRAIGHT_JOIN, NATURAL/CROSS/LEFT/RIGHT
// [OUTER] JOIN), with the rest of their comma and JOIN lists, at any depth of
// parentheses (`FROM (k)`, `FROM (k2, k)`, `FROM k2 STRAIGHT_JOIN k`), past aliases (with
// or without AS), index hints (`USE INDEX (…)`, `FORCE KEY FOR JOIN (…)`), PARTITION
// lists and ON/USING conditions; derived tables, subqueries and the parts of a UNION,
// INTERSECT or EXCEPT are read for their own FROM. A name a CTE (`WITH x AS (…)`) gives,
// unqualified, at the CTE's depth or deeper, is not a table. ok is false where the text
// does not read so (LATERAL, `FOR SYSTEM_TIME AS OF …`, a table function other than
// JSON_TABLE, unbalanced parentheses, words after an alias): a short list is a silent
// difference (a resume that takes a fill for exact: TestXTidyFillSourcesForms), so the
// caller refuses instead. Keys are db-qualified (db, the current database), each once.
func tableRefs(sql []byte, syntax sqlscan.Syntax, db string) (keys []string, ok bool) {
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
	}
	var ctes []cteName
	var refs []tableRef
	first := true
	levels := []level{{state: none}}
	l := sqlscan.New(sql, syntax)
	ok = true
	for t := l.Next(); t.Kind != sqlscan.EOF; t, first = l.Next(), false {
		top := &levels[len(levels)-1]
		if t.Is("SELECT") {
			top.selected = true
		}
		punct := t.Kind == sqlscan.Punct
		switch {
		case punct && t.Text == "(":
			save := l.Pos
			n := l.Next()
			l.Pos = save
			child := level{state: none}
			if top.state == expect {
				child.fromList = true
				if !n.Is("SELECT") && !n.Is("WITH") && !n.Is("VALUES") {
					child.state = expect // (k), (k2, k), (k2 JOIN k ON …)
				}
			} else if top.state == after || top.state == condition {
				// USE INDEX (…), PARTITION (…), USING (…), ON (…): no table, but a
				// subquery in an ON condition reads its own FROM.
				child.fromList = false
			}
			levels = append(levels, child)
			continue
		case punct && t.Text == ")":
			if len(levels) == 1 {
				return dedupeKeys(refsKeys(refs, ctes, db)), false
			}
			closed := levels[len(levels)-1]
			levels = levels[:len(levels)-1]
			if closed.fromList {
				levels[len(levels)-1].state, levels[len(levels)-1].aliased = after, false
			}
			continue
		case punct && t.Text == ";":
			levels = levels[:1]
			levels[0].state = none
			first = true
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
			if n := l.Next(); n.Kind == sqlscan.Punct && n.Text == "(" {
				l.Pos = save
				if tdb == "" && strings.EqualFold(name, "JSON_TABLE") {
					top.state, top.aliased = after, false // its argument is an expression
					levels = append(levels, level{state: none})
					l.Next()
					continue
				}
				ok = false
				top.state = none
				continue
			} else if n.Kind == sqlscan.Punct && n.Text == "." {
				if s := l.Next(); s.Kind == sqlscan.Punct && s.Text == "*" {
					save = l.Pos // DELETE t1.* FROM …
				}
			}
			l.Pos = save
			if !(tdb == "" && strings.EqualFold(name, "DUAL")) {
				refs = append(refs, tableRef{tdb, name, len(levels) - 1})
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
					top.state = expect
				}
			case t.Is("ON"):
				top.state = condition
			case t.Is("USING"):
				save := l.Pos
				if n := l.Next(); n.Kind == sqlscan.Punct && n.Text == "(" {
					top.state = condition // JOIN … USING (c)
				} else {
					top.state = expect // DELETE FROM t1 USING t1, t2
				}
				l.Pos = save
			case t.Is("FROM"):
				top.state = expect // DELETE t1, t2 FROM …
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
					if !l.Next().Is("ALL") {
						ok = false
						top.state = none
					}
				default:
					l.Pos = save
					top.state = none // FOR UPDATE
				}
			case isListEnd(t):
				top.state = none
			case t.IsName() && !top.aliased:
				top.aliased = true
			default:
				ok = false
				top.state = none
			}
		default:
			switch {
			case (t.Is("UPDATE") || t.Is("DELETE")) && first:
				top.state = expect
			case t.Is("FROM") && (top.selected || len(levels) == 1):
				top.state = expect // a JOIN here is SELECT STRAIGHT_JOIN: joins follow a table
			}
		}
	}
	if len(levels) != 1 {
		ok = false
	}
	return dedupeKeys(refsKeys(refs, ctes, db)), ok
}

// isListEnd reports whether t, a word after a table reference or an ON condition, ends
// the table list.
func isListEnd(t sqlscan.Token) bool {
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
// same depth; their bodies are read by tableRefs as it comes to them.
func readCTEs(l *sqlscan.Tokenizer, depth int, add func(string, int)) bool {
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
	if a.Kind == sqlscan.Punct && a.Text == "(" {
		skipParens(l)
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
		if b := l.Next(); b.Kind != sqlscan.Punct || b.Text != "(" {
			break
		}
		skipParens(l)
		if c := l.Next(); c.Kind != sqlscan.Punct || c.Text != "," {
			break
		}
		nm := l.Next()
		if !nm.IsName() {
			break
		}
		a := l.Next()
		if a.Kind == sqlscan.Punct && a.Text == "(" {
			skipParens(l)
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

// skipParens moves l past the ")" that closes the "(" just read.
func skipParens(l *sqlscan.Tokenizer) {
	for depth := 1; depth > 0; {
		t := l.Next()
		switch {
		case t.Kind == sqlscan.EOF:
			return
		case t.Kind == sqlscan.Punct && t.Text == "(":
			depth++
		case t.Kind == sqlscan.Punct && t.Text == ")":
			depth--
		}
	}
}

// tableRef is a table name tableRefs read, at depth (of parentheses).
type tableRef struct {
	db, name string
	depth    int
}

// cteName is a name a WITH gives at depth: unqualified, there or deeper, not a table.
type cteName struct {
	name  string
	depth int
}

// refsKeys are the keys of refs that are not CTE names.
func refsKeys(refs []tableRef, ctes []cteName, db string) []string {
	var keys []string
	for _, r := range refs {
		if r.db == "" && slices.ContainsFunc(ctes, func(c cteName) bool { return strings.EqualFold(c.name, r.name) && r.depth >= c.depth }) {
			continue
		}
		keys = append(keys, KeyOf(cmp.Or(r.db, db), r.name))
	}
	return keys
}

func dedupeKeys(keys []string) []string {
	var out []string
	for _, k := range keys {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}
