package difffuzz

import (
	"fmt"
	"strings"
)

// The x-fuzz4 blocks (session 49): the ground session 48 moved. Each writes its own
// table and leaves in it what the construct did, so that a difference shows in the
// re-dump (TestS49BlocksReach: each block's effect is in the client's re-dump, and the
// script with its CALL or COMMIT taken out re-dumps otherwise).
const (
	// ProcTemp: a procedure that makes TEMPORARY tables, one only when its argument says
	// so (IF … THEN CREATE TEMPORARY TABLE), one always (IF NOT EXISTS), CALLed, then
	// rows into the temporary tables and copied from them into a real table
	// (plan/bodytemps.go: a routine body's temporary tables).
	ProcTemp Construct = "proc-temp"
	// ProcGlobalPacket: a procedure that sets GLOBAL max_allowed_packet and
	// net_buffer_length and sets them back to what they were, CALLed; the values it saw
	// and the session's afterwards are kept (the script leaves the server as it found
	// it; a connection made while they were changed would start with other session
	// values).
	ProcGlobalPacket Construct = "proc-global-packet"
	// XATempCommit: an XA transaction that writes a TEMPORARY table and a real one and
	// commits (XA COMMIT … ONE PHASE, or XA PREPARE then XA COMMIT), then the temporary
	// table's rows copied into the real one: the committed-XA stretch a resume must not
	// run again (kills land around it in the modes with kills).
	XATempCommit Construct = "xa-temp-commit"
	// OraclePackageMore: under SET sql_mode=ORACLE, CREATE PACKAGE and PACKAGE BODY and
	// then more statements (a CALL of the package's procedure, an INSERT reading its
	// function) in one DELIMITER ;; block, the mode set back after it.
	OraclePackageMore Construct = "oracle-package-more"
)

// S49Constructs are the constructs of gen_s49.go, for AllConstructs and InSuiteOff.
var S49Constructs = []Construct{ProcTemp, ProcGlobalPacket, XATempCommit, OraclePackageMore}

// s49Family registers the x-fuzz4 blocks (family.go): 50 % before the general grammar's
// steps, 3 % after each, 10 % after each table of the load-data profile.
var s49Family = &family{name: famS49, mult: 6151, add: 0x49, early: 0.5, step: 0.03, load: 0.1, constructs: S49Constructs, blocks: s49Blocks}

// s49Blocks: each block needs the older constructs whose forms it writes: with those off
// (a known bug's, or a test's) it is not written either.
func s49Blocks(g *gen) []weightedBlock {
	var blocks []weightedBlock
	if g.cfg.on(TemporaryTables) {
		blocks = append(blocks, weightedBlock{ProcTemp, 3, procTempBlock})
		if g.cfg.on(XATxn) {
			blocks = append(blocks, weightedBlock{XATempCommit, 3, xaTempCommitBlock})
		}
	}
	blocks = append(blocks, weightedBlock{ProcGlobalPacket, 1, procGlobalPacketBlock})
	if g.cfg.on(OracleCode) {
		blocks = append(blocks, weightedBlock{OraclePackageMore, 1, oraclePackageMoreBlock})
	}
	return blocks
}

// s49Table makes a block's real table and returns its qualified name.
func s49Table(g *gen, prefix string) string {
	q := fmt.Sprintf("`%s`.`%s%d`", g.dbs[0], prefix, familyNext(g, famS49))
	g.emit("CREATE TABLE %s (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=InnoDB", q)
	return q
}

// s49Rows are n rows (id from, 'tag<id>').
func s49Rows(from, n int, tag string) string {
	rows := make([]string, n)
	for i := range rows {
		rows[i] = fmt.Sprintf("(%d,'%s%d')", from+i, tag, from+i)
	}
	return strings.Join(rows, ",")
}

