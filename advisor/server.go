package advisor

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Querier is what the server sampler needs of a connection; *sql.DB and *sql.Conn have it.
// The sampler should have a connection of its own, not the importer's.
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// VariableChange is a global variable that changed while sampling (someone ran SET
// GLOBAL during the restore). It is a run record's server.variable_changes entry; Value is
// a number where the variable is numeric.
type VariableChange struct {
	T     float64 `json:"t"`
	Name  string  `json:"name"`
	Value any     `json:"value"`
}

// watchedVariables are re-read on every tick because rules read them and a DBA may change
// them with SET GLOBAL mid-restore; the full set is re-read every
// ServerSamplerOptions.FullVariablesEvery ticks. Read as one "SELECT @@GLOBAL.a, …" row
// (0.09 ms here, against 0.6 ms for SHOW GLOBAL VARIABLES WHERE … and 3–5 ms for all).
func watchedVariables() []string {
	return []string{
		"innodb_flush_log_at_trx_commit", "sync_binlog", "log_bin", "innodb_doublewrite",
		"innodb_io_capacity", "innodb_io_capacity_max", "innodb_flush_neighbors",
		"innodb_buffer_pool_size", "innodb_log_buffer_size", "innodb_log_file_size",
		"innodb_redo_log_capacity", "innodb_max_dirty_pages_pct", "innodb_adaptive_flushing",
		"max_allowed_packet", "innodb_flush_method",
	}
}

// SampledStatus are the SHOW GLOBAL STATUS counters read on every tick: every counter a
// rule in package rules reads, the redo/LSN family of every flavour, and the throughput
// counters reports chart. Reading only these costs ~0.5 ms per tick on MariaDB 10.11 on
// this machine, against 4–6 ms (12 ms under a saturating import) for all ~500 rows; the
// run record's format asks for "every numeric counter, or at least every one a rule
// reads". ServerSamplerOptions.AllStatus reads everything.
func SampledStatus() []string {
	return []string{
		// redo and checkpoint, per flavour (DeriveInnoDB)
		"Innodb_lsn_current", "Innodb_lsn_flushed", "Innodb_lsn_last_checkpoint",
		"Innodb_checkpoint_age", "Innodb_checkpoint_max_age",
		"Innodb_redo_log_current_lsn", "Innodb_redo_log_checkpoint_lsn",
		"Innodb_redo_log_flushed_to_disk_lsn", "Innodb_redo_log_capacity_resized",
		"Innodb_redo_log_logical_size", "Innodb_redo_log_physical_size",
		"Innodb_os_log_written", "Innodb_os_log_fsyncs", "Innodb_os_log_pending_fsyncs",
		"Innodb_log_waits", "Innodb_log_writes", "Innodb_log_write_requests",
		// buffer pool and flushing
		"Innodb_buffer_pool_pages_total", "Innodb_buffer_pool_pages_dirty",
		"Innodb_buffer_pool_pages_free", "Innodb_buffer_pool_pages_data",
		"Innodb_buffer_pool_pages_flushed", "Innodb_buffer_pool_reads",
		"Innodb_buffer_pool_read_requests", "Innodb_buffer_pool_write_requests",
		"Innodb_buffer_pool_wait_free", "Innodb_pages_written", "Innodb_pages_created",
		"Innodb_dblwr_pages_written", "Innodb_dblwr_writes",
		"Innodb_data_fsyncs", "Innodb_data_writes", "Innodb_data_written",
		"Innodb_data_reads", "Innodb_data_read", "Innodb_data_pending_fsyncs",
		// rows, commits, statements
		"Innodb_rows_inserted", "Innodb_rows_updated", "Innodb_rows_deleted",
		"Innodb_row_lock_waits", "Innodb_row_lock_time", "Innodb_history_list_length",
		"Handler_commit", "Handler_rollback", "Handler_write",
		"Com_insert", "Com_insert_select", "Com_replace", "Com_load", "Com_commit",
		"Com_begin", "Com_rollback", "Com_create_table", "Com_alter_table", "Com_set_option",
		"Questions", "Queries", "Bytes_received", "Bytes_sent",
		// binary log
		"Binlog_cache_use", "Binlog_cache_disk_use", "Binlog_bytes_written",
		"Binlog_commits", "Binlog_group_commits",
		// sessions
		"Threads_running", "Threads_connected", "Uptime",
	}
}

