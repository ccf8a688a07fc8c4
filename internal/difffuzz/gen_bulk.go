package difffuzz

import (
	"fmt"
	"strings"
)

// The bulk-empty construct: rows into a table emptied again under unique_checks=0 and
// foreign_key_checks=0, where MariaDB's InnoDB (≥ 10.6) takes its bulk-insert path for a
// transaction whose first insert meets the empty table. The client autocommits each
// statement; an importer that groups them into one transaction must not put an INSERT
// IGNORE or REPLACE with duplicate keys on that path beside other rows (it keeps none of
// the transaction's rows, silently).
//
// What makes it find that (stop 30's main, e2ac271, lost such rows; the construct's first
// form found it in 1 script of 30, this one in more than 1 of 5, docs/difffuzz.md): the
// table has had an INSERT IGNORE or REPLACE before it is emptied (an importer that orders
// a table's rows from its first such statement on no longer starts a batch at the next
// one); it is emptied by TRUNCATE or DROP and CREATE more than by DELETE (InnoDB may still
// see the rows a DELETE left for purge, and then takes no bulk path); the statements after
// it are small, so that two share the runner's 2K batches (batchBytes); and the construct
// comes several times a script, on one or two tables.

// bulkValueBytes is the longest literal a bulk-empty row takes when three tries give one
// that short: with 3 to 6 rows a statement, two statements then fit a 2K batch.
const bulkValueBytes = 40

// bulkEarly runs the construct before the script's other steps, most of the time: an
// importer may run the rest of a script on one connection once a transaction, a
// SAVEPOINT or a user variable has come (dumpscope does), and one connection is the
// client's order, which shows nothing.
func bulkEarly(g *gen) {
	if g.chance(0.85) {
		bulkEmpty(g)
	}
}

// bulkEmpty runs the construct on one table, sometimes on a second one after it, and
// half the time sets the checks back as mysqldump does at its end.
func bulkEmpty(g *gen) {
	if !g.cfg.on(BulkEmpty) {
		return
	}
	// Outside a transaction, as a dump's tables are loaded: most scripts have one open
	// for a long stretch.
	settle(g)
	fkChecks := g.fkChecks
	for i := range 1 + b2i(g.chance(0.3)) {
		t := bulkTable(g, i > 0)
		if g.fkChecks {
			g.emit("/*!40014 SET FOREIGN_KEY_CHECKS=0 */")
			g.fkChecks = false
		}
		g.emit("/*!40014 SET UNIQUE_CHECKS=0 */")
		bulkEmptyTable(g, t)
	}
	if g.chance(0.5) {
		g.emit("/*!40014 SET UNIQUE_CHECKS=1 */")
		if fkChecks {
			g.emit("/*!40014 SET FOREIGN_KEY_CHECKS=1 */")
			g.fkChecks = true
		}
	}
}

// bulkEmptyTable gives t rows and an INSERT IGNORE or REPLACE, empties it (TRUNCATE,
// DROP and CREATE with the same columns or other ones, DELETE without WHERE), then writes
// a plain INSERT and INSERT IGNORE or REPLACE rows repeating its keys and each other's
// (on the bulk path, an INSERT IGNORE with duplicates after other rows of the transaction
// keeps none of them; MariaDB 10.11 keeps a REPLACE's, and the rows after it), sometimes
// after an INSERT IGNORE with duplicates as the first statement; then plain INSERTs. Not
// that one after a DELETE: whether the client's first statement then takes the bulk path
// depends on InnoDB's purge, and an INSERT IGNORE with duplicates keeps its rows or not
// with it.
func bulkEmptyTable(g *gen, t *table) {
	before := bulkFresh(t, 1+g.pick(3))
	bulkRows(g, t, "INSERT INTO", before, false)
	bulkRows(g, t, bulkOrderedVerb(g), bulkDups(g, t, before), true)
	deleted := false
	switch n := g.pick(20); {
	case n < 9:
		g.emit("TRUNCATE TABLE %s", t.qname())
	case n < 15:
		g.emit("DROP TABLE %s", t.qname())
		bulkCreate(g, t)
	case n < 17 && g.cfg.on(AlterThenInsert): // a recreated table counts as altered
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
	default:
		g.emit("DELETE FROM %s", t.qname())
		deleted = true
	}
	t.ids = nil // emptied: no row a child may reference
	if !deleted && g.chance(0.4) {
		// The client's keeps none of its rows (the bulk path), and the next INSERT meets
		// the table empty again.
		bulkRows(g, t, "INSERT IGNORE INTO", bulkDups(g, t, nil), true)
	}
	first := bulkFresh(t, 1+g.pick(3))
	bulkRows(g, t, "INSERT INTO", first, false)
	for range 1 + g.pick(2) {
		bulkRows(g, t, bulkOrderedVerb(g), bulkDups(g, t, first), true)
	}
	for range 1 + g.pick(2) {
		bulkRows(g, t, "INSERT INTO", bulkFresh(t, 1+g.pick(3)), false)
	}
}

