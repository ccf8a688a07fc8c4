package difffuzz

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"
)

// s54Markers are what each x-fuzz9 construct writes, for counting them.
var s54Markers = map[Construct]string{
	BlkHandlerRowCount: "'rc-own', ROW_COUNT()",
	FoundRowsSubquery:  "('fr', FOUND_ROWS())",
	BlkBulkIgnore:      "`x9e",
}

// s54Blocks1 writes construct c's block in form (-1: drawn).
func s54Block1(g *gen, c Construct, form int) {
	switch c {
	case BlkHandlerRowCount:
		handlerRowCountBlock(g, form)
	case FoundRowsSubquery:
		foundRowsSubquery(g, form)
	default:
		bulkIgnoreBlock(g, form)
	}
}

// s53Seeds are session 53's scripts (x-fuzz8's search, main d2cdd972's generator with
// --off known,blk-txn,blk-execute-immediate): the SHA-256 of Generate's SQL. With the
// x-fuzz9 constructs off, a seed's script is the one stop 53 searched, byte for byte.
var s53Seeds = []struct {
	seed    int64
	profile Profile
	sha     string
}{
	{169630, ProfileGeneral, "8e8727bc06ba23c39468be6169c8753b49c83023ac61738e4a65469304f6ab0c"},
	{169903, ProfileGeneral, "4f498c24b26cc20ce190bc0aa1547fc451e981f359557db7d9e5d69d960c2614"},
	{170102, ProfileGeneral, "ae209dbddf534082a1414bcdac14b15d49d3299c5cad17f1d60a8063b2d6dbd3"},
	{170500, ProfileGeneral, "a853f73ec73365127783c75e1f1dbd4c003c9b36a5be561af6391827339cbe63"},
	{169630, ProfileLoadData, "e553f2247ba29be2ffe47ac25adeb1401c9c0c472e393e043daf9b5657c2c317"},
	{169903, ProfileLoadData, "5d2ae3fde86b37496cadf291f11b4c83206651795c5b4a6379de5982f2779c05"},
	{170102, ProfileLoadData, "4fbd93380f1580395b85d6a666cdfeb84371c744123fdb02ed601415d5e56cc7"},
	{170500, ProfileLoadData, "52a8cdf277017ea8caa81183dd802eb80cfa009c25d254f57b09d01125954fdb"},
	{169630, ProfileFilter, "78453df62607be6a7a016b2b24b8852fd7630df49079e47cad61584ca53e01cf"},
	{169903, ProfileFilter, "453f34dae2e5ab7a7a79746c5115c69689d39199d2713fbf6e98dc5463a15c3a"},
	{170102, ProfileFilter, "2d0fb818448f7f8daefd5fb5ff96acf384861345ec9c8eed144d9e57178d53f5"},
	{170500, ProfileFilter, "196b8a2ea0fa59dfb93577091514b05cdb6605e11ece7e038b41ae86e43f5fa5"},
}

// TestS54KeepsSeeds: with the x-fuzz9 constructs off, session 53's seeds write the
// scripts they wrote (the family draws from its own source).
func TestS54KeepsSeeds(t *testing.T) {
	off := append(append(append([]Construct(nil), KnownBugs...), S54Constructs...), BlkTxn, BlkExecute)
	for _, s := range s53Seeds {
		sum := fmt.Sprintf("%x", sha256.Sum256(Generate(s.seed, Config{Off: off, Profile: s.profile}).SQL()))
		if sum != s.sha {
			t.Errorf("seed %d profile %v: script changed (sha256 %s, recorded %s)", s.seed, s.profile, sum, s.sha)
		}
	}
}

// TestS54BlocksAppear: in 60 seeds of the general profile and 60 of the load-data profile
// each x-fuzz9 construct is written at least twice with the known bugs off (blk-bulk-ignore
// was known until x-fix82's fix was merged), and switching the constructs off gives none.
func TestS54BlocksAppear(t *testing.T) {
	onKnown := KnownBugs
	for _, p := range []Profile{ProfileGeneral, ProfileLoadData} {
		count := map[Construct]int{}
		for seed := int64(1); seed <= 60; seed++ {
			sql := string(Generate(seed, Config{Off: onKnown, Profile: p}).SQL())
			for c, m := range s54Markers {
				if strings.Contains(sql, m) {
					count[c]++
				}
			}
			off := Generate(seed, Config{Off: append(append([]Construct(nil), KnownBugs...), S54Constructs...), Profile: p}).SQL()
			if bytes.Contains(off, []byte("`x9")) {
				t.Errorf("profile %v seed %d: an x-fuzz9 block with its constructs off", p, seed)
			}
		}
		for _, c := range S54Constructs {
			if count[c] < 2 {
				t.Errorf("profile %v, %s: in %d of 60 scripts, want at least 2", p, c, count[c])
			}
		}
		t.Logf("profile %v, scripts with each construct, of 60: %v", p, count)
	}
}

