// Package metrics exports a dumpscope run to Prometheus: a Collector that is both an
// advisor.Sink (it keeps what the latest tick measured) and a prometheus.Collector (it
// builds constant metrics from that at scrape time), an HTTP endpoint for --listen, and
// the textfile for node_exporter's textfile collector (--metrics-textfile).
//
// A scrape never queries the database server or reads /proc: it reads numbers the
// sampler already has, under one mutex, so the scrape interval does not change what the
// server sees. Names follow the Prometheus naming guide (base units, _total on counters,
// _ratio in 0–1); the disk counters mirror node_exporter's node_disk_* so PromQL written
// for those works here. docs/metrics.md lists every metric with its unit and source.
package metrics

import (
	"cmp"
	"errors"
	"maps"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/phase"
	"github.com/dumpscope/dumpscope/iostat"
)

// The outcomes Final.Phase takes; dumpscope_restore_phase{phase} has every name of
// package phase, the importer's own (loading, indexes, verifying rows) while it runs.
const (
	PhaseFinished    = phase.Finished
	PhaseFailed      = phase.Failed
	PhaseInterrupted = phase.Interrupted
)

// Options identify the run. They become labels of dumpscope_run_info and
// dumpscope_build_info; none of them is named instance, which Prometheus sets itself.
type Options struct {
	// RunID tells runs apart in a fleet (for instance two restores on one host).
	RunID string
	// Dump is the dump's name as the import shows it; empty for watch.
	Dump string
	// Target is the server's address (host:port or socket path), never credentials.
	Target string
	// Version is dumpscope's version for dumpscope_build_info.
	Version string
	// Now is the clock for dumpscope_last_tick_timestamp_seconds; nil = time.Now.
	Now func() time.Time
}

// Collector keeps the latest tick and exposes it as Prometheus metrics. Its zero value
// is not usable; call New. Tick, Finish, SetEnv and Collect are safe for concurrent use.
type Collector struct {
	o Options

	mu sync.Mutex
	// st is what a scrape reports, copied out of ticks (a tick's maps belong to the
	// sampler, which may reuse them).
	st state
}

// state is everything a scrape needs, in base units.
type state struct {
	ticks         int
	lastTickUnix  float64
	flavor        string
	serverVersion string
	devices       map[string]deviceState
	deviceInfo    []iostat.Device
	probe         *iostat.ProbeResult

	restore *restoreState
	innodb  *advisor.InnoDB
	space   *advisor.DiskSpace

	findings map[string]findingState // by rule id
	verdict  *advisor.Verdict        // the latest tick's; nil before the first

	sourceSeconds map[string]float64 // cumulative time per source
	sourceCount   map[string]uint64
	sourceErrors  map[string]uint64
}

type deviceState struct {
	stats    iostat.DeviceStats
	counters *iostat.DeviceCounters
}

type restoreState struct {
	p       advisor.ImportProgress
	elapsed float64 // seconds since the sampling started (the tick's T)
	phase   string
	tables  map[string]bool // every table the importer has reported as current
	// finalTables is the importer's own count at the end (0: not known).
	finalTables int
}

type findingState struct {
	severity advisor.Severity
	active   bool
}

// New returns a Collector for one run.
func New(o Options) *Collector {
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Collector{o: o, st: state{
		findings:      map[string]findingState{},
		sourceSeconds: map[string]float64{},
		sourceCount:   map[string]uint64{},
		sourceErrors:  map[string]uint64{},
	}}
}

// SetEnv records what the session learned once at its start: the server's flavour and
// version, the devices under its directories, the sync-write probe. Only those are
// copied (env.Server.Variables is the sampler's live map).
func (c *Collector) SetEnv(env *advisor.Env) {
	if env == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.st.flavor, c.st.serverVersion = env.Server.Flavor, env.Server.Version
	c.st.deviceInfo = slices.Clone(env.Devices)
	if env.Probe != nil {
		p := *env.Probe
		c.st.probe = &p
	}
}

