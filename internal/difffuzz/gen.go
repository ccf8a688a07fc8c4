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
	// @@warning_count changed.
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
)

// KnownBugs are the constructs of differences known and not fixed in every mode; the
// in-suite run switches them off. Of the eight known when the fuzzer was written, six
// are fixed (alter-then-insert, empty-string-is-null, exponent-decimal, negative-zero,
// set-subquery, truncate) and on again; row-count is fixed in the serial mode only (the
// parallel modes' control connection runs lookups of its own between the dump's
// statements), and mb-trail-5c can make the client itself lose its connection.
var KnownBugs = []Construct{MultibyteTrail5C, RowCountFuncs}

// InSuiteOff are the constructs the in-suite run (TestDiffFuzzShort) and the CLI's
// default leave out: the known bugs (docs/difffuzz.md). The difference found in every
// mode that batches (fk-child, seed 1229) is fixed: the construct is on.
var InSuiteOff = append([]Construct(nil), KnownBugs...)

// InSuiteModeOff are the constructs left out in one mode only: the differences the
// fuzzer found that have no fix yet, each in the mode that shows it, so that the other
// modes keep them. Of those found in the resume mode, engine-change, trigger,
// reload-in-tx, rename, alter-column, serializing, last-insert-id (seeds 1289, 1046:
// LAST_INSERT_ID() kept with the progress rows) and trigger-var (seed 809: the variables
// trigger bodies name journaled) are fixed or refused naming the table
// (docs/difffuzz.md); keyless (seeds 3026, 1126) is not.
var InSuiteModeOff = map[string][]Construct{
	"resume": {Keyless},
}

// AllConstructs are every switchable construct, the names --off and --resume-off take.
var AllConstructs = []Construct{AlterThenInsert, MultibyteTrail5C, EmptyStringIsNull, ExponentDecimal, NegativeZero, SetSubquery, RowCountFuncs, ResumeTruncate,
	EngineChange, Trigger, ReloadInTx, Rename, AlterColumn, ReplaceChild, LastInsertID, Serializing, Keyless, TriggerVar}

// ConstructList is cs as ParseConstructs reads it back ("none" when empty): the CLI's
// per-mode defaults are InSuiteModeOff's lists, written once here.
func ConstructList(cs []Construct) string {
	if len(cs) == 0 {
		return "none"
	}
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = string(c)
	}
	return strings.Join(names, ",")
}

// ParseConstructs reads a comma-separated list of construct names ("none": none,
// "known": KnownBugs), for the CLI's --off and --resume-off.
func ParseConstructs(list string) ([]Construct, error) {
	all := AllConstructs
	var out []Construct
	for _, n := range strings.Split(list, ",") {
		switch n = strings.TrimSpace(n); n {
		case "", "none":
		case "known":
			out = append(out, KnownBugs...)
		default:
			if !slices.Contains(all, Construct(n)) {
				return nil, fmt.Errorf("unknown construct %q (constructs: %v)", n, all)
			}
			out = append(out, Construct(n))
		}
	}
	return out, nil
}

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
}

func (c Config) on(k Construct) bool { return !slices.Contains(c.Off, k) }

// Generate makes the script of seed: the same seed and Config give the same script, on
// any machine (math/rand with a fixed source, no map iteration order).
func Generate(seed int64, cfg Config) Script {
	if cfg.Actions == 0 {
		cfg.Actions = 40
	}
	if cfg.MaxRows == 0 {
		cfg.MaxRows = 120
	}
	g := &gen{r: rand.New(rand.NewSource(seed)), cfg: cfg, charset: "utf8mb4", fkChecks: true, autocommit: true}
	g.script()
	return Script{Seed: seed, Stmts: g.out}
}

