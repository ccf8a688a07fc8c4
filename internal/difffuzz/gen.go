package difffuzz

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
)

// Construct names a part of the grammar that can be switched off (Config.Off), so that a
// known, tracked difference does not stop every run while its fix lands.
type Construct string

// The switchable constructs. Each is one of the differences known when the fuzzer was
// written (docs/difffuzz.md lists them with their issues); KnownBugs switches them all off.
const (
	// AlterThenInsert: DDL that changes a table's columns followed by rows into that table
	// (--load-data kept the columns it had read before the DDL).
	AlterThenInsert Construct = "alter-then-insert"
	// MultibyteTrail5C: sjis/gbk text whose second byte is 0x5C (backslash) sent on an
	// sjis or gbk connection (--load-data escaped the 0x5C).
	MultibyteTrail5C Construct = "mb-trail-5c"
	// EmptyStringIsNull: sql_mode EMPTY_STRING_IS_NULL (LOAD DATA reads '' as '').
	EmptyStringIsNull Construct = "empty-string-is-null"
	// ExponentDecimal: exponent literals (1.5e2) into DECIMAL columns.
	ExponentDecimal Construct = "exponent-decimal"
	// NegativeZero: -0 and -0.0 into FLOAT/DOUBLE columns.
	NegativeZero Construct = "negative-zero"
	// SetSubquery: SET @v = (SELECT …), which --resume evaluated again.
	SetSubquery Construct = "set-subquery"
	// RowCountFuncs: ROW_COUNT() and FOUND_ROWS(), which serial mode's SELECT
	// @@warning_count changed; read right after INSERT IGNORE/REPLACE, CALL and EXECUTE,
	// and in triggers, functions, views and CREATE TABLE … SELECT (rowCountReader).
	RowCountFuncs Construct = "row-count"
	// ResumeTruncate: TRUNCATE and DELETE of a table that later gets rows (--resume
	// truncated tables it reloads).
	ResumeTruncate Construct = "truncate"
)

