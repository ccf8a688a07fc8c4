package difffuzz

import (
	"fmt"
	"strings"
)

// The x-fuzz5 blocks (session 50): what every mysqldump/mariadb-dump file holds and the
// generator did not write. Each writes its own tables and leaves in them (or in the
// objects it makes) what the construct did, so that a difference shows in the re-dump
// (TestS50BlocksReach: each block's effect is in the client's re-dump, and the script
// with its key statement taken out re-dumps otherwise).
const (
	// SQLNotes: mysqldump's header `/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES,
	// SQL_NOTES=0 */` (every dump has it; the generator never wrote it), statements that
	// leave a note (DROP … IF EXISTS of nothing, CREATE … IF NOT EXISTS of what exists,
	// ENABLE KEYS on InnoDB), a reader of the diagnostics area and @@sql_notes kept in a
	// table, then the trailer `/*!40111 SET SQL_NOTES=@OLD_SQL_NOTES */` and the same
	// again with notes on. A run that left sql_notes other than the client (a worker, a
	// resume's connection) or sent a statement of its own between a note and its reader
	// keeps another count.
	SQLNotes Construct = "sql-notes"
	// MdTrigger: a table's rows as mysqldump writes them (LOCK TABLES … WRITE, ALTER TABLE
	// … DISABLE KEYS, INSERTs, ENABLE KEYS, UNLOCK TABLES), then its trigger in
	// mysqldump's form (the session's character set and sql_mode saved and set in
	// /*!50003 */, `/*!50003 CREATE*/ /*!50017 DEFINER=…*/ /*!50003 TRIGGER … */;;` in a
	// DELIMITER ;; text, everything set back), then rows that fire it (as a hand-written
	// script appends them): the trigger writes a log table with an AUTO_INCREMENT key, so
	// the order its rows came in is in the re-dump, and the character set and sql_mode it
	// was made under are in its definition.
	MdTrigger Construct = "md-trigger"
	// MdEvent: an event in mariadb-dump --events' form (`/*!50106 SET @save_time_zone=
	// @@TIME_ZONE */`, DELIMITER ;;, the character set, sql_mode and time_zone saved and
	// set, `/*!50106 CREATE*/ /*!50117 DEFINER=…*/ /*!50106 EVENT … */ ;;`, set back,
	// `/*!50106 SET TIME_ZONE= @save_time_zone */`), scheduled in the future (it never
	// fires while a script runs), then TIMESTAMP rows written after the time zone went
	// back: the event's time zone and sql_mode are in its re-dump, the session's time zone
	// in the rows.
	MdEvent Construct = "md-event"
	// MdRoutine: a function and a procedure in mariadb-dump --routines' form (`/*!50003
	// DROP FUNCTION IF EXISTS … */;`, the character set and sql_mode saved and set in
	// /*!50003 */ lines, `CREATE DEFINER=… FUNCTION` in a DELIMITER ;; text, set back),
	// whose bodies use `||`: concatenation under the PIPES_AS_CONCAT they were made under
	// (mysqldump writes the mode of each routine), OR otherwise; then rows that call them.
	// A routine made under another sql_mode stores other values.
	MdRoutine Construct = "md-routine"
)

// S50Constructs are the constructs of gen_s50.go, for AllConstructs and InSuiteOff.
var S50Constructs = []Construct{SQLNotes, MdTrigger, MdEvent, MdRoutine}

// s50Family registers the x-fuzz5 blocks (family.go): 50 % before the general grammar's
// steps, 3 % after each, 20 % after each table of the load-data profile.
var s50Family = &family{name: famS50, mult: 7919, add: 0x50, early: 0.5, step: 0.03, load: 0.2, constructs: S50Constructs, blocks: func(*gen) []weightedBlock {
	return []weightedBlock{{SQLNotes, 2, sqlNotesBlock}, {MdTrigger, 3, mdTriggerBlock}, {MdEvent, 2, mdEventBlock}, {MdRoutine, 2, mdRoutineBlock}}
}}

