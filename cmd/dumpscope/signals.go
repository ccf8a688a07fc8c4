package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"sync"
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

// abortSignals are the signals Go's runtime answers with a stack dump and exit 2 (Ctrl-\
// sends SIGQUIT; kill -ABRT, -ILL, -TRAP, -SYS): an import aborts at once on them, as
// on a second Ctrl-C, but the clean-up still runs — dying on the spot left
// innodb_flush_log_at_trx_commit=2 behind. Whoever sends SIGQUIT wants to see where the
// import was, so the goroutines' stacks are still printed.
func abortSignals() []os.Signal {
	return []os.Signal{syscall.SIGQUIT, syscall.SIGABRT, syscall.SIGILL, syscall.SIGTRAP, syscall.SIGSYS}
}

func isAbortSignal(sig os.Signal) bool {
	for _, s := range abortSignals() {
		if sig == s {
			return true
		}
	}
	return false
}

// countsAsRepeat reports whether sig, arriving after n stop signals, is a second request
// (which aborts at once). A SIGPIPE is not: with the pipe gone every later write raises
// another one, and that must not turn the graceful stop into an abort.
func countsAsRepeat(sig os.Signal, n int) bool {
	return n > 0 && sig != syscall.SIGPIPE
}

// allStacks is what Go's runtime prints for SIGQUIT: every goroutine's stack.
func allStacks() []byte {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) || len(buf) >= 64<<20 {
			return buf[:n]
		}
		buf = make([]byte, 2*len(buf))
	}
}

// stopper turns the first Ctrl-C/SIGTERM into a graceful stop (finish the statement in
// flight, then stop) and the second into an abort.
type stopper struct {
	graceful chan struct{}
	once     sync.Once
	abort    context.CancelFunc // what a second Ctrl-C does
	cleanup  func()
}

func signalContext(s stdio) (context.Context, *stopper) {
	ctx, cancel := context.WithCancel(context.Background())
	st := &stopper{graceful: make(chan struct{})}
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, append(stopSignals(), abortSignals()...)...)
	done := make(chan struct{})
	go func() {
		n := 0
		for {
			select {
			case sig := <-ch:
				if isAbortSignal(sig) {
					fmt.Fprintf(s.Err, "\ndumpscope: %v: aborting now (the clean-up still runs); goroutines:\n%s\n", sig, allStacks())
					cancel()
					continue
				}
				if !isStopSignal(sig) || (n > 0 && !countsAsRepeat(sig, n)) {
					continue
				}
				n++
				if n == 1 {
					fmt.Fprintln(s.Err, "\ndumpscope: stopping after the statement in flight (press Ctrl-C again to abort at once)")
					st.once.Do(func() { close(st.graceful) })
				} else {
					cancel()
				}
			case <-done:
				return
			}
		}
	}()
	st.abort = cancel
	st.cleanup = func() { signal.Stop(ch); close(done); cancel() }
	return ctx, st
}
