package advisor

import (
	"testing"

	"github.com/dumpscope/dumpscope/internal/units"
)

// recordedTick is one tick of a recorded import: the monitor's clock and the SQL applied.
type recordedTick struct {
	tSeconds     float64
	appliedBytes int64
}

// Two recorded `import --sandbox --sample-size 256M --parallel 2 --load-data` runs on this
// project's shared two-core machine (load 6–7), from their run records' samples: the
// applied bytes move in 16 MiB steps and stand still between them.
var (
	// With --sandbox-set innodb_log_file_size=8M, 22.7 s: it showed "ETA 4:26" at 4 s.
	recordedParallelSmallRedo = []recordedTick{{0.001, 0}, {1.001, 3317}, {2.008, 3968433}, {3.002, 3969466}, {4.001, 3969570},
		{5.001, 29813908}, {6.001, 29813908}, {7.001, 50361934}, {8.001, 55674381}, {9.022, 55674435}, {10.001, 55674435},
		{11.001, 86141841}, {12.004, 86141841}, {13, 102884853}, {14.002, 119628258}, {15.004, 119628258}, {16.002, 136371132},
		{17.002, 152644432}, {18.006, 168916620}, {19.001, 202403190}, {20.002, 202403613}, {21, 235418708}, {22.001, 252161816},
		{22.724, 268434891}}
	// The server's defaults, 14.5 s: "ETA 4:17" at 1 s, "2:13" at 2 s.
	recordedParallel = []recordedTick{{0.001, 0}, {1.013, 1050593}, {2.001, 3969570}, {3.005, 27123251}, {4.001, 46557644},
		{5, 50364594}, {6.005, 55674435}, {7.002, 86141841}, {8.001, 119628176}, {9.001, 136371132}, {10.001, 152644432},
		{11.01, 185659788}, {12.004, 219146915}, {13.004, 219146915}, {14.002, 252161816}, {14.539, 268434891}}
)

// TestETARecordedParallel: replayed through the session's estimator, the recorded runs'
// early ticks show no ETA rather than one ten times too long, and from the middle of the
// run on an ETA is shown, within 2.5× of the time left. The pace alone still runs up to
// 2.3× long in the first half: the generated dump's first fifth (small tables with several
// indexes) goes at a third of the pace of its bulk, which only an earlier run's curve
// knows (ETAEstimator.Profile).
func TestETARecordedParallel(t *testing.T) {
	const total = 256 << 20
	const maxFactor = 2.5
	for name, ticks := range map[string][]recordedTick{"small redo": recordedParallelSmallRedo, "defaults": recordedParallel} {
		t.Run(name, func(t *testing.T) {
			end := ticks[len(ticks)-1].tSeconds
			var e ETAEstimator
			for _, tk := range ticks {
				p := ImportProgress{Bytes: tk.appliedBytes, ExpectedBytes: total, ExpectedExact: true}
				e.Estimate(&p, tk.tSeconds)
				eta, ok := p.ETA(tk.tSeconds)
				left := end - tk.tSeconds
				switch {
				case ok && left >= 3 && (eta > maxFactor*left || eta < left/maxFactor):
					t.Errorf("at %.0f s: ETA %s for %s left", tk.tSeconds, units.FormatDuration(eta), units.FormatDuration(left))
				case !ok && tk.tSeconds >= end/2 && tk.appliedBytes < total:
					t.Errorf("at %.0f s of %.0f: no ETA", tk.tSeconds, end)
				}
			}
		})
	}
}
