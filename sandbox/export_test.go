package sandbox

import (
	"context"
	"os"
	"testing"
)

// StartRawForTest starts a sandbox without the testsandbox wrapper, so a failing start can
// be asserted on.
func StartRawForTest(t *testing.T, settings ...string) (*Server, error) {
	dir, err := os.MkdirTemp("", "ds-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	s, err := Start(context.Background(), Options{Dir: dir, Settings: settings})
	if s != nil {
		t.Cleanup(func() { s.Stop() })
	}
	return s, err
}

// TemplatePathForTest is where Start looks for the template datadir of the installed
// server binary (under the current $TMPDIR).
func TemplatePathForTest(t *testing.T) string {
	bin, err := FindServerBinary()
	if err != nil {
		t.Skip(err)
	}
	version, _, err := serverVersion(context.Background(), bin)
	if err != nil {
		t.Fatal(err)
	}
	return templatePath(bin, version)
}
