package difffuzz

import (
	"fmt"
	"math/rand"
	"strings"
)

// The constructs of branch f-gen4: what the hostile reviews x-review11 and x-review12
// found bugs in by hand and the grammar never wrote — stored routines with real bodies
// (nested BEGIN … END, DECLAREd variables, CONDITIONs and CURSORs, CONTINUE and EXIT
// HANDLERs, SIGNAL and RESIGNAL, locals that shadow time_zone and sql_mode, bodies that
// SET session and user variables, CALLs from triggers and functions, IN/OUT/INOUT
// parameters), the diagnostics area kept or cleared between a warning and its reader,
// prepared statements (from a literal and from @var, `?` and EXECUTE … USING, re-PREPARE,
// DEALLOCATE, session SETs and USE), mysqldump's LOCK TABLES … WRITE regions with DISABLE
// and ENABLE KEYS, and INSERT/REPLACE … RETURNING.
//
// Each is a self-contained block, as the session and table-feature blocks are: it starts
// outside a transaction with autocommit on and leaves the session so (time_zone and
// sql_mode set back from a user variable, as mysqldump's @OLD_… do), writes only tables
// of its own and `sv` (what it reads is kept there: the re-dump shows it), and draws
// from its own random source (gen.rd), so that with the constructs off a seed's script
// is byte for byte what it was before them.

