package difffuzz

import (
	"fmt"
	"strings"
)

// The f-gen4 blocks of the diagnostics area, prepared statements, LOCK TABLES regions
// and RETURNING (gen_routines.go has the routines and says what the blocks are for).

// diagWarning writes a statement that leaves a warning or a note: the session blocks'
// (warning) or a SET of a truncated CAST.
func diagWarning(g *gen) {
	if g.chance(0.25) && g.cfg.on(DiagSetWarning) {
		g.emit("SET %s = CAST('%dy' AS SIGNED)", rname(g, "@dw"), g.pick(10))
		return
	}
	warning(g)
}

// diagMiddle writes a statement between a warning and its reader: one that keeps the
// area (SET @v, SHOW WARNINGS; SELECT of no table, COMMIT, PREPARE with diag-keep-more;
// DO and UNLOCK TABLES with diag-keep-do-unlock) or one that clears it (a SELECT or
// INSERT of a table).
func diagMiddle(g *gen) {
	forms := []string{
		fmt.Sprintf("SET %s = %d", rname(g, "@dm"), g.pick(100)),
		"SHOW WARNINGS",
		fmt.Sprintf("SELECT COUNT(*) FROM `%s`.`%s`", g.dbs[0], sessionVarsTable),
		fmt.Sprintf("INSERT INTO `%s`.`%s` (name, v) VALUES ('mid', 'x')", g.dbs[0], sessionVarsTable),
	}
	if g.cfg.on(DiagKeepMore) {
		forms = append(forms, fmt.Sprintf("SELECT %d", g.pick(10)), "COMMIT", fmt.Sprintf("PREPARE %s FROM 'SELECT 1'", rname(g, "dps")))
	}
	if g.cfg.on(DiagKeepDoUnlock) {
		forms = append(forms, fmt.Sprintf("DO %d", g.pick(10)), "UNLOCK TABLES", "DO 1, 2")
	}
	g.emit("%s", forms[g.pick(len(forms))])
}

// diagReaderProc creates a procedure whose body reads the diagnostics area (or, with
// rowCount, ROW_COUNT() and FOUND_ROWS()) into @w; its name. condition allows
// GET DIAGNOSTICS CONDITION 1: only when nothing may empty the area before the CALL.
func diagReaderProc(g *gen, rowCount, condition bool) string {
	p := fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, "rdp"))
	bodies := []string{"GET DIAGNOSTICS @w = NUMBER", "SET @w = @@warning_count"}
	if condition {
		bodies = append(bodies, "GET DIAGNOSTICS CONDITION 1 @w = MYSQL_ERRNO") // an empty area's condition 1 is an error
	}
	body := bodies[g.pick(len(bodies))]
	if rowCount {
		body = []string{"SET @w = ROW_COUNT()", "SET @w = FOUND_ROWS()", "GET DIAGNOSTICS @w = ROW_COUNT", "SET @w = CONCAT_WS(' ', ROW_COUNT(), FOUND_ROWS())"}[g.pick(4)]
	}
	if g.chance(0.5) {
		raw(g, fmt.Sprintf("CREATE %sPROCEDURE %s()\nBEGIN\n  %s;\nEND", definer(g), p, body))
	} else {
		g.emit("CREATE PROCEDURE %s() %s", p, body)
	}
	return p
}