// gen is the generator's state: what it has created and the session state it has set,
// so that the statements it writes next mean what it intends under that state (string
// escapes under NO_BACKSLASH_ESCAPES, quotes under ANSI_QUOTES, text in the connection's
// character set, rows that fit the table's current columns).
type gen struct {
	r   *rand.Rand
	cfg Config
	out []Stmt

	dbs         []string
	tables      []*table
	seq         int
	charset     string // character_set_client as SET NAMES left it
	nbe         bool   // NO_BACKSLASH_ESCAPES
	ansi        bool   // ANSI_QUOTES
	noAutoZ     bool   // NO_AUTO_VALUE_ON_ZERO
	savedMode   *modeState
	fkChecks    bool
	autocommit  bool
	inTx        bool
	vars        []string // user variables holding integers
	dupOK       bool     // the INSERT being written ignores or replaces duplicates
	recordIDs   bool     // its explicit ids will exist afterwards (for foreign keys)
	usedCounter bool     // it has NULL or 0 for an AUTO_INCREMENT id
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

func (g *gen) pick(n int) int        { return g.r.Intn(n) }
func (g *gen) chance(p float64) bool { return g.r.Float64() < p }

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
	for range g.cfg.Actions {
		g.action()
	}
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
			vals = append(vals, g.value(t, c))
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

// value is a literal for column c of t, in one of the forms the server accepts for it.
func (g *gen) value(t *table, c col) string {
	if c.name == "id" {
		return g.idValue(t)
	}
	if t.fkCol >= 0 && t.cols[t.fkCol].name == c.name && t.parent != nil {
		if !g.fkChecks && g.chance(0.1) {
			return fmt.Sprint(t.parent.nextID + g.pick(5)) // a missing parent: fine with foreign_key_checks=0
		}
		if len(t.parent.ids) == 0 {
			return "NULL"
		}
		return fmt.Sprint(t.parent.ids[g.pick(len(t.parent.ids))])
	}
	if c.nullable && g.chance(0.08) {
		return []string{"NULL", "null"}[g.pick(2)]
	}
	if len(g.vars) > 0 && c.k == kInt && c.hi >= 1<<31-1 && c.name != "u" && g.chance(0.03) {
		return g.vars[g.pick(len(g.vars))]
	}
	switch c.k {
	case kInt:
		return g.intValue(c)
	case kDecimal:
		return g.decimalValue(c)
	case kFloat:
		return g.floatValue(c)
	case kBit:
		v := g.r.Int63n(int64(1) << c.bits)
		switch g.pick(4) {
		case 0:
			return fmt.Sprintf("b'%b'", v)
		case 1:
			return fmt.Sprintf("0x%X", v)
		case 2:
			return fmt.Sprint(v)
		default:
			return fmt.Sprintf("B'%b'", v)
		}
	case kYear:
		return []string{"1901", "2155", "0", "99", "'24'", "'2024'", "1999", "70", "'0'"}[g.pick(9)]
	case kDate:
		return []string{"'2024-02-29'", "'1000-01-01'", "'9999-12-31'", "20240101", "DATE'2020-06-15'", "'2001-1-2'", "'0000-00-00'"}[g.pick(7)]
	case kDatetime:
		return []string{"'2024-02-29 23:59:59.123456'", "'2024-01-01 00:00:00.5'", "'1000-01-01 00:00:00'", "TIMESTAMP'2019-03-31 02:30:00'", "20240102030405", "'2038-01-19 03:14:07.999999'"}[g.pick(6)]
	case kTimestamp:
		return []string{"'2024-02-29 23:59:59.123'", "'1970-01-02 12:00:00'", "'2038-01-18 03:14:07.9'", "'2021-03-28 02:30:00'", "'2000-10-29 01:30:00.25'"}[g.pick(5)]
	case kTime:
		return []string{"'838:59:59'", "'-12:30:00.25'", "'1 10:00:00'", "'00:00:00.99'", "123456", "'-838:59:59.00'"}[g.pick(6)]
	case kString:
		if strings.HasPrefix(c.typ, "char(") {
			return g.stringValue(c.charset, 1+g.pick(4))
		}
		return g.stringValue(c.charset, 1+g.pick(12))
	case kBytes:
		return g.bytesValue(c)
	case kEnum:
		// Numeral members: 1 is the first member ('1'), 3 the third ('10'), '10' the member.
		return []string{"'1'", "'2'", "'10'", "'a'", "'b'", "1", "3", "'B'", "5"}[g.pick(9)]
	case kSet:
		return []string{"'1,4'", "'x'", "''", "'2,1'", "5", "'1'", "15", "'4,x'"}[g.pick(8)]
	case kJSON:
		return []string{`'{"a": 1}'`, `'[1, "x;y", null]'`, `'"str"'`, `'null'`, `'{"k": {"n": [true, false]}}'`, `JSON_OBJECT('k', 1)`, `'3.25'`}[g.pick(7)]
	case kGeo:
		if c.typ == "point" || g.chance(0.5) {
			return []string{"ST_GeomFromText('POINT(1 2)')", "POINT(3, 4.5)", "ST_PointFromText('POINT(-1 0)')"}[g.pick(3)]
		}
		return "ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')"
	}
	return "NULL"
}

// idValue is the key column's value: an explicit next id, or for AUTO_INCREMENT NULL and 0
// (0 means "next" unless NO_AUTO_VALUE_ON_ZERO, when a second 0 collides).
func (g *gen) idValue(t *table) string {
	if t.autoinc {
		// The counter gives max(id)+1, which is nextID: the explicit ids that follow
		// skip it.
		switch g.pick(8) {
		case 0:
			t.nextID++
			g.usedCounter = true
			return "NULL"
		case 1:
			if !g.noAutoZ { // 0 is a value under NO_AUTO_VALUE_ON_ZERO: a second one collides
				t.nextID++
				g.usedCounter = true
				return "0"
			}
		case 2:
			t.nextID += 1 + g.pick(50) // a gap the counter must jump
		}
	}
	if !t.pk && g.chance(0.2) {
		return fmt.Sprint(1 + g.pick(20)) // duplicates: no key to collide
	}
	if t.pk && g.dupOK && g.chance(0.04) && t.nextID > 2 {
		return fmt.Sprint(1 + g.pick(t.nextID-1)) // a duplicate key: ignored, replaced or an error
	}
	id := t.nextID
	t.nextID++
	if g.recordIDs {
		t.ids = append(t.ids, id)
	}
	return fmt.Sprint(id)
}

func (g *gen) intValue(c col) string {
	if c.name == "u" {
		if g.dupOK {
			return fmt.Sprint(g.pick(40)) // a small range: UNIQUE collisions across batches
		}
		g.seq++
		return fmt.Sprint(1000 + g.seq)
	}
	v := c.lo + g.r.Int63n(c.hi-c.lo+1)
	if g.chance(0.5) {
		v = int64(g.pick(200))
		if c.lo < 0 && g.chance(0.3) {
			v = -v
		}
		v = max(c.lo, min(c.hi, v))
	}
	if g.chance(0.0005) {
		return fmt.Sprint(c.hi) + "0" // out of range: an error in strict mode, clipped otherwise
	}
	switch g.pick(12) {
	case 0:
		if v >= 0 {
			return fmt.Sprintf("0x%X", v)
		}
	case 1:
		if v >= 0 {
			return fmt.Sprintf("b'%b'", v)
		}
	case 2:
		return fmt.Sprintf("'%d'", v)
	case 3:
		if v >= 0 && v < 1000 {
			return fmt.Sprintf("%de0", v)
		}
	case 4:
		if v > -100000 && v < 100000 {
			return fmt.Sprintf("%d.4", v) // rounded to an integer
		}
	case 5:
		if v >= 0 {
			return fmt.Sprintf("+%d", v)
		}
	case 6:
		return []string{"TRUE", "FALSE"}[g.pick(2)]
	case 7:
		if v >= 0 && v < 1000 {
			return fmt.Sprintf("%03d", v) // leading zeros
		}
	}
	return fmt.Sprint(v)
}

func (g *gen) decimalValue(c col) string {
	frac := c.typ != "decimal(5,0) unsigned"
	ip := int64(g.pick(100000))
	if c.hi < 100000 {
		ip = int64(g.pick(int(c.hi)))
	}
	neg := c.lo < 0 && g.chance(0.3)
	sign := ""
	if neg {
		sign = "-"
	}
	switch g.pick(7) {
	case 0:
		return fmt.Sprintf("%s%d.%02d", sign, ip, g.pick(100))
	case 1:
		return fmt.Sprintf("%s.%d", sign, g.pick(1000))
	case 2:
		if g.cfg.on(ExponentDecimal) {
			return fmt.Sprintf("%s%d.5e%d", sign, g.pick(100), g.pick(3))
		}
	case 3:
		return fmt.Sprintf("'%s%d.%03d'", sign, ip, g.pick(1000))
	case 4:
		if frac {
			return fmt.Sprintf("%s%d.123456789012", sign, ip%1000) // more digits than the scale: a note
		}
	case 5:
		return fmt.Sprintf("0x%X", ip)
	}
	return fmt.Sprintf("%s%d", sign, ip)
}

func (g *gen) floatValue(c col) string {
	if g.cfg.on(NegativeZero) && g.chance(0.05) {
		return []string{"-0", "-0.0", "-0e0"}[g.pick(3)]
	}
	if c.typ == "double(10,3)" {
		return []string{"1.5", "-2.25e-3", "0.1", "1234567.125", "'7.5'", "-1E+3", "2", ".5e1", "0"}[g.pick(9)]
	}
	return []string{"1.5", "-2.25e-3", "3.4e38", "1e-30", "0.1", "123456789.125", "'7.5'", "-1E+10", "2", ".5e1", "0"}[g.pick(11)]
}

// charsets are what SET NAMES chooses between; text follows the current one.
var charsets = []string{"utf8mb4", "utf8mb4", "latin1", "sjis", "gbk", "utf8"}

// char is one non-ASCII character and its bytes in each character set that has it.
type char struct {
	utf8, latin1, sjis, gbk string
	emoji                   bool
}

// chars: latin1 letters; CJK that both Shift-JIS and GBK encode (表ソ能十予 end in 0x5C in
// Shift-JIS, 運誠 in GBK: a client that reads them byte by byte sees an escaped quote);
// emoji that only utf8mb4 holds.
var chars = []char{
	{utf8: "é", latin1: "\xe9"}, {utf8: "ü", latin1: "\xfc"}, {utf8: "ß", latin1: "\xdf"},
	{utf8: "ÿ", latin1: "\xff"}, {utf8: "À", latin1: "\xc0"}, {utf8: "±", latin1: "\xb1"},
	{utf8: "表", sjis: "\x95\x5c", gbk: "\xb1\xed"}, {utf8: "ソ", sjis: "\x83\x5c", gbk: "\xa5\xbd"},
	{utf8: "能", sjis: "\x94\x5c", gbk: "\xc4\xdc"}, {utf8: "十", sjis: "\x8f\x5c", gbk: "\xca\xae"},
	{utf8: "予", sjis: "\x97\x5c", gbk: "\xd3\xe8"}, {utf8: "運", sjis: "\x89\x5e", gbk: "\xdf\x5c"},
	{utf8: "誠", sjis: "\x90\xbd", gbk: "\xd5\x5c"}, {utf8: "中", sjis: "\x92\x86", gbk: "\xd6\xd0"},
	{utf8: "文", sjis: "\x95\xb6", gbk: "\xce\xc4"}, {utf8: "漢", sjis: "\x8a\xbf", gbk: "\x9d\x68"},
	{utf8: "🦫", emoji: true}, {utf8: "😀", emoji: true},
}

// encode is c in charset cs ("" when cs cannot hold it).
func (c char) encode(cs string) string {
	switch cs {
	case "utf8mb4":
		return c.utf8
	case "utf8":
		if c.emoji {
			return ""
		}
		return c.utf8
	case "latin1":
		return c.latin1
	case "sjis":
		return c.sjis
	case "gbk":
		return c.gbk
	}
	return ""
}

// stringValue is a string literal of about n characters that column charset colCS can
// hold, written in the connection's charset, with escapes that the session's sql_mode
// reads back as the intended text.
func (g *gen) stringValue(colCS string, n int) string {
	var units []string // each one character, already encoded
	for range n {
		switch r := g.pick(10); {
		case r < 5:
			units = append(units, string(rune('a'+g.pick(26))))
		case r < 6:
			units = append(units, []string{"'", "\\", "\"", ";", "\n", "\t", "\r", "\x1a", "\b", "%", "_", " ", "\x00", "`", "#", "-- ", "/*"}[g.pick(17)])
		default:
			c := chars[g.pick(len(chars))]
			in, out := c.encode(g.charset), c.encode(colCS)
			if in == "" || out == "" {
				continue
			}
			if !g.cfg.on(MultibyteTrail5C) && strings.HasSuffix(in, "\x5c") && len(in) == 2 {
				continue
			}
			units = append(units, in)
		}
	}
	if g.chance(0.05) {
		units = nil // the empty string (NULL under EMPTY_STRING_IS_NULL)
	}
	lit := g.quote(units)
	if intro, ok := map[string]string{"utf8": "utf8mb3", "utf8mb4": "utf8mb4", "latin1": "latin1"}[g.charset]; ok && g.chance(0.08) {
		// An introducer names the literal's charset: only the connection's own, so the
		// bytes stay what they are.
		lit = "_" + intro + lit
	} else if g.chance(0.03) && lit[0] == '\'' && !strings.Contains(lit, "\xf0") {
		// N'…' is utf8mb3: no emoji.
		lit = "N" + lit
	}
	return lit
}

// quote writes units (encoded characters) as a string literal under the session's
// sql_mode: with backslash escapes in their several forms, or under NO_BACKSLASH_ESCAPES
// with quotes doubled and backslashes as themselves (a NUL cannot be written there and is
// left out).
func (g *gen) quote(units []string) string {
	q := "'"
	if !g.ansi && g.chance(0.15) {
		q = `"`
	}
	var b strings.Builder
	b.WriteString(q)
	for _, u := range units {
		switch {
		case u == q:
			if g.nbe || g.chance(0.5) {
				b.WriteString(q + q)
			} else {
				b.WriteString(`\` + q)
			}
		case g.nbe:
			if u != "\x00" {
				b.WriteString(u)
			}
		case u == `\`:
			b.WriteString(`\\`)
		case u == "\x00":
			b.WriteString(`\0`)
		case u == "\n" && g.chance(0.7):
			b.WriteString(`\n`)
		case u == "\t" && g.chance(0.5):
			b.WriteString(`\t`)
		case u == "\r":
			b.WriteString(`\r`)
		case u == "\x1a":
			b.WriteString(`\Z`)
		case u == "\b":
			b.WriteString(`\b`)
		case u == `"` && g.chance(0.5):
			b.WriteString(`\"`)
		case u == "%" || u == "_":
			if g.chance(0.3) {
				b.WriteString(`\` + u) // kept with its backslash outside LIKE
			} else {
				b.WriteString(u)
			}
		case len(u) == 1 && u[0] >= 'a' && u[0] <= 'z' && g.chance(0.05) && !strings.ContainsRune("0bnrtzZN", rune(u[0])):
			b.WriteString(`\` + u) // an unknown escape is the letter itself
		default:
			b.WriteString(u)
		}
	}
	b.WriteString(q)
	return b.String()
}

// bytesValue is a binary value with bytes from all of 0x00–0xFF, as hex, 0x, _binary
// with escapes, or a plain string of ASCII.
func (g *gen) bytesValue(c col) string {
	n := 1 + g.pick(16)
	if c.typ == "binary(6)" {
		n = 1 + g.pick(6)
	}
	raw := make([]byte, n)
	for i := range raw {
		raw[i] = byte(g.pick(256))
	}
	if g.chance(0.02) && c.typ == "longblob" {
		raw = make([]byte, 256)
		for i := range raw {
			raw[i] = byte(i)
		}
	}
	switch g.pick(5) {
	case 0:
		return fmt.Sprintf("X'%X'", raw)
	case 1:
		return fmt.Sprintf("0x%x", raw)
	case 2:
		if g.charset == "sjis" || g.charset == "gbk" {
			break // raw high bytes there read as characters that may swallow an escape
		}
		var units []string
		for _, b := range raw {
			units = append(units, string([]byte{b}))
		}
		if g.nbe {
			return fmt.Sprintf("X'%X'", raw)
		}
		if g.charset != "latin1" && g.charset != "binary" {
			return "_binary" + g.quote(units)
		}
		return g.quote(units)
	case 3:
		if c.typ != "binary(6)" {
			return g.stringValue("utf8mb4", n)
		}
	}
	return fmt.Sprintf("x'%x'", raw)
}

func (g *gen) setNames() {
	cs := charsets[g.pick(len(charsets))]
	if !g.cfg.on(MultibyteTrail5C) && (cs == "sjis" || cs == "gbk") && g.chance(0.5) {
		cs = "utf8mb4"
	}
	switch g.pick(4) {
	case 0:
		g.emit("/*!40101 SET NAMES %s */", cs)
	case 1:
		g.emit("SET CHARACTER SET %s", cs)
		// SET CHARACTER SET leaves character_set_connection at the database's charset,
		// which takes the literals' bytes as they are: ASCII text only until SET NAMES.
		g.charset = "ascii"
		return
	default:
		g.emit("SET NAMES %s", cs)
	}
	g.charset = cs
}

// sqlModes are the combinations SET sql_mode chooses between.
var sqlModes = []string{
	"", "STRICT_TRANS_TABLES", "STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION",
	"NO_BACKSLASH_ESCAPES", "ANSI_QUOTES", "NO_BACKSLASH_ESCAPES,ANSI_QUOTES,STRICT_TRANS_TABLES",
	"NO_AUTO_VALUE_ON_ZERO", "NO_AUTO_VALUE_ON_ZERO,STRICT_TRANS_TABLES", "EMPTY_STRING_IS_NULL",
	"EMPTY_STRING_IS_NULL,NO_BACKSLASH_ESCAPES", "PAD_CHAR_TO_FULL_LENGTH", "TRADITIONAL", "ANSI",
	"STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION",
}

func (g *gen) setSQLMode() {
	if g.savedMode != nil && g.chance(0.3) {
		g.emit("/*!40101 SET SQL_MODE=@OLD_SQL_MODE */")
		g.nbe, g.ansi, g.noAutoZ = g.savedMode.nbe, g.savedMode.ansi, g.savedMode.noAutoZ
		g.savedMode = nil
		return
	}
	mode := sqlModes[g.pick(len(sqlModes))]
	if !g.cfg.on(EmptyStringIsNull) && strings.Contains(mode, "EMPTY_STRING_IS_NULL") {
		mode = "STRICT_TRANS_TABLES"
	}
	if g.savedMode == nil && g.chance(0.5) {
		g.emit("/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE */")
		g.savedMode = &modeState{g.nbe, g.ansi, g.noAutoZ}
	}
	switch g.pick(3) {
	case 0:
		g.emit("SET SESSION sql_mode = '%s'", mode)
	case 1:
		g.emit("/*!40101 SET SQL_MODE='%s' */", mode)
	default:
		g.emit("SET @@sql_mode = \"%s\"", mode) // double quotes: read before ANSI_QUOTES applies… unless it already does
		if g.ansi {
			g.out[len(g.out)-1].Head = fmt.Sprintf("SET @@sql_mode = '%s'", mode)
		}
	}
	g.nbe = strings.Contains(mode, "NO_BACKSLASH_ESCAPES")
	g.ansi = strings.Contains(mode, "ANSI")
	g.noAutoZ = strings.Contains(mode, "NO_AUTO_VALUE_ON_ZERO")
}

func (g *gen) setSession() {
	switch g.pick(5) {
	case 0:
		g.emit("SET time_zone = '%s'", []string{"+00:00", "+05:30", "-08:00", "SYSTEM", "+13:00"}[g.pick(5)])
	case 1:
		g.fkChecks = !g.fkChecks
		g.emit("/*!40014 SET FOREIGN_KEY_CHECKS=%d */", b2i(g.fkChecks))
	case 2:
		g.emit("SET unique_checks = %d", g.pick(2))
	case 3:
		if !g.cfg.on(Serializing) {
			return
		}
		g.autocommit = !g.autocommit
		g.emit("SET autocommit=%d", b2i(g.autocommit))
		if g.autocommit {
			g.inTx = false
		}
	default:
		g.emit("/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */")
		g.emit("/*!40103 SET TIME_ZONE='+02:00' */")
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ddl changes a table between rows: ALTER (columns, keys, engine), RENAME, TRUNCATE, or
// DROP and CREATE again with other columns.
func (g *gen) ddl() {
	t := g.someTable()
	switch g.pick(8) {
	case 0: // drop and re-create under the same name with other columns
		if t.childOf {
			return
		}
		g.emit("DROP TABLE %s", t.qname())
		g.tables = slices.DeleteFunc(g.tables, func(x *table) bool { return x == t })
		// Same name, other columns: a cache of the old table's columns would be wrong.
		g.createTableNamed(t.db, t.name).altered = true
	case 1:
		if !g.cfg.on(AlterColumn) {
			return
		}
		c := colTypes[g.pick(len(colTypes))]
		c.name = g.name("a")
		c.nullable = true
		g.emit("ALTER TABLE %s ADD COLUMN %s", t.qname(), colDef(c))
		t.cols = append(t.cols, c)
		t.altered = true
	case 2:
		if len(t.cols) > 2 && g.cfg.on(AlterColumn) {
			i := 1 + g.pick(len(t.cols)-1)
			if i == t.uniq || i == t.fkCol {
				return
			}
			g.emit("ALTER TABLE %s DROP COLUMN `%s`", t.qname(), t.cols[i].name)
			t.cols = slices.Delete(t.cols, i, i+1)
			if t.uniq > i {
				t.uniq--
			}
			if t.fkCol > i {
				t.fkCol--
			}
			t.altered = true
		}
	case 3:
		if t.childOf || t.parent != nil || !g.cfg.on(EngineChange) {
			return
		}
		e := []string{"InnoDB", "MyISAM", "Aria"}[g.pick(3)]
		g.emit("ALTER TABLE %s ENGINE=%s", t.qname(), e)
		t.engine = e
	case 4:
		if !g.cfg.on(Rename) {
			return
		}
		nn := g.name("r")
		g.emit("RENAME TABLE %s TO `%s`.`%s`", t.qname(), t.db, nn)
		t.name = nn
	case 5:
		if !g.cfg.on(ResumeTruncate) || t.childOf {
			return
		}
		g.emit("TRUNCATE TABLE %s", t.qname())
	case 6:
		if len(t.cols) > 1 && indexable(t.cols[1]) {
			g.emit("ALTER TABLE %s ADD INDEX `%s` (`%s`)", t.qname(), g.name("ix"), t.cols[1].name)
		}
	default:
		g.emit("ALTER TABLE %s COMMENT 'altered; between rows'", t.qname())
	}
}

// trigger creates a trigger on a table: one statement, or a DELIMITER block with a
// BEGIN … END body with comments in it. The log table it writes gets rows from every
// connection that inserts, and @trg counts on the connection that fired it.
func (g *gen) trigger() {
	if !g.cfg.on(Trigger) {
		return
	}
	t := g.someTable()
	log := "`" + t.db + "`.`log_" + t.name + "`"
	g.emit("CREATE TABLE IF NOT EXISTS %s (n int AUTO_INCREMENT PRIMARY KEY, msg varchar(100))", log)
	name := g.name("trg")
	if g.chance(0.5) {
		g.emit("CREATE TRIGGER `%s`.`%s` AFTER INSERT ON %s FOR EACH ROW INSERT INTO %s (msg) VALUES (CONCAT('row ', COALESCE(NEW.`id`, 'null')))", t.db, name, t.qname(), log)
		return
	}
	body := fmt.Sprintf("DELIMITER ;;\nCREATE TRIGGER `%s`.`%s` BEFORE INSERT ON %s FOR EACH ROW\nBEGIN\n  -- a comment; with a semicolon\n  SET @trg = COALESCE(@trg, 0) + 1; /* counted */\n  INSERT INTO %s (msg) VALUES ('before; insert'); # hash\nEND ;;\nDELIMITER ;\n", t.db, name, t.qname(), log)
	g.out = append(g.out, Stmt{Head: body, Raw: true})
}

// foreignKey creates a child table referencing a parent's id, whose rows come before
// the parent's when foreign_key_checks is off (as mysqldump orders tables by name).
func (g *gen) foreignKey() {
	p := g.someTable()
	if !p.pk || p.engine != "InnoDB" {
		return
	}
	c := &table{db: p.db, name: g.name("child"), engine: "InnoDB", pk: true, autoinc: true, uniq: -1, fkCol: 1, parent: p, nextID: 1}
	c.cols = []col{{name: "id", typ: "int", k: kInt, lo: 1, hi: 1 << 30}, {name: "pid", typ: p.cols[0].typ, k: kInt, nullable: true}, {name: "note", typ: "varchar(20)", k: kString, charset: "utf8mb4", nullable: true}}
	action := []string{"", " ON DELETE CASCADE", " ON DELETE SET NULL", " ON UPDATE CASCADE"}[g.pick(4)]
	g.emit("CREATE TABLE %s (\n  `id` int NOT NULL AUTO_INCREMENT PRIMARY KEY,\n  `pid` %s,\n  `note` varchar(20),\n  KEY `kp` (`pid`),\n  CONSTRAINT `%s_fk` FOREIGN KEY (`pid`) REFERENCES %s (`id`)%s\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4", c.qname(), p.cols[0].typ, c.name, p.qname(), action)
	p.childOf = true
	g.tables = append(g.tables, c)
}

// userVar sets user variables and uses them: values, LAST_INSERT_ID(), @@ reads, and
// (switchable) a SET from a subquery.
func (g *gen) userVar() {
	if !g.cfg.on(Serializing) {
		return
	}
	v := g.name("@v")
	switch g.pick(6) {
	case 0:
		g.emit("SET %s = %d", v, g.pick(1000))
	case 1:
		if !g.cfg.on(LastInsertID) {
			return
		}
		g.emit("SET %s = LAST_INSERT_ID()", v)
	case 2:
		if g.cfg.on(SetSubquery) {
			g.emit("SET %s = (SELECT COUNT(*) FROM %s)", v, g.someTable().qname())
		} else {
			g.emit("SET %s := %d + 1", v, g.pick(50))
		}
	case 3:
		if g.cfg.on(RowCountFuncs) {
			g.emit("SET %s = ROW_COUNT()", v)
		} else {
			g.emit("SET %s = @@auto_increment_increment", v)
		}
	case 4:
		g.emit("SELECT %d INTO %s", g.pick(100), v)
	default:
		if !g.cfg.on(TriggerVar) {
			return
		}
		g.emit("SET %s = COALESCE(@trg, -1)", v) // what the triggers counted on this connection
	}
	g.vars = append(g.vars, v)
	if g.chance(0.6) {
		// Keep the value in a table: the re-dump shows it.
		t := "`" + g.dbs[0] + "`.`vars`"
		g.emit("CREATE TABLE IF NOT EXISTS %s (name varchar(20), v bigint)", t)
		g.emit("INSERT INTO %s VALUES ('%s', %s)", t, v[1:], v)
	}
}

func (g *gen) transaction() {
	if !g.cfg.on(Serializing) {
		return
	}
	switch {
	case g.inTx:
		if g.chance(0.25) {
			g.emit("ROLLBACK")
			g.rolledBack()
		} else {
			g.emit("COMMIT")
		}
		g.inTx = false
	case g.chance(0.5):
		g.emit("%s", []string{"START TRANSACTION", "BEGIN", "START TRANSACTION WITH CONSISTENT SNAPSHOT"}[g.pick(3)])
		g.inTx = true
	default:
		t := g.someTable()
		if t.engine != "InnoDB" {
			return // MyISAM and Aria refuse SAVEPOINT in a transaction that wrote them
		}
		g.emit("START TRANSACTION")
		g.inTx = true
		g.insertInto(t)
		g.emit("SAVEPOINT sp1")
		g.insertInto(t)
		g.inTx = false
		if g.chance(0.5) {
			g.emit("ROLLBACK TO SAVEPOINT sp1")
			g.rolledBack()
		}
		g.emit("COMMIT")
	}
}

// dml: UPDATE, DELETE, INSERT … SELECT between tables, ON DUPLICATE KEY UPDATE reading
// other rows.
func (g *gen) dml() {
	t := g.someTable()
	switch g.pick(4) {
	case 0:
		if len(t.cols) > 1 && t.cols[1].k == kInt && t.cols[1].name != "u" && t.cols[1].name != "pid" {
			g.emit("UPDATE %s SET `%s` = `%s` DIV 2 WHERE `id` %% 3 = 1", t.qname(), t.cols[1].name, t.cols[1].name)
		} else {
			g.emit("UPDATE %s SET `id` = `id` WHERE `id` > 5", t.qname())
		}
	case 1:
		if g.cfg.on(ResumeTruncate) && !t.childOf {
			g.emit("DELETE FROM %s WHERE `id` %% 5 = 0", t.qname())
		}
	case 2:
		if !g.cfg.on(Keyless) {
			return
		}
		name := g.name("copy")
		nt := &table{db: t.db, name: name, cols: append([]col(nil), t.cols...), engine: "InnoDB", uniq: -1, fkCol: -1, nextID: 1}
		// CREATE … SELECT keeps no keys and drops AUTO_INCREMENT: rows into it are plain.
		nt.cols[0].typ = "bigint"
		g.emit("CREATE TABLE `%s`.`%s` ENGINE=InnoDB AS SELECT * FROM %s", t.db, name, t.qname())
		g.tables = append(g.tables, nt)
	default:
		if g.cfg.on(RowCountFuncs) && g.chance(0.3) {
			g.emit("SELECT SQL_CALC_FOUND_ROWS * FROM %s LIMIT 1", t.qname())
			g.emit("INSERT INTO `%s`.`vars_fr` SELECT FOUND_ROWS()", g.dbs[0])
			g.out = slices.Insert(g.out, len(g.out)-2, Stmt{Head: fmt.Sprintf("CREATE TABLE IF NOT EXISTS `%s`.`vars_fr` (n bigint)", g.dbs[0])})
			return
		}
		g.emit("SELECT COUNT(*), MAX(`id`) FROM %s", t.qname())
	}
}

func (g *gen) comment() {
	switch g.pick(4) {
	case 0:
		g.out = append(g.out, Stmt{Head: "-- a comment; with 'quotes\n", Raw: true})
	case 1:
		g.out = append(g.out, Stmt{Head: "/* block; comment\n 'x' */\n", Raw: true})
	case 2:
		g.out = append(g.out, Stmt{Head: "# hash comment;\n", Raw: true})
	default:
		g.out = append(g.out, Stmt{Head: ";\n", Raw: true}) // an empty statement
	}
}

// rolledBack keeps later explicit ids above the AUTO_INCREMENT values the rolled-back rows
// took: InnoDB does not give them back.
func (g *gen) rolledBack() {
	for _, t := range g.tables {
		if t.autoinc {
			t.nextID += 500
		}
	}
}
