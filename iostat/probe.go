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
	if err := o.normalize(); err != nil {
		return nil, err
	}
	res := &ProbeResult{Dir: o.Dir, BlockBytes: o.BlockBytes, Mode: o.Mode}
	notes, err := dirNotes(o.Dir)
	if err != nil {
		return nil, err
	}
	res.Notes = notes

	f, err := os.CreateTemp(o.Dir, ".dumpscope-probe-*")
	if err != nil {
		return nil, fmt.Errorf("probe: %w", err)
	}
	name := f.Name()
	defer os.Remove(name)
	defer f.Close()
	blk, err := newProbeBlock(o.BlockBytes)
	if err != nil {
		return nil, err
	}
	defer blk.free()
	for off := int64(0); off < o.FileBytes; off += o.BlockBytes {
		blk.stamp(off)
		if _, err := f.WriteAt(blk.buf, off); err != nil {
			return nil, fmt.Errorf("probe: fill %s at offset %d: %w", name, off, err)
		}
	}
	if err := f.Sync(); err != nil {
		return nil, fmt.Errorf("probe: fsync %s: %w", name, err)
	}
	w := f
	if o.Mode == ModeODsync {
		w, err = openDirectSync(name)
		if err != nil {
			return nil, fmt.Errorf("probe: open %s O_DIRECT|O_DSYNC: %w (the filesystem may not support O_DIRECT)", name, err)
		}
		defer w.Close()
	}
	lat, elapsed, err := measureSyncWrites(ctx, w, blk, o)
	if err != nil {
		return nil, err
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

// normalize fills the defaults and rejects what cannot be measured.
func (o *ProbeOptions) normalize() error {
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
		return fmt.Errorf("probe: mode %q: want %s or %s", o.Mode, ModeFdatasync, ModeODsync)
	}
	if o.FileBytes < o.BlockBytes {
		o.FileBytes = o.BlockBytes
	}
	if o.Mode == ModeODsync && o.BlockBytes%4096 != 0 {
		return fmt.Errorf("probe: O_DIRECT needs a block size that is a multiple of 4096, not %d", o.BlockBytes)
	}
	return nil
}

// dirNotes refuses a directory with no device behind it and says what else colours the
// measurement (a network or overlay file system, a virtual disk).
func dirNotes(dir string) ([]string, error) {
	var notes []string
	var fs unix.Statfs_t
	if err := unix.Statfs(dir, &fs); err != nil {
		return nil, fmt.Errorf("probe %s: %w", dir, err)
	}
	switch fsKind(&fs) {
	case fsMemory:
		return nil, fmt.Errorf("probe %s: the directory is on tmpfs/ramfs: nothing there is ever made durable, there is no device to measure", dir)
	case fsNetwork:
		notes = append(notes, "NFS: the latency measured is the network's and the file server's")
	case fsOverlay:
		notes = append(notes, "overlay filesystem: the writes land on the upper directory's device")
	}
	if devs, err := ResolveDir(ResolveOptions{}, dir, "probe"); err == nil {
		for _, d := range devs {
			if d.Transport == "virtio" || d.Transport == "xen" {
				notes = append(notes, fmt.Sprintf("virtual disk %s: a fast flush may be acknowledged by the host's cache, which need not survive the host losing power; the class says how the guest experiences it", d.Name))
				break
			}
		}
	}
	return notes, nil
}

// probeBlock is the page-aligned buffer (mmap), as O_DIRECT needs, of random bytes, with
// every write stamped differently: storage that compresses or deduplicates (a
// thin-provisioned virtual disk, ZFS under a VM) must not get cheaper writes than a
// database's pages give it. fio's default buffers (random, scrambled per write) behave
// the same.
type probeBlock struct {
	buf []byte
	rng *rand.ChaCha8
}

func newProbeBlock(size int64) (*probeBlock, error) {
	buf, err := unix.Mmap(-1, 0, int(size), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return nil, fmt.Errorf("probe: buffer: %w", err)
	}
	b := &probeBlock{buf: buf, rng: rand.NewChaCha8([32]byte{'d', 'u', 'm', 'p', 's', 'c', 'o', 'p', 'e'})}
	b.rng.Read(buf)
	return b, nil
}

func (b *probeBlock) stamp(i int64) {
	for off := 0; off+8 <= len(b.buf); off += 4096 {
		binary.LittleEndian.PutUint64(b.buf[off:], b.rng.Uint64()^uint64(i))
	}
}

func (b *probeBlock) free() { unix.Munmap(b.buf) }

// measureSyncWrites rewrites the file's blocks in turn, each write made durable
// (fdatasync, or O_DSYNC on the descriptor), until the duration ends or ctx is done, and
// returns each write's latency.
func measureSyncWrites(ctx context.Context, w *os.File, blk *probeBlock, o ProbeOptions) ([]time.Duration, time.Duration, error) {
	fd := int(w.Fd())
	lat := make([]time.Duration, 0, 1<<16)
	start := time.Now()
	deadline := start.Add(o.Duration)
	blocks := o.FileBytes / o.BlockBytes
	for i := int64(0); ; i++ {
		if i%64 == 0 && ctx.Err() != nil {
			break
		}
		blk.stamp(i)
		t0 := time.Now()
		if t0.After(deadline) {
			break
		}
		if _, err := unix.Pwrite(fd, blk.buf, (i%blocks)*o.BlockBytes); err != nil {
			return nil, 0, fmt.Errorf("probe: write %s: %w", w.Name(), err)
		}
		if o.Mode == ModeFdatasync {
			if err := fdatasync(fd); err != nil {
				return nil, 0, fmt.Errorf("probe: fdatasync %s: %w", w.Name(), err)
			}
		}
		lat = append(lat, time.Since(t0))
	}
	elapsed := time.Since(start)
	if len(lat) == 0 {
		if err := ctx.Err(); err != nil {
			return nil, 0, fmt.Errorf("probe: %w", err)
		}
		return nil, 0, errors.New("probe: no write completed")
	}
	return lat, elapsed, nil
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

// fsClass is what dirNotes says about the file system a probe writes to.
type fsClass int

const (
	fsOther   fsClass = iota
	fsMemory          // tmpfs, ramfs: nothing is ever made durable
	fsNetwork         // NFS: the network's latency and the file server's
	fsOverlay         // overlayfs: the upper directory's device
)
