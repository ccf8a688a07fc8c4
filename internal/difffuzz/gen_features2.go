package difffuzz

import (
	"fmt"
	"strings"
)

// The table-feature blocks of gen_features.go, second part: DEFAULT expressions, CHECK
// constraints, ON UPDATE CURRENT_TIMESTAMP, INSERT … SET, INSERT … SELECT, priorities,
// views, USE of a second database, identifiers that need backquotes.

// defaultExprBlock: columns with deterministic DEFAULT expressions (of a column before
// them, constants, CONCAT), rows that leave them to the server or write DEFAULT.
func defaultExprBlock(g *gen) {
	t := &ftable{db: g.dbs[g.pick(len(g.dbs))], name: fname(g, "de")}
	t.cols = append([]fcol{idCol()}, baseCols(g)...)
	defaults := []fcol{
		{col: col{name: "b", typ: "int", k: kInt, lo: -1000, hi: 1000, nullable: true}, def: "int DEFAULT (`a` + 1)", omit: true},
		{col: col{name: "c", typ: "varchar(20)", k: kString, charset: "utf8mb4", nullable: true}, def: "varchar(20) DEFAULT ('x')", omit: true},
		{col: col{name: "e", typ: "int", k: kInt, lo: 0, hi: 1000}, def: "int NOT NULL DEFAULT (6 * 7)", omit: true},
		{col: col{name: "f", typ: "varchar(40)", k: kString, charset: "utf8mb4", nullable: true}, def: "varchar(40) DEFAULT (CONCAT('k', `id`))", omit: true},
		{col: col{name: "h", typ: "bigint", k: kInt, lo: 0, hi: 1000, nullable: true}, def: "bigint DEFAULT (`id` * 10 + 1)", omit: true},
	}
	n := 0
	for _, d := range defaults {
		if g.chance(0.6) {
			t.cols, n = append(t.cols, d), n+1
		}
	}
	if n == 0 {
		t.cols = append(t.cols, defaults[0])
	}
	createF(g, t, []string{"PRIMARY KEY (`id`)"}, " ENGINE="+featureEngine(g)+" DEFAULT CHARSET=utf8mb4")
	for range 1 + g.pick(3) {
		frows(g, t, "INSERT INTO", g.chance(0.7), rowCount(g), nil)
	}
}

// checkBlock: column and table CHECK constraints the rows keep; one block in five with a
// row that breaks one: in a plain INSERT (ERROR 4025: the client stops), in an INSERT
// IGNORE (skipped, a warning), or under SET check_constraint_checks = 0 (kept).
func checkBlock(g *gen) {
	t := &ftable{db: g.dbs[g.pick(len(g.dbs))], name: fname(g, "ck")}
	a := fcol{col: col{name: "a", typ: "int", k: kInt, lo: -1000, hi: 1000, nullable: true}, def: "int CHECK (`a` >= -1000)"}
	b := fcol{col: col{name: "b", typ: "int", k: kInt, lo: 0, hi: 400, nullable: true}, def: "int"}
	s := fcol{col: col{name: "s", typ: "varchar(30)", k: kString, charset: "utf8mb4", nullable: true}, def: "varchar(30)"}
	t.cols = []fcol{idCol(), a, b, s}
	cname := t.name + "_b"
	extra := []string{"PRIMARY KEY (`id`)", "CONSTRAINT `" + cname + "` CHECK (`b` IS NULL OR `b` < 500)"}
	if g.chance(0.5) {
		extra = append(extra, "CHECK (`id` > 0)")
	}
	createF(g, t, extra, " ENGINE="+featureEngine(g)+" DEFAULT CHARSET=utf8mb4")
	for range 1 + g.pick(2) {
		frows(g, t, "INSERT INTO", g.chance(0.4), rowCount(g), nil)
	}
	if !g.chance(0.2) {
		return
	}
	breakRow := func(verb string) {
		st := len(g.out)
		frows(g, t, verb, false, 1+g.pick(20), nil)
		rows := g.out[st].Rows
		rows[g.pick(len(rows))][2] = fmt.Sprint(500 + g.pick(500))
	}
	switch g.pick(3) {
	case 0:
		breakRow("INSERT INTO") // ERROR 4025
	case 1:
		breakRow("INSERT IGNORE INTO")
	default:
		g.emit("SET %s = 0", []string{"check_constraint_checks", "SESSION check_constraint_checks", "@@check_constraint_checks"}[g.pick(3)])
		breakRow("INSERT INTO")
		g.emit("SET check_constraint_checks = %s", []string{"1", "DEFAULT", "ON"}[g.pick(3)])
	}
}

