package difffuzz

import (
	"fmt"
	"strings"
)

// Profile is the shape of the scripts Generate writes. The general grammar (gen.go) is
// a mix of everything, and in it --load-data is reached little: a script turns serial
// early (a transaction, a user variable), where no batch is loaded, and nearly every batch
// holds one literal the converter refuses (24 batches loaded in 20 scripts, seeds
// 21000–21019). The load-data profile writes a dump as mysqldump does: a header, then
// each table's CREATE and its rows in extended INSERTs of forms and column kinds the
// converter takes (importer/replay/loaddata.go), with values on its borders.
type Profile string

const (
	// ProfileGeneral is the general grammar (gen.go); "" means the same, or in
	// Options.Config "each mode's own" (Mode.Profile).
	ProfileGeneral Profile = "general"
	// ProfileLoadData is a mysqldump-shaped script for --load-data (gen_loaddata.go).
	ProfileLoadData Profile = "load-data"
)

// Profiles are the names --profile takes.
var Profiles = []Profile{ProfileGeneral, ProfileLoadData}

// ldTypes are the column types of the load-data profile: every kind the converter takes
// (integers at each width and signedness, DECIMAL up to 65 digits, FLOAT and DOUBLE,
// text in utf8mb4 and latin1, binary, and the types it takes from strings only).
var ldTypes = []col{
	{typ: "tinyint", k: kInt, lo: -128, hi: 127},
	{typ: "tinyint unsigned", k: kInt, lo: 0, hi: 255},
	{typ: "smallint", k: kInt, lo: -32768, hi: 32767},
	{typ: "mediumint", k: kInt, lo: -8388608, hi: 8388607},
	{typ: "int unsigned", k: kInt, lo: 0, hi: 4294967295},
	{typ: "int", k: kInt, lo: -2147483648, hi: 2147483647},
	{typ: "bigint", k: kInt, lo: -1 << 63, hi: 1<<63 - 1},
	{typ: "bigint unsigned", k: kInt, lo: 0, hi: 1<<63 - 1}, // its top: ldInt
	{typ: "decimal(10,2)", k: kDecimal},
	{typ: "decimal(65,30)", k: kDecimal},
	{typ: "decimal(5,0) unsigned", k: kDecimal},
	{typ: "float", k: kFloat},
	{typ: "double", k: kFloat},
	{typ: "char(12)", k: kString, charset: "utf8mb4"},
	{typ: "varchar(64)", k: kString, charset: "utf8mb4"},
	{typ: "varchar(64)", k: kString, charset: "utf8mb4"},
	{typ: "text", k: kString, charset: "utf8mb4"},
	{typ: "varchar(40) CHARACTER SET latin1", k: kString, charset: "latin1"},
	{typ: "binary(6)", k: kBytes},
	{typ: "varbinary(64)", k: kBytes},
	{typ: "blob", k: kBytes},
	{typ: "date", k: kDate},
	{typ: "datetime(6)", k: kDatetime},
	{typ: "time(2)", k: kTime},
	{typ: "year", k: kYear},
	{typ: "enum('1','2','10','a','b')", k: kEnum},
	{typ: "set('1','2','4','x')", k: kSet},
	{typ: "json", k: kJSON},
}

// ldGen writes one script of the load-data profile: the generator's state (tables,
// session) and what the profile adds to it.
type ldGen struct {
	*gen
	lax     bool            // mysqldump's SQL_MODE='NO_AUTO_VALUE_ON_ZERO': not strict
	zeroID  map[*table]bool // an id 0 is in the table (a second collides under NO_AUTO_VALUE_ON_ZERO)
	trigged map[*table]bool // the table has a trigger: no LOCK TABLES around its rows
	serial  bool            // a construct that makes the import serial was written
}

