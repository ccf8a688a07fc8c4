// Package rules holds the advisor's rules, one file per rule, each diagnosing one thing
// that slows a restore down. Every rule fires only on measured evidence that the thing
// costs time in this import (docs/rules.md states each signal, threshold and source);
// none fires because a variable holds its default, none gives advice that is already
// applied or has no effect on the server's flavour and version.
//
// Rules are pure functions of (Env, Window); the engine in package advisor decides when a
// finding fires and clears.
package rules

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/units"
	"github.com/dumpscope/dumpscope/iostat"
)

// Thresholds shared by several rules.
const (
	// minSpanSeconds: a window shorter than this says too little about rates.
	minSpanSeconds = 5.0
	// sustainedFraction: a per-tick condition must hold on this share of the window's
	// ticks to count as sustained.
	sustainedFraction = 0.5
	// busyUtilPct: a device above this %util has no headroom.
	busyUtilPct = 90.0
	// headroomUtilPct: a device below this %util has headroom.
	headroomUtilPct = 50.0
	// oneCorePct: a process at or above this share of one core is CPU-bound.
	oneCorePct = 90.0

	kiB = units.KiB
	miB = units.MiB
	giB = units.GiB
)

// server is the flavour and release rules reason about.
type server struct {
	flavor string // advisor.FlavorMySQL, FlavorMariaDB, FlavorPercona
	v      advisor.Version
	known  bool // the version string parsed
}

func serverOf(env *advisor.Env) server {
	flavor := strings.ToLower(env.Server.Flavor)
	_, v, err := advisor.DetectFlavor(env.Server.Version, "")
	if strings.Contains(strings.ToLower(env.Server.Version), "mariadb") {
		flavor = advisor.FlavorMariaDB
	}
	if flavor == "" {
		flavor = advisor.FlavorMySQL
	}
	return server{flavor: flavor, v: v, known: err == nil}
}

func (s server) mariaDB() bool { return s.flavor == advisor.FlavorMariaDB }

// mysqlLike is MySQL or Percona Server (same InnoDB and variables).
func (s server) mysqlLike() bool { return !s.mariaDB() }

func (s server) String() string {
	name := map[string]string{advisor.FlavorMySQL: "MySQL", advisor.FlavorMariaDB: "MariaDB", advisor.FlavorPercona: "Percona Server"}[s.flavor]
	if name == "" {
		name = s.flavor
	}
	if !s.known {
		return name
	}
	return name + " " + s.v.String()
}

// varString returns a server variable (names lower-case), trimmed.
func varString(env *advisor.Env, name string) (string, bool) {
	v, ok := env.Server.Variables[name]
	return strings.TrimSpace(v), ok
}

func varInt(env *advisor.Env, name string) (int64, bool) {
	s, ok := varString(env, name)
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		f, ferr := strconv.ParseFloat(s, 64)
		if ferr != nil {
			return 0, false
		}
		n = int64(f)
	}
	return n, true
}

// varOn reports whether a boolean-ish variable is on; known is false when it is absent
// or not boolean.
func varOn(env *advisor.Env, name string) (on, known bool) {
	s, ok := varString(env, name)
	if !ok {
		return false, false
	}
	switch strings.ToUpper(s) {
	case "ON", "1", "TRUE", "YES":
		return true, true
	case "OFF", "0", "FALSE", "NO":
		return false, true
	}
	return false, false
}

// dataDevices returns the leaf devices under the datadir (and redo dir): for an md or dm
// device its members, for a partition its disk. An md device's own await and %util
// say little (the kernel accounts md I/O coarsely; a RAID1 write waits for its slowest
// member), so rules look at the members. Without device identity (a remote server, a
// record without devices) it returns every device the newest snapshot has.
func dataDevices(env *advisor.Env, w advisor.Window) []string {
	byName := make(map[string]iostat.Device, len(env.Devices))
	for _, d := range env.Devices {
		byName[d.Name] = d
	}
	var roots []string
	for _, d := range env.Devices {
		if slices.Contains(d.Role, "datadir") || slices.Contains(d.Role, "redo") {
			roots = append(roots, d.Name)
		}
	}
	if len(roots) == 0 {
		// No roles: every device nobody lists as a member is a root.
		member := map[string]bool{}
		for _, d := range env.Devices {
			for _, m := range d.Members {
				member[m] = true
			}
		}
		for _, d := range env.Devices {
			if !member[d.Name] {
				roots = append(roots, d.Name)
			}
		}
	}
	var leaves []string
	seen := map[string]bool{}
	var walk func(name string, depth int)
	walk = func(name string, depth int) {
		if seen[name] || depth > 8 {
			return
		}
		seen[name] = true
		d, ok := byName[name]
		if ok && len(d.Members) > 0 {
			for _, m := range d.Members {
				walk(m, depth+1)
			}
			return
		}
		leaves = append(leaves, name)
	}
	for _, r := range roots {
		walk(r, 0)
	}
	if len(leaves) == 0 {
		if last := w.Last(); last != nil {
			for name := range last.Devices {
				leaves = append(leaves, name)
			}
		}
	}
	slices.Sort(leaves)
	return leaves
}

