package difffuzz

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// s52Markers are what each x-fuzz7 construct writes in a block, for counting them.
var s52Markers = map[Construct][]string{
	BlkRows:       {"CONCAT('in', "},
	BlkTemporary:  {"'tmp-in'"},
	BlkUserVar:    {"'uvar'"},
	BlkSessionVar: {"SET SESSION sql_mode = '", "SET SESSION time_zone = '", "SET autocommit = 0;", "SET SESSION foreign_key_checks = 0;", "SET SESSION unique_checks = 0;"},
	BlkTxn:        {"'txn'", "'open'"},
	BlkDiag:       {"'rc-in'"},
	BlkHandler:    {"'before-err'"},
	BlkSignal:     {"x7 stop", "x7 warning", "x7 never"},
	BlkExecute:    {"'ei'", "k = k + 100", "'exec'"},
}

// s52FormMarkers tell the block forms apart in a script.
var s52FormMarkers = map[string]string{
	"not-atomic": "DELIMITER", "if": "ELSE\n", "case": "END CASE", "for": "FOR i IN 1..",
	"while": "END WHILE", "repeat": "END REPEAT", "loop": ": LOOP",
}

func hasAny(s string, ms []string) bool {
	for _, m := range ms {
		if strings.Contains(s, m) {
			return true
		}
	}
	return false
}

// TestS52BlocksAppear: in 60 seeds of the general profile and 60 of the load-data profile
// each x-fuzz7 construct (blk-signal: once) and each block form is written at least twice, and switching the
// constructs off gives no block.
func TestS52BlocksAppear(t *testing.T) {
	for _, p := range []Profile{ProfileGeneral, ProfileLoadData} {
		count, forms := map[Construct]int{}, map[string]int{}
		for seed := int64(1); seed <= 60; seed++ {
			sql := string(Generate(seed, Config{Off: KnownBugs, Profile: p}).SQL())
			for c, ms := range s52Markers {
				if hasAny(sql, ms) {
					count[c]++
				}
			}
			if strings.Contains(sql, "`x7r") {
				for f, m := range s52FormMarkers {
					if strings.Contains(sql, m) {
						forms[f]++
					}
				}
			}
			off := Generate(seed, Config{Off: append(append([]Construct(nil), KnownBugs...), S52Constructs...), Profile: p}).SQL()
			if bytes.Contains(off, []byte("`x7r")) {
				t.Errorf("profile %v seed %d: an x-fuzz7 block with its constructs off", p, seed)
			}
		}
		for _, c := range S52Constructs {
			least := 2
			if c == BlkSignal {
				least = 1 // rare on purpose: one in five fires, and the script stops there
			}
			if count[c] < least {
				t.Errorf("profile %v, %s: in %d of 60 scripts, want at least %d", p, c, count[c], least)
			}
		}
		for _, f := range formNames {
			if forms[f] < 2 {
				t.Errorf("profile %v, form %s: in %d of 60 scripts, want at least 2", p, f, forms[f])
			}
		}
		t.Logf("profile %v, scripts with each construct, of 60: %v; forms: %v", p, count, forms)
	}
}

// s52Plant is a planted difference in a block's script text: what a dumpscope that lost
// the construct's effect would have run.
type s52Plant struct {
	name   string
	when   func(sql string) bool
	change func(sql string) string
}

// dropLines makes the body lines holding marker (statements of their own) a DO 0: the
// block stays valid (an IF's branch is not left empty).
func dropLines(marker string) func(string) string {
	return func(s string) string {
		var out []string
		for _, l := range strings.SplitAfter(s, "\n") {
			if strings.Contains(l, marker) {
				l = "  DO 0;\n"
			}
			out = append(out, l)
		}
		return strings.Join(out, "")
	}
}

func has(m string) func(string) bool { return func(s string) bool { return strings.Contains(s, m) } }