// loadScript writes the load-data profile's script: mysqldump's header, then 2 to 5 tables,
// each created and given 40–160 rows in extended INSERTs (several batches at 2K) between
// LOCK TABLES and DISABLE KEYS or not, with DDL, triggers, foreign keys and (late, in one
// script in three) a construct that turns the import serial between them.
func loadScript(g *gen) {
	l := &ldGen{gen: g, zeroID: map[*table]bool{}, trigged: map[*table]bool{}}
	g.rowsFor = l.rows
	g.ldValue = l.value
	g.emit("/*!40101 SET NAMES utf8mb4 */")
	if g.chance(0.2) {
		// An older mysqldump's: the LOAD's CHARACTER SET is utf8mb3 then, and the
		// values hold no 4-byte characters.
		g.emit("/*!40101 SET NAMES utf8 */")
		g.charset, g.client = "utf8", "utf8"
	}
	g.emit("/*!40103 SET TIME_ZONE='+00:00' */")
	if g.chance(0.6) {
		g.emit("/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */")
	}
	if g.chance(0.6) {
		g.emit("/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */")
		g.fkChecks = false
	}
	if g.chance(0.6) {
		g.emit("/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */")
		l.lax, g.noAutoZ = true, true
	}
	g.newDatabase()
	if g.chance(0.25) {
		g.newDatabase()
	}
	g.emit("USE `%s`", g.dbs[0])
	n := 2 + g.pick(4)
	serialAt := -1
	if g.cfg.on(Serializing) && g.chance(0.35) {
		serialAt = max(1, n-1-g.pick(2)) // late: the switch from parallel to serial
	}
	for i := range n {
		if i == serialAt {
			l.goSerial()
		}
		var t *table
		if before := len(g.tables); i > 0 && g.chance(0.2) {
			g.foreignKey() // a child of one of the tables so far, when it is InnoDB with a key
			if len(g.tables) > before {
				t = g.tables[before]
			}
		}
		if t == nil {
			t = l.createTable(g.dbs[g.pick(len(g.dbs))])
		}
		if g.cfg.on(Trigger) && g.chance(0.07) {
			l.trigger(t)
		}
		l.rows(t)
		l.between()
		featureMaybe(g, featureLoadP)
		workerMaybe(g, workerLoadP) // worker sessions and LOAD warnings: early too, where the import is parallel
		familiesMaybe(g, loadP)     // the block families (family.go): gen_s49.go, gen_s50.go, gen_s51.go
		if i >= n-3 {
			gen4Maybe(g, gen4LoadP) // most f-gen4 blocks turn the import serial: late, as sessionStep
			tempMaybe(g, tempLoadP)
			textMaybe(g, textLoadP)
		}
		if i >= n-3 && g.chance(0.45) {
			// A session construct (gen_session.go) turns the import serial: late, as
			// goSerial's, so that the first tables are loaded in parallel.
			sessionStep(g)
		}
	}
	sessionEnd(g)
	if g.inTx {
		g.emit("COMMIT")
		g.inTx = false
	}
	if !g.autocommit {
		g.emit("SET autocommit=1")
		g.autocommit = true
	}
	if l.lax && g.chance(0.7) {
		g.emit("/*!40101 SET SQL_MODE=@OLD_SQL_MODE */")
	}
}

// createTable is a table of the profile's column types: mostly InnoDB (the converter's),
// with an AUTO_INCREMENT or a plain primary key, a UNIQUE key or a secondary index.
func (l *ldGen) createTable(db string) *table {
	g := l.gen
	t := &table{db: db, name: g.name("t"), uniq: -1, fkCol: -1, nextID: 1}
	t.engine = "InnoDB"
	if g.chance(0.1) {
		t.engine = []string{"MyISAM", "Aria"}[g.pick(2)]
	}
	var defs []string
	switch r := g.pick(10); {
	case r < 5:
		t.autoinc, t.pk = true, true
		t.cols = append(t.cols, col{name: "id", typ: "int", k: kInt, lo: 1, hi: 1 << 30})
		defs = append(defs, "`id` int NOT NULL AUTO_INCREMENT")
	case r < 9 || !g.cfg.on(Keyless):
		t.pk = true
		t.cols = append(t.cols, col{name: "id", typ: "bigint", k: kInt, lo: 1, hi: 1 << 40})
		defs = append(defs, "`id` bigint NOT NULL")
	default:
		t.cols = append(t.cols, col{name: "id", typ: "int", k: kInt, lo: 1, hi: 1000, nullable: true})
		defs = append(defs, "`id` int")
	}
	for i := range 2 + g.pick(6) {
		c := ldTypes[g.pick(len(ldTypes))]
		c.name = fmt.Sprintf("c%d", i)
		c.nullable = g.chance(0.6)
		t.cols = append(t.cols, c)
		defs = append(defs, colDef(c))
	}
	if g.chance(0.2) {
		t.uniq = len(t.cols)
		t.cols = append(t.cols, col{name: "u", typ: "int", k: kInt, lo: 0, hi: 1 << 30, nullable: true})
		defs = append(defs, "`u` int")
	}
	if t.pk {
		defs = append(defs, "PRIMARY KEY (`id`)")
	}
	if t.uniq >= 0 {
		defs = append(defs, "UNIQUE KEY `uk` (`u`)")
	}
	if g.chance(0.4) && indexable(t.cols[1]) {
		defs = append(defs, "KEY `k1` (`"+t.cols[1].name+"`)")
	}
	g.emit("DROP TABLE IF EXISTS %s", t.qname())
	g.emit("CREATE TABLE %s (\n  %s\n) ENGINE=%s DEFAULT CHARSET=utf8mb4", t.qname(), strings.Join(defs, ",\n  "), t.engine)
	g.tables = append(g.tables, t)
	return t
}

