package difffuzz

import (
	"fmt"
	"strings"
)

// The x-fuzz7 blocks (session 52): top-level compound statements outside sql_mode=ORACLE.
// Stop 51's hostile review found by hand four silent differences in this class (a
// TEMPORARY table made inside BEGIN NOT ATOMIC under --parallel, a user variable set in a
// block lost by a resume, FOUND_ROWS()/ROW_COUNT() after a block); the generator wrote
// top-level blocks only under ORACLE. Each block is one of the forms a user writes at the
// top of a script — BEGIN NOT ATOMIC … END, IF … ELSEIF … ELSE … END IF, CASE … END CASE,
// FOR i IN 1..n DO … END FOR, WHILE … END WHILE, REPEAT … UNTIL … END REPEAT, a labelled
// LOOP … LEAVE (inside BEGIN NOT ATOMIC: the server takes no label at the top) — in a
// DELIMITER text (;;, // or $$, sometimes with plain statements under the delimiter
// too). The client splits a line at `;`, so no block with a body runs without DELIMITER
// (ERROR 1064: checked on 10.11). The body does what sessions carry and what the fast
// paths split on; the constructs are the bodies' effects, the form is drawn for each
// block. Each block writes tables of its own (named x7…): rows before it and after it in
// extended INSERTs (the --parallel/--load-data batches meet the block), and a log table
// the block's reads go into (TestS52BlocksReach: each planted effect is in the client's
// re-dump).
const (
	// BlkRows: row INSERTs (one or several rows), an UPDATE and an INSERT … SELECT of the
	// block's table inside the block, between extended INSERTs into it before and after.
	BlkRows Construct = "blk-rows"
	// BlkTemporary: CREATE TEMPORARY TABLE inside the block (sometimes of the name of the
	// block's real table, which it then hides), rows into it inside and after the block,
	// copied into a real table; or a TEMPORARY table made before the block hiding the real
	// one and dropped inside it (the rows after go into the real table).
	BlkTemporary Construct = "blk-temporary"
	// BlkUserVar: SET @v and SELECT … INTO @v inside the block, read after it by rows of
	// the block's tables.
	BlkUserVar Construct = "blk-user-var"
	// BlkSessionVar: SET SESSION sql_mode (NO_AUTO_VALUE_ON_ZERO, PIPES_AS_CONCAT: rows
	// inside the block that store otherwise; the server sets sql_mode back at the block's
	// end, so an id 0 after it takes the next number), time_zone, autocommit=0,
	// foreign_key_checks=0 or unique_checks=0 inside the block; rows after it that store
	// otherwise (a TIMESTAMP, a ROLLBACK, an orphan child row), then the variable set back.
	BlkSessionVar Construct = "blk-session-var"
	// BlkTxn: START TRANSACTION … COMMIT or ROLLBACK inside the block, or a transaction
	// the block opens and the script ends after it with rows, by COMMIT or ROLLBACK.
	BlkTxn Construct = "blk-txn"
	// BlkDiag: ROW_COUNT(), FOUND_ROWS(), LAST_INSERT_ID() and @@warning_count read
	// inside the block and right after it, into the log table.
	BlkDiag Construct = "blk-diag"
	// BlkHandler: a nested BEGIN with DECLARE CONTINUE or EXIT HANDLER swallowing a
	// duplicate key or a SIGNAL; statements after the error run or not.
	BlkHandler Construct = "blk-handler"
	// BlkSignal: SIGNAL inside the block: one no row reaches, a warning (SQLSTATE 01000),
	// or one that fires (the client stops there: the rest of the script does not run).
	BlkSignal Construct = "blk-signal"
	// BlkExecute: EXECUTE IMMEDIATE inside the block: an INSERT built with CONCAT, an
	// UPDATE and a SET @v with USING.
	BlkExecute Construct = "blk-execute-immediate"
)

// S52Constructs are the constructs of gen_s52.go, for AllConstructs and InSuiteOff.
var S52Constructs = []Construct{BlkRows, BlkTemporary, BlkUserVar, BlkSessionVar, BlkTxn, BlkDiag, BlkHandler, BlkSignal, BlkExecute}

// famS52 names the x-fuzz7 family's state.
const famS52 = "x-fuzz7"