// Constructs of differences the fuzzer found (docs/difffuzz.md, "Differences found").
const (
	// EngineChange: ALTER TABLE … ENGINE=. A kill after the server finished the ALTER but
	// before dumpscope recorded it makes --resume run it again, and a second ALTER …
	// ENGINE=InnoDB of a former Aria table drops its PAGE_CHECKSUM=1 (found by seed 2).
	EngineChange Construct = "engine-change"
	// Trigger: CREATE TRIGGER. A kill after the server created the trigger but before
	// dumpscope recorded it makes --resume send it again, which fails with ERROR 1359
	// "Trigger already exists" where the client succeeded (found by seed 209).
	Trigger Construct = "trigger"
	// ReloadInTx: rows into a MyISAM, Aria or keyless table inside a transaction (after
	// SET autocommit=0 or START TRANSACTION). --resume truncates such a table to reload
	// it and replays its batches, but not an INSERT that ran in a transaction the next
	// DDL committed: its rows are lost (found by seed 1073; likely the known "resume
	// truncating tables").
	ReloadInTx Construct = "reload-in-tx"
	// Rename: RENAME TABLE. --resume truncates a renamed MyISAM, Aria or keyless table
	// to reload it but replays only the rows sent under its new name: those inserted
	// before the RENAME are lost (found by seed 1146). --defer-indexes added a renamed
	// table's held-back keys under its old name (seed 1276; fixed,
	// TestImportDeferIndexesRenamedInRegion).
	Rename Construct = "rename"
	// AlterColumn: ALTER TABLE … ADD/DROP COLUMN. An unrecorded ADD COLUMN at the
	// furthest recorded offset, sent again by --resume, fails with ERROR 1060 "Duplicate
	// column name" instead of counting as applied (found by seed 1161).
	AlterColumn Construct = "alter-column"
	// ReplaceChild: rows into a table with a foreign key while foreign_key_checks=1.
	// Under --parallel a REPLACE (seed 1229) or an INSERT (seed 4036) into the child ran
	// before the parent's rows (a multi-row INSERT split into batches) had committed:
	// ERROR 1452 where the client succeeded (fixed, TestImportFKChildAfterParentBatches).
	ReplaceChild Construct = "fk-child"
	// LastInsertID: SET @v = LAST_INSERT_ID(). After a kill and --resume the variable
	// read 0 where the client's read 1, without the refusal --resume gives when it
	// cannot recreate LAST_INSERT_ID() (found by seeds 1289 and 1046; fixed: the progress
	// rows keep it, TestResumeFoundLastInsertID).
	LastInsertID Construct = "last-insert-id"
	// Serializing: the statements after which an import runs on one connection (user
	// variables, transactions, SET autocommit). In a run gone serial, an unrecorded DDL
	// at the furthest recorded offset, sent again by --resume, fails with its "already
	// exists" error (1050, 1060) instead of counting as applied (found by seeds 1161 and
	// 2005).
	Serializing Construct = "serializing"
	// Keyless: tables without a primary key (and CREATE … SELECT copies), which --resume
	// reloads from their first row: after a kill, a keyless table with a UNIQUE key
	// written by INSERT … ON DUPLICATE KEY UPDATE held other rows than the client's
	// (found by seed 3026, not shrunk).
	Keyless Construct = "keyless"
	// TriggerVar: SET @v = COALESCE(@trg, -1), a user variable that a trigger body
	// counts on the connection that fired it. A resumed run's connection starts without
	// it: -1 where the client's read 456 (found by seed 809; fixed: the variables trigger
	// bodies name are journaled too, TestResumeFoundTriggerVariable).
	TriggerVar Construct = "trigger-var"
	// CharsetConnection: text in the client's character set after SET CHARACTER SET,
	// whose literals pass through the database's (character_set_connection): --load-data
	// converted them straight to the column's, and workers and a resume past an ALTER
	// DATABASE took that database's new charset (fixed: TestLoadDataConnectionCharset,
	// TestParallelCharsetFromDatabase, TestResumeCharsetFromDatabase). Off, SET
	// CHARACTER SET is followed by ASCII text only, as before.
	CharsetConnection Construct = "charset-connection"
	// XATxn: XA START … XA END with XA PREPARE and XA COMMIT or ROLLBACK, or XA COMMIT …
	// ONE PHASE. Killed between the XA COMMIT and the progress row that can only follow
	// it, --resume ran the XA transaction again (ERROR 1062; found by the kill -9 corpus
	// test in CI, fixed: the XA transaction carries a marker, TestResumeAfterXACommit).
	XATxn Construct = "xa"
	// BulkEmpty: a table emptied again (TRUNCATE, DELETE without WHERE, DROP and CREATE)
	// under unique_checks=0 and foreign_key_checks=0, then a first INSERT and INSERT IGNORE
	// or REPLACE rows repeating its keys, or an INSERT IGNORE with duplicates first
	// (gen_bulk.go). InnoDB's bulk path kept none of a batch's rows where the recreated
	// table's first INSERT and an INSERT IGNORE with duplicates shared it (found by review,
	// not by the fuzzer; fixed: importer/replay/bulkpath.go,
	// TestImportBulkInsertIgnoreEmptiedAgain).
	BulkEmpty Construct = "bulk-empty"
	// LockTables: mysqldump's LOCK TABLES … WRITE / UNLOCK TABLES around a table's rows
	// (the load-data profile). Killed inside such a region of a run gone serial, a resume
	// sent statements again that had committed: ERROR 1062, or in a keyless table the
	// rows twice, silently (found by seed 30341; fixed, importer/replay/lockregion.go).
	LockTables Construct = "lock-tables"
)

// Config shapes the generated scripts.
type Config struct {
	// Actions is how many generator steps a script has (each one or a few statements);
	// 0 means 40.
	Actions int
	// MaxRows bounds the rows of one INSERT; 0 means 120. With --batch-bytes 2K a few
	// dozen rows already span several batches.
	MaxRows int
	// Off are constructs the grammar leaves out.
	Off []Construct
	// Profile is the scripts' shape ("" or ProfileGeneral: gen.go; ProfileLoadData:
	// gen_loaddata.go). In Options.Config "" means each mode's own (Mode.Profile).
	Profile Profile
}

func (c Config) on(k Construct) bool { return !slices.Contains(c.Off, k) }

// Generate makes the script of seed: the same seed and Config give the same script, on
// any machine (math/rand with a fixed source, no map iteration order).
func Generate(seed int64, cfg Config) Script {
	return generate(seed, cfg, textSource(seed), workerSource(seed))
}