// trigger puts an AFTER INSERT trigger on t writing a log table: --load-data leaves such
// a table to INSERTs, beside tables it loads.
func (l *ldGen) trigger(t *table) {
	g := l.gen
	log := "`" + t.db + "`.`log_" + t.name + "`"
	g.emit("CREATE TABLE IF NOT EXISTS %s (n int AUTO_INCREMENT PRIMARY KEY, msg varchar(100))", log)
	g.emit("CREATE TRIGGER `%s`.`%s` AFTER INSERT ON %s FOR EACH ROW INSERT INTO %s (msg) VALUES (CONCAT('row ', COALESCE(NEW.`id`, 'null')))", t.db, g.name("trg"), t.qname(), log)
	l.trigged[t] = true
}

// rows gives t its rows as mysqldump does: extended INSERTs of 4–31 rows (one or two batches at 2K), the same column
// list in each (none, or all columns, or all but an AUTO_INCREMENT id), under LOCK TABLES
// and DISABLE KEYS in half the tables.
func (l *ldGen) rows(t *table) {
	g := l.gen
	if (g.inTx || !g.autocommit) && (t.engine != "InnoDB" || !t.pk) && !g.cfg.on(ReloadInTx) {
		return
	}
	// After an f-gen4 function or trigger whose body sets a user variable a region hangs
	// the modes with a checkpoint (lock-keys-var-body): left out while that is open.
	varBody := g.varBodies && !g.cfg.on(LockKeysVarBody)
	locked := g.cfg.on(LockTables) && !l.trigged[t] && !(t.parent != nil && g.fkChecks) && !g.inTx && g.autocommit && !varBody && g.chance(0.5)
	if locked {
		g.emit("LOCK TABLES %s WRITE", t.qname())
		g.emit("/*!40000 ALTER TABLE %s DISABLE KEYS */", t.qname())
	}
	cols, list, omitID := t.cols, "", false
	switch r := g.pick(4); {
	case r == 0 && t.autoinc && g.chance(0.15): // rows that take the counter: dumpscope sends them as INSERTs
		cols, omitID = t.cols[1:], true
		fallthrough
	case r == 0:
		var names []string
		for _, c := range cols {
			names = append(names, "`"+c.name+"`")
		}
		list = " (" + strings.Join(names, ",") + ")"
	}
	total := 40 + g.pick(120)
	for total > 0 {
		n := min(total, 4+g.pick(28))
		total -= n
		if omitID {
			t.nextID += n // the counter's: explicit ids later stay above them
		}
		st := Stmt{Head: "INSERT INTO " + g.tableRef(t) + list + " VALUES ", Sep: ","}
		for range n {
			var vals []string
			for _, c := range cols {
				vals = append(vals, l.value(t, c))
			}
			st.Rows = append(st.Rows, vals)
		}
		g.out = append(g.out, st)
	}
	if locked {
		g.emit("/*!40000 ALTER TABLE %s ENABLE KEYS */", t.qname())
		g.emit("UNLOCK TABLES")
	}
}

// between is what may come between two tables' rows: DDL on a table loaded before
// (an index, a comment, a column where alter-column is on), a TRUNCATE and new rows.
func (l *ldGen) between() {
	g := l.gen
	if len(g.tables) == 0 || !g.chance(0.3) {
		return
	}
	t := g.tables[g.pick(len(g.tables))]
	switch g.pick(4) {
	case 0:
		if len(t.cols) > 1 && indexable(t.cols[1]) {
			g.emit("ALTER TABLE %s ADD INDEX `%s` (`%s`)", t.qname(), g.name("ix"), t.cols[1].name)
			return
		}
		fallthrough
	case 1:
		g.emit("ALTER TABLE %s COMMENT 'between the tables'", t.qname())
	case 2:
		if !g.cfg.on(AlterColumn) || !g.cfg.on(AlterThenInsert) || t.childOf || t.parent != nil {
			return
		}
		c := ldTypes[g.pick(len(ldTypes))]
		c.name, c.nullable = g.name("a"), true
		g.emit("ALTER TABLE %s ADD COLUMN %s", t.qname(), colDef(c))
		t.cols = append(t.cols, c)
		t.altered = true
		l.rows(t) // rows after the DDL: the converter must read the new columns
	default:
		if !g.cfg.on(ResumeTruncate) || t.childOf {
			return
		}
		g.emit("TRUNCATE TABLE %s", t.qname())
		l.zeroID[t], t.ids = false, nil // a child's rows name only the ids inserted after it
		l.rows(t)
	}
}

// goSerial writes one construct after which the import runs on one connection, where
// --load-data converts nothing: a transaction around the next table's rows, autocommit
// off, or a user variable kept in a table.
func (l *ldGen) goSerial() {
	g := l.gen
	l.serial = true
	switch g.pick(3) {
	case 0:
		g.emit("START TRANSACTION")
		g.inTx = true
	case 1:
		g.emit("SET autocommit=0")
		g.autocommit = false
	default:
		t := "`" + g.dbs[0] + "`.`vars`"
		g.emit("SET @v1 = %d", g.pick(1000))
		g.emit("CREATE TABLE IF NOT EXISTS %s (name varchar(20), v bigint)", t)
		g.emit("INSERT INTO %s VALUES ('v1', @v1)", t)
	}
}