// s52Family registers the x-fuzz7 blocks (family.go): 50 % before the general grammar's
// steps, 5 % after each, 30 % after each table of the load-data profile.
var s52Family = &family{name: famS52, mult: 7933, add: 0x52, early: 0.5, step: 0.05, load: 0.3, constructs: S52Constructs, blocks: s52Blocks}

// s52Weights are each construct's weight as a block's first effect.
var s52Weights = map[Construct]int{BlkRows: 3, BlkTemporary: 3, BlkUserVar: 3, BlkSessionVar: 3, BlkTxn: 2, BlkDiag: 3, BlkHandler: 2, BlkSignal: 1, BlkExecute: 2}

func s52Blocks(*gen) []weightedBlock {
	var bs []weightedBlock
	for _, c := range S52Constructs {
		bs = append(bs, weightedBlock{c, s52Weights[c], func(g *gen) { blockWith(g, c, -1) }})
	}
	return bs
}

// Block forms.
const (
	formNotAtomic = iota
	formIf
	formCase
	formFor
	formWhile
	formRepeat
	formLoop
	formCount
)

// formNames are the forms' names (TestS52BlocksAppear).
var formNames = []string{"not-atomic", "if", "case", "for", "while", "repeat", "loop"}

// blk is one block being written: its tables, its body's parts and the statements
// around it.
type blk struct {
	n     int
	db    string
	r     string // the block's row table (id, v, k), qualified
	log   string // its log table (n AUTO_INCREMENT, name, v)
	rows  int    // rows written into r before the block: ids 1..rows
	it    string // the iteration's expression in the body (1 outside a loop)
	iters int    // how many times the body runs
	loop  bool
	// first and last run once (in a loop: on the first or last iteration); each every
	// time. Each is body text, statements ended by ";".
	first, each, last []string
	pre, post         []Stmt
	// postFirst goes before post: the reads of the block's diagnostics.
	postFirst []Stmt
	innodb    bool // r must be InnoDB (transactions, foreign keys)
	stops     bool // a SIGNAL that fires: nothing after the block runs
}

// blockWith writes one block whose first effect is c and, in a loop form or not, the
// form (-1: drawn).
func blockWith(g *gen, c Construct, form int) {
	n := familyNext(g, famS52)
	b := &blk{n: n, db: g.dbs[0]}
	b.r = fmt.Sprintf("`%s`.`x7r%d`", b.db, n)
	b.log = fmt.Sprintf("`%s`.`x7g%d`", b.db, n)
	if form < 0 {
		form = g.pick(formCount)
	}
	b.loop = form >= formFor
	b.iters = 1
	b.it = "1"
	if b.loop {
		b.iters = 1 + g.pick(4)
		b.it = map[int]string{formFor: "i", formWhile: fmt.Sprintf("@x7i%d", n), formRepeat: fmt.Sprintf("@x7i%d", n), formLoop: "j"}[form]
	}
	effects := []Construct{c}
	for range g.pick(3) {
		e := S52Constructs[g.pick(len(S52Constructs))]
		if g.cfg.on(e) && e != BlkSignal && !containsC(effects, e) {
			effects = append(effects, e)
		}
	}
	// The diagnostics are read last in the body and first after it; a SIGNAL ends it.
	for _, last := range []Construct{BlkDiag, BlkSignal} {
		if i := indexC(effects, last); i >= 0 && i != len(effects)-1 {
			effects = append(append(effects[:i:i], effects[i+1:]...), last)
		}
	}
	for _, e := range effects {
		if e == BlkTxn || e == BlkSessionVar {
			b.innodb = true
		}
	}
	engine := "InnoDB"
	if !b.innodb && g.chance(0.25) {
		engine = []string{"MyISAM", "Aria"}[g.pick(2)]
	}
	g.emit("CREATE TABLE %s (id int NOT NULL PRIMARY KEY, v varchar(60) DEFAULT NULL, k int DEFAULT NULL) ENGINE=%s", b.r, engine)
	g.emit("CREATE TABLE %s (n int NOT NULL AUTO_INCREMENT PRIMARY KEY, name varchar(20) DEFAULT NULL, v varchar(200) DEFAULT NULL) ENGINE=InnoDB", b.log)
	b.rows = 4 + g.pick(30)
	s51Rows(g, fmt.Sprintf("INSERT INTO %s VALUES ", b.r), 1, b.rows, func(id int) Row {
		return Row{fmt.Sprint(id), fmt.Sprintf("'pre%d'", id), fmt.Sprint(id * 7 % 50)}
	})
	for _, e := range effects {
		s52Effects[e](g, b)
	}
	if len(b.each)+len(b.first)+len(b.last) == 0 {
		b.each = append(b.each, fmt.Sprintf("INSERT INTO %s VALUES (1000 + %s, 'body', 0);", b.r, b.it))
	}
	g.out = append(g.out, b.pre...)
	if form == formWhile || form == formRepeat {
		g.emit("SET %s = 0", b.it)
	}
	g.out = append(g.out, Stmt{Head: delimited(g, b, blockText(g, b, form)), Raw: true})
	if b.stops {
		return
	}
	g.out = append(append(g.out, b.postFirst...), b.post...)
	s51Rows(g, fmt.Sprintf("INSERT INTO %s VALUES ", b.r), 5000, 2+g.pick(20), func(id int) Row {
		return Row{fmt.Sprint(id), fmt.Sprintf("'post%d'", id), fmt.Sprint(id % 9)}
	})
}

