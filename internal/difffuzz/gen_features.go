package difffuzz

import (
	"fmt"
	"math/rand"
	"strings"
)

// The table-feature constructs (branch f-gen3): what real MariaDB and MySQL dumps contain
// and the grammar did not write — generated and INVISIBLE columns, sequences, system-
// versioned and partitioned tables, DEFAULT expressions, CHECK constraints, ON UPDATE
// CURRENT_TIMESTAMP under a fixed SET timestamp, INSERT … SET, INSERT … SELECT, INSERT
// LOW_PRIORITY/DELAYED, views, a USE of a second database and identifiers that need
// backquotes. Each is a short self-contained block: it starts outside a transaction
// with autocommit on (it is not written otherwise), creates its own tables (none of
// them joins gen.tables, whose rows the other steps write without knowing the feature)
// and gives them rows in multi-row INSERTs that span several 2K batches, so that the
// parallel modes split them.
//
// The blocks draw from their own random source (gen.fd), so that a script of a seed is
// the script it was before them with the blocks inserted: the in-suite seeds and
// TestDiffFuzzKeepGoing's keep their shape.

// The table-feature constructs' names (docs/difffuzz.md, "The grammar").
const (
	// GeneratedCols: VIRTUAL, STORED and PERSISTENT columns (some indexed), rows with a
	// column list of the other columns and without one (DEFAULT or NULL in their place).
	GeneratedCols Construct = "generated-cols"
	// InvisibleCols: INVISIBLE columns with a DEFAULT, nullable or an invisible
	// AUTO_INCREMENT key; rows without a column list leave them out.
	InvisibleCols Construct = "invisible-cols"
	// Sequences: CREATE SEQUENCE, SELECT SETVAL / DO SETVAL (as dumps write it), a table
	// whose key is DEFAULT NEXT VALUE FOR it, rows taking NEXTVAL(s), NEXT VALUE FOR s and
	// PREVIOUS VALUE FOR s.
	Sequences Construct = "sequence"
	// SystemVersioning: a table WITH SYSTEM VERSIONING, its rows updated and deleted (the
	// re-dump holds the current rows only: mariadb-dump writes no history without
	// --dump-history, and no ROW START column unless it is declared, which the block
	// does not: its timestamps would differ).
	SystemVersioning Construct = "system-versioning"
	// Partitioned: tables partitioned BY RANGE, LIST, HASH and KEY, rows into several
	// partitions, INSERT … PARTITION (p0) (one time in ten with a row outside it: ERROR
	// 1748, where the client stops).
	Partitioned Construct = "partitioned"
	// DefaultExpr: deterministic DEFAULT expressions ((`a` + 1), ('x'), (CONCAT(…)), (6 *
	// 7)), rows that leave them out or write DEFAULT.
	DefaultExpr Construct = "default-expr"
	// CheckConstraint: column and table CHECK constraints; one block in five has a row
	// that violates one (ERROR 4025 where the client stops, or skipped with a warning by
	// INSERT IGNORE), or rows under SET check_constraint_checks = 0.
	CheckConstraint Construct = "check-constraint"
	// OnUpdateTimestamp: TIMESTAMP and DATETIME columns DEFAULT CURRENT_TIMESTAMP ON
	// UPDATE CURRENT_TIMESTAMP, written and updated only under SET timestamp = N (what a
	// binlog does), so that what they hold is deterministic.
	OnUpdateTimestamp Construct = "on-update-ts"
	// InsertSet: INSERT, INSERT IGNORE and REPLACE … SET c = v, and … SET … ON DUPLICATE
	// KEY UPDATE.
	InsertSet Construct = "insert-set"
	// InsertSelect: INSERT (IGNORE), REPLACE … SELECT from a table loaded earlier (the
	// script's own or the block's), with and without a column list, WHERE, ORDER BY, ON
	// DUPLICATE KEY UPDATE.
	InsertSelect Construct = "insert-select"
	// InsertPriority: INSERT LOW_PRIORITY, HIGH_PRIORITY, DELAYED (MyISAM: the only
	// engine of 10.11 that takes it) and REPLACE LOW_PRIORITY / DELAYED.
	InsertPriority Construct = "insert-priority"
	// Views: views over loaded tables (mysqldump's stand-in table, then the view in
	// /*!50001 */ comments with DEFINER, or CREATE OR REPLACE), rows INSERTed and REPLACEd
	// through an updatable view, and a table made by CREATE TABLE … AS SELECT from a view.
	Views Construct = "view"
	// UseSecondDB: USE of a second database between tables, a table created and given
	// rows there by bare names, then USE of the first again.
	UseSecondDB Construct = "use-second-db"
	// OddIdentifiers: table and column names with spaces, backquotes inside, dots,
	// reserved words and (on a utf8 connection) non-ASCII letters.
	OddIdentifiers Construct = "odd-identifiers"
)

