package difffuzz

import (
	"fmt"
	"math/rand"
	"strings"
)

// The temporary-table construct (branch x-fix25): CREATE TEMPORARY TABLE in InnoDB,
// MyISAM, Aria and MEMORY, plain, LIKE a real table, filled by … SELECT from one, or
// shadowing one (the same name: the session's reads and writes go to the temporary
// table until it is dropped); rows, UPDATE and DELETE of it inside transactions that
// commit, roll back or roll back to a savepoint (a non-transactional temporary table
// keeps its rows: warning 1196); rows into the real table after a fill; reads that move
// its data into real tables (INSERT … SELECT, CREATE TABLE … SELECT, a multi-table
// UPDATE, SELECT … INTO @v, a subquery kept in `sv`); DROP TEMPORARY TABLE, DROP TABLE
// without the keyword (the temporary table goes first), IF EXISTS, or no DROP at all;
// each statement sometimes through a wrapper (EXECUTE IMMEDIATE, PREPARE/EXECUTE, SET
// STATEMENT … FOR). The generator wrote no temporary table before it, so x-fix21's
// rebuild of them on resume (plan.TemporaryTableDDL, replay/temprebuild.go) was never
// searched.
//
// The block is self-contained like the f-gen4 ones: it starts outside a transaction
// with autocommit on and leaves the session so, writes only its own tables and `sv`, and
// draws from its own random source (gen.td), so that with it off a seed's script is byte
// for byte what it was before it.

// TemporaryTables is the construct's name (docs/difffuzz.md, "The grammar").
const TemporaryTables Construct = "temporary-tables"

// TemporaryConstructs are the constructs of gen_temporary.go, for AllConstructs.
var TemporaryConstructs = []Construct{TemporaryTables}

// tempP is the chance of a block after each generator step of the general grammar (40
// steps: about two a script), tempEarlyP before the steps (where dumpscope's run is still
// parallel), tempLoadP after each of the last three tables of the load-data profile.
const (
	tempP      = 0.05
	tempEarlyP = 0.3
	tempLoadP  = 0.2
)

// tempSource is the temporary-table blocks' own random source for seed.
func tempSource(seed int64) dice {
	return dice{r: rand.New(rand.NewSource(seed*104729 + 0x7e3))}
}

// tempMaybe writes a temporary-table block with chance p, drawn from the blocks' source
// (nothing without one, or with the construct off).
func tempMaybe(g *gen, p float64) {
	if g.td.r == nil || len(g.dbs) == 0 || !g.cfg.on(TemporaryTables) || !g.cfg.on(Serializing) { // transactions, `sv`
		return
	}
	main := g.dice
	g.dice = g.td
	defer func() { g.td, g.dice = g.dice, main }()
	if g.chance(p) {
		settle(g)
		temporaryBlock(g)
	}
}

// tempState is one block's temporary table as the generator knows it.
type tempState struct {
	ref    string // how the block names it (qualified or bare)
	nextID int    // above every id it may hold
	shadow bool   // it has a real table's name
	seq    string // a sequence its rows may take NEXTVAL of ("" none)
}

