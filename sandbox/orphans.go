package sandbox

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// ownerRecord is written to the state directory while a sandbox server runs, so that a
// later Start can find a server whose dumpscope was killed (kill -9, OOM killer, a lost
// SSH session before HUP was handled) and stop it: such a server runs on in its own
// process group and keeps its datadir in the temp directory until someone notices.
type ownerRecord struct {
	OwnerPID   int    `json:"owner_pid"`
	OwnerStart uint64 `json:"owner_start"` // /proc/PID/stat starttime: tells a reused pid apart
	ServerPID  int    `json:"server_pid"`
	// ServerStart is the server's starttime, so that a pid the kernel has since given to
	// another process is never signalled.
	ServerStart uint64 `json:"server_start"`
	Dir         string `json:"dir"`
	Keep        bool   `json:"keep"`
}

// stateDir is where owner records live: a private directory per user in the temp dir.
func stateDir(o Options) (string, error) {
	dir := o.StateDir
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "dumpscope-state-"+strconv.Itoa(os.Geteuid()))
	}
	if err := os.Mkdir(dir, privateDirMode); err != nil && !os.IsExist(err) {
		return "", fmt.Errorf("sandbox: state directory: %w", err)
	}
	if err := checkPrivateDir(dir); err != nil {
		return "", err
	}
	return dir, nil
}

// procStart returns a process's start time in clock ticks after boot, and whether it is
// alive (a zombie is not).
func procStart(pid int) (uint64, bool) {
	if pid <= 0 {
		return 0, false
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	// "pid (comm) state ppid …": comm may hold spaces and parentheses; fields count from
	// after its closing one, where state is field 3 and starttime field 22.
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 20 || f[0] == "Z" || f[0] == "X" {
		return 0, false
	}
	start, err := strconv.ParseUint(f[19], 10, 64)
	return start, err == nil
}

// writeOwner records s's server under this process.
func (s *Server) writeOwner() {
	if s.stateFile == "" || s.cmd == nil || s.cmd.Process == nil {
		return
	}
	ownerStart, _ := procStart(os.Getpid())
	serverStart, _ := procStart(s.cmd.Process.Pid)
	rec := ownerRecord{OwnerPID: os.Getpid(), OwnerStart: ownerStart, ServerPID: s.cmd.Process.Pid, ServerStart: serverStart, Dir: s.Dir, Keep: s.keep}
	b, _ := json.Marshal(rec)
	tmp := s.stateFile + ".tmp"
	if os.WriteFile(tmp, b, 0o600) == nil {
		_ = os.Rename(tmp, s.stateFile)
	}
}

// Detach leaves the server running after this process exits (--keep-sandbox): its owner
// record is removed, so the next Start does not take it for an orphan and stop it.
func (s *Server) Detach() {
	if s.stateFile != "" {
		_ = os.Remove(s.stateFile)
	}
}

// reapOrphans stops every sandbox server recorded in dir whose owning process is gone,
// and removes its instance directory unless it was to be kept. What it does is written
// to log, one line each.
func reapOrphans(dir string, log io.Writer) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		var rec ownerRecord
		if json.Unmarshal(b, &rec) != nil {
			_ = os.Remove(f)
			continue
		}
		if start, alive := procStart(rec.OwnerPID); alive && start == rec.OwnerStart {
			continue // its dumpscope still runs
		}
		what := "found"
		if start, alive := procStart(rec.ServerPID); alive && start == rec.ServerStart {
			stopPID(rec.ServerPID, rec.ServerStart)
			what = "stopped the server (pid " + strconv.Itoa(rec.ServerPID) + ") of"
		}
		removed := ""
		if !rec.Keep && strings.HasPrefix(filepath.Base(rec.Dir), "dumpscope-sandbox-") && checkPrivateDir(rec.Dir) == nil {
			if os.RemoveAll(rec.Dir) == nil {
				removed = " and removed it"
			}
		}
		_ = os.Remove(f)
		if log != nil {
			fmt.Fprintf(log, "dumpscope: %s a sandbox left in %s by dumpscope pid %d, which is gone%s\n", what, rec.Dir, rec.OwnerPID, removed)
		}
	}
}

// stopPID stops a server as Stop does (SIGTERM, SIGKILL after 60 s), for a process this
// one did not start and so cannot wait for.
func stopPID(pid int, start uint64) {
	_ = syscall.Kill(pid, syscall.SIGTERM)
	deadline := time.Now().Add(60 * time.Second)
	for {
		if st, alive := procStart(pid); !alive || st != start {
			return
		}
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}
