package difffuzz

import (
	"bytes"
	"regexp"
	"testing"
)

// sessionForms are, for each session construct (gen_session.go), the forms of it that
// x-review9a and x-review10 wrote by hand, as the generator writes them.
var sessionForms = map[Construct]map[string]*regexp.Regexp{
	AutocommitForms: {
		"after names":        regexp.MustCompile("\nSET NAMES utf8mb4, autocommit = 0;\n"),
		"default after glob": regexp.MustCompile("\nSET GLOBAL autocommit = 0;\nSET (LOCAL |SESSION |@@session\\.)?autocommit = DEFAULT;\n"),
		"execute using":      regexp.MustCompile("\nEXECUTE IMMEDIATE 'SET autocommit = \\?' USING 0;\n"),
		"rollback after rows": regexp.MustCompile("\nSET (LOCAL )?(@@session\\.)?autocommit = (0|OFF|FALSE|'OFF');\n(INSERT|REPLACE)[^;]*;\n" +
			"([^;]*;\n)*ROLLBACK;\n"),
	},
	AutocommitVar: {
		"get diagnostics": regexp.MustCompile("\nGET DIAGNOSTICS (@ac\\d+) = (NUMBER|ROW_COUNT);\nSET autocommit = @ac\\d+;\n"),
		"do :=":           regexp.MustCompile("\nDO (@ac\\d+) := 0;\nSET autocommit = @ac\\d+;\n"),
		"select into":     regexp.MustCompile("\nSELECT 0 INTO (@ac\\d+);\nSET autocommit = @ac\\d+;\n"),
		"execute into":    regexp.MustCompile("\nEXECUTE IMMEDIATE 'SELECT 0 INTO @ac\\d+';\nSET autocommit = @ac\\d+;\n"),
	},
	CompletionForms: {
		"default after glob": regexp.MustCompile("\nSET GLOBAL completion_type = 1;\nSET completion_type = DEFAULT;\n"),
		"variable":           regexp.MustCompile("\nSET completion_type = @ct\\d+;\n"),
	},
	SetGlobal: {
		"@@global + n":      regexp.MustCompile("\nSET @@global\\.(\\w+) = @@global\\.\\w+ \\+ \\d+;\n"),
		"two at once":       regexp.MustCompile("\nSET GLOBAL \\w+ = [^;,]+, \\w+ = [^;,]+;\n"),
		"execute immediate": regexp.MustCompile("\nEXECUTE IMMEDIATE 'SET GLOBAL \\w+ = [^']+';\n"),
		"prepared":          regexp.MustCompile("\nPREPARE sg\\d+ FROM 'SET GLOBAL [^']+';\nEXECUTE sg\\d+;\n"),
		"read after rows":   regexp.MustCompile("\nSET GLOBAL [^;]*;\n(INSERT|REPLACE)[^;]*;\n([^;]*;\n)*INSERT INTO `fz0`.`sv` \\(name, v\\) VALUES \\('global', "),
	},
	SetGlobalMixed: {
		"global first":  regexp.MustCompile("\nSET GLOBAL \\w+ = [^;]+, (SESSION |@@session\\.|@m)"),
		"session first": regexp.MustCompile("\nSET (SESSION |@@session\\.|@m)[^;]*, GLOBAL "),
	},
	WrappedTxn: {
		"start":      regexp.MustCompile("(EXECUTE IMMEDIATE|PREPARE s\\d+ FROM) '(START TRANSACTION|BEGIN)'"),
		"autocommit": regexp.MustCompile("(EXECUTE IMMEDIATE|PREPARE s\\d+ FROM) 'SET autocommit = 0'"),
		"completion": regexp.MustCompile("(EXECUTE IMMEDIATE|PREPARE s\\d+ FROM) 'SET completion_type = 1'"),
		"rollback":   regexp.MustCompile("(EXECUTE IMMEDIATE|PREPARE s\\d+ FROM) 'ROLLBACK'"),
	},
	WrappedSetGlobal: {
		"autocommit": regexp.MustCompile("'SET (GLOBAL |@@global\\.)autocommit = 0';\n(EXECUTE s\\d+;\n)?SET autocommit = DEFAULT;\n"),
		"completion": regexp.MustCompile("'SET GLOBAL completion_type = 1';\n(EXECUTE s\\d+;\n)?SET completion_type = DEFAULT;\n"),
	},
	WrappedProcedure: {
		"create or replace": regexp.MustCompile("'CREATE OR REPLACE PROCEDURE [^']*';\n"),
		"drop then create":  regexp.MustCompile("'DROP PROCEDURE [^']*';\n"),
	},
	ProcCall: {
		"if not exists":   regexp.MustCompile("\nCREATE PROCEDURE IF NOT EXISTS `fz0`.`p\\d+`\\(\\) "),
		"autocommit body": regexp.MustCompile("\nCREATE PROCEDURE `fz0`.`(p\\d+)`\\(\\) SET autocommit = 0;\nCALL "),
		"reader body":     regexp.MustCompile("\nCREATE PROCEDURE `fz0`.`p\\d+`\\(\\) GET DIAGNOSTICS @w = NUMBER;\n([^;]*;\n)+CALL "),
	},
	ProcTwoDBs: {
		"two databases": regexp.MustCompile("\nCREATE PROCEDURE `fz[1-9]`.`(pp\\d+)`\\(\\) [^;]*;\n"),
		"unqualified":   regexp.MustCompile("\nCALL `pp\\d+`\\(\\);\n"),
	},
	DiagReaders: {
		"after ddl note":       regexp.MustCompile("\nDROP TABLE IF EXISTS `fz0`.`nosuch\\d+`;\n(GET DIAGNOSTICS|SET @w|SELECT @@warning_count)"),
		"after show warnings":  regexp.MustCompile("\nSHOW WARNINGS;\n(GET DIAGNOSTICS|SET @w|SELECT @@warning_count)"),
		"condition":            regexp.MustCompile("\nGET DIAGNOSTICS CONDITION 1 @w = MYSQL_ERRNO;\n"),
		"in execute immediate": regexp.MustCompile("\nEXECUTE IMMEDIATE 'GET DIAGNOSTICS @w = NUMBER';\n"),
	},
	InTransaction: {
		"inside":  regexp.MustCompile("\n(START TRANSACTION|BEGIN);\n([^;]*;\n)*INSERT INTO `fz0`.`sv` \\(name, v\\) VALUES \\('in_tx', @@in_transaction\\)"),
		"outside": regexp.MustCompile("\nSET @it\\d+ = @@in_transaction;\n"),
	},
}