// temporaryBlock writes one temporary table's life: made, written in and out of
// transactions, read into real tables, dropped (or not).
func temporaryBlock(g *gen) {
	svTable(g)
	k := newRTable(g, "tk", []string{"InnoDB", "InnoDB", "MyISAM", "Aria"}[g.pick(4)], false)
	k.rrows(g, 2+g.pick(20))
	tt := &tempState{nextID: 1000}
	engine := []string{"InnoDB", "InnoDB", "MyISAM", "MEMORY", "Aria"}[g.pick(5)]
	defs := "(\n  `id` int NOT NULL,\n  `a` int DEFAULT NULL,\n  `s` varchar(40) DEFAULT NULL,\n  `ts` timestamp NULL DEFAULT NULL,\n  PRIMARY KEY (`id`)\n)"
	kname := k.q[strings.LastIndexByte(k.q[:len(k.q)-1], '`')+1 : len(k.q)-1]
	name := rname(g, "tt")
	if g.chance(0.25) {
		name, tt.shadow = kname, true
	}
	tt.ref = fmt.Sprintf("`%s`.`%s`", g.dbs[0], name)
	if g.chance(0.4) {
		tt.ref = "`" + name + "`"
	}
	create := "CREATE TEMPORARY TABLE "
	if g.chance(0.15) {
		create = "CREATE OR REPLACE TEMPORARY TABLE "
	}
	if g.chance(0.1) {
		create = "CREATE TEMPORARY TABLE IF NOT EXISTS "
	}
	filled := false
	switch g.pick(4) {
	case 0:
		tempWrap(g, fmt.Sprintf("%s%s %s ENGINE=%s", create, tt.ref, defs, engine))
	case 1:
		if tt.shadow { // LIKE itself: ERROR 1066
			tempWrap(g, fmt.Sprintf("%s%s %s ENGINE=%s", create, tt.ref, defs, engine))
			break
		}
		tempWrap(g, fmt.Sprintf("%s%s LIKE %s", create, tt.ref, k.q))
	default: // filled from the real table (from itself when it shadows it)
		where := ""
		if g.chance(0.5) {
			where = fmt.Sprintf(" WHERE `a` > %d", g.pick(100)-50)
		}
		tempWrap(g, fmt.Sprintf("%s%s %s ENGINE=%s SELECT * FROM %s%s", create, tt.ref, defs, engine, k.q, where))
		filled = true
	}
	if filled && !tt.shadow && g.chance(0.6) {
		k.rrows(g, 1+g.pick(6)) // the real table changes after the fill
	}
	if !tt.shadow && g.chance(0.08) {
		// A real table of its name (x-fix26): the server makes it beside the temporary
		// one, which the name still means; the real one gets rows once that one is gone.
		g.emit("CREATE TABLE `%s`.`%s` (`id` int NOT NULL PRIMARY KEY, `a` int) ENGINE=InnoDB", g.dbs[0], name)
		a := g.pick(100)
		defer func() { // at the block's end, the temporary table of the name gone first
			g.emit("DROP TEMPORARY TABLE IF EXISTS `%s`.`%s`", g.dbs[0], name)
			g.emit("INSERT INTO `%s`.`%s` VALUES (1, %d)", g.dbs[0], name, a)
		}()
	}
	if g.cfg.on(Sequences) && g.chance(0.1) {
		tt.seq = fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, "tseq"))
		g.emit("CREATE SEQUENCE %s", tt.seq)
	}
	for range 1 + g.pick(3) {
		tempStep(g, tt, k)
	}
	if g.chance(0.12) {
		tempRename(g, tt)
	}
	if g.chance(0.15) {
		tt = tempChain(g, tt, k)
	}
	tempRead(g, tt, k)
	if g.chance(0.4) {
		tempStep(g, tt, k)
		tempRead(g, tt, k)
	}
	tempDrop(g, tt, k)
	if tt.shadow && g.chance(0.5) {
		k.rrows(g, 1+g.pick(4)) // the real table again, after the shadow went
	}
}

// tempRename renames the temporary table (x-fix26): ALTER TABLE … RENAME [TO], or
// RENAME TABLE, maybe in two steps; a shadow then no longer hides the real table.
func tempRename(g *gen, tt *tempState) {
	to := rname(g, "ttr")
	ref := "`" + to + "`"
	if strings.Contains(tt.ref, "`.`") {
		ref = fmt.Sprintf("`%s`.`%s`", g.dbs[0], to)
	}
	switch g.pick(4) {
	case 0:
		tempWrap(g, fmt.Sprintf("ALTER TABLE %s RENAME TO %s", tt.ref, ref))
	case 1:
		tempWrap(g, fmt.Sprintf("ALTER TABLE %s RENAME %s", tt.ref, ref))
	case 2:
		tempWrap(g, fmt.Sprintf("RENAME TABLE %s TO %s", tt.ref, ref))
	default:
		mid := rname(g, "ttm")
		tempWrap(g, fmt.Sprintf("RENAME TABLE %s TO `%s`, `%s` TO %s", tt.ref, mid, mid, ref))
	}
	tt.ref, tt.shadow = ref, false
}

// tempChain fills a second temporary table from the first (x-fix26: what the first
// differs in on a resume, the second takes over), maybe changes the real table after
// it, and maybe drops the first; the block goes on with the second.
func tempChain(g *gen, tt *tempState, k *rtable) *tempState {
	t2 := &tempState{ref: fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, "tt")), nextID: tt.nextID, seq: tt.seq}
	engine := []string{"InnoDB", "MyISAM", "MEMORY", "Aria"}[g.pick(4)]
	if g.chance(0.5) {
		tempWrap(g, fmt.Sprintf("CREATE TEMPORARY TABLE %s ENGINE=%s SELECT * FROM %s", t2.ref, engine, tt.ref))
	} else {
		tempWrap(g, fmt.Sprintf("CREATE TEMPORARY TABLE %s LIKE %s", t2.ref, tt.ref))
		tempWrap(g, fmt.Sprintf("INSERT INTO %s SELECT * FROM %s", t2.ref, tt.ref))
	}
	if !tt.shadow && g.chance(0.4) {
		k.rrows(g, 1+g.pick(3))
	}
	if g.chance(0.7) {
		tempWrap(g, "DROP TEMPORARY TABLE "+tt.ref)
	}
	return t2
}

