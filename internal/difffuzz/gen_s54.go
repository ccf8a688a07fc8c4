package difffuzz

import (
	"fmt"
	"strings"
)

// The x-fuzz9 family (session 54): what stop 53's search met only by chance. x-fuzz8's
// blockrowcount walk (importer/plan/blockrowcount.go) lifts the refusal of a top-level
// block whose ROW_COUNT() reads all follow a row statement of its own, but stays
// conservative where a HANDLER is declared: the generator's blocks reached that part
// rarely (3 refusals in 97 seeds). FOUND_ROWS() after a SET, DO, UPDATE or DELETE with a
// subquery (finding B, fixed by refusing the reader) was met once, through an unrelated
// SET @mt2 = (SELECT …). Finding A (a block inserting into an empty InnoDB table under
// UNIQUE_CHECKS=0 and FOREIGN_KEY_CHECKS=0, then an INSERT IGNORE meeting a duplicate:
// the block run inside dumpscope's own transaction loses the insert's rows) was met in 4
// of 200 seeds; its shape is written here so that the search confirms x-fix82's fix.
// Each block writes tables of its own (named x9…), and a log table its reads go into
// (TestS54BlocksReach: each planted change reaches the client's re-dump).
const (
	// BlkHandlerRowCount: a block (any x-fuzz7 form) whose nested BEGIN declares a
	// CONTINUE HANDLER (for a duplicate key, sometimes reading ROW_COUNT() in its body),
	// runs row statements of its own, reads ROW_COUNT() after them, meets the duplicate
	// and reads ROW_COUNT() again; sometimes a read before any of its own statements (the
	// extended INSERT's count before the block), sometimes one right after the block.
	BlkHandlerRowCount Construct = "blk-handler-rowcount"
	// FoundRowsSubquery: a SELECT SQL_CALC_FOUND_ROWS … LIMIT 1 (or none), then a SET,
	// DO, UPDATE or DELETE with a subquery (of a table, or of none), a SELECT … INTO or an
	// INSERT … SELECT, then FOUND_ROWS() read into the log table, sometimes after rows
	// into another table between.
	FoundRowsSubquery Construct = "found-rows-subquery"
	// BlkBulkIgnore: finding A's shape. Under UNIQUE_CHECKS=0 and FOREIGN_KEY_CHECKS=0 a
	// block (BEGIN NOT ATOMIC, IF, FOR) inserts into an empty InnoDB table, then runs an
	// INSERT IGNORE (or an INSERT whose duplicate a CONTINUE HANDLER takes) meeting a
	// duplicate key of another table; rows into the first table after it. Known (off
	// with --off known) until x-fix82's fix was merged; on since.
	BlkBulkIgnore Construct = "blk-bulk-ignore"
)

// S54Constructs are the constructs of gen_s54.go, for AllConstructs and InSuiteOff.
var S54Constructs = []Construct{BlkHandlerRowCount, FoundRowsSubquery, BlkBulkIgnore}

// S54KnownBugs are the family's constructs whose difference is open on main: none since
// x-fix82's fix of finding A was merged (BlkBulkIgnore: TestS54BlocksAloneFastModes with
// DUMPSCOPE_S54_PROBE_ONLY=blk-bulk-ignore, 0 differences in six fast modes).
var S54KnownBugs = []Construct{}

// famS54 names the x-fuzz9 family's state.
const famS54 = "x-fuzz9"

// s54Family registers the x-fuzz9 blocks (family.go): 40 % before the general grammar's
// steps, 4 % after each, 20 % after each table of the load-data profile.
var s54Family = &family{name: famS54, mult: 7937, add: 0x54, early: 0.4, step: 0.04, load: 0.2, constructs: S54Constructs, blocks: s54Blocks}

func s54Blocks(*gen) []weightedBlock {
	return []weightedBlock{
		{BlkHandlerRowCount, 3, func(g *gen) { handlerRowCountBlock(g, -1) }},
		{FoundRowsSubquery, 3, func(g *gen) { foundRowsSubquery(g, -1) }},
		{BlkBulkIgnore, 2, func(g *gen) { bulkIgnoreBlock(g, -1) }},
	}
}

// s54Blk starts a block of the family: its row table x9r<n> (id, v, k) with rows
// 1..rows in extended INSERTs, its log table x9g<n>, and the form drawn (form < 0) or
// given.
func s54Blk(g *gen, engine string, form int) (*blk, int) {
	n := familyNext(g, famS54)
	b := &blk{n: n, db: g.dbs[0], it: "1", iters: 1}
	b.r = fmt.Sprintf("`%s`.`x9r%d`", b.db, n)
	b.log = fmt.Sprintf("`%s`.`x9g%d`", b.db, n)
	if form < 0 {
		form = g.pick(formCount)
	}
	b.loop = form >= formFor
	if b.loop {
		b.iters = 1 + g.pick(3)
		b.it = map[int]string{formFor: "i", formWhile: fmt.Sprintf("@x9i%d", n), formRepeat: fmt.Sprintf("@x9i%d", n), formLoop: "j"}[form]
	}
	g.emit("CREATE TABLE %s (id int NOT NULL PRIMARY KEY, v varchar(60) DEFAULT NULL, k int DEFAULT NULL) ENGINE=%s", b.r, engine)
	g.emit("CREATE TABLE %s (n int NOT NULL AUTO_INCREMENT PRIMARY KEY, name varchar(20) DEFAULT NULL, v varchar(200) DEFAULT NULL) ENGINE=InnoDB", b.log)
	b.rows = 2 + g.pick(30)
	s51Rows(g, fmt.Sprintf("INSERT INTO %s VALUES ", b.r), 1, b.rows, func(id int) Row {
		return Row{fmt.Sprint(id), fmt.Sprintf("'pre%d'", id), fmt.Sprint(id * 7 % 50)}
	})
	return b, form
}

