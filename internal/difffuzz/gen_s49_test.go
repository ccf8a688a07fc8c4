package difffuzz

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// s49Markers are what each x-fuzz4 block writes, for counting them in scripts.
var s49Markers = map[Construct]string{
	ProcTemp:          "CREATE TEMPORARY TABLE IF NOT EXISTS",
	ProcGlobalPacket:  "SET GLOBAL max_allowed_packet",
	XATempCommit:      "`xtt",
	OraclePackageMore: "CALL `",
}

// TestS49BlocksAppear: in 40 seeds of the general profile each x-fuzz4 block is written
// at least twice, and switching the constructs off gives the script of before.
func TestS49BlocksAppear(t *testing.T) {
	count := map[Construct]int{}
	for seed := int64(1); seed <= 40; seed++ {
		sql := string(Generate(seed, Config{Off: KnownBugs}).SQL())
		for c, m := range s49Markers {
			if c == OraclePackageMore {
				m = ".bump("
			}
			if strings.Contains(sql, m) {
				count[c]++
			}
		}
		off := Generate(seed, Config{Off: append(append([]Construct(nil), KnownBugs...), S49Constructs...)}).SQL()
		if bytes.Contains(off, []byte("`ptp")) || bytes.Contains(off, []byte("`xtt")) || bytes.Contains(off, []byte("`pgp")) || bytes.Contains(off, []byte(".bump(")) && bytes.Contains(off, []byte("`opk")) {
			t.Errorf("seed %d: an x-fuzz4 block with its constructs off", seed)
		}
	}
	for _, c := range S49Constructs {
		if count[c] < 2 {
			t.Errorf("%s: in %d of 40 scripts, want at least 2", c, count[c])
		}
	}
	t.Logf("scripts with each block, of 40: %v", count)
}

// TestS49BlocksReach: each x-fuzz4 block runs in the client without an error of its
// own, and what it did is in the re-dump: with the block's key statement taken out (the
// CALL, the XA COMMIT, the package's CALLs), the re-dump differs — a planted difference
// of the kind a dumpscope that skipped or repeated it would show.
func TestS49BlocksReach(t *testing.T) {
	r := newTestRunner(t, "true")
	ctx := context.Background()
	for _, c := range S49Constructs {
		t.Run(string(c), func(t *testing.T) {
			g := newS49Gen(c)
			var key string
			switch c {
			case ProcTemp:
				procTempBlock(g)
				key = "CALL "
			case ProcGlobalPacket:
				procGlobalPacketBlock(g)
				key = "CALL "
			case XATempCommit:
				xaTempCommitBlock(g)
				key = "XA COMMIT"
			case OraclePackageMore:
				oraclePackageMoreBlock(g)
				key = "CALL "
			}
			s := Script{Stmts: g.out}
			want, err := r.Client(ctx, s.SQL())
			if err != nil {
				t.Fatal(err)
			}
			if want.Failed {
				t.Fatalf("the client failed: %s\n%s", want.Output, s.SQL())
			}
			// Planted: the key statements removed (lines of a DELIMITER text too).
			var cut []Stmt
			for _, st := range g.out {
				if st.Raw {
					var lines []string
					for _, l := range strings.SplitAfter(st.Head, "\n") {
						if !strings.HasPrefix(l, key) {
							lines = append(lines, l)
						}
					}
					st.Head = strings.Join(lines, "")
				} else if strings.HasPrefix(st.Head, key) {
					continue
				}
				cut = append(cut, st)
			}
			have, err := r.Client(ctx, Script{Stmts: cut}.SQL())
			if err != nil {
				t.Fatal(err)
			}
			if d := Compare("planted", want, have); d == nil {
				t.Errorf("without its %q statements the block re-dumps the same: the construct reaches nothing\n%s", key, s.SQL())
			} else {
				t.Logf("planted (%s removed): %s", key, firstLine(d.Detail))
			}
		})
	}
}

// newS49Gen is a generator state with one database made, for a block alone.
func newS49Gen(c Construct) *gen {
	g := &gen{dice: s49Family.source(int64(len(c))), charset: "utf8mb4", client: "utf8mb4", fkChecks: true, autocommit: true}
	g.emit("SET NAMES utf8mb4")
	g.newDatabase()
	return g
}
