package difffuzz

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// s50Markers are what each x-fuzz5 block writes, for counting them in scripts.
var s50Markers = map[Construct]string{
	SQLNotes:  "SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0",
	MdTrigger: "/*!50017 DEFINER=",
	MdEvent:   "/*!50117 DEFINER=",
	MdRoutine: "/*!50003 DROP FUNCTION IF EXISTS",
}

// TestS50BlocksAppear: in 40 seeds of the general profile and 40 of the load-data
// profile each x-fuzz5 block is written at least twice, and switching the constructs off
// gives none of them.
func TestS50BlocksAppear(t *testing.T) {
	for _, p := range []Profile{ProfileGeneral, ProfileLoadData} {
		count := map[Construct]int{}
		for seed := int64(1); seed <= 40; seed++ {
			sql := string(Generate(seed, Config{Off: KnownBugs, Profile: p}).SQL())
			for c, m := range s50Markers {
				if strings.Contains(sql, m) {
					count[c]++
				}
			}
			off := Generate(seed, Config{Off: append(append([]Construct(nil), KnownBugs...), S50Constructs...), Profile: p}).SQL()
			for _, m := range s50Markers {
				if bytes.Contains(off, []byte(m)) {
					t.Errorf("profile %v seed %d: an x-fuzz5 block with its constructs off", p, seed)
				}
			}
		}
		for _, c := range S50Constructs {
			if count[c] < 2 {
				t.Errorf("profile %v, %s: in %d of 40 scripts, want at least 2", p, c, count[c])
			}
		}
		t.Logf("profile %v, scripts with each block, of 40: %v", p, count)
	}
}

// s50Plant is a planted difference: the lines of a block that start with key (or with
// one of also) taken out, or with swap, key's line with swap[0] replaced by swap[1].
// when says which of a block's draws show it (nil: all).
type s50Plant struct {
	key  string
	also []string
	swap [2]string
	when func(sql string) bool
}

// cut reports whether line goes, and else what it becomes.
func (p s50Plant) cut(line string) (string, bool) {
	if !strings.HasPrefix(line, p.key) {
		for _, a := range p.also {
			if strings.HasPrefix(line, a) {
				return "", true
			}
		}
		return line, false
	}
	if p.swap[0] != "" {
		return strings.Replace(line, p.swap[0], p.swap[1], 1), false
	}
	return "", true
}

// s50Plants are each block's key statements: the block's effect, and the session state
// mysqldump's lines set around it.
var s50Plants = map[Construct][]s50Plant{
	// Notes left on: the readers count them.
	SQLNotes: {{key: "/*!40111 SET @OLD_SQL_NOTES", swap: [2]string{"SQL_NOTES=0", "SQL_NOTES=1"}}},
	MdTrigger: {
		{key: "/*!50003 CREATE*/"},
		{key: "/*!50003 SET character_set_client  = latin1", when: func(s string) bool { return strings.Contains(s, "character_set_client  = latin1") }},
		{key: "/*!50003 SET sql_mode              = 'NO_AUTO", when: func(s string) bool { return strings.Contains(s, "sql_mode              = 'NO_AUTO") }},
	},
	MdRoutine: {
		// Made under the script's sql_mode instead: `||` is OR there.
		{key: "/*!50003 SET sql_mode              = 'PIPES", when: func(s string) bool { return strings.Contains(s, "sql_mode              = 'PIPES") }},
		{key: "CALL ", when: func(s string) bool { return strings.Contains(s, "\nCALL ") }},
	},
	MdEvent: {
		{key: "/*!50106 CREATE*/"},
		{key: "/*!50003 SET time_zone             = '+03:00'", when: func(s string) bool { return strings.Contains(s, "time_zone             = '+03:00'") }},
		// The time zone not set back after the block (mysqldump sets it back twice: inside
		// the DELIMITER text and after it): the rows after it are stored otherwise.
		{key: "/*!50106 SET TIME_ZONE= @save_time_zone", also: []string{"/*!50003 SET time_zone             = @saved_time_zone"}, when: func(s string) bool {
			return strings.Contains(s, "time_zone             = '+03:00'") || strings.Contains(s, "time_zone             = '-05:00'")
		}},
	},
}

// TestS50BlocksReach: each x-fuzz5 block runs in the client without an error of its
// own, and what it did is in the re-dump: with a key statement taken out or changed (notes
// left on, the trigger's or event's CREATE, the character set, sql_mode or time zone it
// was made under, the time zone set back after it) the re-dump differs or the client
// fails — a planted difference of the kind a dumpscope that skipped a statement or ran
// it under another session state would show. Each plant is tried on the first of the
// block's draws (source seeds 1–40) it applies to.
func TestS50BlocksReach(t *testing.T) {
	r := newTestRunner(t, "true")
	ctx := context.Background()
	blocks := map[Construct]func(*gen){SQLNotes: sqlNotesBlock, MdTrigger: mdTriggerBlock, MdEvent: mdEventBlock, MdRoutine: mdRoutineBlock}
	for _, c := range S50Constructs {
		for _, p := range s50Plants[c] {
			t.Run(string(c)+"/"+p.key, func(t *testing.T) {
				var s Script
				var g *gen
				for seed := int64(1); seed <= 40; seed++ {
					g = newS50Gen(seed)
					blocks[c](g)
					s = Script{Stmts: g.out}
					if text := string(s.SQL()); strings.Contains(text, p.key) && (p.when == nil || p.when(text)) {
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
				var cut []Stmt
				for _, st := range g.out {
					if st.Raw {
						var lines []string
						for _, l := range strings.SplitAfter(st.Head, "\n") {
							if l, gone := p.cut(l); !gone {
								lines = append(lines, l)
							}
						}
						st.Head = strings.Join(lines, "")
					} else if h, gone := p.cut(st.Head); gone {
						continue
					} else {
						st.Head = h
					}
					cut = append(cut, st)
				}
				have, err := r.Client(ctx, Script{Stmts: cut}.SQL())
				if err != nil {
					t.Fatal(err)
				}
				if d := Compare("planted", want, have); d == nil {
					t.Errorf("without its %q lines the block re-dumps the same: the construct reaches nothing\n%s", p.key, s.SQL())
				} else {
					t.Logf("planted (%s removed or changed): %s", p.key, firstLine(d.Detail))
				}
			})
		}
	}
}

// newS50Gen is a generator state with one database made, for a block alone, its blocks'
// source seeded with seed.
func newS50Gen(seed int64) *gen {
	g := &gen{dice: s50Family.source(seed), charset: "utf8mb4", client: "utf8mb4", fkChecks: true, autocommit: true}
	g.emit("SET NAMES utf8mb4")
	g.newDatabase()
	return g
}