// s54Emit writes the block in its form and, after it, post and rows into its table.
func s54Emit(g *gen, b *blk, form int) {
	g.out = append(g.out, b.pre...)
	if form == formWhile || form == formRepeat {
		g.emit("SET %s = 0", b.it)
	}
	g.out = append(g.out, Stmt{Head: delimited(g, b, blockText(g, b, form)), Raw: true})
	g.out = append(append(g.out, b.postFirst...), b.post...)
	s51Rows(g, fmt.Sprintf("INSERT INTO %s VALUES ", b.r), 5000, 2+g.pick(12), func(id int) Row {
		return Row{fmt.Sprint(id), fmt.Sprintf("'post%d'", id), fmt.Sprint(id % 9)}
	})
}

// handlerRowCountBlock writes a BlkHandlerRowCount block.
func handlerRowCountBlock(g *gen, form int) {
	engine := "InnoDB"
	if g.chance(0.25) {
		engine = []string{"MyISAM", "Aria"}[g.pick(2)]
	}
	b, form := s54Blk(g, engine, form)
	rc := func(name string) string {
		return fmt.Sprintf("INSERT INTO %s (name, v) VALUES ('%s', ROW_COUNT());", b.log, name)
	}
	// The handler's body: a counter, sometimes the count it sees.
	h := fmt.Sprintf("@x9h%d", b.n)
	hbody := fmt.Sprintf("SET %s = COALESCE(%s, 0) + 1", h, h)
	if g.chance(0.5) {
		hbody = fmt.Sprintf("BEGIN SET %s = COALESCE(%s, 0) + 1; %s END", h, h, rc("rc-handler"))
	}
	cond := []string{"1062", "SQLSTATE '23000'", "SQLEXCEPTION"}[g.pick(3)]
	var in []string
	in = append(in, fmt.Sprintf("DECLARE CONTINUE HANDLER FOR %s %s;", cond, hbody))
	if g.chance(0.2) {
		in = append(in, rc("rc-first")) // a true early read: the count of the statement before
	}
	own := []string{
		fmt.Sprintf("INSERT INTO %s VALUES (1000 + %s * 10, 'own', 1), (1001 + %s * 10, 'own', 2);", b.r, b.it, b.it),
		fmt.Sprintf("UPDATE %s SET k = k + %s WHERE id %% 3 = 0;", b.r, b.it),
		fmt.Sprintf("DELETE FROM %s WHERE id = 2 + %s;", b.r, b.it),
		fmt.Sprintf("REPLACE INTO %s VALUES (1, 'replaced', %s);", b.r, b.it),
	}
	in = append(in, own[g.pick(len(own))])
	in = append(in, rc("rc-own"))
	in = append(in, fmt.Sprintf("INSERT INTO %s VALUES (1, 'dup', 0);", b.r))
	if g.chance(0.7) {
		in = append(in, rc("rc-after-h"))
	}
	if g.chance(0.4) {
		in = append(in, own[g.pick(len(own))], rc("rc-own2"))
	}
	b.each = append(b.each, "BEGIN\n    "+strings.Join(in, "\n    ")+"\n  END;")
	if g.chance(0.4) {
		b.postFirst = append(b.postFirst, Stmt{Head: fmt.Sprintf("INSERT INTO %s (name, v) VALUES ('rc-post', ROW_COUNT())", b.log)})
	}
	b.post = append(b.post, Stmt{Head: fmt.Sprintf("INSERT INTO %s (name, v) VALUES ('handler', COALESCE(%s, 'none'))", b.log, h)})
	s54Emit(g, b, form)
}

