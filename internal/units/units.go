// Package units parses the byte sizes that dumpscope's flags and scripts take, so that
// every command and benchmark reads "64M" the same way.
package units

import (
	"fmt"
	"strconv"
	"strings"
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
			mult, s = 1<<10, s[:n-1]
		case 'M':
			mult, s = 1<<20, s[:n-1]
		case 'G':
			mult, s = 1<<30, s[:n-1]
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
