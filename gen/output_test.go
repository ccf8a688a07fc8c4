package gen

import "testing"

// TestCompressionFor: auto follows the output's extension; a named format wins over it.
func TestCompressionFor(t *testing.T) {
	for _, tc := range []struct{ format, path, want string }{
		{"auto", "d.sql.gz", "gzip"}, {"auto", "d.sql.zst", "zstd"}, {"auto", "d.sql.zstd", "zstd"},
		{"auto", "d.sql", "none"}, {"auto", "-", "none"}, {"plain", "d.sql.gz", "none"}, {"gzip", "d.bin", "gzip"},
	} {
		if got, ok := CompressionFor(tc.format, tc.path); !ok || got != tc.want {
			t.Errorf("CompressionFor(%q, %q) = %q, %v; want %q", tc.format, tc.path, got, ok, tc.want)
		}
	}
	if _, ok := CompressionFor("bzip2", "d.sql.bz2"); ok {
		t.Error("bzip2: want not ok")
	}
}
