package difffuzz

import (
	"fmt"
	"strings"
)

// The x-fuzz6 blocks (session 51): aimed at the fast modes. A hostile review still found
// silent corruption in --load-data and --resume, so these write what a real dump holds
// where those modes are weakest: for --load-data session state the LOAD's connection
// must carry (time_zone and @@timestamp with TIMESTAMP columns, a character_set_client
// other than the table's), string forms of the types the converter takes from strings
// only, and triggers reading tables loaded before or after theirs; for --resume big
// stretches a kill lands inside (LOCK TABLES regions over two engines, a transaction
// writing a transactional and a non-transactional table with a ROLLBACK TO SAVEPOINT, one
// extended INSERT over many batches whose later rows collide with its earlier ones).
// Each writes tables of its own (named x6…) and leaves in them what the construct did
// (TestS51BlocksReach: each planted change is in the client's re-dump).
const (
	// LdTimeZone: mysqldump's `/*!40103 SET TIME_ZONE=… */` of another zone between
	// tables (a dump made with --skip-tz-utc, or two concatenated), then a table with
	// TIMESTAMP columns (one filled by DEFAULT CURRENT_TIMESTAMP under a binlog's `SET
	// TIMESTAMP=N`, rows with a column list that leaves it out) and DATETIME, given rows in
	// extended INSERTs; the zone and the timestamp set back after. A LOAD that ran
	// under another time zone or @@timestamp stores other instants.
	LdTimeZone Construct = "ld-time-zone"
	// LdCharsetClient: `/*!40101 SET NAMES latin1 */` (a dump made with
	// --default-character-set=latin1 of utf8 tables: the classic double encoding), cp1251 or
	// binary, then rows whose bytes ≥ 0x80 go into utf8mb4, latin1 and cp1251 columns and
	// a VARBINARY, converted from the client's character set (character_set_client ≠ the
	// table's); SET NAMES back after.
	LdCharsetClient Construct = "ld-charset-client"
	// LdStringForms: the types --load-data takes from strings only, and numbers and JSON,
	// in string forms on their borders: ENUM by case, trailing space and index ('3'), SET
	// out of order, repeated and by number, YEAR '0'/'00'/'69'/'70', TIME with days and
	// fractions to round, DATETIME in short and packed forms, DECIMAL strings with an
	// exponent or a sign, JSON with spacing and \u escapes, CHAR with trailing spaces,
	// NULL against 'NULL', 'N' and '\\N'.
	LdStringForms Construct = "ld-string-forms"
	// TriggerReadsOther: a schema-then-data script (mysqldump --no-data's file, then
	// --no-create-info's): three tables, a BEFORE INSERT trigger on the second that
	// stores the first's row count and the third's highest id in each row, and an AFTER
	// INSERT trigger on the third that updates the first; then each table's rows in
	// extended INSERTs. What the triggers read depends on the order the rows ran in.
	TriggerReadsOther Construct = "trigger-reads-other"
	// RsLockRegion: a LOCK TABLES … WRITE region over an InnoDB and a MyISAM or Aria
	// table (DISABLE KEYS on both), 6–14 extended INSERTs into them in turn, an INSERT …
	// SELECT between them and an UPDATE inside; big enough that a kill lands in it.
	RsLockRegion Construct = "rs-lock-region"
	// RsTxnMixed: a transaction (START TRANSACTION, BEGIN or autocommit=0) writing an
	// InnoDB and a MyISAM or Aria table in turn, a SAVEPOINT, more rows, ROLLBACK TO
	// SAVEPOINT (the non-transactional rows stay: a warning), more, COMMIT (or ROLLBACK).
	RsTxnMixed Construct = "rs-txn-mixed"
	// RsBatchEdge: one extended INSERT of 150–400 rows (many 2K batches) into an InnoDB
	// table with a UNIQUE key, as INSERT IGNORE, REPLACE or INSERT … ON DUPLICATE KEY
	// UPDATE v = CONCAT(v, …) whose later rows collide with its earlier ones across batch
	// edges (or a plain INSERT): which row wins, and the order of the CONCATs, is in the
	// re-dump.
	RsBatchEdge Construct = "rs-batch-edge"
)

