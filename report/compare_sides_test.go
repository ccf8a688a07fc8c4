package report

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSideLabel(t *testing.T) {
	for _, tt := range []struct {
		files []string
		want  string
	}{
		{[]string{"/x/before.json"}, "before"},
		{[]string{"b/redo-4M-1.json", "b/redo-4M-2.json", "b/redo-4M-3.json.gz"}, "redo-4M"},
		{[]string{"a.json", "b.json"}, "a"},
	} {
		if got := sideLabel(tt.files); got != tt.want {
			t.Errorf("sideLabel(%q) = %q, want %q", tt.files, got, tt.want)
		}
	}
}

// TestSideFiles expands a side's argument: commas, a glob in name order, and the errors
// that are the user's (a glob that matches nothing, no file at all).
func TestSideFiles(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"r-2.json", "r-1.json", "other.json"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := SideFiles(filepath.Join(dir, "r-*.json") + ",x.json")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, "r-1.json"), filepath.Join(dir, "r-2.json"), "x.json"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("files (-want +got):\n%s", d)
	}
	for _, arg := range []string{filepath.Join(dir, "none-*.json"), ","} {
		if _, err := SideFiles(arg); err == nil {
			t.Errorf("SideFiles(%q): want an error", arg)
		}
	}
}