// generate is Generate with the x-fuzz text blocks' source xd and the x-fuzz2 blocks'
// wd (nil r: none, the generator before them).
func generate(seed int64, cfg Config, xd, wd dice) Script {
	if cfg.Actions == 0 {
		cfg.Actions = 40
	}
	if cfg.MaxRows == 0 {
		cfg.MaxRows = 120
	}
	g := &gen{dice: dice{r: rand.New(rand.NewSource(seed))}, cfg: cfg, charset: "utf8mb4", client: "utf8mb4", fkChecks: true, autocommit: true, fd: featureSource(seed), rd: gen4Source(seed), td: tempSource(seed), xd: xd, wd: wd, fams: newFamilies(seed)}
	var f *Filter
	switch cfg.Profile {
	case ProfileLoadData:
		loadScript(g)
	case ProfileFilter:
		f = filterScript(g)
	default:
		g.script()
	}
	return Script{Seed: seed, Stmts: g.out, Filter: f}
}

// gen is the generator's state: what it has created and the session state it has set,
// so that the statements it writes next mean what it intends under that state (string
// escapes under NO_BACKSLASH_ESCAPES, quotes under ANSI_QUOTES, text in the connection's
// character set, rows that fit the table's current columns).
type gen struct {
	dice
	cfg Config
	out []Stmt

	dbs         []string
	tables      []*table
	seq         int
	charset     string // the text's character set: character_set_client as SET NAMES left it
	client      string // character_set_client (after SET CHARACTER SET too): how the server splits bytes
	nbe         bool   // NO_BACKSLASH_ESCAPES
	ansi        bool   // ANSI_QUOTES
	noAutoZ     bool   // NO_AUTO_VALUE_ON_ZERO
	savedMode   *modeState
	fkChecks    bool
	autocommit  bool
	inTx        bool
	vars        []string                 // user variables holding integers
	dupOK       bool                     // the INSERT being written ignores or replaces duplicates
	recordIDs   bool                     // its explicit ids will exist afterwards (for foreign keys)
	usedCounter bool                     // it has NULL or 0 for an AUTO_INCREMENT id
	orderedNext bool                     // the next INSERT is an INSERT IGNORE or REPLACE where it may be (rowCountReader)
	svMade      bool                     // the session constructs' table exists (gen_session.go)
	globals     bool                     // a session construct ran SET GLOBAL: the script's end reads the globals
	trgVars     bool                     // a trigger whose body sets @trg exists (diag-show-trigger-var)
	rowsFor     func(*table)             // the profile's rows into a table (nil: insertInto): gen_session.go
	fd          dice                     // the table-feature blocks' own source (gen_features.go)
	fseq        int                      // the feature blocks' names
	rd          dice                     // the f-gen4 blocks' own source (gen_routines.go; nil r: none)
	rseq        int                      // the f-gen4 blocks' names
	td          dice                     // the temporary-table blocks' own source (gen_temporary.go; nil r: none)
	xd          dice                     // the x-fuzz text blocks' own source (gen_texts.go; nil r: none)
	wd          dice                     // the x-fuzz2 blocks' own source (gen_worker.go; nil r: none)
	wseq        int                      // the x-fuzz2 blocks' names
	fams        map[string]*familyState  // the block families' sources and names (family.go; nil: none)
	varBodies   bool                     // an f-gen4 function or trigger whose body sets a user variable exists
	ldValue     func(*table, col) string // the load-data profile's values (nil: literals)
}

type modeState struct{ nbe, ansi, noAutoZ bool }

type table struct {
	db, name string
	cols     []col
	engine   string
	autoinc  bool // cols[0] is id AUTO_INCREMENT PRIMARY KEY
	pk       bool // cols[0] is the primary key
	uniq     int  // index of a column with a UNIQUE key on a small value range, or -1
	parent   *table
	fkCol    int // the column referencing parent's id, or -1
	nextID   int
	ids      []int // ids surely in the table (plain INSERTs outside transactions)
	childOf  bool  // some table references this one
	altered  bool  // DDL changed the columns since the table was created
}

func (t *table) qname() string { return "`" + t.db + "`.`" + t.name + "`" }

type kind int

const (
	kInt kind = iota
	kDecimal
	kFloat
	kBit
	kYear
	kDate
	kDatetime
	kTimestamp
	kTime
	kString
	kBytes
	kEnum
	kSet
	kJSON
	kGeo
)

type col struct {
	name     string
	typ      string
	k        kind
	lo, hi   int64  // integer range
	bits     int    // BIT width
	charset  string // string columns: the column's character set
	nullable bool
}

