package main

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
)

// Which table each connection writes: two connections inserting into one table's B-tree
// contend for its pages, where two on different tables do not (issue 24's server CPU
// under --parallel 2), so the timeline can show the table in place of the I or L and count
// the samples in which two connections wrote one table.

// targetRe finds the table of an INSERT, REPLACE or LOAD DATA … INTO TABLE in a processlist
// INFO head.
var targetRe = regexp.MustCompile("(?is)^\\s*(?:/\\*.*?\\*/\\s*)*(?:insert|replace)\\s+(?:ignore\\s+)?(?:into\\s+)?([`\"\\w.$]+)|into\\s+table\\s+([`\"\\w.$]+)")

// writeTarget is the table an INSERT or LOAD writes, unquoted, or "": also for dumpscope's
// progress rows (checkpoint.ProgressSchema), which every worker writes into one table
// beside its batch's rows, and which would count as two connections on one table.
func writeTarget(info string) string {
	m := targetRe.FindStringSubmatch(info)
	if m == nil {
		return ""
	}
	t := m[1]
	if t == "" {
		t = m[2]
	}
	t = strings.NewReplacer("`", "", "\"", "").Replace(t)
	if i := strings.LastIndexByte(t, '.'); i >= 0 {
		if t[:i] == checkpoint.ProgressSchema {
			return ""
		}
		t = t[i+1:]
	}
	return t
}

// tableLetters names each table written in the samples by one letter (a, b, …) in the
// order it was first seen.
func tableLetters(samples []sample) map[string]string {
	out := map[string]string{}
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
	for _, s := range samples {
		ids := make([]int64, 0, len(s.tables))
		for id := range s.tables {
			ids = append(ids, id)
		}
		sort.Slice(ids, func(a, b int) bool { return ids[a] < ids[b] })
		for _, id := range ids {
			t := s.tables[id]
			if _, ok := out[t]; !ok {
				out[t] = string(alphabet[len(out)%len(alphabet)])
			}
		}
	}
	return out
}

// printSharing prints the table letters and how often two connections wrote at once, and
// of those how often into one table.
func printSharing(samples []sample, letters map[string]string) {
	names := make([]string, 0, len(letters))
	for t := range letters {
		names = append(names, t)
	}
	sort.Slice(names, func(a, b int) bool { return letters[names[a]] < letters[names[b]] })
	fmt.Print("\ntables (-tables):")
	for _, t := range names {
		fmt.Printf(" %s=%s", letters[t], t)
	}
	fmt.Println()
	var two, same int
	for _, s := range samples {
		if len(s.tables) < 2 {
			continue
		}
		two++
		seen := map[string]bool{}
		for _, t := range s.tables {
			if seen[t] {
				same++
				break
			}
			seen[t] = true
		}
	}
	fmt.Printf("samples with two or more connections writing rows: %d (%.1f s); of them with two on one table: %d (%.0f %%)\n", two, float64(two)/10, same, 100*float64(same)/float64(max(two, 1)))
}
