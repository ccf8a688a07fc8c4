package iostat

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPartitions expands -p from a sysfs tree: the device, then the entries of its
// directory that have a partition file (queue/ and holders/ do not).
func TestPartitions(t *testing.T) {
	sys := t.TempDir()
	for _, p := range []string{"block/vda/vda1/partition", "block/vda/vda2/partition", "block/vda/queue/rotational"} {
		path := filepath.Join(sys, p)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Partitions("", sys, "/dev/vda")
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"vda", "vda1", "vda2"}, got); d != "" {
		t.Errorf("-p vda (-want +got):\n%s", d)
	}
	if _, err := Partitions("", sys, "vda1"); err == nil {
		t.Error("-p vda1: a partition is not a whole device, want an error")
	}
}
