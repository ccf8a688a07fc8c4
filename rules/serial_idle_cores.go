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
// from the window (fastPathEstimate; issue 24: the fast path is there, and a serial run
// is where people do not find it). The verdict carries the same estimate.
type SerialReplayIdleCores struct{}

func (SerialReplayIdleCores) ID() string { return "serial-replay-idle-cores" }

const (
	// maxSuggestedConnections: beyond this many connections a restore's tables, not its
	// cores, limit what runs at once (and each connection holds a batch in memory).
	maxSuggestedConnections = 4
	// minParallelSpeedup: a smaller estimate is within what one run's noise hides.
	minParallelSpeedup = 1.2
	// loadDataServerCPURatio is the server's CPU per row under --parallel 2 --load-data
	// over a serial run's with extended INSERTs: 0.90, from two quiet runs of one dump on
	// this project's 2-core machine (the 256 MiB generated dump into default MariaDB 10.11
	// sandboxes, main a83271e8; rules/testdata/quiet-serial-256M.json.gz and
	// quiet-ld-256M.json.gz): serially 11.89 s of server CPU for 1,713,392 rows
	// (6.94 µs a row), with --parallel 2 --load-data 9.71 s for 1,559,214 rows
	// (6.23 µs). A tick does not count the rows of a batch still in flight, so the
	// measured LOAD DATA cost is if anything high. TestLoadDataServerCPURatio recomputes
	// it from the records.
	loadDataServerCPURatio = 0.90
)

// suggestedConnections is the --parallel the hint names: the host's cores, at least 2,
// at most maxSuggestedConnections.
func suggestedConnections(env *advisor.Env) int {
	return min(max(env.Host.Cores, 2), maxSuggestedConnections)
}

// fastPathEstimate is the speed-up a serial run gets from n connections (and, with
// loadData, LOAD DATA LOCAL for its plain row inserts): the one estimate of this fix,
// which the finding prints and the verdict carries (ownEstimateOverRun). serverCores and
// clientCores are the server's and dumpscope's CPU over the serial run (cores: 0.9 is
// 90 % of one), freeCores the host's cores less what other processes used, and k the
// server's CPU per row under the fast path over a serial INSERT's
// (loadDataServerCPURatio, else 1). The run's time T then takes at least the largest of
//   - T × ((1 − s) + s·k / n), s = min(serverCores, 1): the server's share of the time
//     made k times as costly and spread over n connections; the rest (dumpscope's work,
//     round trips) taken to stay as it was, although in parallel it overlaps too;
//   - T × (serverCores·k + clientCores) / freeCores: the CPU work of server and client on
//     the cores there are for them;
//   - T × clientCores: dumpscope reads and splits the dump in one thread.
//
// On the quiet runs of rules/testdata (quiet-*) it gives 2.0× for --parallel 2
// --load-data, measured 2.03× (131,297 against 265,986 rows/s), and 1.8× for --parallel
// 2 alone (session 48 measured 1.8–1.9× where the redo log was not the bound). It holds
// while the server's CPU per row does not grow with connections: a redo log too small
// for the faster pace is a limit of its own (redo-log-too-small), which the --parallel 2
// quiet run hit (0:11).
func fastPathEstimate(serverCores, clientCores, freeCores float64, n int, loadData bool) float64 {
	k := 1.0
	if loadData {
		k = loadDataServerCPURatio
	}
	s := min(serverCores, 1)
	after := (1 - s) + s*k/float64(max(n, 1))
	if freeCores > 0 {
		after = max(after, (serverCores*k+clientCores)/freeCores)
	}
	after = max(after, clientCores, 1-maxEstimateShare)
	return 1 / after
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
	client, _ := w.CPUMean(clientPct)
	other, _ := otherProcessesCores(env, w)
	free := float64(env.Host.Cores) - other
	loadData := loadDataApplies(env)
	est := fastPathEstimate(srv/100, client/100, free, n, loadData)
	if est < minParallelSpeedup {
		return nil
	}
	ev := map[string]any{
		"server_cpu_pct_of_core_mean": round(srv),
		"client_cpu_pct_of_core_mean": round(client),
		"idle_cores_mean":             round(idle),
		"cores_used_by_others_mean":   round(other),
		"host_cores":                  env.Host.Cores,
		"suggested_connections":       n,
		"estimated_speedup":           roundTo2(est),
		"idle_cores_threshold":        minIdleCores,
		"window_seconds":              round(w.Span()),
	}
	if len(util) > 0 {
		ev["util_pct_by_device"] = roundMap(util)
	}
	flags := fmt.Sprintf("--parallel %d --load-data", n)
	how := fmt.Sprintf("the rows of each table spread over %d connections, so %d server threads insert at once, and plain row inserts go as "+
		"LOAD DATA LOCAL, which costs the server about %.0f %% less CPU a row than INSERT", n, n, 100*(1-loadDataServerCPURatio))
	after := ""
	if !loadData {
		flags = fmt.Sprintf("--parallel %d", n)
		how = fmt.Sprintf("the rows of each table spread over %d connections, so %d server threads insert at once", n, n)
	}
	if !loadData && !usedFlag(env, "load-data") {
		after = fmt.Sprintf(" --load-data would also send plain row inserts as LOAD DATA LOCAL (about %.0f %% less server CPU a row), "+
			"but it needs local_infile = ON (it is OFF).", 100*(1-loadDataServerCPURatio))
	}
	return &advisor.Finding{
		Severity: advisor.SeverityInfo,
		Title: fmt.Sprintf("The import runs on one connection while %.1f of the host's %d cores are idle (%s: estimated up to %.1f× faster)",
			idle, env.Host.Cores, flags, est),
		Evidence: ev,
		Recommendation: fmt.Sprintf("dumpscope import %s: %s. Estimate from this run, where the server took %.0f%% of a core and dumpscope %.0f%%: "+
			"up to %.1f× faster with the server's work spread over %d connections (%.1f of the host's %d cores are free for them).%s "+
			"The result stays exact: so far no statement of this dump needs one connection, and should a later one, "+
			"the import says which and runs the rest on one connection. No server setting to change.",
			flags, how, srv, client, est, n, free, env.Host.Cores, after),
	}
}

// loadDataApplies: --load-data is a fix left to this run: dumpscope ran the import
// (not watch), its command line did not use --load-data, and the server does not refuse
// LOAD DATA LOCAL. The one answer of server-cpu-bound (hostBusyAdvice) and
// serial-replay-idle-cores: a run that used it is not told it again, and its server CPU,
// measured under LOAD DATA already, is not made loadDataServerCPURatio times as costly
// a second time.
func loadDataApplies(env *advisor.Env) bool {
	return env.ImportConnections > 0 && !usedFlag(env, "load-data") && !localInfileOff(env)
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
