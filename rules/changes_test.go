package rules

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/advisor"
)

// TestChangesRoundTrip: what recommend writes, Changes reads back, notes and the live
// part left out.
func TestChangesRoundTrip(t *testing.T) {
	s := serverOf(&advisor.Env{Server: advisor.ServerInfo{Flavor: advisor.FlavorMariaDB, Version: "10.11.6-MariaDB"}})
	for _, tc := range []struct {
		name    string
		changes []change
		want    []Setting
	}{
		{"one", []change{{name: "innodb_flush_log_at_trx_commit", value: "2", setValue: "2"}},
			[]Setting{{"innodb_flush_log_at_trx_commit", "2"}}},
		{"note", []change{{name: "innodb_log_file_size", value: "4G", note: "× 2 files → 8G"}, {name: "innodb_log_buffer_size", value: "64M"}},
			[]Setting{{"innodb_log_file_size", "4G"}, {"innodb_log_buffer_size", "64M"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := advisor.Finding{Recommendation: recommend(s, tc.changes, "set it back.")}
			if d := cmp.Diff(tc.want, Changes(f)); d != "" {
				t.Errorf("Changes(%q) (-want +got):\n%s", f.Recommendation, d)
			}
		})
	}
	if got := Changes(advisor.Finding{Recommendation: "replay in parallel: dumpscope import --parallel N"}); got != nil {
		t.Errorf("advice without settings: %v", got)
	}
}
