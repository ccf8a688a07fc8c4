package iostat

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"time"

	"golang.org/x/sys/unix"
)

// Probe modes.
const (
	// ModeFdatasync is write(2) then fdatasync(2) per block: how InnoDB flushes its redo
	// log with innodb_flush_method=fsync/O_DIRECT, and what pg_test_fsync's and fio's
	// --fdatasync=1 "fdatasync" line measures.
	ModeFdatasync = "fdatasync"
	// ModeODsync is one write(2) per block on a file opened O_DIRECT|O_DSYNC: every
	// write bypasses the page cache and returns once durable (innodb_flush_method=O_DSYNC,
	// pg_test_fsync's open_datasync).
	ModeODsync = "o_dsync"
)

// Sync-write classes and the p50 latency thresholds between them (docs/iostat.md
// "Sync-write classes" gives the published figures behind them).
const (
	ClassPLPFlash      = "plp-flash"
	ClassConsumerFlash = "consumer-flash"
	ClassRotational    = "rotational"

	// plpMaxP50 separates drives that acknowledge a flush from power-protected RAM
	// (tens of µs) from drives that must program NAND (0.5–2 ms on consumer NVMe).
	plpMaxP50 = 200 * time.Microsecond
	// flashMaxP50 separates flash from spinning disks: even a 15k rpm disk needs most
	// of a 4 ms revolution to rewrite the sector it just passed.
	flashMaxP50 = 3 * time.Millisecond
)

// ProbeOptions configure Probe.
type ProbeOptions struct {
	Dir        string        // directory whose device is probed; the temp file lives here
	Duration   time.Duration // how long to write; 0 → 10 s
	BlockBytes int64         // bytes per write; 0 → 16 KiB (InnoDB's page size)
	Mode       string        // ModeFdatasync (default) or ModeODsync
	// FileBytes is the size of the temp file the writes cycle through; 0 → 16 MiB.
	// Rewriting preallocated blocks, as a redo log does, keeps filesystem metadata out
	// of the measurement (appending would make every fdatasync a journal commit).
	FileBytes int64
}

