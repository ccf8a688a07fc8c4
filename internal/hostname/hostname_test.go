package hostname

import "testing"

func TestSame(t *testing.T) {
	for _, tt := range []struct {
		name          string
		server, local string
		want          bool
	}{
		{"equal", "db1", "db1", true},
		{"short server, qualified local", "db1", "db1.example.com", true},
		{"qualified server, short local", "db1.example.com", "db1", true},
		{"case", "DB1.Example.COM", "db1", true},
		{"trailing root dot", "db1.example.com.", "db1.example.com", true},
		{"both qualified, equal", "db1.example.com", "db1.example.com", true},
		{"both qualified, other domain", "db1.a.com", "db1.b.com", false},
		{"other host", "db1", "db2", false},
		{"prefix is not a label", "db1.a.com", "db10.a.com", false},
		{"short prefix is not a label", "db1", "db10.example.com", false},
		{"unknown server", "", "db1", false},
		{"unknown local", "db1", "", false},
	} {
		if got := Same(tt.server, tt.local); got != tt.want {
			t.Errorf("%s: Same(%q, %q) = %v, want %v", tt.name, tt.server, tt.local, got, tt.want)
		}
	}
}