// bulkTable picks an InnoDB table with a primary key that no foreign key names (emptying
// a parent would orphan its children's rows), or creates one when there is none or when
// fresh.
func bulkTable(g *gen, fresh bool) *table {
	var ok []*table
	for _, t := range g.tables {
		if t.engine == "InnoDB" && t.pk && !t.childOf && t.parent == nil && (!t.altered || g.cfg.on(AlterThenInsert)) {
			ok = append(ok, t)
		}
	}
	if len(ok) == 0 || fresh {
		t := &table{db: g.dbs[g.pick(len(g.dbs))], name: g.name("b"), engine: "InnoDB", pk: true, uniq: -1, fkCol: -1, nextID: 1,
			cols: append([]col{{name: "id", typ: "bigint", k: kInt, lo: 1, hi: 1 << 40}}, g.randomCols()...)}
		if g.chance(0.4) {
			t.uniq = len(t.cols)
			t.cols = append(t.cols, col{name: "u", typ: "int", k: kInt, lo: 0, hi: 40, nullable: true})
		}
		bulkCreate(g, t)
		g.tables = append(g.tables, t)
		return t
	}
	return ok[g.pick(len(ok))]
}

// bulkCreate writes the CREATE TABLE of t's columns and keys as they are (an InnoDB table
// with a primary key, which may have a UNIQUE key), as a dump loaded again over the same
// table has it.
func bulkCreate(g *gen, t *table) {
	defs := []string{"`id` bigint NOT NULL"}
	if t.autoinc {
		defs[0] = "`id` int NOT NULL AUTO_INCREMENT"
	}
	for _, c := range t.cols[1:] {
		defs = append(defs, colDef(c))
	}
	defs = append(defs, "PRIMARY KEY (`id`)")
	if t.uniq >= 0 {
		defs = append(defs, "UNIQUE KEY `uk` (`u`)")
	}
	g.emit("CREATE TABLE %s (\n  %s\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4", t.qname(), strings.Join(defs, ",\n  "))
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

// bulkOrderedVerb is a verb that ignores or replaces duplicates, INSERT IGNORE more often:
// on the bulk path, one with duplicates keeps none of the transaction's rows.
func bulkOrderedVerb(g *gen) string {
	if g.chance(0.25) {
		return "REPLACE INTO"
	}
	return "INSERT IGNORE INTO"
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

// bulkRows writes one statement of rows into t with the explicit ids given, short values
// (bulkValue), and half the time a column list without the nullable columns. dupOK: it
// ignores or replaces duplicates (the UNIQUE column's values then collide too); a plain
// INSERT records its ids as surely in the table.
func bulkRows(g *gen, t *table, verb string, ids []int, dupOK bool) {
	g.dupOK, g.usedCounter = dupOK, false
	g.recordIDs = !dupOK
	cols, list := t.cols[1:], ""
	if g.chance(0.5) {
		cols = nil
		names := []string{g.ident("id")}
		for _, c := range t.cols[1:] {
			if !c.nullable {
				cols = append(cols, c)
				names = append(names, g.ident(c.name))
			}
		}
		list = " (" + strings.Join(names, ",") + ")"
	}
	st := Stmt{Head: verb + " " + g.tableRef(t) + list + " VALUES ", Sep: ","}
	for _, id := range ids {
		vals := []string{fmt.Sprint(id)}
		for _, c := range cols {
			vals = append(vals, bulkValue(g, t, c))
		}
		st.Rows = append(st.Rows, vals)
		if !dupOK {
			t.ids = append(t.ids, id)
		}
	}
	g.out = append(g.out, st)
}

// bulkValue is a literal for column c of t, the first of three tries that is at most
// bulkValueBytes long (or the third).
func bulkValue(g *gen, t *table, c col) string {
	v := literals{g}.value(t, c)
	for range 2 {
		if len(v) <= bulkValueBytes {
			break
		}
		v = literals{g}.value(t, c)
	}
	return v
}
