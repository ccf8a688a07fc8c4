package difffuzz

import (
	"fmt"
	"math/rand"
	"strings"
)

// The constructs of branch x-fuzz (session 46): texts the server runs as several
// statements, and code written under sql_mode=ORACLE. Before them the generator wrote
// one statement per DELIMITER text (a routine, a trigger) and no Oracle-mode code, so
// the splitter's cutting of such texts into the server's parts (split.ServerParts,
// x-fix40, x-fix44) was never searched.
//
// Each block is self-contained like the f-gen4 ones: it starts outside a transaction
// with autocommit on and leaves the session so (sql_mode set back from a user variable,
// as mysqldump's @saved_sql_mode), writes only tables of its own and `sv`, uses only
// backquoted names and strings without backslashes or double quotes (the same under
// every sql_mode the generator sets), and draws from its own random source (gen.xd), so
// that with the constructs off a seed's script is byte for byte what it was before.

// The x-fuzz constructs' names (docs/difffuzz.md, "Session 46, x-fuzz").
const (
	// MultiStmtText: a DELIMITER ;; text of two to five statements, as people write by
	// hand and mysqldump writes for triggers and routines: rows, UPDATE and DELETE, SET of
	// user variables and of NAMES, CALL, ALTER PROCEDURE … COMMENT, DROP and CREATE of a
	// procedure or trigger (a compound body followed by more statements), DO, comments
	// holding semicolons between the parts.
	MultiStmtText Construct = "multi-stmt"
	// OracleCode: code under sql_mode=ORACLE as mariadb-dump writes it (SET sql_mode in
	// /*!50003 */, then one DELIMITER ;; text per object ending in "END\n;;"): a procedure
	// `AS` with a DECLARE section, a `<<label>>` FOR … LOOP, WHILE … LOOP, IF … ELSIF,
	// EXCEPTION WHEN DUP_VAL_ON_INDEX; a function `RETURN INT AS`; a package and its body
	// (package state kept per session); a trigger `DECLARE … BEGIN :NEW.a := … END` or
	// `<<l>> BEGIN … END l`; top-level anonymous blocks (`DECLARE v INT := 3; BEGIN … END`,
	// `BEGIN …; …; END`: a block under ORACLE, not START TRANSACTION). CALLed afterwards
	// under the script's own sql_mode.
	OracleCode Construct = "oracle"
	// OracleThenMore: an Oracle-mode routine followed by more statements in the same
	// DELIMITER text. The server reads the routine to its END and runs the rest; dumpscope
	// left an Oracle body unread and the text whole, and sent it as one statement: ERROR
	// 1064 where the client succeeded (TestDiffFuzzFoundS46OracleThenMore; on since
	// x-fix51, session 47: split/oracle.go reads the body).
	OracleThenMore Construct = "oracle-then-more"
	// TextModeBack: a multi-stmt text read under NO_BACKSLASH_ESCAPES (set before it)
	// whose last part sets sql_mode back from a variable. Into a target that holds a
	// database (mode read-ahead) the preflight's read-ahead keeps NO_BACKSLASH_ESCAPES past
	// the text and stopped at the next backslash-escaped quote, where the client runs on
	// (TestDiffFuzzFoundS46TextSetsModeBack; on since x-fix51, session 47: the splitter
	// follows a text's SET parts).
	TextModeBack Construct = "text-mode-back"
)

// TextConstructs are the constructs of gen_texts.go, for AllConstructs; TextKnownBugs
// those with a known difference, for KnownBugs.
var (
	TextConstructs = []Construct{MultiStmtText, OracleCode, OracleThenMore, TextModeBack}
	TextKnownBugs  = []Construct{}
)

// textP is the chance of a block after each generator step of the general grammar,
// textEarlyP before the steps, textLoadP after each of the load-data profile's last
// three tables.
const (
	textP      = 0.05
	textEarlyP = 0.4
	textLoadP  = 0.2
)

// textSource is the x-fuzz blocks' own random source for seed.
func textSource(seed int64) dice {
	return dice{r: rand.New(rand.NewSource(seed*6007 + 0x46))}
}

// textMaybe writes one x-fuzz block with chance p, drawn from the blocks' source.
func textMaybe(g *gen, p float64) {
	if g.xd.r == nil || len(g.dbs) == 0 || !g.cfg.on(Serializing) { // user variables, routines
		return
	}
	main := g.dice
	g.dice = g.xd
	defer func() { g.xd, g.dice = g.dice, main }()
	if !g.chance(p) {
		return
	}
	blocks := []weightedBlock{
		{MultiStmtText, 4, multiStmtBlock},
		{OracleCode, 3, oracleBlock},
		{OracleThenMore, 1, oracleThenMoreBlock},
	}
	if b := pickBlock(g, blocks); b != nil {
		settle(g)
		b.f(g)
	}
}