// The f-gen4 constructs' names (docs/difffuzz.md, "The grammar").
const (
	// RoutineBody: procedures with IN, INOUT and OUT parameters and nested BEGIN … END
	// blocks, DECLAREd variables, CONTINUE and EXIT handlers (for an error number, a
	// SQLSTATE, SQLEXCEPTION, a named CONDITION), SIGNAL caught by a handler and RESIGNAL
	// from one, user variables set in the body; functions whose body has a nested block
	// and sets a user variable, called in rows and in SET. One block in twenty SIGNALs
	// past every handler: the client stops at the CALL (both must stop there).
	RoutineBody Construct = "routine-body"
	// RoutineCursor: a cursor loop (OPEN, FETCH until NOT FOUND, CLOSE) in LOOP, REPEAT
	// or WHILE, over the block's rows in key order, summing into OUT parameters and
	// copying rows into a second table; a cursor with a parameter.
	RoutineCursor Construct = "routine-cursor"
	// RoutineShadow: an inner block DECLAREs locals named time_zone and sql_mode and
	// SETs them (local), while the outer body SETs the session's time_zone (which
	// outlives the CALL) or sql_mode (which the routine's end sets back); @@session.x
	// inside the inner block; rows into a TIMESTAMP column after the CALL show which
	// time_zone the session has.
	RoutineShadow Construct = "routine-shadow"
	// RoutineShadowCond: the same, but the inner block's time_zone or sql_mode is a
	// CONDITION or a CURSOR, which does not shadow the variable: its SET is the
	// session's.
	RoutineShadowCond Construct = "routine-shadow-cond"
	// RoutineTriggerCall: a trigger whose body CALLs a procedure (that counts in a user
	// variable and logs into a table), a function that CALLs it, rows that fire the
	// trigger and call the function. Found by f-gen4's search (seeds 51035 load-data,
	// 51041 parallel): the trigger's body names no user variable, the procedure's does,
	// so the INSERT runs on a worker and the variable is set there; the reader on the
	// control connection reads NULL where the client's reads 1
	// (TestDiffFuzzFoundGen4TriggerCallsProcedureVar; fixed by x-fix19: plan.CalledVars).
	RoutineTriggerCall Construct = "routine-trigger-call"
	// DiagKeep: a statement with a warning or note, then statements that keep the
	// diagnostics area or clear it (SET @v, SELECT 1, COMMIT, PREPARE, a SELECT of a
	// table, an INSERT), then a reader — GET DIAGNOSTICS NUMBER or CONDITION 1,
	// @@warning_count, SHOW WARNINGS and SHOW COUNT(*) WARNINGS before one — stored into
	// `sv`; ROW_COUNT() and FOUND_ROWS() read after rows, an UPDATE, a SELECT
	// SQL_CALC_FOUND_ROWS and such a statement between; readers inside EXECUTE IMMEDIATE
	// and a procedure's body.
	DiagKeep Construct = "diag-keep"
	// DiagKeepDoUnlock: the statement between a warning and its reader is DO or UNLOCK
	// TABLES (both keep the area). Found by f-gen4's search (seed 51038, parallel: INSERT
	// IGNORE of a duplicate, DO 1, 2, a CALL of GET DIAGNOSTICS: 0 where the client has
	// 1): the open keepsArea gap for DO and UNLOCK TABLES x-diagkeep works on.
	DiagKeepDoUnlock Construct = "diag-keep-do-unlock"
	// DiagKeepMore: the statement between a warning and its reader is COMMIT, a SELECT
	// of no table (SELECT 0) or PREPARE … FROM 'SELECT 1' (all three keep the area).
	// Found by f-gen4's search (seed 51073, load-data; by hand in every mode with a
	// checkpoint; 51081 SELECT 6, 51099 a PREPARE of the reader itself): 0 where the
	// client's reader has 1 — the replay's keepers (keepsArea)
	// knew SET @v and SHOW, not these (TestDiffFuzzFoundGen4KeepersCommitSelectPrepare;
	// fixed by x-diag2).
	DiagKeepMore Construct = "diag-keep-more"
	// DiagWrappedRowCount: ROW_COUNT() and FOUND_ROWS() read inside EXECUTE IMMEDIATE, a
	// prepared statement or a procedure's body (GET DIAGNOSTICS … ROW_COUNT too). Found
	// by f-gen4's search (seed 51049, load-data: SELECT COUNT(*) INTO @c, then a CALL of
	// GET DIAGNOSTICS @w = ROW_COUNT: -1 where the client has 1): the open gap x-fix16
	// works on (ROW_COUNT inside EXECUTE and CALL).
	DiagWrappedRowCount Construct = "diag-wrapped-rowcount"
	// PreparedForms: PREPARE from a literal and from a user variable of INSERTs with `?`
	// parameters, EXECUTE … USING user variables, literals and expressions, re-PREPARE
	// under the same name, DEALLOCATE and DROP PREPARE, EXECUTE IMMEDIATE of the same,
	// PREPARE of USE (then bare names in the other database).
	PreparedForms Construct = "prepared-forms"
	// PreparedSet: prepared and EXECUTE IMMEDIATE SETs of completion_type, time_zone and
	// sql_mode (by `?` or in the text), with rows after them that show the value, set
	// back after. Found by f-gen4's search (seed 51159, resume): after a kill the resumed
	// session lacks a `PREPARE … 'SET sql_mode = ?'; EXECUTE … USING 'TRADITIONAL'`, and a
	// trigger created later keeps the default sql_mode — x-fix16's open gap (PREPAREd
	// session SETs on resume); left out in the modes with kills.
	PreparedSet Construct = "prepared-set"
	// LockKeys: mysqldump's region — LOCK TABLES t WRITE (one table or two), /*!40000
	// ALTER TABLE t DISABLE KEYS */, INSERTs, ENABLE KEYS, UNLOCK TABLES — on MyISAM,
	// Aria and InnoDB tables with secondary keys.
	LockKeys Construct = "lock-keys"
	// DiagSetWarning: the warning before a diag-keep reader is a SET of a user variable
	// whose expression warns (SET @v = CAST('5y' AS SIGNED)). Found by f-gen4's search
	// (seed 51005, parallel): the user-variable journal's INSERT runs between the SET and
	// the reader, which reads NULL where the client's reads 1292
	// (TestDiffFuzzFoundGen4SetWarningThenReader, gated).
	DiagSetWarning Construct = "diag-set-warning"
	// CallOutVar: a user variable a CALL assigned through an OUT or INOUT parameter,
	// read after the CALL. Found by f-gen4's search (seed 51002, resume): a resume past
	// the CALL does not give the variable back (those the body SETs it does), so the
	// reader reads the value from before the CALL (TestDiffFuzzFoundGen4CallOutParam;
	// fixed by x-fix19: plan.CallArgVars). Seed 51084 (resume) is the same through a
	// second CALL given that variable: its body's @rb_last differed.
	CallOutVar Construct = "call-out-var"
	// LockKeysVarBody: a lock-keys region after the script created a stored function or
	// trigger whose body names user variables. Found by f-gen4's run of the in-suite
	// seeds (seed 3, parallel: a hang): every statement from there on journals those
	// variables with its progress row, on another connection than the region's LOCK
	// TABLES, which also locks dumpscope_progress.vars WRITE; the journal's INSERT waits
	// for that metadata lock forever (TestDiffFuzzFoundGen4LockTablesAfterVarBody, gated).
	LockKeysVarBody Construct = "lock-keys-var-body"
	// Returning: INSERT … RETURNING, INSERT IGNORE … RETURNING, REPLACE … RETURNING and
	// INSERT … SELECT … RETURNING, into a table with an AUTO_INCREMENT key or explicit
	// ids.
	Returning Construct = "returning"
)

