package tui

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

// TestPauseGate: while paused the importer's per-statement wait does not return; resume
// releases it; a cancelled context releases it with the context's error.
func TestPauseGate(t *testing.T) {
	d := &Dashboard{}
	hook := func(ctx context.Context) error { return d.Paused(ctx) }
	d.gate.set(true)
	returned := make(chan error, 1)
	go func() { returned <- hook(context.Background()) }()
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
	go func() { returned <- hook(ctx) }()
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
