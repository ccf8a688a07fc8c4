package difffuzz

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestS51BlocksAloneFastModes runs each x-fuzz6 block alone, after the load-data
// profile's header, through the fast modes (parallel, load-data, spool and the three
// resumed ones): a search aimed where the whole scripts reach the blocks seldom (a
// load-data script often turns serial before them). Gated (DUMPSCOPE_S51_PROBE=N: N
// draws of each block, source seeds from DUMPSCOPE_S51_PROBE_SEED, default 1; two kills
// in the resumed modes; DUMPSCOPE_BIN the dumpscope under test; DUMPSCOPE_S51_PROBE_ONLY
// one construct): a heavy
// run of its own, as difffuzz is. A difference is logged with its script, written to
// DUMPSCOPE_S51_PROBE_OUT if set, and fails the test.
func TestS51BlocksAloneFastModes(t *testing.T) {
	blocks := map[Construct]func(*gen){LdTimeZone: ldTimeZoneBlock, LdCharsetClient: ldCharsetClientBlock, LdStringForms: ldStringFormsBlock,
		TriggerReadsOther: triggerReadsOtherBlock, RsLockRegion: rsLockRegionBlock, RsTxnMixed: rsTxnMixedBlock, RsBatchEdge: rsBatchEdgeBlock}
	probeBlocksAlone(t, "DUMPSCOPE_S51_PROBE", s51Family, func(g *gen, c Construct) { blocks[c](g) })
}

// TestS52BlocksAloneFastModes is TestS51BlocksAloneFastModes for the x-fuzz7 blocks
// (top-level compound statements, gen_s52.go), the form drawn: DUMPSCOPE_S52_PROBE=N,
// DUMPSCOPE_S52_PROBE_SEED, DUMPSCOPE_S52_PROBE_ONLY, DUMPSCOPE_S52_PROBE_OUT.
func TestS52BlocksAloneFastModes(t *testing.T) {
	probeBlocksAlone(t, "DUMPSCOPE_S52_PROBE", s52Family, func(g *gen, c Construct) { blockWith(g, c, -1) })
}

// probeBlocksAlone runs N draws of each of family f's blocks (write writes construct c's)
// alone through the fast modes; env is the prefix of its variables (env=N, env_SEED,
// env_ONLY, env_OUT; DUMPSCOPE_BIN).
func probeBlocksAlone(t *testing.T, env string, f *family, write func(g *gen, c Construct)) {
	n, _ := strconv.Atoi(os.Getenv(env))
	if n <= 0 {
		t.Skip(env + "=N runs N draws of each block through the fast modes")
	}
	from := int64(1)
	if v, err := strconv.ParseInt(os.Getenv(env+"_SEED"), 10, 64); err == nil {
		from = v
	}
	bin := os.Getenv("DUMPSCOPE_BIN")
	if bin == "" {
		t.Skip("DUMPSCOPE_BIN: the dumpscope binary to probe")
	}
	r := newTestRunner(t, bin)
	r.Kills = 2
	ctx := context.Background()
	modes, err := ModeNames("parallel,load-data,spool,resume,resume-load-data,resume-spool")
	if err != nil {
		t.Fatal(err)
	}
	for seed := from; seed < from+int64(n); seed++ {
		for _, c := range f.constructs {
			if only := os.Getenv(env + "_ONLY"); only != "" && only != string(c) {
				continue
			}
			g := &gen{dice: f.source(seed), charset: "utf8mb4", client: "utf8mb4", fkChecks: true, autocommit: true}
			g.ldValue = func(*table, col) string { return "NULL" } // the load-data profile's forms (ld-time-zone sets back by value)
			g.emit("/*!40101 SET NAMES utf8mb4 */")
			g.emit("/*!40103 SET TIME_ZONE='+00:00' */")
			if seed%2 == 0 {
				g.emit("/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */")
			}
			g.newDatabase()
			write(g, c)
			s := Script{Seed: seed, Stmts: g.out}
			want, err := r.Client(ctx, s.SQL())
			if err != nil {
				t.Fatal(err)
			}
			for mi, m := range modes {
				have, err := r.Dumpscope(ctx, s.SQL(), m, rand.New(rand.NewSource(seed*131+int64(mi))))
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%s seed %d %s: %d batches by LOAD DATA, %d kills (%d in a LOAD), refused: %q", c, seed, m.Name, have.Loaded, have.Kills, have.KillsInLoad, firstLine(have.Refused))
				d := Compare(m.Name, want, have)
				if d == nil {
					continue
				}
				t.Errorf("%s seed %d %s: %s: %s", c, seed, m.Name, d.Kind, firstLine(d.Detail))
				if dir := os.Getenv(env + "_OUT"); dir != "" {
					_ = os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d-%s.sql", c, seed, m.Name)), s.SQL(), 0o644)
				}
			}
		}
	}
}
