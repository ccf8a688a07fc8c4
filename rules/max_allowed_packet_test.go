package rules

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
)

func TestMaxAllowedPacket(t *testing.T) {
	vars := map[string]string{"max_allowed_packet": "67108864"}
	withDump := func(e *advisor.Env, largest int64) *advisor.Env {
		e.Dump = &advisor.DumpInfo{Name: "d.sql", LargestStatementBytes: largest}
		return e
	}
	runCases(t, MaxAllowedPacket{}, []ruleCase{
		{name: "100 MB statement, 64 MB packet: fires on the first tick", env: withDump(maria(vars), 100<<20), ticks: build(10), wantFiredAt: 0, wantClearedAt: -1},
		{name: "statement fits", env: withDump(maria(vars), 1<<20), ticks: build(10), wantFiredAt: -1},
		// The importer refuses this one (COM_QUERY's command byte makes the payload a byte
		// too long); the rule used to stay silent on it.
		{name: "statement of exactly max_allowed_packet bytes fires", env: withDump(maria(vars), 64<<20), ticks: build(10), wantFiredAt: 0, wantClearedAt: -1},
		{name: "one byte shorter fits", env: withDump(maria(vars), 64<<20-1), ticks: build(10), wantFiredAt: -1},
		{name: "no dump (watch/advise)", env: maria(vars), ticks: build(10), wantFiredAt: -1},
		{record: "max-allowed-packet.json", name: "clears after SET GLOBAL max_allowed_packet", env: withDump(maria(vars), 100<<20),
			envAt: withDump(maria(map[string]string{"max_allowed_packet": "134217728"}), 100<<20), envChangeAt: 4,
			ticks: build(10), wantFiredAt: 0, wantClearedAt: 6},
	})
	f := MaxAllowedPacket{}.Check(withDump(maria(vars), 100<<20), advisor.Window(build(1)))
	if f == nil || !strings.Contains(f.Recommendation, "max_allowed_packet = 128M;") || !strings.Contains(f.Recommendation, "SET GLOBAL max_allowed_packet = 134217728;") {
		t.Errorf("recommendation: %v", f)
	}
}
