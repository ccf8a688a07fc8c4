package replay

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestPingEvery: a third of wait_timeout, within bounds.
func TestPingEvery(t *testing.T) {
	for _, tc := range []struct {
		waitTimeoutSeconds float64
		want               time.Duration
	}{
		{2, 666666666 * time.Nanosecond},
		{0.1, minPingEvery},
		{28800, maxPingEvery},
		{60, 20 * time.Second},
	} {
		if got := pingEvery(tc.waitTimeoutSeconds); got != tc.want {
			t.Errorf("pingEvery(%v) = %v, want %v", tc.waitTimeoutSeconds, got, tc.want)
		}
	}
}

// TestExplainLost: a worker's lost connection says what closed it; other errors pass as
// they are.
func TestExplainLost(t *testing.T) {
	lost := fmt.Errorf("batch of a: %w", driver.ErrBadConn)
	if got := explainLost(lost); !errors.Is(got, driver.ErrBadConn) || !strings.Contains(got.Error(), "wait_timeout") {
		t.Errorf("explainLost(%v) = %v", lost, got)
	}
	// The statement after one whose reply made database/sql drop the connection.
	done := fmt.Errorf("batch of a: START TRANSACTION: %w", sql.ErrConnDone)
	if got := explainLost(done); !errors.Is(got, sql.ErrConnDone) || !strings.Contains(got.Error(), "wait_timeout") {
		t.Errorf("explainLost(%v) = %v", done, got)
	}
	other := errors.New("disk full")
	if got := explainLost(other); got != other {
		t.Errorf("explainLost(%v) = %v, want it unchanged", other, got)
	}
}