// diagKeepBlock: a warning, statements that keep or clear the diagnostics area, a
// reader (plain, in EXECUTE IMMEDIATE or a procedure) stored into `sv`; or rows, an
// UPDATE, a DELETE or a SELECT SQL_CALC_FOUND_ROWS, such statements, and ROW_COUNT() or
// FOUND_ROWS() read (inside dynamic SQL or a CALL with diag-wrapped-rowcount).
func diagKeepBlock(g *gen) {
	svTable(g)
	if g.chance(0.5) {
		rowCountKeep(g)
		return
	}
	middles := g.pick(3)
	var proc string
	if g.chance(0.25) {
		proc = diagReaderProc(g, false, middles == 0) // before the warning: CREATE PROCEDURE clears the area
	}
	serialize(g)
	diagWarning(g)
	for range middles {
		diagMiddle(g)
	}
	if proc != "" {
		g.emit("CALL %s()", proc)
		keep(g, "w", "@w")
		return
	}
	switch g.pick(8) {
	case 0:
		g.emit("GET DIAGNOSTICS @w = NUMBER")
	case 1:
		if middles == 0 {
			g.emit("GET DIAGNOSTICS CONDITION 1 @w = MYSQL_ERRNO")
		} else {
			// CONDITION 1 of an area a statement between may have emptied is an
			// error (1758): the number instead.
			g.emit("GET DIAGNOSTICS @w = NUMBER")
		}
	case 2:
		g.emit("SET @w = @@warning_count")
	case 3:
		g.emit("SHOW COUNT(*) WARNINGS")
		g.emit("SELECT @@warning_count INTO @w")
	case 4:
		g.emit("EXECUTE IMMEDIATE 'GET DIAGNOSTICS @w = NUMBER'")
	case 5:
		if !g.cfg.on(DiagKeepMore) {
			g.emit("EXECUTE IMMEDIATE 'SET @w = @@warning_count'") // PREPARE keeps the area (seed 51099)
			break
		}
		s := rname(g, "dks")
		g.emit("PREPARE %s FROM 'SET @w = @@warning_count'", s)
		g.emit("EXECUTE %s", s)
	case 6:
		g.emit("INSERT INTO `%s`.`%s` (name, v) VALUES ('wc', @@warning_count)", g.dbs[0], sessionVarsTable)
		return
	default:
		g.emit("SHOW WARNINGS")
		g.emit("GET DIAGNOSTICS @w = NUMBER")
	}
	keep(g, "w", "@w")
}

// rowCountKeep: a statement that sets ROW_COUNT() or FOUND_ROWS(), perhaps one that
// keeps or changes them, a reader.
func rowCountKeep(g *gen) {
	t := newRTable(g, "rr", "", false)
	t.rrows(g, 3+g.pick(30))
	var proc string
	wrapped := g.cfg.on(DiagWrappedRowCount) && g.chance(0.5)
	if wrapped && g.chance(0.4) {
		proc = diagReaderProc(g, true, false)
	}
	serialize(g)
	switch g.pick(5) {
	case 0:
		t.rrows(g, 1+g.pick(20))
	case 1:
		g.emit("UPDATE %s SET a = a + 1 WHERE a > %d", t.q, g.pick(100)-50)
	case 2:
		g.emit("DELETE FROM %s WHERE a < %d", t.q, g.pick(60)-50)
	case 3:
		g.emit("SELECT SQL_CALC_FOUND_ROWS id FROM %s WHERE a > %d ORDER BY id LIMIT %d", t.q, g.pick(100)-50, 1+g.pick(3))
	default:
		g.emit("INSERT IGNORE INTO %s (id, a) VALUES (1, 0), (%d, 1)", t.q, 500+g.pick(100))
	}
	if g.chance(0.4) {
		g.emit("%s", []string{"SET @rk = 1", "SELECT 1", "DO 0", "COMMIT"}[g.pick(4)])
	}
	switch {
	case proc != "":
		g.emit("CALL %s()", proc)
	case wrapped:
		q := []string{"SET @w = ROW_COUNT()", "SET @w = FOUND_ROWS()", "GET DIAGNOSTICS @w = ROW_COUNT", "SELECT ROW_COUNT() INTO @w"}[g.pick(4)]
		if g.chance(0.5) {
			g.emit("EXECUTE IMMEDIATE '%s'", q)
		} else {
			s := rname(g, "rks")
			g.emit("PREPARE %s FROM '%s'", s, q)
			g.emit("EXECUTE %s", s)
		}
	default:
		switch g.pick(5) {
		case 0:
			g.emit("SET @w = ROW_COUNT()")
		case 1:
			g.emit("SET @w = FOUND_ROWS()")
		case 2:
			g.emit("GET DIAGNOSTICS @w = ROW_COUNT")
		case 3:
			g.emit("SELECT ROW_COUNT(), FOUND_ROWS() INTO @w, @w2")
			keep(g, "fr", "@w2")
		default:
			g.emit("INSERT INTO `%s`.`%s` (name, v) VALUES ('rc', ROW_COUNT())", g.dbs[0], sessionVarsTable)
			return
		}
	}
	keep(g, "rc", "@w")
}

// sqlText is q inside a single-quoted SQL string (quotes doubled: the same under
// NO_BACKSLASH_ESCAPES).
func sqlText(q string) string { return "'" + strings.ReplaceAll(q, "'", "''") + "'" }

