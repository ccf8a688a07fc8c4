package rules

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
)

func TestDoublewriteDuringImport(t *testing.T) {
	on := map[string]string{"innodb_doublewrite": "ON"}
	// 300 MB/s at 95 % util: bandwidth-bound; 8000 dblwr pages/s = 131 MB/s = 43 %.
	bandwidth := dev("nvme0n1", iostat.DeviceStats{WPerSec: 9000, WkBPerSec: 300000, WAwaitMs: 0.5, UtilPct: 95})
	latency := dev("nvme0n1", iostat.DeviceStats{WPerSec: 1400, WkBPerSec: 31000, WAwaitMs: 1.0, UtilPct: 99})
	runCases(t, DoublewriteDuringImport{}, []ruleCase{
		{record: "doublewrite-during-import.json", name: "bandwidth-bound device, doublewrite 43% of writes", env: maria(on),
			ticks: build(40, bandwidth, rate("Innodb_dblwr_pages_written", 8000)), wantFiredAt: 5, wantClearedAt: -1},
		{name: "latency-bound device (seed 002 shape): halving volume would not help", env: maria(on),
			ticks: build(40, latency, rate("Innodb_dblwr_pages_written", 890)), wantFiredAt: -1},
		{name: "already off", env: maria(map[string]string{"innodb_doublewrite": "OFF"}),
			ticks: build(40, bandwidth, rate("Innodb_dblwr_pages_written", 8000)), wantFiredAt: -1},
		{name: "MySQL DETECT_ONLY writes no page content", env: mysql("8.0.36", map[string]string{"innodb_doublewrite": "DETECT_ONLY"}),
			ticks: build(40, bandwidth, rate("Innodb_dblwr_pages_written", 8000)), wantFiredAt: -1},
		// Share 131 MB/s·(59−T)/30 over 307 MB/s drops under 25 % at T = 42; cleared at 44.
		{name: "clears when page flushing stops", env: maria(on),
			ticks: build(80, bandwidth, phase(30, rate("Innodb_dblwr_pages_written", 8000), rate("Innodb_dblwr_pages_written", 0))), wantFiredAt: 5, wantClearedAt: 44},
	})
	rec := func(e *advisor.Env) string {
		f := DoublewriteDuringImport{}.Check(e, advisor.Window(build(10, bandwidth, rate("Innodb_dblwr_pages_written", 8000))))
		if f == nil {
			t.Fatalf("%s %s: no finding", e.Server.Flavor, e.Server.Version)
		}
		return f.Recommendation
	}
	for _, tt := range []struct {
		env  *advisor.Env
		want string
	}{
		{mysql("8.0.36", on), "SET GLOBAL innodb_doublewrite = DETECT_ONLY"},
		{mysql("8.0.22", on), "innodb_doublewrite is not dynamic on MySQL 8.0.22"},
		{maria(on), "innodb_doublewrite is not dynamic on MariaDB 10.11.6"},
	} {
		if got := rec(tt.env); !strings.Contains(got, tt.want) {
			t.Errorf("%s: %q lacks %q", tt.env.Server.Version, got, tt.want)
		}
	}
}
