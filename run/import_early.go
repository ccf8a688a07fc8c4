package run

import (
	"bytes"
	"context"
	"io"
	"sync"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/internal/crash"
)

// earlySession is the sampling session being opened beside the import's preflight
// (importer.Options.OnConnected). Opened in OnReplay, its Open (a connection, SHOW GLOBAL
// VARIABLES, the first reads of the server's metrics) was serial time between the
// preflight and the first statement: 60-140 ms of a --parallel run's start at load 10-20
// (importtimeline -statements). What the session needs of the replay (the dump's name
// and size, its progress) is known only then: Open gets a DumpInfo to fill and a progress
// function that forwards, both set by take before the monitor runs; what it would log
// meanwhile is held until then, so the lines come in the order they did.
type earlySession struct {
	done     chan struct{}
	sess     *Session
	err      error
	dump     *advisor.DumpInfo
	progress advisor.ProgressFunc
	log      *heldWriter
	taken    bool
}

// openEarly starts opening the session with o; nil o.Log logs nothing, as Open's.
func openEarly(ctx context.Context, cfg *mysql.Config, o Options) *earlySession {
	e := &earlySession{done: make(chan struct{}), dump: &advisor.DumpInfo{}}
	o.Dump = e.dump
	o.Progress = func() advisor.ImportProgress { return e.progress() }
	if o.Log != nil {
		e.log = &heldWriter{w: o.Log}
		o.Log = e.log
	}
	go func() {
		defer close(e.done)
		defer crash.Recover(func(err error) { e.err = err })
		e.sess, e.err = Open(ctx, cfg, o)
	}()
	return e
}

// take waits for the session and gives it the replay's dump and progress; it returns
// the result for openImportSession (nil: no early session, open one there).
func (e *earlySession) take(in *dumpfile.Input, progress advisor.ProgressFunc) func() (*Session, error) {
	if e == nil {
		return nil
	}
	<-e.done
	e.taken = true
	// A panic of the session's, as it was when opened in OnReplay: the import's own
	// (crash.Recover in importer.Import), not a session that could not open.
	crash.Repanic(e.err)
	*e.dump = advisor.DumpInfo{Name: in.Name, CompressedBytes: max(in.Size, 0)}
	e.progress = progress
	e.log.release()
	if e.sess != nil {
		// The run's record starts with the replay, as it did when opened here.
		e.sess.rec.StartedAt = time.Now().UTC()
	}
	return func() (*Session, error) { return e.sess, e.err }
}

// closeUnused closes the session when the import ended before its replay (a refusal, an
// error): nobody took it.
func (e *earlySession) closeUnused() {
	if e == nil || e.taken {
		return
	}
	<-e.done
	if e.sess != nil {
		e.sess.Close()
	}
}

// heldWriter holds what is written to it until release, then writes through.
type heldWriter struct {
	mu       sync.Mutex
	w        io.Writer
	held     bytes.Buffer
	released bool
}

func (h *heldWriter) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.released {
		return h.w.Write(p)
	}
	return h.held.Write(p)
}

// release writes what was held and lets later writes through; nil does nothing.
func (h *heldWriter) release() {
	if h == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.released {
		h.released = true
		_, _ = h.w.Write(h.held.Bytes())
	}
}