// s54Plants are each construct's planted differences: what a dumpscope that gave the
// readers another value or lost the block's insert would have stored.
var s54Plants = map[Construct][]s52Plant{
	BlkHandlerRowCount: {
		{name: "own", change: func(s string) string { return strings.ReplaceAll(s, "('rc-own', ROW_COUNT())", "('rc-own', -7)") }},
		{name: "after-handler", when: has("'rc-after-h'"), change: func(s string) string {
			return strings.ReplaceAll(s, "('rc-after-h', ROW_COUNT())", "('rc-after-h', -7)")
		}},
		{name: "in-handler", when: has("'rc-handler'"), change: func(s string) string {
			return strings.ReplaceAll(s, "('rc-handler', ROW_COUNT())", "('rc-handler', -7)")
		}},
	},
	FoundRowsSubquery: {{name: "reader", change: func(s string) string { return strings.ReplaceAll(s, "('fr', FOUND_ROWS())", "('fr', -7)") }}},
	// Finding A's loss: the block's insert into the empty table gone.
	BlkBulkIgnore: {{name: "lost", change: func(s string) string {
		var out []string
		for _, l := range strings.SplitAfter(s, "\n") {
			if strings.Contains(l, "INSERT INTO `") && strings.Contains(l, "`x9e") && strings.Contains(l, "(v) VALUES (") && !strings.Contains(l, "(77)") {
				l = strings.Replace(l, "INSERT INTO", "DO 0; -- ", 1)
			}
			out = append(out, l)
		}
		return strings.Join(out, "")
	}}},
}

// TestS54BlocksReach: each x-fuzz9 construct's reads and rows reach the client's re-dump:
// the block runs in the client without an error, and each planted change (a ROW_COUNT()
// or FOUND_ROWS() reader given -7, the bulk block's insert left out) makes the re-dump
// differ. Each plant is tried on the first draw (source seeds 1–60, the form seed mod 7)
// it applies to.
func TestS54BlocksReach(t *testing.T) {
	r := newTestRunner(t, "true")
	ctx := context.Background()
	for _, c := range S54Constructs {
		for _, p := range s54Plants[c] {
			t.Run(string(c)+"/"+p.name, func(t *testing.T) {
				var sql string
				var seed int64
				for seed = 1; seed <= 60; seed++ {
					g := &gen{dice: s54Family.source(seed), charset: "utf8mb4", client: "utf8mb4", fkChecks: true, autocommit: true}
					g.emit("SET NAMES utf8mb4")
					g.newDatabase()
					s54Block1(g, c, int(seed%formCount))
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
				if want.Failed {
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
					t.Errorf("planted %s (seed %d): the block re-dumps the same: the construct reaches nothing\n%s", p.name, seed, sql)
				} else {
					t.Logf("planted %s (seed %d): %s", p.name, seed, firstLine(d.Detail))
				}
			})
		}
	}
}

// TestS54FormsRun: every form of each x-fuzz9 block runs in the client without an error,
// for source seeds 1–3.
func TestS54FormsRun(t *testing.T) {
	r := newTestRunner(t, "true")
	ctx := context.Background()
	n := 0
	for seed := int64(1); seed <= 3; seed++ {
		for _, c := range S54Constructs {
			for f := range formCount {
				g := &gen{dice: s54Family.source(seed*100 + int64(f)), charset: "utf8mb4", client: "utf8mb4", fkChecks: true, autocommit: true}
				g.emit("SET NAMES utf8mb4")
				g.newDatabase()
				s54Block1(g, c, f)
				sql := Script{Stmts: g.out}.SQL()
				o, err := r.Client(ctx, sql)
				if err != nil {
					t.Fatal(err)
				}
				n++
				if o.Failed {
					t.Errorf("%s form %s seed %d: the client failed: %s\n%s", c, formNames[f], seed, o.Output, sql)
				}
			}
		}
	}
	t.Logf("%d blocks ran", n)
}

// TestS54BlocksAloneFastModes is TestS51BlocksAloneFastModes for the x-fuzz9 blocks:
// DUMPSCOPE_S54_PROBE=N, DUMPSCOPE_S54_PROBE_SEED, DUMPSCOPE_S54_PROBE_ONLY,
// DUMPSCOPE_S54_PROBE_OUT, DUMPSCOPE_BIN. With DUMPSCOPE_S54_PROBE_ONLY=blk-bulk-ignore
// against main d2cdd972 it shows finding A (see docs/difffuzz.md, session 54).
func TestS54BlocksAloneFastModes(t *testing.T) {
	probeBlocksAlone(t, "DUMPSCOPE_S54_PROBE", s54Family, func(g *gen, c Construct) { s54Block1(g, c, -1) })
}