// Gen4Constructs are the constructs of gen_routines.go and gen_diagprep.go, for
// AllConstructs.
var Gen4Constructs = []Construct{RoutineBody, RoutineCursor, RoutineShadow, RoutineShadowCond, RoutineTriggerCall, DiagKeep, DiagKeepDoUnlock,
	DiagKeepMore, DiagWrappedRowCount, DiagSetWarning, PreparedForms, PreparedSet, LockKeys, LockKeysVarBody, Returning, CallOutVar}

// Gen4KnownBugs are the f-gen4 constructs of open findings, left out of the in-suite
// run and the CLI's default (docs/difffuzz.md, "Routines, diagnostics, prepared
// statements"): none now. On again since x-fix34 (session 44): diag-set-warning (seeds
// 51005, 60513, 82246, 82826 fixed or refused; 60 scripts with the form clean in every
// mode with x-fix34's build, seeds 92000–92999). Since x-diagkeep and x-fix16:
// diag-keep-do-unlock (seed 51038), diag-wrapped-rowcount (seed 51049); since x-diag2:
// diag-keep-more (seed 51073: COMMIT and PREPARE keep the area, the replay waits past
// them); since x-fix19: routine-trigger-call (seeds 51035, 51041); since stop 41's two
// searches with it on (105 scripts, every mode, no hang): lock-keys-var-body (in-suite
// seed 3's hang, fixed at stop 40).
var Gen4KnownBugs = []Construct{}

// Gen4KillModeOff are the f-gen4 constructs left out in the modes with kills only: none
// now. prepared-set (seed 51159: a prepared SET sql_mode not set again on resume) is on
// again since x-fix16's plan.Session, call-out-var (seeds 51002, 51084) since x-fix19's
// plan.CallArgVars.
var Gen4KillModeOff = []Construct{}

// gen4P is the chance of a block after each generator step of the general grammar
// (40 steps: about two a script), gen4EarlyP of one before the steps (where dumpscope's
// run is still parallel), gen4LoadP after each of the last three tables of the load-data
// profile (late, as the session constructs: most blocks turn the import serial).
const (
	gen4P      = 0.05
	gen4EarlyP = 0.4
	gen4LoadP  = 0.2
)

// gen4Source is the f-gen4 blocks' own random source for seed.
func gen4Source(seed int64) dice {
	return dice{r: rand.New(rand.NewSource(seed*7919 + 0x4f4))}
}

