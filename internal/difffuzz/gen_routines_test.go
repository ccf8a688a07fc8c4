package difffuzz

import (
	"math/rand"
	"os"
	"regexp"
	"testing"

	"github.com/dumpscope/dumpscope/internal/longtest"
)

// gen4Forms are, for each f-gen4 construct (gen_routines.go, gen_diagprep.go), the
// forms that show it in a script.
var gen4Forms = map[Construct]map[string]*regexp.Regexp{
	RoutineBody: {
		"inout":    regexp.MustCompile("PROCEDURE `fz\\d`.`rp\\d+`\\(IN p_n int, INOUT p_acc int, OUT p_msg"),
		"nested":   regexp.MustCompile("\n  blk: BEGIN\n"),
		"exit":     regexp.MustCompile("DECLARE EXIT HANDLER FOR SQLSTATE '45000'"),
		"resignal": regexp.MustCompile("RESIGNAL SET MESSAGE_TEXT"),
		"signal":   regexp.MustCompile("\n +SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT"),
		"named":    regexp.MustCompile("CONTINUE HANDLER FOR dup_key "),
		"function": regexp.MustCompile("FUNCTION `fz\\d`.`rf\\d+`\\(x int\\) RETURNS int"),
		"in a row": regexp.MustCompile("VALUES \\(\\d+,`fz\\d`.`rf\\d+`\\(-?\\d+\\)"),
		"call":     regexp.MustCompile("\nCALL `fz\\d`.`rp\\d+`\\(\\d+, @acc\\d+, @rb_msg\\);"),
	},
	RoutineCursor: {
		"loop":   regexp.MustCompile("walk: LOOP\n    FETCH c_rows"),
		"while":  regexp.MustCompile("WHILE NOT v_done DO"),
		"repeat": regexp.MustCompile("UNTIL v_done END REPEAT"),
		"param":  regexp.MustCompile("OPEN c_rows\\(p_min\\)"),
	},
	RoutineShadow: {
		"local":   regexp.MustCompile("DECLARE time_zone varchar\\(10\\)"),
		"session": regexp.MustCompile("\n  SET time_zone = '"),
		"@@":      regexp.MustCompile("SET @@session.time_zone = '"),
		"mode":    regexp.MustCompile("\n  SET sql_mode = 'NO_ENGINE_SUBSTITUTION'"),
	},
	RoutineShadowCond: {
		"condition": regexp.MustCompile("DECLARE time_zone CONDITION FOR"),
		"cursor":    regexp.MustCompile("DECLARE sql_mode CURSOR FOR"),
	},
	RoutineTriggerCall: {
		"trigger":  regexp.MustCompile("TRIGGER `fz\\d`.`rtg\\d+` (BEFORE|AFTER) INSERT ON [^\n]* FOR EACH ROW\nBEGIN\n  DECLARE v_t int DEFAULT 0;\n  CALL "),
		"function": regexp.MustCompile("MODIFIES SQL DATA\nBEGIN\n  DECLARE v_t int DEFAULT 10;\n  CALL "),
	},
	DiagKeep: {
		"keeper":     regexp.MustCompile("\nSET @dm\\d+ = \\d+;\n(GET DIAGNOSTICS|SET @w|SHOW|EXECUTE|PREPARE|INSERT INTO `fz0`.`sv` \\(name, v\\) VALUES \\('wc')"),
		"clearer":    regexp.MustCompile("\nSELECT COUNT\\(\\*\\) FROM `fz0`.`sv`;\n"),
		"show count": regexp.MustCompile("\nSHOW COUNT\\(\\*\\) WARNINGS;\nSELECT @@warning_count INTO @w;"),
		"condition":  regexp.MustCompile("\nGET DIAGNOSTICS CONDITION 1 @w = MYSQL_ERRNO;"),
		"in execute": regexp.MustCompile("\nEXECUTE IMMEDIATE 'GET DIAGNOSTICS @w = NUMBER';"),
		"in a proc":  regexp.MustCompile("PROCEDURE `fz\\d`.`rdp\\d+`\\(\\)( |\nBEGIN\n  )(GET DIAGNOSTICS @w = NUMBER|SET @w = @@warning_count)"),
		"row count":  regexp.MustCompile("\nSET @w = ROW_COUNT\\(\\);"),
		"found rows": regexp.MustCompile("SQL_CALC_FOUND_ROWS id FROM "),
	},
	DiagKeepDoUnlock: {
		"do":     regexp.MustCompile("\nDO \\d+(, 2)?;\n"),
		"unlock": regexp.MustCompile("\nUNLOCK TABLES;\n(GET DIAGNOSTICS|SET @w|SHOW|EXECUTE|PREPARE|INSERT INTO `fz0`.`sv` \\(name, v\\) VALUES \\('wc'|SELECT \\d|SET @dm|COMMIT|CALL|DO)"),
	},
	DiagKeepMore: {
		"select":  regexp.MustCompile("\nSELECT \\d;\n(GET DIAGNOSTICS|SET @w|SHOW|EXECUTE|PREPARE|INSERT INTO `fz0`.`sv` \\(name, v\\) VALUES \\('wc'|SELECT|SET @dm|COMMIT|CALL|DO|UNLOCK)"),
		"commit":  regexp.MustCompile("\nCOMMIT;\n(GET DIAGNOSTICS|SET @w|SHOW COUNT|EXECUTE IMMEDIATE 'GET|PREPARE dks|INSERT INTO `fz0`.`sv` \\(name, v\\) VALUES \\('wc'|CALL `fz0`.`rdp)"),
		"prepare": regexp.MustCompile("\nPREPARE dps\\d+ FROM 'SELECT 1';\n"),
	},
	DiagWrappedRowCount: {
		"execute": regexp.MustCompile("\nEXECUTE IMMEDIATE '(SET @w = (ROW_COUNT|FOUND_ROWS)\\(\\)|GET DIAGNOSTICS @w = ROW_COUNT|SELECT ROW_COUNT\\(\\) INTO @w)'"),
		"prepare": regexp.MustCompile("\nPREPARE rks\\d+ FROM '"),
		"proc":    regexp.MustCompile("PROCEDURE `fz\\d`.`rdp\\d+`\\(\\)( |\nBEGIN\n  )(SET @w = (ROW_COUNT|FOUND_ROWS|CONCAT_WS)|GET DIAGNOSTICS @w = ROW_COUNT)"),
	},
	DiagSetWarning: {"set": regexp.MustCompile("\nSET @dw\\d+ = CAST\\('\\dy' AS SIGNED\\);\n")},
	CallOutVar:     {"kept": regexp.MustCompile("VALUES \\('(acc|cursor)', ")},
	PreparedForms: {
		"literal":    regexp.MustCompile("\nPREPARE ps\\d+ FROM 'INSERT INTO "),
		"@var":       regexp.MustCompile("\nPREPARE ps\\d+ FROM @pq;"),
		"using vars": regexp.MustCompile("\nEXECUTE ps\\d+ USING @pi, @pa, @ps;"),
		"using expr": regexp.MustCompile("\nEXECUTE ps\\d+ USING \\d+ \\+ 0, "),
		"again":      regexp.MustCompile("\nPREPARE (ps\\d+) FROM '(REPLACE|UPDATE|INSERT IGNORE) "),
		"deallocate": regexp.MustCompile("\n(DEALLOCATE|DROP) PREPARE ps\\d+;"),
		"immediate":  regexp.MustCompile("\nEXECUTE IMMEDIATE ('INSERT INTO |@pq2 )[^;]*USING "),
		"use":        regexp.MustCompile("(EXECUTE IMMEDIATE|PREPARE pu\\d+ FROM) 'USE `fz\\d`'"),
	},
	PreparedSet: {
		"time_zone":       regexp.MustCompile("(PREPARE pss\\d+ FROM |EXECUTE IMMEDIATE |SET @psq = )'SET (@@session.|SESSION )?time_zone"),
		"sql_mode":        regexp.MustCompile("(PREPARE pss\\d+ FROM |EXECUTE IMMEDIATE |SET @psq = )'SET sql_mode"),
		"completion_type": regexp.MustCompile("(PREPARE pss\\d+ FROM |EXECUTE IMMEDIATE 'SET completion_type = \\?' USING|SET @psq = )'?SET completion_type"),
		"from var":        regexp.MustCompile("\nPREPARE pss\\d+ FROM @psq;"),
	},
	LockKeys: {
		"myisam":  regexp.MustCompile("`rk\\d+` \\([^;]*\\) ENGINE=MyISAM;\n(LOCK TABLES|CREATE|DROP)"),
		"aria":    regexp.MustCompile("`rk\\d+` \\([^;]*\\) ENGINE=Aria;\n(LOCK TABLES|CREATE|DROP)"),
		"innodb":  regexp.MustCompile("`rk\\d+` \\([^;]*\\) ENGINE=InnoDB;\n(LOCK TABLES|CREATE|DROP)"),
		"disable": regexp.MustCompile("\nLOCK TABLES [^;]*`rk\\d+` WRITE;\n/\\*!40000 ALTER TABLE [^;]*`rk\\d+` DISABLE KEYS \\*/;\nINSERT INTO "),
		"enable":  regexp.MustCompile("`rk\\d+` ENABLE KEYS( \\*/)?;\nUNLOCK TABLES;"),
		"two":     regexp.MustCompile("\nLOCK TABLES [^;,]* WRITE, [^;]* WRITE;"),
	},
	LockKeysVarBody: {"after": regexp.MustCompile("(?s)(FUNCTION|TRIGGER) [^\n]*\n.*\nLOCK TABLES [^;]*`rk\\d+`")},
	Returning: {
		"insert":        regexp.MustCompile("\nINSERT INTO `fz\\d`.`rrt\\d+` (\\(a, s\\) )?VALUES \\([^;]*\\) RETURNING "),
		"insert ignore": regexp.MustCompile("\nINSERT IGNORE INTO `fz\\d`.`rrt\\d+` VALUES \\([^;]*\\) RETURNING "),
		"replace":       regexp.MustCompile("\nREPLACE INTO `fz\\d`.`rrt\\d+` VALUES \\([^;]*\\) RETURNING "),
		"select":        regexp.MustCompile("ORDER BY id RETURNING "),
	},
}