// S51Constructs are the constructs of gen_s51.go, for AllConstructs and InSuiteOff.
var S51Constructs = []Construct{LdTimeZone, LdCharsetClient, LdStringForms, TriggerReadsOther, RsLockRegion, RsTxnMixed, RsBatchEdge}

// s51Family registers the x-fuzz6 blocks (family.go): 50 % before the general grammar's
// steps, 3 % after each, 40 % after each table of the load-data profile.
var s51Family = &family{name: famS51, mult: 7927, add: 0x51, early: 0.5, step: 0.03, load: 0.4, constructs: S51Constructs, blocks: s51Blocks}

func s51Blocks(g *gen) []weightedBlock {
	blocks := []weightedBlock{{LdTimeZone, 2, ldTimeZoneBlock}, {LdStringForms, 3, ldStringFormsBlock}, {TriggerReadsOther, 2, triggerReadsOtherBlock},
		{RsLockRegion, 2, rsLockRegionBlock}, {RsTxnMixed, 2, rsTxnMixedBlock}, {RsBatchEdge, 2, rsBatchEdgeBlock}}
	// SET NAMES back to what it was: only where the script's text and the server's reading
	// of it agree on a character set the block knows.
	if g.charset == g.client && (g.charset == "utf8mb4" || g.charset == "utf8") {
		blocks = append(blocks, weightedBlock{LdCharsetClient, 2, ldCharsetClientBlock})
	}
	return blocks
}

// s51Table makes a block's table (prefix x6…) in the script's first database and returns
// its qualified name.
func s51Table(g *gen, prefix, cols, engine string) string {
	q := fmt.Sprintf("`%s`.`x6%s%d`", g.dbs[0], prefix, familyNext(g, famS51))
	g.emit("CREATE TABLE %s (%s) ENGINE=%s", q, cols, engine)
	return q
}

// s51Rows writes rows into t as extended INSERTs of 4–30 rows (head is "INSERT INTO t
// VALUES " or with a column list), each row made by row(id).
func s51Rows(g *gen, head string, from, n int, row func(id int) Row) {
	for n > 0 {
		k := min(n, 4+g.pick(27))
		st := Stmt{Head: head}
		for i := range k {
			st.Rows = append(st.Rows, row(from+i))
		}
		g.out = append(g.out, st)
		from, n = from+k, n-k
	}
}

func ldTimeZoneBlock(g *gen) {
	load := g.ldValue != nil
	tz := []string{"+05:30", "-08:00", "+13:00", "-03:45", "SYSTEM"}[g.pick(5)]
	if !load {
		g.emit("/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */")
	}
	g.emit("/*!40103 SET TIME_ZONE='%s' */", tz)
	digits := []int{0, 3, 6}[g.pick(3)]
	prec := ""
	if digits > 0 {
		prec = fmt.Sprintf("(%d)", digits)
	}
	t := s51Table(g, "z", fmt.Sprintf("id int NOT NULL PRIMARY KEY, ts timestamp%s NULL DEFAULT NULL, dt datetime%s DEFAULT NULL, tc timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP, v varchar(20) DEFAULT NULL", prec, prec), "InnoDB")
	stamp := func(id int) string {
		frac := ""
		if digits > 0 {
			frac = fmt.Sprintf(".%06d", id*7919%1000000)[:1+digits]
		}
		return fmt.Sprintf("'%d-%02d-%02d %02d:%02d:%02d%s'", 1990+id%40, 1+id%12, 1+id%28, id%24, id*7%60, id*13%60, frac)
	}
	// The rows mysqldump writes: every column.
	s51Rows(g, fmt.Sprintf("INSERT INTO %s VALUES ", t), 1, 20+g.pick(60), func(id int) Row {
		return Row{fmt.Sprint(id), stamp(id), stamp(id + 3), stamp(id + 5), fmt.Sprintf("'z%d'", id)}
	})
	// A binlog's rows: SET TIMESTAMP, then rows whose tc the DEFAULT fills.
	if g.chance(0.6) {
		g.emit("SET TIMESTAMP=%d", 1500000000+g.pick(400000000))
		s51Rows(g, fmt.Sprintf("INSERT INTO %s (id, ts, dt, v) VALUES ", t), 500, 10+g.pick(40), func(id int) Row {
			return Row{fmt.Sprint(id), stamp(id), stamp(id + 1), fmt.Sprintf("'b%d'", id)}
		})
		g.emit("SET TIMESTAMP=DEFAULT")
	}
	if load {
		g.emit("/*!40103 SET TIME_ZONE='+00:00' */")
	} else {
		g.emit("/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */")
	}
	// Rows after: the zone set back.
	s51Rows(g, fmt.Sprintf("INSERT INTO %s VALUES ", t), 900, 4+g.pick(20), func(id int) Row {
		return Row{fmt.Sprint(id), stamp(id), stamp(id), stamp(id), "'after'"}
	})
}