// using is an EXECUTE's USING list for id, a and s: user variables set before, literals
// or expressions.
func using(g *gen, id int) string {
	a, s := g.pick(200)-50, fmt.Sprintf("'u%d'", g.pick(1000))
	switch g.pick(3) {
	case 0:
		g.emit("SET @pi = %d, @pa = %d, @ps = %s", id, a, s)
		return "@pi, @pa, @ps"
	case 1:
		return fmt.Sprintf("%d, %d, %s", id, a, s)
	default:
		return fmt.Sprintf("%d + 0, %d * 1, CONCAT(%s, '!')", id, a, s)
	}
}

// preparedBlock: an INSERT prepared from a literal or a user variable, EXECUTEd with
// USING lists, the name PREPAREd again for another statement, DEALLOCATE or DROP
// PREPARE, EXECUTE IMMEDIATE of the same with USING; sometimes a prepared USE of another
// database, rows there by bare names, USE of the first again.
func preparedBlock(g *gen) {
	t := newRTable(g, "rpr", "", false)
	t.rrows(g, 1+g.pick(20))
	s := rname(g, "ps")
	ins := fmt.Sprintf("INSERT INTO %s (id, a, s) VALUES (?, ?, ?)", t.q)
	if g.chance(0.5) {
		g.emit("PREPARE %s FROM %s", s, sqlText(ins))
	} else {
		g.emit("SET @pq = %s", sqlText(ins))
		g.emit("PREPARE %s FROM @pq", s)
	}
	for range 1 + g.pick(4) {
		g.emit("EXECUTE %s USING %s", s, using(g, t.nextID))
		t.nextID++
	}
	switch g.pick(4) {
	case 0:
		g.emit("PREPARE %s FROM %s", s, sqlText(fmt.Sprintf("REPLACE INTO %s (id, a, s) VALUES (?, ?, 'again')", t.q)))
		g.emit("EXECUTE %s USING %d, %d", s, 1+g.pick(t.nextID), g.pick(100))
	case 1:
		g.emit("PREPARE %s FROM %s", s, sqlText(fmt.Sprintf("UPDATE %s SET a = a + ? WHERE id <= ?", t.q)))
		g.emit("EXECUTE %s USING %d, %d", s, 1+g.pick(9), 1+g.pick(t.nextID))
	case 2:
		g.emit("PREPARE %s FROM %s", s, sqlText(fmt.Sprintf("INSERT IGNORE INTO %s (id, a) VALUES (?, ?), (?, ?)", t.q)))
		g.emit("EXECUTE %s USING 1, 5, %d, 6", s, t.nextID)
		t.nextID++
	}
	if g.chance(0.5) {
		g.emit("%s PREPARE %s", []string{"DEALLOCATE", "DROP"}[g.pick(2)], s)
	}
	if g.chance(0.5) {
		if g.chance(0.5) {
			g.emit("EXECUTE IMMEDIATE %s USING %s", sqlText(ins), using(g, t.nextID))
		} else {
			g.emit("SET @pq2 = %s", sqlText(ins))
			g.emit("EXECUTE IMMEDIATE @pq2 USING %s", using(g, t.nextID))
		}
		t.nextID++
	}
	t.rrows(g, 1+g.pick(10))
	if g.chance(0.35) {
		preparedUse(g)
	}
}

// preparedUse: a USE of another database through PREPARE or EXECUTE IMMEDIATE, a table
// there by its bare name with rows, the first database again (plainly or not).
func preparedUse(g *gen) {
	if len(g.dbs) < 2 {
		g.newDatabase()
	}
	other := g.dbs[1+g.pick(len(g.dbs)-1)]
	use := fmt.Sprintf("USE `%s`", other)
	if g.chance(0.5) {
		g.emit("EXECUTE IMMEDIATE %s", sqlText(use))
	} else {
		s := rname(g, "pu")
		g.emit("PREPARE %s FROM %s", s, sqlText(use))
		g.emit("EXECUTE %s", s)
	}
	name := rname(g, "ru")
	g.emit("CREATE TABLE `%s` (id int PRIMARY KEY, a int, s varchar(40), ts timestamp NULL DEFAULT NULL)", name)
	t := &rtable{q: "`" + name + "`", nextID: 1}
	t.rrows(g, 1+g.pick(25))
	back := fmt.Sprintf("USE `%s`", g.dbs[0])
	if g.chance(0.5) {
		g.emit("EXECUTE IMMEDIATE %s", sqlText(back))
	} else {
		g.emit("%s", back)
	}
}

