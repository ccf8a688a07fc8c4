package advisor

import (
	"testing"

	"github.com/dumpscope/dumpscope/iostat"
	"github.com/google/go-cmp/cmp"
)

func statusWindow(name string, ts []float64, vals []float64) Window {
	w := make(Window, len(ts))
	for i := range ts {
		w[i] = Snapshot{T: ts[i], Status: map[string]float64{}}
		if vals[i] >= 0 {
			w[i].Status[name] = vals[i]
		}
	}
	return w
}

func TestWindowRate(t *testing.T) {
	const c = "Innodb_os_log_written"
	tests := []struct {
		name   string
		w      Window
		want   float64
		wantOK bool
	}{
		{"steady", statusWindow(c, []float64{10, 11, 12, 13}, []float64{1000, 2000, 3000, 4000}), 1000, true},
		{"uneven steps", statusWindow(c, []float64{0, 1, 4}, []float64{0, 100, 800}), 200, true},
		{"one snapshot", statusWindow(c, []float64{1}, []float64{5}), 0, false},
		{"missing at start", statusWindow(c, []float64{1, 2, 3}, []float64{-1, 5, 9}), 0, false},
		{"missing at end", statusWindow(c, []float64{1, 2, 3}, []float64{1, 5, -1}), 0, false},
		{"missing in middle is skipped", statusWindow(c, []float64{0, 1, 2}, []float64{0, -1, 20}), 10, true},
		{"reset", statusWindow(c, []float64{0, 1, 2, 3}, []float64{500, 600, 10, 700}), 0, false},
		{"zero span", statusWindow(c, []float64{5, 5}, []float64{1, 2}), 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.w.Rate(c)
			if ok != tt.wantOK || got != tt.want {
				t.Errorf("Rate = %v, %v; want %v, %v", got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestWindowRatesAndRateOf(t *testing.T) {
	w := statusWindow("a", []float64{0, 1, 2, 4, 5}, []float64{0, 10, 5, 25, 30})
	// 0→1: 10/s; 1→2: reset, skipped; 2→4: 10/s; 4→5: 5/s.
	if diff := cmp.Diff([]float64{10, 10, 5}, w.Rates("a")); diff != "" {
		t.Errorf("Rates (-want +got):\n%s", diff)
	}
	w2 := statusWindow("Innodb_data_fsyncs", []float64{0, 2}, []float64{0, 400})
	r, name, ok := w2.RateOf("Innodb_os_log_fsyncs", "Innodb_data_fsyncs")
	if !ok || name != "Innodb_data_fsyncs" || r != 200 {
		t.Errorf("RateOf = %v %q %v; want 200 Innodb_data_fsyncs true", r, name, ok)
	}
	if _, _, ok := w2.RateOf("nope"); ok {
		t.Error("RateOf(nope) ok; want not ok")
	}
}

func f64(v float64) *float64 { return &v }

func TestWindowDevices(t *testing.T) {
	w := Window{
		{T: 1, Devices: map[string]iostat.DeviceStats{"nvme1n1": {WPerSec: 1000, WAwaitMs: 1, UtilPct: 99, FPerSec: f64(0), FAwaitMs: f64(0)}}},
		{T: 2, Devices: map[string]iostat.DeviceStats{"nvme1n1": {WPerSec: 3000, WAwaitMs: 2, UtilPct: 97, FPerSec: f64(500), FAwaitMs: f64(1.5)}}},
		{T: 3, Devices: map[string]iostat.DeviceStats{"sda": {WPerSec: 5}}},
	}
	if got, ok := w.DeviceMean("nvme1n1", UtilPct); !ok || got != 98 {
		t.Errorf("util mean = %v %v; want 98", got, ok)
	}
	// f_await of an interval without flushes is not a measurement.
	if got, ok := w.DeviceMean("nvme1n1", FlushAwaitMs); !ok || got != 1.5 {
		t.Errorf("f_await mean = %v %v; want 1.5", got, ok)
	}
	if got, ok := w.DeviceWeightedMean("nvme1n1", WriteAwaitMs, WritesPerSec); !ok || got != 1.75 {
		t.Errorf("weighted w_await = %v %v; want 1.75", got, ok)
	}
	got := w.DeviceMeans([]string{"nvme1n1", "sda", "md127"}, WritesPerSec)
	if diff := cmp.Diff(map[string]float64{"nvme1n1": 2000, "sda": 5}, got); diff != "" {
		t.Errorf("DeviceMeans (-want +got):\n%s", diff)
	}
	if frac := w.Fraction(func(s *Snapshot) bool { return s.Devices["nvme1n1"].UtilPct > 98 }); frac != 1.0/3 {
		t.Errorf("Fraction = %v; want 1/3", frac)
	}
	if w.Span() != 2 || w.Last().T != 3 {
		t.Errorf("Span/Last = %v/%v", w.Span(), w.Last().T)
	}
}

func TestWindowImportDelta(t *testing.T) {
	w := Window{{T: 0, Import: &ImportProgress{Bytes: 100, Statements: 2, Rows: 10}}, {T: 5, Import: &ImportProgress{Bytes: 600, Statements: 7, Rows: 60, Commits: 5}}}
	got, ok := w.ImportDelta()
	if diff := cmp.Diff(ImportProgress{Bytes: 500, Statements: 5, Rows: 50, Commits: 5}, got); !ok || diff != "" {
		t.Errorf("ImportDelta ok=%v (-want +got):\n%s", ok, diff)
	}
	if _, ok := (Window{{T: 0}, {T: 1, Import: &ImportProgress{}}}).ImportDelta(); ok {
		t.Error("ImportDelta without progress at start: ok; want not ok")
	}
}
