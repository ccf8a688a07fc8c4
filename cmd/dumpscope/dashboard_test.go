package main

import (
	"bytes"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/tui"
)

// TestNoDashboardWithoutTerminal: tests, pipes and --no-tui keep the headless output.
func TestNoDashboardWithoutTerminal(t *testing.T) {
	var buf bytes.Buffer
	s := stdio{Out: &buf, Err: &lockedWriter{w: &buf}}
	if d := newDashboard(tui.ModeImport, false, s, func() {}, nil); d != nil {
		t.Error("a dashboard on a buffer")
	}
	var nilDash *tui.Dashboard
	if got := pauseHook(nilDash); got != nil {
		t.Error("headless hook must stay nil (the replayer skips a nil OnStatement)")
	}
	started := false
	nilDash.Show(nil, time.Second, tui.Header{}, func() { started = true })
	if !started {
		t.Error("headless show must start the progress printer")
	}
	nilDash.Close()
}
