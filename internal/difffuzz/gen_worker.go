package difffuzz

import (
	"fmt"
	"math/rand"
	"strings"
)

// The constructs of branch x-fuzz2 (session 47), aimed at stop 46's speed changes, which
// the grammar did not stress:
//   - a worker keeps its connection's character sets, sql_mode and database between
//     batches and forgets them after the session statements it replays, a barrier item,
//     rows sent as statements (importer/replay/workersession.go): a block interleaves rows
//     into tables of the same bare name in two databases with SET NAMES, SET
//     character_set_client, sql_mode (NO_BACKSLASH_ESCAPES, ANSI_QUOTES,
//     PAD_CHAR_TO_FULL_LENGTH), USE, time_zone (TIMESTAMP columns), div_precision_increment
//     (a division in a row) and auto_increment_increment (rows taking the counter), in
//     their plain, SESSION, @@ and /*!40101 */ forms;
//   - a LOAD's warning count comes from its OK packet (importer/replay/loaddata.go
//     loadWarnings), and a LOAD that warns is rolled back and its batch sent as INSERTs: a
//     block writes rows that warn (a string cut, a number out of range, a value an ENUM
//     lacks) under a sql_mode that is not strict or with INSERT IGNORE, then reads the
//     warnings (SHOW WARNINGS, @@warning_count, GET DIAGNOSTICS … MESSAGE_TEXT, which
//     names the row) into `sv`.
//
// Each block is self-contained like the f-gen4 ones: it starts outside a transaction with
// autocommit on, creates its own tables (none joins gen.tables), leaves the session's
// character set, sql_mode, database, div_precision_increment and auto_increment_increment
// as it found them (set back by value: a user variable would turn the run serial, and the
// blocks are for the parallel runs), and draws from its own random source (gen.wd), so
// that with the constructs off a seed's script is byte for byte what it was before
// (TestWorkerOffDrawsNothing). The in-suite run leaves them out (InSuiteOff): its seeds,
// and so its time in CI, stay as they were.

// The x-fuzz2 constructs' names (docs/difffuzz.md, "Session 47, x-fuzz2").
const (
	// WorkerSession: rows of several tables between the session statements a worker
	// replays (above).
	WorkerSession Construct = "worker-session"
	// LoadWarnings: rows that warn, then readers of the warnings (above).
	LoadWarnings Construct = "load-warnings"
)

// WorkerConstructs are the constructs of gen_worker.go, for AllConstructs and InSuiteOff.
var WorkerConstructs = []Construct{WorkerSession, LoadWarnings}

// The chance of a block: workerEarlyP before the general grammar's steps (where
// dumpscope's run is still parallel), workerP after each of them, workerLoadP after each
// table of the load-data profile.
const (
	workerEarlyP = 0.4
	workerP      = 0.03
	workerLoadP  = 0.2
)

// workerSource is the x-fuzz2 blocks' own random source for seed.
func workerSource(seed int64) dice {
	return dice{r: rand.New(rand.NewSource(seed*7919 + 0x47))}
}

// workerMaybe writes one x-fuzz2 block with chance p, drawn from the blocks' source
// (nothing without one, or with both constructs off).
func workerMaybe(g *gen, p float64) {
	if g.wd.r == nil || len(g.dbs) == 0 || !g.cfg.on(WorkerSession) && !g.cfg.on(LoadWarnings) {
		return
	}
	main := g.dice
	g.dice = g.wd
	defer func() { g.wd, g.dice = g.dice, main }()
	if !g.chance(p) {
		return
	}
	blocks := []weightedBlock{
		{WorkerSession, 3, workerSessionBlock},
		{LoadWarnings, 2, loadWarningsBlock},
	}
	if b := pickBlock(g, blocks); b != nil {
		settle(g)
		b.f(g)
	}
}

// wname is a name for a block's table, counted apart from the generator's own.
func wname(g *gen, prefix string) string {
	g.wseq++
	return fmt.Sprintf("%s%d", prefix, g.wseq)
}

// wtable is a worker-session block's table: its rows' next explicit id, or none for the
// one whose ids the counter gives (auto_increment_increment).
type wtable struct {
	db, name string
	nextID   int
	counter  bool
}

// wsState is the session a block has set, against what it found (set back at its end).
type wsState struct {
	cur                 string // the current database
	conn                string // character_set_connection
	charsetSet, modeSet bool
	divSet, incSet      bool
	divp                bool // div_precision_increment was set: rows may divide
}

