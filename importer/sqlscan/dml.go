package sqlscan

import "slices"

// What the preflight (overwrites, system schemas) and the filters (transform) both read in
// a statement: the tables a DML statement writes, the statement a dynamic SQL literal holds.

// DMLTables returns the tables (their keys) an UPDATE, DELETE, LOAD DATA, INSERT or REPLACE
// may change: every table of an UPDATE's own table list (before SET; any of them may be
// written), the targets of a DELETE, the table of LOAD DATA … INTO TABLE, the table an
// INSERT or REPLACE names after its modifiers. The UPDATE's and DELETE's lists are
// ReadTableRefs', without the tables they only read: those of subqueries, derived tables
// and conditions, and a multi-table DELETE's references after FROM or USING, which name
// its targets' tables (deleteTargets). Each key once. ok is ReadTableRefs' for an UPDATE
// or DELETE (true for the rest): where it is false the list may be short (a table named
// after a form it does not read), and a caller that must know every written table refuses
// the statement (the overwrite check: `UPDATE t JOIN h FOR SYSTEM_TIME AS OF NOW() ON 1
// JOIN other.k ON 1 SET other.k.a=1` read [t h] and let the write into other.k pass,
// x-fix69).
func DMLTables(q []byte, db string, syn Syntax) (keys []TableKey, ok bool) {
	l := New(q, syn)
	verb := l.Next()
	add := func(t Token) {
		d, name := l.Name(t)
		if d == "" {
			d = db
		}
		keys = append(keys, TableKeyOf(d, name))
	}
	switch {
	case verb.Is("INSERT") || verb.Is("REPLACE"):
		t := l.Next()
		for t.Is("LOW_PRIORITY") || t.Is("DELAYED") || t.Is("HIGH_PRIORITY") || t.Is("IGNORE") || t.Is("INTO") {
			t = l.Next()
		}
		if t.IsName() {
			add(t)
		}
		return keys, true
	case verb.Is("LOAD"):
		for t := l.Next(); t.Kind != EOF; t = l.Next() {
			if t.Is("TABLE") {
				if n := l.Next(); n.IsName() {
					add(n)
				}
				return keys, true
			}
		}
		return nil, true
	case verb.Is("DELETE"):
		// DELETE HISTORY FROM t [BEFORE SYSTEM_TIME …] (a system-versioned table's
		// history): HISTORY is no table, and t is the one written. Read as one, the
		// preflight took `d.HISTORY` for the table and let it remove an existing table's
		// history without --overwrite.
		if l.Next().Is("HISTORY") && l.Next().Is("FROM") {
			if t := l.Next(); t.IsName() {
				add(t)
			}
			return keys, true
		}
	case !verb.Is("UPDATE"):
		return nil, true
	}
	refs, ok := ReadTableRefs(q, syn)
	if verb.Is("DELETE") {
		return deleteTargets(refs, db), ok
	}
	for _, r := range refs {
		if k := r.Key(db); !r.Nested && r.List == 0 && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys, ok
}

// deleteTargets are the tables a DELETE deletes from, of its table references (refs):
// the references of its own list (`DELETE FROM k`, `DELETE t1, t2 FROM …`, `DELETE FROM
// t1, t2 USING …`), each resolved by the references after FROM or USING, where a target
// names a reference by its alias (`DELETE x FROM other.k AS x` deletes from other.k, not
// from the current database's x: the preflight let it empty an existing table without
// --overwrite, TestReviewX23DeleteTargetAlias). An unqualified target that is no alias is
// the current database's table (`DELETE k FROM other.k`: ERROR 1109, unknown table k in
// MULTI DELETE).
func deleteTargets(refs []TableRef, db string) []TableKey {
	aliases := map[string]TableKey{} // alias → the table
	for _, r := range refs {
		if !r.Nested && r.List > 0 && r.Alias != "" {
			aliases[r.Alias] = r.Key(db)
		}
	}
	var keys []TableKey
	for _, r := range refs {
		if r.Nested || r.List > 0 {
			continue
		}
		k := r.Key(db)
		if a, ok := aliases[r.Name]; ok && r.DB == "" {
			k = a
		}
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
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
