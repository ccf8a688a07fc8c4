package rules

import (
	"fmt"
	"strconv"
	"strings"

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

// otherProcessesCores is the CPU neither the server nor dumpscope used, in cores, mean
// over w: the host's busy time (iowait is idle time spent waiting on a device) less the
// server process's and dumpscope's. ok is false without the core count or the server's
// CPU. Under watch a restoring client on this host (mysql, myloader) is counted here: its
// CPU is not dumpscope's.
func otherProcessesCores(env *advisor.Env, w advisor.Window) (float64, bool) {
	cores := float64(env.Host.Cores)
	if cores <= 0 {
		return 0, false
	}
	return w.CPUMean(func(c *iostat.CPUStats) (float64, bool) {
		if c.ServerPct == nil {
			return 0, false
		}
		busy := (100 - c.IdlePct - c.IowaitPct) / 100 * cores
		return max(0, busy-(*c.ServerPct+c.ClientPct)/100), true
	})
}

// maxOtherShareAtLimit: when other processes took less than this share of the host's
// busy CPU, the restore (server and dumpscope) is what holds the host's cores. The quiet
// runs of rules/testdata (quiet-*) leave 0.07–0.08 of a core to others (the kernel, the
// sampler's queries): 4 % of the busy CPU.
const maxOtherShareAtLimit = 0.25

// usedFlag says the run's command line set the boolean flag as Go's flag package reads
// it: --name or -name, or --name=v with v what strconv.ParseBool takes as true (1, t, T,
// TRUE, true, True); --name=false (0, f, …) is not used, and the last one given counts.
func usedFlag(env *advisor.Env, name string) bool {
	used := false
	for _, a := range env.Command {
		if !strings.HasPrefix(a, "-") {
			continue
		}
		a = strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if a == name {
			used = true
		} else if v, ok := strings.CutPrefix(a, name+"="); ok {
			if b, err := strconv.ParseBool(v); err == nil {
				used = b
			}
		}
	}
	return used
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
	perRow := perRowAdvice(w, ev)
	rec := "a single-threaded restore uses one server thread: replay in parallel (dumpscope import --parallel N, or myloader) " +
		"so more cores insert. " + perRow + "No server setting to change."
	if why := serialOnly(w); why != "" {
		rec = "this dump must run on one connection (" + why + "), so it uses one server thread and --parallel would " +
			"not change that. " + perRow + "No server setting to change."
	} else if est, n, ok := serialParallelEstimate(env, w); ok {
		// A serial import with cores to spare: the parallel part of the fast path's
		// estimate (serial-replay-idle-cores, when the importer's planner follows the
		// dump, adds --load-data and says whether the dump allows it).
		ev["estimated_speedup"] = roundTo2(est)
		rec = fmt.Sprintf("a single-threaded restore uses one server thread: replay in parallel (dumpscope import --parallel %d, or myloader) "+
			"so more cores insert (estimate from this run: up to %.1f× faster with the server's work spread over %d connections). "+
			"%sNo server setting to change.", n, est, n, perRow)
	}
	if n := env.ImportConnections; n > 1 {
		ev["import_connections"] = n
		more := "more connections (--parallel, up to the host's cores) let more server threads insert"
		if idle, ok := idleCores(env, w); (cores > 0 && float64(n) >= cores) || (ok && idle < minIdleCores) {
			more = "there are no more cores for more connections"
		}
		rec = fmt.Sprintf("the import already runs on %d connections; %s. %sNo server setting to change.", n, more, perRow)
	}
	if hostBusy >= sustainedFraction {
		title, rec = hostBusyAdvice(env, w, ev, busy)
	}
	return &advisor.Finding{Severity: advisor.SeverityWarn, Title: title, Evidence: ev, Recommendation: rec}
}

// serialParallelEstimate is, for a serial import on a host with cores to spare,
// fastPathEstimate for --parallel N alone (N the suggested connections): the estimate of
// server-cpu-bound's "replay in parallel". ok is false under watch (how many connections
// another tool's restore uses is not known) and without idle cores.
func serialParallelEstimate(env *advisor.Env, w advisor.Window) (est float64, n int, ok bool) {
	if env.ImportConnections != 1 {
		return 0, 0, false
	}
	idle, ok := idleCores(env, w)
	if !ok || idle < minIdleCores {
		return 0, 0, false
	}
	srv, ok := w.CPUMean(serverPct)
	if !ok {
		return 0, 0, false
	}
	client, _ := w.CPUMean(clientPct)
	other, _ := otherProcessesCores(env, w)
	n = suggestedConnections(env)
	return fastPathEstimate(srv/100, client/100, float64(env.Host.Cores)-other, n, false), n, true
}

// The evidence keys of server-cpu-bound's busy-host form (hostBusyAdvice): the verdict's
// fix (hostBusyFix) and estimate (fixReach) read what the advice was from them, never
// from its wording. evAtLimit is present in that form only: true when the restore holds
// the host's cores, false when other processes hold a share; evOthersMayBeRestore marks
// watch, where the restoring client may be among those processes; evFixes lists the
// flags advised for less work per row, in the advice's order.
const (
	evAtLimit            = "at_host_cpu_limit"
	evOthersMayBeRestore = "others_may_be_the_restore"
	evFixes              = "fixes"
)

// hostBusyAdvice is server-cpu-bound's title and advice when the host's CPUs are busy
// (busyPct, the window's mean) with the server at least half of it. When the server and
// dumpscope hold them, the restore is at this host's CPU limit: more connections would
// share the same cores and there is no other load to free; what is left is less work per
// row — LOAD DATA LOCAL (--load-data, its estimate stored as the finding's own:
// (s + c) / (s·k + c), the server's CPU s made k = loadDataServerCPURatio times as
// costly, dumpscope's c unchanged) and deferred secondary indexes (no estimate: what
// they save depends on the tables' indexes) unless the run used them — or more cores.
// When other processes hold a share, freeing it is the fix, worth at most that share
// (fixReach). Under watch the restoring client is one of those processes when it runs
// on this host: its CPU is not dumpscope's to tell apart.
func hostBusyAdvice(env *advisor.Env, w advisor.Window, ev map[string]any, busyPct float64) (title, rec string) {
	other, _ := otherProcessesCores(env, w)
	srv, _ := w.CPUMean(serverPct)
	client, _ := w.CPUMean(clientPct)
	ev["cores_used_by_others_mean"] = round(other)
	ev["client_cpu_pct_of_core_mean"] = round(client)
	cores := env.Host.Cores
	var less, fixes []string
	loadData := loadDataApplies(env)
	atLimit := env.ImportConnections > 0 && other < maxOtherShareAtLimit*busyPct/100*float64(cores)
	if loadData {
		text := fmt.Sprintf("dumpscope import --load-data sends plain row inserts as LOAD DATA LOCAL, about %.0f %% less server "+
			"CPU a row than INSERT", 100*(1-loadDataServerCPURatio))
		if atLimit {
			s, c := srv/100, client/100
			est := (s + c) / (s*loadDataServerCPURatio + c)
			ev["estimated_speedup"] = roundTo2(est)
			text += fmt.Sprintf(" (estimate from this run: up to %.1f× faster)", est)
		}
		less = append(less, text)
		fixes = append(fixes, "--load-data")
	}
	if text, ok := deferIndexesAdvice(w, ev); ok && !usedFlag(env, "defer-indexes") {
		less = append(less, text)
		fixes = append(fixes, "--defer-indexes")
	}
	ev[evAtLimit] = atLimit
	if len(fixes) > 0 {
		ev[evFixes] = fixes
	}
	after := "What is left is less work per row: " + strings.Join(less, "; ") + ". No server setting to change."
	if len(less) == 0 {
		after = "This run " + alreadyLessPerRow(env, w) + ": what is left is a host with more cores. No server setting to change."
	}
	if !atLimit {
		after = "Less work per row helps too: " + strings.Join(less, "; ") + ". No server setting to change."
		if len(less) == 0 {
			after = "No server setting to change."
		}
	}
	if atLimit {
		title = fmt.Sprintf("The restore keeps the host's %d cores busy (%.0f%%: the server %.0f%% of a core, dumpscope %.0f%%) while the disks have headroom",
			cores, busyPct, srv, client)
		rec = fmt.Sprintf("the restore uses this host's %d cores: it runs at the host's CPU limit, and more connections would only share "+
			"the same cores. %s", cores, after)
		return title, rec
	}
	title = fmt.Sprintf("The server keeps the host's CPUs busy (%.0f%%) while the disks have headroom", busyPct)
	if env.ImportConnections == 0 {
		ev[evOthersMayBeRestore] = true
		rec = fmt.Sprintf("other processes than the server use %.1f of the host's %d cores (the restoring client among them, if it runs on this host): "+
			"if they are the restore's own, it runs at the host's CPU limit; if not, it goes faster with the CPU they hold. "+
			"More connections would not help. %s", other, cores, after)
		return title, rec
	}
	rec = fmt.Sprintf("other processes than the server and dumpscope (dumpscope itself: %.0f%% of a core) use %.1f of the host's %d cores: "+
		"more connections would not help; the restore goes faster with the CPU they hold. %s", client, other, cores, after)
	return title, rec
}

// indexFactsOf is the importer's index facts at the window's newest tick (nil: not known:
// watch, an old record, no CREATE TABLE read yet).
func indexFactsOf(w advisor.Window) *advisor.IndexFacts {
	if last := w.Last(); last != nil && last.Import != nil {
		return last.Import.Indexes
	}
	return nil
}

// deferIndexesAdvice is what --defer-indexes would do for this dump, from the secondary
// indexes of the CREATE TABLEs the importer read (advisor.IndexFacts, stored in ev as
// secondary_indexes, tables_with_secondary_indexes and row_bytes_into_indexed_tables_pct):
// how many it would build after the data and how much of the rows go into their tables;
// ok is false when the tables read have none (the flag would do nothing). Without the
// facts (watch, an old record) it says "if the tables have any". What building them
// after the data saves is not estimated: no run here measured it per index.
func deferIndexesAdvice(w advisor.Window, ev map[string]any) (text string, ok bool) {
	x := indexFactsOf(w)
	if x == nil {
		return "dumpscope import --defer-indexes builds secondary indexes once after the data instead of row by row, if the tables have any", true
	}
	ev["secondary_indexes"] = x.SecondaryIndexes
	ev["tables_with_secondary_indexes"] = x.IndexedTables
	if x.SecondaryIndexes == 0 {
		return "", false
	}
	text = fmt.Sprintf("dumpscope import --defer-indexes builds the %d secondary %s of %d of the %d tables once after the data instead of row by row",
		x.SecondaryIndexes, indexesWord(x.SecondaryIndexes), x.IndexedTables, x.Tables)
	if x.RowBytes > 0 {
		pct := 100 * float64(x.IndexedRowBytes) / float64(x.RowBytes)
		ev["row_bytes_into_indexed_tables_pct"] = round(pct)
		text += fmt.Sprintf(" (those tables take %.0f %% of the row data so far)", pct)
	}
	return text, true
}

// perRowAdvice is server-cpu-bound's sentence on the server's work per row outside a
// busy host: --defer-indexes with what it would build, or nothing when the tables have
// no secondary indexes.
func perRowAdvice(w advisor.Window, ev map[string]any) string {
	text, ok := deferIndexesAdvice(w, ev)
	if !ok {
		return ""
	}
	return "Secondary indexes and triggers cost server CPU per row; " + text + ". "
}

// alreadyLessPerRow says why a restore at the host's limit has no less-work-per-row
// advice left: what it already does, or what its dump does not have.
func alreadyLessPerRow(env *advisor.Env, w advisor.Window) string {
	var done []string
	if usedFlag(env, "load-data") {
		done = append(done, "already sends LOAD DATA")
	} else if localInfileOff(env) {
		done = append(done, "cannot send LOAD DATA (local_infile is OFF)")
	}
	if usedFlag(env, "defer-indexes") {
		done = append(done, "builds secondary indexes after the data")
	} else if x := indexFactsOf(w); x != nil && x.SecondaryIndexes == 0 {
		done = append(done, fmt.Sprintf("has no secondary indexes to build after the data in its %d tables", x.Tables))
	}
	return strings.Join(done, " and ")
}

// hostBusyFix is the verdict's few words for server-cpu-bound on a busy host
// (hostBusyAdvice), from the facts its evidence holds (evAtLimit, evFixes,
// evOthersMayBeRestore); ok is false for its other forms.
func hostBusyFix(f advisor.Finding) (string, bool) {
	atLimit, ok := f.Evidence[evAtLimit].(bool)
	if !ok {
		return "", false
	}
	var less []string
	for _, flag := range evidenceStrings(f, evFixes) {
		switch flag {
		case "--defer-indexes":
			less = append(less, deferIndexesFix(f))
		default:
			less = append(less, flag)
		}
	}
	cores, _ := evidenceFloat(f, "host_cores")
	if atLimit {
		if len(less) == 0 {
			return fmt.Sprintf("more cores (the restore holds all %.0f)", cores), true
		}
		return fmt.Sprintf("%s (the restore holds all %.0f cores)", strings.Join(less, ", "), cores), true
	}
	other, _ := evidenceFloat(f, "cores_used_by_others_mean")
	fix := fmt.Sprintf("free the host's CPU (other processes use %.1f of %.0f cores)", other, cores)
	if watch, _ := f.Evidence[evOthersMayBeRestore].(bool); watch {
		fix = fmt.Sprintf("free the host's CPU, if other processes than the restoring client hold it (%.1f of %.0f cores besides the server)", other, cores)
	}
	if len(less) > 0 {
		fix += ", " + strings.Join(less, ", ")
	}
	return fix, true
}

// deferIndexesFix is the verdict's words for --defer-indexes: with the number of secondary
// indexes when the finding knew them (deferIndexesAdvice), else "if the tables have any".
func deferIndexesFix(f advisor.Finding) string {
	n, ok := evidenceFloat(f, "secondary_indexes")
	if !ok || n <= 0 {
		return "--defer-indexes if the tables have secondary indexes"
	}
	fix := fmt.Sprintf("--defer-indexes for %.0f secondary %s", n, indexesWord(int(n)))
	if pct, ok := evidenceFloat(f, "row_bytes_into_indexed_tables_pct"); ok {
		fix += fmt.Sprintf(", tables with %.0f %% of the row data", pct)
	}
	return fix
}

// indexesWord is "index" for one, "indexes" for any other count.
func indexesWord(n int) string {
	if n == 1 {
		return "index"
	}
	return "indexes"
}

// evidenceStrings reads a list of words from a finding's evidence, as the rule stored it
// ([]string) or as a record's JSON gives it back ([]any).
func evidenceStrings(f advisor.Finding, key string) []string {
	switch v := f.Evidence[key].(type) {
	case []string:
		return v
	case []any:
		out := make([]string, 0, len(v))
		for _, x := range v {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}
