package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
)

// startPerf records the machine with perf (call graphs, 499 Hz) into dir/name.data until
// the returned func is called, which then prints perf report's top symbols of the server
// process pid: where its CPU went under the loader's stream. System-wide, because
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
	data := filepath.Join(dir, fmt.Sprintf("%s-pid%d.data", name, pid)) // perf report --pid needs it
	cmd := exec.Command("perf", "record", "-q", "-F", "499", "-g", "-a", "-o", data)
	if err := cmd.Start(); err != nil {
		return func() error { return err }
	}
	return func() error {
		cmd.Process.Signal(syscall.SIGINT)
		cmd.Wait()
		out, err := exec.Command("perf", "report", "-i", data, "--pid", fmt.Sprint(pid), "--percentage", "relative", "--no-children", "--sort", "symbol", "--stdio", "-g", "none", "--percent-limit", "1.5").Output()
		if err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "perf, server under %s (%s):\n", name, data)
		for _, l := range strings.Split(string(out), "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "#") || strings.TrimSpace(l) == "" {
				continue
			}
			fmt.Fprintln(os.Stderr, "  "+strings.TrimSpace(l))
		}
		return nil
	}
}
