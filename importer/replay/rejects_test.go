package replay

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCreateRejectsEmpty: the rejects file is private while open (it will carry the dump's
// rows) and is removed at Close when no statement failed, so a clean run leaves nothing.
func TestCreateRejectsEmpty(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rejects.sql")
	r, err := CreateRejects(path, "-")
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("empty rejects file left behind: %v", err)
	}
}
