package replay

import (
	"testing"
)

// TestIndexFacts: the facts the advisor's --defer-indexes advice reads count the keys
// --defer-indexes would hold back (plain KEY/INDEX of a CREATE TABLE over several lines),
// not PRIMARY, UNIQUE or FULLTEXT keys, and the row inserts into the tables that have
// them; a table made again has its last CREATE's keys; nothing is known before the first
// CREATE TABLE.
func TestIndexFacts(t *testing.T) {
	const dump = "INSERT INTO early VALUES (1);\n" +
		"CREATE TABLE `plain` (\n  `id` int NOT NULL,\n  `v` int,\n  PRIMARY KEY (`id`),\n  UNIQUE KEY `u` (`v`)\n);\n" +
		"CREATE TABLE `idx` (\n  `id` int NOT NULL,\n  `a` int,\n  `b` int,\n  PRIMARY KEY (`id`),\n  KEY `ka` (`a`),\n  KEY `kb` (`b`)\n);\n" +
		"INSERT INTO `plain` VALUES (1,1),(2,2);\n" +
		"INSERT INTO `idx` VALUES (1,1,1);\n" +
		"USE other;\n" +
		"INSERT INTO `idx` VALUES (2,2,2);\n" +
		"DROP TABLE d.again;\n" +
		"CREATE TABLE d.again (\n  id int,\n  KEY k (id)\n);\n" +
		"CREATE TABLE d.again (\n  id int\n);\n"
	var x indexFacts
	db := "d"
	for _, st := range statementsOf(t, dump) {
		if st.Verb == "USE" {
			db = "other"
		}
		x.observe(&st, db)
		if st.Table == "early" && x.snapshot() != nil {
			t.Errorf("facts before any CREATE TABLE: %+v", *x.snapshot())
		}
	}
	got := x.snapshot()
	if got == nil {
		t.Fatal("no facts")
	}
	// d.plain (a unique key only), d.idx (two plain keys), d.again (made twice, the last
	// without keys). Rows: early (before any CREATE), d.plain, d.idx, other.idx (another
	// table, not one made here).
	idxRow := int64(len("INSERT INTO `idx` VALUES (1,1,1)"))
	want := IndexFacts{Tables: 3, IndexedTables: 1, SecondaryIndexes: 2, IndexedRowBytes: idxRow}
	want.RowBytes = got.RowBytes
	if *got != want {
		t.Errorf("got %+v\nwant %+v", *got, want)
	}
	if got.RowBytes <= got.IndexedRowBytes*3 {
		t.Errorf("row bytes %d: not the four inserts", got.RowBytes)
	}
}

// TestIndexFactsTableKeys: the index facts key a table as the catalog and --defer-indexes
// do (plan.StatementTableKey: sqlscan.TableKeyOf, names compared exactly as the server
// does with lower_case_table_names=0), so `d.x`.`y` and `d`.`x.y`, two tables, are not
// one: rows into a table without secondary keys are not counted as rows into one with
// them. tableKeyIn, a copy that joined the names with a dot, gave both "d.x.y" (failed
// before: 3 of the 6 names of a table of inputs keyed unlike the catalog).
func TestIndexFactsTableKeys(t *testing.T) {
	const dump = "CREATE TABLE `d.x`.`y` (\n  `id` int NOT NULL,\n  `a` int,\n  PRIMARY KEY (`id`),\n  KEY `ka` (`a`)\n);\n" +
		"CREATE TABLE `d`.`x.y` (\n  `id` int NOT NULL,\n  PRIMARY KEY (`id`)\n);\n" +
		"INSERT INTO `d`.`x.y` VALUES (1);\n" +
		"CREATE TABLE `T` (\n  `id` int NOT NULL,\n  `a` int,\n  PRIMARY KEY (`id`),\n  KEY `ka` (`a`)\n);\n" +
		"INSERT INTO `t` VALUES (2);\n" +
		"INSERT INTO `d.x`.`y` VALUES (3,3);\n"
	var x indexFacts
	for _, st := range statementsOf(t, dump) {
		x.observe(&st, "d")
	}
	got := x.snapshot()
	if got == nil {
		t.Fatal("no facts")
	}
	// Tables: `d.x`.`y` and `T` with a key each, `d`.`x.y` without; rows into `t` (not `T`:
	// names are case-sensitive on the servers dumpscope targets) and `d`.`x.y` are not into
	// an indexed table.
	indexedRow := int64(len("INSERT INTO `d.x`.`y` VALUES (3,3)"))
	want := IndexFacts{Tables: 3, IndexedTables: 2, SecondaryIndexes: 2, RowBytes: got.RowBytes, IndexedRowBytes: indexedRow}
	if *got != want {
		t.Errorf("got %+v\nwant %+v", *got, want)
	}
}