// wsModes are the sql_modes a worker-session block sets: each changes how a row's text
// is read (escapes, quotes) or how a CHAR is read back (PAD_CHAR_TO_FULL_LENGTH).
var wsModes = []string{"", "NO_BACKSLASH_ESCAPES", "ANSI_QUOTES", "PAD_CHAR_TO_FULL_LENGTH", "NO_BACKSLASH_ESCAPES,ANSI_QUOTES",
	"STRICT_TRANS_TABLES,NO_BACKSLASH_ESCAPES", "ANSI", "PAD_CHAR_TO_FULL_LENGTH,NO_BACKSLASH_ESCAPES", "STRICT_ALL_TABLES"}

// workerSessionBlock: tables of one bare name in two databases (and a third), rows into
// them between session statements, a reader now and then, the session set back.
func workerSessionBlock(g *gen) {
	saved := struct {
		charset, client    string
		nbe, ansi, noAutoZ bool
	}{g.charset, g.client, g.nbe, g.ansi, g.noAutoZ}
	if len(g.dbs) < 2 {
		g.newDatabase()
	}
	other := g.dbs[1+g.pick(len(g.dbs)-1)]
	name := wname(g, "ws")
	tables := []*wtable{{db: g.dbs[0], name: name, nextID: 1}, {db: other, name: name, nextID: 1}}
	if g.chance(0.5) {
		tables = append(tables, &wtable{db: g.dbs[0], name: wname(g, "ws"), nextID: 1, counter: g.chance(0.6)})
	}
	for _, t := range tables {
		id := "`id` int NOT NULL"
		if t.counter {
			id += " AUTO_INCREMENT"
		}
		engine := []string{"InnoDB", "InnoDB", "InnoDB", "MyISAM"}[g.pick(4)]
		g.emit("CREATE TABLE `%s`.`%s` (\n  %s,\n  `s` varchar(40),\n  `l` varchar(20) CHARACTER SET latin1,\n  `c` char(10),\n  `ts` timestamp NULL,\n  `q` decimal(14,6),\n  PRIMARY KEY (`id`)\n) ENGINE=%s DEFAULT CHARSET=utf8mb4", t.db, t.name, id, engine)
	}
	st := &wsState{cur: g.dbs[0], conn: g.charset}
	if g.charset != g.client {
		st.conn = "" // after SET CHARACTER SET: the database's
	}
	for range 6 + g.pick(10) {
		switch r := g.pick(24); {
		case r < 10:
			wsRows(g, st, tables[g.pick(len(tables))])
		case r < 13:
			cs := []string{"utf8mb4", "latin1", "utf8", "utf8mb4"}[g.pick(4)]
			g.emit([]string{"SET NAMES %s", "/*!40101 SET NAMES %s */", "SET NAMES '%s'"}[g.pick(3)], cs)
			g.charset, g.client, st.conn, st.charsetSet = cs, cs, cs, true
		case r < 15:
			// The client's character set alone: the text passes through the
			// connection's, which keeps what it was.
			cs := []string{"utf8mb4", "latin1", "utf8"}[g.pick(3)]
			g.emit([]string{"SET character_set_client = %s", "/*!40101 SET character_set_client = %s */", "SET SESSION character_set_client = %s", "SET @@character_set_client = '%s'"}[g.pick(4)], cs)
			g.charset, g.client, st.charsetSet = cs, cs, true
			if st.conn == "" {
				g.charset = "ascii" // the database's connection charset: ASCII text only
			}
		case r < 16:
			g.emit("%s", []string{"SET character_set_results = NULL", "/*!40101 SET character_set_results = latin1 */", "SET SESSION character_set_results = utf8mb4"}[g.pick(3)])
			st.charsetSet = true
		case r < 19:
			mode := wsModes[g.pick(len(wsModes))]
			g.emit([]string{"SET sql_mode = '%s'", "SET SESSION sql_mode = '%s'", "/*!40101 SET SQL_MODE='%s' */", "SET @@session.sql_mode = '%s'", "SET LOCAL sql_mode = '%s'"}[g.pick(5)], mode)
			g.nbe, g.ansi, g.noAutoZ = strings.Contains(mode, "NO_BACKSLASH_ESCAPES"), strings.Contains(mode, "ANSI"), false
			st.modeSet = true
		case r < 21:
			db := g.dbs[0]
			if st.cur == db {
				db = other
			}
			g.emit([]string{"USE `%s`", "USE %s", "/*!40000 USE `%s` */"}[g.pick(3)], db)
			st.cur = db
		case r < 22:
			tz := []string{"+05:30", "-08:00", "+00:00", "+13:00", "-03:45"}[g.pick(5)]
			g.emit([]string{"SET time_zone = '%s'", "SET SESSION time_zone = '%s'", "/*!40103 SET TIME_ZONE='%s' */", "SET @@time_zone = '%s'"}[g.pick(4)], tz)
		case r < 23:
			g.emit([]string{"SET SESSION div_precision_increment = %d", "SET div_precision_increment = %d", "SET @@session.div_precision_increment = %d"}[g.pick(3)], g.pick(9))
			st.divSet, st.divp = true, true
		default:
			k := 1 + g.pick(5)
			g.emit("SET SESSION auto_increment_increment = %d", k)
			if g.chance(0.5) {
				g.emit("SET @@session.auto_increment_offset = %d", 1+g.pick(k))
			}
			st.incSet = true
		}
		if g.chance(0.08) {
			wsRead(g, st, tables[g.pick(len(tables))])
		}
	}
	// The session back as the block found it.
	if st.divSet {
		g.emit("SET SESSION div_precision_increment = 4")
	}
	if st.incSet {
		g.emit("SET SESSION auto_increment_increment = 1, auto_increment_offset = 1")
	}
	if st.modeSet {
		g.emit("SET SESSION sql_mode = '%s'", modeOf(saved.nbe, saved.ansi, saved.noAutoZ, g.ldValue != nil))
	}
	if st.cur != g.dbs[0] {
		g.emit("USE `%s`", g.dbs[0])
	}
	if st.charsetSet {
		if saved.charset == saved.client {
			g.emit("SET NAMES %s", saved.client)
		} else {
			g.emit("SET CHARACTER SET %s", saved.client)
		}
	}
	g.charset, g.client, g.nbe, g.ansi, g.noAutoZ = saved.charset, saved.client, saved.nbe, saved.ansi, saved.noAutoZ
}

