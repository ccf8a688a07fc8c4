package report

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/runrecord"
)

func TestFlushLines(t *testing.T) {
	tests := []struct {
		flavor, version string
		want            []hline
	}{
		{"mariadb", "10.11.19-MariaDB-0+deb12u1", []hline{{87.5, "7/8: aggressive (async) flushing", true}, {100, "the maximum: sync flushing (MariaDB ≥ 10.5)", false}}},
		{"mariadb", "10.4.32-MariaDB", []hline{{87.5, "7/8: aggressive (async) flushing", true}, {93.75, "15/16: sync flushing (MariaDB < 10.5)", false}}},
		{"percona", "8.0.22-13", []hline{{87.5, "7/8: aggressive (async) flushing", true}, {93.75, "15/16: sync flushing (Percona Server)", false}}},
		{"mysql", "8.0.36", []hline{{87.5, "7/8: aggressive (async) flushing", true}, {93.75, "15/16: sync flushing (MySQL)", false}}},
	}
	for _, tt := range tests {
		rec := &runrecord.Record{Server: runrecord.Server{Flavor: tt.flavor, Version: tt.version}}
		if diff := cmp.Diff(tt.want, flushLines(rec), cmp.AllowUnexported(hline{})); diff != "" {
			t.Errorf("%s %s (-want +got):\n%s", tt.flavor, tt.version, diff)
		}
	}
}