// preparedSetBlock: a session variable (time_zone, sql_mode, completion_type) SET
// through PREPARE … USING, a prepared text, EXECUTE IMMEDIATE; rows that show it; set
// back.
func preparedSetBlock(g *gen) {
	run := func(q string, arg string) {
		switch g.pick(3) {
		case 0:
			s := rname(g, "pss")
			if arg != "" {
				g.emit("PREPARE %s FROM %s", s, sqlText(q+" = ?"))
				g.emit("EXECUTE %s USING %s", s, arg)
			} else {
				g.emit("SET @psq = %s", sqlText(q))
				g.emit("PREPARE %s FROM @psq", s)
				g.emit("EXECUTE %s", s)
			}
		case 1:
			if arg != "" {
				g.emit("EXECUTE IMMEDIATE %s USING %s", sqlText(q+" = ?"), arg)
			} else {
				g.emit("EXECUTE IMMEDIATE %s", sqlText(q))
			}
		default:
			if arg != "" {
				q += " = " + arg
			}
			s := rname(g, "pss")
			g.emit("PREPARE %s FROM %s", s, sqlText(q))
			g.emit("EXECUTE %s", s)
		}
	}
	switch g.pick(3) {
	case 0:
		t := newRTable(g, "rzt", "", false)
		t.rrows(g, 1+g.pick(10))
		g.emit("SET @ps_old_tz = @@time_zone")
		tz := []string{"'+04:00'", "'-02:00'", "'+10:30'"}[g.pick(3)]
		if g.chance(0.5) {
			run([]string{"SET time_zone", "SET @@session.time_zone", "SET SESSION time_zone"}[g.pick(3)], tz)
		} else {
			run("SET time_zone = "+tz, "")
		}
		t.rrows(g, 2+g.pick(30))
		keep(g, "tz", "@@time_zone")
		if g.chance(0.5) {
			run("SET time_zone", "@ps_old_tz")
		} else {
			g.emit("SET time_zone = @ps_old_tz")
		}
		t.rrows(g, 1+g.pick(5))
	case 1:
		t := newRTable(g, "rmt", "", false)
		g.emit("SET @OLD_SQL_MODE_PS = @@sql_mode")
		mode := []string{"''", "'NO_ENGINE_SUBSTITUTION'", "'STRICT_ALL_TABLES'", "'TRADITIONAL'"}[g.pick(4)]
		run("SET sql_mode", mode)
		t.rrows(g, 1+g.pick(20))
		if mode == "''" || mode == "'NO_ENGINE_SUBSTITUTION'" {
			// Not strict: too long a string is cut with a warning (strict would stop).
			g.emit("INSERT INTO %s (id, a, s) VALUES (%d, 1, '%s')", t.q, 900+g.pick(99), strings.Repeat("long", 15))
		}
		keep(g, "mode", "@@sql_mode")
		if g.chance(0.5) {
			run("SET sql_mode", "@OLD_SQL_MODE_PS")
		} else {
			g.emit("SET sql_mode = @OLD_SQL_MODE_PS")
		}
	default:
		t := newRTable(g, "rct", "InnoDB", false)
		if g.chance(0.5) {
			run("SET completion_type", []string{"1", "'CHAIN'"}[g.pick(2)])
		} else {
			run("SET completion_type = 1", "")
		}
		g.emit("%s", []string{"START TRANSACTION", "BEGIN"}[g.pick(2)])
		t.rrows(g, 1+g.pick(15))
		g.emit("COMMIT") // CHAIN: the next transaction is open
		t.rrows(g, 1+g.pick(15))
		keep(g, "ct", "CONCAT_WS(' ', @@completion_type, @@in_transaction)")
		run("SET completion_type", "0")
		g.emit("%s", []string{"COMMIT", "ROLLBACK"}[g.pick(2)])
	}
}