// flushLatency is what one durable write costs on the data devices.
type flushLatency struct {
	// ms is the cost of one durable write: a write and then a flush, w_await + f_await
	// (kernel ≥ 5.5), w_await alone on kernels without flush columns (the flush is then
	// folded into the write: a FUA or preflushed write), never below the sync-write
	// probe's p50 (which times exactly write + fdatasync). It is a lower bound: a
	// filesystem may add journal writes to an fdatasync (measured on this project's
	// ext4 virtual disk: 3.7 device writes and 1.6 flushes per InnoDB fsync).
	ms float64
	// flushMs is the device's flush latency alone — f_await, else w_await, else the
	// probe's p50 — which tells a power-loss-protected device from one that is not.
	flushMs float64
	source  string // "w_await+f_await", "w_await", "probe_p50"
	device  string
}

// syncLatency measures flushLatency on the slowest data leaf (a RAID1 write completes
// when its slowest member does). Awaits are weighted by their interval's operations.
func syncLatency(env *advisor.Env, w advisor.Window, leaves []string) (flushLatency, bool) {
	best := flushLatency{}
	for _, d := range leaves {
		wa, okW := w.DeviceWeightedMean(d, advisor.WriteAwaitMs, advisor.WritesPerSec)
		fa, okF := w.DeviceWeightedMean(d, advisor.FlushAwaitMs, advisor.FlushesPerSec)
		var l flushLatency
		switch {
		case okF:
			l = flushLatency{ms: wa + fa, flushMs: fa, source: "w_await+f_await", device: d}
		case okW:
			l = flushLatency{ms: wa, flushMs: wa, source: "w_await", device: d}
		default:
			continue
		}
		if l.ms > best.ms || best.source == "" {
			best = l
		}
	}
	if env.Probe != nil && env.Probe.P50Ms > 0 {
		if best.source == "" {
			return flushLatency{ms: env.Probe.P50Ms, flushMs: env.Probe.P50Ms, source: "probe_p50", device: env.Probe.Dir}, true
		}
		if env.Probe.P50Ms > best.ms {
			best.ms, best.source = env.Probe.P50Ms, "probe_p50"
		}
	}
	return best, best.source != ""
}

// commitRate is the import's transaction commits per second in the window: the
// importer's own count when it has one, else Handler_commit (one per autocommitted
// statement and per COMMIT; measured 200 for 200 autocommitted INSERTs on MariaDB
// 10.11.19), else Com_commit + Com_insert.
func commitRate(w advisor.Window) (perSec float64, source string, ok bool) {
	if d, ok := w.ImportDelta(); ok && d.Commits > 0 && w.Span() > 0 {
		return float64(d.Commits) / w.Span(), "import.commits", true
	}
	if r, ok := w.Rate("Handler_commit"); ok {
		return r, "Handler_commit", true
	}
	c, ok1 := w.Rate("Com_commit")
	i, ok2 := w.Rate("Com_insert")
	if ok1 && ok2 {
		return c + i, "Com_commit+Com_insert", true
	}
	return 0, "", false
}

