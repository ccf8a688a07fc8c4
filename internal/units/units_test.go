package units

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseBytes(t *testing.T) {
	var got []int64
	for _, s := range []string{"4096", "16k", "16K", "16KiB", "1m", "1MB", "1.5G", "2T"} {
		n, err := ParseBytes(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		got = append(got, n)
	}
	if diff := cmp.Diff([]int64{4096, 16384, 16384, 16384, 1 << 20, 1 << 20, 3 << 29, 2 << 40}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	for _, bad := range []string{"", "M", "-1M", "0", "12X", "1e"} {
		if _, err := ParseBytes(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
