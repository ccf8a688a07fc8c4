package difffuzz

import (
	"context"
	"math/rand"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestFilterReference: a filter script's reference keeps its lines where they were (an
// error's line is the same on both sides), leaves out what the filter's documented
// meaning leaves out, and keeps the session statements and accounts.
func TestFilterReference(t *testing.T) {
	kinds := map[string]int{}
	for seed := int64(113000); seed < 113200; seed++ {
		s := Generate(seed, Config{Profile: ProfileFilter})
		if s.Filter == nil {
			t.Fatalf("seed %d: no filter", seed)
		}
		kinds[s.Filter.Kind]++
		full, ref := string(s.SQL()), string(s.Reference().SQL())
		if strings.Count(full, "\n") != strings.Count(ref, "\n") {
			t.Fatalf("seed %d: %d lines, the reference %d", seed, strings.Count(full, "\n"), strings.Count(ref, "\n"))
		}
		for _, must := range []string{"SET NAMES utf8mb4", "CREATE USER 'fzu1'@'localhost'", "GRANT SELECT ON *.* TO"} {
			if !strings.Contains(ref, must) {
				t.Errorf("seed %d (%s): the reference lacks %q", seed, s.Filter, must)
			}
		}
		f := s.Filter
		for _, db := range []string{"fz0", "fz1", "fz2"} {
			if !strings.Contains(full, "USE `"+db+"`") {
				continue
			}
			if got := strings.Contains(ref, "USE `"+db+"`"); got != f.dbKept(db) {
				t.Errorf("seed %d (%s): USE %s in the reference %v", seed, f, db, got)
			}
			for _, tb := range []string{"t1", "t2", "t3"} {
				q := "`" + db + "`.`" + tb + "`"
				kept := f.tableKept(db, tb)
				if strings.Contains(ref, "INSERT INTO "+q) && (!kept || f.SchemaOnly) {
					t.Errorf("seed %d (%s): rows into %s kept", seed, f, q)
				}
				if strings.Contains(ref, "ON "+q+" TO") && !kept {
					t.Errorf("seed %d (%s): a grant on %s kept", seed, f, q)
				}
			}
		}
		if seed == 113000 {
			if d := os.Getenv("DIFFFUZZ_FILTER_KEEP"); d != "" {
				os.WriteFile(d+"/filter.sql", s.SQL(), 0o644)
				os.WriteFile(d+"/filter.ref.sql", s.Reference().SQL(), 0o644)
			}
		}
	}
	t.Logf("filters by kind: %v", kinds)
}

// TestFilterMatches: the entries match as docs/filters.md says: db.t the table, t a
// table of that name in any database, globs.
func TestFilterMatches(t *testing.T) {
	for _, c := range []struct {
		entry, db, t string
		want         bool
	}{
		{"fz0.t1", "fz0", "t1", true}, {"fz0.t1", "fz1", "t1", false}, {"t2", "fz1", "t2", true}, {"t2", "fz1", "t1", false},
		{"fz1.t*", "fz1", "t3", true}, {"fz1.t*", "fz0", "t3", false},
	} {
		if got := matches(c.entry, c.db, c.t); got != c.want {
			t.Errorf("matches(%q, %s.%s) = %v", c.entry, c.db, c.t, got)
		}
	}
	f := &Filter{Kind: "tables", Names: []string{"fz1.t2"}}
	if f.dbKept("fz0") || !f.dbKept("fz1") || f.Keeps(Owner{Kind: ownRoutine, DB: "fz1"}, "fz1") || !f.Keeps(Owner{Kind: ownAccount}, "") {
		t.Error("--tables fz1.t2: keeps fz0, or not fz1, or a routine, or not an account")
	}
	f = &Filter{Kind: "include-databases", Names: []string{"fz[02]"}}
	if !f.dbKept("fz2") || f.dbKept("fz1") {
		t.Error("--include-databases fz[02]")
	}
}

// TestFilterClientRuns: the client runs the reference of filter scripts (and the whole
// scripts) to their end: an error there would be the generator's.
func TestFilterClientRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("a sandbox server")
	}
	r := newTestRunner(t, "/bin/false")
	for seed := int64(113000); seed < 113012; seed++ {
		s := Generate(seed, Config{Profile: ProfileFilter})
		for name, sc := range map[string]Script{"full": {Seed: seed, Stmts: s.Stmts}, "reference": s.Reference()} {
			if a := clientTwice(t, r, name+" "+itoa(seed), sc); a.Failed {
				t.Errorf("seed %d %s (%s): the client stopped: %s", seed, name, s.Filter, a.Output)
			}
		}
	}
}

// TestFilterModeSensitive: the filter modes see a filter dumpscope applies otherwise
// than the reference: with the reference of the script's filter and dumpscope given
// another one, the outcomes differ; with its own, they do not (a check that cannot fail
// would test nothing).
func TestFilterModeSensitive(t *testing.T) {
	if testing.Short() {
		t.Skip("a sandbox server and dumpscope")
	}
	bin := goBuild(t, "github.com/dumpscope/dumpscope/cmd/dumpscope", "dumpscope")
	r := newTestRunner(t, bin)
	ctx := context.Background()
	mode := Modes[slices.IndexFunc(Modes, func(m Mode) bool { return m.Name == "filter" })]
	s := Generate(113502, Config{Profile: ProfileFilter}) // --tables fz1.t1,fz0.t1
	if d, err := r.CheckScript(ctx, s, mode, rand.New(rand.NewSource(1))); err != nil || d != nil {
		t.Fatalf("its own filter (%s): %v %v", s.Filter, d, err)
	}
	want, err := r.Client(ctx, s.Reference().SQL())
	if err != nil {
		t.Fatal(err)
	}
	for _, other := range []*Filter{{Kind: "tables", Names: []string{"fz1.t1"}}, {Kind: "tables", Names: []string{"fz1.t1", "fz0.t1"}, SchemaOnly: true}, {Kind: "exclude-tables", Names: []string{"fz9.t9"}}} {
		have, err := r.Dumpscope(ctx, s.SQL(), mode.For(Script{Filter: other}), rand.New(rand.NewSource(1)))
		if err != nil {
			t.Fatal(err)
		}
		if Compare(mode.Name, want, have) == nil {
			t.Errorf("dumpscope given %s where the reference is %s: no difference", other, s.Filter)
		}
	}
}

// TestShrinkKeepsFilterUses: the shrinker never offers a filter script without one of its
// USE statements (the owners would lie about the statements after it), and still shrinks
// the rest.
func TestShrinkKeepsFilterUses(t *testing.T) {
	s := Generate(113818, Config{Profile: ProfileFilter})
	want := s.uses()
	if want < 2 {
		t.Fatalf("seed 113818: %d USE statements", want)
	}
	sh := &Shrinker{Test: func(_ context.Context, c Script) (bool, error) {
		if c.uses() != want {
			t.Fatalf("a candidate with %d USE statements of %d", c.uses(), want)
		}
		return true, nil // everything passes: shrink as far as allowed
	}}
	out, err := sh.Shrink(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if out.uses() != want || len(out.Stmts) >= len(s.Stmts) {
		t.Fatalf("shrunk to %d statements (of %d), %d USE (of %d)", len(out.Stmts), len(s.Stmts), out.uses(), want)
	}
}
