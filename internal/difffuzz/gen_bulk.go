package difffuzz

import "fmt"

// The bulk-empty construct: rows into a table emptied again under unique_checks=0 and
// foreign_key_checks=0, where MariaDB's InnoDB (≥ 10.6) takes its bulk-insert path for a
// transaction whose first insert meets the empty table. The client autocommits each
// statement; an importer that groups them into one transaction must not put an INSERT
// IGNORE or REPLACE with duplicate keys on that path beside other rows (it keeps none of
// the transaction's rows, silently).

// bulkEmpty empties an InnoDB table with a primary key (TRUNCATE, DELETE without WHERE,
// or DROP and CREATE), then writes either a first plain INSERT, INSERT IGNORE or REPLACE
// rows repeating its keys and each other's, and more plain rows; or an INSERT IGNORE with
// duplicates as the first statement, then plain INSERTs. Its statements hold few rows, so
// that the runner's small batches (batchBytes) can hold two of them.
func bulkEmpty(g *gen) {
	if !g.cfg.on(BulkEmpty) || g.inTx || !g.autocommit {
		return
	}
	t := bulkTable(g)
	if t == nil {
		return
	}
	if g.fkChecks {
		g.emit("/*!40014 SET FOREIGN_KEY_CHECKS=0 */")
		g.fkChecks = false
	}
	g.emit("/*!40014 SET UNIQUE_CHECKS=0 */")
	if g.chance(0.8) {
		// Rows before, an INSERT IGNORE or REPLACE among them: an importer that orders a
		// table's rows from its first such statement on no longer starts a batch at the
		// next one (the shape the review found: TestImportBulkInsertIgnoreEmptiedAgain).
		first := bulkFresh(t, 1+g.pick(3))
		bulkRows(g, t, "INSERT INTO", first, false)
		bulkRows(g, t, bulkOrderedVerb(g), bulkDups(g, t, first), true)
	}
	switch g.pick(3) {
	case 0:
		g.emit("TRUNCATE TABLE %s", t.qname())
	case 1:
		g.emit("DELETE FROM %s", t.qname())
	default:
		if !g.cfg.on(AlterThenInsert) { // a recreated table counts as altered
			g.emit("TRUNCATE TABLE %s", t.qname())
			break
		}
		g.emit("DROP TABLE %s", t.qname())
		old := t
		t = g.createTableNamed(t.db, t.name)
		t.altered = true
		t.nextID = old.nextID // ids stay above what the old table's counter reached
		replaceTable(g, old, t)
		if t.engine != "InnoDB" || !t.pk {
			g.insertInto(t)
			return
		}
	}
	t.ids = nil // emptied: no row a child may reference
	if g.chance(0.5) {
		first := bulkFresh(t, 1+g.pick(3))
		bulkRows(g, t, "INSERT INTO", first, false)
		for range 1 + g.pick(2) {
			bulkRows(g, t, bulkOrderedVerb(g), bulkDups(g, t, first), true)
		}
	} else {
		bulkRows(g, t, "INSERT IGNORE INTO", bulkDups(g, t, nil), true)
	}
	for range 1 + g.pick(2) {
		bulkRows(g, t, "INSERT INTO", bulkFresh(t, 1+g.pick(3)), false)
	}
}

// bulkTable picks an InnoDB table with a primary key that no foreign key names (emptying
// a parent would orphan its children's rows), or nil.
func bulkTable(g *gen) *table {
	var ok []*table
	for _, t := range g.tables {
		if t.engine == "InnoDB" && t.pk && !t.childOf && t.parent == nil && (!t.altered || g.cfg.on(AlterThenInsert)) {
			ok = append(ok, t)
		}
	}
	if len(ok) == 0 {
		return nil
	}
	return ok[g.pick(len(ok))]
}

// replaceTable puts nt where old was in g.tables (createTableNamed appended nt).
func replaceTable(g *gen, old, nt *table) {
	g.tables = g.tables[:len(g.tables)-1]
	for i, x := range g.tables {
		if x == old {
			g.tables[i] = nt
		}
	}
}

// bulkFresh takes n ids no row of t has had.
func bulkFresh(t *table, n int) []int {
	ids := make([]int, n)
	for i := range ids {
		ids[i] = t.nextID
		t.nextID++
	}
	return ids
}

// bulkOrderedVerb is a verb that ignores or replaces duplicates.
func bulkOrderedVerb(g *gen) string {
	return []string{"INSERT IGNORE INTO", "REPLACE INTO"}[g.pick(2)]
}

// bulkDups is 3 to 6 ids that repeat keys of prev and of each other, with a fresh one
// among them.
func bulkDups(g *gen, t *table, prev []int) []int {
	ids := bulkFresh(t, 1+g.pick(2))
	for range 2 + g.pick(3) {
		if len(prev) > 0 && g.chance(0.5) {
			ids = append(ids, prev[g.pick(len(prev))])
		} else {
			ids = append(ids, ids[g.pick(len(ids))])
		}
	}
	return ids
}

// bulkRows writes one statement of rows into t with the explicit ids given. dupOK: it
// ignores or replaces duplicates (the UNIQUE column's values then collide too); a plain
// INSERT records its ids as surely in the table.
func bulkRows(g *gen, t *table, verb string, ids []int, dupOK bool) {
	g.dupOK, g.usedCounter = dupOK, false
	g.recordIDs = !dupOK
	st := Stmt{Head: verb + " " + g.tableRef(t) + " VALUES ", Sep: ","}
	for _, id := range ids {
		vals := []string{fmt.Sprint(id)}
		for _, c := range t.cols[1:] {
			vals = append(vals, literals{g}.value(t, c))
		}
		st.Rows = append(st.Rows, vals)
		if !dupOK {
			t.ids = append(t.ids, id)
		}
	}
	g.out = append(g.out, st)
}
