package difffuzz

import "fmt"

// The session constructs of dynamic SQL, procedures and readers (gen_session.go has the
// others and says what they are for).

// prepared runs q (no single quotes in it) through EXECUTE IMMEDIATE or PREPARE and
// EXECUTE, sometimes under a name prepared before for something else.
func prepared(g *gen, q string) {
	if g.chance(0.5) {
		g.emit("EXECUTE IMMEDIATE '%s'", q)
		return
	}
	s := g.name("s")
	if g.chance(0.3) {
		g.emit("PREPARE %s FROM 'SELECT 1'", s)
	}
	g.emit("PREPARE %s FROM '%s'", s, q)
	g.emit("EXECUTE %s", s)
	if g.chance(0.3) {
		g.emit("DEALLOCATE PREPARE %s", s)
	}
}

// wrappedTxnBlock: a transaction opened, chained or ended inside dynamic SQL, around
// rows.
func wrappedTxnBlock(g *gen) {
	switch g.pick(3) {
	case 0:
		prepared(g, []string{"START TRANSACTION", "BEGIN", "START TRANSACTION WITH CONSISTENT SNAPSHOT"}[g.pick(3)])
		txRows(g)
		end := g.pick(3)
		if end == 0 && !g.cfg.on(WrappedRollback) {
			end = 1
		}
		switch end {
		case 0:
			prepared(g, "ROLLBACK")
			g.rolledBack()
		case 1:
			prepared(g, "COMMIT")
		default:
			endTx(g)
			g.emit("COMMIT")
		}
		g.inTx = false
	case 1:
		prepared(g, "SET autocommit = 0")
		g.autocommit = false
		txRows(g)
		endTx(g)
		if g.chance(0.5) {
			prepared(g, "SET autocommit = 1")
		} else {
			g.emit("SET autocommit = 1")
		}
		g.autocommit = true
	default:
		prepared(g, "SET completion_type = 1")
		g.emit("START TRANSACTION")
		txRows(g)
		g.emit("COMMIT") // CHAIN: the next transaction is open
		txRows(g)
		prepared(g, "SET completion_type = 0")
		g.emit("%s", []string{"COMMIT", "ROLLBACK"}[g.pick(2)])
		g.rolledBack()
		g.inTx = false
	}
}

// wrappedSetGlobalBlock: SET GLOBAL autocommit = 0 or completion_type = 1 in dynamic
// SQL, then the session's SET … = DEFAULT, rows, and both set back.
func wrappedSetGlobalBlock(g *gen) {
	if g.chance(0.5) {
		prepared(g, []string{"SET GLOBAL autocommit = 0", "SET @@global.autocommit = 0"}[g.pick(2)])
		g.emit("SET autocommit = DEFAULT")
		g.autocommit = false
		txRows(g)
		endTx(g)
		g.emit("SET GLOBAL autocommit = 1")
		g.emit("SET autocommit = 1")
		g.autocommit = true
		return
	}
	prepared(g, "SET GLOBAL completion_type = 1")
	g.emit("SET completion_type = DEFAULT")
	g.emit("START TRANSACTION")
	txRows(g)
	g.emit("COMMIT")
	txRows(g)
	g.emit("SET GLOBAL completion_type = 0")
	g.emit("SET completion_type = 0")
	g.emit("ROLLBACK")
	g.rolledBack()
	g.inTx = false
}

// procBody is what a generated procedure does: the statement, and what a CALL of it
// leaves to the caller (autocommit off; a value in @w to keep).
type procBody struct {
	sql        string
	autocommit bool // the body sets autocommit = 0
	reads      bool // the body reads the diagnostics area into @w: a warning before the CALL
}