// modeOf is a sql_mode that reads literals as the flags say (what the generator knows of
// the mode it set back to): strict in the general grammar, mysqldump's lax
// NO_AUTO_VALUE_ON_ZERO or the server's default in the load-data profile.
func modeOf(nbe, ansi, noAutoZ, loadProfile bool) string {
	var parts []string
	if nbe {
		parts = append(parts, "NO_BACKSLASH_ESCAPES")
	}
	if ansi {
		parts = append(parts, "ANSI_QUOTES")
	}
	if noAutoZ {
		parts = append(parts, "NO_AUTO_VALUE_ON_ZERO")
	} else {
		parts = append(parts, "STRICT_TRANS_TABLES")
		if loadProfile {
			parts = append(parts, "ERROR_FOR_DIVISION_BY_ZERO", "NO_AUTO_CREATE_USER", "NO_ENGINE_SUBSTITUTION")
		}
	}
	return strings.Join(parts, ",")
}

// wsRef names t: bare when it is in the current database (the other database's table of
// the same name is then not meant), else qualified.
func wsRef(g *gen, st *wsState, t *wtable) string {
	if t.db == st.cur && g.chance(0.7) {
		return g.ident(t.name)
	}
	if g.ansi && g.chance(0.5) {
		return `"` + t.db + `"."` + t.name + `"`
	}
	return "`" + t.db + "`.`" + t.name + "`"
}

// wsRows writes one INSERT of a few rows, or of enough for several 2K batches.
func wsRows(g *gen, st *wsState, t *wtable) {
	cols := []string{"id", "s", "l", "c", "ts", "q"}
	list := ""
	if g.chance(0.4) || t.counter {
		names := make([]string, len(cols))
		for i, c := range cols {
			names[i] = g.ident(c)
		}
		list = " (" + strings.Join(names, ",") + ")"
	}
	n := 1 + g.pick(4)
	if g.chance(0.5) {
		n = 10 + g.pick(40)
	}
	s := Stmt{Head: []string{"INSERT INTO ", "INSERT INTO ", "REPLACE INTO ", "INSERT IGNORE INTO "}[g.pick(4)] + wsRef(g, st, t) + list + " VALUES ", Sep: ","}
	if t.counter && !strings.HasPrefix(s.Head, "INSERT INTO") {
		s.Head = "INSERT INTO " + strings.SplitN(s.Head, " INTO ", 2)[1]
	}
	for range n {
		id := "NULL"
		if !t.counter {
			id = fmt.Sprint(t.nextID)
			t.nextID++
		}
		s.Rows = append(s.Rows, []string{id, wsText(g, "utf8mb4", 30), wsText(g, "latin1", 16), wsChar(g), wsTime(g), wsDecimal(g, st)})
	}
	g.out = append(g.out, s)
}