func containsC(cs []Construct, c Construct) bool { return indexC(cs, c) >= 0 }

func indexC(cs []Construct, c Construct) int {
	for i, x := range cs {
		if x == c {
			return i
		}
	}
	return -1
}

// body is the block's statements, the once-only ones guarded in a loop.
func (b *blk) body() string {
	var lines []string
	guard := func(cond string, ls []string) {
		if len(ls) == 0 {
			return
		}
		if !b.loop {
			lines = append(lines, ls...)
			return
		}
		lines = append(lines, "IF "+cond+" THEN")
		for _, l := range ls {
			lines = append(lines, "  "+l)
		}
		lines = append(lines, "END IF;")
	}
	guard(b.it+" = 1", b.first)
	lines = append(lines, b.each...)
	guard(fmt.Sprintf("%s = %d", b.it, b.iters), b.last)
	return "  " + strings.Join(lines, "\n  ")
}

// blockText is the block in form, without its delimiter.
func blockText(g *gen, b *blk, form int) string {
	other := func(tag string) string {
		return fmt.Sprintf("  INSERT INTO %s (name, v) VALUES ('branch', '%s');", b.log, tag)
	}
	count := fmt.Sprintf("(SELECT COUNT(*) FROM %s)", b.r)
	switch form {
	case formIf:
		// The branch taken depends on the rows before the block being there.
		switch g.pick(3) {
		case 0:
			return fmt.Sprintf("IF %s = %d THEN\n%s\nELSEIF %s > 0 THEN\n%s\nELSE\n%s\nEND IF", count, b.rows, b.body(), count, other("elseif"), other("else"))
		case 1:
			return fmt.Sprintf("IF %s < %d THEN\n%s\nELSEIF %s = %d THEN\n%s\nELSE\n%s\nEND IF", count, b.rows, other("if"), count, b.rows, b.body(), other("else"))
		default:
			return fmt.Sprintf("IF %s > %d THEN\n%s\nELSE\n%s\nEND IF", count, b.rows, other("if"), b.body())
		}
	case formCase:
		if g.chance(0.5) {
			return fmt.Sprintf("CASE %s\n  WHEN 0 THEN\n%s\n  WHEN %d THEN\n%s\n  ELSE\n%s\nEND CASE", count, other("zero"), b.rows, b.body(), other("else"))
		}
		return fmt.Sprintf("CASE\n  WHEN %s > %d THEN\n%s\n  WHEN %s >= %d THEN\n%s\nEND CASE", count, b.rows, other("more"), count, b.rows, b.body())
	case formFor:
		return fmt.Sprintf("FOR i IN 1..%d DO\n%s\nEND FOR", b.iters, b.body())
	case formWhile:
		return fmt.Sprintf("WHILE %s < %d DO\n  SET %s = %s + 1;\n%s\nEND WHILE", b.it, b.iters, b.it, b.it, b.body())
	case formRepeat:
		return fmt.Sprintf("REPEAT\n  SET %s = %s + 1;\n%s\nUNTIL %s >= %d END REPEAT", b.it, b.it, b.body(), b.it, b.iters)
	case formLoop:
		return fmt.Sprintf("BEGIN NOT ATOMIC\n  DECLARE j INT DEFAULT 0;\n  x7l%d: LOOP\n  SET j = j + 1;\n  IF j > %d THEN LEAVE x7l%d; END IF;\n%s\n  END LOOP x7l%d;\nEND", b.n, b.iters, b.n, b.body(), b.n)
	}
	return fmt.Sprintf("BEGIN NOT ATOMIC\n%s\nEND", b.body())
}