// delimText writes one DELIMITER ;; text of parts, ended as mysqldump ends a routine
// ("\n;;") or as people do (";;" right after the last part).
func delimText(g *gen, parts []string) {
	end := ";;\n"
	if g.chance(0.5) {
		end = "\n;;\n"
	}
	g.out = append(g.out, Stmt{Head: "DELIMITER ;;\n" + strings.Join(parts, textSep(g)) + end + "DELIMITER ;\n", Raw: true})
}

// textSep is what goes between two parts of one text: a ';' and a newline, sometimes a
// comment holding a ';' (the server reads it as a comment, not an end).
func textSep(g *gen) string {
	switch g.pick(6) {
	case 0:
		return "; /* a; b */\n"
	case 1:
		return ";\n-- c; d\n"
	case 2:
		return "; "
	}
	return ";\n"
}

// multiStmtBlock writes a table and one to three texts of several statements each into
// it, then keeps the user variables the texts set.
func multiStmtBlock(g *gen) {
	svTable(g)
	t := newRTable(g, "mt", "", false)
	t.rrows(g, 1+g.pick(6))
	proc := ""
	if g.chance(0.6) {
		proc = fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, "mp"))
		raw(g, fmt.Sprintf("CREATE %sPROCEDURE %s(x int)\nBEGIN\n  INSERT INTO %s (id, a, s) VALUES (x, x, 'proc');\n  SET @mt_calls = COALESCE(@mt_calls, 0) + 1;\nEND", definer(g), proc, t.q))
	}
	nextID := func() int { id := t.nextID; t.nextID++; return id }
	v := rname(g, "@mt")
	g.emit("SET %s = 0", v)
	for range 1 + g.pick(3) {
		var parts []string
		for range 2 + g.pick(4) {
			switch g.pick(12) {
			case 0, 1:
				rows := make([]string, 1+g.pick(3))
				for i := range rows {
					rows[i] = "(" + strings.Join(t.rrow(g), ",") + ")"
				}
				parts = append(parts, "INSERT INTO "+t.q+" VALUES "+strings.Join(rows, ","))
			case 2:
				parts = append(parts, fmt.Sprintf("UPDATE %s SET `a` = `a` + 1 WHERE `id` <= %d", t.q, 1+g.pick(t.nextID)))
			case 3:
				parts = append(parts, fmt.Sprintf("DELETE FROM %s WHERE `id` = %d", t.q, 1+g.pick(t.nextID)))
			case 4:
				parts = append(parts, fmt.Sprintf("SET %s = %s + %d", v, v, 1+g.pick(9)))
			case 5:
				parts = append(parts, fmt.Sprintf("SET %s = (SELECT COUNT(*) FROM %s)", v, t.q))
			case 6:
				if proc == "" {
					parts = append(parts, "DO 1")
					break
				}
				parts = append(parts, fmt.Sprintf("CALL %s(%d)", proc, nextID()))
			case 7:
				if proc == "" {
					parts = append(parts, "SET NAMES utf8mb4")
					break
				}
				parts = append(parts, fmt.Sprintf("ALTER PROCEDURE %s COMMENT 'c%d; x'", proc, g.pick(100)))
			case 8:
				// A procedure made and called in the same text: a compound body, then more.
				p := fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, "mq"))
				parts = append(parts, "DROP PROCEDURE IF EXISTS "+p,
					fmt.Sprintf("CREATE PROCEDURE %s()\nBEGIN\n  INSERT INTO %s (id, a, s) VALUES (%d, 1, 'in; text');\n  SET @mt_inner = 1;\nEND", p, t.q, nextID()),
					"CALL "+p+"()")
			case 9:
				// A trigger made in a text, and rows that fire it in the same text.
				tr := fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, "mtr"))
				parts = append(parts, fmt.Sprintf("CREATE TRIGGER %s BEFORE INSERT ON %s FOR EACH ROW\nBEGIN\n  SET NEW.`a` = COALESCE(NEW.`a`, 0) + 1000;\n  SET @mt_trg = COALESCE(@mt_trg, 0) + 1;\nEND", tr, t.q),
					"INSERT INTO "+t.q+" VALUES ("+strings.Join(t.rrow(g), ",")+")")
			case 10:
				parts = append(parts, "SET SESSION sql_mode = CONCAT(@@sql_mode, '')", "DO 2")
			default:
				if !g.cfg.on(TextModeBack) {
					parts = append(parts, "DO 3")
					break
				}
				// A text read under NO_BACKSLASH_ESCAPES ('a\' is a whole string, the ';'
				// inside 'b;c' text), which sets the mode back as its last part from a
				// variable (@mt_mode: no reader can evaluate it; the client takes the
				// server's status after the text). The mode is set before the text, so that
				// the client reads the text as the server does.
				g.emit("SET @mt_mode = @@sql_mode")
				g.emit("SET sql_mode = 'NO_BACKSLASH_ESCAPES'")
				parts = append(parts, fmt.Sprintf("INSERT INTO %s (id, a, s) VALUES (%d, 1, 'a\\'), (%d, 2, 'b;c')", t.q, nextID(), nextID()))
				delimText(g, append(parts, "SET sql_mode = @mt_mode"))
				parts = nil
			}
		}
		if len(parts) > 0 {
			delimText(g, parts)
		}
	}
	keep(g, "mt", fmt.Sprintf("CONCAT_WS(' ', %s, @mt_calls, @mt_inner, @mt_trg)", v))
}