// wsText is a string the column's charset colCS holds, written in the client's character
// set (g.charset) with the escapes the session's sql_mode reads back.
func wsText(g *gen, colCS string, max int) string {
	if g.chance(0.05) {
		return "NULL"
	}
	var units []string
	for range g.pick(max) {
		switch r := g.pick(10); {
		case r < 6:
			units = append(units, string(rune('a'+g.pick(26))))
		case r < 7:
			units = append(units, []string{"'", `\`, `"`, " ", "\n", "\t", "%", "_"}[g.pick(8)])
		default:
			c := chars[g.pick(7)] // é ü ß ÿ À ± 表: latin1 and not
			in, out := c.encode(g.charset), c.encode(colCS)
			if in == "" || out == "" {
				continue
			}
			// 表 in sjis is 0x95 0x5C: mb-trail-5c's known difference, off unless the
			// construct is on, as in gen_values.go (seed 157716 met it here, x-fuzz5: the
			// client stopped at "Unknown command '\\'" after such a string, dumpscope went
			// on and failed later).
			if !g.cfg.on(MultibyteTrail5C) && strings.HasSuffix(in, "\x5c") && len(in) == 2 {
				continue
			}
			units = append(units, in)
		}
	}
	return literals{g}.quote(units)
}

// wsChar is a CHAR(10)'s value, with trailing spaces (which PAD_CHAR_TO_FULL_LENGTH reads
// back) or none.
func wsChar(g *gen) string {
	v := strings.Repeat(string(rune('a'+g.pick(26))), 1+g.pick(4))
	if g.chance(0.4) {
		v += strings.Repeat(" ", 1+g.pick(3))
	}
	return "'" + v + "'"
}

// wsTime is a TIMESTAMP literal, read in the session's time_zone, away from the type's
// ends under every offset the block sets.
func wsTime(g *gen) string {
	if g.chance(0.1) {
		return "NULL"
	}
	return fmt.Sprintf("'%04d-%02d-%02d %02d:%02d:%02d'", 2001+g.pick(30), 1+g.pick(12), 1+g.pick(28), g.pick(24), g.pick(60), g.pick(60))
}

// wsDecimal is a DECIMAL(14,6) literal, or after SET div_precision_increment a division,
// whose scale that sets.
func wsDecimal(g *gen, st *wsState) string {
	if st.divp && g.chance(0.5) {
		return fmt.Sprintf("%d/%d", 1+g.pick(100), 3+2*g.pick(10))
	}
	return fmt.Sprintf("%d.%03d", g.pick(20000)-10000, g.pick(1000))
}

// wsRead copies what the session makes of t's rows read back into a table of the block:
// a CHAR under PAD_CHAR_TO_FULL_LENGTH, a TIMESTAMP in the session's time zone.
func wsRead(g *gen, st *wsState, t *wtable) {
	r := "`" + g.dbs[0] + "`.`wsr`"
	g.emit("CREATE TABLE IF NOT EXISTS %s (n int AUTO_INCREMENT PRIMARY KEY, src varchar(40), v varchar(200))", r)
	g.emit("INSERT INTO %s (src, v) SELECT '%s.%s', CONCAT('[', `c`, '] ', COALESCE(`ts`, '-'), ' ', COALESCE(`q`, '-')) FROM %s ORDER BY `id` LIMIT 3", r, t.db, t.name, wsRef(g, st, t))
}

// loadWarningsBlock: a table given rows of which some warn (a string cut, a number out of
// range, a value the ENUM lacks), under an empty sql_mode or with INSERT IGNORE (or plain under
// the load-data profile's lax mode), then, in one block in three, the warnings read
// into `sv`.
func loadWarningsBlock(g *gen) {
	// A reader right after rows a parallel run may have sent on a worker is refused by
	// name (an allowed outcome that ends the import: search 2 met 21 such refusals in 44
	// scripts): in one block in three, mostly after a statement that turns the run serial
	// (where the rows go as INSERTs on the control connection).
	read := g.chance(0.3) && g.cfg.on(Serializing) // a reader's user variable
	if read {
		svTable(g) // before the rows: its CREATE … IF NOT EXISTS would be what the reader reads
	}
	t := "`" + g.dbs[0] + "`.`" + wname(g, "lw") + "`"
	engine := []string{"InnoDB", "InnoDB", "InnoDB", "Aria"}[g.pick(4)]
	g.emit("CREATE TABLE %s (\n  `id` int NOT NULL,\n  `v` varchar(6),\n  `n` tinyint,\n  `u` smallint unsigned,\n  `d` decimal(5,2),\n  `e` enum('a','b','c'),\n  PRIMARY KEY (`id`)\n) ENGINE=%s DEFAULT CHARSET=utf8mb4", t, engine)
	if read && g.chance(0.7) {
		g.emit("SELECT COUNT(*) INTO %s FROM %s", wname(g, "@lwc"), t)
	}
	nbe, ansi, noAutoZ := g.nbe, g.ansi, g.noAutoZ
	verb, modeSet := "INSERT IGNORE INTO", false
	switch lax := g.ldValue != nil && g.noAutoZ; {
	case lax && g.chance(0.5):
		verb = "INSERT INTO"
	case g.chance(0.5):
		g.emit("%s", []string{"SET sql_mode = ''", "/*!40101 SET SQL_MODE='' */", "SET SESSION sql_mode = 'NO_ENGINE_SUBSTITUTION'"}[g.pick(3)])
		g.nbe, g.ansi, g.noAutoZ, modeSet = false, false, false, true
		verb = "INSERT INTO"
	}
	id := 1
	inserts := 1 + g.pick(4)
	for i := range inserts {
		s := Stmt{Head: verb + " " + t + " VALUES ", Sep: ","}
		n := 5 + g.pick(40)
		warned := false
		for j := range n {
			warn := g.chance(0.08) || (i == inserts-1 && j == n-1 && !warned)
			s.Rows = append(s.Rows, lwRow(g, id, warn))
			warned = warned || warn
			id++
		}
		g.out = append(g.out, s)
	}
	if read {
		lwRead(g)
	}
	if modeSet {
		g.emit("SET SESSION sql_mode = '%s'", modeOf(nbe, ansi, noAutoZ, g.ldValue != nil))
		g.nbe, g.ansi, g.noAutoZ = nbe, ansi, noAutoZ
	}
}

// lwRow is one row of a load-warnings table: with warn, one to three of its values warn.
func lwRow(g *gen, id int, warn bool) []string {
	v := []string{fmt.Sprint(id), "'" + strings.Repeat(string(rune('a'+g.pick(26))), 1+g.pick(6)) + "'", fmt.Sprint(g.pick(200) - 100), fmt.Sprint(g.pick(60000)), fmt.Sprintf("%d.%02d", g.pick(1000), g.pick(100)), []string{"'a'", "'b'", "'c'", "NULL"}[g.pick(4)]}
	if !warn {
		return v
	}
	for range 1 + g.pick(3) {
		switch g.pick(7) {
		case 0:
			v[1] = "'" + strings.Repeat("w", 7+g.pick(10)) + "'" // cut: 1265
		case 1:
			v[2] = []string{"300", "-129", "1000000"}[g.pick(3)] // out of range: 1264
		case 2:
			v[3] = []string{"-1", "70000"}[g.pick(2)]
		case 3:
			v[4] = []string{"1234.5", "-99999", "1.234", "0.005"}[g.pick(4)] // out of range, or a note: rounded
		case 4:
			v[5] = []string{"'z'", "'ab'", "''"}[g.pick(3)] // no such member: 1265
		case 5:
			v[2] = []string{"'12ab'", "'x'", "' 7 '"}[g.pick(3)] // a number cut from a string: 1265, 1366
		default:
			v[1] = []string{"'éééééééé'", "'ab      '"}[g.pick(2)] // cut: a character, or trailing spaces (a note)
		}
	}
	return v
}

// lwRead reads the last INSERT's warnings into `sv`: their count, the first one's code,
// or its text (which names the row), after SHOW WARNINGS or not.
func lwRead(g *gen) {
	if g.chance(0.3) {
		g.emit("%s", []string{"SHOW WARNINGS", "SHOW COUNT(*) WARNINGS", "SHOW WARNINGS LIMIT 1"}[g.pick(3)])
	}
	v := wname(g, "@lw")
	switch g.pick(7) {
	case 0:
		g.emit("SET %s = @@warning_count", v)
	case 1:
		g.emit("SELECT @@warning_count INTO %s", v)
	case 2:
		g.emit("GET DIAGNOSTICS %s = NUMBER", v)
	case 3:
		g.emit("GET DIAGNOSTICS CONDITION 1 %s = MYSQL_ERRNO", v)
	case 4:
		g.emit("GET DIAGNOSTICS CONDITION 1 %s = MESSAGE_TEXT", v)
	case 5:
		g.emit("GET DIAGNOSTICS %s = ROW_COUNT", v)
	default:
		g.emit("/*!40101 SET %s = @@warning_count */", v)
	}
	keep(g, "lw", v)
}