// FeatureConstructs are the constructs of gen_features*.go, for AllConstructs.
var FeatureConstructs = []Construct{GeneratedCols, InvisibleCols, Sequences, SystemVersioning, Partitioned, DefaultExpr, CheckConstraint,
	OnUpdateTimestamp, InsertSet, InsertSelect, InsertPriority, Views, UseSecondDB, OddIdentifiers}

// FeatureKnownBugs are the table-feature constructs of open findings (f-gen3's search,
// importer/difffuzz_found3_test.go), left out of the in-suite run and the CLI's default.
var FeatureKnownBugs []Construct

// FeatureKillModeOff are the table-feature constructs left out in the modes with kills
// only: none since a resume reloads a system-versioned table (it could not: TRUNCATE
// TABLE is refused on them, ERROR 4137; TestDiffFuzzFound3VersionedReload).
var FeatureKillModeOff []Construct

// featureP is the chance of a block after each generator step of the general grammar
// (40 steps: about two blocks a script), featureEarlyP of one before the steps, where
// dumpscope's run is still parallel; featureLoadP after each table of the load-data
// profile.
const (
	featureP      = 0.05
	featureEarlyP = 0.5
	featureLoadP  = 0.35
)

// featureSource is the blocks' own random source for seed.
func featureSource(seed int64) dice {
	return dice{r: rand.New(rand.NewSource(seed*104729 + 0xf3))}
}

// withFeatureDice runs f with the generator drawing from the blocks' source.
func withFeatureDice(g *gen, f func()) {
	main := g.dice
	g.dice = g.fd
	defer func() { g.fd, g.dice = g.dice, main }()
	f()
}

// featureMaybe writes a block with chance p (drawn from the blocks' source).
func featureMaybe(g *gen, p float64) {
	withFeatureDice(g, func() {
		if g.chance(p) {
			featureBlock(g)
		}
	})
}

// featureBlock writes one of the table-feature blocks switched on, when the session is
// outside a transaction with autocommit on; nothing otherwise.
func featureBlock(g *gen) {
	if g.inTx || !g.autocommit || len(g.dbs) == 0 {
		return
	}
	blocks := []weightedBlock{
		{GeneratedCols, 3, generatedBlock},
		{InvisibleCols, 3, invisibleBlock},
		{Sequences, 3, sequenceBlock},
		{SystemVersioning, 2, versionedBlock},
		{Partitioned, 3, partitionBlock},
		{DefaultExpr, 2, defaultExprBlock},
		{CheckConstraint, 2, checkBlock},
		{OnUpdateTimestamp, 2, onUpdateBlock},
		{InsertSet, 2, insertSetBlock},
		{InsertSelect, 3, insertSelectBlock},
		{InsertPriority, 2, priorityBlock},
		{Views, 3, viewBlock},
		{UseSecondDB, 2, useBlock},
		{OddIdentifiers, 2, oddIdentBlock},
	}
	if b := pickBlock(g, blocks); b != nil {
		b.f(g)
	}
}

// ftable is a block's table: its name (unquoted), database and columns in order.
type ftable struct {
	db, name string
	bare     bool // named bare always (after a USE of its database)
	cols     []fcol
	nextID   int
}

// fcol is a column of a block's table: col for its values, and how a row treats it.
type fcol struct {
	col
	def       string // the definition after the name
	generated bool   // GENERATED ALWAYS: DEFAULT or NULL in a row without a list, never in a list
	invisible bool   // left out of a row without a column list
	omit      bool   // has a default the rows leave to the server when they have a list
	id        bool   // the key: ids counted up by the block
}

// qid quotes name with backquotes (doubled inside).
func qid(name string) string { return "`" + strings.ReplaceAll(name, "`", "``") + "`" }