// oracleMode is mariadb-dump's sql_mode for Oracle-mode code, saved and set as it
// writes it; oracleBack sets it back.
const (
	oracleMode = "/*!50003 SET @saved_sql_mode       = @@sql_mode */ ;\n/*!50003 SET sql_mode              = 'PIPES_AS_CONCAT,ANSI_QUOTES,IGNORE_SPACE,ORACLE,NO_KEY_OPTIONS,NO_TABLE_OPTIONS,NO_FIELD_OPTIONS,NO_AUTO_CREATE_USER,SIMULTANEOUS_ASSIGNMENT' */ ;\n"
	oracleBack = "/*!50003 SET sql_mode              = @saved_sql_mode */ ;\n"
)

// oracleRoutines writes, under ORACLE, a table's procedure (and sometimes a function, a
// package, a trigger, anonymous blocks), each in its own text as mariadb-dump does; it
// returns the procedure's and the function's names ("" when none).
func oracleRoutines(g *gen, t *rtable, then []string) (proc, fn, pkg string) {
	g.out = append(g.out, Stmt{Head: oracleMode, Raw: true})
	proc = fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, "op"))
	def := ""
	if g.chance(0.5) {
		def = `DEFINER="root"@"localhost" `
	}
	var b strings.Builder
	fmt.Fprintf(&b, "CREATE %sPROCEDURE %s(x INT, n INT)\nAS\n  y INT := %d;\n", def, proc, g.pick(3))
	if g.chance(0.5) {
		b.WriteString("  z VARCHAR(20) := 'o;z';\n")
	}
	fmt.Fprintf(&b, "BEGIN\n  <<l1>>\n  FOR i IN 1..n LOOP\n    INSERT INTO %s VALUES (x * 10 + i, y, 'o' || i, NULL);\n  END LOOP l1;\n", t.q)
	b.WriteString("  WHILE y < 4 LOOP\n    y := y + 1;\n  END LOOP;\n")
	fmt.Fprintf(&b, "  IF y > 3 THEN\n    UPDATE %s SET a = a + y WHERE id = x * 10 + 1;\n  ELSIF y > 1 THEN\n    NULL;\n  ELSE\n    NULL;\n  END IF;\n", t.q)
	if g.chance(0.6) {
		fmt.Fprintf(&b, "  INSERT INTO %s VALUES (x * 10 + 1, 0, 'dup', NULL);\nEXCEPTION\n  WHEN DUP_VAL_ON_INDEX THEN\n    INSERT INTO %s VALUES (x * 10 + 9, -1, 'caught', NULL);\n  WHEN OTHERS THEN\n    NULL;\n", t.q, t.q)
	}
	b.WriteString("END")
	oracleText(g, b.String(), then)
	if g.chance(0.5) {
		fn = fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, "of"))
		oracleText(g, fmt.Sprintf("CREATE %sFUNCTION %s(x INT) RETURN INT\nAS\n  v INT := 0;\nBEGIN\n  v := x * 2;\n  RETURN v + 1;\nEND", def, fn), nil)
	}
	if g.chance(0.12) { // rare: --parallel refuses its CALL (TestDiffFuzzFoundS46PackageCallRefused)
		pkg = fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, "pk"))
		oracleText(g, fmt.Sprintf("CREATE %sPACKAGE %s AS\n  FUNCTION g(x INT) RETURN INT;\n  PROCEDURE bump(x INT);\nEND", def, pkg), nil)
		oracleText(g, fmt.Sprintf("CREATE %sPACKAGE BODY %s AS\n  cnt INT := 0;\n  FUNCTION g(x INT) RETURN INT AS\n  BEGIN\n    RETURN x + cnt;\n  END;\n  PROCEDURE bump(x INT) AS\n  BEGIN\n    cnt := cnt + x;\n    INSERT INTO %s VALUES (700 + cnt, x, 'pkg', NULL);\n  END;\nEND", def, pkg, t.q), nil)
	}
	if g.chance(0.4) {
		tr := fmt.Sprintf("`%s`.`%s`", g.dbs[0], rname(g, "otr"))
		body := "DECLARE\n  v INT := 5;\nBEGIN\n  :NEW.a := COALESCE(:NEW.a, 0) + v;\nEND"
		if g.chance(0.4) {
			body = "<<l>>\nBEGIN\n  :NEW.s := :NEW.s || '+';\n  :NEW.a := COALESCE(:NEW.a, 0) - 1;\nEND l"
		}
		oracleText(g, fmt.Sprintf("CREATE %sTRIGGER %s BEFORE INSERT ON %s FOR EACH ROW\n%s", def, tr, t.q, body), nil)
	}
	if g.chance(0.3) {
		oracleText(g, fmt.Sprintf("DECLARE\n  v INT := %d;\nBEGIN\n  INSERT INTO %s VALUES (500 + v, v, 'anon', NULL);\nEND", g.pick(50), t.q), nil)
	}
	if g.chance(0.2) { // a block at the top under ORACLE, not START TRANSACTION
		oracleText(g, fmt.Sprintf("BEGIN\n  INSERT INTO %s VALUES (600, 1, 'beg', NULL);\n  INSERT INTO %s VALUES (601, 2, 'beg', NULL);\nEND", t.q, t.q), nil)
	}
	g.out = append(g.out, Stmt{Head: oracleBack, Raw: true})
	return proc, fn, pkg
}