// colTypes is every column type the generator uses, with what its values may be.
var colTypes = []col{
	{typ: "tinyint", k: kInt, lo: -128, hi: 127},
	{typ: "tinyint unsigned", k: kInt, lo: 0, hi: 255},
	{typ: "smallint", k: kInt, lo: -32768, hi: 32767},
	{typ: "mediumint unsigned", k: kInt, lo: 0, hi: 16777215},
	{typ: "int", k: kInt, lo: -2147483648, hi: 2147483647},
	{typ: "bigint", k: kInt, lo: -1 << 61, hi: 1 << 61},
	{typ: "bigint unsigned", k: kInt, lo: 0, hi: 1 << 62},
	{typ: "decimal(10,2)", k: kDecimal, lo: -99999999, hi: 99999999},
	{typ: "decimal(30,10)", k: kDecimal, lo: -1 << 50, hi: 1 << 50},
	{typ: "decimal(5,0) unsigned", k: kDecimal, lo: 0, hi: 99999},
	{typ: "float", k: kFloat},
	{typ: "double", k: kFloat},
	{typ: "double(10,3)", k: kFloat},
	{typ: "bit(1)", k: kBit, bits: 1},
	{typ: "bit(12)", k: kBit, bits: 12},
	{typ: "bit(64)", k: kBit, bits: 62},
	{typ: "year", k: kYear},
	{typ: "date", k: kDate},
	{typ: "datetime", k: kDatetime},
	{typ: "datetime(6)", k: kDatetime},
	{typ: "timestamp(3) NULL", k: kTimestamp},
	{typ: "time(2)", k: kTime},
	{typ: "char(12)", k: kString, charset: "utf8mb4"},
	{typ: "varchar(64)", k: kString, charset: "utf8mb4"},
	{typ: "varchar(40) CHARACTER SET latin1", k: kString, charset: "latin1"},
	{typ: "varchar(40) CHARACTER SET sjis", k: kString, charset: "sjis"},
	{typ: "varchar(40) CHARACTER SET gbk", k: kString, charset: "gbk"},
	{typ: "text", k: kString, charset: "utf8mb4"},
	{typ: "tinytext CHARACTER SET latin1", k: kString, charset: "latin1"},
	{typ: "binary(6)", k: kBytes},
	{typ: "varbinary(64)", k: kBytes},
	{typ: "blob", k: kBytes},
	{typ: "longblob", k: kBytes},
	{typ: "enum('1','2','10','a','b')", k: kEnum},
	{typ: "set('1','2','4','x')", k: kSet},
	{typ: "json", k: kJSON},
	{typ: "point", k: kGeo},
	{typ: "geometry", k: kGeo},
}

// dice is the generator's one source of randomness (seeded, so a seed replays a script).
type dice struct{ r *rand.Rand }

func (d dice) pick(n int) int        { return d.r.Intn(n) }
func (d dice) chance(p float64) bool { return d.r.Float64() < p }

func (g *gen) emit(format string, args ...any) {
	g.out = append(g.out, Stmt{Head: fmt.Sprintf(format, args...)})
}

func (g *gen) script() {
	g.emit("SET NAMES utf8mb4")
	g.newDatabase()
	if g.chance(0.3) {
		g.newDatabase()
	}
	g.emit("USE `%s`", g.dbs[0])
	if g.chance(0.4) {
		g.emit("/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */")
		g.fkChecks = false
	}
	for range 1 + g.pick(3) {
		g.createTable()
	}
	bulkEarly(g)
	sessionEarly(g)
	ownSourceBlocks(g, true)
	for range g.cfg.Actions {
		g.action()
		ownSourceBlocks(g, false)
	}
	sessionEnd(g)
	if g.inTx && g.chance(0.7) {
		g.emit("COMMIT")
	}
}

func (g *gen) newDatabase() {
	name := fmt.Sprintf("fz%d", len(g.dbs))
	g.dbs = append(g.dbs, name)
	cs := []string{"", " DEFAULT CHARACTER SET utf8mb4", " DEFAULT CHARACTER SET latin1"}[g.pick(3)]
	g.emit("CREATE DATABASE `%s`%s", name, cs)
}