func newProcBody(g *gen) procBody {
	// The autocommit and @@in_transaction bodies are refused at the CALL in every mode but
	// serial (as meant): rarer, so that a run goes on in those modes.
	switch g.pick(10) {
	case 0:
		return procBody{sql: "SET autocommit = 0", autocommit: true}
	case 1, 2:
		return procBody{sql: "GET DIAGNOSTICS @w = NUMBER", reads: true}
	case 3, 4:
		return procBody{sql: "SELECT @@warning_count INTO @w", reads: true}
	case 5:
		return procBody{sql: fmt.Sprintf("INSERT INTO `%s`.`%s` (name, v) VALUES ('p_in_tx', @@in_transaction)", g.dbs[0], sessionVarsTable)}
	default:
		return procBody{sql: fmt.Sprintf("SET @px = %d", g.pick(100))}
	}
}

// afterCall writes what follows a CALL of b: rows in the transaction it left open and
// their end, or the diagnostics value kept.
func afterCall(g *gen, b procBody) {
	switch {
	case b.autocommit:
		g.autocommit = false
		txRows(g)
		endTx(g)
		autocommitOn(g, false)
		g.autocommit = true
	case b.reads:
		keep(g, "w", "@w")
	}
}

// procCallBlock: a procedure created (sometimes created again IF NOT EXISTS with another
// body, or dropped and created, or replaced), a warning when its body reads the
// diagnostics area, CALL.
func procCallBlock(g *gen) {
	svTable(g)
	p := fmt.Sprintf("`%s`.`%s`", g.dbs[0], g.name("p"))
	b := newProcBody(g)
	g.emit("CREATE PROCEDURE %s() %s", p, b.sql)
	switch g.pick(4) {
	case 0:
		g.emit("CREATE PROCEDURE IF NOT EXISTS %s() %s", p, newProcBody(g).sql) // the server keeps the first body
	case 1:
		b = newProcBody(g)
		g.emit("CREATE OR REPLACE PROCEDURE %s() %s", p, b.sql)
	case 2:
		b = newProcBody(g)
		g.emit("DROP PROCEDURE IF EXISTS %s", p)
		g.emit("CREATE PROCEDURE %s() %s", p, b.sql)
	}
	if b.reads {
		serialize(g)
		warning(g)
	}
	g.emit("CALL %s()", p)
	afterCall(g, b)
}

// serialize writes, most of the time, a statement after which dumpscope runs the rest on
// one connection (SELECT … INTO @c): before it, a parallel run refuses a reader of the
// diagnostics area by name (the statement before it may have run on a worker), and the
// run tests nothing more in that mode.
func serialize(g *gen) {
	if g.chance(0.8) {
		g.emit("SELECT COUNT(*) INTO %s FROM %s", g.name("@c"), g.someTable().qname())
	}
}

// procTwoDBsBlock: procedures of one name in the first database and another, each with
// its body; a CALL of one, qualified or by the current database.
func procTwoDBsBlock(g *gen) {
	svTable(g)
	if len(g.dbs) < 2 {
		g.newDatabase()
	}
	name := g.name("pp")
	other := g.dbs[1+g.pick(len(g.dbs)-1)]
	here, there := newProcBody(g), newProcBody(g)
	first := func() { g.emit("CREATE PROCEDURE `%s`() %s", name, here.sql) }
	second := func() { g.emit("CREATE PROCEDURE `%s`.`%s`() %s", other, name, there.sql) }
	if g.chance(0.5) {
		first()
		second()
	} else {
		second()
		first()
	}
	b, call := here, fmt.Sprintf("CALL `%s`()", name)
	if g.chance(0.5) {
		b, call = there, fmt.Sprintf("CALL `%s`.`%s`()", other, name)
	}
	if b.reads {
		warning(g)
	}
	g.emit("%s", call)
	afterCall(g, b)
}

// wrappedProcedureBlock: a procedure created plainly, then replaced (or dropped and
// created) through EXECUTE IMMEDIATE, then CALLed.
func wrappedProcedureBlock(g *gen) {
	svTable(g)
	p := fmt.Sprintf("`%s`.`%s`", g.dbs[0], g.name("p"))
	g.emit("CREATE PROCEDURE %s() SET @px = 1", p)
	b := newProcBody(g)
	for b.sql[0] == 'I' { // the in-transaction body quotes a string
		b = newProcBody(g)
	}
	if g.chance(0.5) {
		prepared(g, fmt.Sprintf("CREATE OR REPLACE PROCEDURE %s() %s", p, b.sql))
	} else {
		prepared(g, "DROP PROCEDURE "+p)
		prepared(g, fmt.Sprintf("CREATE PROCEDURE %s() %s", p, b.sql))
	}
	if b.reads {
		warning(g)
	}
	g.emit("CALL %s()", p)
	afterCall(g, b)
}

