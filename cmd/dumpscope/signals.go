package main

import (
	"os"
	"syscall"
)

// stopSignals end an import the way Ctrl-C does: finish what is in flight, then clean up
// (stop and remove the sandbox, put back --relax-durability's settings, print the resume
// command). SIGHUP is what an SSH disconnect sends, and SIGPIPE what `dumpscope … | head`
// gets once head exits; Go's default for both is to die on the spot, leaving a sandbox
// server running and a real server with innodb_flush_log_at_trx_commit=2.
func stopSignals() []os.Signal {
	return []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE}
}

// countsAsRepeat reports whether sig, arriving after n stop signals, is a second request
// (which aborts at once). A SIGPIPE is not: with the pipe gone every later write raises
// another one, and that must not turn the graceful stop into an abort.
func countsAsRepeat(sig os.Signal, n int) bool {
	return n > 0 && sig != syscall.SIGPIPE
}