// csTexts are strings in a client character set, bytes ≥ 0x80 among ASCII (no quote, no
// backslash, no 0x5C in any byte), for the columns of each character set they convert
// into without a loss.
var csTexts = map[string][]string{
	// latin1 text (é, ß, ÿ, ©, ½) and UTF-8 bytes read as latin1 (the double encoding:
	// "Ã©").
	"latin1": {"caf\xe9", "Stra\xdfe", "\xff\xfe\xa0x", "\xa9 2020 \xbd", "\xc3\xa9t\xc3\xa9", "na\xefve r\xe9sum\xe9", "\xc0\xc1\xc2\xc3\xc4\xc5"},
	// Cyrillic in cp1251.
	"cp1251": {"\xcf\xf0\xe8\xe2\xe5\xf2", "\xec\xe8\xf0 x", "\xc0\xc1\xc2 abc", "\xb8\xa8", "\xd1\xf2\xf0\xee\xea\xe0 1"},
	// binary: bytes as they are, valid UTF-8 (a utf8mb4 column checks them).
	"binary": {"caf\xc3\xa9", "\xe4\xb8\xad\xe6\x96\x87", "\xf0\x9f\x98\x80 x", "\xd0\x9f\xd1\x80\xd0\xb8", "plain"},
}

func ldCharsetClientBlock(g *gen) {
	cs := []string{"latin1", "latin1", "cp1251", "binary"}[g.pick(4)]
	// The columns: utf8mb4 always; the client's own character set's; VARBINARY.
	own := "latin1"
	if cs == "cp1251" {
		own = "cp1251"
	}
	t := s51Table(g, "c", fmt.Sprintf("id int NOT NULL PRIMARY KEY, u varchar(60) CHARACTER SET utf8mb4 DEFAULT NULL, o varchar(60) CHARACTER SET %s DEFAULT NULL, b varbinary(60) DEFAULT NULL, t text CHARACTER SET utf8mb4, c char(12) CHARACTER SET utf8mb4 DEFAULT NULL", own), []string{"InnoDB", "InnoDB", "MyISAM"}[g.pick(3)])
	g.emit("/*!40101 SET NAMES %s */", cs)
	texts := csTexts[cs]
	text := func() string { return "'" + texts[g.pick(len(texts))] + "'" }
	ownText := func() string {
		if cs == "binary" {
			return fmt.Sprintf("'o%d'", g.pick(1000)) // UTF-8 bytes into latin1 would be other characters: ASCII there
		}
		return text()
	}
	s51Rows(g, fmt.Sprintf("INSERT INTO %s VALUES ", t), 1, 20+g.pick(60), func(id int) Row {
		r := Row{fmt.Sprint(id), text(), ownText(), text(), text(), text()}
		if g.chance(0.1) {
			r[1+g.pick(5)] = "NULL"
		}
		return r
	})
	g.emit("/*!40101 SET NAMES %s */", g.charset)
	s51Rows(g, fmt.Sprintf("INSERT INTO %s VALUES ", t), 500, 2+g.pick(6), func(id int) Row {
		return Row{fmt.Sprint(id), "'back'", "'b'", "'b'", "'b'", "'b'"}
	})
}

