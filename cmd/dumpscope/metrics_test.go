package main

import (
	"strings"
	"testing"
)

// TestMetricsFlagsUsage: what cannot work is refused before anything starts.
func TestMetricsFlagsUsage(t *testing.T) {
	tests := []struct {
		args    []string
		wantErr string
	}{
		{[]string{"--no-advisor", "--listen", "9187", "x.sql"}, "drop --no-advisor"},
		{[]string{"--no-advisor", "--metrics-textfile", "x.prom", "x.sql"}, "drop --no-advisor"},
		{[]string{"--listen", "db1", "x.sql"}, "want a port or HOST:PORT"},
		{[]string{"--listen", "99999", "x.sql"}, "out of range"},
	}
	for _, tt := range tests {
		code, _, errOut := runCmd(runImport, tt.args...)
		if code != exitUsage || !strings.Contains(errOut, tt.wantErr) {
			t.Errorf("import %q: code %d, stderr %q; want %d and %q", tt.args, code, errOut, exitUsage, tt.wantErr)
		}
	}
}