// ServerSamplerOptions tune a ServerSampler; the zero value is usable.
type ServerSamplerOptions struct {
	// FullVariablesEvery re-reads all of SHOW GLOBAL VARIABLES every this many ticks
	// (default 60); the watched variables are re-read every tick.
	FullVariablesEvery int
	// Now is the clock used to time the sampler's own queries (default time.Now).
	Now func() time.Time
	// AllStatus reads every SHOW GLOBAL STATUS counter on every tick instead of
	// SampledStatus (several times the cost).
	AllStatus bool
}

// ServerSample is one tick of server state.
type ServerSample struct {
	// Status is SHOW GLOBAL STATUS, numeric values only, cumulative.
	Status map[string]float64
	// InnoDB is the derived redo and buffer-pool state; nil when the server shows no LSN.
	InnoDB *InnoDB
	// Engine is the parsed SHOW ENGINE INNODB STATUS when it was read this tick.
	Engine *EngineStatus
	// Metrics are the enabled INNODB_METRICS among InnoDBMetricNames (nil when none is).
	Metrics map[string]float64
	// Changes are variables whose value differs from the previous read (T unset: the
	// caller stamps it).
	Changes []VariableChange
	// Query is the time this tick's queries took, as the client measured it.
	Query time.Duration
}

// ServerSampler reads a server's counters once per tick and derives the flavour-independent
// InnoDB state (see Capabilities). It is not safe for concurrent use.
type ServerSampler struct {
	q       Querier
	opts    ServerSamplerOptions
	info    ServerInfo
	ver     Version
	caps    Capabilities
	ticks   int
	queryNs int64
	queries int64

	statusQuery   string
	watched       []string // watched variables this server has
	watchedSelect string   // SELECT @@GLOBAL.… of watched
	metricsQuery  string   // "" when no wanted INNODB_METRICS metric is enabled
	startupNs     int64
	// noEngineStatus is set after SHOW ENGINE INNODB STATUS failed once.
	noEngineStatus bool
}

// InnoDBMetricNames are the information_schema.INNODB_METRICS the sampler reads where the
// server has them enabled (the log_* ones are off by default on MySQL and MariaDB, and
// dumpscope never enables them: it does not change the server it observes). They show
// InnoDB's own flushing decisions: the async/sync flush thresholds, how many pages each
// kind of flush wrote, and how often threads waited for a sync flush.
func InnoDBMetricNames() []string {
	return []string{
		"log_lsn_current", "log_lsn_last_checkpoint", "log_lsn_checkpoint_age",
		"log_max_modified_age_async", "log_max_modified_age_sync", "log_checkpoints",
		"buffer_flush_sync_waits", "buffer_flush_sync_total_pages",
		"buffer_flush_adaptive_total_pages", "buffer_flush_background_total_pages",
		"buffer_flush_avg_page_rate", "buffer_flush_lsn_avg_rate",
		"buffer_flush_pct_for_lsn", "buffer_flush_pct_for_dirty",
	}
}