// The string forms of ldStringFormsBlock, per column, all stored without a warning
// under strict and non-strict sql_modes alike.
var (
	sfEnum     = []string{"'a'", "'A'", "'b '", "'10'", "'2'", "'3'", "'1'", "'B'"}
	sfSet      = []string{"'x,y'", "'y,x'", "'x,x'", "''", "'Z'", "'1'", "'5'", "'z,1,y'", "'X,Y,Z'"}
	sfYear     = []string{"'0'", "'00'", "'69'", "'70'", "'1901'", "'2155'", "'0000'", "'99'", "'2024'"}
	sfTime     = []string{"'-838:59:59'", "'838:59:59'", "'1 02:03:04'", "'10:11:12.125'", "'101112'", "'11:12'", "'12'", "'-00:00:01.5'", "'34 22:59:59'"}
	sfDatetime = []string{"'2020-1-2 3:4:5'", "'20200102030405'", "'2020-01-02T03:04:05.1234'", "'2020-01-02'", "'1999-12-31 23:59:59.9999'", "'2000-02-29 12:00:00.5'", "'2020/01/02 03:04:05'"}
	sfDate     = []string{"'2020-1-2'", "'20200102'", "'2020/01/02'", "'99-12-31'", "'2000-02-29'", "'0001-01-01'"}
	sfDecimal  = []string{"'1e2'", "'-0.00'", "'.5'", "'+3.25'", "'00012.30'", "'-1.5E-3'", "'99999999.9999'", "'0'", "'1.23456'"}
	sfJSON     = []string{`'{"a": 1}'`, `'[]'`, `'"\\u00e9"'`, `'null'`, `' {"b" : [1, 2.50]} '`, `'{"k":"v\\"q"}'`, `'[1,{"x":[]}]'`, `'3.0'`}
	// sfRounded are the forms above with a fraction past their column's scale.
	sfRounded   = map[string]bool{"'10:11:12.125'": true, "'2020-01-02T03:04:05.1234'": true, "'1999-12-31 23:59:59.9999'": true, "'1.23456'": true}
	sfJSONPlain = []string{`'{"a": 1}'`, `'[]'`, `'null'`, `' {"b" : [1, 2.50]} '`, `'[1,{"x":[]}]'`, `'3.0'`}
	sfChar      = []string{"'a  '", "''", "' '", "'NULL'", "'N'", "'\\\\N'", "'\\N'", "'x\\ty'", "'  lead'", "'\\0'"}
)

func ldStringFormsBlock(g *gen) {
	t := s51Table(g, "f", "id int NOT NULL PRIMARY KEY, e enum('a','b','10','2') DEFAULT NULL, s set('x','y','z','1') DEFAULT NULL, y year DEFAULT NULL, tm time(2) DEFAULT NULL, dt datetime(3) DEFAULT NULL, d date DEFAULT NULL, n decimal(12,4) DEFAULT NULL, j json DEFAULT NULL, c char(6) DEFAULT NULL, v varchar(20) DEFAULT NULL", []string{"InnoDB", "InnoDB", "InnoDB", "Aria"}[g.pick(4)])
	json := sfJSON
	if g.nbe {
		json = sfJSONPlain // a backslash is itself there: `\\u00e9` would still be JSON, `v\\"q` not
	}
	// In half the blocks no value is rounded (a fraction past the scale leaves a note, after
	// which dumpscope rolls the LOAD back and sends the batch as INSERTs): there every
	// batch the converter takes is loaded.
	exact := g.chance(0.5)
	one := func(vs []string) string {
		if g.chance(0.06) {
			return "NULL"
		}
		for {
			v := vs[g.pick(len(vs))]
			if !exact || !sfRounded[v] {
				return v
			}
		}
	}
	s51Rows(g, fmt.Sprintf("INSERT INTO %s VALUES ", t), 1, 30+g.pick(90), func(id int) Row {
		return Row{fmt.Sprint(id), one(sfEnum), one(sfSet), one(sfYear), one(sfTime), one(sfDatetime), one(sfDate), one(sfDecimal), one(json), one(sfChar), one(sfChar)}
	})
}

