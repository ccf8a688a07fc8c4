package sandbox_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// TestMain lets TestOrphanStoppedByNextStart run the test binary as a process that starts
// a sandbox and is then killed with SIGKILL.
func TestMain(m *testing.M) {
	if os.Getenv("DS_SANDBOX_CHILD") == "1" {
		s, err := sandbox.Start(context.Background(), sandbox.Options{Dir: os.Getenv("DS_DIR"), StateDir: os.Getenv("DS_STATE")})
		if err != nil {
			fmt.Println("ERROR", err)
			os.Exit(1)
		}
		fmt.Println("READY", s.PID, s.Dir)
		_, _ = bufio.NewReader(os.Stdin).ReadString('\n') // until killed
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestOrphanStoppedByNextStart: a process that started a sandbox is killed with SIGKILL,
// so its server runs on with its directory; the next Start stops that server, removes
// the directory and says so.
func TestOrphanStoppedByNextStart(t *testing.T) {
	testsandbox.RequireTool(t, "mariadbd")
	dir, state := shortDir(t), shortDir(t)
	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), "DS_SANDBOX_CHILD=1", "DS_DIR="+dir, "DS_STATE="+state)
	stdin, err := child.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	out, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(out).ReadString('\n')
	f := strings.Fields(line)
	if len(f) != 3 || f[0] != "READY" {
		_ = child.Process.Kill()
		t.Fatalf("child: %q", line)
	}
	pid, _ := strconv.Atoi(f[1])
	orphanDir := f[2]
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
	if err := child.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = child.Wait()
	if !running(pid) {
		t.Fatalf("the sandbox server %d died with its owner; nothing to test", pid)
	}

	var log bytes.Buffer
	s, err := sandbox.Start(context.Background(), sandbox.Options{Dir: shortDir(t), StateDir: state, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	if running(pid) {
		t.Errorf("the orphaned server %d still runs after the next Start", pid)
	}
	if _, err := os.Stat(orphanDir); !os.IsNotExist(err) {
		t.Errorf("the orphan's directory %s is still there (%v)", orphanDir, err)
	}
	if !strings.Contains(log.String(), "stopped the server (pid "+f[1]+")") || !strings.Contains(log.String(), orphanDir) {
		t.Errorf("Start did not say what it stopped: %q", log.String())
	}
}

// running reports whether pid is a live process (not a zombie).
func running(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	i := bytes.LastIndexByte(b, ')')
	return i >= 0 && i+2 < len(b) && b[i+2] != 'Z' && b[i+2] != 'X'
}

func shortDir(t *testing.T) string {
	d, err := os.MkdirTemp("", "ds-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	return d
}
