package difffuzz

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"
)

// s51Markers are what each x-fuzz6 block writes, for counting them in scripts.
var s51Markers = map[Construct]string{
	LdTimeZone:        "CREATE TABLE `fz0`.`x6z",
	LdCharsetClient:   "CREATE TABLE `fz0`.`x6c",
	LdStringForms:     "CREATE TABLE `fz0`.`x6f",
	TriggerReadsOther: "CREATE TABLE `fz0`.`x6ra",
	RsLockRegion:      "CREATE TABLE `fz0`.`x6la",
	RsTxnMixed:        "CREATE TABLE `fz0`.`x6ma",
	RsBatchEdge:       "CREATE TABLE `fz0`.`x6e",
}

// TestS51BlocksAppear: in 40 seeds of the general profile and 40 of the load-data
// profile each x-fuzz6 block is written at least twice, and switching the constructs off
// gives none of them.
func TestS51BlocksAppear(t *testing.T) {
	for _, p := range []Profile{ProfileGeneral, ProfileLoadData} {
		count := map[Construct]int{}
		for seed := int64(1); seed <= 40; seed++ {
			sql := string(Generate(seed, Config{Off: KnownBugs, Profile: p}).SQL())
			for c, m := range s51Markers {
				if strings.Contains(sql, m) {
					count[c]++
				}
			}
			off := Generate(seed, Config{Off: append(append([]Construct(nil), KnownBugs...), S51Constructs...), Profile: p}).SQL()
			for _, m := range s51Markers {
				if bytes.Contains(off, []byte(m)) {
					t.Errorf("profile %v seed %d: an x-fuzz6 block with its constructs off", p, seed)
				}
			}
		}
		for _, c := range S51Constructs {
			if count[c] < 2 {
				t.Errorf("profile %v, %s: in %d of 40 scripts, want at least 2", p, c, count[c])
			}
		}
		t.Logf("profile %v, scripts with each block, of 40: %v", p, count)
	}
}

// s51Plant is a planted difference: change makes of a block's statements what a
// dumpscope with the defect would have run; when says which of a block's draws show it.
type s51Plant struct {
	name   string
	when   func(sql string) bool
	change func([]Stmt) []Stmt
}

// replaceIn replaces old by new in every statement (heads and rows' values).
func replaceIn(old, new string) func([]Stmt) []Stmt {
	return func(in []Stmt) []Stmt {
		var out []Stmt
		for _, st := range in {
			st.Head = strings.ReplaceAll(st.Head, old, new)
			var rows []Row
			for _, r := range st.Rows {
				r = slices.Clone(r)
				for i, v := range r {
					if v == old {
						r[i] = new
					}
				}
				rows = append(rows, r)
			}
			st.Rows = rows
			out = append(out, st)
		}
		return out
	}
}

// dropStmts takes out the statements starting with prefix.
func dropStmts(prefix string) func([]Stmt) []Stmt {
	return func(in []Stmt) []Stmt {
		return slices.DeleteFunc(slices.Clone(in), func(st Stmt) bool { return strings.HasPrefix(st.Head, prefix) })
	}
}

// againStmt sends the n-th statement starting with prefix twice (a resume that sent a
// committed statement again).
func againStmt(prefix string, n int) func([]Stmt) []Stmt {
	return func(in []Stmt) []Stmt {
		var out []Stmt
		for _, st := range in {
			out = append(out, st)
			if strings.HasPrefix(st.Head, prefix) {
				if n == 0 {
					out = append(out, st)
				}
				n--
			}
		}
		return out
	}
}

