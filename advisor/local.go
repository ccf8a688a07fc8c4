package advisor

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/dumpscope/dumpscope/internal/hostname"
	"github.com/dumpscope/dumpscope/iostat"
)

// LocalOptions say where procfs and sysfs are ("" → /proc, /sys) and what this host is
// called ("" → os.Hostname), so tests can point elsewhere.
type LocalOptions struct {
	ProcRoot string
	SysRoot  string
	Hostname string
}

// LocalServer is what can be learned about a server running on this machine: its pid (for
// its CPU) and the block devices its data, redo and binary logs sit on.
type LocalServer struct {
	PID int
	// Dirs maps a role ("datadir", "redo", "binlog") to the directory the server uses.
	Dirs    map[string]string
	Devices []iostat.Device
	// Notes say what could not be found and why.
	Notes []string
}

// FindLocal decides whether the server described by vars (SHOW GLOBAL VARIABLES, names
// lower-case) runs on this machine and, if so, finds its pid and devices. A server is
// local when @@hostname is this host's name and a mysqld/mariadbd process with its pid
// file's pid (or, when the pid file is unreadable, with its datadir on the command line)
// exists here. ok is false for a remote server; the notes say why.
func FindLocal(vars map[string]string, o LocalOptions) (ls LocalServer, ok bool) {
	if o.ProcRoot == "" {
		o.ProcRoot = "/proc"
	}
	if o.Hostname == "" {
		o.Hostname, _ = os.Hostname()
	}
	if h := vars["hostname"]; h != "" && !hostname.Same(h, o.Hostname) {
		ls.Notes = append(ls.Notes, fmt.Sprintf("server host %q is not this host %q: no device or server CPU metrics", h, o.Hostname))
		return ls, false
	}
	datadir := vars["datadir"]
	ls.PID = pidFromFile(resolveIn(datadir, vars["pid_file"]), o.ProcRoot)
	if ls.PID == 0 {
		ls.PID = pidByDatadir(o.ProcRoot, datadir)
	}
	if ls.PID == 0 {
		ls.Notes = append(ls.Notes, fmt.Sprintf("no mysqld/mariadbd process found for pid file %q or datadir %q: treating the server as remote", vars["pid_file"], datadir))
		return ls, false
	}
	ls.Dirs = map[string]string{"datadir": datadir}
	if d := vars["innodb_log_group_home_dir"]; d != "" {
		ls.Dirs["redo"] = resolveIn(datadir, d)
	} else {
		ls.Dirs["redo"] = datadir
	}
	if on := strings.ToUpper(vars["log_bin"]); (on == "ON" || on == "1") && vars["log_bin_basename"] != "" {
		ls.Dirs["binlog"] = filepath.Dir(resolveIn(datadir, vars["log_bin_basename"]))
	}
	var lists [][]iostat.Device
	for _, role := range []string{"datadir", "redo", "binlog"} {
		dir, ok := ls.Dirs[role]
		if !ok || dir == "" {
			continue
		}
		devs, err := iostat.ResolveDir(iostat.ResolveOptions{ProcRoot: o.ProcRoot, SysRoot: o.SysRoot}, dir, role)
		if err != nil {
			ls.Notes = append(ls.Notes, fmt.Sprintf("%s %s: %v", role, dir, err))
			continue
		}
		lists = append(lists, devs)
	}
	ls.Devices = iostat.MergeDevices(lists...)
	return ls, true
}

// resolveIn makes a server path absolute: relative paths (./ib_logfile, mysql-bin) are
// relative to the datadir.
func resolveIn(datadir, p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(datadir, p)
}

func pidFromFile(path, procRoot string) int {
	if path == "" {
		return 0
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 0 || !isServerProcess(procRoot, pid) {
		return 0
	}
	return pid
}

func isServerProcess(procRoot string, pid int) bool {
	comm, err := os.ReadFile(filepath.Join(procRoot, strconv.Itoa(pid), "comm"))
	if err != nil {
		return false
	}
	c := strings.TrimSpace(string(comm))
	return c == "mysqld" || c == "mariadbd"
}

// pidByDatadir finds a mysqld/mariadbd whose command line names datadir (pid files are
// often unreadable to other users: /var/lib/mysql is mode 0750).
func pidByDatadir(procRoot, datadir string) int {
	if datadir == "" {
		return 0
	}
	want := filepath.Clean(datadir)
	entries, err := os.ReadDir(procRoot)
	if err != nil {
		return 0
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || !isServerProcess(procRoot, pid) {
			continue
		}
		cmdline, err := os.ReadFile(filepath.Join(procRoot, e.Name(), "cmdline"))
		if err != nil {
			continue
		}
		for _, arg := range strings.Split(string(cmdline), "\x00") {
			if v, ok := strings.CutPrefix(arg, "--datadir="); ok && filepath.Clean(v) == want {
				return pid
			}
		}
	}
	return 0
}

// LocalHost describes this machine from procfs and uname.
func LocalHost(procRoot string) HostInfo {
	if procRoot == "" {
		procRoot = "/proc"
	}
	h := HostInfo{Cores: runtime.NumCPU()}
	if f, err := os.Open(filepath.Join(procRoot, "cpuinfo")); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
				h.CPUModel = strings.TrimSpace(v)
				break
			}
		}
		f.Close()
	}
	if f, err := os.Open(filepath.Join(procRoot, "meminfo")); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if f := strings.Fields(sc.Text()); len(f) >= 2 && f[0] == "MemTotal:" {
				kb, _ := strconv.ParseInt(f[1], 10, 64)
				h.MemoryBytes = kb * 1024
				break
			}
		}
		f.Close()
	}
	var u unix.Utsname
	if unix.Uname(&u) == nil {
		h.Kernel = unix.ByteSliceToString(u.Release[:])
	}
	return h
}
