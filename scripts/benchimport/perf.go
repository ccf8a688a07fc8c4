package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// startPerf records the machine with perf (call graphs, 499 Hz) into dir/name.data until
// the returned func is called, which then prints where the server process pid's CPU went
// under the loader's stream, in seconds by kind of work (perfcat.go). System-wide, because
// `perf record -p` missed the threads of connections the server made after it attached
// (dumpscope's workers); the report keeps the server's samples only.
func startPerf(dir, name string, pid int) func() error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return func() error { return err }
	}
	name = strings.Map(func(r rune) rune {
		if r == ' ' || r == '/' || r == ',' || r == '(' || r == ')' || r == '=' {
			return '_'
		}
		return r
	}, name)
	data := filepath.Join(dir, fmt.Sprintf("%s-pid%d.data", name, pid)) // the pid, to read the file again
	cmd := exec.Command("perf", "record", "-q", "-F", "499", "-g", "-a", "-o", data)
	if err := cmd.Start(); err != nil {
		return func() error { return err }
	}
	return func() error {
		cmd.Process.Signal(syscall.SIGINT)
		cmd.Wait()
		return printServerPerf(data, name, pid)
	}
}

// rereadPerf prints the breakdown of a recording startPerf wrote, the server's pid read
// from its name (…-pidPID.data): a recording is read again after the categories change.
func rereadPerf(data string) error {
	base := strings.TrimSuffix(filepath.Base(data), ".data")
	i := strings.LastIndex(base, "-pid")
	if i < 0 {
		return fmt.Errorf("--perf-read %s: want a file named …-pidPID.data, as --perf writes", data)
	}
	pid, err := strconv.Atoi(base[i+len("-pid"):])
	if err != nil {
		return fmt.Errorf("--perf-read %s: the pid in its name: %w", data, err)
	}
	return printServerPerf(data, base[:i], pid)
}