// onUpdateBlock: TIMESTAMP and DATETIME columns DEFAULT CURRENT_TIMESTAMP ON UPDATE
// CURRENT_TIMESTAMP, given rows and updated under SET timestamp = N (a binlog's form), so
// that the values they take are N's; SET timestamp = DEFAULT at the end.
func onUpdateBlock(g *gen) {
	ts := 1700000000 + g.pick(1000000)
	setTS := func(v string) {
		g.emit([]string{"SET TIMESTAMP=%s", "SET @@timestamp = %s", "SET SESSION timestamp = %s"}[g.pick(3)], v)
	}
	setTS(fmt.Sprint(ts))
	t := &ftable{db: g.dbs[g.pick(len(g.dbs))], name: fname(g, "ts")}
	t.cols = append([]fcol{idCol()}, baseCols(g)...)
	t.cols = append(t.cols, fcol{col: col{name: "ts", typ: "timestamp", k: kTimestamp}, def: "timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP", omit: true})
	if g.chance(0.5) {
		t.cols = append(t.cols, fcol{col: col{name: "dt", typ: "datetime(3)", k: kDatetime, nullable: true}, def: "datetime(3) DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3)", omit: true})
	}
	createF(g, t, []string{"PRIMARY KEY (`id`)"}, " ENGINE="+featureEngine(g)+" DEFAULT CHARSET=utf8mb4")
	frows(g, t, "INSERT INTO", g.chance(0.8), rowCount(g), nil)
	setTS(fmt.Sprint(ts + 1 + g.pick(5000)))
	switch g.pick(3) {
	case 0:
		g.emit("UPDATE %s SET `a` = `a` + 1 WHERE `id` %% 2 = 0", t.ref(g))
	case 1:
		g.emit("INSERT INTO %s (`id`, `a`) VALUES (1, 5) ON DUPLICATE KEY UPDATE `a` = `a` + 1", t.ref(g))
	default:
		frows(g, t, "INSERT INTO", true, rowCount(g), nil)
	}
	setTS("DEFAULT")
}

// insertSetBlock: rows by INSERT … SET (INTO left out sometimes), INSERT IGNORE and
// REPLACE … SET of ids that exist, … SET … ON DUPLICATE KEY UPDATE, and INSERT … VALUE.
func insertSetBlock(g *gen) {
	t := &ftable{db: g.dbs[g.pick(len(g.dbs))], name: fname(g, "is")}
	t.cols = append([]fcol{idCol()}, baseCols(g)...)
	createF(g, t, []string{"PRIMARY KEY (`id`)"}, " ENGINE="+featureEngine(g)+" DEFAULT CHARSET=utf8mb4")
	if g.chance(0.6) {
		frows(g, t, "INSERT INTO", false, rowCount(g), nil)
	}
	set := func(id int) string {
		parts := []string{fmt.Sprintf("`id` = %d", id)}
		for _, c := range t.cols[1:] {
			if g.chance(0.8) {
				parts = append(parts, qid(c.name)+" = "+fvalue(g, c.col))
			}
		}
		return strings.Join(parts, ", ")
	}
	old := func() int {
		if t.nextID == 0 {
			t.nextID = 1 // the first id, taken now: the next INSERT … SET gives 2
			return 1
		}
		return 1 + g.pick(t.nextID)
	}
	for range 2 + g.pick(5) {
		switch g.pick(6) {
		case 0, 1:
			t.nextID++
			g.emit("%s %s SET %s", []string{"INSERT INTO", "INSERT", "INSERT LOW_PRIORITY INTO"}[g.pick(3)], t.ref(g), set(t.nextID))
		case 2:
			g.emit("REPLACE INTO %s SET %s", t.ref(g), set(old()))
		case 3:
			g.emit("INSERT IGNORE INTO %s SET %s", t.ref(g), set(old()))
		case 4:
			g.emit("INSERT INTO %s SET %s ON DUPLICATE KEY UPDATE `a` = %s", t.ref(g), set(old()), []string{"`a` + 1", "VALUES(`a`)", "NULL"}[g.pick(3)])
		default:
			t.nextID++
			g.emit("INSERT INTO %s (`id`, `a`) VALUE (%d, %s)", t.ref(g), t.nextID, fvalue(g, t.cols[1].col))
		}
	}
}

