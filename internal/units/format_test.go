package units

import "testing"

func TestFormatBytes(t *testing.T) {
	for _, tc := range []struct {
		in   float64
		want string
	}{
		{0, "0 B"}, {1023, "1023 B"}, {1024, "1.0 KiB"}, {1536, "1.5 KiB"},
		{128 << 20, "128.0 MiB"}, {1 << 30, "1.0 GiB"}, {-(2 << 20), "-2.0 MiB"}, {1 << 60, "1.0 EiB"},
	} {
		if got := FormatBytes(tc.in); got != tc.want {
			t.Errorf("FormatBytes(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
