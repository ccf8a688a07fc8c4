// Package iostat computes, from /proc/diskstats and /proc/stat, the same per-device and
// CPU numbers as sysstat's `iostat -x` (see DESIGN.md "iostat: compute what sysstat
// computes" and the kernel's Documentation/admin-guide/iostats.rst), resolves the block
// devices under a directory (datadir, redo, binlog) with their identity from sysfs, and
// probes how fast a directory's device makes a write durable.
package iostat

// DeviceStats are one device's `iostat -x` columns over one interval. JSON names follow
// the run-record convention (RUN-RECORD.md): sysstat names with "/s"→"_s", "-"→"_",
// a leading "%" → "_pct" suffix, and %util → "util".
//
// Flush columns are nil where the kernel has no flush counters (fewer than 20 fields);
// discard columns are nil where it has no discard counters (fewer than 18 fields).
type DeviceStats struct {
	RPerSec    float64 `json:"r_s"`
	RkBPerSec  float64 `json:"rkB_s"`
	RrqmPerSec float64 `json:"rrqm_s"`
	RrqmPct    float64 `json:"rrqm_pct"`
	RAwaitMs   float64 `json:"r_await"`
	RareqSzkB  float64 `json:"rareq_sz"`

	WPerSec    float64 `json:"w_s"`
	WkBPerSec  float64 `json:"wkB_s"`
	WrqmPerSec float64 `json:"wrqm_s"`
	WrqmPct    float64 `json:"wrqm_pct"`
	WAwaitMs   float64 `json:"w_await"`
	WareqSzkB  float64 `json:"wareq_sz"`

	DPerSec    *float64 `json:"d_s"`
	DkBPerSec  *float64 `json:"dkB_s"`
	DrqmPerSec *float64 `json:"drqm_s"`
	DrqmPct    *float64 `json:"drqm_pct"`
	DAwaitMs   *float64 `json:"d_await"`
	DareqSzkB  *float64 `json:"dareq_sz"`

	FPerSec  *float64 `json:"f_s"`
	FAwaitMs *float64 `json:"f_await"`

	AquSz   float64 `json:"aqu_sz"`
	UtilPct float64 `json:"util"`

	// Counters are the kernel's cumulative counters at the end of the interval, for
	// exporters whose consumers compute their own rates (Prometheus's rate() over
	// node_exporter-style *_total series). Set by Sampler, nil from Compute alone; not
	// part of the run record, whose samples are interval values.
	Counters *DeviceCounters `json:"-"`
}

// DeviceCounters are one device's cumulative /proc/diskstats counters since boot (or
// since the device appeared), in base units: bytes from 512-byte sectors, seconds from
// milliseconds. They wrap or reset with the kernel's; Prometheus's rate() treats a drop
// as a counter reset.
type DeviceCounters struct {
	ReadsCompleted  uint64
	ReadBytes       uint64
	ReadTimeSeconds float64

	WritesCompleted  uint64
	WrittenBytes     uint64
	WriteTimeSeconds float64

	// IOTimeSeconds is the time the device had I/O in flight (field 10, io_ticks):
	// its rate is %util/100.
	IOTimeSeconds float64
	// FlushesCompleted and FlushTimeSeconds are nil before kernel 5.5 (fewer than 20 fields).
	FlushesCompleted *uint64
	FlushTimeSeconds *float64
}

// CPUStats is iostat's avg-cpu line over one interval (percent of all cores), plus the
// CPU of dumpscope itself and of the database server process (percent of one core, so a
// single-threaded process saturating a core reads 100).
type CPUStats struct {
	UserPct   float64 `json:"user"`
	NicePct   float64 `json:"nice"`
	SystemPct float64 `json:"system"`
	IowaitPct float64 `json:"iowait"`
	StealPct  float64 `json:"steal"`
	IdlePct   float64 `json:"idle"`
	// ClientPct is dumpscope's own CPU, percent of one core.
	ClientPct float64 `json:"client_pct"`
	// ServerPct is the local server process's CPU, percent of one core; nil when the
	// server is remote or its pid is unknown.
	ServerPct *float64 `json:"server_pct"`
}

// Device is one block device in the chain under a directory, with its identity from sysfs.
// It is also a run record's "devices" entry (RUN-RECORD.md).
type Device struct {
	Name string `json:"name"` // kernel name, e.g. "nvme0n1", "md127", "dm-0"
	// MajMin is "major:minor".
	MajMin string `json:"maj_min,omitempty"`
	// Role says why the device is listed: "datadir", "redo", "binlog" for the device a
	// directory sits on; "member" for a disk under an md/dm/partition/loop.
	Role []string `json:"role,omitempty"`
	// Kind is "disk", "partition", "md", "dm", "loop".
	Kind string `json:"kind"`
	// Transport is "nvme", "sata", "sas", "scsi", "virtio", "xen", "loop", "md", "dm" or "".
	Transport string `json:"transport,omitempty"`
	// Members are the kernel names of the devices under this one (md/dm slaves, a
	// partition's disk, a loop device's backing device).
	Members []string `json:"members,omitempty"`
	// BackingFile is a loop device's backing file.
	BackingFile string `json:"backing_file,omitempty"`
	Model       string `json:"model,omitempty"`
	// Rotational is sysfs queue/rotational; nil when unreadable. Virtual disks lie.
	Rotational *bool `json:"rotational,omitempty"`
	// WriteCache is sysfs queue/write_cache: "write back" or "write through".
	WriteCache         string `json:"write_cache,omitempty"`
	LogicalBlockBytes  int64  `json:"logical_block_bytes,omitempty"`
	PhysicalBlockBytes int64  `json:"physical_block_bytes,omitempty"`
	Scheduler          string `json:"scheduler,omitempty"`
	// Notes explain degraded or suspicious identity (unreadable files, a virtual disk's
	// rotational flag, tmpfs/overlay filesystems).
	Notes []string `json:"notes,omitempty"`
	// Detail names what sysfs says the device is beyond its kind: an md array's RAID
	// level ("raid1"), a dm device's name ("vg0-root").
	Detail string `json:"detail,omitempty"`
	// FSType and MountPoint are the filesystem a directory sits on (from
	// /proc/self/mountinfo), set on the device that has a directory role.
	FSType     string `json:"fs_type,omitempty"`
	MountPoint string `json:"mount_point,omitempty"`
}

// ProbeResult is a sync-write probe's outcome; also a run record's "probe" entry.
type ProbeResult struct {
	Dir        string  `json:"dir"`
	BlockBytes int64   `json:"block_bytes"`
	Mode       string  `json:"mode,omitempty"` // "fdatasync" or "o_dsync"
	Ops        int64   `json:"ops,omitempty"`
	OpsPerSec  float64 `json:"ops_per_sec"`
	P50Ms      float64 `json:"p50_ms"`
	P99Ms      float64 `json:"p99_ms"`
	MaxMs      float64 `json:"max_ms,omitempty"`
	// Class is "plp-flash" (power-loss-protected-like), "consumer-flash" or "rotational".
	Class string `json:"class"`
	// Notes qualify the result (a filesystem whose fdatasync does nothing, a virtual disk
	// whose cache may not be durable).
	Notes []string `json:"notes,omitempty"`
}