// Probe measures how fast dir's device makes a write durable: it creates a new temp file
// in dir (O_EXCL: it never opens an existing file), fills it, then for Duration rewrites
// it block by block, each write followed by fdatasync (or opened O_DIRECT|O_DSYNC), and
// removes the file. A cancelled ctx ends the measurement early with what was measured.
func Probe(ctx context.Context, o ProbeOptions) (*ProbeResult, error) {
	if o.Duration <= 0 {
		o.Duration = 10 * time.Second
	}
	if o.BlockBytes <= 0 {
		o.BlockBytes = 16 << 10
	}
	if o.FileBytes <= 0 {
		o.FileBytes = 16 << 20
	}
	if o.Mode == "" {
		o.Mode = ModeFdatasync
	}
	if o.Mode != ModeFdatasync && o.Mode != ModeODsync {
		return nil, fmt.Errorf("probe: mode %q: want %s or %s", o.Mode, ModeFdatasync, ModeODsync)
	}
	if o.FileBytes < o.BlockBytes {
		o.FileBytes = o.BlockBytes
	}
	if o.Mode == ModeODsync && o.BlockBytes%4096 != 0 {
		return nil, fmt.Errorf("probe: O_DIRECT needs a block size that is a multiple of 4096, not %d", o.BlockBytes)
	}
	res := &ProbeResult{Dir: o.Dir, BlockBytes: o.BlockBytes, Mode: o.Mode}

	var fs unix.Statfs_t
	if err := unix.Statfs(o.Dir, &fs); err != nil {
		return nil, fmt.Errorf("probe %s: %w", o.Dir, err)
	}
	switch fs.Type {
	case unix.TMPFS_MAGIC, unix.RAMFS_MAGIC:
		return nil, fmt.Errorf("probe %s: the directory is on tmpfs/ramfs: nothing there is ever made durable, there is no device to measure", o.Dir)
	case unix.NFS_SUPER_MAGIC:
		res.Notes = append(res.Notes, "NFS: the latency measured is the network's and the file server's")
	case unix.OVERLAYFS_SUPER_MAGIC:
		res.Notes = append(res.Notes, "overlay filesystem: the writes land on the upper directory's device")
	}

	if devs, err := ResolveDir(ResolveOptions{}, o.Dir, "probe"); err == nil {
		for _, d := range devs {
			if d.Transport == "virtio" || d.Transport == "xen" {
				res.Notes = append(res.Notes, fmt.Sprintf("virtual disk %s: a fast flush may be acknowledged by the host's cache, which need not survive the host losing power; the class says how the guest experiences it", d.Name))
				break
			}
		}
	}

	f, err := os.CreateTemp(o.Dir, ".dumpscope-probe-*")
	if err != nil {
		return nil, fmt.Errorf("probe: %w", err)
	}
	name := f.Name()
	defer os.Remove(name)
	defer f.Close()

	// Page-aligned buffer (mmap), as O_DIRECT needs, of random bytes, and every write
	// stamped differently: storage that compresses or deduplicates (a thin-provisioned
	// virtual disk, ZFS under a VM) must not get cheaper writes than a database's pages
	// give it. fio's default buffers (random, scrambled per write) behave the same.
	buf, err := unix.Mmap(-1, 0, int(o.BlockBytes), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return nil, fmt.Errorf("probe: buffer: %w", err)
	}
	defer unix.Munmap(buf)
	rng := rand.NewChaCha8([32]byte{'d', 'u', 'm', 'p', 's', 'c', 'o', 'p', 'e'})
	rng.Read(buf)
	stamp := func(i int64) {
		for off := 0; off+8 <= len(buf); off += 4096 {
			binary.LittleEndian.PutUint64(buf[off:], rng.Uint64()^uint64(i))
		}
	}
	for off := int64(0); off < o.FileBytes; off += o.BlockBytes {
		stamp(off)
		if _, err := f.WriteAt(buf, off); err != nil {
			return nil, fmt.Errorf("probe: fill %s at offset %d: %w", name, off, err)
		}
	}
	if err := f.Sync(); err != nil {
		return nil, fmt.Errorf("probe: fsync %s: %w", name, err)
	}

	w := f
	if o.Mode == ModeODsync {
		w, err = os.OpenFile(name, os.O_WRONLY|unix.O_DIRECT|unix.O_DSYNC, 0)
		if err != nil {
			return nil, fmt.Errorf("probe: open %s O_DIRECT|O_DSYNC: %w (the filesystem may not support O_DIRECT)", name, err)
		}
		defer w.Close()
	}
	fd := int(w.Fd())

	lat := make([]time.Duration, 0, 1<<16)
	start := time.Now()
	deadline := start.Add(o.Duration)
	blocks := o.FileBytes / o.BlockBytes
	for i := int64(0); ; i++ {
		if i%64 == 0 && ctx.Err() != nil {
			break
		}
		stamp(i)
		t0 := time.Now()
		if t0.After(deadline) {
			break
		}
		if _, err := unix.Pwrite(fd, buf, (i%blocks)*o.BlockBytes); err != nil {
			return nil, fmt.Errorf("probe: write %s: %w", name, err)
		}
		if o.Mode == ModeFdatasync {
			if err := unix.Fdatasync(fd); err != nil {
				return nil, fmt.Errorf("probe: fdatasync %s: %w", name, err)
			}
		}
		lat = append(lat, time.Since(t0))
	}
	elapsed := time.Since(start)
	if len(lat) == 0 {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("probe: %w", err)
		}
		return nil, errors.New("probe: no write completed")
	}
	slices.Sort(lat)
	res.Ops = int64(len(lat))
	res.OpsPerSec = float64(len(lat)) / elapsed.Seconds()
	res.P50Ms = ms(percentile(lat, 50))
	res.P99Ms = ms(percentile(lat, 99))
	res.MaxMs = ms(lat[len(lat)-1])
	res.Class = Classify(percentile(lat, 50))
	return res, nil
}

// Classify names the sync-write class of a device from its median write+flush latency.
func Classify(p50 time.Duration) string {
	switch {
	case p50 < plpMaxP50:
		return ClassPLPFlash
	case p50 < flashMaxP50:
		return ClassConsumerFlash
	}
	return ClassRotational
}

// percentile is the nearest-rank percentile of sorted durations.
func percentile(sorted []time.Duration, p int) time.Duration {
	rank := (p*len(sorted) + 99) / 100 // ceil(p/100 · n)
	if rank < 1 {
		rank = 1
	}
	return sorted[rank-1]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// ClassMeaning says in a few words what a class means for a database.
func ClassMeaning(class string) string {
	switch class {
	case ClassPLPFlash:
		return "p50 < 0.2 ms: flushes acknowledged at power-loss-protected speed; sync-heavy settings cost little"
	case ClassConsumerFlash:
		return "p50 0.2–3 ms: every flush waits for NAND, as on consumer NVMe; a restore with per-commit flushes is bound by it"
	case ClassRotational:
		return "p50 ≥ 3 ms: spinning-disk latency; every flush costs a revolution"
	}
	return "unknown"
}