// Tick implements advisor.Sink.
func (c *Collector) Tick(t advisor.Tick) {
	now := c.o.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	st := &c.st
	st.ticks++
	st.lastTickUnix = float64(now.UnixNano()) / 1e9
	s := t.Snapshot
	if s.Import != nil {
		if st.restore == nil {
			st.restore = &restoreState{tables: map[string]bool{}}
		}
		r := st.restore
		r.p, r.elapsed = *s.Import, s.T
		if !phase.Ended(r.phase) {
			// The importer's phase once a statement ran; a watched restore reports none.
			r.phase = phase.Starting
			if r.p.Statements > 0 {
				r.phase = cmp.Or(r.p.Phase, phase.Loading)
			}
		}
		if r.p.Table != "" {
			r.tables[r.p.Table] = true
		}
	}
	// A tick without device numbers (the first one, or a failed read) keeps the last
	// ones: a scrape between shows the last interval, as node_exporter would.
	if len(s.Devices) > 0 {
		st.devices = make(map[string]deviceState, len(s.Devices))
		for name, d := range s.Devices {
			ds := deviceState{stats: d}
			if d.Counters != nil {
				cs := *d.Counters
				ds.counters = &cs
			}
			st.devices[name] = ds
		}
	}
	if s.InnoDB != nil {
		in := *s.InnoDB
		st.innodb = &in
	}
	if s.Space != nil {
		sp := *s.Space
		st.space = &sp
	}
	for _, e := range t.Events {
		st.findings[e.Finding.ID] = findingState{severity: e.Finding.Severity, active: !e.Cleared}
	}
	if t.Verdict != nil {
		v := *t.Verdict // built afresh each tick: its slices are not written again
		st.verdict = &v
	}
	for src, sec := range t.SourceSeconds {
		st.sourceSeconds[src] += sec
		st.sourceCount[src]++
	}
	for _, err := range t.Errors {
		src := "other"
		var se *advisor.SourceError
		if errors.As(err, &se) {
			src = se.Source
		}
		st.sourceErrors[src]++
	}
}

// Final is a restore's outcome, for the last scrape and the textfile.
type Final struct {
	Phase string // PhaseFinished, PhaseFailed or PhaseInterrupted
	// Progress, when set, replaces the last tick's progress with the importer's totals
	// (the last tick can be most of an interval old when the import ends).
	Progress *advisor.ImportProgress
	// Tables, when positive, is the number of tables that received rows, from the
	// importer's result; it replaces the count sampled at ticks.
	Tables int
}

// Finish records the restore's outcome: its final phase, an ETA of zero and, when
// given, the importer's final totals.
func (c *Collector) Finish(f Final) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.st.restore == nil {
		c.st.restore = &restoreState{tables: map[string]bool{}}
	}
	r := c.st.restore
	r.phase = f.Phase
	if f.Progress != nil {
		expected, exact := r.p.ExpectedBytes, r.p.ExpectedExact
		r.p = *f.Progress
		if r.p.ExpectedBytes == 0 {
			r.p.ExpectedBytes, r.p.ExpectedExact = expected, exact // known to the session, not to the replayer
		}
	}
	r.finalTables = f.Tables
}