// s50Table makes a block's real table and returns its qualified name. The blocks' names
// start with "md" (mdt, mdl, mdg, mde, mdv, mdr, mdf, mdp, mdn), which no other block
// uses: search C's first version named its trigger tables "mt<n>" as the multi-stmt
// block does, and seed 157705 stopped at ERROR 1050 for the client and dumpscope alike.
func s50Table(g *gen, prefix, cols string) string {
	q := fmt.Sprintf("`%s`.`%s%d`", g.dbs[0], prefix, familyNext(g, famS50))
	g.emit("CREATE TABLE %s (%s) ENGINE=InnoDB", q, cols)
	return q
}

// s50Name is a block object's qualified name (made after s50Table: the same number).
func s50Name(g *gen, prefix string) string {
	return fmt.Sprintf("`%s`.`%s%d`", g.dbs[0], prefix, familySeq(g, famS50))
}

// noteMaker is a statement that leaves one note (with sql_notes on) and changes
// nothing: t is the block's table (InnoDB: ENABLE KEYS is a note).
func noteMaker(g *gen, t string) string {
	n := familySeq(g, famS50)
	switch g.pick(6) {
	case 0:
		return fmt.Sprintf("DROP TABLE IF EXISTS `%s`.`snx%d`", g.dbs[0], n)
	case 1:
		return fmt.Sprintf("CREATE DATABASE IF NOT EXISTS `%s`", g.dbs[0])
	case 2:
		return fmt.Sprintf("CREATE TABLE IF NOT EXISTS %s (k INT PRIMARY KEY)", t)
	case 3:
		return fmt.Sprintf("DROP VIEW IF EXISTS `%s`.`snv%d`", g.dbs[0], n)
	case 4:
		return fmt.Sprintf("DROP PROCEDURE IF EXISTS `%s`.`snp%d`", g.dbs[0], n)
	default:
		return fmt.Sprintf("/*!40000 ALTER TABLE %s ENABLE KEYS */", t)
	}
}

// diagReader stores the diagnostics area's count in @w.
func diagReader(g *gen) string {
	return []string{"GET DIAGNOSTICS @w = NUMBER", "SET @w = @@warning_count", "SELECT @@warning_count INTO @w", "/*!40101 SET @w = @@warning_count */"}[g.pick(4)]
}

func sqlNotesBlock(g *gen) {
	t := s50Table(g, "mdn", "k INT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(80)")
	// A reader of the diagnostics area turns every mode but the serial ones into a
	// refusal (the statement before it may have run on another connection): in 6 blocks
	// of 10 only @@sql_notes is kept, so that the parallel and resume modes run the rest.
	readers := g.chance(0.4)
	diagReader := func(g *gen) string {
		if !readers {
			return "SET @w = -1"
		}
		return diagReader(g)
	}
	keep := func(tag string) {
		g.emit("INSERT INTO %s (v) VALUES (CONCAT('%s w=', @w, ' notes=', @@sql_notes))", t, tag)
	}
	g.emit("/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */")
	for i := range 1 + g.pick(3) {
		g.emit("%s", noteMaker(g, t))
		if g.chance(0.3) {
			g.emit("%s", noteMaker(g, t)) // two in a row: still none
		}
		g.emit("%s", diagReader(g))
		keep(fmt.Sprintf("off%d", i))
		if g.chance(0.4) {
			// Rows between, as a dump has them: the next note maker's reader is not theirs.
			g.emit("INSERT INTO %s (v) VALUES %s", t, strings.Repeat("('row'),", g.pick(4))+"('row')")
		}
	}
	if g.chance(0.3) {
		// A warning (not a note) with notes off is counted all the same.
		g.emit("INSERT IGNORE INTO %s (k, v) VALUES (1, 'dup')", t)
		g.emit("%s", diagReader(g))
		keep("warn")
	}
	if g.chance(0.7) {
		g.emit("/*!40111 SET SQL_NOTES=@OLD_SQL_NOTES */")
	} else {
		g.emit("SET sql_notes = 1")
	}
	g.emit("%s", noteMaker(g, t))
	g.emit("%s", diagReader(g))
	keep("on")
}

