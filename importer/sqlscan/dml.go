package sqlscan

import "strings"

// What the preflight (overwrites, system schemas) and the filters (transform) both read in
// a statement: the tables a DML statement writes, the statement a dynamic SQL literal holds.

// DMLTables returns the tables (their keys) an UPDATE, DELETE, LOAD DATA, INSERT or REPLACE
// may change: every table an UPDATE names before SET (any of them may be written), the
// tables a multi-table DELETE names before FROM (or the one after FROM), the table of
// LOAD DATA … INTO TABLE, the table an INSERT or REPLACE names after its modifiers.
func DMLTables(q []byte, db string, syn Syntax) []TableKey {
	l := New(q, syn)
	verb := l.Next()
	var keys []TableKey
	var bare []string // per key, its name when written unqualified (maybe an alias)
	add := func(t Token) {
		d, name := l.Name(t)
		name = strings.TrimSuffix(name, "*")
		bare = append(bare, "")
		if d == "" {
			d, bare[len(bare)-1] = db, name
		}
		keys = append(keys, TableKeyOf(d, name))
	}
	if verb.Is("INSERT") || verb.Is("REPLACE") {
		t := l.Next()
		for t.Is("LOW_PRIORITY") || t.Is("DELAYED") || t.Is("HIGH_PRIORITY") || t.Is("IGNORE") || t.Is("INTO") {
			t = l.Next()
		}
		if t.IsName() {
			add(t)
		}
		return keys
	}
	if verb.Is("LOAD") {
		for t := l.Next(); t.Kind != EOF; t = l.Next() {
			if t.Is("TABLE") {
				if n := l.Next(); n.IsName() {
					add(n)
				}
				return keys
			}
		}
		return nil
	}
	if verb.Is("DELETE") {
		// DELETE HISTORY FROM t [BEFORE SYSTEM_TIME …] (a system-versioned table's
		// history): HISTORY is no table, and t is the one written. Read as one, the
		// preflight took `d.HISTORY` for the table and let it remove an existing table's
		// history without --overwrite.
		at := l.Pos
		if l.Next().Is("HISTORY") && l.Next().Is("FROM") {
			if t := l.Next(); t.IsName() {
				add(t)
			}
			return keys
		}
		l.Pos = at
	}
	expect := true
	for t := l.Next(); t.Kind != EOF; t = l.Next() {
		switch {
		case t.Is("SET") && verb.Is("UPDATE"), t.Is("WHERE"), t.Is("ORDER"), t.Is("LIMIT"), t.Is("RETURNING"):
			return keys
		case t.Is("FROM") && verb.Is("DELETE"):
			if len(keys) > 0 {
				return deleteTargets(&l, keys, bare, db) // DELETE t1, t2 FROM …: the tables before FROM
			}
			expect = true
		case t.Is("USING") && verb.Is("DELETE"):
			return deleteTargets(&l, keys, bare, db)
		case t.Is("JOIN") || t.Is("FROM"):
			expect = true
		case t.Is("LOW_PRIORITY") || t.Is("QUICK") || t.Is("IGNORE") || t.Is("STRAIGHT_JOIN") || t.Is("INNER") ||
			t.Is("LEFT") || t.Is("RIGHT") || t.Is("CROSS") || t.Is("OUTER") || t.Is("NATURAL"):
		case t.Kind == Punct && t.Text == ",":
			expect = true
		case t.Kind == Punct && t.Text == "(":
			if !SkipGroup(&l) {
				return keys
			}
			expect = false
		case expect && t.IsName():
			add(t)
			expect = false
		default:
			expect = false
		}
	}
	return keys
}

// deleteTargets resolves a multi-table DELETE's targets (keys; bare[i] is the i-th as
// written when unqualified) by the table references that follow FROM or USING, where l
// stands: a target names a reference by its alias (`DELETE x FROM other.k AS x` deletes
// from other.k, not from the current database's x: the preflight let it empty an
// existing table without --overwrite, TestReviewX23DeleteTargetAlias). An unqualified
// target that is no alias is the current database's table (`DELETE k FROM other.k`:
// ERROR 1109, unknown table k in MULTI DELETE).
func deleteTargets(l *Tokenizer, keys []TableKey, bare []string, db string) []TableKey {
	refs := map[string]TableKey{} // alias → the table
	expect, named := true, false  // a reference may come; the last token was one's name
	var last TableKey
	for t := l.Next(); t.Kind != EOF && !t.Is("WHERE") && !t.Is("ORDER") && !t.Is("LIMIT") && !t.Is("RETURNING"); t = l.Next() {
		switch {
		case t.Is("JOIN") || t.Kind == Punct && t.Text == ",":
			expect, named = true, false
		case t.Kind == Punct && t.Text == "(":
			if !SkipGroup(l) {
				return keys
			}
			expect, named = false, false
		case expect && t.IsName() && !referenceWord(t):
			d, name := l.Name(t)
			if d == "" {
				d = db
			}
			last = TableKeyOf(d, name)
			expect, named = false, true
		case named && t.Is("AS"):
		case named && t.IsName() && !referenceWord(t):
			refs[t.Text] = last
			named = false
		default:
			named = false
		}
	}
	out := make([]TableKey, len(keys))
	for i, k := range keys {
		out[i] = k
		if r, ok := refs[bare[i]]; ok && bare[i] != "" {
			out[i] = r
		}
	}
	return out
}

// referenceWord reports whether t is a keyword that may follow a table reference (a
// join, its condition, a partition or index hint), not an alias.
func referenceWord(t Token) bool {
	if t.Kind != Word {
		return false
	}
	for _, w := range []string{"LEFT", "RIGHT", "INNER", "CROSS", "OUTER", "NATURAL", "STRAIGHT_JOIN", "ON", "USING", "PARTITION", "FOR", "USE", "IGNORE", "FORCE"} {
		if t.Is(w) {
			return true
		}
	}
	return false
}

// SkipGroup moves l past the ')' that closes the '(' read last, over nested groups, and
// reports whether it came before the end of the text. A function, not a method: the
// Tokenizer's methods are at the layout's limit.
func SkipGroup(l *Tokenizer) bool {
	for depth := 1; depth > 0; {
		switch t := l.Next(); {
		case t.Kind == EOF:
			return false
		case t.Kind == Punct && t.Text == "(":
			depth++
		case t.Kind == Punct && t.Text == ")":
			depth--
		}
	}
	return true
}