// gen4Maybe writes one f-gen4 block with chance p, drawn from the blocks' source.
func gen4Maybe(g *gen, p float64) {
	if g.rd.r == nil {
		return
	}
	main := g.dice
	g.dice = g.rd
	defer func() { g.rd, g.dice = g.dice, main }()
	if g.chance(p) {
		gen4Block(g)
	}
}

// gen4Block writes one of the f-gen4 blocks switched on. Most of them turn dumpscope's
// run serial (user variables, routines): not when serializing is off (the resume mode's
// switch).
func gen4Block(g *gen) {
	if len(g.dbs) == 0 || !g.cfg.on(Serializing) {
		return
	}
	blocks := []weightedBlock{
		{RoutineBody, 3, routineBodyBlock},
		{RoutineCursor, 2, routineCursorBlock},
		{RoutineShadow, 2, routineShadowBlock},
		{RoutineTriggerCall, 2, routineTriggerBlock},
		{DiagKeep, 3, diagKeepBlock},
		{PreparedForms, 3, preparedBlock},
		{PreparedSet, 2, preparedSetBlock},
		{LockKeys, 3, lockKeysBlock},
		{Returning, 2, returningBlock},
	}
	if b := pickBlock(g, blocks); b != nil {
		settle(g)
		b.f(g)
	}
}

// rname is a name for a block's object, counted apart from the generator's own.
func rname(g *gen, prefix string) string {
	g.rseq++
	return fmt.Sprintf("%s%d", prefix, g.rseq)
}

// rtable is a block's table: `id` int key, `a` int (a secondary key), `s` varchar(40),
// `ts` TIMESTAMP NULL (its stored value shows the session's time_zone).
type rtable struct {
	q      string // the qualified, quoted name
	nextID int
}

// newRTable creates a block's table in the first database, in engine (or one drawn).
func newRTable(g *gen, prefix, engine string, autoinc bool) *rtable {
	if engine == "" {
		engine = []string{"InnoDB", "InnoDB", "MyISAM", "Aria"}[g.pick(4)]
	}
	t := &rtable{q: fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, prefix)), nextID: 1}
	id := "`id` int NOT NULL"
	if autoinc {
		id = "`id` int NOT NULL AUTO_INCREMENT"
	}
	if g.chance(0.3) {
		g.emit("DROP TABLE IF EXISTS %s", t.q)
	}
	g.emit("CREATE TABLE %s (\n  %s,\n  `a` int DEFAULT NULL,\n  `s` varchar(40) DEFAULT NULL,\n  `ts` timestamp NULL DEFAULT NULL,\n  PRIMARY KEY (`id`),\n  KEY `ka` (`a`)\n) ENGINE=%s", t.q, id, engine)
	return t
}

// rrow is one row of t with the next id: small integers and plain strings (no
// backslash, no double quote: the same under every sql_mode the generator sets).
func (t *rtable) rrow(g *gen) Row {
	id := t.nextID
	t.nextID++
	ts := "NULL"
	if g.chance(0.6) {
		ts = fmt.Sprintf("'20%02d-%02d-%02d %02d:%02d:%02d'", 10+g.pick(20), 1+g.pick(12), 1+g.pick(28), g.pick(24), g.pick(60), g.pick(60))
	}
	return Row{fmt.Sprint(id), fmt.Sprint(g.pick(200) - 50), fmt.Sprintf("'s%d'", g.pick(1000)), ts}
}

// rrows writes a multi-row INSERT of n rows into t (several 2K batches when n is large).
func (t *rtable) rrows(g *gen, n int) {
	st := Stmt{Head: "INSERT INTO " + t.q + " VALUES "}
	for range n {
		st.Rows = append(st.Rows, t.rrow(g))
	}
	g.out = append(g.out, st)
}

// raw writes a DELIMITER ;; block of one routine or trigger definition, as mysqldump
// does.
func raw(g *gen, def string) {
	g.out = append(g.out, Stmt{Head: "DELIMITER ;;\n" + def + " ;;\nDELIMITER ;\n", Raw: true})
}