// insertSelectBlock: rows copied by INSERT … SELECT from a table loaded earlier — one of
// the script's own (into a CREATE TABLE … LIKE copy) or the block's — with WHERE, ORDER
// BY, a column list, INSERT IGNORE, REPLACE, ON DUPLICATE KEY UPDATE, into an
// AUTO_INCREMENT table whose ids the SELECT's order gives.
func insertSelectBlock(g *gen) {
	if len(g.tables) > 0 && g.chance(0.5) {
		src := g.tables[g.pick(len(g.tables))]
		cp := fname(g, "xc")
		q := qid(src.db) + "." + qid(cp)
		g.emit("CREATE TABLE %s LIKE %s", q, src.qname())
		g.emit("INSERT INTO %s SELECT * FROM %s", q, src.qname())
		if src.pk && g.chance(0.5) {
			g.emit("%s %s SELECT * FROM %s WHERE `id` %% 2 = 0", []string{"INSERT IGNORE INTO", "REPLACE INTO"}[g.pick(2)], q, src.qname())
		}
		return
	}
	src := &ftable{db: g.dbs[g.pick(len(g.dbs))], name: fname(g, "xs")}
	src.cols = append([]fcol{idCol()}, baseCols(g)[:2]...)
	createF(g, src, []string{"PRIMARY KEY (`id`)"}, " ENGINE="+featureEngine(g)+" DEFAULT CHARSET=utf8mb4")
	for range 1 + g.pick(2) {
		frows(g, src, "INSERT INTO", false, rowCount(g), nil)
	}
	dst := &ftable{db: g.dbs[g.pick(len(g.dbs))], name: fname(g, "xt")}
	autoinc := g.chance(0.4)
	if autoinc {
		g.emit("CREATE TABLE %s (\n  `k` int NOT NULL AUTO_INCREMENT,\n  `id` int,\n  `a` int,\n  `s` varchar(30),\n  `n` int NOT NULL DEFAULT 0,\n  PRIMARY KEY (`k`)\n) ENGINE=%s DEFAULT CHARSET=utf8mb4", dst.qname(), featureEngine(g))
	} else {
		g.emit("CREATE TABLE %s (\n  `id` int NOT NULL,\n  `a` int,\n  `s` varchar(30),\n  `n` int NOT NULL DEFAULT 0,\n  PRIMARY KEY (`id`)\n) ENGINE=%s DEFAULT CHARSET=utf8mb4", dst.qname(), featureEngine(g))
	}
	for i := range 1 + g.pick(3) {
		switch g.pick(5) {
		case 0: // ids of their own: the other statements' are under 1000
			g.emit("INSERT INTO %s (`id`, `a`, `s`) SELECT `id` + %d, `a`, `s` FROM %s ORDER BY `id`", dst.ref(g), 1000*(i+1), src.ref(g))
		case 1:
			g.emit("INSERT IGNORE INTO %s (`id`, `a`, `s`, `n`) SELECT `id` + %d, `a`, `s`, 1 FROM %s WHERE `a` > 0 ORDER BY `id`", dst.ref(g), g.pick(3)*10, src.ref(g))
		case 2:
			g.emit("REPLACE INTO %s (`id`, `a`, `s`, `n`) SELECT `id`, `a`, `s`, 2 FROM %s WHERE `id` %% 3 = 0 ORDER BY `id`", dst.ref(g), src.ref(g))
		case 3:
			g.emit("INSERT INTO %s (`id`, `a`, `s`) SELECT `id`, `a`, `s` FROM %s ORDER BY `id` ON DUPLICATE KEY UPDATE `n` = `n` + 1", dst.ref(g), src.ref(g))
		default:
			frows(g, src, "INSERT INTO", false, rowCount(g), nil) // more rows into the source between
		}
	}
}

