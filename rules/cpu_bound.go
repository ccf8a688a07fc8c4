package rules

import (
	"fmt"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
)

// cpuHeadroomPct: the other side (server or client, device) must stay below this for a
// CPU-bound verdict; if both are saturated the bottleneck is not one process.
const cpuHeadroomPct = 70.0

// ClientCPUBound fires when dumpscope itself (splitting, decompressing, sending)
// saturates one core for most of the window while the server process and the data
// devices have headroom: a single-threaded replay cannot go faster.
type ClientCPUBound struct{}

func (ClientCPUBound) ID() string { return "client-cpu-bound" }

// ServerCPUBound fires when the server process saturates one core (a single-threaded
// restore is one server thread) or keeps the host's CPUs busy, while the data devices
// have headroom.
type ServerCPUBound struct{}

func (ServerCPUBound) ID() string { return "server-cpu-bound" }

func clientPct(c *iostat.CPUStats) (float64, bool) { return c.ClientPct, true }

func serverPct(c *iostat.CPUStats) (float64, bool) {
	if c.ServerPct == nil {
		return 0, false
	}
	return *c.ServerPct, true
}

func hostBusyPct(c *iostat.CPUStats) (float64, bool) { return 100 - c.IdlePct, true }

// serialOnly is the planner's reason why the dump must run on one connection, when a
// serial import followed its statements and found one ("" otherwise): advice to replay
// in parallel would not apply to it.
func serialOnly(w advisor.Window) string {
	if len(w) == 0 {
		return ""
	}
	if p := w[len(w)-1].Import; p != nil && p.ParallelChecked {
		return p.SerialReason
	}
	return ""
}

// minIdleCores: the host has cores to spare for more connections when, on average over
// the window, at least this many of its cores were idle (a serial restore on two cores
// leaves about one).
const minIdleCores = 0.75

// idleCores is how many of the host's cores were idle on average over w (the host's
// idle share times its cores); ok is false without CPU samples or a core count. It is
// the one measure of "cores to spare" the rules that advise more connections read.
func idleCores(env *advisor.Env, w advisor.Window) (float64, bool) {
	if env.Host.Cores <= 0 {
		return 0, false
	}
	idle, ok := w.CPUMean(func(c *iostat.CPUStats) (float64, bool) { return c.IdlePct, true })
	if !ok {
		return 0, false
	}
	return idle / 100 * float64(env.Host.Cores), true
}

// devicesHaveHeadroom: no data leaf is busier than cpuHeadroomPct on average; true
// when there are no device stats (a remote server: the CPU verdict stands on its own).
func devicesHaveHeadroom(env *advisor.Env, w advisor.Window) (map[string]float64, bool) {
	util, busiest, ok := meanUtil(w, dataDevices(env, w))
	return util, !ok || busiest < cpuHeadroomPct
}

func (r ClientCPUBound) Check(env *advisor.Env, w advisor.Window) *advisor.Finding {
	if w.Span() < minSpanSeconds {
		return nil
	}
	share := w.Fraction(func(s *advisor.Snapshot) bool { return s.CPU != nil && s.CPU.ClientPct >= oneCorePct })
	if share < sustainedFraction {
		return nil
	}
	client, _ := w.CPUMean(clientPct)
	ev := map[string]any{
		"client_cpu_pct_of_core_mean": round(client),
		"ticks_client_saturated_pct":  round(100 * share),
		"one_core_threshold_pct":      oneCorePct,
		"sustained_threshold_pct":     100 * sustainedFraction,
		"headroom_threshold_pct":      cpuHeadroomPct,
		"window_seconds":              round(w.Span()),
	}
	if srv, ok := w.CPUMean(serverPct); ok {
		ev["server_cpu_pct_of_core_mean"] = round(srv)
		if srv >= cpuHeadroomPct {
			return nil
		}
	}
	util, ok := devicesHaveHeadroom(env, w)
	if !ok {
		return nil
	}
	if len(util) > 0 {
		ev["util_pct_by_device"] = roundMap(util)
	}
	rec := "replay in parallel: dumpscope import --parallel N (N up to the cores the server can use), or " +
		"split the dump per table and load it with myloader. If the dump is compressed, a faster codec (zstd) " +
		"frees client CPU. No server setting to change."
	if why := serialOnly(w); why != "" {
		rec = "this dump must run on one connection (" + why + "), so --parallel would not help. " +
			"If the dump is compressed, a faster codec (zstd) or an uncompressed dump frees client CPU. No server setting to change."
	}
	if n := env.ImportConnections; n > 1 {
		ev["import_connections"] = n
		rec = fmt.Sprintf("the import already runs on %d connections; what holds it is the one thread that decompresses "+
			"and splits the dump. A faster codec (zstd) or an uncompressed dump frees it; more connections will not help. "+
			"No server setting to change.", n)
	}
	return &advisor.Finding{
		Severity:       advisor.SeverityWarn,
		Title:          fmt.Sprintf("The importer is CPU-bound: %.0f%% of one core while server and disks have headroom", client),
		Evidence:       ev,
		Recommendation: rec,
	}
}