// action is one generator step, weighted toward rows: most of what a dump is.
func (g *gen) action() {
	type step struct {
		w int
		f func()
	}
	steps := []step{
		{30, g.insert},
		{4, g.createTable},
		{3, g.setNames},
		{3, g.setSQLMode},
		{2, g.setSession},
		{4, g.ddl},
		{2, g.trigger},
		{2, g.foreignKey},
		{3, g.userVar},
		{3, g.transaction},
		{3, g.dml},
		{1, g.comment},
		{4, func() { bulkEmpty(g) }},
		{4, func() { sessionStep(g) }},
	}
	total := 0
	for _, s := range steps {
		total += s.w
	}
	n := g.pick(total)
	for _, s := range steps {
		if n < s.w {
			s.f()
			return
		}
		n -= s.w
	}
}

func (g *gen) name(prefix string) string {
	g.seq++
	return fmt.Sprintf("%s%d", prefix, g.seq)
}

// randomCols picks 1 to 6 columns of random types after the key column.
func (g *gen) randomCols() []col {
	var cols []col
	for i := range 1 + g.pick(6) {
		c := colTypes[g.pick(len(colTypes))]
		c.name = fmt.Sprintf("c%d", i)
		c.nullable = g.chance(0.7)
		cols = append(cols, c)
	}
	return cols
}

func colDef(c col) string {
	s := "`" + c.name + "` " + c.typ
	if !c.nullable && !strings.HasSuffix(c.typ, " NULL") {
		s += " NOT NULL"
	}
	return s
}

func (g *gen) createTable() {
	g.createTableNamed(g.dbs[g.pick(len(g.dbs))], g.name("t"))
}

// createTableNamed creates a table of random columns, keys and engine named db.name.
func (g *gen) createTableNamed(db, name string) *table {
	t := &table{db: db, name: name, uniq: -1, fkCol: -1, nextID: 1}
	t.engine = []string{"InnoDB", "InnoDB", "InnoDB", "MyISAM", "Aria"}[g.pick(5)]
	var defs []string
	switch g.pick(4) {
	case 0, 1:
		t.autoinc, t.pk = true, true
		t.cols = append(t.cols, col{name: "id", typ: "int", k: kInt, lo: 1, hi: 1 << 30})
		defs = append(defs, "`id` int NOT NULL AUTO_INCREMENT")
	case 2:
		t.pk = true
		t.cols = append(t.cols, col{name: "id", typ: "bigint", k: kInt, lo: 1, hi: 1 << 40})
		defs = append(defs, "`id` bigint NOT NULL")
	case 3:
		if !g.cfg.on(Keyless) {
			t.pk = true
			t.cols = append(t.cols, col{name: "id", typ: "bigint", k: kInt, lo: 1, hi: 1 << 40})
			defs = append(defs, "`id` bigint NOT NULL")
			break
		}
		fallthrough
	default: // no primary key: resume reloads such tables from their first row
		t.cols = append(t.cols, col{name: "id", typ: "int", k: kInt, lo: 1, hi: 1000, nullable: true})
		defs = append(defs, "`id` int")
	}
	for _, c := range g.randomCols() {
		t.cols = append(t.cols, c)
		defs = append(defs, colDef(c))
	}
	if g.chance(0.4) {
		t.uniq = len(t.cols)
		t.cols = append(t.cols, col{name: "u", typ: "int", k: kInt, lo: 0, hi: 40, nullable: true})
		defs = append(defs, "`u` int")
	}
	if t.pk {
		defs = append(defs, "PRIMARY KEY (`id`)")
	}
	if t.uniq >= 0 {
		defs = append(defs, "UNIQUE KEY `uk` (`u`)")
	}
	if len(t.cols) > 1 && g.chance(0.4) && indexable(t.cols[1]) {
		defs = append(defs, "KEY `k1` (`"+t.cols[1].name+"`)")
	}
	// utf8mb4 whatever the database's default: the text columns hold emoji.
	opts := " ENGINE=" + t.engine + " DEFAULT CHARSET=utf8mb4"
	if g.chance(0.3) {
		g.emit("DROP TABLE IF EXISTS %s", t.qname())
	}
	g.emit("CREATE TABLE %s (\n  %s\n)%s", t.qname(), strings.Join(defs, ",\n  "), opts)
	g.tables = append(g.tables, t)
	return t
}

// indexable: a plain secondary index needs no prefix length on it (what --defer-indexes
// moves after the rows).
func indexable(c col) bool {
	switch c.k {
	case kJSON, kGeo:
		return false
	case kString, kBytes:
		return strings.Contains(c.typ, "char") || strings.Contains(c.typ, "binary")
	}
	return true
}