// Metric descriptors. Labels are fixed per name; a value that is unknown is left out of
// the scrape rather than reported as zero.
var (
	descBuildInfo = prometheus.NewDesc("dumpscope_build_info",
		"dumpscope's version and the Go version it was built with; always 1.", []string{"version", "goversion"}, nil)
	descRunInfo = prometheus.NewDesc("dumpscope_run_info",
		"Identifies the run: join on it (group_left) to tell a fleet's restores apart; always 1.", []string{"run_id", "dump", "target"}, nil)
	descServerInfo = prometheus.NewDesc("dumpscope_server_info",
		"The target server's flavour and version; always 1.", []string{"flavor", "version"}, nil)
	descLastTick = prometheus.NewDesc("dumpscope_last_tick_timestamp_seconds",
		"Unix time of the sampler tick the other values come from.", nil, nil)

	descSamplerDuration = prometheus.NewDesc("dumpscope_sampler_duration_seconds",
		"Time each sampler source took per tick (progress, devices, server queries).", []string{"source"}, nil)
	descSamplerErrors = prometheus.NewDesc("dumpscope_sampler_errors_total",
		"Ticks on which a sampler source failed (the tick went on with the other sources).", []string{"source"}, nil)

	descDiskInfo = prometheus.NewDesc("dumpscope_disk_info",
		"A device under the server's directories and its identity from sysfs; always 1.",
		[]string{"device", "kind", "role", "model", "rotational", "write_cache"}, nil)
	descReadsCompleted = prometheus.NewDesc("dumpscope_disk_reads_completed_total",
		"Reads completed since boot (/proc/diskstats field 4), as node_disk_reads_completed_total.", []string{"device"}, nil)
	descReadBytes = prometheus.NewDesc("dumpscope_disk_read_bytes_total",
		"Bytes read since boot (sectors × 512), as node_disk_read_bytes_total.", []string{"device"}, nil)
	descReadTime = prometheus.NewDesc("dumpscope_disk_read_time_seconds_total",
		"Time spent on reads since boot, as node_disk_read_time_seconds_total.", []string{"device"}, nil)
	descWritesCompleted = prometheus.NewDesc("dumpscope_disk_writes_completed_total",
		"Writes completed since boot (/proc/diskstats field 8), as node_disk_writes_completed_total.", []string{"device"}, nil)
	descWrittenBytes = prometheus.NewDesc("dumpscope_disk_written_bytes_total",
		"Bytes written since boot (sectors × 512), as node_disk_written_bytes_total.", []string{"device"}, nil)
	descWriteTime = prometheus.NewDesc("dumpscope_disk_write_time_seconds_total",
		"Time spent on writes since boot, as node_disk_write_time_seconds_total.", []string{"device"}, nil)
	descIOTime = prometheus.NewDesc("dumpscope_disk_io_time_seconds_total",
		"Time the device had I/O in flight since boot (its rate is utilisation), as node_disk_io_time_seconds_total.", []string{"device"}, nil)
	descFlushes = prometheus.NewDesc("dumpscope_disk_flush_requests_total",
		"Flush requests completed since boot (kernel 5.5+), as node_disk_flush_requests_total.", []string{"device"}, nil)
	descFlushTime = prometheus.NewDesc("dumpscope_disk_flush_requests_time_seconds_total",
		"Time spent on flush requests since boot (kernel 5.5+), as node_disk_flush_requests_time_seconds_total.", []string{"device"}, nil)
	descWriteAwait = prometheus.NewDesc("dumpscope_disk_write_await_seconds",
		"Mean time a write took over the last interval, queueing included (iostat's w_await).", []string{"device"}, nil)
	descFlushAwait = prometheus.NewDesc("dumpscope_disk_flush_await_seconds",
		"Mean time a flush took over the last interval (iostat's f_await, kernel 5.5+).", []string{"device"}, nil)
	descUtil = prometheus.NewDesc("dumpscope_disk_utilization_ratio",
		"Share of the last interval the device had I/O in flight (iostat's %util / 100).", []string{"device"}, nil)
	descQueue = prometheus.NewDesc("dumpscope_disk_queue_size",
		"Mean number of requests in flight over the last interval (iostat's aqu-sz).", []string{"device"}, nil)

	descFSAvail = prometheus.NewDesc("dumpscope_datadir_filesystem_avail_bytes",
		"Free space of the datadir's file system for an unprivileged writer (statfs f_bavail), as node_filesystem_avail_bytes.", []string{"path"}, nil)
	descFSSize = prometheus.NewDesc("dumpscope_datadir_filesystem_size_bytes",
		"Size of the datadir's file system, as node_filesystem_size_bytes.", []string{"path"}, nil)

	descProbe = prometheus.NewDesc("dumpscope_probe_sync_write_latency_seconds",
		"Latency of one write made durable (write + fdatasync, or an O_DSYNC write) measured by --probe in the redo directory.",
		[]string{"mode", "class"}, nil)

	descCheckpointAge = prometheus.NewDesc("dumpscope_innodb_checkpoint_age_bytes",
		"Redo bytes written since the last checkpoint (LSN − checkpoint LSN).", nil, nil)
	descCheckpointMax = prometheus.NewDesc("dumpscope_innodb_checkpoint_max_age_bytes",
		"The checkpoint age at which InnoDB must flush before it writes more redo.", nil, nil)
	descRedoCapacity = prometheus.NewDesc("dumpscope_innodb_redo_capacity_bytes",
		"Total redo log size (innodb_redo_log_capacity, or file size × files).", nil, nil)
	descRedoWritten = prometheus.NewDesc("dumpscope_innodb_redo_written_bytes_total",
		"The log sequence number: redo bytes generated since the data directory was created.", nil, nil)
	descDirty = prometheus.NewDesc("dumpscope_innodb_buffer_pool_dirty_pages_ratio",
		"Share of buffer pool pages modified and not yet flushed.", nil, nil)

	descRestoreBytes = prometheus.NewDesc("dumpscope_restore_bytes_total",
		"Uncompressed SQL bytes of the dump applied to the server.", nil, nil)
	descRestoreExpected = prometheus.NewDesc("dumpscope_restore_bytes_expected",
		"Uncompressed size of the dump: bytes read × file size ÷ file bytes read (exact at the end), or a generated sample's size.", nil, nil)
	descRestoreReadBytes = prometheus.NewDesc("dumpscope_restore_read_bytes_total",
		"Uncompressed SQL bytes read from the dump; ahead of dumpscope_restore_bytes_total while a parallel import reads ahead of its workers.", nil, nil)
	descRestoreFileRead = prometheus.NewDesc("dumpscope_restore_file_read_bytes_total",
		"Bytes of the dump file read as stored (compressed).", nil, nil)
	descRestoreFileSize = prometheus.NewDesc("dumpscope_restore_file_bytes",
		"Size of the dump file as stored; absent on stdin.", nil, nil)
	descRestoreProgress = prometheus.NewDesc("dumpscope_restore_progress_ratio",
		"Share of the dump applied: SQL bytes applied ÷ the expected uncompressed size (advisor.ImportProgress.Fraction, as the progress line).", nil, nil)
	descRestoreRows = prometheus.NewDesc("dumpscope_restore_rows_total",
		"Row tuples in the INSERT/REPLACE statements executed.", nil, nil)
	descRestoreStatements = prometheus.NewDesc("dumpscope_restore_statements_total",
		"Statements executed.", nil, nil)
	descRestoreErrors = prometheus.NewDesc("dumpscope_restore_errors_total",
		"SQL errors tolerated under --force.", nil, nil)
	descRestoreWarnings = prometheus.NewDesc("dumpscope_restore_warnings_total",
		"Server warnings raised by the dump's statements.", nil, nil)
	descRestoreTables = prometheus.NewDesc("dumpscope_restore_tables_done",
		"Tables the import has moved past (sampled each tick, so a table loaded within one interval is missed until the end, where the importer's count of tables that received rows replaces it).", nil, nil)
	descRestorePhase = prometheus.NewDesc("dumpscope_restore_phase",
		"1 for the restore's current phase, 0 for the others.", []string{"phase"}, nil)
	descRestoreETA = prometheus.NewDesc("dumpscope_restore_eta_seconds",
		"Estimated seconds until the dump is applied, from the share applied so far; 0 once finished.", nil, nil)
	descRestoreElapsed = prometheus.NewDesc("dumpscope_restore_elapsed_seconds",
		"Seconds since sampling started.", nil, nil)

	descFinding = prometheus.NewDesc("dumpscope_finding_active",
		"1 while a rule's finding is active, 0 once cleared (docs/rules.md lists the rules).", []string{"rule", "severity"}, nil)
)