// priorityBlock: rows by INSERT LOW_PRIORITY, HIGH_PRIORITY, DELAYED and REPLACE
// LOW_PRIORITY or DELAYED (DELAYED into MyISAM only, which alone takes it in 10.11), some
// repeating ids under IGNORE and REPLACE.
func priorityBlock(g *gen) {
	t := &ftable{db: g.dbs[g.pick(len(g.dbs))], name: fname(g, "lp")}
	t.cols = append([]fcol{idCol()}, baseCols(g)...)
	engine := featureEngine(g)
	createF(g, t, []string{"PRIMARY KEY (`id`)"}, " ENGINE="+engine+" DEFAULT CHARSET=utf8mb4")
	verbs := []string{"INSERT LOW_PRIORITY INTO", "INSERT HIGH_PRIORITY INTO", "REPLACE LOW_PRIORITY INTO", "INSERT LOW_PRIORITY IGNORE INTO"}
	if engine == "MyISAM" {
		verbs = append(verbs, "INSERT DELAYED INTO", "REPLACE DELAYED INTO", "INSERT DELAYED IGNORE INTO", "INSERT DELAYED INTO")
	}
	for range 1 + g.pick(3) {
		verb := verbs[g.pick(len(verbs))]
		var idFrom func() string
		if strings.Contains(verb, "IGNORE") || strings.HasPrefix(verb, "REPLACE") {
			idFrom = func() string {
				if t.nextID > 1 && g.chance(0.1) {
					return fmt.Sprint(1 + g.pick(t.nextID))
				}
				return ""
			}
		}
		frows(g, t, verb, g.chance(0.4), rowCount(g), idFrom)
	}
}

// viewBlock: a view over the block's table (mysqldump's stand-in first, then the view
// in its /*!50001 */ comments with DEFINER; or CREATE OR REPLACE, ALGORITHM=MERGE, WITH
// CHECK OPTION), rows INSERTed and REPLACEd through it, a table made from it by CREATE
// TABLE … AS SELECT; or a view counting the rows of a table of the script's, copied into
// a table and dropped.
func viewBlock(g *gen) {
	if len(g.tables) > 0 && g.chance(0.3) {
		src := g.tables[g.pick(len(g.tables))]
		v := qid(src.db) + "." + qid(fname(g, "vc"))
		g.emit("CREATE VIEW %s AS SELECT COUNT(*) AS `n`, MAX(`id`) AS `m` FROM %s", v, src.qname())
		g.emit("CREATE TABLE %s AS SELECT * FROM %s", qid(src.db)+"."+qid(fname(g, "vs")), v)
		g.emit("DROP VIEW %s", v) // the table may be dropped later: a view left over it would not dump
		return
	}
	t := &ftable{db: g.dbs[g.pick(len(g.dbs))], name: fname(g, "vb")}
	t.cols = append([]fcol{idCol()}, baseCols(g)[:2]...)
	createF(g, t, []string{"PRIMARY KEY (`id`)"}, " ENGINE="+featureEngine(g)+" DEFAULT CHARSET=utf8mb4")
	frows(g, t, "INSERT INTO", false, rowCount(g), nil)
	v := &ftable{db: t.db, name: fname(g, "v"), cols: t.cols}
	body := fmt.Sprintf("SELECT `id`, `a`, `s` FROM %s", t.qname())
	check := false
	switch g.pick(3) {
	case 0: // mysqldump's: a stand-in, then the view in versioned comments
		g.emit("/*!50001 CREATE VIEW %s AS SELECT\n 1 AS `id`,\n 1 AS `a`,\n 1 AS `s` */", v.qname())
		frows(g, t, "INSERT INTO", false, rowCount(g), nil)
		g.emit("/*!50001 DROP VIEW IF EXISTS %s*/", v.qname())
		if g.cfg.on(Serializing) && g.chance(0.5) {
			g.emit("/*!50001 SET @saved_cs_client          = @@character_set_client */")
			g.emit("/*!50001 SET character_set_client      = utf8mb4 */")
			defer g.emit("/*!50001 SET character_set_client      = @saved_cs_client */")
		}
		g.emit("/*!50001 CREATE ALGORITHM=UNDEFINED */\n/*!50013 DEFINER=`root`@`localhost` SQL SECURITY DEFINER */\n/*!50001 VIEW %s AS select %s.`id` AS `id`,%s.`a` AS `a`,%s.`s` AS `s` from %s */", v.qname(), qid(t.name), qid(t.name), qid(t.name), t.qname())
	case 1:
		g.emit("CREATE OR REPLACE ALGORITHM=MERGE VIEW %s AS %s", v.qname(), body)
	default:
		g.emit("CREATE VIEW %s AS %s WHERE `id` > 0 WITH CHECK OPTION", v.qname(), body)
		check = true
	}
	for range 1 + g.pick(2) {
		var idFrom func() string
		verb := "INSERT INTO"
		if !check && g.chance(0.4) {
			verb = "REPLACE INTO"
			idFrom = func() string {
				if g.chance(0.3) {
					return fmt.Sprint(1 + g.pick(t.nextID))
				}
				return ""
			}
		}
		v.nextID = t.nextID
		frows(g, v, verb, g.chance(0.5), rowCount(g), func() string {
			if idFrom != nil {
				if s := idFrom(); s != "" {
					return s
				}
			}
			t.nextID++
			return fmt.Sprint(t.nextID)
		})
	}
	if g.chance(0.5) {
		g.emit("CREATE TABLE %s AS SELECT * FROM %s", qid(t.db)+"."+qid(fname(g, "vs")), v.qname())
	}
}

