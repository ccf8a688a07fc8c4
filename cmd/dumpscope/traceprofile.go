package main

import (
	"os"
	"runtime/trace"
)

// traced wraps f to write an execution trace to $DUMPSCOPE_TRACE (if it can): when the
// process goes idle and what wakes it, which perf shows only as "scheduling" (issue 24;
// `go tool trace -d=parsed` lists it, as in the p-cpu3 report of session 44).
func traced(f func() int) func() int {
	path := os.Getenv("DUMPSCOPE_TRACE")
	if path == "" {
		return f
	}
	return func() int {
		if out, err := os.Create(path); err == nil {
			defer out.Close()
			if trace.Start(out) == nil {
				defer trace.Stop()
			}
		}
		return f()
	}
}
