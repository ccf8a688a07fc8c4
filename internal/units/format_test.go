package units

import (
	"math"
	"testing"
)

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

func TestFormatDuration(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   float64
		want string
	}{
		{"zero", 0, "0:00"},
		{"under a second rounds to zero", 0.4, "0:00"},
		{"negative under a second has no sign", -0.4, "0:00"},
		{"seconds", 5, "0:05"},
		{"negative seconds", -5, "-0:05"},
		{"rounds half up", 59.5, "1:00"},
		{"minutes", 23*60 + 7, "23:07"},
		{"hours", 3600 + 2*60 + 3, "1:02:03"},
		{"negative hours", -(2*3600 + 5), "-2:00:05"},
		{"just under a day", 86399, "23:59:59"},
		{"a day", 86400, "1d 00:00:00"},
		{"days", 2*86400 + 3*3600 + 4*60 + 5, "2d 03:04:05"},
		{"negative days", -(86400 + 1), "-1d 00:00:01"},
		{"unknown", math.NaN(), "–"},
		{"infinite", math.Inf(1), "–"},
	} {
		if got := FormatDuration(tc.in); got != tc.want {
			t.Errorf("%s: FormatDuration(%v) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}
}

func TestFormatSpan(t *testing.T) {
	for _, tc := range []struct {
		in   float64
		want string
	}{
		{0, "0 s"}, {-0.01, "0 s"}, {0.34, "0.3 s"}, {-0.5, "-0.5 s"}, {3, "3 s"}, {9.94, "9.9 s"}, {9.96, "10 s"},
		{12.4, "12 s"}, {59.4, "59 s"}, {59.6, "1:00"}, {-75, "-1:15"}, {3 * 3600, "3:00:00"},
		{math.NaN(), "–"}, {math.Inf(-1), "–"},
	} {
		if got := FormatSpan(tc.in); got != tc.want {
			t.Errorf("FormatSpan(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