// Describe implements prometheus.Collector.
func (c *Collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{
		descBuildInfo, descRunInfo, descServerInfo, descLastTick, descSamplerDuration, descSamplerErrors,
		descDiskInfo, descReadsCompleted, descReadBytes, descReadTime, descWritesCompleted, descWrittenBytes,
		descWriteTime, descIOTime, descFlushes, descFlushTime, descWriteAwait, descFlushAwait, descUtil, descQueue,
		descFSAvail, descFSSize, descProbe, descCheckpointAge, descCheckpointMax, descRedoCapacity, descRedoWritten, descDirty,
		descRestoreBytes, descRestoreReadBytes, descRestoreExpected, descRestoreFileRead, descRestoreFileSize, descRestoreProgress,
		descRestoreRows, descRestoreStatements, descRestoreErrors, descRestoreWarnings, descRestoreTables,
		descRestorePhase, descRestoreETA, descRestoreElapsed, descFinding,
	} {
		ch <- d
	}
	for _, d := range verdictDescs {
		ch <- d
	}
}

// Collect implements prometheus.Collector: constant metrics from the latest tick. Each
// metric family has its own collect function so a new family is one function and one
// line here; they all run under c.mu, so one scrape sees one tick.
func (c *Collector) Collect(ch chan<- prometheus.Metric) {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := metricSink(ch)
	c.collectRun(out)
	c.collectDevices(out)
	c.collectInnoDB(out)
	if r := c.st.restore; r != nil {
		c.collectRestore(out, r)
	}
	c.collectFindings(out)
	c.collectVerdict(out)
}

// metricSink sends one scrape's constant metrics; its gauge and counter keep each
// collect function down to the value and its labels.
type metricSink chan<- prometheus.Metric

func (s metricSink) gauge(d *prometheus.Desc, v float64, labels ...string) {
	s <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, validLabels(labels)...)
}

func (s metricSink) counter(d *prometheus.Desc, v float64, labels ...string) {
	s <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, v, validLabels(labels)...)
}

