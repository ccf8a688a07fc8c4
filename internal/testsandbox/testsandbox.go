// Package testsandbox gives tests a real throwaway server (package sandbox) and the
// project's rule for missing tools: outside CI a test skips with a message saying what to
// install; with CI=true a skip would hide a broken install step, so it fails instead.
package testsandbox

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/sandbox"
)

// Unavailable skips the test, or fails it when running under CI=true.
func Unavailable(t testing.TB, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("CI=true and "+format, args...)
	}
	t.Skipf(format, args...)
}

// RequireTool skips (fails under CI) unless name is on PATH, and returns its path.
func RequireTool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		Unavailable(t, "%s not installed (apt-get install -y mariadb-server mariadb-client sysstat fio)", name)
	}
	return p
}

// Start starts a throwaway server with the given "name=value" settings, stopped when the
// test ends. Under Main its datadir is on a tmpfs when there is one (see sandboxParent),
// and the server may be one an earlier test used, reset (see pool.go).
func Start(t testing.TB, settings ...string) *sandbox.Server {
	t.Helper()
	return start(t, sandboxParent(), settings)
}

// StartOnDisk is Start with the datadir on the system temp directory's file system, for
// tests that look at the device under the datadir, its free space or what its fsyncs cost.
func StartOnDisk(t testing.TB, settings ...string) *sandbox.Server {
	t.Helper()
	return start(t, diskParent(), settings)
}

func start(t testing.TB, parent string, settings []string) *sandbox.Server {
	t.Helper()
	if _, err := sandbox.FindServerBinary(); errors.Is(err, sandbox.ErrNoServerBinary) {
		Unavailable(t, "%v", err)
	}
	thePool.mu.Lock()
	pooling := thePool.on
	thePool.mu.Unlock()
	if !pooling {
		s, err := launch(shortTempDir(t, parent), settings)
		if err != nil {
			t.Fatalf("start sandbox: %v", err)
		}
		t.Cleanup(func() {
			if err := s.Stop(); err != nil {
				t.Errorf("stop sandbox: %v", err)
			}
		})
		return s
	}
	key := poolKey(parent, settings)
	p := thePool.take(key)
	if p == nil {
		dir, err := os.MkdirTemp(parent, "ds-")
		if err != nil {
			t.Fatal(err)
		}
		s, err := launch(dir, settings)
		if err != nil {
			os.RemoveAll(dir)
			t.Fatalf("start sandbox: %v", err)
		}
		p = &pooled{srv: s, dir: dir}
		thePool.mu.Lock()
		thePool.fresh++
		thePool.mu.Unlock()
		if p.fresh, err = freshFingerprint(s); err == nil {
			p.freshFiles, err = datadirFiles(s.DataDir)
		}
		if err != nil {
			_ = p.stop()
			t.Fatalf("start sandbox: read its state: %v", err)
		}
	}
	t.Cleanup(func() { thePool.give(t, key, p) })
	return p.srv
}

// launch starts a server under dir.
func launch(dir string, settings []string) (*sandbox.Server, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	return sandbox.Start(ctx, sandbox.Options{Dir: dir, Settings: settings})
}

// shortTempDir is a per-test directory under parent: t.TempDir() paths can exceed the
// 107-byte limit of a unix socket path.
func shortTempDir(t testing.TB, parent string) string {
	d, err := os.MkdirTemp(parent, "ds-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	return d
}