func procTempBlock(g *gen) {
	t := s49Table(g, "pt")
	n := familySeq(g, famS49)
	proc := fmt.Sprintf("`%s`.`ptp%d`", g.dbs[0], n)
	cond := fmt.Sprintf("`%s`.`ptc%d`", g.dbs[0], n) // made when the argument is > 0
	always := fmt.Sprintf("`%s`.`pta%d`", g.dbs[0], n)
	engine := []string{"InnoDB", "MEMORY", "Aria", "MyISAM"}[g.pick(4)]
	body := fmt.Sprintf("CREATE PROCEDURE %s(c INT)\nBEGIN\n  IF c > 0 THEN\n    CREATE TEMPORARY TABLE %s (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=%s;\n  END IF;\n  CREATE TEMPORARY TABLE IF NOT EXISTS %s (id INT, v VARCHAR(40));\n  INSERT INTO %s VALUES (c, 'call');\nEND", proc, cond, engine, always, always)
	g.out = append(g.out, Stmt{Head: "DELIMITER ;;\n" + body + ";;\nDELIMITER ;\n", Raw: true})
	made := g.chance(0.7)
	arg := 0
	if made {
		arg = 1 + g.pick(3)
	}
	g.emit("CALL %s(%d)", proc, arg)
	if made {
		for i := range 1 + g.pick(3) {
			g.emit("INSERT INTO %s VALUES %s", cond, s49Rows(10*i+1, 1+g.pick(4), "c"))
			if g.chance(0.5) {
				g.emit("INSERT INTO %s VALUES %s", t, s49Rows(500+10*i, 1+g.pick(3), "r"))
			}
		}
		if g.chance(0.3) {
			g.emit("UPDATE %s SET v = CONCAT(v, '+') WHERE id = 1", cond)
		}
		g.emit("INSERT INTO %s SELECT id, v FROM %s", t, cond)
	}
	if g.chance(0.4) {
		g.emit("CALL %s(-1)", proc) // the table that is made always exists: a note, a second row (id -1: not the first call's)
	}
	g.emit("INSERT INTO %s SELECT id + 1000, v FROM %s", t, always)
	if g.chance(0.6) {
		if made {
			g.emit("DROP TEMPORARY TABLE %s", cond)
		}
		g.emit("DROP TEMPORARY TABLE %s", always)
	}
}

func procGlobalPacketBlock(g *gen) {
	t := s49Table(g, "pg")
	proc := fmt.Sprintf("`%s`.`pgp%d`", g.dbs[0], familySeq(g, famS49))
	packet := []int{33554432, 67108864, 8388608}[g.pick(3)]
	netbuf := []int{32768, 65536, 8192}[g.pick(3)]
	body := fmt.Sprintf("CREATE PROCEDURE %s()\nBEGIN\n  DECLARE m BIGINT DEFAULT @@GLOBAL.max_allowed_packet;\n  DECLARE b BIGINT DEFAULT @@GLOBAL.net_buffer_length;\n  SET GLOBAL max_allowed_packet = %d;\n  SET GLOBAL net_buffer_length = %d;\n  INSERT INTO %s VALUES (1, CONCAT(@@GLOBAL.max_allowed_packet, ' ', @@GLOBAL.net_buffer_length));\n  SET GLOBAL max_allowed_packet = m;\n  SET GLOBAL net_buffer_length = b;\nEND", proc, packet, netbuf, t)
	g.out = append(g.out, Stmt{Head: "DELIMITER ;;\n" + body + ";;\nDELIMITER ;\n", Raw: true})
	g.emit("INSERT INTO %s VALUES %s", t, s49Rows(10, 1+g.pick(5), "b"))
	g.emit("CALL %s()", proc)
	g.emit("INSERT INTO %s VALUES %s", t, s49Rows(20, 1+g.pick(5), "a"))
	// What the script leaves: the globals as they were (the runner's server's values,
	// the same for both programs), and this connection's session value.
	g.emit("INSERT INTO %s VALUES (2, CONCAT(@@GLOBAL.max_allowed_packet = %d, ' ', @@GLOBAL.net_buffer_length = %d, ' ', @@SESSION.net_buffer_length = %d))", t, packet, netbuf, netbuf)
}