// sharedGen4Forms are forms the session constructs write too (diag-readers).
var sharedGen4Forms = map[string]bool{"in execute": true, "condition": true, "unlock": true, "select": true, "commit": true}

// TestGenerateGen4: each f-gen4 construct writes each of its forms somewhere in 150
// general scripts and 150 of the load-data profile, and is in at least 3 % of the
// general ones; none with the constructs off.
func TestGenerateGen4(t *testing.T) {
	const n = 150
	seen := map[Construct]map[string]bool{}
	for _, p := range []Profile{ProfileGeneral, ProfileLoadData} {
		scripts := map[Construct]int{}
		for seed := int64(1); seed <= n; seed++ {
			s := Generate(seed, Config{Profile: p}).SQL()
			noteForms(s, gen4Forms, seen, scripts)
			off := Generate(seed, Config{Profile: p, Off: append(append(append([]Construct(nil), Gen4Constructs...), TextConstructs...), FamilyConstructs()...)}).SQL() // the text blocks write DO and CALL too, rs-lock-region LOCK TABLES of two
			for c, forms := range gen4Forms {
				for name, re := range forms {
					if !sharedGen4Forms[name] && re.Match(off) {
						t.Fatalf("%s seed %d: %s (%s) with the constructs off", p, seed, c, name)
					}
				}
			}
		}
		if p == ProfileGeneral {
			for c := range gen4Forms {
				if scripts[c] < n*3/100 {
					t.Errorf("%s: %s in %d of %d scripts; want at least %d", p, c, scripts[c], n, n*3/100)
				}
			}
		}
		t.Logf("%s: scripts per construct (of %d): %v", p, n, scripts)
	}
	for c, forms := range gen4Forms {
		for name := range forms {
			if !seen[c][name] {
				t.Errorf("%s form %q in none of %d scripts of each profile", c, name, n)
			}
		}
	}
}

