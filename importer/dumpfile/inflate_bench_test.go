package dumpfile

import (
	"io"
	"os"
	"syscall"
	"testing"
	"time"
)

// BenchmarkGzipInflate decodes the gzip dump named by DUMPSCOPE_BENCH_GZ (e.g. from
// `dumpscope gen --size 200M -o /tmp/x.sql.gz`) through Open's reader, read-ahead
// goroutine included, with each inflate this build has. cpu-s/GiB is the process's user+sys
// time per GiB of SQL: the number to quote, since wall time on a shared machine is noise.
//
//	DUMPSCOPE_BENCH_GZ=/tmp/x.sql.gz go test -tags isal -run XXX -bench GzipInflate -benchtime 3x -count 3 ./importer
func BenchmarkGzipInflate(b *testing.B) {
	path := os.Getenv("DUMPSCOPE_BENCH_GZ")
	if path == "" {
		b.Skip("DUMPSCOPE_BENCH_GZ names no gzip dump")
	}
	inflates := []string{InflateGo}
	if newISALGzipReader != nil {
		inflates = append(inflates, InflateISAL)
	}
	for _, inflate := range inflates {
		b.Run(map[string]string{InflateGo: "go", InflateISAL: "isal"}[inflate], func(b *testing.B) {
			if inflate == InflateGo {
				b.Setenv(inflateEnv, "go")
			}
			buf := make([]byte, 1<<20)
			var total int64
			cpu0 := cpuTime(b)
			for b.Loop() {
				in, err := Open(path)
				if err != nil {
					b.Fatal(err)
				}
				if in.Inflate != inflate {
					b.Fatalf("decoded by %q, want %q", in.Inflate, inflate)
				}
				n, err := io.CopyBuffer(io.Discard, struct{ io.Reader }{in.Reader}, buf)
				in.Close()
				if err != nil {
					b.Fatal(err)
				}
				total += n
			}
			b.SetBytes(total / int64(b.N))
			b.ReportMetric((cpuTime(b)-cpu0).Seconds()/(float64(total)/(1<<30)), "cpu-s/GiB")
		})
	}
}

// cpuTime is the process's user+sys time so far.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkGzipSizeEstimate is the CPU of Open's background size estimate (gzsize.go) on
// the dump named by DUMPSCOPE_BENCH_GZ.
func BenchmarkGzipSizeEstimate(b *testing.B) {
	path := os.Getenv("DUMPSCOPE_BENCH_GZ")
	if path == "" {
		b.Skip("DUMPSCOPE_BENCH_GZ names no gzip dump")
	}
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		b.Fatal(err)
	}
	cpu0 := cpuTime(b)
	for b.Loop() {
		if _, err := estimateSize(f, st.Size()); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric((cpuTime(b)-cpu0).Seconds()/float64(b.N), "cpu-s/op")
}
