package difffuzz

import "math/rand"

// family is one search's block constructs, registered one way (x-fuzz6, session 51: the
// x-fuzz4 and x-fuzz5 blocks had each grown their own source, Maybe function, counter
// fields in gen and calls in ownSourceBlocks and loadScript by copying). A family draws
// from its own random source, seeded from the script's seed, so that with its constructs
// off (or before it existed) every other draw is what it was: a seed's script is the one
// the generator wrote without the family (TestFamiliesKeepSeeds holds recorded seeds).
//
// Where: with chance early before the general grammar's steps (where dumpscope's run is
// still parallel), step after each of them, load after each table of the load-data
// profile; never in the filter profile. A block starts outside a transaction with
// autocommit on (settle) and writes tables of its own, named with its family's counter
// (familyName).
//
// To add a family: a var of this type, its constructs' list, and an entry in families
// (last: the earlier families' output keeps its place). Its constructs reach
// AllConstructs and InSuiteOff through FamilyConstructs.
type family struct {
	// name keys the family's state in gen.fams (its blocks name it to number their
	// objects: familyNext).
	name string
	// mult and add seed the family's source: rand.NewSource(seed*mult + add).
	mult, add         int64
	early, step, load float64
	// constructs are the family's, for AllConstructs, InSuiteOff and FamilyConstructs.
	constructs []Construct
	// blocks are the family's blocks for g with their weights: each needs the older
	// constructs whose forms it writes, and a block whose are off is not listed.
	// pickBlock leaves out those switched off.
	blocks func(g *gen) []weightedBlock
}

// The families' names (the keys of their states).
const (
	famS49 = "x-fuzz4"
	famS50 = "x-fuzz5"
	famS51 = "x-fuzz6"
)

// families are the registered families, in the order their blocks are written at a place.
var families = []*family{s49Family, s50Family, s51Family, s52Family, s54Family}

// FamilyConstructs are the constructs of every family, in the families' order.
func FamilyConstructs() []Construct {
	var cs []Construct
	for _, f := range families {
		cs = append(cs, f.constructs...)
	}
	return cs
}

// familyState is a family's source and the number its blocks' names take next.
type familyState struct {
	d   dice
	seq int
}

// newFamilies are the families' states for seed.
func newFamilies(seed int64) map[string]*familyState {
	m := make(map[string]*familyState, len(families))
	for _, f := range families {
		m[f.name] = &familyState{d: dice{r: rand.New(rand.NewSource(seed*f.mult + f.add))}}
	}
	return m
}

// source is family f's random source for seed (a test's block alone).
func (f *family) source(seed int64) dice {
	return dice{r: rand.New(rand.NewSource(seed*f.mult + f.add))}
}

// familyNext is the next number of the named family's block names (a test's gen without the
// families' states gets one).
func familyNext(g *gen, name string) int {
	if g.fams == nil {
		g.fams = map[string]*familyState{}
	}
	st := g.fams[name]
	if st == nil {
		st = &familyState{}
		g.fams[name] = st
	}
	st.seq++
	return st.seq
}

// familySeq is the number the named family's block names took last.
func familySeq(g *gen, name string) int {
	if st := g.fams[name]; st != nil {
		return st.seq
	}
	return 0
}

// familiesMaybe writes, for each family in order, one of its blocks with the chance the
// place gives (p picks it from the family), drawn from the family's source.
func familiesMaybe(g *gen, p func(*family) float64) {
	for _, f := range families {
		f.maybe(g, p(f))
	}
}

func earlyP(f *family) float64 { return f.early }
func stepP(f *family) float64  { return f.step }
func loadP(f *family) float64  { return f.load }

// maybe writes one of f's blocks with chance p.
func (f *family) maybe(g *gen, p float64) {
	st := g.fams[f.name]
	if st == nil || st.d.r == nil || len(g.dbs) == 0 {
		return
	}
	main := g.dice
	g.dice = st.d
	defer func() { st.d, g.dice = g.dice, main }()
	if !g.chance(p) {
		return
	}
	blocks := f.blocks(g)
	if b := pickBlock(g, blocks); b != nil {
		settle(g)
		b.f(g)
	}
}
