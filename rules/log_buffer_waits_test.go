package rules

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
)

func TestLogBufferWaits(t *testing.T) {
	vars := map[string]string{"innodb_log_buffer_size": "16777216"}
	runCases(t, LogBufferWaits{}, []ruleCase{
		{name: "5 waits/s", env: maria(vars), ticks: build(40, rate("Innodb_log_waits", 5)), wantFiredAt: 5, wantClearedAt: -1},
		{name: "no waits", env: maria(vars), ticks: build(40, rate("Innodb_log_waits", 0)), wantFiredAt: -1},
		{name: "counter reset (FLUSH STATUS) is not a rate", env: maria(vars),
			ticks: build(40, gauge("Innodb_log_waits", func(i int) float64 { return float64((i % 3) * 50) })), wantFiredAt: -1},
		// 5·(59−T)/30 waits/s falls under 1/s at T = 54.
		{record: "log-buffer-waits.json", name: "clears when the waits stop", env: maria(vars),
			ticks: build(80, phase(30, rate("Innodb_log_waits", 5), rate("Innodb_log_waits", 0))), wantFiredAt: 5, wantClearedAt: 56},
	})
	w := advisor.Window(build(10, rate("Innodb_log_waits", 5)))
	for _, tt := range []struct {
		env  *advisor.Env
		want string
	}{
		{maria(vars), "innodb_log_buffer_size = 64M; live: innodb_log_buffer_size is not dynamic on MariaDB 10.11.6"},
		{mysql("8.0.36", vars), "SET GLOBAL innodb_log_buffer_size = 67108864;"},
	} {
		f := LogBufferWaits{}.Check(tt.env, w)
		if f == nil || !strings.Contains(f.Recommendation, tt.want) {
			t.Errorf("%s: %v lacks %q", tt.env.Server.Version, f, tt.want)
		}
	}
}