// oracleText writes one Oracle-mode object's text as mariadb-dump does ("END\n;;"),
// followed in the same text by then (OracleThenMore).
func oracleText(g *gen, def string, then []string) {
	text := def
	if len(then) > 0 {
		text += ";\n" + strings.Join(then, ";\n")
	}
	g.out = append(g.out, Stmt{Head: "DELIMITER ;;\n" + text + "\n;;\nDELIMITER ;\n", Raw: true})
}

// oracleBlock writes Oracle-mode code into a table of its own and calls it under the
// script's sql_mode; what the calls leave is in the table and `sv`.
func oracleBlock(g *gen) {
	svTable(g)
	t := newRTable(g, "ot", "", false)
	t.nextID = 1000
	if g.chance(0.5) {
		t.rrows(g, 1+g.pick(4))
	}
	proc, fn, pkg := oracleRoutines(g, t, nil)
	oracleCalls(g, t, proc, fn, pkg)
}

// oracleCalls calls what oracleRoutines made, under the script's own sql_mode.
func oracleCalls(g *gen, t *rtable, proc, fn, pkg string) {
	for i := range 1 + g.pick(3) {
		g.emit("CALL %s(%d, %d)", proc, 1+i+g.pick(3)*4, 1+g.pick(4))
	}
	if fn != "" {
		keep(g, "of", fmt.Sprintf("%s(%d)", fn, g.pick(20)))
	}
	if pkg != "" {
		g.emit("CALL %s.bump(%d)", pkg, 1+g.pick(5))
		keep(g, "pk", fmt.Sprintf("%s.g(%d)", pkg, g.pick(9)))
	}
	if g.chance(0.5) {
		t.rrows(g, 1+g.pick(3)) // fires the trigger, if any
	}
}

// oracleThenMoreBlock: an Oracle procedure followed in its text by rows, a SET and a
// CALL of it (the known ERROR 1064).
func oracleThenMoreBlock(g *gen) {
	svTable(g)
	t := newRTable(g, "om", "", false)
	t.nextID = 1000
	then := []string{"INSERT INTO " + t.q + " VALUES (" + strings.Join(t.rrow(g), ",") + ")", "SET @om = 1"}
	proc, fn, pkg := oracleRoutines(g, t, then)
	oracleCalls(g, t, proc, fn, pkg)
	keep(g, "om", "@om")
}
