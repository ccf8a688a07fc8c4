package preflight

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/internal/hostname"
	"github.com/dumpscope/dumpscope/internal/units"
)

// SpaceEstimate is what the restore needs on the server's file system against what it has.
type SpaceEstimate struct {
	Datadir string
	// FreeBytes is free space for an unprivileged writer on the datadir's file system.
	FreeBytes int64
	// DumpBytes is the dump's uncompressed size: exact for plain files and where the
	// compressed format settles it, else estimated (Estimated) from samples across the file
	// (Input.UncompressedSize), or from the ratio of its head when those give nothing
	// (bzip2; dumpfile.EstimateUncompressed).
	DumpBytes int64
	Estimated bool
	// NeedBytes is what the restore is taken to need: the dump's size for tables and
	// indexes (InnoDB's pages hold about what the SQL text does, give or take the
	// secondary indexes), twice that with the binary log on (every row is logged again).
	NeedBytes int64
	BinlogOn  bool
}

// String is the one-line warning.
func (e SpaceEstimate) String() string {
	est := ""
	if e.Estimated {
		est = "about "
	}
	binlog := ""
	if e.BinlogOn {
		binlog = " (doubled: the binary log is on and logs every row again)"
	}
	return fmt.Sprintf("the datadir %s has %s free, and the dump is %s%s of SQL: the restore may need %s%s; free space or point the server's datadir elsewhere before going on",
		e.Datadir, units.FormatBytes(float64(e.FreeBytes)), est, units.FormatBytes(float64(e.DumpBytes)), units.FormatBytes(float64(e.NeedBytes)), binlog)
}

// EstimateSpace compares the dump's size with the free space of the datadir's file
// system; path is the dump file ("" for a stream). ok is false when that cannot be
// known: a server on another machine (its @@hostname differs or its datadir does not
// exist here), or a dump read from a stream.
func EstimateSpace(ctx context.Context, conn *sql.Conn, path string, in *dumpfile.Input) (e SpaceEstimate, ok bool, err error) {
	return StartEstimateSpace(ctx, conn, path, in)()
}

// StartEstimateSpace is EstimateSpace in two steps: it reads the server's datadir on conn
// now, and the function it returns waits for the compressed dump's size estimate
// (Input.WaitUncompressedSize, sampling the file on another goroutine since Open) and
// compares. Import calls the function once the preflight has read the target, while the
// progress schema's tables are made on another connection: waiting first kept the server idle before the first row
// for the estimate's 30–50 ms of inflate (a quiet machine; 120–150 ms at load 7–18, half
// of the start as the server's statement history shows it: scripts/importtimeline
// -statements). conn is not used after StartEstimateSpace returns.
func StartEstimateSpace(ctx context.Context, conn *sql.Conn, path string, in *dumpfile.Input) func() (SpaceEstimate, bool, error) {
	var e SpaceEstimate
	if path == "" || in.Size < 0 {
		return func() (SpaceEstimate, bool, error) { return e, false, nil }
	}
	var host string
	var logBin sql.NullString
	if err := conn.QueryRowContext(ctx, "SELECT @@datadir, @@hostname, @@log_bin").Scan(&e.Datadir, &host, &logBin); err != nil {
		return func() (SpaceEstimate, bool, error) { return e, false, err }
	}
	return func() (SpaceEstimate, bool, error) {
		if me, _ := os.Hostname(); !hostname.Same(host, me) {
			return e, false, nil
		}
		var fs unix.Statfs_t
		if err := unix.Statfs(e.Datadir, &fs); err != nil {
			return e, false, nil // not visible from here (a container, another mount namespace)
		}
		e.FreeBytes = int64(fs.Bavail) * int64(fs.Bsize) // Bsize is int64 on Linux, uint32 on darwin
		e.BinlogOn = logBin.String == "1" || strings.EqualFold(logBin.String, "ON")
		e.DumpBytes = in.Size
		if in.Format != dumpfile.FormatPlain {
			// The estimate Open started samples the whole file (gzsize.go, zsize.go) for a
			// fraction of the CPU that inflating the head here takes (as much as that much of
			// the import itself), and the head's ratio misleads. Only where it found nothing
			// (bzip2) does the estimator decode the head.
			n, exact, ok := in.WaitUncompressedSize()
			if !ok {
				var err error
				if n, exact, err = dumpfile.EstimateUncompressed(path); err != nil {
					return e, false, err
				}
			}
			e.DumpBytes, e.Estimated = n, !exact
		}
		e.NeedBytes = e.DumpBytes
		if e.BinlogOn {
			e.NeedBytes *= 2
		}
		return e, true, nil
	}
}