// lockKeysBlock: mysqldump's region on one table or two, MyISAM, Aria or InnoDB (where
// DISABLE KEYS is a note): LOCK TABLES … WRITE, DISABLE KEYS, INSERTs, ENABLE KEYS,
// UNLOCK TABLES.
func lockKeysBlock(g *gen) {
	if (g.trgVars || g.varBodies) && !g.cfg.on(LockKeysVarBody) {
		return // a hang in the modes with a checkpoint (lock-keys-var-body)
	}
	n := 1
	if g.chance(0.3) {
		n = 2
	}
	var ts []*rtable
	for range n {
		ts = append(ts, newRTable(g, "rk", []string{"MyISAM", "Aria", "InnoDB"}[g.pick(3)], false))
	}
	name := func(t *rtable) string {
		if g.chance(0.5) {
			return t.q[strings.LastIndex(t.q, "`.`")+2:] // bare: the current database is the first
		}
		return t.q
	}
	keys := func(t *rtable, what string) {
		if g.chance(0.8) {
			g.emit("/*!40000 ALTER TABLE %s %s KEYS */", name(t), what)
		} else {
			g.emit("ALTER TABLE %s %s KEYS", name(t), what)
		}
	}
	if n == 2 && g.chance(0.5) {
		g.emit("LOCK TABLES %s WRITE, %s WRITE", name(ts[0]), name(ts[1]))
		for _, t := range ts {
			keys(t, "DISABLE")
		}
		for _, t := range ts {
			t.rrows(g, 5+g.pick(60))
		}
		for _, t := range ts {
			keys(t, "ENABLE")
		}
		g.emit("UNLOCK TABLES")
		return
	}
	for _, t := range ts {
		g.emit("LOCK TABLES %s WRITE", name(t))
		keys(t, "DISABLE")
		for range 1 + g.pick(3) {
			t.rrows(g, 1+g.pick(60))
		}
		if g.chance(0.3) {
			g.emit("INSERT IGNORE INTO %s (id, a, s) VALUES (1, 7, 'dup'), (%d, 8, 'new')", name(t), t.nextID)
			t.nextID++
		}
		keys(t, "ENABLE")
		g.emit("UNLOCK TABLES")
	}
}

// returningBlock: INSERT, INSERT IGNORE, REPLACE and INSERT … SELECT with RETURNING.
func returningBlock(g *gen) {
	auto := g.chance(0.4)
	t := newRTable(g, "rrt", "", auto)
	ret := func() string {
		return []string{" RETURNING id", " RETURNING *", " RETURNING id, a", " RETURNING id, CONCAT(s, '!') AS x"}[g.pick(4)]
	}
	for range 1 + g.pick(4) {
		switch g.pick(5) {
		case 0:
			st := Stmt{Head: "INSERT IGNORE INTO " + t.q + " VALUES ", Tail: ret()}
			for range 1 + g.pick(8) {
				r := t.rrow(g)
				if g.chance(0.4) && t.nextID > 2 {
					r[0] = fmt.Sprint(1 + g.pick(t.nextID-1)) // a duplicate, skipped
				}
				st.Rows = append(st.Rows, r)
			}
			g.out = append(g.out, st)
		case 1:
			st := Stmt{Head: "REPLACE INTO " + t.q + " VALUES ", Tail: ret()}
			for range 1 + g.pick(8) {
				r := t.rrow(g)
				if t.nextID > 2 {
					r[0] = fmt.Sprint(1 + g.pick(t.nextID-1))
				}
				st.Rows = append(st.Rows, r)
			}
			g.out = append(g.out, st)
		case 2:
			if auto {
				st := Stmt{Head: "INSERT INTO " + t.q + " (a, s) VALUES ", Tail: ret()}
				for range 1 + g.pick(20) {
					st.Rows = append(st.Rows, Row{fmt.Sprint(g.pick(100)), "'auto'"})
				}
				g.out = append(g.out, st)
				t.nextID += 1000 // the ids the server gives are past the explicit ones
				break
			}
			fallthrough
		case 3:
			g.emit("INSERT INTO %s (id, a, s) SELECT id + %d, a, s FROM %s WHERE a > %d ORDER BY id%s", t.q, t.nextID+5000, t.q, g.pick(100)-50, ret())
			t.nextID += 10000
		default:
			st := Stmt{Head: "INSERT INTO " + t.q + " VALUES ", Tail: ret()}
			for range 1 + g.pick(40) {
				st.Rows = append(st.Rows, t.rrow(g))
			}
			g.out = append(g.out, st)
		}
	}
}