// fsyncRate is the server's fsync calls per second: Innodb_data_fsyncs counts every
// fsync InnoDB issues (on MariaDB 10.11.19, 200 autocommitted INSERTs raised it by 201;
// MariaDB ≥ 10.5 has no Innodb_os_log_fsyncs), Innodb_os_log_fsyncs the redo ones. The
// larger is used so a build that counts them apart is not undercounted by much.
func fsyncRate(w advisor.Window) (perSec float64, source string, ok bool) {
	d, okD := w.Rate("Innodb_data_fsyncs")
	l, okL := w.Rate("Innodb_os_log_fsyncs")
	switch {
	case okD && okL && l > d:
		return l, "Innodb_os_log_fsyncs", true
	case okD:
		return d, "Innodb_data_fsyncs", true
	case okL:
		return l, "Innodb_os_log_fsyncs", true
	}
	return 0, "", false
}

// redoRate is redo bytes written per second: ΔLSN/Δt from the derived InnoDB state, else
// Innodb_os_log_written, else Innodb_lsn_current.
func redoRate(w advisor.Window) (bytesPerSec float64, source string, ok bool) {
	if len(w) >= 2 && w[0].InnoDB != nil && w[len(w)-1].InnoDB != nil && w.Span() > 0 {
		a, b := w[0].InnoDB.LSN, w[len(w)-1].InnoDB.LSN
		if a > 0 && b >= a {
			return float64(b-a) / w.Span(), "lsn", true
		}
	}
	r, name, ok := w.RateOf("Innodb_os_log_written", "Innodb_redo_log_current_lsn", "Innodb_lsn_current")
	return r, name, ok
}

// meanUtil returns the mean %util of each leaf and the busiest leaf's mean.
func meanUtil(w advisor.Window, leaves []string) (perDevice map[string]float64, maxPct float64, ok bool) {
	perDevice = w.DeviceMeans(leaves, advisor.UtilPct)
	for _, v := range perDevice {
		maxPct = max(maxPct, v)
	}
	return perDevice, maxPct, len(perDevice) > 0
}

// change is one setting a recommendation makes.
type change struct {
	name  string
	value string // as written in my.cnf, e.g. "8G", "2", "OFF"
	// setValue is the SET GLOBAL value, used where dynamic() says the variable is
	// dynamic on this server; "" uses value.
	setValue string
	// note follows the my.cnf line (e.g. "× innodb_log_files_in_group = 2 → 8G").
	note string
}

// recommend formats the exact change: the my.cnf lines, the SET GLOBAL form where the
// variable is dynamic on this server (or that a restart is needed), and the revert
// advice.
func recommend(s server, changes []change, after string) string {
	var b strings.Builder
	b.WriteString("my.cnf [mysqld]:")
	for _, c := range changes {
		fmt.Fprintf(&b, " %s = %s", c.name, c.value)
		if c.note != "" {
			fmt.Fprintf(&b, " (%s)", c.note)
		}
		b.WriteString(";")
	}
	b.WriteString(" live:")
	for _, c := range changes {
		if dynamic(s, c.name) {
			v := c.setValue
			if v == "" {
				v = c.value
			}
			fmt.Fprintf(&b, " SET GLOBAL %s = %s;", c.name, v)
		} else {
			fmt.Fprintf(&b, " %s is not dynamic on %s, restart the server;", c.name, s)
		}
	}
	if after != "" {
		b.WriteString(" after the import: " + after)
	}
	return b.String()
}

// cnfBytes writes a byte size the way my.cnf takes it (G, M or K suffix when exact).
func cnfBytes(n int64) string {
	switch {
	case n >= giB && n%giB == 0:
		return fmt.Sprintf("%dG", n/giB)
	case n >= miB && n%miB == 0:
		return fmt.Sprintf("%dM", n/miB)
	case n >= kiB && n%kiB == 0:
		return fmt.Sprintf("%dK", n/kiB)
	}
	return strconv.FormatInt(n, 10)
}

// roundUpPow2 rounds n up to unit × a power of two (1, 2, 4, 8 … units).
func roundUpPow2(n float64, unit int64) int64 {
	if n <= float64(unit) {
		return unit
	}
	return unit << int(math.Ceil(math.Log2(n/float64(unit))))
}

// round keeps evidence readable: 3 significant decimals.
func round(v float64) float64 {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	return math.Round(v*1000) / 1000
}

func pct(part, whole float64) float64 {
	if whole == 0 {
		return 0
	}
	return 100 * part / whole
}

// roundMap rounds every value of a per-device map for evidence.
func roundMap(m map[string]float64) map[string]float64 {
	out := make(map[string]float64, len(m))
	for k, v := range m {
		out[k] = round(v)
	}
	return out
}