func triggerReadsOtherBlock(g *gen) {
	a := s51Table(g, "ra", "id int NOT NULL PRIMARY KEY, n int NOT NULL DEFAULT 0, v varchar(20) DEFAULT NULL", "InnoDB")
	b := s51Table(g, "rb", "id int NOT NULL PRIMARY KEY, cnt int DEFAULT NULL, mx int DEFAULT NULL, v varchar(20) DEFAULT NULL", "InnoDB")
	c := s51Table(g, "rc", "id int NOT NULL PRIMARY KEY, v varchar(20) DEFAULT NULL", []string{"InnoDB", "InnoDB", "MyISAM"}[g.pick(3)])
	n := familySeq(g, famS51)
	g.emit("CREATE TRIGGER `%s`.`x6tb%d` BEFORE INSERT ON %s FOR EACH ROW SET NEW.cnt = (SELECT COUNT(*) FROM %s), NEW.mx = (SELECT COALESCE(MAX(id), 0) FROM %s)", g.dbs[0], n, b, a, c)
	if g.chance(0.6) {
		g.emit("CREATE TRIGGER `%s`.`x6tc%d` AFTER INSERT ON %s FOR EACH ROW UPDATE %s SET n = n + 1 WHERE id = NEW.id %% 7 + 1", g.dbs[0], n, c, a)
	}
	row := func(tag string) func(int) Row {
		return func(id int) Row { return Row{fmt.Sprint(id), fmt.Sprintf("'%s%d'", tag, id)} }
	}
	s51Rows(g, fmt.Sprintf("INSERT INTO %s (id, v) VALUES ", a), 1, 20+g.pick(50), row("a"))
	s51Rows(g, fmt.Sprintf("INSERT INTO %s (id, v) VALUES ", b), 1, 20+g.pick(50), row("b"))
	s51Rows(g, fmt.Sprintf("INSERT INTO %s VALUES ", c), 1, 20+g.pick(50), row("c"))
	if g.chance(0.5) {
		s51Rows(g, fmt.Sprintf("INSERT INTO %s (id, v) VALUES ", b), 1000, 4+g.pick(20), row("late"))
	}
}

// s51Other is the non-transactional engine of a block's second table.
func s51Other(g *gen) string { return []string{"MyISAM", "Aria"}[g.pick(2)] }

func rsLockRegionBlock(g *gen) {
	cols := "id int NOT NULL PRIMARY KEY, v varchar(40) DEFAULT NULL, w int DEFAULT NULL"
	a := s51Table(g, "la", cols, "InnoDB")
	b := s51Table(g, "lb", cols, s51Other(g))
	row := func(tag string) func(int) Row {
		return func(id int) Row {
			return Row{fmt.Sprint(id), fmt.Sprintf("'%s%d-%s'", tag, id, strings.Repeat("r", id%17)), fmt.Sprint(id * 31 % 1000)}
		}
	}
	g.emit("LOCK TABLES %s WRITE, %s WRITE", a, b)
	g.emit("/*!40000 ALTER TABLE %s DISABLE KEYS */", a)
	g.emit("/*!40000 ALTER TABLE %s DISABLE KEYS */", b)
	ids := map[string]int{a: 1, b: 1}
	for i := range 6 + g.pick(9) {
		t := []string{a, b}[g.pick(2)]
		k := 15 + g.pick(26)
		s51Rows(g, fmt.Sprintf("INSERT INTO %s VALUES ", t), ids[t], k, row(fmt.Sprintf("s%d-", i)))
		ids[t] += k
		if i == 3 && g.chance(0.5) {
			g.emit("INSERT INTO %s SELECT id + 100000, CONCAT('copy', v), w FROM %s WHERE id %% 5 = 0", b, a)
		}
		if i == 4 && g.chance(0.5) {
			g.emit("UPDATE %s SET w = w + 1 WHERE id %% 3 = 0", []string{a, b}[g.pick(2)])
		}
	}
	g.emit("/*!40000 ALTER TABLE %s ENABLE KEYS */", a)
	g.emit("/*!40000 ALTER TABLE %s ENABLE KEYS */", b)
	g.emit("UNLOCK TABLES")
}

