// Package atomicfile replaces a file whole: the new content goes to a temporary file in
// the same directory, which is renamed over the old one, so a reader (or a crash) sees the
// old file or the new one, never half of one. The journal, run records, reports and the
// ETA's history are written this way.
package atomicfile

import (
	"io"
	"os"
	"path/filepath"
)

// Options say how the file is made.
type Options struct {
	// Perm is the file's mode; 0 keeps the temporary file's 0600 (private).
	Perm os.FileMode
	// Sync flushes the content to the disk before the rename, for a file that must
	// survive a crash of the machine whole (a checkpoint journal).
	Sync bool
}

// Write makes path hold what fill writes. When fill or any step fails, path is left as
// it was and the temporary file is removed.
func Write(path string, o Options, fill func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := fill(tmp); err != nil {
		tmp.Close()
		return err
	}
	if o.Sync {
		if err := tmp.Sync(); err != nil {
			tmp.Close()
			return err
		}
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if o.Perm != 0 {
		if err := os.Chmod(tmp.Name(), o.Perm); err != nil {
			return err
		}
	}
	return os.Rename(tmp.Name(), path)
}
