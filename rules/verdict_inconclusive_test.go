package rules

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
)

// TestVerdictTooShortIsNotIdle: a run that ends within a second (a syntax error near the
// start of the dump, a tiny dump) leaves one sample and no interval to attribute. Its
// verdict must say the run was too short, not that the server sat idle: the import did
// move rows. A server sampled for longer without moving is idle.
func TestVerdictTooShortIsNotIdle(t *testing.T) {
	env := &advisor.Env{Server: advisor.ServerInfo{Flavor: advisor.FlavorMariaDB, Version: "10.11.19-MariaDB", Variables: map[string]string{}}}
	moved := NewEngine()
	moved.Observe(env, advisor.Snapshot{T: 1, Import: &advisor.ImportProgress{Bytes: 2 << 20, Rows: 41311}})
	v := VerdictOf(moved)
	if v.Conclusive || !strings.Contains(v.Reason, "too short") || strings.Contains(v.Reason, "idle") {
		t.Errorf("one-sample run: reason %q, want one that says the run was too short", v.Reason)
	}

	idle := NewEngine()
	for i := range 10 {
		idle.Observe(env, advisor.Snapshot{T: float64(i), Status: map[string]float64{"Innodb_rows_inserted": 5}})
	}
	v = VerdictOf(idle)
	if v.Conclusive || !strings.Contains(v.Reason, "no restore activity") {
		t.Errorf("idle server sampled 9 s: reason %q, want no restore activity", v.Reason)
	}
}
