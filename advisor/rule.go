package advisor

import "github.com/dumpscope/dumpscope/iostat"

// ServerInfo describes the observed server. Variables is SHOW GLOBAL VARIABLES (names
// lower-case), kept current by the sampler when a variable changes.
type ServerInfo struct {
	Flavor    string            `json:"flavor"` // mysql | mariadb | percona
	Version   string            `json:"version"`
	Variables map[string]string `json:"-"`
}

// HostInfo describes the machine the server runs on, when local.
type HostInfo struct {
	CPUModel    string `json:"cpu_model"`
	Cores       int    `json:"cores"`
	MemoryBytes int64  `json:"memory_bytes"`
	Kernel      string `json:"kernel"`
}

// DumpInfo is what is known of the dump being restored (nil for watch/advise).
type DumpInfo struct {
	Name                  string `json:"name"`
	CompressedBytes       int64  `json:"compressed_bytes"`
	Bytes                 int64  `json:"bytes"`
	Statements            int64  `json:"statements"`
	Rows                  int64  `json:"rows"`
	LargestStatementBytes int64  `json:"largest_statement_bytes"`
}

// Env is the context that does not change tick to tick: rules read it together with the
// window of snapshots.
type Env struct {
	Server ServerInfo
	Host   HostInfo
	// Devices is the chain under the datadir (and redo/binlog dirs); empty when remote.
	Devices []iostat.Device
	// Probe is the sync-write probe result for the datadir, when one ran.
	Probe *iostat.ProbeResult
	Dump  *DumpInfo
	// ImportConnections is how many connections replay the dump (--parallel); 0 for watch
	// and advise, where it is not known. Rules that would advise parallelism read it.
	ImportConnections int
	// IntervalSeconds is the sampling interval.
	IntervalSeconds float64
	// Command is the run's command line (the run record's "command"), when known: the
	// rules read the import's flags from it (--defer-indexes), live and on a replay alike.
	Command []string
}

// Rule diagnoses one bottleneck. Check is called after every tick with the sliding window
// (oldest first, newest last); it returns a Finding (ID, Severity, Title, Evidence,
// Recommendation; the engine fills FiredAt/ClearedAt) while the condition holds, nil when
// it does not. Rules are pure: no I/O, no clocks, no state between calls.
type Rule interface {
	ID() string
	Check(env *Env, w Window) *Finding
}

// Window is the recent slice of the timeline a rule looks at, oldest first.
type Window []Snapshot