func (g *gen) someTable() *table {
	if len(g.tables) == 0 {
		g.createTable()
	}
	return g.tables[g.pick(len(g.tables))]
}

// insert writes one INSERT, INSERT IGNORE or REPLACE, with a column list or without,
// of 1 to MaxRows rows (most of them multi-row).
func (g *gen) insert() { g.insertInto(g.someTable()) }

func (g *gen) insertInto(t *table) {
	if t.altered && !g.cfg.on(AlterThenInsert) {
		return
	}
	if (g.inTx || !g.autocommit) && (t.engine != "InnoDB" || !t.pk) && !g.cfg.on(ReloadInTx) {
		return
	}
	if t.parent != nil && g.fkChecks && !g.cfg.on(ReplaceChild) {
		return
	}
	verb := "INSERT INTO"
	if (t.uniq >= 0 || t.pk) && !t.childOf && (t.parent == nil || g.cfg.on(ReplaceChild)) { // a REPLACE's delete of a parent row fails
		switch g.pick(6) {
		case 0:
			verb = "INSERT IGNORE INTO"
		case 1:
			verb = "REPLACE INTO"
		}
	}
	if g.orderedNext && (t.uniq >= 0 || t.pk) && !t.childOf && (t.parent == nil || g.cfg.on(ReplaceChild)) {
		verb = []string{"INSERT IGNORE INTO", "REPLACE INTO"}[g.pick(2)]
	}
	g.orderedNext = false
	if verb == "INSERT INTO" && g.chance(0.1) {
		verb = "INSERT /*!40000 HIGH_PRIORITY */ INTO"
	}
	cols := t.cols
	list := ""
	omitID := t.autoinc && g.chance(0.3)
	if omitID || g.chance(0.3) {
		cols = nil
		var names []string
		for i, c := range t.cols {
			if (i == 0 && omitID) || (i > 0 && c.nullable && g.chance(0.2)) {
				continue
			}
			cols = append(cols, c)
			names = append(names, g.ident(c.name))
		}
		list = " (" + strings.Join(names, ",") + ")"
	}
	odku := verb == "INSERT INTO" && t.uniq >= 0 && g.chance(0.3)
	g.dupOK = strings.Contains(verb, "IGNORE") || strings.Contains(verb, "REPLACE") || odku
	g.recordIDs = !g.dupOK && !g.inTx && g.autocommit
	g.usedCounter = omitID
	n := 1 + g.pick(g.cfg.MaxRows)
	if g.chance(0.3) {
		n = 1 + g.pick(4)
	}
	st := Stmt{Head: verb + " " + g.tableRef(t) + list + " VALUES ", Sep: ","}
	if g.chance(0.2) {
		st.Sep = ",\n"
	}
	for range n {
		var vals []string
		for _, c := range cols {
			vals = append(vals, literals{g}.value(t, c))
		}
		st.Rows = append(st.Rows, vals)
	}
	if g.usedCounter {
		// InnoDB takes counter values for ignored rows and more than it needs for a
		// statement that mixes NULL with explicit ids: stay above whatever it took.
		t.nextID += n
	}
	if odku {
		// NULL never collides in a UNIQUE key; VALUES() reads the row that collided.
		st.Tail = " ON DUPLICATE KEY UPDATE " + g.ident(t.cols[t.uniq].name) + " = NULL"
		if c := t.cols[1]; c.name != "u" && c.name != "pid" && g.chance(0.5) {
			st.Tail = " ON DUPLICATE KEY UPDATE " + g.ident(c.name) + " = VALUES(" + g.ident(c.name) + ")"
		}
	}
	g.out = append(g.out, st)
}

// tableRef names t qualified or, when it is in the first database (the current one),
// sometimes bare.
func (g *gen) tableRef(t *table) string {
	if t.db == g.dbs[0] && g.chance(0.6) {
		return g.ident(t.name)
	}
	if g.ansi && g.chance(0.5) {
		return `"` + t.db + `"."` + t.name + `"`
	}
	return t.qname()
}

func (g *gen) ident(name string) string {
	if g.ansi && g.chance(0.3) {
		return `"` + name + `"`
	}
	if g.chance(0.3) {
		return name
	}
	return "`" + name + "`"
}
