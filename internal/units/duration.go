package units

import (
	"fmt"
	"math"
	"strconv"
)

// FormatDuration writes seconds as a clock: m:ss, h:mm:ss, and from a day on
// "Nd hh:mm:ss", rounded to the second. It is the one way dumpscope shows an elapsed
// time, an ETA, a finding's offset or a run's length to people, so the dashboard, the
// log, the report, compare, bench and advise agree to the second.
//
// A negative duration (a difference: "after took -0:05 longer") keeps its sign, as
// FormatBytes does; before this function the three copies printed −5 s as "0:-5",
// "0:00" and "–". An unknown duration (NaN, ±Inf: no rate yet, so no ETA) prints "–".
func FormatDuration(seconds float64) string {
	if math.IsNaN(seconds) || math.IsInf(seconds, 0) {
		return "–"
	}
	d := int64(math.Round(math.Abs(seconds)))
	sign := ""
	if seconds < 0 && d > 0 {
		sign = "-"
	}
	const minute, hour, day = 60, 3600, 86400
	switch {
	case d >= day:
		return fmt.Sprintf("%s%dd %02d:%02d:%02d", sign, d/day, d%day/hour, d%hour/minute, d%minute)
	case d >= hour:
		return fmt.Sprintf("%s%d:%02d:%02d", sign, d/hour, d%hour/minute, d%minute)
	}
	return fmt.Sprintf("%s%d:%02d", sign, d/minute, d%minute)
}

// FormatSpan writes a length of time that may be shorter than a second, where the
// clock's "0:00" would hide it (a 4 MiB redo log holds 0.3 s of writes; a sample
// interval of 0.5 s): under ten seconds to a tenth ("0.4 s", "3 s"), under a minute in
// whole seconds ("12 s"), and from a minute on as FormatDuration's clock.
func FormatSpan(seconds float64) string {
	switch a := math.Abs(seconds); {
	case math.IsNaN(seconds) || a >= 59.5:
		return FormatDuration(seconds)
	case a < 9.95:
		tenths := math.Round(seconds*10) / 10
		if tenths == 0 {
			tenths = 0 // no "-0 s"
		}
		return strconv.FormatFloat(tenths, 'f', -1, 64) + " s"
	}
	return fmt.Sprintf("%.0f s", seconds)
}