// delimited is the block's DELIMITER text as a user writes it: the delimiter ;;, // or
// $$, sometimes a plain statement under it before the block.
func delimited(g *gen, b *blk, text string) string {
	d := []string{";;", ";;", "//", "$$"}[g.pick(4)]
	var s strings.Builder
	fmt.Fprintf(&s, "DELIMITER %s\n", d)
	if g.chance(0.3) {
		fmt.Fprintf(&s, "INSERT INTO %s (name, v) VALUES ('under', '%s')%s\n", b.log, d, d)
	}
	sep := "\n"
	if g.chance(0.5) {
		sep = " "
	}
	fmt.Fprintf(&s, "%s%s%s\nDELIMITER ;\n", text, sep, d)
	return s.String()
}

// s52Effects write each construct's part of a block.
var s52Effects = map[Construct]func(*gen, *blk){
	BlkRows: func(g *gen, b *blk) {
		k := 1 + g.pick(3)
		vals := make([]string, k)
		for j := range k {
			vals[j] = fmt.Sprintf("(1000 + %s * 10 + %d, CONCAT('in', %s), %d)", b.it, j, b.it, j)
		}
		b.each = append(b.each, fmt.Sprintf("INSERT INTO %s VALUES %s;", b.r, strings.Join(vals, ", ")))
		if g.chance(0.5) {
			b.each = append(b.each, fmt.Sprintf("UPDATE %s SET k = k + %s WHERE id %% 3 = 0;", b.r, b.it))
		}
		if g.chance(0.4) {
			b.last = append(b.last, fmt.Sprintf("INSERT INTO %s SELECT id + 100000, CONCAT('copy', v), k FROM %s WHERE id < 4;", b.r, b.r))
		}
	},
	BlkTemporary: func(g *gen, b *blk) {
		if g.chance(0.3) {
			// A TEMPORARY table hiding the real one, made before the block and dropped in it.
			b.pre = append(b.pre, Stmt{Head: fmt.Sprintf("CREATE TEMPORARY TABLE %s (id int NOT NULL PRIMARY KEY, v varchar(60) DEFAULT NULL, k int DEFAULT NULL)", b.r)},
				Stmt{Head: fmt.Sprintf("INSERT INTO %s VALUES (1, 'hidden', 0), (2, 'hidden', 0)", b.r)})
			b.rows = 2 // what the block's conditions count
			b.each = append(b.each, fmt.Sprintf("INSERT INTO %s VALUES (2000 + %s, 'tmp-in', %d);", b.r, b.it, g.pick(9)))
			b.last = append(b.last, fmt.Sprintf("INSERT INTO %s (name, v) SELECT 'tmp', CONCAT(COUNT(*), ':', SUM(id)) FROM %s;", b.log, b.r), fmt.Sprintf("DROP TEMPORARY TABLE %s;", b.r))
			return
		}
		tt := fmt.Sprintf("`%s`.`x7t%d`", b.db, b.n)
		if g.chance(0.4) {
			tt = b.r // the block's real table hidden from here on
		}
		copyTo := fmt.Sprintf("`%s`.`x7u%d`", b.db, b.n)
		g.emit("CREATE TABLE %s (id int NOT NULL, v varchar(60) DEFAULT NULL, k int DEFAULT NULL) ENGINE=InnoDB", copyTo)
		b.first = append(b.first, fmt.Sprintf("CREATE TEMPORARY TABLE %s (id int NOT NULL PRIMARY KEY, v varchar(60) DEFAULT NULL, k int DEFAULT NULL);", tt))
		b.each = append(b.each, fmt.Sprintf("INSERT INTO %s VALUES (2000 + %s, 'tmp-in', 1);", tt, b.it))
		var post []Stmt
		for j := range 1 + g.pick(3) {
			st := Stmt{Head: fmt.Sprintf("INSERT INTO %s VALUES ", tt)}
			for r := range 2 + g.pick(12) {
				id := 3000 + j*100 + r
				st.Rows = append(st.Rows, Row{fmt.Sprint(id), fmt.Sprintf("'tmp-after%d'", id), "2"})
			}
			post = append(post, st)
		}
		post = append(post, Stmt{Head: fmt.Sprintf("INSERT INTO %s SELECT * FROM %s", copyTo, tt)})
		if g.chance(0.7) {
			post = append(post, Stmt{Head: fmt.Sprintf("DROP TEMPORARY TABLE %s", tt)})
		}
		b.post = append(b.post, post...)
	},
	BlkUserVar: func(g *gen, b *blk) {
		v, c, m := fmt.Sprintf("@x7v%d", b.n), fmt.Sprintf("@x7c%d", b.n), fmt.Sprintf("@x7m%d", b.n)
		b.each = append(b.each, fmt.Sprintf("SET %s = COALESCE(%s, 0) + %s * %d;", v, v, b.it, 1+g.pick(9)))
		b.last = append(b.last, fmt.Sprintf("SELECT COUNT(*), COALESCE(MAX(id), 0) INTO %s, %s FROM %s;", c, m, b.r))
		// Read after rows (a resume may land between the block and the read).
		st := Stmt{Head: fmt.Sprintf("INSERT INTO %s VALUES ", b.r)}
		for r := range 2 + g.pick(10) {
			st.Rows = append(st.Rows, Row{fmt.Sprint(6000 + r), fmt.Sprintf("'uv%d'", r), fmt.Sprint(r)})
		}
		b.post = append(b.post, st,
			Stmt{Head: fmt.Sprintf("INSERT INTO %s VALUES (%s + 60000, CONCAT('var', %s), %s)", b.r, v, m, c)},
			Stmt{Head: fmt.Sprintf("INSERT INTO %s (name, v) VALUES ('uvar', CONCAT_WS(':', %s, %s, %s))", b.log, v, c, m)})
	},
	BlkSessionVar: sessionVarEffect,
	BlkTxn: func(g *gen, b *blk) {
		if g.chance(0.5) {
			end := []string{"COMMIT", "ROLLBACK"}[g.pick(2)]
			b.each = append(b.each, "START TRANSACTION;", fmt.Sprintf("INSERT INTO %s VALUES (7000 + %s, 'txn', 0);", b.r, b.it),
				fmt.Sprintf("UPDATE %s SET v = CONCAT(v, '+t') WHERE id = 1;", b.r), end+";")
			return
		}
		// The block opens a transaction the script ends after it.
		b.last = append(b.last, "START TRANSACTION;", fmt.Sprintf("INSERT INTO %s VALUES (7500, 'open', 0);", b.r))
		st := Stmt{Head: fmt.Sprintf("INSERT INTO %s VALUES ", b.r)}
		for r := range 2 + g.pick(10) {
			st.Rows = append(st.Rows, Row{fmt.Sprint(7600 + r), fmt.Sprintf("'intx%d'", r), "0"})
		}
		b.post = append(b.post, st, Stmt{Head: []string{"COMMIT", "ROLLBACK"}[g.pick(2)]})
	},
	BlkDiag: func(g *gen, b *blk) {
		// Inside: the body's own reads, after a statement whose count they read.
		b.last = append(b.last, fmt.Sprintf("UPDATE %s SET k = k + 1 WHERE id %% 2 = 0;", b.r), fmt.Sprintf("INSERT INTO %s (name, v) VALUES ('rc-in', ROW_COUNT());", b.log))
		// The body's last statement, whose diagnostics the script reads after the block.
		lasts := []string{
			fmt.Sprintf("UPDATE %s SET k = k + 1 WHERE id %% 2 = 1;", b.r),
			fmt.Sprintf("SELECT SQL_CALC_FOUND_ROWS id INTO @x7f%d FROM %s ORDER BY id LIMIT 1;", b.n, b.r),
			fmt.Sprintf("INSERT INTO %s (name, v) VALUES ('li', 'x');", b.log),
			fmt.Sprintf("INSERT IGNORE INTO %s VALUES (1, 'dup', 0), (2, 'dup', 0);", b.r),
			fmt.Sprintf("DELETE FROM %s WHERE id = 3;", b.r),
		}
		b.last = append(b.last, lasts[g.pick(len(lasts))])
		w := fmt.Sprintf("@x7w%d", b.n)
		reads := []Stmt{
			{Head: fmt.Sprintf("INSERT INTO %s (name, v) VALUES ('rc', ROW_COUNT())", b.log)},
			{Head: fmt.Sprintf("INSERT INTO %s (name, v) VALUES ('fr', FOUND_ROWS())", b.log)},
			{Head: fmt.Sprintf("INSERT INTO %s (name, v) VALUES ('li', LAST_INSERT_ID())", b.log)},
			{Head: fmt.Sprintf("SET %s = @@warning_count", w)},
		}
		i := g.pick(len(reads))
		b.postFirst = append(b.postFirst, reads[i])
		if i == 3 {
			b.postFirst = append(b.postFirst, Stmt{Head: fmt.Sprintf("INSERT INTO %s (name, v) VALUES ('wc', %s)", b.log, w)})
		}
	},
	BlkHandler: func(g *gen, b *blk) {
		h := fmt.Sprintf("@x7h%d", b.n)
		kind := []string{"CONTINUE", "EXIT"}[g.pick(2)]
		var cond, fail string
		if g.chance(0.6) {
			cond = []string{"1062", "SQLEXCEPTION", "SQLSTATE '23000'"}[g.pick(3)]
			fail = fmt.Sprintf("INSERT INTO %s VALUES (1, 'dup', 0);", b.r)
		} else {
			cond = "SQLSTATE '45000'"
			fail = "SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'x7 caught';"
		}
		b.each = append(b.each, fmt.Sprintf("BEGIN\n    DECLARE %s HANDLER FOR %s SET %s = COALESCE(%s, 0) + 1;\n    INSERT INTO %s VALUES (4000 + %s * 10, 'before-err', 0);\n    %s\n    INSERT INTO %s VALUES (4001 + %s * 10, 'after-err', 0);\n  END;",
			kind, cond, h, h, b.r, b.it, fail, b.r, b.it))
		b.post = append(b.post, Stmt{Head: fmt.Sprintf("INSERT INTO %s (name, v) VALUES ('handler', COALESCE(%s, 'none'))", b.log, h)})
	},
	BlkSignal: func(g *gen, b *blk) {
		switch p := g.pick(20); {
		case p < 3:
			// Fires: the client stops here.
			b.last = append(b.last, fmt.Sprintf("INSERT INTO %s VALUES (8000, 'before-signal', 0);", b.r), "SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'x7 stop';")
			b.stops = true
		case p < 10:
			b.last = append(b.last, "SIGNAL SQLSTATE '01000' SET MESSAGE_TEXT = 'x7 warning';", fmt.Sprintf("INSERT INTO %s VALUES (8001, 'after-warning', @@warning_count);", b.r))
		default:
			b.each = append(b.each, fmt.Sprintf("IF (SELECT COUNT(*) FROM %s) < 0 THEN\n    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'x7 never';\n  END IF;", b.r))
		}
	},
	BlkExecute: func(g *gen, b *blk) {
		switch g.pick(3) {
		case 0:
			b.each = append(b.each, fmt.Sprintf("EXECUTE IMMEDIATE CONCAT('INSERT INTO %s VALUES (', 9000 + %s, ', ''ei'', 0)');", b.r, b.it))
		case 1:
			b.each = append(b.each, fmt.Sprintf("EXECUTE IMMEDIATE 'UPDATE %s SET k = k + 100 WHERE id < ?' USING %s + 2;", b.r, b.it))
		default:
			e := fmt.Sprintf("@x7e%d", b.n)
			b.each = append(b.each, fmt.Sprintf("EXECUTE IMMEDIATE 'SET %s = COALESCE(%s, 0) + ?' USING %s;", e, e, b.it))
			b.post = append(b.post, Stmt{Head: fmt.Sprintf("INSERT INTO %s (name, v) VALUES ('exec', %s)", b.log, e)})
		}
	},
}