func (s metricSink) summary(d *prometheus.Desc, count uint64, sum float64, quantiles map[float64]float64, labels ...string) {
	s <- prometheus.MustNewConstSummary(d, count, sum, quantiles, validLabels(labels)...)
}

// validLabels returns labels with every value valid UTF-8, invalid bytes replaced by
// U+FFFD. Label values come from outside: a dump's path is whatever bytes the file
// system holds (a Latin-1 name), a device model is what sysfs says. client_golang panics
// on an invalid value (the Must constructors), which turned a successful import with
// --listen or --metrics-textfile into exit status 1 and a stack trace (issue 22).
func validLabels(labels []string) []string {
	for i, l := range labels {
		if !utf8.ValidString(l) {
			labels = slices.Clone(labels)
			for j := i; j < len(labels); j++ {
				labels[j] = strings.ToValidUTF8(labels[j], "\uFFFD")
			}
			break
		}
	}
	return labels
}

// collectRun: what is running (build, run, server) and how the samplers fare, so a
// dashboard can tell a stalled run from a sampler that stopped answering. c.mu held.
func (c *Collector) collectRun(out metricSink) {
	st := &c.st
	out.gauge(descBuildInfo, 1, c.o.Version, runtime.Version())
	out.gauge(descRunInfo, 1, c.o.RunID, c.o.Dump, c.o.Target)
	if st.flavor != "" {
		out.gauge(descServerInfo, 1, st.flavor, st.serverVersion)
	}
	if st.ticks > 0 {
		out.gauge(descLastTick, st.lastTickUnix)
	}
	for _, src := range slices.Sorted(maps.Keys(st.sourceCount)) {
		out.summary(descSamplerDuration, st.sourceCount[src], st.sourceSeconds[src], nil, src)
	}
	// Every source that ran gets an error count, so rate() has a series before the first error.
	for _, src := range slices.Sorted(maps.Keys(mergeKeys(st.sourceCount, st.sourceErrors))) {
		out.counter(descSamplerErrors, float64(st.sourceErrors[src]), src)
	}
}

// collectDevices: the devices under the datadir (identity, diskstats counters, latency,
// utilisation), the datadir's filesystem space and the probe's result. c.mu held.
func (c *Collector) collectDevices(out metricSink) {
	st := &c.st
	for _, d := range st.deviceInfo {
		out.gauge(descDiskInfo, 1, d.Name, d.Kind, joinRoles(d.Role), d.Model, rotationalLabel(d.Rotational), d.WriteCache)
	}
	for _, name := range slices.Sorted(maps.Keys(st.devices)) {
		d := st.devices[name]
		if k := d.counters; k != nil {
			out.counter(descReadsCompleted, float64(k.ReadsCompleted), name)
			out.counter(descReadBytes, float64(k.ReadBytes), name)
			out.counter(descReadTime, k.ReadTimeSeconds, name)
			out.counter(descWritesCompleted, float64(k.WritesCompleted), name)
			out.counter(descWrittenBytes, float64(k.WrittenBytes), name)
			out.counter(descWriteTime, k.WriteTimeSeconds, name)
			out.counter(descIOTime, k.IOTimeSeconds, name)
			if k.FlushesCompleted != nil && k.FlushTimeSeconds != nil {
				out.counter(descFlushes, float64(*k.FlushesCompleted), name)
				out.counter(descFlushTime, *k.FlushTimeSeconds, name)
			}
		}
		out.gauge(descWriteAwait, d.stats.WAwaitMs/1000, name)
		if d.stats.FAwaitMs != nil {
			out.gauge(descFlushAwait, *d.stats.FAwaitMs/1000, name)
		}
		out.gauge(descUtil, d.stats.UtilPct/100, name)
		out.gauge(descQueue, d.stats.AquSz, name)
	}
	if sp := st.space; sp != nil {
		out.gauge(descFSAvail, float64(sp.FreeBytes), sp.Path)
		out.gauge(descFSSize, float64(sp.TotalBytes), sp.Path)
	}
	if p := st.probe; p != nil && p.Ops > 0 && p.OpsPerSec > 0 {
		// The probe keeps percentiles, not every latency: its writes are back to back,
		// so their latencies add up to its duration, Ops / OpsPerSec.
		out.summary(descProbe, uint64(p.Ops), float64(p.Ops)/p.OpsPerSec,
			map[float64]float64{0.5: p.P50Ms / 1000, 0.99: p.P99Ms / 1000}, p.Mode, p.Class)
	}
}