func rsTxnMixedBlock(g *gen) {
	cols := "id int NOT NULL PRIMARY KEY, v varchar(40) DEFAULT NULL"
	savepoint := g.chance(0.7)
	other := s51Other(g)
	if savepoint {
		other = "MyISAM" // a transaction that wrote an Aria table refuses SAVEPOINT (ERROR 1178)
	}
	a := s51Table(g, "ma", cols, "InnoDB")
	b := s51Table(g, "mb", cols, other)
	form := g.pick(3)
	g.emit("%s", []string{"START TRANSACTION", "BEGIN", "SET autocommit=0"}[form])
	ids := map[string]int{a: 1, b: 1}
	write := func(tag string, n int) {
		for range n {
			t := []string{a, b}[g.pick(2)]
			k := 5 + g.pick(30)
			s51Rows(g, fmt.Sprintf("INSERT INTO %s VALUES ", t), ids[t], k, func(id int) Row { return Row{fmt.Sprint(id), fmt.Sprintf("'%s%d'", tag, id)} })
			ids[t] += k
		}
	}
	write("t", 2+g.pick(4))
	if savepoint {
		g.emit("SAVEPOINT x6s")
		write("s", 1+g.pick(4))
		g.emit("ROLLBACK TO SAVEPOINT x6s")
	}
	write("u", 1+g.pick(4))
	if g.chance(0.8) {
		g.emit("COMMIT")
	} else {
		g.emit("ROLLBACK")
	}
	if form == 2 {
		g.emit("SET autocommit=1")
	}
	// Rows after it, as the dump goes on.
	write("p", 1+g.pick(2))
}

func rsBatchEdgeBlock(g *gen) {
	t := s51Table(g, "e", "id int NOT NULL PRIMARY KEY, u int NOT NULL, v varchar(200) DEFAULT NULL, UNIQUE KEY uu (u)", "InnoDB")
	n := 150 + g.pick(250)
	span := n / (2 + g.pick(4)) // u values repeat every span rows: later rows collide with earlier ones
	forms := []string{"INSERT INTO %s VALUES ", "INSERT IGNORE INTO %s VALUES ", "REPLACE INTO %s VALUES ", "INSERT INTO %s VALUES "}
	form := g.pick(len(forms))
	st := Stmt{Head: fmt.Sprintf(forms[form], t)}
	for i := range n {
		u := 10000 + i
		if form != 0 {
			u = 10000 + i%span
		}
		st.Rows = append(st.Rows, Row{fmt.Sprint(i + 1), fmt.Sprint(u), fmt.Sprintf("'e%d'", i+1)})
	}
	if form == 3 {
		st.Tail = " ON DUPLICATE KEY UPDATE v = CONCAT(v, '+', VALUES(v))"
	}
	g.out = append(g.out, st)
	// A second statement of the same kind after it, colliding with the first.
	if form != 0 && g.chance(0.5) {
		st2 := Stmt{Head: st.Head, Tail: st.Tail}
		for i := range 20 + g.pick(40) {
			st2.Rows = append(st2.Rows, Row{fmt.Sprint(n + i + 1), fmt.Sprint(10000 + (i*7)%span), fmt.Sprintf("'f%d'", i)})
		}
		g.out = append(g.out, st2)
	}
}
