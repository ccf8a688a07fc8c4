package importer

import (
	"sync/atomic"

	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/importer/split"
)

// WithWorkerHook sets Options' hook that each parallel worker calls before an entry.
func WithWorkerHook(o Options, f func()) Options {
	o.inWorker = f
	return o
}

// WithIndexBuildHook sets Options' hook that a --defer-indexes replay calls as held-back
// indexes start to be built.
func WithIndexBuildHook(o Options, f func()) Options {
	o.beforeIndexBuild = f
	return o
}

// WithAfterDDLHook sets Options' hook that a statement run with progress rows as a
// barrier (a DDL, or DML) calls once it has returned, before its progress row.
func WithAfterDDLHook(o Options, f func(*split.Statement) error) Options {
	o.afterDDL = f
	return o
}

// CountPreflightScans counts, until the test ends, the preflight's reads of a dump file
// ahead of the replay (its second read of the file).
func CountPreflightScans(t interface{ Cleanup(func()) }) *atomic.Int64 {
	var n atomic.Int64
	open := openPreflightScan
	openPreflightScan = func(path string) (*dumpfile.Input, error) {
		n.Add(1)
		return open(path)
	}
	t.Cleanup(func() { openPreflightScan = open })
	return &n
}