// rotationalLabel is the disk_info "rotational" label: "1", "0", or "" when sysfs did
// not say, so an unknown never reads as flash.
func rotationalLabel(rotational *bool) string {
	switch {
	case rotational == nil:
		return ""
	case *rotational:
		return "1"
	}
	return "0"
}

// joinRoles is the disk_info "role" label: a device's roles in the datadir chain,
// comma-separated in the resolver's order.
func joinRoles(roles []string) string {
	return strings.Join(roles, ",")
}

// collectInnoDB: the checkpoint age against its maximum and the redo written, present
// only when the server reports them (the maximum and capacity are 0 until known). c.mu held.
func (c *Collector) collectInnoDB(out metricSink) {
	in := c.st.innodb
	if in == nil {
		return
	}
	out.gauge(descCheckpointAge, float64(in.CheckpointAgeBytes))
	if in.MaxCheckpointAgeBytes > 0 {
		out.gauge(descCheckpointMax, float64(in.MaxCheckpointAgeBytes))
	}
	if in.RedoCapacityBytes > 0 {
		out.gauge(descRedoCapacity, float64(in.RedoCapacityBytes))
	}
	if in.LSN > 0 {
		out.counter(descRedoWritten, float64(in.LSN))
	}
	out.gauge(descDirty, in.DirtyPagesPct/100)
}

// collectFindings: one series per rule that fired, kept at 0 once cleared so an alert
// sees it resolve instead of the series vanishing. c.mu held.
func (c *Collector) collectFindings(out metricSink) {
	for _, id := range slices.Sorted(maps.Keys(c.st.findings)) {
		f := c.st.findings[id]
		v := 0.0
		if f.active {
			v = 1
		}
		out.gauge(descFinding, v, id, string(f.severity))
	}
}

// collectRestore: the import's progress, size, ETA, tables and phase. c.mu held.
func (c *Collector) collectRestore(out metricSink, r *restoreState) {
	gauge, counter := out.gauge, out.counter
	p := r.p
	done := phase.Ended(r.phase)
	counter(descRestoreBytes, float64(p.Bytes))
	counter(descRestoreRows, float64(p.Rows))
	counter(descRestoreStatements, float64(p.Statements))
	counter(descRestoreErrors, float64(p.Errors))
	counter(descRestoreWarnings, float64(p.Warnings))
	counter(descRestoreFileRead, float64(p.CompressedBytes))
	gauge(descRestoreElapsed, r.elapsed)
	if p.ReadBytes > 0 {
		counter(descRestoreReadBytes, float64(p.ReadBytes))
	}
	if total := p.CompressedTotalBytes; total > 0 {
		gauge(descRestoreFileSize, float64(total))
	}
	// The uncompressed size: projected from the ratio read so far when the file's size
	// is known, a generated sample's size otherwise.
	switch read := cmp.Or(p.ReadBytes, p.Bytes); {
	case p.ExpectedBytes > 0 && p.ExpectedExact:
		gauge(descRestoreExpected, float64(p.ExpectedBytes))
	case p.CompressedTotalBytes > 0 && p.CompressedBytes > 0:
		gauge(descRestoreExpected, float64(read)*float64(p.CompressedTotalBytes)/float64(p.CompressedBytes))
	case p.ExpectedBytes > 0:
		gauge(descRestoreExpected, float64(p.ExpectedBytes))
	}
	// The completion fraction and ETA as the progress line has them (applied SQL, not
	// what a parallel import has read ahead).
	if frac, ok := p.Fraction(); ok {
		gauge(descRestoreProgress, frac)
		switch {
		case done:
			gauge(descRestoreETA, 0)
		default:
			if eta, ok := p.ETA(r.elapsed); ok { // the progress line's ETA
				gauge(descRestoreETA, eta)
			}
		}
	}
	tables := len(r.tables)
	switch {
	case r.finalTables > 0:
		tables = r.finalTables
	case !done && p.Table != "":
		tables-- // the current one is still loading
	}
	gauge(descRestoreTables, float64(max(tables, 0)))
	now := cmp.Or(r.phase, phase.Starting)
	for _, ph := range phase.All {
		v := 0.0
		if ph == now {
			v = 1
		}
		gauge(descRestorePhase, v, ph)
	}
}

func mergeKeys[V1, V2 any](a map[string]V1, b map[string]V2) map[string]bool {
	m := make(map[string]bool, len(a)+len(b))
	for k := range a {
		m[k] = true
	}
	for k := range b {
		m[k] = true
	}
	return m
}
