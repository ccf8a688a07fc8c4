package sandbox_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// TestPlantedTemplateRefused plants what another local user could put at the template's
// predictable path in the shared temp directory — a directory open to everyone, a symlink
// to a directory of theirs, a directory they own — and checks that Start refuses each with
// an error naming the path, and never copies from it.
func TestPlantedTemplateRefused(t *testing.T) {
	testsandbox.RequireTool(t, "mariadbd")
	cases := []struct {
		name  string
		plant func(t *testing.T, path string)
		want  string
	}{
		{"world-writable", func(t *testing.T, path string) {
			mkPlanted(t, path)
			if err := os.Chmod(path, 0o777); err != nil {
				t.Fatal(err)
			}
		}, "mode 0777"},
		{"symlink", func(t *testing.T, path string) {
			elsewhere := filepath.Join(filepath.Dir(path), "attacker")
			mkPlanted(t, elsewhere)
			if err := os.Symlink(elsewhere, path); err != nil {
				t.Fatal(err)
			}
		}, "symlink"},
		{"other owner", func(t *testing.T, path string) {
			if os.Geteuid() != 0 {
				t.Skip("planting a directory owned by another user needs root")
			}
			mkPlanted(t, path)
			if err := os.Chown(path, 65534, 65534); err != nil {
				t.Fatal(err)
			}
		}, "owned by uid 65534"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			// A private $TMPDIR: the real template of this machine stays untouched.
			tmp, err := os.MkdirTemp("", "ds-tmpl-")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.RemoveAll(tmp) })
			t.Setenv("TMPDIR", tmp)
			path := sandbox.TemplatePathForTest(t)
			tc.plant(t, path)
			s, err := sandbox.StartRawForTest(t)
			if err == nil {
				t.Fatalf("Start used the planted template %s (server %s)", path, s.DataDir)
			}
			if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "refusing") {
				t.Errorf("error %q should name %s, say %q and that it refuses", err, path, tc.want)
			}
			if _, err := os.Stat(filepath.Join(path, "mysql", "planted.frm")); err != nil {
				t.Errorf("the planted files were touched: %v", err)
			}
		})
	}
}

// mkPlanted makes a directory that looks like a complete template.
func mkPlanted(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, "mysql"), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{".complete", "mysql/planted.frm"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSandboxDirsPrivate checks that a started sandbox's instance directory, datadir and
// the template it was copied from are 0700 and owned by the effective uid.
func TestSandboxDirsPrivate(t *testing.T) {
	s := testsandbox.Start(t)
	for _, d := range []string{s.Dir, s.DataDir, filepath.Join(s.Dir, "tmp"), sandbox.TemplatePathForTest(t)} {
		st, err := os.Lstat(d)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o700 || !st.IsDir() {
			t.Errorf("%s: mode %v, want drwx------", d, st.Mode())
		}
	}
}
