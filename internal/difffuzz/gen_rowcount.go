package difffuzz

// rowCountReader sets the user variable v from ROW_COUNT() or FOUND_ROWS() in one of the
// forms the client's connection answers from its previous statement (construct
// row-count): a plain reader; one right after an INSERT IGNORE or REPLACE (whose rows
// --load-data must not merge into one LOAD DATA); FOUND_ROWS() after a CALL or EXECUTE
// that runs no SELECT (which leaves it as it was); and code created in the stream that
// reads them when it runs later — a trigger, a stored function, a view, a CREATE TABLE …
// SELECT — which the parallel modes refuse by name at the first statement that runs it
// (docs/import.md), the serial mode runs as the client does.
func (g *gen) rowCountReader(v string) {
	db := "`" + g.dbs[0] + "`"
	form := g.pick(8)
	if form >= 5 && g.chance(0.6) {
		// Code read later makes the parallel modes refuse the rest of the script: rarer,
		// so that they keep testing what follows in most scripts.
		form = 0
	}
	switch form {
	case 0, 1:
		g.emit("SET %s = ROW_COUNT()", v)
	case 2, 3:
		g.orderedNext = true
		g.insert()
		g.orderedNext = false
		g.emit("SET %s = ROW_COUNT()", v)
	case 4:
		t := g.someTable()
		p := g.name("proc")
		if g.chance(0.5) {
			g.emit("CREATE PROCEDURE %s.`%s`() SET @fz_q = 1", db, p)
		} else {
			g.emit("CREATE PROCEDURE %s.`%s`() SELECT COUNT(*) FROM %s", db, p, t.qname())
		}
		g.emit("SELECT SQL_CALC_FOUND_ROWS * FROM %s LIMIT %d", t.qname(), g.pick(3))
		if g.chance(0.5) {
			g.emit("CALL %s.`%s`()", db, p)
		} else {
			s := g.name("stmt")
			g.emit("PREPARE `%s` FROM 'DO 1'", s)
			g.emit("EXECUTE `%s`", s)
		}
		g.emit("SET %s = FOUND_ROWS()", v)
	case 5:
		t := g.someTable()
		log := db + ".`rc_log`"
		g.emit("CREATE TABLE IF NOT EXISTS %s (n int AUTO_INCREMENT PRIMARY KEY, rc bigint)", log)
		g.emit("CREATE TRIGGER %s.`%s` AFTER INSERT ON %s FOR EACH ROW INSERT INTO %s (rc) VALUES (ROW_COUNT())", "`"+t.db+"`", g.name("rctrg"), t.qname(), log)
		g.emit("SET %s = ROW_COUNT()", v)
	case 6:
		f := g.name("rcf")
		if g.chance(0.5) {
			g.emit("CREATE FUNCTION %s.`%s`() RETURNS bigint RETURN ROW_COUNT()", db, f)
			g.emit("SET %s = %s.`%s`()", v, db, f)
		} else {
			g.emit("CREATE VIEW %s.`%s` AS SELECT FOUND_ROWS() AS n", db, f)
			g.emit("SELECT n INTO %s FROM %s.`%s`", v, db, f)
		}
	default:
		g.emit("CREATE TABLE %s.`%s` SELECT ROW_COUNT() AS n", db, g.name("rct"))
		g.emit("SET %s = ROW_COUNT()", v)
	}
}