// TestGen4OffDrawsNothing: with the f-gen4 constructs off a seed's script is the one a
// generator without them writes (gen4Maybe draws from its own source only, and nothing
// when they are off): the in-suite seeds and the found scripts keep their shape.
func TestGen4OffDrawsNothing(t *testing.T) {
	for _, p := range []Profile{ProfileGeneral, ProfileLoadData} {
		for seed := int64(1); seed <= 40; seed++ {
			cfg := Config{Profile: p, Off: Gen4Constructs, Actions: 40, MaxRows: 120}
			with := generateWith(seed, cfg, true).SQL()
			without := generateWith(seed, cfg, false).SQL()
			if string(with) != string(without) {
				t.Fatalf("%s seed %d: the script with the f-gen4 constructs off differs from one without them: %s", p, seed, firstDiff(with, without))
			}
			on := generateWith(seed, Config{Profile: p, Actions: 40, MaxRows: 120}, true).SQL()
			if p == ProfileGeneral && seed <= 10 && string(on) == string(without) {
				t.Logf("%s seed %d: no f-gen4 block", p, seed)
			}
		}
	}
}

// generateWith is Generate with or without the f-gen4 blocks' source (without: the
// generator before them).
func generateWith(seed int64, cfg Config, gen4 bool) Script {
	g := &gen{dice: dice{r: rand.New(rand.NewSource(seed))}, cfg: cfg, charset: "utf8mb4", client: "utf8mb4", fkChecks: true, autocommit: true, fd: featureSource(seed)}
	if gen4 {
		g.rd = gen4Source(seed)
	}
	if cfg.Profile == ProfileLoadData {
		loadScript(g)
	} else {
		g.script()
	}
	return Script{Seed: seed, Stmts: g.out}
}