// warning writes a statement that leaves at least one warning or note: a DDL's note
// (DROP TABLE IF EXISTS of no table, CREATE TABLE IF NOT EXISTS of one that exists), an
// INSERT IGNORE of a duplicate, a SELECT … INTO that truncates (diag-select-into).
func warning(g *gen) {
	svTable(g)
	n := 4
	if !g.cfg.on(DiagSelectInto) {
		n = 3
	}
	switch g.pick(n) {
	case 0:
		g.emit("DROP TABLE IF EXISTS `%s`.`%s`", g.dbs[0], g.name("nosuch"))
	case 1:
		g.emit("CREATE TABLE IF NOT EXISTS `%s`.`%s` (n int)", g.dbs[0], sessionVarsTable)
	case 2:
		n := 100000 + g.pick(100000)
		g.emit("INSERT IGNORE INTO `%s`.`%s` (n, name, v) VALUES (%d, 'dup', 'a'), (%d, 'dup', 'b')", g.dbs[0], sessionVarsTable, n, n)
	default:
		g.emit("SELECT CAST('7x' AS SIGNED) INTO %s", g.name("@d"))
	}
}

// diagBlock: a statement with warnings, SHOW WARNINGS or not, a reader of the
// diagnostics area, its value kept. Mostly after a statement that turns dumpscope's run
// serial (a parallel run refuses such a reader, naming it).
func diagBlock(g *gen) {
	svTable(g)
	serialize(g)
	warning(g)
	show := g.pick(5)
	if g.trgVars && !g.cfg.on(DiagShowTriggerVar) {
		show = 2
	}
	switch show {
	case 0:
		g.emit("SHOW WARNINGS")
	case 1:
		g.emit("%s", []string{"SHOW COUNT(*) WARNINGS", "SHOW ERRORS", "SHOW WARNINGS LIMIT 1"}[g.pick(3)])
	}
	switch g.pick(8) {
	case 0:
		g.emit("GET DIAGNOSTICS @w = NUMBER")
	case 1:
		g.emit("SET @w = @@warning_count")
	case 2:
		g.emit("SELECT @@warning_count INTO @w")
	case 3:
		g.emit("GET DIAGNOSTICS CONDITION 1 @w = MYSQL_ERRNO")
	case 4:
		g.emit("SET @w = @@warning_count + @@error_count")
	case 5:
		g.emit("EXECUTE IMMEDIATE 'GET DIAGNOSTICS @w = NUMBER'")
	case 6:
		g.emit("/*!40101 SET @w = @@warning_count */")
	default:
		g.emit("GET DIAGNOSTICS @w = ROW_COUNT")
	}
	keep(g, "w", "@w")
}

// inTransactionBlock: @@in_transaction read into a table inside a transaction (after
// rows or not), and, rarer (a checkpointed or parallel run refuses it, naming it),
// outside one.
func inTransactionBlock(g *gen) {
	svTable(g)
	if g.chance(0.15) {
		if g.chance(0.5) {
			v := g.name("@it")
			g.emit("SET %s = @@in_transaction", v)
			keep(g, "in_tx", v)
		} else {
			g.emit("INSERT INTO `%s`.`%s` (name, v) SELECT 'in_tx', @@in_transaction", g.dbs[0], sessionVarsTable)
		}
		return
	}
	g.emit("%s", []string{"START TRANSACTION", "BEGIN"}[g.pick(2)])
	if g.chance(0.5) {
		txRows(g)
	}
	g.inTx = true
	keep(g, "in_tx", "@@in_transaction")
	if !endTx(g) {
		g.emit("COMMIT")
	}
}
