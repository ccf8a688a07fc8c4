package preflight

import (
	"strings"
	"testing"
)

// TestConnRoomFit: the workers are reduced to what the server's limits leave, with the
// sampler's connection and one for others kept free; an import that cannot have two
// workers is refused with the limit that bounds it.
func TestConnRoomFit(t *testing.T) {
	for _, tc := range []struct {
		name         string
		room         ConnRoom
		parallel     int
		other        int
		wantParallel int
		wantErr      string
	}{
		{"fits", ConnRoom{maxConnections: 151, connected: 3}, 8, 1, 8, ""},
		{"max_connections", ConnRoom{maxConnections: 6, connected: 1}, 8, 1, 3, ""},
		{"account limit", ConnRoom{maxConnections: 151, connected: 10, maxUser: 4, userConnected: 1}, 8, 0, 3, ""},
		{"too few", ConnRoom{maxConnections: 151, connected: 10, maxUser: 2, userConnected: 1}, 4, 0, 0, "max_user_connections"},
		{"full", ConnRoom{maxConnections: 10, connected: 10}, 2, 1, 0, "max_connections is 10"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var log strings.Builder
			n, parallel, err := tc.room.Fit(tc.parallel+1, tc.parallel, tc.other, &log)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err %v, want one naming %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if parallel != tc.wantParallel || n != tc.wantParallel+1 {
				t.Errorf("parallel %d, %d connections; want %d and %d", parallel, n, tc.wantParallel, tc.wantParallel+1)
			}
			if reduced := tc.wantParallel != tc.parallel; reduced != strings.Contains(log.String(), "reduced") {
				t.Errorf("log %q: a reduction must be said, and only then", log.String())
			}
		})
	}
}
