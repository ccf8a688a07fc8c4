package maxpacket

import "testing"

// TestFitsAtTheBoundary: a statement exactly max_allowed_packet bytes long does not fit
// (the command byte makes its payload one byte longer); one byte shorter does. The rule
// used to let the first through while the importer refused it.
func TestFitsAtTheBoundary(t *testing.T) {
	const setting = 64 << 20
	if Fits(setting, setting) {
		t.Error("a statement of max_allowed_packet bytes fits: it does not, COM_QUERY adds a byte")
	}
	if !Fits(setting-1, setting) {
		t.Error("a statement of max_allowed_packet-1 bytes does not fit: its payload is exactly the setting")
	}
	if Needed(setting) <= setting || !Fits(setting, Needed(setting)) {
		t.Errorf("Needed(%d) = %d: does not let it through", setting, Needed(setting))
	}
}

func TestNeededAndAdvised(t *testing.T) {
	for _, tc := range []struct {
		sqlBytes, needed, advised int64
	}{
		{0, 1024, 2 << 20},
		{1023, 1024, 2 << 20},
		{1024, 2048, 2 << 20},
		{2<<20 + 30, 2<<20 + 1024, 4 << 20},
		{100 << 20, 100<<20 + 1024, 128 << 20},
		{127<<20 - 1, 127 << 20, 128 << 20},
		{127 << 20, 127<<20 + 1024, 256 << 20},
		{1 << 30, 1<<30 + 1024, LimitBytes},
	} {
		if got := Needed(tc.sqlBytes); got != tc.needed {
			t.Errorf("Needed(%d) = %d, want %d", tc.sqlBytes, got, tc.needed)
		}
		if got := Advised(tc.sqlBytes); got != tc.advised {
			t.Errorf("Advised(%d) = %d, want %d", tc.sqlBytes, got, tc.advised)
		}
		if tc.sqlBytes < LimitBytes-(1<<20) && !Fits(tc.sqlBytes, Advised(tc.sqlBytes)) {
			t.Errorf("Advised(%d) = %d does not fit it", tc.sqlBytes, Advised(tc.sqlBytes))
		}
	}
}