// s51Plants are each block's planted differences.
var s51Plants = map[Construct][]s51Plant{
	LdTimeZone: {
		// The LOAD's connection left at the zone before: the zone's SET not sent.
		{name: "zone", when: func(s string) bool { return !strings.Contains(s, "TIME_ZONE='SYSTEM'") }, change: dropStmts("/*!40103 SET TIME_ZONE='")},
		// @@timestamp not carried: the DEFAULT CURRENT_TIMESTAMP rows take the clock's.
		{name: "timestamp", when: func(s string) bool { return strings.Contains(s, "SET TIMESTAMP=1") }, change: dropStmts("SET TIMESTAMP=1")},
	},
	LdCharsetClient: {
		// The rows read in the connection's utf8mb4 instead of latin1.
		{name: "names", when: func(s string) bool { return strings.Contains(s, "SET NAMES latin1") }, change: dropStmts("/*!40101 SET NAMES latin1")},
	},
	LdStringForms: {
		// A YEAR string read as a number: '00' is 2000, 00 is 0000.
		{name: "year", when: func(s string) bool { return strings.Contains(s, ",'00',") }, change: replaceIn("'00'", "00")},
		// The string \N (an N) read as LOAD DATA's NULL.
		{name: "backslash-N", when: func(s string) bool { return strings.Contains(s, `,'\N'`) }, change: replaceIn(`'\N'`, "NULL")},
	},
	TriggerReadsOther: {
		// The second table's rows run before the first's: the trigger counts other rows.
		{name: "order", change: func(in []Stmt) []Stmt {
			var a, b, rest []Stmt
			for _, st := range in {
				switch {
				case strings.Contains(st.Head, "`x6ra") && strings.HasPrefix(st.Head, "INSERT"):
					a = append(a, st)
				case strings.Contains(st.Head, "`x6rb") && strings.HasPrefix(st.Head, "INSERT"):
					b = append(b, st)
				default:
					rest = append(rest, st)
				}
			}
			var out []Stmt
			for _, st := range rest {
				out = append(out, st)
				if strings.HasPrefix(st.Head, "CREATE TRIGGER") && strings.Contains(st.Head, "`x6tb") {
					out = append(append(out, b...), a...)
				}
			}
			return out
		}},
	},
	RsLockRegion: {
		{name: "again", change: againStmt("INSERT INTO `fz0`.`x6l", 2)},
		{name: "skipped", change: func(in []Stmt) []Stmt {
			out := slices.Clone(in)
			for i, st := range out {
				if strings.HasPrefix(st.Head, "INSERT INTO `fz0`.`x6l") {
					return slices.Delete(out, i, i+1)
				}
			}
			return out
		}},
	},
	RsTxnMixed: {
		// The InnoDB rows after the SAVEPOINT kept (the transaction commits).
		{name: "rollback-to", when: func(s string) bool {
			_, after, ok := strings.Cut(s, "SAVEPOINT x6s;")
			inside, _, _ := strings.Cut(after, "ROLLBACK TO")
			return ok && strings.Contains(inside, "`x6ma") && strings.Contains(s, "\nCOMMIT;")
		}, change: dropStmts("ROLLBACK TO")},
		{name: "again", change: againStmt("INSERT INTO `fz0`.`x6m", 1)},
	},
	RsBatchEdge: {
		// The statement's later half run before its first (batches in another order).
		{name: "order", when: func(s string) bool {
			return strings.Contains(s, "INSERT IGNORE INTO `fz0`.`x6e") || strings.Contains(s, "REPLACE INTO `fz0`.`x6e") || strings.Contains(s, "ON DUPLICATE")
		}, change: func(in []Stmt) []Stmt {
			out := slices.Clone(in)
			for i, st := range out {
				if len(st.Rows) > 100 {
					h := len(st.Rows) / 2
					st.Rows = append(slices.Clone(st.Rows[h:]), st.Rows[:h]...)
					out[i] = st
				}
			}
			return out
		}},
	},
}

// TestS51BlocksReach: each x-fuzz6 block runs in the client without an error of its
// own, and what it did is in the re-dump: each planted change (a statement skipped or
// sent twice, the session's time zone, @@timestamp or character set not carried, a
// string form read as another value, rows run in another order) makes the re-dump differ
// or the client fail. Each plant is tried on the first of the block's draws (source
// seeds 1–40) it applies to.
func TestS51BlocksReach(t *testing.T) {
	r := newTestRunner(t, "true")
	ctx := context.Background()
	blocks := map[Construct]func(*gen){LdTimeZone: ldTimeZoneBlock, LdCharsetClient: ldCharsetClientBlock, LdStringForms: ldStringFormsBlock,
		TriggerReadsOther: triggerReadsOtherBlock, RsLockRegion: rsLockRegionBlock, RsTxnMixed: rsTxnMixedBlock, RsBatchEdge: rsBatchEdgeBlock}
	for _, c := range S51Constructs {
		for _, p := range s51Plants[c] {
			t.Run(string(c)+"/"+p.name, func(t *testing.T) {
				var s Script
				var g *gen
				for seed := int64(1); seed <= 40; seed++ {
					g = &gen{dice: s51Family.source(seed), charset: "utf8mb4", client: "utf8mb4", fkChecks: true, autocommit: true}
					g.emit("SET NAMES utf8mb4")
					g.newDatabase()
					blocks[c](g)
					s = Script{Stmts: g.out}
					if p.when == nil || p.when(string(s.SQL())) {
						break
					}
					g = nil
				}
				if g == nil {
					t.Fatalf("no draw of the block in 40 applies")
				}
				want, err := r.Client(ctx, s.SQL())
				if err != nil {
					t.Fatal(err)
				}
				if want.Failed {
					t.Fatalf("the client failed: %s\n%s", want.Output, s.SQL())
				}
				have, err := r.Client(ctx, Script{Stmts: p.change(g.out)}.SQL())
				if err != nil {
					t.Fatal(err)
				}
				if d := Compare("planted", want, have); d == nil {
					t.Errorf("planted %s: the block re-dumps the same: the construct reaches nothing\n%s", p.name, s.SQL())
				} else {
					t.Logf("planted %s: %s", p.name, firstLine(d.Detail))
				}
			})
		}
	}
}