func (t *ftable) qname() string {
	if t.bare {
		return qid(t.name)
	}
	return qid(t.db) + "." + qid(t.name)
}

// ref is t's name in a statement: bare when it is in the current (first) database,
// sometimes.
func (t *ftable) ref(g *gen) string {
	if t.bare || t.db == g.dbs[0] && g.chance(0.5) {
		return qid(t.name)
	}
	return t.qname()
}

// fname is a name for a block's table, counted apart from the generator's own.
func fname(g *gen, prefix string) string {
	g.fseq++
	return fmt.Sprintf("%s%d", prefix, g.fseq)
}

// baseCols are the plain columns of a block's table after the key: an integer of a small
// range (generated expressions compute on it), a string, a decimal.
func baseCols(g *gen) []fcol {
	a := fcol{col: col{name: "a", typ: "int", k: kInt, lo: -1000, hi: 1000, nullable: true}, def: "int"}
	s := fcol{col: col{name: "s", typ: "varchar(30)", k: kString, charset: "utf8mb4", nullable: true}, def: "varchar(30)"}
	d := fcol{col: col{name: "d", typ: "decimal(10,2)", k: kDecimal, lo: -99999999, hi: 99999999, nullable: true}, def: "decimal(10,2)"}
	cols := []fcol{a, s}
	if g.chance(0.4) {
		cols = append(cols, d)
	}
	return cols
}

// idCol is the key column: explicit ids the block counts.
func idCol() fcol {
	return fcol{col: col{name: "id", typ: "int", k: kInt}, def: "int NOT NULL", id: true}
}

// engine is InnoDB mostly, MyISAM or Aria now and then.
func featureEngine(g *gen) string {
	return []string{"InnoDB", "InnoDB", "InnoDB", "MyISAM", "Aria"}[g.pick(5)]
}

// createF writes t's CREATE TABLE with the extra definitions (keys, constraints) and
// options after the columns.
func createF(g *gen, t *ftable, extra []string, opts string) {
	var defs []string
	for _, c := range t.cols {
		defs = append(defs, qid(c.name)+" "+c.def)
	}
	defs = append(defs, extra...)
	if g.chance(0.3) {
		g.emit("DROP TABLE IF EXISTS %s", t.qname())
	}
	g.emit("CREATE TABLE %s (\n  %s\n)%s", t.qname(), strings.Join(defs, ",\n  "), opts)
}

// fvalue is a literal for c: the load-data profile's own values there (converter
// borders, mostly forms LOAD DATA takes), the general grammar's otherwise.
func fvalue(g *gen, c col) string {
	if g.ldValue != nil {
		return g.ldValue(&table{uniq: -1, fkCol: -1}, c)
	}
	return literals{g}.value(&table{uniq: -1, fkCol: -1}, c)
}

// rowCount is how many rows a block's INSERT has: enough for several 2K batches now and
// then, few otherwise.
func rowCount(g *gen) int {
	if g.ldValue != nil {
		return 10 + g.pick(50)
	}
	if g.chance(0.4) {
		return 1 + g.pick(4)
	}
	return 5 + g.pick(40)
}

// frows writes an INSERT of n rows into t: verb ("INSERT INTO", …), with a column list
// of the columns a row writes (list) or without one (generated columns get DEFAULT or
// NULL, invisible ones are left out). ids come from t.nextID unless idFrom gives one.
func frows(g *gen, t *ftable, verb string, list bool, n int, idFrom func() string) {
	var names []string
	var cols []fcol
	for _, c := range t.cols {
		switch {
		case list && (c.generated || c.omit && g.chance(0.7)):
			continue
		case !list && c.invisible:
			continue
		case list && c.invisible && !c.id && g.chance(0.5):
			continue
		}
		cols = append(cols, c)
		names = append(names, qid(c.name))
	}
	head := verb + " " + t.ref(g)
	if list {
		head += " (" + strings.Join(names, ",") + ")"
	}
	st := Stmt{Head: head + " VALUES ", Sep: ","}
	if g.chance(0.2) {
		st.Sep = ",\n"
	}
	for range n {
		var vals []string
		for _, c := range cols {
			vals = append(vals, fcell(g, t, c, idFrom))
		}
		st.Rows = append(st.Rows, vals)
	}
	g.out = append(g.out, st)
}