// NewServerSampler detects the flavour and reads all global variables.
func NewServerSampler(ctx context.Context, q Querier, opts ServerSamplerOptions) (*ServerSampler, error) {
	if opts.FullVariablesEvery <= 0 {
		opts.FullVariablesEvery = 60
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	s := &ServerSampler{q: q, opts: opts}
	vars, err := s.readRows(ctx, "SHOW GLOBAL VARIABLES")
	if err != nil {
		return nil, err
	}
	flavor, v, err := DetectFlavor(vars["version"], vars["version_comment"])
	if err != nil {
		return nil, fmt.Errorf("server sampler: %w", err)
	}
	s.info = ServerInfo{Flavor: flavor, Version: vars["version"], Variables: vars}
	s.ver = v
	s.caps = CapabilitiesFor(flavor, v)
	s.statusQuery = "SHOW GLOBAL STATUS"
	if !opts.AllStatus {
		s.statusQuery += " WHERE Variable_name IN ('" + strings.Join(SampledStatus(), "','") + "')"
	}
	var sel []string
	for _, name := range watchedVariables() {
		if _, ok := vars[name]; ok {
			s.watched = append(s.watched, name)
			sel = append(sel, "@@GLOBAL."+name)
		}
	}
	if len(sel) > 0 {
		s.watchedSelect = "SELECT " + strings.Join(sel, ", ")
	}
	s.metricsQuery = s.enabledMetricsQuery(ctx)
	// QueryTime counts the per-tick cost; the one-off start-up reads are kept apart.
	s.startupNs, s.queryNs, s.queries = s.queryNs, 0, 0
	return s, nil
}

// enabledMetricsQuery finds which of InnoDBMetricNames are enabled and returns the query
// reading them, or "" (no metric enabled, or no INNODB_METRICS table). MySQL has a STATUS
// column ('enabled'), MariaDB an ENABLED column (1).
func (s *ServerSampler) enabledMetricsQuery(ctx context.Context) string {
	in := "('" + strings.Join(InnoDBMetricNames(), "','") + "')"
	for _, cond := range []string{"STATUS = 'enabled'", "ENABLED = 1"} {
		rows, err := s.readRows(ctx, "SELECT NAME, COUNT FROM information_schema.INNODB_METRICS WHERE NAME IN "+in+" AND "+cond)
		if err != nil {
			continue
		}
		if len(rows) == 0 {
			return ""
		}
		names := make([]string, 0, len(rows))
		for n := range rows {
			names = append(names, n)
		}
		sort.Strings(names)
		return "SELECT NAME, COUNT FROM information_schema.INNODB_METRICS WHERE NAME IN ('" + strings.Join(names, "','") + "')"
	}
	return ""
}

// Info is the server's flavour, version and current variables. Variables is the map the
// sampler updates in place when a variable changes, so an Env holding it stays current.
func (s *ServerSampler) Info() ServerInfo { return s.info }

// Capabilities is the capability table row for this server.
func (s *ServerSampler) Capabilities() Capabilities { return s.caps }

// Version is the server's numeric release.
func (s *ServerSampler) Version() Version { return s.ver }

// QueryTime is the total time of the sampler's own per-tick queries so far (Sample
// calls, not the start-up reads), and how many it ran.
func (s *ServerSampler) QueryTime() (time.Duration, int64) {
	return time.Duration(s.queryNs), s.queries
}

// StartupTime is the time of the one-off reads NewServerSampler made (all variables,
// which INNODB_METRICS are enabled).
func (s *ServerSampler) StartupTime() time.Duration { return time.Duration(s.startupNs) }

// Sample returns what it could read together with an error for what it could not: a
// failed SHOW ENGINE INNODB STATUS still returns the status and derived state, and is
// reported once. Sample reads SHOW GLOBAL STATUS, the watched variables (all of them every
// FullVariablesEvery ticks) and, where the flavour needs it or the status lacks LSN
// counters or the maximum checkpoint age it should have, SHOW ENGINE INNODB STATUS.
func (s *ServerSampler) Sample(ctx context.Context) (ServerSample, error) {
	startNs := s.queryNs
	defer func() { s.ticks++ }()
	var out ServerSample
	rows, err := s.readRows(ctx, s.statusQuery)
	if err != nil {
		return out, err
	}
	out.Status = NumericStatus(rows)

	var fresh map[string]string
	if s.ticks > 0 && s.ticks%s.opts.FullVariablesEvery == 0 {
		fresh, err = s.readRows(ctx, "SHOW GLOBAL VARIABLES")
	} else if s.ticks > 0 && s.watchedSelect != "" {
		fresh, err = s.readWatched(ctx)
	}
	if err != nil {
		return out, err
	}
	out.Changes = s.applyVariables(fresh)

	// The engine status is read where the flavour has no LSN counters, and where it
	// should report the maximum checkpoint age but does not (some Percona 8.0 builds):
	// XtraDB-derived builds print "Max checkpoint age" there.
	_, hasMaxAge := out.Status["Innodb_checkpoint_max_age"]
	var engineErr error
	if !s.noEngineStatus && (s.caps.NeedsEngineStatus || !hasLSNStatus(out.Status) || (s.caps.MaxCheckpointAgeStatus && !hasMaxAge)) {
		text, err := s.engineStatus(ctx)
		if err != nil {
			// Most likely the user lacks the PROCESS privilege: say so once, then go on
			// without the engine status (the redo state may be unknown on this flavour).
			s.noEngineStatus = true
			engineErr = fmt.Errorf("%w (not retried; SHOW ENGINE INNODB STATUS needs the PROCESS privilege)", err)
		} else if e, err := ParseEngineStatus(text); err == nil {
			out.Engine = &e
		}
	}
	if s.metricsQuery != "" {
		m, err := s.readRows(ctx, s.metricsQuery)
		if err != nil {
			s.metricsQuery = "" // optional: drop it rather than fail every tick
			engineErr = errors.Join(engineErr, fmt.Errorf("%w (not retried)", err))
		} else {
			out.Metrics = NumericStatus(m)
		}
	}
	out.InnoDB = DeriveInnoDB(s.info.Flavor, s.ver, s.caps, s.info.Variables, out.Status, out.Engine)
	out.Query = time.Duration(s.queryNs - startNs)
	return out, engineErr
}

func (s *ServerSampler) applyVariables(fresh map[string]string) []VariableChange {
	var changes []VariableChange
	for name, value := range fresh {
		old, ok := s.info.Variables[name]
		if ok && sameVariableValue(old, value) {
			continue
		}
		s.info.Variables[name] = value
		if ok {
			changes = append(changes, VariableChange{Name: name, Value: VariableValue(value)})
		}
	}
	return changes
}

// sameVariableValue reports whether two renderings of a variable mean the same value:
// equal strings, equal numbers ("90.000000" and "90"), or ON/OFF against 1/0.
func sameVariableValue(a, b string) bool {
	if a == b {
		return true
	}
	fa, errA := strconv.ParseFloat(a, 64)
	fb, errB := strconv.ParseFloat(b, 64)
	if errA == nil && errB == nil {
		return fa == fb
	}
	switch strings.ToUpper(a) + "/" + strings.ToUpper(b) {
	case "ON/1", "1/ON", "OFF/0", "0/OFF":
		return true
	}
	return false
}

// VariableValue is a variable's value as the run record stores it: a number where numeric.
func VariableValue(v string) any {
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		return n
	}
	if f, err := strconv.ParseFloat(v, 64); err == nil {
		return f
	}
	return v
}

