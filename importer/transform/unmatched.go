package transform

import "fmt"

// A filter entry that matches nothing in the dump — a typo (d.custmers), or the name after
// a --rename-database where the filter wants the dump's — kept or left out nothing, and
// the import finished without a word: a restore of one table at 2 a.m. that restores none
// (TestReviewX5FilterMatchesNothing). The Transform notes which entries matched a table
// (or a database) of the stream, and at its end warns about the others, naming them.

// hits records which entries of the table patterns and of --include-databases matched.
type hits struct {
	tables, except, dbs []bool
	left                int // entries not matched yet: 0 stops the bookkeeping
}

func newHits(t *Transform) hits {
	return hits{tables: make([]bool, len(t.tables)), except: make([]bool, len(t.except)), dbs: make([]bool, len(t.dbs)),
		left: len(t.tables) + len(t.except) + len(t.dbs)}
}

// table notes the entries db.table matches.
func (h *hits) table(t *Transform, db, table string) {
	if h.left == 0 {
		return
	}
	mark := func(ps []objectPattern, hit []bool) {
		for i, p := range ps {
			if !hit[i] && (p.db == "" || globMatch(p.db, db)) && globMatch(p.table, table) {
				hit[i] = true
				h.left--
			}
		}
	}
	mark(t.tables, h.tables)
	mark(t.except, h.except)
	h.database(t, db)
}

// database notes the --include-databases entries db matches.
func (h *hits) database(t *Transform, db string) {
	if h.left == 0 {
		return
	}
	for i, g := range t.dbs {
		if !h.dbs[i] && globMatch(g, db) {
			h.dbs[i] = true
			h.left--
		}
	}
}

// warnUnmatched adds a warning for each entry that matched nothing (not capped: each names
// what the user asked for).
func (t *Transform) warnUnmatched() {
	if t.hit.left == 0 {
		return
	}
	w := func(flag string, s string, what string) {
		t.stats.Warnings = append(t.stats.Warnings, fmt.Sprintf(
			"%s entry %q matched no %s of the dump, so it kept or left out nothing (names are the dump's, before any --rename-database)", flag, s, what))
	}
	for i, p := range t.tables {
		if !t.hit.tables[i] {
			w("--tables", p.String(), "table")
		}
	}
	for i, p := range t.except {
		if !t.hit.except[i] {
			w("--exclude-tables", p.String(), "table")
		}
	}
	for i, g := range t.dbs {
		if !t.hit.dbs[i] {
			w("--include-databases", g, "database")
		}
	}
}

func (p objectPattern) String() string {
	if p.db == "" {
		return p.table
	}
	return p.db + "." + p.table
}