// definer is mysqldump's DEFINER clause sometimes (the runner's user for both programs).
func definer(g *gen) string {
	if g.chance(0.4) {
		return "DEFINER=`root`@`localhost` "
	}
	return ""
}

// handlerFor is a condition a CONTINUE handler for a duplicate key names.
func handlerFor(g *gen, named string) string {
	return []string{"1062", "SQLSTATE '23000'", "SQLEXCEPTION", named}[g.pick(4)]
}

// routineBodyBlock: a procedure with nested blocks, handlers, SIGNAL/RESIGNAL and three
// kinds of parameter, CALLed with user variables kept after; or a function with a
// nested block called in rows and a SET.
func routineBodyBlock(g *gen) {
	svTable(g)
	t := newRTable(g, "rb", "", false)
	t.rrows(g, 2+g.pick(20))
	if g.chance(0.35) {
		routineFunction(g, t)
		return
	}
	p := fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, "rp"))
	limit := 1 + g.pick(6)
	fatal := g.chance(0.05) // a SIGNAL no handler catches: the client stops at the CALL
	var b strings.Builder
	fmt.Fprintf(&b, "CREATE %sPROCEDURE %s(IN p_n int, INOUT p_acc int, OUT p_msg varchar(64))\nBEGIN\n", definer(g), p)
	b.WriteString("  DECLARE v_i int DEFAULT 0;\n  DECLARE v_dup int DEFAULT 0;\n  DECLARE dup_key CONDITION FOR 1062;\n")
	dupFor := handlerFor(g, "dup_key")
	if fatal {
		dupFor = "1062" // not SQLEXCEPTION, which would catch the SIGNAL
	}
	fmt.Fprintf(&b, "  DECLARE CONTINUE HANDLER FOR %s SET v_dup = v_dup + 1;\n", dupFor)
	b.WriteString("  blk: BEGIN\n")
	if !fatal {
		b.WriteString("    DECLARE EXIT HANDLER FOR SQLSTATE '45000' SET p_msg = CONCAT('exit at ', v_i);\n")
	}
	// Ids wrap around 3 values past the table's rows: duplicates the handler counts.
	fmt.Fprintf(&b, "    WHILE v_i < p_n DO\n      INSERT INTO %s (id, a, s) VALUES (%d + v_i %% 3, v_i, CONCAT('p', v_i));\n      SET v_i = v_i + 1;\n", t.q, t.nextID)
	fmt.Fprintf(&b, "      IF p_acc + v_i > %d THEN\n        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'over', MYSQL_ERRNO = 1644;\n      END IF;\n    END WHILE;\n", limit+4)
	b.WriteString("    SET p_msg = 'done';\n  END blk;\n")
	if g.chance(0.6) {
		b.WriteString("  BEGIN\n    DECLARE CONTINUE HANDLER FOR SQLEXCEPTION\n      GET DIAGNOSTICS CONDITION 1 @rb_errno = MYSQL_ERRNO, @rb_text = MESSAGE_TEXT;\n")
		b.WriteString("    BEGIN\n      DECLARE EXIT HANDLER FOR SQLSTATE '45001' RESIGNAL SET MESSAGE_TEXT = 'again';\n")
		b.WriteString("      SIGNAL SQLSTATE '45001' SET MESSAGE_TEXT = 'first';\n    END;\n  END;\n")
	}
	if g.chance(0.5) {
		b.WriteString("  BEGIN\n    DECLARE v_i int DEFAULT 100;\n    SET v_i = v_i + 1, @rb_inner = v_i;\n  END;\n")
	}
	b.WriteString("  SET p_acc = p_acc + v_i * 10 + v_dup, @rb_last = p_acc;\nEND")
	raw(g, b.String())
	acc := rname(g, "@acc")
	g.emit("SET %s = %d", acc, g.pick(4))
	if fatal {
		g.emit("SET %s = 100", acc)
	}
	g.emit("CALL %s(%d, %s, @rb_msg)", p, 2+g.pick(8), acc)
	if g.cfg.on(CallOutVar) {
		keep(g, "acc", acc)
		keep(g, "msg", "@rb_msg")
	}
	keep(g, "rb", "CONCAT_WS(' ', @rb_errno, @rb_text, @rb_inner, @rb_last)")
	if g.cfg.on(CallOutVar) && g.chance(0.3) {
		// p_acc is over the limit now: the EXIT handler. The CALL reads what the first
		// one assigned through INOUT (seed 51084: after a resume @rb_last differed).
		g.emit("CALL %s(1, %s, @rb_msg)", p, acc)
		keep(g, "acc2", "CONCAT_WS(' ', "+acc+", @rb_msg)")
	}
}

