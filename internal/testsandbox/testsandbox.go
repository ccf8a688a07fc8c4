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
// test ends.
func Start(t testing.TB, settings ...string) *sandbox.Server {
	t.Helper()
	if _, err := sandbox.FindServerBinary(); errors.Is(err, sandbox.ErrNoServerBinary) {
		Unavailable(t, "%v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	s, err := sandbox.Start(ctx, sandbox.Options{Dir: shortTempDir(t), Settings: settings})
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

// shortTempDir is a per-test directory under /tmp: t.TempDir() paths can exceed the
// 107-byte limit of a unix socket path.
func shortTempDir(t testing.TB) string {
	d, err := os.MkdirTemp("", "ds-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	return d
}