// mdSave and mdBack are mysqldump's save-and-set of the session's character set and
// sql_mode around a trigger or routine (and, with tz, an event's time zone), each line
// ended by end (" ;" outside a DELIMITER ;; text, " ;;" inside one).
func mdSave(cs, coll, mode, tz, end string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "/*!50003 SET @saved_cs_client      = @@character_set_client */%s\n", end)
	fmt.Fprintf(&b, "/*!50003 SET @saved_cs_results     = @@character_set_results */%s\n", end)
	fmt.Fprintf(&b, "/*!50003 SET @saved_col_connection = @@collation_connection */%s\n", end)
	fmt.Fprintf(&b, "/*!50003 SET character_set_client  = %s */%s\n", cs, end)
	fmt.Fprintf(&b, "/*!50003 SET character_set_results = %s */%s\n", cs, end)
	fmt.Fprintf(&b, "/*!50003 SET collation_connection  = %s */%s\n", coll, end)
	fmt.Fprintf(&b, "/*!50003 SET @saved_sql_mode       = @@sql_mode */%s\n", end)
	fmt.Fprintf(&b, "/*!50003 SET sql_mode              = '%s' */%s\n", mode, end)
	if tz != "" {
		fmt.Fprintf(&b, "/*!50003 SET @saved_time_zone      = @@time_zone */%s\n", end)
		fmt.Fprintf(&b, "/*!50003 SET time_zone             = '%s' */%s\n", tz, end)
	}
	return b.String()
}

func mdBack(tz bool, end string) string {
	var b strings.Builder
	if tz {
		fmt.Fprintf(&b, "/*!50003 SET time_zone             = @saved_time_zone */%s\n", end)
	}
	fmt.Fprintf(&b, "/*!50003 SET sql_mode              = @saved_sql_mode */%s\n", end)
	fmt.Fprintf(&b, "/*!50003 SET character_set_client  = @saved_cs_client */%s\n", end)
	fmt.Fprintf(&b, "/*!50003 SET character_set_results = @saved_cs_results */%s\n", end)
	fmt.Fprintf(&b, "/*!50003 SET collation_connection  = @saved_col_connection */%s\n", end)
	return b.String()
}

// mdCharsets are the character sets (and a collation of each) a dump's code was made
// under; mdModes the sql_modes mysqldump writes for it.
var (
	mdCharsets = [][2]string{{"utf8mb4", "utf8mb4_general_ci"}, {"latin1", "latin1_swedish_ci"}, {"utf8mb3", "utf8mb3_general_ci"}, {"utf8mb4", "utf8mb4_unicode_ci"}}
	mdModes    = []string{"STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION", "", "NO_AUTO_VALUE_ON_ZERO", "IGNORE_SPACE,NO_ENGINE_SUBSTITUTION", "PIPES_AS_CONCAT,ANSI_QUOTES,NO_ENGINE_SUBSTITUTION"}
)

// mdRows are mysqldump's rows of a table: LOCK TABLES … WRITE, DISABLE KEYS, INSERTs,
// ENABLE KEYS, UNLOCK TABLES (or the INSERTs alone, as --skip-lock-tables writes them).
// Each row is (id, 'tag<id>') and then more, the values of the table's other columns.
func mdRows(g *gen, t string, from, n int, tag, more string) {
	lock := g.chance(0.7)
	if lock {
		g.emit("LOCK TABLES %s WRITE", t)
		g.emit("/*!40000 ALTER TABLE %s DISABLE KEYS */", t)
	}
	for n > 0 {
		k := min(n, 1+g.pick(4))
		rows := make([]string, k)
		for i := range rows {
			rows[i] = fmt.Sprintf("(%d,'%s%d'%s)", from+i, tag, from+i, more)
		}
		g.emit("INSERT INTO %s VALUES %s", t, strings.Join(rows, ","))
		from, n = from+k, n-k
	}
	if lock {
		g.emit("/*!40000 ALTER TABLE %s ENABLE KEYS */", t)
		g.emit("UNLOCK TABLES")
	}
}

