package difffuzz

import (
	"fmt"
	"slices"
	"strings"
)

// KnownBugs are the constructs of differences known and not fixed in every mode; the
// in-suite run switches them off. Of the eight known when the fuzzer was written, seven
// are fixed (alter-then-insert, empty-string-is-null, exponent-decimal, negative-zero,
// set-subquery, truncate; row-count in the parallel modes too since seed 500, whose
// readers are given the client's values: importer/rowcount.go) and on again;
// mb-trail-5c can make the client itself lose its connection. SessionKnownBugs are
// x-review10's open findings among the session constructs (gen_session.go).
var KnownBugs = append(append(append(append(append([]Construct{MultibyteTrail5C}, SessionKnownBugs...), FeatureKnownBugs...), Gen4KnownBugs...), TextKnownBugs...), S54KnownBugs...)

// InSuiteOff are the constructs the in-suite run (TestDiffFuzzShort) and the CLI's
// default leave out: the known bugs (docs/difffuzz.md). The difference found in every
// mode that batches (fk-child, seed 1229) is fixed: the construct is on.
// The x-fuzz2 constructs (gen_worker.go) are left out there too, not as bugs: the
// in-suite seeds, and so the run's time in CI, stay what they were; the CLI's searches
// (--off known) have them.
// The block families' constructs (family.go: x-fuzz4, x-fuzz5, x-fuzz6) likewise.
var InSuiteOff = append(append(append([]Construct(nil), KnownBugs...), WorkerConstructs...), FamilyConstructs()...)

// InSuiteModeOff are the constructs left out in one mode only: the differences the
// fuzzer found that have no fix yet, each in the mode that shows it, so that the other
// modes keep them. Of those found in the resume mode, engine-change, trigger,
// reload-in-tx, rename, alter-column, serializing, last-insert-id (seeds 1289, 1046:
// LAST_INSERT_ID() kept with the progress rows) and trigger-var (seed 809: the variables
// trigger bodies name journaled) are fixed or refused naming the table
// (docs/difffuzz.md); keyless (seeds 3026, 1126) is on again: not reproduced in 120
// scripts nor in those seeds run again (docs/difffuzz.md, "Open"). lock-tables (seed
// 30341: statements under LOCK TABLES in a run gone serial sent again after a kill; seed
// 30331, found with it on: an Aria table there) is fixed: each such statement commits
// with its progress row, a non-transactional write with its intent
// (importer/replay/lockregion.go); none of those is left out now. The CLI's --resume-off gives
// "resume"'s list to every mode with kills: SessionKillModeOff (set-global-mixed, an
// open finding of x-review10 in the modes with kills only) and FeatureKillModeOff.
var InSuiteModeOff = killModesOff(append(append(append(append([]Construct(nil), SessionKillModeOff...), FeatureKillModeOff...), Gen4KillModeOff...), FilterKillModeOff...)...)

// AllConstructs are every switchable construct, the names --off and --resume-off take.
var AllConstructs = append([]Construct{AlterThenInsert, MultibyteTrail5C, EmptyStringIsNull, ExponentDecimal, NegativeZero, SetSubquery, RowCountFuncs, ResumeTruncate,
	EngineChange, Trigger, ReloadInTx, Rename, AlterColumn, ReplaceChild, LastInsertID, Serializing, Keyless, TriggerVar, CharsetConnection, XATxn, BulkEmpty, LockTables}, append(append(append(append(append(append(SessionConstructs, FeatureConstructs...), Gen4Constructs...), TemporaryConstructs...), TextConstructs...), CreateUserResume), append(WorkerConstructs, FamilyConstructs()...)...)...)

// ConstructList is cs as ParseConstructs reads it back ("none" when empty): the CLI's
// per-mode defaults are InSuiteModeOff's lists, written once here.
func ConstructList(cs []Construct) string {
	if len(cs) == 0 {
		return "none"
	}
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = string(c)
	}
	return strings.Join(names, ",")
}

// ParseConstructs reads a comma-separated list of construct names ("none": none,
// "known": KnownBugs), for the CLI's --off and --resume-off.
func ParseConstructs(list string) ([]Construct, error) {
	all := AllConstructs
	var out []Construct
	for _, n := range strings.Split(list, ",") {
		switch n = strings.TrimSpace(n); n {
		case "", "none":
		case "known":
			out = append(out, KnownBugs...)
		default:
			if !slices.Contains(all, Construct(n)) {
				return nil, fmt.Errorf("unknown construct %q (constructs: %v)", n, all)
			}
			out = append(out, Construct(n))
		}
	}
	return out, nil
}

// ownSourceBlocks writes, each with its chance, a table-feature, an f-gen4, a
// temporary-table, an x-fuzz text and an x-fuzz2 block before the general grammar's steps (early: where dumpscope's run
// is still parallel) or after one of them. Each family draws from its own random source,
// so that one switched off leaves the others' scripts as they were.
func ownSourceBlocks(g *gen, early bool) {
	if early {
		featureMaybe(g, featureEarlyP)
		gen4Maybe(g, gen4EarlyP)
		tempMaybe(g, tempEarlyP)
		textMaybe(g, textEarlyP)
		workerMaybe(g, workerEarlyP)
		familiesMaybe(g, earlyP)
		return
	}
	featureMaybe(g, featureP)
	gen4Maybe(g, gen4P)
	tempMaybe(g, tempP)
	textMaybe(g, textP)
	workerMaybe(g, workerP)
	familiesMaybe(g, stepP)
}