// fcell is one value of a row for column c of t.
func fcell(g *gen, t *ftable, c fcol, idFrom func() string) string {
	switch {
	case c.id:
		if idFrom != nil {
			if v := idFrom(); v != "" {
				return v
			}
		}
		t.nextID++
		return fmt.Sprint(t.nextID)
	case c.generated:
		return []string{"DEFAULT", "DEFAULT", "NULL"}[g.pick(3)]
	case c.omit && g.chance(0.2):
		return "DEFAULT"
	}
	return fvalue(g, c.col)
}

// generatedBlock: a table with VIRTUAL, STORED and PERSISTENT columns computed from its
// others, an index on one sometimes, rows with and without a column list.
func generatedBlock(g *gen) {
	t := &ftable{db: g.dbs[g.pick(len(g.dbs))], name: fname(g, "gc")}
	t.cols = append([]fcol{idCol()}, baseCols(g)...)
	kinds := []string{"VIRTUAL", "STORED", "PERSISTENT"}
	exprs := []struct{ typ, expr string }{
		{"int", "`a` * 2"}, {"bigint", "`a` + 1000"}, {"varchar(50)", "CONCAT('x', `s`)"},
		{"varchar(80)", "CONCAT(`s`, '-', `a`)"}, {"int", "CHAR_LENGTH(`s`)"}, {"int", "`id` % 7"},
	}
	var extra []string
	engine := featureEngine(g)
	for i := range 1 + g.pick(3) {
		e := exprs[g.pick(len(exprs))]
		name := fmt.Sprintf("g%d", i)
		kind := kinds[g.pick(3)]
		def := fmt.Sprintf("%s GENERATED ALWAYS AS (%s) %s", e.typ, e.expr, kind)
		if g.chance(0.3) {
			def = fmt.Sprintf("%s AS (%s) %s", e.typ, e.expr, kind)
		}
		t.cols = append(t.cols, fcol{col: col{name: name, typ: e.typ}, def: def, generated: true})
		// Aria refuses a key on a VIRTUAL column (ERROR 1904): the client would stop at
		// the block's CREATE (and --defer-indexes reports it at its ALTER TABLE … ADD
		// KEY as "Error 1904 (HY000)", which the runner does not read as the server's).
		if g.chance(0.3) && (kind != "VIRTUAL" || engine != "Aria") {
			extra = append(extra, fmt.Sprintf("KEY `k%s` (`%s`)", name, name))
		}
	}
	if g.chance(0.3) { // a plain column after the generated ones
		t.cols = append(t.cols, fcol{col: col{name: "z", typ: "int", k: kInt, lo: 0, hi: 100, nullable: true}, def: "int"})
	}
	extra = append([]string{"PRIMARY KEY (`id`)"}, extra...)
	createF(g, t, extra, " ENGINE="+engine+" DEFAULT CHARSET=utf8mb4")
	for range 1 + g.pick(3) {
		frows(g, t, "INSERT INTO", g.chance(0.5), rowCount(g), nil)
	}
}

// invisibleBlock: INVISIBLE columns (with a DEFAULT, nullable, or the AUTO_INCREMENT key
// itself), rows without a column list (which leave them out) and with one naming them.
func invisibleBlock(g *gen) {
	t := &ftable{db: g.dbs[g.pick(len(g.dbs))], name: fname(g, "iv")}
	hiddenKey := g.chance(0.3)
	id := idCol()
	if hiddenKey {
		id.def, id.invisible = "int NOT NULL INVISIBLE AUTO_INCREMENT", true
	}
	t.cols = []fcol{id}
	base := baseCols(g)
	t.cols = append(t.cols, base[0])
	hidden := []fcol{
		{col: col{name: "h", typ: "int", k: kInt, lo: 0, hi: 1000}, def: "int NOT NULL INVISIBLE DEFAULT 42"},
		{col: col{name: "h2", typ: "varchar(30)", k: kString, charset: "utf8mb4", nullable: true}, def: "varchar(30) INVISIBLE"},
		{col: col{name: "h3", typ: "varchar(30)", k: kString, charset: "utf8mb4"}, def: "varchar(30) INVISIBLE DEFAULT 'inv'"},
	}
	for _, h := range hidden {
		if g.chance(0.6) {
			h.invisible = true
			t.cols = append(t.cols, h)
		}
	}
	t.cols = append(t.cols, base[1:]...)
	key := "`a`"
	if t.cols[2].invisible && t.cols[2].name == "h" {
		key = "`h`" // a key on an invisible column: --defer-indexes adds it after the rows
	}
	createF(g, t, withKey(g, key), " ENGINE="+featureEngine(g)+" DEFAULT CHARSET=utf8mb4")
	for range 1 + g.pick(3) {
		list, n := g.chance(0.4), rowCount(g)
		frows(g, t, "INSERT INTO", list, n, nil)
		if hiddenKey && !list {
			t.nextID += n // the rows took generated ids: later explicit ones stay above them
		}
	}
}