func mdTriggerBlock(g *gen) {
	t := s50Table(g, "mdt", "id INT PRIMARY KEY, v VARCHAR(40)")
	log := fmt.Sprintf("`%s`.`mdl%d`", g.dbs[0], familySeq(g, famS50))
	g.emit("CREATE TABLE %s (n INT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(80)) ENGINE=%s", log, []string{"InnoDB", "InnoDB", "MyISAM", "Aria"}[g.pick(4)])
	trg := s50Name(g, "mdg")
	mdRows(g, t, 1, 1+g.pick(6), "m", "")
	cs := mdCharsets[g.pick(len(mdCharsets))]
	mode := mdModes[g.pick(len(mdModes))]
	var timing, body string
	switch g.pick(3) {
	case 0:
		timing = "AFTER INSERT"
		body = fmt.Sprintf("INSERT INTO %s (v) VALUES (CONCAT('i', NEW.id, NEW.v))", log)
	case 1:
		timing = "BEFORE INSERT"
		body = fmt.Sprintf("BEGIN\n  SET NEW.v = CONCAT(NEW.v, '+');\n  INSERT INTO %s (v) VALUES (CONCAT('b', NEW.id));\nEND", log)
	default:
		timing = "AFTER UPDATE"
		body = fmt.Sprintf("INSERT INTO %s (v) VALUES (CONCAT('u', OLD.v, '>', NEW.v))", log)
	}
	var b strings.Builder
	b.WriteString(mdSave(cs[0], cs[1], mode, "", " ;"))
	b.WriteString("DELIMITER ;;\n")
	fmt.Fprintf(&b, "/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER %s %s ON %s FOR EACH ROW %s */;;\n", trg, timing, t, body)
	b.WriteString("DELIMITER ;\n")
	b.WriteString(mdBack(false, " ;"))
	g.out = append(g.out, Stmt{Head: b.String(), Raw: true})
	// The log table's own rows, as the dump's next table (ids the trigger's rows follow).
	if g.chance(0.5) {
		mdRows(g, log, 100, 1+g.pick(3), "l", "")
	}
	// Rows a hand-written script appends, which fire it.
	for i := range 1 + g.pick(3) {
		g.emit("INSERT INTO %s VALUES %s", t, s49Rows(200+10*i, 1+g.pick(4), "a"))
		if timing == "AFTER UPDATE" || g.chance(0.3) {
			g.emit("UPDATE %s SET v = CONCAT(v, '*') WHERE id %% 2 = %d", t, i%2)
		}
	}
}

func mdEventBlock(g *gen) {
	t := s50Table(g, "mde", "id INT PRIMARY KEY, v VARCHAR(40), ts TIMESTAMP NULL")
	ev := s50Name(g, "mdv")
	cs := mdCharsets[g.pick(len(mdCharsets))]
	mode := mdModes[g.pick(len(mdModes))]
	tz := []string{"+03:00", "-05:00", "SYSTEM", "+00:00"}[g.pick(4)]
	sched := []string{
		"ON SCHEDULE EVERY 1 DAY STARTS '2031-01-01 00:00:00' ON COMPLETION PRESERVE DISABLE",
		"ON SCHEDULE EVERY 1 HOUR STARTS '2032-06-01 12:00:00' ENDS '2033-01-01 00:00:00' ON COMPLETION NOT PRESERVE ENABLE",
		"ON SCHEDULE AT '2031-03-04 05:06:07' ON COMPLETION PRESERVE DISABLE",
		"ON SCHEDULE EVERY 10 MINUTE STARTS '2031-01-01 00:00:00' ON COMPLETION PRESERVE DISABLE ON SLAVE",
	}[g.pick(4)]
	mdRows(g, t, 1, 1+g.pick(4), "e", ",'2019-12-31 23:00:00'")
	var b strings.Builder
	b.WriteString("/*!50106 SET @save_time_zone= @@TIME_ZONE */ ;\n")
	if g.chance(0.5) {
		fmt.Fprintf(&b, "/*!50106 DROP EVENT IF EXISTS %s */;\n", ev)
	}
	b.WriteString("DELIMITER ;;\n")
	b.WriteString(mdSave(cs[0], cs[1], mode, tz, " ;;"))
	fmt.Fprintf(&b, "/*!50106 CREATE*/ /*!50117 DEFINER=`root`@`localhost`*/ /*!50106 EVENT %s %s COMMENT 'fz' DO INSERT INTO %s VALUES (1000, 'ev', NOW()) */ ;;\n", ev, sched, t)
	b.WriteString(mdBack(true, " ;;"))
	b.WriteString("DELIMITER ;\n")
	b.WriteString("/*!50106 SET TIME_ZONE= @save_time_zone */ ;\n")
	g.out = append(g.out, Stmt{Head: b.String(), Raw: true})
	// After it the session's time zone is the one before: the TIMESTAMPs (stored in UTC,
	// re-dumped with --tz-utc) say which.
	for i := range 1 + g.pick(3) {
		g.emit("INSERT INTO %s VALUES (%d, 'after', '2020-0%d-15 10:20:30')", t, 100+i, 1+i)
	}
	if g.chance(0.4) {
		g.emit("INSERT INTO %s VALUES (200, CONCAT('tz ', @@time_zone = @save_time_zone), NULL)", t)
	}
}