// s52Plants are each construct's planted differences.
var s52Plants = map[Construct][]s52Plant{
	BlkRows: {{name: "rows", change: dropLines("CONCAT('in', ")}},
	BlkTemporary: {
		// The TEMPORARY table taken for a real one (the rows after it are in the re-dump).
		{name: "as-real", when: has("CREATE TEMPORARY TABLE"), change: func(s string) string {
			return strings.ReplaceAll(s, "CREATE TEMPORARY TABLE", "CREATE TABLE")
		}},
	},
	BlkUserVar: {{name: "set", change: dropLines("SET @x7v")}},
	BlkSessionVar: {
		{name: "sql_mode", when: has("SET SESSION sql_mode = '"), change: dropLines("SET SESSION sql_mode = '")},
		{name: "time_zone", when: has("SET SESSION time_zone = '"), change: dropLines("SET SESSION time_zone = '")},
		{name: "autocommit", when: func(s string) bool {
			return strings.Contains(s, "SET autocommit = 0;") && strings.Contains(s, "\nROLLBACK;")
		},
			change: dropLines("SET autocommit = 0;")},
		{name: "foreign_key_checks", when: has("SET SESSION foreign_key_checks = 0;"), change: dropLines("SET SESSION foreign_key_checks = 0;")},
		{name: "unique_checks", when: has("SET SESSION unique_checks = 0;"), change: dropLines("SET SESSION unique_checks = 0;")},
	},
	BlkTxn: {
		// The transaction's end the other way round.
		{name: "end", change: func(s string) string {
			s = strings.ReplaceAll(s, "COMMIT", "C0MMIT")
			s = strings.ReplaceAll(s, "ROLLBACK", "COMMIT")
			return strings.ReplaceAll(s, "C0MMIT", "ROLLBACK")
		}},
	},
	BlkDiag: {
		{name: "rc-in", change: func(s string) string { return strings.Replace(s, "('rc-in', ROW_COUNT())", "('rc-in', -7)", 1) }},
		{name: "after", change: func(s string) string {
			for _, f := range []string{"ROW_COUNT())", "FOUND_ROWS())", "LAST_INSERT_ID())", "@@warning_count\n"} {
				s = strings.ReplaceAll(s, "VALUES ('rc', "+f, "VALUES ('rc', -7)")
				s = strings.ReplaceAll(s, "VALUES ('fr', "+f, "VALUES ('fr', -7)")
				s = strings.ReplaceAll(s, "VALUES ('li', "+f, "VALUES ('li', -7)")
			}
			return strings.ReplaceAll(s, "= @@warning_count;\n", "= -7;\n")
		}},
	},
	BlkHandler: {{name: "declare", change: dropLines("HANDLER FOR")}},
	BlkSignal: {
		{name: "fires", when: has("x7 stop"), change: dropLines("x7 stop")},
		{name: "never", when: has("x7 never"), change: func(s string) string { return strings.ReplaceAll(s, ") < 0 THEN", ") >= 0 THEN") }},
	},
	BlkExecute: {{name: "execute", change: dropLines("EXECUTE IMMEDIATE")}},
}

// TestS52BlocksReach: each x-fuzz7 construct's effect reaches the client's re-dump: the
// block runs in the client without an error of its own (but a SIGNAL that fires), and
// each planted change (the body's rows, SET or EXECUTE left out, a TEMPORARY table taken
// for a real one, a transaction ended the other way, a diagnostic read as another value,
// a handler not declared, a SIGNAL not sent or sent) makes the re-dump differ or the
// client fail. Each plant is tried on the first draw (source seeds 1–60, each with the
// form seed mod 7, so the forms vary) it applies to.
func TestS52BlocksReach(t *testing.T) {
	r := newTestRunner(t, "true")
	ctx := context.Background()
	for _, c := range S52Constructs {
		for _, p := range s52Plants[c] {
			t.Run(string(c)+"/"+p.name, func(t *testing.T) {
				var sql string
				var seed int64
				for seed = 1; seed <= 60; seed++ {
					g := &gen{dice: s52Family.source(seed), charset: "utf8mb4", client: "utf8mb4", fkChecks: true, autocommit: true}
					g.emit("SET NAMES utf8mb4")
					g.newDatabase()
					blockWith(g, c, int(seed%formCount))
					sql = string(Script{Stmts: g.out}.SQL())
					if p.when == nil || p.when(sql) {
						break
					}
				}
				if seed > 60 {
					t.Fatalf("no draw of the block in 60 applies")
				}
				want, err := r.Client(ctx, []byte(sql))
				if err != nil {
					t.Fatal(err)
				}
				if want.Failed && !strings.Contains(want.Output, "x7 stop") {
					t.Fatalf("the client failed: %s\n%s", want.Output, sql)
				}
				planted := p.change(sql)
				if planted == sql {
					t.Fatalf("the plant changes nothing:\n%s", sql)
				}
				have, err := r.Client(ctx, []byte(planted))
				if err != nil {
					t.Fatal(err)
				}
				if d := Compare("planted", want, have); d == nil {
					t.Errorf("planted %s (form %s): the block re-dumps the same: the construct reaches nothing\n%s", p.name, formNames[seed%formCount], sql)
				} else {
					t.Logf("planted %s (form %s, seed %d): %s", p.name, formNames[seed%formCount], seed, firstLine(d.Detail))
				}
			})
		}
	}
}

// TestS52FormsRun: every form with every construct as its first effect runs in the
// client without an error of its own (a SIGNAL that fires aside), for source seed 1 (seeds
// 1–30, 1890 blocks, were run so by hand when the family was written; what failed there —
// an IF or CASE branch not taken when a TEMPORARY table hides the block's table, 'a' ||
// 'b' after a block whose sql_mode the server had set back — is fixed in the generator).
func TestS52FormsRun(t *testing.T) {
	r := newTestRunner(t, "true")
	ctx := context.Background()
	for seed := int64(1); seed <= 1; seed++ {
		for _, c := range S52Constructs {
			for f := range formCount {
				g := &gen{dice: s52Family.source(seed*100 + int64(f)), charset: "utf8mb4", client: "utf8mb4", fkChecks: true, autocommit: true}
				g.emit("SET NAMES utf8mb4")
				g.newDatabase()
				blockWith(g, c, f)
				sql := Script{Stmts: g.out}.SQL()
				o, err := r.Client(ctx, sql)
				if err != nil {
					t.Fatal(err)
				}
				if o.Failed && !strings.Contains(o.Output, "x7 stop") {
					t.Errorf("%s %s seed %d: the client failed: %s\n%s", c, formNames[f], seed, o.Output, sql)
				}
			}
		}
	}
	t.Logf("%d blocks ran", len(S52Constructs)*formCount)
}