// sequenceBlock: a sequence, its state set as dumps set it, a table whose key is DEFAULT
// NEXT VALUE FOR it, rows that take that default, NEXTVAL(s) and NEXT VALUE FOR s in
// VALUES, PREVIOUS VALUE FOR s now and then.
func sequenceBlock(g *gen) {
	db := g.dbs[g.pick(len(g.dbs))]
	s := fname(g, "sq")
	qs := qid(db) + "." + qid(s)
	opts := []string{"", " START WITH 100", " START WITH 5 INCREMENT BY 3", " INCREMENT BY 10 MINVALUE 1 MAXVALUE 1000000"}[g.pick(4)]
	opts += []string{"", " NOCACHE", " CACHE 5", " CACHE 1000"}[g.pick(4)]
	if g.chance(0.3) {
		opts += " ENGINE=" + []string{"InnoDB", "Aria", "MyISAM"}[g.pick(3)]
	}
	g.emit("CREATE SEQUENCE %s%s", qs, opts)
	switch g.pick(3) {
	case 0:
		g.emit("SELECT SETVAL(%s, %d)", qs, 200+g.pick(100))
	case 1:
		g.emit("DO SETVAL(%s, %d, 0)", qs, 300+g.pick(100)) // mariadb-dump 10.11's form
	}
	t := &ftable{db: db, name: fname(g, "sqt")}
	idDef := "bigint NOT NULL DEFAULT NEXT VALUE FOR " + qs
	if g.chance(0.3) {
		idDef = "bigint NOT NULL DEFAULT NEXTVAL(" + qs + ")"
	}
	t.cols = []fcol{{col: col{name: "id", typ: "bigint"}, def: idDef, omit: true, id: true}}
	t.cols = append(t.cols, baseCols(g)...)
	createF(g, t, []string{"PRIMARY KEY (`id`)"}, " ENGINE="+featureEngine(g)+" DEFAULT CHARSET=utf8mb4")
	neg := 0
	for range 1 + g.pick(3) {
		switch g.pick(3) {
		case 0: // the key left to its default
			st := len(g.out)
			frows(g, t, "INSERT INTO", true, rowCount(g), nil)
			dropIDColumn(&g.out[st])
		default: // the key written as the sequence's next value, or (rarely) negative
			frows(g, t, "INSERT INTO", g.chance(0.5), rowCount(g), func() string {
				if g.chance(0.05) {
					neg--
					return fmt.Sprint(neg)
				}
				return []string{"NEXTVAL(" + qs + ")", "NEXT VALUE FOR " + qs, "DEFAULT"}[g.pick(3)]
			})
		}
	}
	if g.chance(0.3) {
		neg--
		g.emit("INSERT INTO %s (`id`, `a`) VALUES (%d, PREVIOUS VALUE FOR %s)", t.qname(), neg, qs)
	}
	if g.chance(0.3) {
		g.emit("SELECT SETVAL(%s, %d)", qs, 5000+g.pick(100))
		frows(g, t, "INSERT INTO", false, 1+g.pick(5), func() string { return "NEXT VALUE FOR " + qs })
	}
}

// withKey is the primary key on `id` and, two times in five, a secondary key on cols
// (which --defer-indexes holds back until after the rows).
func withKey(g *gen, cols string) []string {
	keys := []string{"PRIMARY KEY (`id`)"}
	if g.chance(0.4) {
		keys = append(keys, "KEY `ka` ("+cols+")")
	}
	return keys
}

// dropIDColumn takes the key out of a multi-row INSERT's column list and rows (its first
// column): the rows then take the key's default.
func dropIDColumn(st *Stmt) {
	i := strings.Index(st.Head, "(`id`,")
	if i < 0 {
		return
	}
	st.Head = st.Head[:i+1] + st.Head[i+len("(`id`,"):]
	for j, r := range st.Rows {
		st.Rows[j] = r[1:]
	}
}

