package advisor

import "testing"

// TestSeverityOrder: --fail-on and the report rank findings by this one order.
func TestSeverityOrder(t *testing.T) {
	for _, c := range []struct {
		s, min Severity
		want   bool
	}{
		{SeverityCritical, SeverityWarn, true},
		{SeverityWarn, SeverityWarn, true},
		{SeverityInfo, SeverityWarn, false},
		{SeverityWarn, SeverityCritical, false},
		{Severity("bogus"), SeverityInfo, false},
	} {
		if got := c.s.AtLeast(c.min); got != c.want {
			t.Errorf("%q.AtLeast(%q) = %v, want %v", c.s, c.min, got, c.want)
		}
	}
	for _, name := range []string{"info", "warn", "critical"} {
		if s, err := ParseSeverity(name); err != nil || string(s) != name {
			t.Errorf("ParseSeverity(%q) = %q, %v", name, s, err)
		}
	}
	if _, err := ParseSeverity("Warn"); err == nil {
		t.Error("ParseSeverity(\"Warn\"): no error")
	}
}