// gen4Only is a script of every f-gen4 block (each twice) in a seeded order after a
// table of the general grammar with rows.
func gen4Only(seed int64) Script {
	g := &gen{dice: dice{r: rand.New(rand.NewSource(seed))}, cfg: Config{Actions: 40, MaxRows: 40}, charset: "utf8mb4", client: "utf8mb4", fkChecks: true, autocommit: true, fd: featureSource(seed), rd: gen4Source(seed)}
	g.emit("SET NAMES utf8mb4")
	g.newDatabase()
	g.newDatabase()
	g.emit("USE `fz0`")
	g.createTable()
	g.insert()
	blocks := []func(*gen){routineBodyBlock, routineCursorBlock, routineShadowBlock, routineTriggerBlock, diagKeepBlock, preparedBlock,
		preparedSetBlock, lockKeysBlock, returningBlock}
	blocks = append(blocks, blocks...)
	main := g.dice
	g.dice = g.rd
	g.r.Shuffle(len(blocks), func(i, j int) { blocks[i], blocks[j] = blocks[j], blocks[i] })
	for _, b := range blocks {
		settle(g)
		b(g)
	}
	g.dice = main
	return Script{Seed: seed, Stmts: g.out}
}

// TestGen4ClientDeterministic: the client's own result of a script of the f-gen4 blocks
// is the same twice (exit status, error line, re-dump byte for byte) and has no syntax
// error: a difference there would be the generator's, not dumpscope's. 4 seeds (16 with
// DUMPSCOPE_LONG=1), and 2 general scripts with the blocks on.
func TestGen4ClientDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("a sandbox server")
	}
	r := newTestRunner(t, "/bin/false")
	n := int64(4)
	if longtest.On() {
		n = 16
	}
	check := func(name string, s Script) {
		t.Helper()
		a := clientTwice(t, r, name, s)
		if a.Failed && a.ErrCode != "1644" {
			// Only the block that SIGNALs past every handler means the client to stop.
			t.Errorf("%s: the client stopped: %s", name, a.Output)
			if d := os.Getenv("DIFFFUZZ_GEN4_KEEP"); d != "" {
				os.WriteFile(d+"/"+name+".sql", s.SQL(), 0o644)
			}
		}
	}
	for seed := int64(1); seed <= n; seed++ {
		check("gen4 blocks "+itoa(seed), gen4Only(seed))
	}
	for _, seed := range []int64{51000, 51001} {
		check("general script "+itoa(seed), Generate(seed, Config{Off: InSuiteOff}))
	}
}
