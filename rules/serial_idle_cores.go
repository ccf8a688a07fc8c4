package rules

import (
	"fmt"

	"github.com/dumpscope/dumpscope/advisor"
)

// SerialReplayIdleCores fires when an import runs on one connection while the host has
// cores to spare, the data devices have headroom, and the dump could run in parallel
// exactly: the importer follows its statements with the parallel replay's planner, and
// none so far needed one connection (a user variable, a temporary table, a transaction
// that holds rows). It says what --parallel N (and --load-data) would gain, an estimate
// from the window: the server's CPU share spread over N connections (issue 24: the fast
// path is there, and a serial run is where people do not find it).
type SerialReplayIdleCores struct{}

func (SerialReplayIdleCores) ID() string { return "serial-replay-idle-cores" }

const (
	// maxSuggestedConnections: beyond this many connections a restore's tables, not its
	// cores, limit what runs at once (and each connection holds a batch in memory).
	maxSuggestedConnections = 4
	// minParallelSpeedup: a smaller estimate is within what one run's noise hides.
	minParallelSpeedup = 1.2
)

// suggestedConnections is the --parallel the hint names: the host's cores, at least 2,
// at most maxSuggestedConnections.
func suggestedConnections(env *advisor.Env) int {
	return min(max(env.Host.Cores, 2), maxSuggestedConnections)
}

// parallelReach is the fraction of the server's CPU time that n connections take off the
// restore's wall time: each server thread does 1/n of the work at once. The verdict's
// estimate for this finding uses it too (fixReach).
func parallelReach(n int) float64 { return 1 - 1/float64(max(n, 1)) }

// parallelSpeedup is the estimated speed-up of n connections for a serial run whose
// server held serverShare of its time: 1 / (1 − share × reach). The overlap of the
// client's CPU and the round trips with the server's work is left out, so it is the part
// the run's own samples support.
func parallelSpeedup(serverShare float64, n int) float64 {
	return 1 / (1 - min(serverShare*parallelReach(n), maxEstimateShare))
}

func (r SerialReplayIdleCores) Check(env *advisor.Env, w advisor.Window) *advisor.Finding {
	if env.ImportConnections != 1 || w.Span() < minSpanSeconds {
		return nil
	}
	last := w[len(w)-1].Import
	if last == nil || !last.ParallelChecked || last.SerialReason != "" {
		return nil
	}
	idle, ok := idleCores(env, w)
	if !ok || idle < minIdleCores {
		return nil
	}
	srv, ok := w.CPUMean(serverPct)
	if !ok {
		return nil // a remote server: its CPU is not ours to see
	}
	util, ok := devicesHaveHeadroom(env, w)
	if !ok {
		return nil
	}
	n := suggestedConnections(env)
	est := parallelSpeedup(min(srv/100, 1), n)
	if est < minParallelSpeedup {
		return nil
	}
	client, _ := w.CPUMean(clientPct)
	ev := map[string]any{
		"server_cpu_pct_of_core_mean": round(srv),
		"client_cpu_pct_of_core_mean": round(client),
		"idle_cores_mean":             round(idle),
		"host_cores":                  env.Host.Cores,
		"suggested_connections":       n,
		"idle_cores_threshold":        minIdleCores,
		"window_seconds":              round(w.Span()),
	}
	if len(util) > 0 {
		ev["util_pct_by_device"] = roundMap(util)
	}
	flags := fmt.Sprintf("--parallel %d --load-data", n)
	loadData := "--load-data sends plain row inserts as LOAD DATA LOCAL, which costs the server less CPU per row (not in the estimate)."
	if localInfileOff(env) {
		flags = fmt.Sprintf("--parallel %d", n)
		loadData = "--load-data would also send plain row inserts as LOAD DATA LOCAL, cheaper for the server per row, but it needs local_infile = ON (it is OFF)."
	}
	return &advisor.Finding{
		Severity: advisor.SeverityInfo,
		Title: fmt.Sprintf("The import runs on one connection while %.1f of the host's %d cores are idle (%s: the server's CPU work estimated up to %.1f× faster)",
			idle, env.Host.Cores, flags, est),
		Evidence: ev,
		Recommendation: fmt.Sprintf("dumpscope import %s: the rows of each table spread over %d connections, so %d server threads insert at once "+
			"(estimate from this run: up to %.1f× faster while the server's CPU is the limit, its %.0f%% of a core spread over %d connections; "+
			"the verdict weighs this by the share of the run the server's CPU bounds). %s "+
			"Both keep the result exact: so far no statement of this dump needs one connection, and should a later one, "+
			"the import says which and runs the rest on one connection. No server setting to change.",
			flags, n, n, est, srv, n, loadData),
	}
}

// localInfileOff: the server refuses LOAD DATA LOCAL (local_infile = OFF), so --load-data
// would send INSERTs.
func localInfileOff(env *advisor.Env) bool {
	switch env.Server.Variables["local_infile"] {
	case "OFF", "0":
		return true
	}
	return false
}
