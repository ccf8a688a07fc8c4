// Package sandbox starts throwaway MariaDB/MySQL servers for imports, benchmarks and tests:
// its own datadir under a temp dir, --no-defaults (the host's my.cnf never leaks in), a
// unix socket and no TCP listener, removed on Stop unless kept.
//
// Initialising a datadir costs seconds, so the first Start for a given server binary
// initialises a template datadir once (under the system temp dir) and later Starts copy it.
package sandbox

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/go-sql-driver/mysql"
)

// Options configure one throwaway server.
type Options struct {
	// Dir is the parent directory for the instance directory; "" means os.TempDir().
	Dir string
	// Keep keeps the instance directory (datadir, logs) after Stop.
	Keep bool
	// ServerBinary is mariadbd or mysqld; "" searches PATH, /usr/sbin and /usr/local/mysql/bin.
	ServerBinary string
	// Settings are server options as "name=value" (or a bare "name"), passed as --name=value
	// after dumpscope's own defaults, so they override them.
	Settings []string
	// StartTimeout bounds how long Start waits for the server to accept connections;
	// 0 means 120 s (a cold start with a large redo log on a slow disk takes a while).
	StartTimeout time.Duration
	// StateDir holds a record of each running sandbox and the process that owns it, so
	// that Start stops the servers of a dumpscope that was killed; "" means
	// dumpscope-state-UID in the system temp dir.
	StateDir string
	// Log receives one line per orphaned sandbox Start stops; nil discards them.
	Log io.Writer
}

// Server is a running throwaway server.
type Server struct {
	Dir     string // instance directory (removed on Stop unless Options.Keep)
	DataDir string
	Socket  string
	Binary  string
	Version string // e.g. "10.11.6-MariaDB-0+deb12u1"
	Flavor  string // "mariadb" or "mysql"
	PID     int

	keep    bool
	args    []string
	timeout time.Duration
	cmd     *exec.Cmd
	exited  chan struct{}
	errLog  string
	stopped bool
	// settings are Options.Settings, quoted when the server refuses to start.
	settings []string
	// stateFile is this server's owner record (see reapOrphans).
	stateFile string
}

// ErrNoServerBinary is returned when neither mariadbd nor mysqld can be found.
var ErrNoServerBinary = errors.New("no MariaDB/MySQL server binary found (install one: apt-get install -y mariadb-server, or pass --server-binary)")

// FindServerBinary returns the path of mariadbd or mysqld.
func FindServerBinary() (string, error) {
	for _, name := range []string{"mariadbd", "mysqld"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
		for _, dir := range []string{"/usr/sbin", "/usr/local/mysql/bin", "/usr/local/sbin"} {
			p := filepath.Join(dir, name)
			if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
				return p, nil
			}
		}
	}
	return "", ErrNoServerBinary
}

