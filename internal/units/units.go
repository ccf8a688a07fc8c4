// Package units parses the byte sizes that dumpscope's flags and scripts take, so that
// every command and benchmark reads "64M" the same way, and writes sizes, rates and
// durations back to people one way: IEC sizes (MiB, MiB/s) and clock durations (m:ss).
// The run record keeps its own machine units (bytes, seconds); the rules' my.cnf form
// ("4G") is a setting's syntax, not a display, and lives with the rules.
package units

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// IEC multiples, for code that scales a byte count for display (a chart's MiB/s axis).
// iostat's "kB" (wkB/s, rkB/s) is KiB, as in sysstat.
const (
	KiB = 1 << 10
	MiB = 1 << 20
	GiB = 1 << 30
)

// ParseBytes reads the sizes every command's flags take: 4096, 16k, 16KiB, 64M, 1.5G
// (binary multiples, case-insensitive, optional B/iB suffix).
func ParseBytes(v string) (int64, error) {
	s := strings.TrimSpace(strings.ToUpper(v))
	mult := int64(1)
	s = strings.TrimSuffix(strings.TrimSuffix(s, "B"), "I")
	if n := len(s); n > 0 {
		switch s[n-1] {
		case 'K':
			mult, s = KiB, s[:n-1]
		case 'M':
			mult, s = MiB, s[:n-1]
		case 'G':
			mult, s = GiB, s[:n-1]
		case 'T':
			mult, s = 1<<40, s[:n-1]
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f <= 0 {
		return 0, fmt.Errorf("bad size %q (want e.g. 512K, 64M, 2G)", v)
	}
	return int64(f * float64(mult)), nil
}

// FormatBytes writes a size in IEC units (B, KiB, MiB, GiB, …, one decimal): the one unit
// system of dumpscope's output, for files, SQL, redo and devices alike. Negative sizes
// (a difference) keep their sign.
func FormatBytes(b float64) string {
	const unit = 1024
	if math.Abs(b) < unit {
		return fmt.Sprintf("%.0f B", b)
	}
	div, exp := float64(unit), 0
	for n := math.Abs(b) / unit; n >= unit && exp < len(iecPrefixes)-1; n /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", b/div, iecPrefixes[exp])
}

const iecPrefixes = "KMGTPE"

// Count is n and the word for it: "1 query", "3 queries" (one for 1, many otherwise).
func Count(n int64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.FormatInt(n, 10) + " " + many
}