func hasLSNStatus(st map[string]float64) bool {
	_, redo := st["Innodb_redo_log_current_lsn"]
	_, xtradb := st["Innodb_lsn_current"]
	return redo || xtradb
}

// readRows runs a two-column statement (SHOW … STATUS/VARIABLES); variable names are
// lower-cased as ServerInfo promises, status names kept as printed.
func (s *ServerSampler) readRows(ctx context.Context, query string) (map[string]string, error) {
	t0 := s.opts.Now()
	defer func() { s.queryNs += int64(s.opts.Now().Sub(t0)); s.queries++ }()
	rows, err := s.q.QueryContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("server sampler: %s: %w", query, err)
	}
	defer rows.Close()
	lower := strings.Contains(query, "VARIABLES")
	out := map[string]string{}
	for rows.Next() {
		var name string
		var value sql.NullString
		if err := rows.Scan(&name, &value); err != nil {
			return nil, fmt.Errorf("server sampler: %s: %w", query, err)
		}
		if lower {
			name = strings.ToLower(name)
		}
		out[name] = value.String
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("server sampler: %s: %w", query, err)
	}
	return out, nil
}

// readWatched reads the watched variables as one row. @@GLOBAL renders some values
// differently from SHOW VARIABLES (1/0 for ON/OFF, 90 for 90.000000); applyVariables
// compares them by meaning.
func (s *ServerSampler) readWatched(ctx context.Context) (map[string]string, error) {
	t0 := s.opts.Now()
	defer func() { s.queryNs += int64(s.opts.Now().Sub(t0)); s.queries++ }()
	vals := make([]sql.NullString, len(s.watched))
	ptrs := make([]any, len(vals))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	if err := s.q.QueryRowContext(ctx, s.watchedSelect).Scan(ptrs...); err != nil {
		return nil, fmt.Errorf("server sampler: %s: %w", s.watchedSelect, err)
	}
	out := make(map[string]string, len(vals))
	for i, name := range s.watched {
		out[name] = vals[i].String
	}
	return out, nil
}

