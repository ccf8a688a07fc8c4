package difffuzz

import (
	"fmt"
	"slices"
	"strings"
)

// The statements besides CREATE TABLE and INSERT: session settings, DDL, triggers, foreign
// keys, user variables, transactions, DML, comments.

func (g *gen) setNames() {
	cs := charsets[g.pick(len(charsets))]
	if !g.cfg.on(MultibyteTrail5C) && (cs == "sjis" || cs == "gbk") && g.chance(0.5) {
		cs = "utf8mb4"
	}
	g.client = cs
	switch g.pick(4) {
	case 0:
		g.emit("/*!40101 SET NAMES %s */", cs)
	case 1:
		g.emit("SET CHARACTER SET %s", cs)
		// SET CHARACTER SET leaves character_set_connection at the database's charset:
		// text in the client's passes through it (what it lacks becomes '?'); off, ASCII
		// text only until SET NAMES.
		g.charset = "ascii"
		if g.cfg.on(CharsetConnection) {
			g.charset = cs
		}
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
	g.trgVars = true
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
			g.rowCountReader(v)
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
		if g.cfg.on(XATxn) && g.chance(0.4) {
			// An XA transaction that commits in two phases or one, or rolls back after
			// XA PREPARE.
			xid := fmt.Sprintf("'x%d'", len(g.out))
			g.emit("XA START %s", xid)
			g.inTx = true
			g.insertInto(t)
			g.inTx = false
			g.emit("XA END %s", xid)
			switch g.pick(3) {
			case 0:
				g.emit("XA COMMIT %s ONE PHASE", xid)
			case 1:
				g.emit("XA PREPARE %s", xid)
				g.emit("XA COMMIT %s", xid)
			default:
				g.emit("XA PREPARE %s", xid)
				g.emit("XA ROLLBACK %s", xid)
				g.rolledBack()
			}
			return
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