// useBlock: USE of a second database (created when the script has one), a table there
// created and given rows by its bare name — the name of a table of the first database
// when there is one — then USE of the first again.
func useBlock(g *gen) {
	if len(g.dbs) < 2 {
		g.newDatabase()
	}
	db := g.dbs[1+g.pick(len(g.dbs)-1)]
	name := fname(g, "ub")
	for _, x := range g.tables {
		if x.db == g.dbs[0] && g.chance(0.5) {
			name = x.name // the same name in the other database: which one a bare name means matters
			for _, y := range g.tables {
				if y.db == db && y.name == name {
					name = fname(g, "ub")
				}
			}
			break
		}
	}
	g.emit([]string{"USE `%s`", "USE %s", "/*!40000 USE `%s` */"}[g.pick(3)], db)
	t := &ftable{db: db, name: name, bare: true}
	t.cols = append([]fcol{idCol()}, baseCols(g)...)
	createF(g, t, []string{"PRIMARY KEY (`id`)"}, " ENGINE="+featureEngine(g)+" DEFAULT CHARSET=utf8mb4")
	for range 1 + g.pick(3) {
		frows(g, t, "INSERT INTO", g.chance(0.3), rowCount(g), nil)
	}
	if g.chance(0.3) {
		g.emit("UPDATE %s SET `a` = `a` + 1 WHERE `id` %% 2 = 1", qid(name))
	}
	g.emit([]string{"USE `%s`", "USE %s"}[g.pick(2)], g.dbs[0])
}

// oddIdentBlock: a table and columns whose names need backquotes: spaces, a backquote
// inside (doubled), dots, reserved words, a leading digit, and on a utf8 connection
// non-ASCII letters; rows with and without a column list, an UPDATE naming them.
func oddIdentBlock(g *gen) {
	utf8 := (g.client == "utf8mb4" || g.client == "utf8") && g.charset == g.client
	tnames := []string{"t x", "t`q", "order", "a-b.c", "1t", "t  two", "select"}
	cnames := [][]string{{"i d", "id"}, {"c 1", "c`x", "key", "x.y", "desc"}, {"s s", "va`l", "from", "1c"}}
	if utf8 {
		tnames = append(tnames, "tëst", "表 x", "Ñ`ñ")
		cnames[1] = append(cnames[1], "ö", "列")
		cnames[2] = append(cnames[2], "ça va")
	}
	t := &ftable{db: g.dbs[g.pick(len(g.dbs))], name: fmt.Sprintf("%s%d", tnames[g.pick(len(tnames))], g.fseq+1)}
	g.fseq++
	base := baseCols(g)
	id := idCol()
	id.name = cnames[0][g.pick(2)]
	a, s := base[0], base[1]
	a.name = cnames[1][g.pick(len(cnames[1]))]
	s.name = cnames[2][g.pick(len(cnames[2]))]
	t.cols = []fcol{id, a, s}
	extra := []string{"PRIMARY KEY (" + qid(id.name) + ")"}
	if g.chance(0.4) {
		extra = append(extra, "KEY `k `` x` ("+qid(a.name)+")")
	}
	createF(g, t, extra, " ENGINE="+featureEngine(g)+" DEFAULT CHARSET=utf8mb4")
	for range 1 + g.pick(3) {
		frows(g, t, "INSERT INTO", g.chance(0.5), rowCount(g), nil)
	}
	if g.chance(0.4) {
		g.emit("UPDATE %s SET %s = %s + 1 WHERE %s %% 2 = 0", t.ref(g), qid(a.name), qid(a.name), qid(id.name))
	}
}