func xaTempCommitBlock(g *gen) {
	t := s49Table(g, "xt")
	tmp := fmt.Sprintf("`%s`.`xtt%d`", g.dbs[0], familySeq(g, famS49))
	xid := fmt.Sprintf("'fzx%d'", familySeq(g, famS49))
	engine := []string{"InnoDB", "InnoDB", "MEMORY", "Aria"}[g.pick(4)]
	g.emit("CREATE TEMPORARY TABLE %s (id INT PRIMARY KEY, v VARCHAR(40)) ENGINE=%s", tmp, engine)
	if g.chance(0.5) {
		g.emit("INSERT INTO %s VALUES %s", tmp, s49Rows(100, 1+g.pick(3), "pre"))
	}
	g.emit("XA START %s", xid)
	g.emit("INSERT INTO %s VALUES %s", tmp, s49Rows(1, 1+g.pick(4), "x"))
	g.emit("INSERT INTO %s VALUES %s", t, s49Rows(1, 1+g.pick(4), "t"))
	if g.chance(0.4) {
		g.emit("UPDATE %s SET v = CONCAT(v, '*') WHERE id = 1", tmp)
	}
	g.emit("XA END %s", xid)
	if g.chance(0.5) {
		g.emit("XA COMMIT %s ONE PHASE", xid)
	} else {
		g.emit("XA PREPARE %s", xid)
		g.emit("XA COMMIT %s", xid)
	}
	for i := range g.pick(3) {
		g.emit("INSERT INTO %s VALUES %s", t, s49Rows(200+10*i, 1+g.pick(5), "after"))
	}
	g.emit("INSERT INTO %s SELECT id + 1000, v FROM %s", t, tmp)
	if g.chance(0.5) {
		g.emit("DROP TEMPORARY TABLE %s", tmp)
	}
}

func oraclePackageMoreBlock(g *gen) {
	t := s49Table(g, "opk")
	pkg := fmt.Sprintf("`%s`.`pk%d`", g.dbs[0], familySeq(g, famS49))
	g.out = append(g.out, Stmt{Head: oracleMode, Raw: true})
	var b strings.Builder
	b.WriteString("DELIMITER ;;\n")
	fmt.Fprintf(&b, "CREATE PACKAGE %s AS\n  FUNCTION g(x INT) RETURN INT;\n  PROCEDURE bump(x INT);\nEND;;\n", pkg)
	fmt.Fprintf(&b, "CREATE PACKAGE BODY %s AS\n  cnt INT := 0;\n  FUNCTION g(x INT) RETURN INT AS\n  BEGIN\n    RETURN x + cnt;\n  END;\n  PROCEDURE bump(x INT) AS\n  BEGIN\n    cnt := cnt + x;\n    INSERT INTO %s VALUES (700 + cnt, 'pkg' || x);\n  END;\nEND;;\n", pkg, t)
	for i := range 1 + g.pick(2) {
		fmt.Fprintf(&b, "CALL %s.bump(%d);;\n", pkg, 1+i+g.pick(3))
	}
	if g.chance(0.6) {
		fmt.Fprintf(&b, "INSERT INTO %s VALUES (%d, 'g' || %s.g(5));;\n", t, 900+g.pick(50), pkg)
	}
	if g.chance(0.5) {
		fmt.Fprintf(&b, "INSERT INTO %s VALUES %s;;\n", t, s49Rows(1, 1+g.pick(4), "o"))
	}
	b.WriteString("DELIMITER ;\n")
	g.out = append(g.out, Stmt{Head: b.String(), Raw: true})
	g.out = append(g.out, Stmt{Head: oracleBack, Raw: true})
}