// routineFunction: a function with a nested block (a local shadowing the outer one), a
// handler and a user variable set in the body, called in a multi-row INSERT and a SET.
func routineFunction(g *gen, t *rtable) {
	f := fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, "rf"))
	var b strings.Builder
	fmt.Fprintf(&b, "CREATE %sFUNCTION %s(x int) RETURNS int\n    DETERMINISTIC\nBEGIN\n  DECLARE r int DEFAULT 0;\n", definer(g), f)
	b.WriteString("  DECLARE CONTINUE HANDLER FOR SQLSTATE '45000' SET r = r - 1000;\n")
	b.WriteString("  BEGIN\n    DECLARE r int DEFAULT x * 2;\n    SET @rf_inner = r;\n  END;\n")
	fmt.Fprintf(&b, "  IF x > %d THEN\n    SIGNAL SQLSTATE '45000';\n  END IF;\n", 50+g.pick(100))
	b.WriteString("  SET r = r + x + 1, @rf_calls = COALESCE(@rf_calls, 0) + 1;\n  RETURN r;\nEND")
	raw(g, b.String())
	g.varBodies = true
	st := Stmt{Head: "INSERT INTO " + t.q + " (id, a, s) VALUES "}
	for range 1 + g.pick(12) {
		st.Rows = append(st.Rows, Row{fmt.Sprint(t.nextID), fmt.Sprintf("%s(%d)", f, g.pick(200)-20), "'f'"})
		t.nextID++
	}
	g.out = append(g.out, st)
	v := rname(g, "@fv")
	g.emit("SET %s = %s(%d)", v, f, g.pick(100))
	keep(g, "fv", fmt.Sprintf("CONCAT_WS(' ', %s, @rf_inner, @rf_calls)", v))
}

