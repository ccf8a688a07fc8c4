package difffuzz

import (
	"fmt"
	"slices"
	"strings"
)

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
// temporary-table and an x-fuzz text block before the general grammar's steps (early: where dumpscope's run
// is still parallel) or after one of them. Each family draws from its own random source,
// so that one switched off leaves the others' scripts as they were.
func ownSourceBlocks(g *gen, early bool) {
	if early {
		featureMaybe(g, featureEarlyP)
		gen4Maybe(g, gen4EarlyP)
		tempMaybe(g, tempEarlyP)
		textMaybe(g, textEarlyP)
		return
	}
	featureMaybe(g, featureP)
	gen4Maybe(g, gen4P)
	tempMaybe(g, tempP)
	textMaybe(g, textP)
}
