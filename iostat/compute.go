package iostat

import (
	"math"
	"time"

	"github.com/prometheus/procfs/blockdevice"
)

// sectorBytes is the unit of every sector counter in /proc/diskstats: always 512 bytes,
// whatever the device's logical block size (kernel Documentation/admin-guide/iostats.rst).
const sectorBytes = 512

// Field counts of a /proc/diskstats line (major, minor and name included), as
// blockdevice.Diskstats.IoStatsCount reports them.
const (
	fieldsBase    = 14 // before 4.18: reads, writes, in-flight, io ticks, weighted ticks
	fieldsDiscard = 18 // 4.18 added discards
	fieldsFlush   = 20 // 5.5 added flushes
)

// Compute returns one device's `iostat -x` columns between two readings of its
// /proc/diskstats line taken dt apart, with sysstat's formulas (iostat.c write_ext_stat,
// common.c compute_ext_disk_stats): rates are Δcounter/dt, awaits Δms/Δios, request sizes
// Δsectors/2/Δios in kB, aqu-sz Δweighted_ms/dt_ms, %util 100·Δio_ms/dt_ms (not capped,
// as sysstat does not cap it).
//
// Unlike sysstat it never reports a negative or absurd rate: when an operation or sector
// counter went backwards the device was reset (removed and re-added, or its driver
// reloaded) and every column is 0 for this interval. The millisecond counters are printed
// by the kernel as 32-bit values and wrap after 2^32 ms of accumulated time (days on a
// busy device with a deep queue); a backwards step there, while the operation counters
// moved forward, is a wrap and is unwrapped, as sysstat's unsigned int arithmetic does.
//
// Discard columns are nil unless both readings have at least 18 fields, flush columns
// nil unless both have 20.
func Compute(prev, cur blockdevice.Diskstats, dt time.Duration) DeviceStats {
	var s DeviceStats
	fields := min(prev.IoStatsCount, cur.IoStatsCount)
	hasDiscard := fields >= fieldsDiscard
	hasFlush := fields >= fieldsFlush
	if hasDiscard {
		s.DPerSec, s.DkBPerSec, s.DrqmPerSec = new(float64), new(float64), new(float64)
		s.DrqmPct, s.DAwaitMs, s.DareqSzkB = new(float64), new(float64), new(float64)
	}
	if hasFlush {
		s.FPerSec, s.FAwaitMs = new(float64), new(float64)
	}
	sec := dt.Seconds()
	if sec <= 0 || reset(prev.IOStats, cur.IOStats) {
		return s
	}
	p, c := prev.IOStats, cur.IOStats

	s.RPerSec, s.RkBPerSec, s.RrqmPerSec, s.RrqmPct, s.RAwaitMs, s.RareqSzkB =
		direction(p.ReadIOs, c.ReadIOs, p.ReadMerges, c.ReadMerges,
			p.ReadSectors, c.ReadSectors, p.ReadTicks, c.ReadTicks, sec)
	s.WPerSec, s.WkBPerSec, s.WrqmPerSec, s.WrqmPct, s.WAwaitMs, s.WareqSzkB =
		direction(p.WriteIOs, c.WriteIOs, p.WriteMerges, c.WriteMerges,
			p.WriteSectors, c.WriteSectors, p.WriteTicks, c.WriteTicks, sec)
	if hasDiscard {
		*s.DPerSec, *s.DkBPerSec, *s.DrqmPerSec, *s.DrqmPct, *s.DAwaitMs, *s.DareqSzkB =
			direction(p.DiscardIOs, c.DiscardIOs, p.DiscardMerges, c.DiscardMerges,
				p.DiscardSectors, c.DiscardSectors, p.DiscardTicks, c.DiscardTicks, sec)
	}
	if hasFlush {
		flushes := delta(p.FlushRequestsCompleted, c.FlushRequestsCompleted)
		*s.FPerSec = flushes / sec
		if flushes > 0 {
			*s.FAwaitMs = deltaMs(p.TimeSpentFlushing, c.TimeSpentFlushing) / flushes
		}
	}
	ms := sec * 1000
	s.AquSz = deltaMs(p.WeightedIOTicks, c.WeightedIOTicks) / ms
	s.UtilPct = 100 * deltaMs(p.IOsTotalTicks, c.IOsTotalTicks) / ms
	return s
}

// direction computes the six columns sysstat prints for reads, writes or discards.
func direction(pIOs, cIOs, pMerges, cMerges, pSectors, cSectors, pTicks, cTicks uint64, sec float64) (perSec, kBPerSec, rqmPerSec, rqmPct, awaitMs, areqSzkB float64) {
	ios := delta(pIOs, cIOs)
	merges := delta(pMerges, cMerges)
	kB := delta(pSectors, cSectors) * sectorBytes / 1024
	perSec = ios / sec
	kBPerSec = kB / sec
	rqmPerSec = merges / sec
	if merges+ios > 0 {
		rqmPct = 100 * merges / (merges + ios)
	}
	if ios > 0 {
		awaitMs = deltaMs(pTicks, cTicks) / ios
		areqSzkB = kB / ios
	}
	return
}

// reset reports whether a device's operation or sector counters went backwards, which
// only a reset (device removed and re-created under the same name) explains.
func reset(p, c blockdevice.IOStats) bool {
	return c.ReadIOs < p.ReadIOs || c.ReadMerges < p.ReadMerges || c.ReadSectors < p.ReadSectors ||
		c.WriteIOs < p.WriteIOs || c.WriteMerges < p.WriteMerges || c.WriteSectors < p.WriteSectors ||
		c.DiscardIOs < p.DiscardIOs || c.DiscardMerges < p.DiscardMerges || c.DiscardSectors < p.DiscardSectors ||
		c.FlushRequestsCompleted < p.FlushRequestsCompleted
}

// delta is c−p for a 64-bit counter, 0 when it went backwards.
func delta(p, c uint64) float64 {
	if c < p {
		return 0
	}
	return float64(c - p)
}

// deltaMs is c−p for a millisecond counter the kernel prints as a 32-bit unsigned int
// (part_stat's *_ticks, io_ticks, time_in_queue via jiffies_to_msecs): a backwards step
// from a value that fits 32 bits is a wrap; anything else going backwards gives 0.
func deltaMs(p, c uint64) float64 {
	if c >= p {
		return float64(c - p)
	}
	if p <= math.MaxUint32 {
		return float64(c + (math.MaxUint32 + 1) - p)
	}
	return 0
}

// counters converts one diskstats line's cumulative counters to base units.
func counters(d blockdevice.Diskstats) *DeviceCounters {
	c := &DeviceCounters{
		ReadsCompleted:   d.ReadIOs,
		ReadBytes:        d.ReadSectors * sectorBytes,
		ReadTimeSeconds:  float64(d.ReadTicks) / 1000,
		WritesCompleted:  d.WriteIOs,
		WrittenBytes:     d.WriteSectors * sectorBytes,
		WriteTimeSeconds: float64(d.WriteTicks) / 1000,
		IOTimeSeconds:    float64(d.IOsTotalTicks) / 1000,
	}
	if d.IoStatsCount >= fieldsFlush {
		n, sec := d.FlushRequestsCompleted, float64(d.TimeSpentFlushing)/1000
		c.FlushesCompleted, c.FlushTimeSeconds = &n, &sec
	}
	return c
}
