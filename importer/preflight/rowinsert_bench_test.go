package preflight

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// BenchmarkObserveRowInsert1MiB20Funcs: ObserveAll of one 1 MiB row insert of literal
// values (mysqldump's form) into a target holding 20 functions with short names (f0 …
// f19) whose bodies the account cannot read, and a sequence: what the per-statement check
// costs each row insert when the target holds what its values could reach (x-fix69,
// reread item 1: one case-blind search per function's name before; the row reader once,
// over the strings the splitter found, after).
func BenchmarkObserveRowInsert1MiB20Funcs(b *testing.B) { benchRowInsert(b, 20, true) }

// BenchmarkObserveRowInsert1MiB1Func is the same with one such function.
func BenchmarkObserveRowInsert1MiB1Func(b *testing.B) { benchRowInsert(b, 1, false) }

// BenchmarkObserveRowInsert1MiBSequence: the same insert into a target holding a sequence
// and no function: the row reader is asked only when the text holds what moves a sequence
// ("NEXT", "SETVAL"); with "VAL" as the search it read every `INSERT … VALUES` (the
// reread's 2.1: 1.1–3.9 ms/op before, 0.27–1.0 after, -benchtime 20x -count 3 at load
// ≈15; "NEXT" meets every NULL's N: still a search, not the row reader).
func BenchmarkObserveRowInsert1MiBSequence(b *testing.B) { benchRowInsert(b, 0, true) }

func benchRowInsert(b *testing.B, funcs int, sequences bool) {
	row := "(1,'" + strings.Repeat("x", 60) + "',NULL,-2.5)"
	text := "INSERT INTO `t` VALUES " + strings.TrimSuffix(strings.Repeat(row+",", (1<<20)/len(row)), ",") + ";\n"
	sp := split.NewSplitter(strings.NewReader(text), split.SplitOptions{})
	if !sp.Next() {
		b.Fatal("no statement")
	}
	st := sp.Statement()
	p := &Preflight{databases: map[string]bool{"other": true}, tables: map[sqlscan.TableKey]bool{"other.s": true}, empty: map[sqlscan.TableKey]bool{},
		created: map[sqlscan.TableKey]bool{}, createdDBs: map[string]bool{}, objects: map[string]bool{}, createdObjects: map[string]bool{}, current: "shop"}
	p.sequences = sequences
	bodies := map[string]targetBody{}
	for i := range funcs {
		k := objectKey("FUNCTION", "other", fmt.Sprintf("f%d", i))
		bodies[k], p.objects[k] = targetBody{db: "other"}, true
	}
	p.judgeBodies(bodies)
	b.SetBytes(int64(len(st.SQL)))
	b.ResetTimer()
	for range b.N {
		if ow := p.ObserveAll(&st); len(ow) > 0 {
			b.Fatalf("%v", ow)
		}
	}
}