// tempStep writes into the temporary table: rows on their own, or a transaction of
// rows, an UPDATE, a DELETE, a fill from the real table, maybe a row into the real one
// and a savepoint, that commits or rolls back.
func tempStep(g *gen, tt *tempState, k *rtable) {
	txn := g.chance(0.6)
	ac0 := txn && g.chance(0.3)
	if txn && !ac0 && g.cfg.on(XATxn) && g.chance(0.15) {
		tempXA(g, tt)
		return
	}
	switch {
	case ac0:
		g.emit("SET autocommit = 0")
	case txn:
		tempWrap(g, []string{"START TRANSACTION", "BEGIN"}[g.pick(2)])
	}
	sp := false
	for range 1 + g.pick(3) {
		switch g.pick(6) {
		case 0, 1:
			tempRows(g, tt)
		case 2:
			tempWrap(g, fmt.Sprintf("UPDATE %s SET `a` = `a` + %d WHERE `id` %% 3 = %d", tt.ref, 1+g.pick(9), g.pick(3)))
		case 3:
			tempWrap(g, fmt.Sprintf("DELETE FROM %s WHERE `a` < %d", tt.ref, g.pick(60)-40))
		case 4:
			if tt.shadow { // reads itself
				tempWrap(g, fmt.Sprintf("INSERT INTO %s SELECT `id` + %d, `a`, `s`, `ts` FROM %s WHERE `id` < 1000", tt.ref, tt.nextID, tt.ref))
				// ERROR 1137 "Can't reopen table": a temporary table read and written at once.
				g.out = g.out[:len(g.out)-1]
				tempRows(g, tt)
				break
			}
			tempWrap(g, fmt.Sprintf("INSERT INTO %s SELECT `id` + %d, `a`, `s`, `ts` FROM %s", tt.ref, tt.nextID, k.q))
			tt.nextID += 10000
		default:
			if txn && !sp && g.chance(0.6) {
				g.emit("SAVEPOINT tsp")
				sp = true
				tempRows(g, tt)
				if g.chance(0.6) {
					g.emit("ROLLBACK TO SAVEPOINT tsp")
				}
			} else {
				tempRows(g, tt)
			}
		}
	}
	if txn && !tt.shadow && g.chance(0.3) {
		k.nextID += 100 // a real row in the same transaction, above what a ROLLBACK may have left
		k.rrows(g, 1)
	}
	if !txn {
		return
	}
	switch end := g.pick(5); {
	case end < 2:
		g.emit("ROLLBACK")
	case end < 4:
		g.emit("COMMIT")
	default:
		if !ac0 {
			g.emit("COMMIT")
		}
	}
	if ac0 {
		g.emit("SET autocommit = 1")
	}
}

// tempXA writes rows (maybe an UPDATE) of the temporary table in an XA transaction that
// rolls back, or commits in one phase or after XA PREPARE (x-fix26: XA ROLLBACK undoes
// them as ROLLBACK does).
func tempXA(g *gen, tt *tempState) {
	xid := "'" + rname(g, "tx") + "'"
	g.emit("XA START %s", xid)
	tempRows(g, tt)
	if g.chance(0.4) {
		tempWrap(g, fmt.Sprintf("UPDATE %s SET `a` = `a` - 1", tt.ref))
	}
	g.emit("XA END %s", xid)
	switch g.pick(3) {
	case 0:
		g.emit("XA ROLLBACK %s", xid)
	case 1:
		g.emit("XA COMMIT %s ONE PHASE", xid)
	default:
		g.emit("XA PREPARE %s", xid)
		g.emit("XA %s %s", []string{"COMMIT", "ROLLBACK"}[g.pick(2)], xid)
	}
}

