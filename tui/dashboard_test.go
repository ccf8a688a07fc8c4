package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/tui"
)

// TestPauseGate: while paused the importer's per-statement hook does not return; resume
// releases it; a cancelled context releases it with the context's error.
func TestPauseGate(t *testing.T) {
	d := &dashboard{}
	hook := d.gated(nil)
	d.gate.set(true)
	returned := make(chan error, 1)
	go func() { returned <- hook(context.Background(), &importer.Statement{}) }()
	select {
	case err := <-returned:
		t.Fatalf("hook returned (%v) while paused", err)
	case <-time.After(50 * time.Millisecond):
	}
	d.gate.set(false)
	if err := <-returned; err != nil {
		t.Fatalf("after resume: %v", err)
	}
	d.gate.set(true)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { returned <- hook(ctx, &importer.Statement{}) }()
	cancel()
	if err := <-returned; err != context.Canceled {
		t.Fatalf("cancelled while paused: %v, want context.Canceled", err)
	}
}

// TestHeldLinesBounded: a long watch's held log keeps its newest lines and says how many
// it dropped.
func TestHeldLinesBounded(t *testing.T) {
	h := &heldLines{}
	line := strings.Repeat("x", 99) + "\n"
	for i := 0; i < 3*maxHeldBytes/len(line); i++ {
		h.Write([]byte(line))
	}
	h.Write([]byte("last\n"))
	var out bytes.Buffer
	h.flushTo(&out)
	if out.Len() > maxHeldBytes+200 || !strings.HasSuffix(out.String(), "last\n") || !strings.Contains(out.String(), "earlier log lines") {
		t.Errorf("held %d bytes, tail %q", out.Len(), out.String()[max(0, out.Len()-30):])
	}
}

// TestNoDashboardWithoutTerminal: tests, pipes and --no-tui keep the headless output.
func TestNoDashboardWithoutTerminal(t *testing.T) {
	var buf bytes.Buffer
	s := stdio{Out: &buf, Err: &lockedWriter{w: &buf}}
	if d := newDashboard(tui.ModeImport, false, s, func() {}); d != nil {
		t.Error("a dashboard on a buffer")
	}
	var nilDash *dashboard
	if got := nilDash.gated(nil); got != nil {
		t.Error("headless hook must stay nil (the replayer skips a nil OnStatement)")
	}
	started := false
	nilDash.show(nil, time.Second, tui.Header{}, func() { started = true })
	if !started {
		t.Error("headless show must start the progress printer")
	}
	nilDash.close()
}