// routineCursorBlock: a procedure whose cursor walks the block's rows in key order,
// summing into OUT parameters and copying into a second table; CALLed, the sums kept.
func routineCursorBlock(g *gen) {
	svTable(g)
	t := newRTable(g, "rc", "", false)
	t.rrows(g, 3+g.pick(30))
	cp := newRTable(g, "rcc", "", false)
	p := fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, "rcp"))
	var b strings.Builder
	fmt.Fprintf(&b, "CREATE %sPROCEDURE %s(IN p_min int, OUT p_sum int, OUT p_n int)\nBEGIN\n", definer(g), p)
	b.WriteString("  DECLARE v_done int DEFAULT 0;\n  DECLARE v_id, v_a int;\n  DECLARE v_s varchar(40);\n")
	param := g.chance(0.3)
	if param {
		fmt.Fprintf(&b, "  DECLARE c_rows CURSOR (c_min int) FOR SELECT id, a, s FROM %s WHERE a >= c_min ORDER BY id;\n", t.q)
	} else {
		fmt.Fprintf(&b, "  DECLARE c_rows CURSOR FOR SELECT id, a, s FROM %s WHERE a >= p_min ORDER BY id;\n", t.q)
	}
	b.WriteString("  DECLARE CONTINUE HANDLER FOR NOT FOUND SET v_done = 1;\n  SET p_sum = 0, p_n = 0;\n")
	if param {
		b.WriteString("  OPEN c_rows(p_min);\n")
	} else {
		b.WriteString("  OPEN c_rows;\n")
	}
	body := fmt.Sprintf("SET p_sum = p_sum + COALESCE(v_a, 0), p_n = p_n + 1;\n    INSERT INTO %s (id, a, s) VALUES (v_id, v_a, CONCAT(v_s, '+'));\n", cp.q)
	switch g.pick(3) {
	case 0:
		b.WriteString("  walk: LOOP\n    FETCH c_rows INTO v_id, v_a, v_s;\n    IF v_done THEN\n      LEAVE walk;\n    END IF;\n    " + body + "  END LOOP walk;\n")
	case 1:
		b.WriteString("  FETCH c_rows INTO v_id, v_a, v_s;\n  WHILE NOT v_done DO\n    " + body + "    FETCH c_rows INTO v_id, v_a, v_s;\n  END WHILE;\n")
	default:
		b.WriteString("  REPEAT\n    FETCH c_rows INTO v_id, v_a, v_s;\n    IF NOT v_done THEN\n    " + body + "    END IF;\n  UNTIL v_done END REPEAT;\n")
	}
	b.WriteString("  CLOSE c_rows;\nEND")
	raw(g, b.String())
	g.emit("CALL %s(%d, @rc_sum, @rc_n)", p, g.pick(100)-50)
	if g.cfg.on(CallOutVar) {
		keep(g, "cursor", "CONCAT_WS(' ', @rc_sum, @rc_n)")
	}
	if g.chance(0.4) {
		cp.nextID = 1000 // after the copies' ids (the block's rows are fewer)
		cp.rrows(g, 1+g.pick(10))
	}
}

// routineShadowBlock: the session's time_zone set in a procedure's outer body (it
// outlives the CALL) or its sql_mode (set back at the routine's end), locals of those
// names in an inner block (or, routine-shadow-cond, a CONDITION or CURSOR of the name,
// which shadows nothing), rows with TIMESTAMP values after the CALL, time_zone set back.
func routineShadowBlock(g *gen) {
	svTable(g)
	t := newRTable(g, "rs", "", false)
	g.emit("SET @rs_old_tz = @@time_zone")
	p := fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, "rsp"))
	tz := []string{"'+03:00'", "'-07:00'", "'+05:45'", "'+00:00'"}
	var b strings.Builder
	fmt.Fprintf(&b, "CREATE %sPROCEDURE %s()\nBEGIN\n", definer(g), p)
	if g.chance(0.5) {
		fmt.Fprintf(&b, "  SET time_zone = %s;\n", tz[g.pick(len(tz))])
	}
	if g.chance(0.4) {
		b.WriteString("  SET sql_mode = 'NO_ENGINE_SUBSTITUTION';\n")
		fmt.Fprintf(&b, "  INSERT INTO %s (id, a, s) VALUES (%d, 1, 'mode-in-body-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx');\n", t.q, 900+g.pick(99))
	}
	b.WriteString("  BEGIN\n")
	cond := g.cfg.on(RoutineShadowCond) && g.chance(0.4)
	switch {
	case cond && g.chance(0.5):
		b.WriteString("    DECLARE time_zone CONDITION FOR SQLSTATE '45002';\n")
		fmt.Fprintf(&b, "    DECLARE CONTINUE HANDLER FOR time_zone SET @rs_caught = 1;\n    SET time_zone = %s;\n    SIGNAL time_zone;\n", tz[g.pick(len(tz))])
	case cond:
		fmt.Fprintf(&b, "    DECLARE sql_mode CURSOR FOR SELECT id FROM %s;\n", t.q)
		fmt.Fprintf(&b, "    SET time_zone = %s;\n    SET sql_mode = 'NO_ENGINE_SUBSTITUTION';\n", tz[g.pick(len(tz))])
	default:
		b.WriteString("    DECLARE time_zone varchar(10) DEFAULT '+09:00';\n    DECLARE sql_mode varchar(40) DEFAULT 'ANSI';\n")
		fmt.Fprintf(&b, "    SET time_zone = %s, sql_mode = 'TRADITIONAL';\n    SET @rs_inner = CONCAT(time_zone, ' ', sql_mode);\n", tz[g.pick(len(tz))])
		if g.chance(0.4) {
			fmt.Fprintf(&b, "    SET @@session.time_zone = %s;\n", tz[g.pick(len(tz))])
		}
	}
	b.WriteString("  END;\n")
	if g.chance(0.5) {
		b.WriteString("  SET @rs_tz = @@time_zone;\n")
	}
	b.WriteString("END")
	raw(g, b.String())
	t.rrows(g, 1+g.pick(8))
	g.emit("CALL %s()", p)
	t.rrows(g, 2+g.pick(30))
	keep(g, "shadow", "CONCAT_WS(' ', @@time_zone, @rs_inner, @rs_tz, @rs_caught)")
	g.emit("SET time_zone = @rs_old_tz")
	if g.chance(0.5) {
		t.rrows(g, 1+g.pick(5))
	}
}

