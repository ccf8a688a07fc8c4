package advisor

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Querier is what the server sampler needs of a connection; *sql.DB and *sql.Conn have it.
// The sampler should have a connection of its own, not the importer's.
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// VariableChange is a global variable that changed while sampling (someone ran SET
// GLOBAL during the restore). It is a run record's server.variable_changes entry; Value is
// a number where the variable is numeric.
type VariableChange struct {
	T     float64 `json:"t"`
	Name  string  `json:"name"`
	Value any     `json:"value"`
}

// watchedVariablesQuery re-reads, on every tick, the variables rules read and a DBA may
// change with SET GLOBAL mid-restore; the full set is re-read every
// ServerSamplerOptions.FullVariablesEvery ticks.
const watchedVariablesQuery = "SHOW GLOBAL VARIABLES WHERE Variable_name IN (" +
	"'innodb_flush_log_at_trx_commit','sync_binlog','log_bin','innodb_doublewrite'," +
	"'innodb_io_capacity','innodb_io_capacity_max','innodb_flush_neighbors'," +
	"'innodb_buffer_pool_size','innodb_log_buffer_size','innodb_log_file_size'," +
	"'innodb_redo_log_capacity','innodb_max_dirty_pages_pct','innodb_adaptive_flushing'," +
	"'max_allowed_packet','innodb_flush_method')"

// ServerSamplerOptions tune a ServerSampler; the zero value is usable.
type ServerSamplerOptions struct {
	// FullVariablesEvery re-reads all of SHOW GLOBAL VARIABLES every this many ticks
	// (default 60); the watched variables are re-read every tick.
	FullVariablesEvery int
	// Now is the clock used to time the sampler's own queries (default time.Now).
	Now func() time.Time
}

// ServerSample is one tick of server state.
type ServerSample struct {
	// Status is SHOW GLOBAL STATUS, numeric values only, cumulative.
	Status map[string]float64
	// InnoDB is the derived redo and buffer-pool state; nil when the server shows no LSN.
	InnoDB *InnoDB
	// Engine is the parsed SHOW ENGINE INNODB STATUS when it was read this tick.
	Engine *EngineStatus
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
	return s, nil
}

// Info is the server's flavour, version and current variables. Variables is the map the
// sampler updates in place when a variable changes, so an Env holding it stays current.
func (s *ServerSampler) Info() ServerInfo { return s.info }

// Capabilities is the capability table row for this server.
func (s *ServerSampler) Capabilities() Capabilities { return s.caps }

// Version is the server's numeric release.
func (s *ServerSampler) Version() Version { return s.ver }

// QueryTime is the total time of the sampler's own queries so far, and how many it ran.
func (s *ServerSampler) QueryTime() (time.Duration, int64) {
	return time.Duration(s.queryNs), s.queries
}

// Sample reads SHOW GLOBAL STATUS, the watched variables (all of them every
// FullVariablesEvery ticks) and, where the flavour needs it or the status lacks LSN
// counters, SHOW ENGINE INNODB STATUS.
func (s *ServerSampler) Sample(ctx context.Context) (ServerSample, error) {
	startNs := s.queryNs
	defer func() { s.ticks++ }()
	var out ServerSample
	rows, err := s.readRows(ctx, "SHOW GLOBAL STATUS")
	if err != nil {
		return out, err
	}
	out.Status = NumericStatus(rows)

	var fresh map[string]string
	if s.ticks > 0 && s.ticks%s.opts.FullVariablesEvery == 0 {
		fresh, err = s.readRows(ctx, "SHOW GLOBAL VARIABLES")
	} else if s.ticks > 0 {
		fresh, err = s.readRows(ctx, watchedVariablesQuery)
	}
	if err != nil {
		return out, err
	}
	out.Changes = s.applyVariables(fresh)

	if s.caps.NeedsEngineStatus || !hasLSNStatus(out.Status) {
		text, err := s.engineStatus(ctx)
		if err != nil {
			return out, err
		}
		if e, err := ParseEngineStatus(text); err == nil {
			out.Engine = &e
		}
	}
	out.InnoDB = DeriveInnoDB(s.info.Flavor, s.ver, s.caps, s.info.Variables, out.Status, out.Engine)
	out.Query = time.Duration(s.queryNs - startNs)
	return out, nil
}

func (s *ServerSampler) applyVariables(fresh map[string]string) []VariableChange {
	var changes []VariableChange
	for name, value := range fresh {
		old, ok := s.info.Variables[name]
		if ok && old == value {
			continue
		}
		s.info.Variables[name] = value
		if ok {
			changes = append(changes, VariableChange{Name: name, Value: VariableValue(value)})
		}
	}
	return changes
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
//   - capacity: RedoCapacityBytes;
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
	if m, ok := st["Innodb_checkpoint_max_age"]; ok && m > 0 {
		d.MaxCheckpointAgeBytes = int64(m)
	} else if eng != nil && eng.MaxCheckpointAge != nil && *eng.MaxCheckpointAge > 0 {
		d.MaxCheckpointAgeBytes = *eng.MaxCheckpointAge
	} else {
		files := int64(1)
		if c.LogFilesInGroup {
			files, _ = strconv.ParseInt(vars["innodb_log_files_in_group"], 10, 64)
			if files <= 0 {
				files = 2
			}
		}
		page, _ := strconv.ParseInt(vars["innodb_page_size"], 10, 64)
		conc, _ := strconv.ParseInt(vars["innodb_thread_concurrency"], 10, 64)
		d.MaxCheckpointAgeBytes = MaxCheckpointAgeBytes(flavor, v, d.RedoCapacityBytes, files, page, conc)
	}
	if total := st["Innodb_buffer_pool_pages_total"]; total > 0 {
		d.DirtyPagesPct = 100 * st["Innodb_buffer_pool_pages_dirty"] / total
	} else if eng != nil {
		d.DirtyPagesPct = eng.DirtyPagesPct()
	}
	return &d
}
