package iostat

import (
	"time"

	"github.com/prometheus/procfs"
)

// userHZ is the unit of /proc/<pid>/stat utime and stime: USER_HZ clock ticks, 100 per
// second on every Linux architecture the kernel exports to user space (procfs assumes
// the same).
const userHZ = 100

// ComputeCPU returns iostat's avg-cpu percentages between two readings of /proc/stat's
// "cpu" line, with sysstat's definitions (iostat.c write_plain_cpu_stat): the interval is
// the sum of user, nice, system, idle, iowait, irq, softirq and steal (guest time is
// already inside user and nice); %system includes irq and softirq; a counter that went
// backwards gives 0 (idle can, on tickless kernels). ClientPct and ServerPct are left 0.
func ComputeCPU(prev, cur procfs.CPUStat) CPUStats {
	total := func(c procfs.CPUStat) float64 {
		return c.User + c.Nice + c.System + c.Idle + c.Iowait + c.IRQ + c.SoftIRQ + c.Steal
	}
	interval := total(cur) - total(prev)
	if interval <= 0 {
		return CPUStats{}
	}
	pct := func(p, c float64) float64 {
		if c < p {
			return 0
		}
		return 100 * (c - p) / interval
	}
	return CPUStats{
		UserPct:   pct(prev.User, cur.User),
		NicePct:   pct(prev.Nice, cur.Nice),
		SystemPct: pct(prev.System+prev.IRQ+prev.SoftIRQ, cur.System+cur.IRQ+cur.SoftIRQ),
		IowaitPct: pct(prev.Iowait, cur.Iowait),
		StealPct:  pct(prev.Steal, cur.Steal),
		IdlePct:   pct(prev.Idle, cur.Idle),
	}
}

// processPct is a process's CPU between two readings of its utime+stime (clock ticks)
// dt apart, in percent of one core.
func processPct(prevTicks, curTicks uint, dt time.Duration) float64 {
	if curTicks < prevTicks || dt <= 0 {
		return 0
	}
	return 100 * float64(curTicks-prevTicks) / userHZ / dt.Seconds()
}