// versionedBlock: a table WITH SYSTEM VERSIONING (its ROW START and ROW END implicit), rows,
// then an UPDATE and a DELETE that leave history rows the re-dump does not show, and more
// rows.
func versionedBlock(g *gen) {
	t := &ftable{db: g.dbs[g.pick(len(g.dbs))], name: fname(g, "sv")}
	t.cols = append([]fcol{idCol()}, baseCols(g)...)
	engine := []string{"InnoDB", "InnoDB", "MyISAM", "Aria"}[g.pick(4)]
	createF(g, t, withKey(g, "`a`"), " ENGINE="+engine+" DEFAULT CHARSET=utf8mb4 WITH SYSTEM VERSIONING")
	frows(g, t, "INSERT INTO", g.chance(0.3), rowCount(g), nil)
	if g.chance(0.7) {
		g.emit("UPDATE %s SET `a` = `a` + 1 WHERE `id` %% 3 = 0", t.qname())
	}
	if g.chance(0.5) {
		g.emit("DELETE FROM %s WHERE `id` %% 4 = 1", t.qname())
	}
	if g.chance(0.6) {
		frows(g, t, []string{"INSERT INTO", "REPLACE INTO"}[g.pick(2)], g.chance(0.3), rowCount(g), nil)
	}
}

// partitionBlock: a table partitioned by RANGE, LIST, HASH or KEY on its key, rows into
// every partition, rows naming partitions (INSERT … PARTITION), one block in ten with a
// row outside the partitions it names (ERROR 1748).
func partitionBlock(g *gen) {
	t := &ftable{db: g.dbs[g.pick(len(g.dbs))], name: fname(g, "pt")}
	t.cols = append([]fcol{idCol()}, baseCols(g)...)
	var part string
	var inP0 func(id int) bool // whether id goes to partition p0
	ranged, all := false, "(p0, `p1`)"
	switch g.pick(4) {
	case 0:
		part = "\nPARTITION BY RANGE (`id`)\n(PARTITION `p0` VALUES LESS THAN (20),\n PARTITION `p1` VALUES LESS THAN (60),\n PARTITION `p2` VALUES LESS THAN MAXVALUE)"
		inP0 = func(id int) bool { return id < 20 }
		ranged, all = true, "(p0, `p1`, p2)"
	case 1:
		part = "\nPARTITION BY LIST (`id` MOD 4)\n(PARTITION `p0` VALUES IN (0,1),\n PARTITION `p1` VALUES IN (2,3))"
		inP0 = func(id int) bool { return id%4 < 2 }
	case 2:
		part = "\nPARTITION BY HASH (`id`)\nPARTITIONS 3"
		inP0 = func(id int) bool { return id%3 == 0 }
		all = "(p0, p1, `p2`)"
	default:
		part = "\nPARTITION BY KEY (`id`)\nPARTITIONS 2"
	}
	createF(g, t, withKey(g, "`a`"), " ENGINE="+[]string{"InnoDB", "InnoDB", "MyISAM", "Aria"}[g.pick(4)]+" DEFAULT CHARSET=utf8mb4"+part)
	for range 1 + g.pick(3) {
		if g.chance(0.5) {
			frows(g, t, "INSERT INTO", g.chance(0.4), rowCount(g), nil)
			continue
		}
		st := len(g.out)
		n := rowCount(g)
		if inP0 == nil || ranged && t.nextID+2*n >= 20 { // name every partition
			frows(g, t, "INSERT INTO", g.chance(0.4), n, nil)
			g.out[st].Head = strings.Replace(g.out[st].Head, t.name+"`", t.name+"` PARTITION "+all, 1)
			continue
		}
		bad := g.chance(0.1)
		frows(g, t, "INSERT INTO", g.chance(0.4), n, func() string {
			id := t.nextID + 1
			for !inP0(id) {
				id++
			}
			if bad && n == 1 {
				for inP0(id) {
					id++
				}
			}
			n--
			t.nextID = id
			return fmt.Sprint(id)
		})
		g.out[st].Head = strings.Replace(g.out[st].Head, t.name+"`", t.name+"` PARTITION (p0)", 1)
	}
}