// sessionVarEffect sets a session variable inside the block and writes rows after it that
// store otherwise without it; the variable is set back after them.
func sessionVarEffect(g *gen, b *blk) {
	save := func(name, expr string) string {
		v := fmt.Sprintf("@x7%s%d", name, b.n)
		b.pre = append(b.pre, Stmt{Head: fmt.Sprintf("SET %s = %s", v, expr)})
		return v
	}
	var post []Stmt
	switch g.pick(5) {
	case 0:
		old := save("sm", "@@SESSION.sql_mode")
		mode := []string{"NO_AUTO_VALUE_ON_ZERO", "NO_AUTO_VALUE_ON_ZERO,PIPES_AS_CONCAT", "PIPES_AS_CONCAT", "STRICT_TRANS_TABLES,NO_AUTO_VALUE_ON_ZERO"}[g.pick(4)]
		// The server sets sql_mode back at the block's end, as after a stored program's
		// (10.11): what the mode changes is stored inside the block, and after it the
		// script's mode holds again.
		b.first = append(b.first, fmt.Sprintf("SET SESSION sql_mode = '%s';", mode))
		if strings.Contains(mode, "ZERO") {
			b.first = append(b.first, fmt.Sprintf("INSERT INTO %s (n, name, v) VALUES (0, 'zero', 'id 0');", b.log))
			if !g.noAutoZ {
				post = append(post, Stmt{Head: fmt.Sprintf("INSERT INTO %s (n, name, v) VALUES (0, 'zero-after', 'next id')", b.log)})
			}
		}
		if strings.Contains(mode, "PIPES") {
			b.first = append(b.first, fmt.Sprintf("INSERT INTO %s (name, v) VALUES ('pipes', 'a' || 'b');", b.log))
		}
		post = append(post, Stmt{Head: fmt.Sprintf("INSERT INTO %s (name, v) VALUES ('sql_mode', @@SESSION.sql_mode)", b.log)},
			Stmt{Head: fmt.Sprintf("SET SESSION sql_mode = %s", old)})
	case 1:
		old := save("tz", "@@SESSION.time_zone")
		z := fmt.Sprintf("`%s`.`x7z%d`", b.db, b.n)
		g.emit("CREATE TABLE %s (id int NOT NULL PRIMARY KEY, ts timestamp NULL DEFAULT NULL, dt datetime DEFAULT NULL) ENGINE=InnoDB", z)
		b.first = append(b.first, fmt.Sprintf("SET SESSION time_zone = '%s';", []string{"+05:30", "-08:00", "+13:00"}[g.pick(3)]))
		st := Stmt{Head: fmt.Sprintf("INSERT INTO %s VALUES ", z)}
		for r := range 2 + g.pick(12) {
			ts := fmt.Sprintf("'20%02d-%02d-%02d %02d:%02d:00'", 10+r%15, 1+r%12, 1+r%28, r%24, r*7%60)
			st.Rows = append(st.Rows, Row{fmt.Sprint(r + 1), ts, ts})
		}
		post = append(post, st, Stmt{Head: fmt.Sprintf("SET SESSION time_zone = %s", old)})
	case 2:
		b.first = append(b.first, "SET autocommit = 0;")
		st := Stmt{Head: fmt.Sprintf("INSERT INTO %s VALUES ", b.r)}
		for r := range 2 + g.pick(10) {
			st.Rows = append(st.Rows, Row{fmt.Sprint(6500 + r), fmt.Sprintf("'ac%d'", r), "0"})
		}
		post = append(post, st, Stmt{Head: []string{"ROLLBACK", "COMMIT"}[g.pick(2)]}, Stmt{Head: "SET autocommit = 1"})
	case 3:
		old := save("fk", "@@SESSION.foreign_key_checks")
		c := fmt.Sprintf("`%s`.`x7k%d`", b.db, b.n)
		g.emit("CREATE TABLE %s (id int NOT NULL PRIMARY KEY, p int DEFAULT NULL, KEY p (p), CONSTRAINT `x7fk%d` FOREIGN KEY (p) REFERENCES %s (id)) ENGINE=InnoDB", c, b.n, b.r)
		b.first = append(b.first, "SET SESSION foreign_key_checks = 0;")
		st := Stmt{Head: fmt.Sprintf("INSERT INTO %s VALUES ", c)}
		for r := range 2 + g.pick(10) {
			st.Rows = append(st.Rows, Row{fmt.Sprint(r + 1), fmt.Sprint(900000 + r)})
		}
		post = append(post, st, Stmt{Head: fmt.Sprintf("SET SESSION foreign_key_checks = %s", old)})
	default:
		old := save("uc", "@@SESSION.unique_checks")
		b.first = append(b.first, "SET SESSION unique_checks = 0;")
		post = append(post, Stmt{Head: fmt.Sprintf("INSERT INTO %s (name, v) VALUES ('unique_checks', @@SESSION.unique_checks)", b.log)},
			Stmt{Head: fmt.Sprintf("SET SESSION unique_checks = %s", old)})
	}
	b.post = append(b.post, post...)
}
