package iostat

import (
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// Header is the first line iostat prints: kernel, host, date, machine, CPU count.
type Header struct {
	Sysname, Release, Nodename, Machine string
	Date                                time.Time
	CPUs                                int
}

// HostHeader describes this machine as iostat does (uname(2); CPUs counted as sysstat
// counts them, the cpuN directories under sysRoot/devices/system/cpu).
func HostHeader(sysRoot string, now time.Time) Header {
	h := Header{Sysname: "Linux", Date: now, CPUs: runtime.NumCPU()}
	var u unix.Utsname
	if unix.Uname(&u) == nil {
		h.Sysname, h.Release = unix.ByteSliceToString(u.Sysname[:]), unix.ByteSliceToString(u.Release[:])
		h.Nodename, h.Machine = unix.ByteSliceToString(u.Nodename[:]), unix.ByteSliceToString(u.Machine[:])
	}
	if sysRoot == "" {
		sysRoot = "/sys"
	}
	if m, err := filepath.Glob(filepath.Join(sysRoot, "devices", "system", "cpu", "cpu[0-9]*")); err == nil && len(m) > 0 {
		h.CPUs = len(m)
	}
	return h
}

// WriteHeader prints the header as `iostat -y` does: the line, then two blank lines (the
// second stands for the since-boot report that -y skips). The date is strftime %x in
// the C locale.
func WriteHeader(w io.Writer, h Header) error {
	_, err := fmt.Fprintf(w, "%s %s (%s) \t%s \t_%s_\t(%d CPU)\n\n\n",
		h.Sysname, h.Release, h.Nodename, h.Date.Format("01/02/06"), h.Machine, h.CPUs)
	return err
}

// WriteExtended prints one interval as `iostat -x` of sysstat 12 does: the avg-cpu block
// (when cpu is set and the sample has CPU numbers), then the device block with the same
// column order, widths and two decimals (iostat.c write_plain_cpu_stat and
// write_plain_ext_stat), so the two outputs line up side by side. Columns the kernel
// does not have (discard before 4.18, flush before 5.5) print 0.00, as iostat prints them.
func WriteExtended(w io.Writer, s Sample, cpu bool) error {
	return WriteReport(w, s, ReportOptions{CPU: cpu})
}

// ReportOptions are the switches of sysstat's iostat that change what one report shows.
type ReportOptions struct {
	CPU bool // the avg-cpu block (-c, or neither -c nor -d)
	// MB prints rMB/s, wMB/s, dMB/s instead of kB/s (iostat -m: 1 MB = 1024 kB).
	MB bool
	// OmitIdle leaves out devices that did no I/O in the interval (iostat -z).
	OmitIdle bool
}

// WriteReport prints one interval as `iostat -x` with the switches of o.
func WriteReport(w io.Writer, s Sample, o ReportOptions) error {
	var b strings.Builder
	if o.CPU {
		cpuBlock(&b, s)
	}
	div := 1.0
	if o.MB {
		div = 1024
		b.WriteString("Device            r/s     rMB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wMB/s   wrqm/s  %wrqm w_await wareq-sz     d/s     dMB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util\n")
	} else {
		b.WriteString("Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await wareq-sz     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util\n")
	}
	for _, name := range s.Names {
		d := s.Devices[name]
		if o.OmitIdle && d.RPerSec == 0 && d.WPerSec == 0 && val(d.DPerSec) == 0 && val(d.FPerSec) == 0 {
			continue
		}
		fmt.Fprintf(&b, "%-13s", name)
		fmt.Fprintf(&b, " %7.2f %9.2f %8.2f %6.2f %7.2f %8.2f", d.RPerSec, d.RkBPerSec/div, d.RrqmPerSec, d.RrqmPct, d.RAwaitMs, d.RareqSzkB)
		fmt.Fprintf(&b, " %7.2f %9.2f %8.2f %6.2f %7.2f %8.2f", d.WPerSec, d.WkBPerSec/div, d.WrqmPerSec, d.WrqmPct, d.WAwaitMs, d.WareqSzkB)
		fmt.Fprintf(&b, " %7.2f %9.2f %8.2f %6.2f %7.2f %8.2f", val(d.DPerSec), val(d.DkBPerSec)/div, val(d.DrqmPerSec), val(d.DrqmPct), val(d.DAwaitMs), val(d.DareqSzkB))
		fmt.Fprintf(&b, " %7.2f %7.2f %7.2f %6.2f\n", val(d.FPerSec), val(d.FAwaitMs), d.AquSz, d.UtilPct)
	}
	b.WriteString("\n\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func val(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

// WriteCPU prints only the avg-cpu block, as `iostat -c` does.
func WriteCPU(w io.Writer, s Sample) error {
	var b strings.Builder
	cpuBlock(&b, s)
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func cpuBlock(b *strings.Builder, s Sample) {
	if s.CPU == nil {
		return
	}
	b.WriteString("avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n       ")
	for _, v := range []float64{s.CPU.UserPct, s.CPU.NicePct, s.CPU.SystemPct, s.CPU.IowaitPct, s.CPU.StealPct, s.CPU.IdlePct} {
		fmt.Fprintf(b, " %7.2f", v)
	}
	b.WriteString("\n\n")
}