// tempRows writes a multi-row INSERT into the temporary table (ids above every earlier
// one: a rolled-back MyISAM row stays).
func tempRows(g *gen, tt *tempState) {
	var rows []string
	for range 1 + g.pick(8) {
		ts := "NULL"
		if g.chance(0.5) {
			ts = fmt.Sprintf("'20%02d-%02d-%02d %02d:%02d:%02d'", 10+g.pick(20), 1+g.pick(12), 1+g.pick(28), g.pick(24), g.pick(60), g.pick(60))
		}
		a := fmt.Sprint(g.pick(200) - 50)
		if tt.seq != "" && g.chance(0.5) {
			a = "NEXTVAL(" + tt.seq + ")" // x-fix26: sent again by a resume, it takes another
		}
		rows = append(rows, fmt.Sprintf("(%d, %s, 't%d', %s)", tt.nextID, a, g.pick(1000), ts))
		tt.nextID++
	}
	verb := "INSERT INTO "
	if g.chance(0.15) {
		verb = "REPLACE INTO "
	}
	tempWrap(g, verb+tt.ref+" VALUES "+strings.Join(rows, ","))
}

// tempRead moves what the temporary table holds into real tables: a copy of its rows, a
// table made from it, an UPDATE of the real table joined to it, a user variable, a
// subquery's summary kept in `sv`.
func tempRead(g *gen, tt *tempState, k *rtable) {
	sum := fmt.Sprintf("(SELECT LEFT(CONCAT_WS(' ', COUNT(*), SUM(`a`), MAX(`id`), GROUP_CONCAT(`s` ORDER BY `id`)), 400) FROM %s)", tt.ref)
	switch g.pick(5) {
	case 0:
		d := newRTable(g, "tdst", "", false)
		tempWrap(g, fmt.Sprintf("INSERT INTO %s SELECT * FROM %s", d.q, tt.ref))
	case 1:
		d := fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, "tcopy"))
		tempWrap(g, fmt.Sprintf("CREATE TABLE %s ENGINE=%s SELECT `id`, `a`, `s` FROM %s", d, []string{"InnoDB", "MyISAM", "Aria"}[g.pick(3)], tt.ref))
	case 2:
		if !tt.shadow {
			tempWrap(g, fmt.Sprintf("UPDATE %s AS r JOIN %s AS x ON x.`id` = r.`id` SET r.`a` = x.`a` + 1000", k.q, tt.ref))
			break
		}
		fallthrough
	case 3:
		v := rname(g, "@tv")
		tempWrap(g, fmt.Sprintf("SELECT CONCAT_WS(' ', COUNT(*), SUM(`a`)) INTO %s FROM %s", v, tt.ref))
		keep(g, "tv", v)
		return
	}
	keep(g, "tmp", sum)
}

// tempDrop ends the temporary table: DROP TEMPORARY TABLE, DROP TABLE without the
// keyword (the temporary table of the name goes first, the real one a shadow hides
// stays), IF EXISTS, with a real table in the same DROP, or no DROP (the session's end).
func tempDrop(g *gen, tt *tempState, k *rtable) {
	ifx := ""
	if g.chance(0.3) {
		ifx = "IF EXISTS "
	}
	switch n := g.pick(10); {
	case n < 4:
		tempWrap(g, "DROP TEMPORARY TABLE "+ifx+tt.ref)
	case n < 7:
		tempWrap(g, "DROP TABLE "+ifx+tt.ref)
	case n < 8 && !tt.shadow:
		scratch := newRTable(g, "tx", "", false)
		scratch.rrows(g, 1+g.pick(3))
		tempWrap(g, "DROP TABLE "+ifx+tt.ref+", "+scratch.q)
	default:
		// Left to the session's end; one more read of it later in the script would
		// name it, which the block does not do.
	}
}

// tempWrap writes stmt plain or through a wrapper: EXECUTE IMMEDIATE, PREPARE and
// EXECUTE (then DEALLOCATE), or SET STATEMENT … FOR.
func tempWrap(g *gen, stmt string) {
	quoted := "'" + strings.ReplaceAll(stmt, "'", "''") + "'"
	switch g.pick(8) {
	case 0:
		g.emit("EXECUTE IMMEDIATE %s", quoted)
	case 1:
		s := rname(g, "tps")
		g.emit("PREPARE %s FROM %s", s, quoted)
		g.emit("EXECUTE %s", s)
		if g.chance(0.6) {
			g.emit("DEALLOCATE PREPARE %s", s)
		}
	case 2:
		if strings.HasPrefix(stmt, "START") || strings.HasPrefix(stmt, "BEGIN") {
			g.emit("%s", stmt) // SET STATEMENT … FOR START TRANSACTION: ERROR 1064
			return
		}
		g.emit("SET STATEMENT max_statement_time = 0 FOR %s", stmt)
	default:
		g.emit("%s", stmt)
	}
}