// routineTriggerBlock: a procedure counting in a user variable and logging into a
// table, a trigger whose body CALLs it, a function that CALLs it; rows that fire the
// trigger and call the function.
func routineTriggerBlock(g *gen) {
	svTable(g)
	t := newRTable(g, "rt", "", false)
	lg := fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, "rlog"))
	g.emit("CREATE TABLE %s (n int NOT NULL AUTO_INCREMENT PRIMARY KEY, a int, what varchar(20)) ENGINE=%s", lg, []string{"InnoDB", "MyISAM"}[g.pick(2)])
	p := fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, "rlp"))
	raw(g, fmt.Sprintf("CREATE %sPROCEDURE %s(IN x int, INOUT tally int)\nBEGIN\n  SET tally = tally + 1;\n  SET @rl_calls = COALESCE(@rl_calls, 0) + 1;\n  INSERT INTO %s (a, what) VALUES (x, 'call');\nEND", definer(g), p, lg))
	trg := fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, "rtg"))
	when := []string{"BEFORE", "AFTER"}[g.pick(2)]
	var b strings.Builder
	fmt.Fprintf(&b, "CREATE %sTRIGGER %s %s INSERT ON %s FOR EACH ROW\nBEGIN\n  DECLARE v_t int DEFAULT 0;\n  CALL %s(NEW.a, v_t);\n", definer(g), trg, when, t.q, p)
	if when == "BEFORE" {
		b.WriteString("  SET NEW.s = CONCAT('trg', v_t, '-', COALESCE(NEW.s, ''));\n")
	}
	b.WriteString("END")
	raw(g, b.String())
	g.varBodies = true // the trigger's CALL sets @rl_calls
	t.rrows(g, 1+g.pick(25))
	if g.chance(0.6) {
		f := fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, "rlf"))
		raw(g, fmt.Sprintf("CREATE %sFUNCTION %s(x int) RETURNS int\n    MODIFIES SQL DATA\nBEGIN\n  DECLARE v_t int DEFAULT 10;\n  CALL %s(x, v_t);\n  RETURN v_t + x;\nEND", definer(g), f, p))
		g.emit("SET @rl_f = %s(%d)", f, g.pick(50))
		st := Stmt{Head: "INSERT INTO " + t.q + " (id, a, s) VALUES "}
		for range 1 + g.pick(6) {
			st.Rows = append(st.Rows, Row{fmt.Sprint(t.nextID), fmt.Sprintf("%s(%d)", f, g.pick(50)), "'fn'"})
			t.nextID++
		}
		g.out = append(g.out, st)
	}
	keep(g, "calls", "CONCAT_WS(' ', @rl_calls, @rl_f)")
	if g.chance(0.3) {
		g.emit("DROP TRIGGER %s", trg)
	}
}