// TestGenerateSessionConstructs: each session construct writes each of its forms
// somewhere in 200 scripts of the general profile and appears in at least 10 of them,
// appears in the load-data profile's scripts too (its modes: load-data, spool and their
// resumes), and none of it is written with the constructs off. The counts say how often
// a run meets each.
func TestGenerateSessionConstructs(t *testing.T) {
	const n = 200
	var general, ld [][]byte
	for seed := int64(1); seed <= n; seed++ {
		general = append(general, Generate(seed, Config{}).SQL())
		ld = append(ld, Generate(seed, Config{Profile: ProfileLoadData}).SQL())
	}
	for c, forms := range sessionForms {
		seen := map[string]bool{}
		inGeneral, inLD := 0, 0
		for i := range general {
			hit, hitLD := false, false
			for name, re := range forms {
				if re.Match(general[i]) {
					seen[name], hit = true, true
				}
				hitLD = hitLD || re.Match(ld[i])
			}
			inGeneral += b2i(hit)
			inLD += b2i(hitLD)
		}
		for name := range forms {
			if !seen[name] {
				t.Errorf("%s, %s: in none of %d scripts", c, name, n)
			}
		}
		if inGeneral < 10 || inLD < 3 {
			t.Errorf("%s in %d of %d general scripts and %d load-data ones; want at least 10 and 3", c, inGeneral, n, inLD)
		}
		t.Logf("%s: in %d of %d general scripts, %d load-data ones", c, inGeneral, n, inLD)
	}
	off := regexp.MustCompile("SET GLOBAL|GET DIAGNOSTICS|@@in_transaction|completion_type|EXECUTE IMMEDIATE|`sv`|PROCEDURE IF NOT|autocommit = DEFAULT")
	// The f-gen4 blocks (gen_routines.go), the temporary-table ones and the x-fuzz text
	// ones and the x-fuzz2 load-warnings readers write these forms too, and x-fuzz4's
	// proc-global-packet, x-fuzz5's sql-notes: off with them.
	sessionOff := append(append(append(append(append(append([]Construct(nil), SessionConstructs...), Gen4Constructs...), TemporaryConstructs...), TextConstructs...), WorkerConstructs...), FamilyConstructs()...)
	for seed := int64(1); seed <= 100; seed++ {
		for _, p := range Profiles {
			if s := Generate(seed, Config{Off: sessionOff, Profile: p}).SQL(); off.Match(s) {
				t.Fatalf("seed %d, profile %s: %q with the session constructs off", seed, p, off.Find(s))
			}
		}
	}
	if bytes.Contains(Generate(1, Config{Off: []Construct{Serializing}}).SQL(), []byte("`sv`")) {
		t.Error("a session construct with serializing off")
	}
}