// foundRowsSubquery writes a FoundRowsSubquery block (plain statements, no compound
// statement; the form is unused).
func foundRowsSubquery(g *gen, _ int) {
	n := familyNext(g, famS54)
	db := g.dbs[0]
	t := fmt.Sprintf("`%s`.`x9t%d`", db, n)
	u := fmt.Sprintf("`%s`.`x9u%d`", db, n)
	log := fmt.Sprintf("`%s`.`x9f%d`", db, n)
	g.emit("CREATE TABLE %s (id int NOT NULL PRIMARY KEY, k int DEFAULT NULL) ENGINE=InnoDB", t)
	g.emit("CREATE TABLE %s (id int NOT NULL PRIMARY KEY, k int DEFAULT NULL) ENGINE=%s", u, []string{"InnoDB", "InnoDB", "MyISAM"}[g.pick(3)])
	g.emit("CREATE TABLE %s (n int NOT NULL AUTO_INCREMENT PRIMARY KEY, name varchar(20) DEFAULT NULL, v bigint DEFAULT NULL) ENGINE=InnoDB", log)
	rows := 5 + g.pick(25)
	s51Rows(g, fmt.Sprintf("INSERT INTO %s VALUES ", t), 1, rows, func(id int) Row { return Row{fmt.Sprint(id), fmt.Sprint(id % 4)} })
	s51Rows(g, fmt.Sprintf("INSERT INTO %s VALUES ", u), 1, 2+g.pick(6), func(id int) Row { return Row{fmt.Sprint(id * 2), fmt.Sprint(id % 3)} })
	for range 1 + g.pick(2) {
		if g.chance(0.7) {
			g.emit("SELECT SQL_CALC_FOUND_ROWS id INTO @x9s%d FROM %s ORDER BY id LIMIT 1", n, t)
		}
		v := fmt.Sprintf("@x9v%d", n)
		subs := []string{
			fmt.Sprintf("SET %s = (SELECT COUNT(*) FROM %s)", v, t),
			fmt.Sprintf("SET %s = (SELECT MAX(k) FROM %s WHERE id < %d)", v, u, 3+g.pick(9)),
			fmt.Sprintf("SET %s = (SELECT %d)", v, g.pick(9)),
			fmt.Sprintf("DO (SELECT COUNT(*) FROM %s WHERE id < 3)", t),
			fmt.Sprintf("UPDATE %s SET k = k + 1 WHERE id IN (SELECT id FROM %s)", t, u),
			fmt.Sprintf("UPDATE %s SET k = (SELECT COUNT(*) FROM %s) WHERE id < 4", t, u),
			fmt.Sprintf("DELETE FROM %s WHERE id IN (SELECT id FROM %s WHERE k = %d)", t, u, g.pick(3)),
			fmt.Sprintf("DELETE FROM %s WHERE id = (SELECT %d)", t, rows),
			fmt.Sprintf("SELECT k INTO %s FROM %s WHERE id = 2", v, t),
			fmt.Sprintf("INSERT INTO %s SELECT id + 1000, k FROM %s WHERE id < %d", u, t, 2+g.pick(5)),
			fmt.Sprintf("SET %s = (SELECT COUNT(*) FROM %s), @x9w%d = (SELECT %d)", v, t, n, g.pick(9)),
		}
		g.emit("%s", subs[g.pick(len(subs))])
		if g.chance(0.4) {
			s51Rows(g, fmt.Sprintf("INSERT INTO %s VALUES ", u), 500+100*g.pick(9), 2+g.pick(8), func(id int) Row { return Row{fmt.Sprint(id), "0"} })
		}
		g.emit("INSERT INTO %s (name, v) VALUES ('fr', FOUND_ROWS())", log)
	}
}

// bulkIgnoreBlock writes a BlkBulkIgnore block.
func bulkIgnoreBlock(g *gen, form int) {
	forms := []int{formNotAtomic, formIf, formFor}
	if form < 0 {
		form = forms[g.pick(len(forms))]
	} else {
		form = forms[form%len(forms)]
	}
	b, form := s54Blk(g, "InnoDB", form)
	e := fmt.Sprintf("`%s`.`x9e%d`", b.db, b.n)
	uc, fk := fmt.Sprintf("@x9uc%d", b.n), fmt.Sprintf("@x9fk%d", b.n)
	g.emit("CREATE TABLE %s (n int NOT NULL AUTO_INCREMENT PRIMARY KEY, v int DEFAULT NULL) ENGINE=InnoDB", e)
	b.pre = append(b.pre, Stmt{Head: fmt.Sprintf("/*!40014 SET %s=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */", uc)},
		Stmt{Head: fmt.Sprintf("/*!40014 SET %s=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */", fk)})
	vals := make([]string, 1+g.pick(3))
	for j := range vals {
		vals[j] = fmt.Sprintf("(%s * 10 + %d)", b.it, j)
	}
	ins := fmt.Sprintf("INSERT INTO %s (v) VALUES %s;", e, strings.Join(vals, ", "))
	if g.chance(0.3) {
		b.each = append(b.each, fmt.Sprintf("BEGIN\n    DECLARE CONTINUE HANDLER FOR 1062 SET @x9d%d = 1;\n    %s\n    INSERT INTO %s VALUES (1, 'dup', 0);\n  END;", b.n, ins, b.r))
	} else {
		b.each = append(b.each, ins, fmt.Sprintf("INSERT IGNORE INTO %s VALUES (1, 'dup', 0), (%d, 'new', 0);", b.r, 900+b.n))
	}
	b.post = append(b.post, Stmt{Head: fmt.Sprintf("INSERT INTO %s (v) VALUES (77), (78)", e)},
		Stmt{Head: fmt.Sprintf("/*!40014 SET UNIQUE_CHECKS=%s */", uc)},
		Stmt{Head: fmt.Sprintf("/*!40014 SET FOREIGN_KEY_CHECKS=%s */", fk)})
	s54Emit(g, b, form)
}