func (r ServerCPUBound) Check(env *advisor.Env, w advisor.Window) *advisor.Finding {
	if w.Span() < minSpanSeconds {
		return nil
	}
	oneCore := w.Fraction(func(s *advisor.Snapshot) bool {
		return s.CPU != nil && s.CPU.ServerPct != nil && *s.CPU.ServerPct >= oneCorePct
	})
	// The host counts only when the server is what keeps it busy: at least half of the
	// busy CPU time is the server's (other tenants' load is not the server's bottleneck).
	cores := float64(env.Host.Cores)
	hostBusy := w.Fraction(func(s *advisor.Snapshot) bool {
		if s.CPU == nil || s.CPU.ServerPct == nil || cores <= 0 {
			return false
		}
		busy := 100 - s.CPU.IdlePct
		return busy >= oneCorePct && *s.CPU.ServerPct >= 0.5*busy*cores
	})
	if oneCore < sustainedFraction && hostBusy < sustainedFraction {
		return nil
	}
	util, ok := devicesHaveHeadroom(env, w)
	if !ok {
		return nil
	}
	ev := map[string]any{
		"ticks_server_one_core_pct": round(100 * oneCore),
		"ticks_host_busy_pct":       round(100 * hostBusy),
		"one_core_threshold_pct":    oneCorePct,
		"sustained_threshold_pct":   100 * sustainedFraction,
		"headroom_threshold_pct":    cpuHeadroomPct,
		"window_seconds":            round(w.Span()),
	}
	if srv, ok := w.CPUMean(serverPct); ok {
		ev["server_cpu_pct_of_core_mean"] = round(srv)
	}
	busy, _ := w.CPUMean(hostBusyPct)
	ev["host_cpu_busy_pct_mean"] = round(busy)
	if env.Host.Cores > 0 {
		ev["host_cores"] = env.Host.Cores
	}
	if len(util) > 0 {
		ev["util_pct_by_device"] = roundMap(util)
	}
	title := "The server is CPU-bound: one server thread saturates a core while the disks have headroom"
	rec := "a single-threaded restore uses one server thread: replay in parallel (dumpscope import --parallel N, or myloader) " +
		"so more cores insert. Secondary indexes and triggers cost server CPU per row; dumpscope import --defer-indexes " +
		"builds secondary indexes after the data. No server setting to change."
	if why := serialOnly(w); why != "" {
		rec = "this dump must run on one connection (" + why + "), so it uses one server thread and --parallel would " +
			"not change that. Secondary indexes and triggers cost server CPU per row; dumpscope import --defer-indexes " +
			"builds secondary indexes after the data. No server setting to change."
	}
	if n := env.ImportConnections; n > 1 {
		ev["import_connections"] = n
		more := "more connections (--parallel, up to the host's cores) let more server threads insert"
		if idle, ok := idleCores(env, w); (cores > 0 && float64(n) >= cores) || (ok && idle < minIdleCores) {
			more = "there are no more cores for more connections"
		}
		rec = fmt.Sprintf("the import already runs on %d connections; %s. Secondary indexes and triggers cost server CPU per "+
			"row; dumpscope import --defer-indexes builds secondary indexes after the data. No server setting to change.", n, more)
	}
	if hostBusy >= sustainedFraction {
		title = fmt.Sprintf("The server keeps the host's CPUs busy (%.0f%%) while the disks have headroom", busy)
		rec = "the machine is out of CPU: more parallelism will not help. Look for other load on the host; " +
			"dumpscope import --defer-indexes builds secondary indexes once after the data instead of per row. " +
			"No server setting to change."
	}
	return &advisor.Finding{Severity: advisor.SeverityWarn, Title: title, Evidence: ev, Recommendation: rec}
}