// mdPipesModes are the sql_modes a --routines block's code was made under: PIPES_AS_CONCAT
// in most (its `||` concatenates), not in the last ones (`||` is OR).
var mdPipesModes = []string{"PIPES_AS_CONCAT,NO_ENGINE_SUBSTITUTION", "PIPES_AS_CONCAT,ANSI_QUOTES,STRICT_TRANS_TABLES", "PIPES_AS_CONCAT,IGNORE_SPACE", "NO_ENGINE_SUBSTITUTION", ""}

func mdRoutineBlock(g *gen) {
	t := s50Table(g, "mdr", "id INT PRIMARY KEY, v VARCHAR(40)")
	fn := s50Name(g, "mdf")
	proc := s50Name(g, "mdp")
	cs := mdCharsets[g.pick(len(mdCharsets))]
	mode := mdPipesModes[g.pick(len(mdPipesModes))]
	var b strings.Builder
	fmt.Fprintf(&b, "/*!50003 DROP FUNCTION IF EXISTS %s */;\n", fn)
	b.WriteString(mdSave(cs[0], cs[1], mode, "", " ;"))
	b.WriteString("DELIMITER ;;\n")
	fmt.Fprintf(&b, "CREATE DEFINER=`root`@`localhost` FUNCTION %s(x INT) RETURNS varchar(40) CHARSET utf8mb4 COLLATE utf8mb4_general_ci\n    DETERMINISTIC\nBEGIN\n  RETURN 'r' || x;\nEND ;;\n", fn)
	b.WriteString("DELIMITER ;\n")
	b.WriteString(mdBack(false, " ;"))
	fmt.Fprintf(&b, "/*!50003 DROP PROCEDURE IF EXISTS %s */;\n", proc)
	b.WriteString(mdSave(cs[0], cs[1], mode, "", " ;"))
	b.WriteString("DELIMITER ;;\n")
	fmt.Fprintf(&b, "CREATE DEFINER=`root`@`localhost` PROCEDURE %s(IN x INT)\nBEGIN\n  INSERT INTO %s VALUES (x, 'p' || x || 'q');\nEND ;;\n", proc, t)
	b.WriteString("DELIMITER ;\n")
	b.WriteString(mdBack(false, " ;"))
	g.out = append(g.out, Stmt{Head: b.String(), Raw: true})
	// Rows that call them, under the script's own sql_mode.
	for i := range 1 + g.pick(3) {
		id := 10 * (i + 1)
		if g.chance(0.5) {
			g.emit("CALL %s(%d)", proc, id)
		}
		g.emit("INSERT INTO %s VALUES (%d, %s(%d))", t, id+1, fn, id+1)
		if g.chance(0.3) {
			g.emit("INSERT INTO %s VALUES %s", t, s49Rows(id+2, 1+g.pick(3), "x"))
		}
	}
}
