package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
)

// memprofiled wraps f to write the heap profile to $DUMPSCOPE_MEMPROFILE when f returns.
// Its alloc_space view is everything allocated over the run (sampled every 512 KiB): in a
// VM the first touch of memory costs CPU (the kernel zeroes each new page), and the
// runtime takes memory it has not used yet for much of what is allocated between two
// collections, so the bytes allocated are CPU, not just memory (issue 24).
func memprofiled(f func() int) func() int {
	path := os.Getenv("DUMPSCOPE_MEMPROFILE")
	if path == "" {
		return f
	}
	return func() int {
		code := f()
		runtime.GC() // the profile shows what was allocated up to the last collection
		out, err := os.Create(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "dumpscope: memory profile:", err)
			return code
		}
		defer out.Close()
		if err := pprof.Lookup("allocs").WriteTo(out, 0); err != nil {
			fmt.Fprintln(os.Stderr, "dumpscope: memory profile:", err)
		}
		return code
	}
}