func (s *ServerSampler) engineStatus(ctx context.Context) (string, error) {
	t0 := s.opts.Now()
	defer func() { s.queryNs += int64(s.opts.Now().Sub(t0)); s.queries++ }()
	var typ, name, status string
	rows, err := s.q.QueryContext(ctx, "SHOW ENGINE INNODB STATUS")
	if err != nil {
		return "", fmt.Errorf("server sampler: SHOW ENGINE INNODB STATUS: %w", err)
	}
	defer rows.Close()
	if rows.Next() {
		if err := rows.Scan(&typ, &name, &status); err != nil {
			return "", fmt.Errorf("server sampler: SHOW ENGINE INNODB STATUS: %w", err)
		}
	}
	return status, rows.Err()
}

// DeriveInnoDB computes the flavour-independent redo and buffer-pool state from one tick's
// status, the current variables and, when read, the engine status. Each value comes from
// the most direct source the server has (DESIGN.md "Advisor: signals and their sources"):
//
//   - LSN and checkpoint: Innodb_redo_log_current_lsn/_checkpoint_lsn (MySQL ≥ 8.0.30),
//     else Innodb_lsn_current/_last_checkpoint (MariaDB, Percona), else the engine
//     status's "Log sequence number"/"Last checkpoint at";
//   - checkpoint age: Innodb_checkpoint_age, else the engine status's "Checkpoint age",
//     else LSN − checkpoint;
//   - maximum checkpoint age: Innodb_checkpoint_max_age, else the engine status's "Max
//     checkpoint age", else MaxCheckpointAgeBytes from the capacity;
//   - capacity: Innodb_redo_log_capacity_resized where the server has it, else
//     RedoCapacityBytes from the variables;
//   - dirty pages: Innodb_buffer_pool_pages_dirty / _pages_total, else the engine status.
//
// It returns nil when no LSN is known.
func DeriveInnoDB(flavor string, v Version, c Capabilities, vars map[string]string, st map[string]float64, eng *EngineStatus) *InnoDB {
	var d InnoDB
	cur, okCur := st["Innodb_redo_log_current_lsn"]
	chk, okChk := st["Innodb_redo_log_checkpoint_lsn"]
	if !okCur || !okChk {
		cur, okCur = st["Innodb_lsn_current"]
		chk, okChk = st["Innodb_lsn_last_checkpoint"]
	}
	switch {
	case okCur && okChk:
		d.LSN, d.CheckpointLSN = int64(cur), int64(chk)
	case eng != nil:
		d.LSN, d.CheckpointLSN = eng.LSN, eng.LastCheckpoint
	default:
		return nil
	}
	d.CheckpointAgeBytes = d.LSN - d.CheckpointLSN
	if age, ok := st["Innodb_checkpoint_age"]; ok {
		d.CheckpointAgeBytes = int64(age)
	} else if eng != nil && eng.CheckpointAge != nil {
		d.CheckpointAgeBytes = *eng.CheckpointAge
	}
	d.RedoCapacityBytes = RedoCapacityBytes(c, vars)
	if r := st["Innodb_redo_log_capacity_resized"]; r > 0 {
		// MySQL/Percona ≥ 8.0.30: the capacity in effect. It differs from
		// innodb_redo_log_capacity while a resize is in progress, and when the deprecated
		// innodb_log_file_size × innodb_log_files_in_group were set instead (the Percona
		// 8.0.32 capture: variable 100 MiB, in effect 10 MiB, and a "Max checkpoint age"
		// that only the 10 MiB fits).
		d.RedoCapacityBytes = int64(r)
	}
	if m, ok := st["Innodb_checkpoint_max_age"]; ok && m > 0 {
		d.MaxCheckpointAgeBytes = int64(m)
	} else if eng != nil && eng.MaxCheckpointAge != nil && *eng.MaxCheckpointAge > 0 {
		d.MaxCheckpointAgeBytes = *eng.MaxCheckpointAge
	} else {
		d.MaxCheckpointAgeBytes = MaxCheckpointAgeFromVariables(flavor, v, c, d.RedoCapacityBytes, vars)
	}
	if total := st["Innodb_buffer_pool_pages_total"]; total > 0 {
		d.DirtyPagesPct = 100 * st["Innodb_buffer_pool_pages_dirty"] / total
	} else if eng != nil {
		d.DirtyPagesPct = eng.DirtyPagesPct()
	}
	return &d
}