// Start initialises a datadir and starts a server on a unix socket, waiting until it
// accepts connections. The caller must Stop it.
func Start(ctx context.Context, o Options) (*Server, error) {
	bin := o.ServerBinary
	if bin == "" {
		var err error
		if bin, err = FindServerBinary(); err != nil {
			return nil, err
		}
	}
	version, flavor, err := serverVersion(ctx, bin)
	if err != nil {
		return nil, err
	}
	state, err := stateDir(o)
	if err != nil {
		return nil, err
	}
	reapOrphans(state, o.Log)
	parent := o.Dir
	if parent == "" {
		parent = os.TempDir()
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	dir, err := os.MkdirTemp(parent, "dumpscope-sandbox-")
	if err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	s := &Server{
		Dir: dir, DataDir: filepath.Join(dir, "data"), Socket: filepath.Join(dir, "mysqld.sock"),
		Binary: bin, Version: version, Flavor: flavor, keep: o.Keep, errLog: filepath.Join(dir, "error.log"),
		stateFile: filepath.Join(state, filepath.Base(dir)+".json"), settings: o.Settings,
	}
	// A unix socket path is limited to 107 bytes (sun_path).
	if len(s.Socket) > 100 {
		s.cleanup()
		return nil, fmt.Errorf("sandbox: socket path %q is too long for a unix socket; use a shorter --sandbox-dir", s.Socket)
	}
	tmpl, err := template(ctx, bin, version, flavor)
	if err != nil {
		s.cleanup()
		return nil, err
	}
	if out, err := exec.CommandContext(ctx, "cp", "-a", tmpl, s.DataDir).CombinedOutput(); err != nil {
		s.cleanup()
		return nil, fmt.Errorf("sandbox: copy template datadir: %v: %s", err, bytes.TrimSpace(out))
	}
	if err := checkPrivateDir(s.DataDir); err != nil {
		s.cleanup()
		return nil, err
	}
	if err := os.Mkdir(filepath.Join(dir, "tmp"), privateDirMode); err != nil {
		s.cleanup()
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	args := []string{
		"--no-defaults",
		"--datadir=" + s.DataDir,
		"--socket=" + s.Socket,
		"--pid-file=" + filepath.Join(dir, "mysqld.pid"),
		"--log-error=" + s.errLog,
		"--tmpdir=" + filepath.Join(dir, "tmp"),
		"--skip-networking",
		"--skip-name-resolve",
	}
	if os.Geteuid() == 0 {
		args = append(args, "--user=root") // mariadbd refuses to run as root without it
	}
	if flavor == "mysql" {
		args = append(args, "--mysqlx=OFF")
	}
	for _, kv := range o.Settings {
		args = append(args, "--"+strings.TrimPrefix(kv, "--"))
	}
	s.args = args
	s.timeout = o.StartTimeout
	if s.timeout == 0 {
		s.timeout = 120 * time.Second
	}
	if err := s.launch(ctx); err != nil {
		_ = s.Stop()
		return nil, err
	}
	return s, nil
}

// launch starts the server process with s.args and waits until it accepts connections.
func (s *Server) launch(ctx context.Context) error {
	s.cmd = exec.Command(s.Binary, s.args...)
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // a Ctrl-C to dumpscope must not kill the server mid-shutdown
	if err := s.cmd.Start(); err != nil {
		return fmt.Errorf("sandbox: start %s: %w", s.Binary, err)
	}
	s.PID = s.cmd.Process.Pid
	s.writeOwner() // before the wait: a kill -9 during a slow start-up leaves an orphan too
	s.exited = make(chan struct{})
	go func(cmd *exec.Cmd, exited chan struct{}) { _ = cmd.Wait(); close(exited) }(s.cmd, s.exited)
	return s.waitReady(ctx, s.timeout)
}

// Restart shuts the server down cleanly and starts it again on the same datadir and
// socket, as an operator's `systemctl restart` would in the middle of an import.
func (s *Server) Restart(ctx context.Context) error {
	if err := s.shutdown(); err != nil {
		return err
	}
	return s.launch(ctx)
}

func (s *Server) waitReady(ctx context.Context, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	db, err := sql.Open("mysql", s.DSN(""))
	if err != nil {
		return err
	}
	defer db.Close()
	for {
		pctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		err = db.PingContext(pctx)
		cancel()
		if err == nil {
			return nil
		}
		select {
		case <-s.exited:
			return fmt.Errorf("sandbox: %s exited during start-up: %s", filepath.Base(s.Binary), s.logTail())
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("sandbox: server not ready after %s (last error: %v): %s", timeout, err, s.logTail())
		}
	}
}

// logTail quotes the lines of the server's error log that say why it did not start, on
// one line. They are read now, before Stop removes the instance directory, and the log's
// path is named only when the directory is kept. The first [ERROR] lines are the cause
// (an unknown variable, a bad value); the last ones are consequences ("Unknown/unsupported
// storage engine: InnoDB", "Aborting"), so those are dropped.
func (s *Server) logTail() string {
	b, _ := os.ReadFile(s.errLog)
	cause := startupCause(string(b))
	where := "its error log"
	if s.keep {
		where = "error log " + s.errLog
	}
	if len(s.settings) > 0 {
		return fmt.Sprintf("%s says: %s (settings given: %s)", where, cause, strings.Join(s.settings, " "))
	}
	return where + " says: " + cause
}

// maxCauseLines bounds the error-log lines quoted for a failed start.
const maxCauseLines = 3

// startupCause picks the lines of a server's error log that explain a failed start: the
// first [ERROR] lines without their timestamp, except the generic ones that follow every
// failure; the last lines when there is no [ERROR] line.
func startupCause(log string) string {
	lines := strings.Split(strings.TrimSpace(log), "\n")
	var keep []string
	for _, l := range lines {
		i := strings.Index(l, "[ERROR] ")
		if i < 0 {
			continue
		}
		msg := strings.TrimSpace(l[i+len("[ERROR] "):])
		if msg == "Aborting" || strings.HasPrefix(msg, "Unknown/unsupported storage engine") {
			continue
		}
		if len(keep) < maxCauseLines {
			keep = append(keep, msg)
		}
	}
	if len(keep) == 0 {
		keep = lines[max(0, len(lines)-maxCauseLines):]
	}
	if len(keep) == 0 || (len(keep) == 1 && keep[0] == "") {
		return "(empty)"
	}
	return strings.Join(keep, " | ")
}

// DSN returns a go-sql-driver DSN for root over the unix socket.
func (s *Server) DSN(database string) string {
	cfg := mysql.NewConfig()
	cfg.User = "root"
	cfg.Net = "unix"
	cfg.Addr = s.Socket
	cfg.DBName = database
	return cfg.FormatDSN()
}

// ClientArgs are the flags that point the mariadb/mysql command-line tools at this server.
// --no-defaults must stay first.
func (s *Server) ClientArgs() []string {
	return []string{"--no-defaults", "--user=root", "--socket=" + s.Socket}
}

// Stop shuts the server down cleanly (SIGTERM, then SIGKILL after 60 s) and removes the
// instance directory unless it is kept. Safe to call twice.
func (s *Server) Stop() error {
	if s.stopped {
		return nil
	}
	s.stopped = true
	err := s.shutdown()
	s.cleanup()
	s.Detach() // the record goes last: killed before this, the next Start finishes the job
	return err
}

// shutdown stops the server process: SIGTERM, then SIGKILL after 60 s.
func (s *Server) shutdown() error {
	if s.cmd == nil || s.cmd.Process == nil {
		return nil
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
		return nil
	case <-time.After(60 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.exited
		return fmt.Errorf("sandbox: server did not shut down within 60 s; killed")
	}
}

func (s *Server) cleanup() {
	if !s.keep {
		_ = os.RemoveAll(s.Dir)
	}
}

func serverVersion(ctx context.Context, bin string) (version, flavor string, err error) {
	out, err := exec.CommandContext(ctx, bin, "--no-defaults", "--version").Output()
	if err != nil {
		return "", "", fmt.Errorf("sandbox: %s --version: %w", bin, err)
	}
	// "mariadbd  Ver 10.11.6-MariaDB-0+deb12u1 for debian-linux-gnu on x86_64 (Debian 12)"
	// "mysqld  Ver 8.0.36 for Linux on x86_64 (MySQL Community Server - GPL)"
	f := strings.Fields(string(out))
	for i, w := range f {
		if w == "Ver" && i+1 < len(f) {
			version = f[i+1]
		}
	}
	if version == "" {
		return "", "", fmt.Errorf("sandbox: cannot read the version from %q", strings.TrimSpace(string(out)))
	}
	flavor = "mysql"
	if strings.Contains(strings.ToLower(version), "mariadb") || strings.Contains(filepath.Base(bin), "mariadb") {
		flavor = "mariadb"
	}
	return version, flavor, nil
}

// template returns a freshly initialised datadir for this binary and version, creating it
// once. It lives in the shared temp directory under a predictable name, so it is used only
// when checkPrivateDir accepts it: a directory another user planted there (with a root
// account whose password they know, or a symlink to their own files) is refused. Concurrent callers (parallel test processes) race benignly: each builds its own
// copy and the first rename wins.
func template(ctx context.Context, bin, version, flavor string) (string, error) {
	path := templatePath(bin, version)
	if _, err := os.Lstat(path); err == nil {
		if err := checkPrivateDir(path); err != nil {
			return "", err
		}
		if st, err := os.Lstat(filepath.Join(path, ".complete")); err == nil && st.Mode().IsRegular() {
			return path, nil
		}
	}
	work, err := os.MkdirTemp(os.TempDir(), "dumpscope-template-init-")
	if err != nil {
		return "", fmt.Errorf("sandbox: %w", err)
	}
	defer os.RemoveAll(work)
	data := filepath.Join(work, "data")
	var cmd *exec.Cmd
	if flavor == "mariadb" {
		installDB, err := findInstallDB(bin)
		if err != nil {
			return "", err
		}
		args := []string{"--no-defaults", "--datadir=" + data, "--auth-root-authentication-method=normal",
			"--skip-test-db", "--skip-name-resolve"}
		if os.Geteuid() == 0 {
			args = append(args, "--user=root")
		}
		cmd = exec.CommandContext(ctx, installDB, args...)
	} else {
		args := []string{"--no-defaults", "--initialize-insecure", "--datadir=" + data}
		if os.Geteuid() == 0 {
			args = append(args, "--user=root")
		}
		cmd = exec.CommandContext(ctx, bin, args...)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("sandbox: initialise datadir with %s: %v: %s", filepath.Base(cmd.Path), err, lastLine(out))
	}
	if err := os.WriteFile(filepath.Join(data, ".complete"), nil, 0o600); err != nil {
		return "", fmt.Errorf("sandbox: %w", err)
	}
	// The install tool may leave the datadir readable by others; copies keep its mode.
	if err := os.Chmod(data, privateDirMode); err != nil {
		return "", fmt.Errorf("sandbox: %w", err)
	}
	if err := os.Rename(data, path); err != nil {
		if _, statErr := os.Lstat(filepath.Join(path, ".complete")); statErr == nil {
			// Another process won the race, or planted the path since the check above.
			if err := checkPrivateDir(path); err != nil {
				return "", err
			}
			return path, nil
		}
		return "", fmt.Errorf("sandbox: %w", err)
	}
	// A rename replaces an empty directory planted after the check: check what is there now.
	if err := checkPrivateDir(path); err != nil {
		return "", err
	}
	return path, nil
}

// templatePath is where the template datadir for this binary, version and user lives.
func templatePath(bin, version string) string {
	sum := sha256.Sum256([]byte(bin + "\x00" + version + "\x00" + fmt.Sprint(os.Geteuid())))
	return filepath.Join(os.TempDir(), "dumpscope-template-"+hex.EncodeToString(sum[:6]))
}

func findInstallDB(bin string) (string, error) {
	dir := filepath.Dir(bin)
	for _, cand := range []string{
		filepath.Join(dir, "mariadb-install-db"), filepath.Join(dir, "..", "bin", "mariadb-install-db"),
		filepath.Join(dir, "..", "scripts", "mariadb-install-db"),
	} {
		if _, err := os.Stat(cand); err == nil {
			return cand, nil
		}
	}
	for _, name := range []string{"mariadb-install-db", "mysql_install_db"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("sandbox: mariadb-install-db not found (install mariadb-server)")
}

func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
