package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/termsafe"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/tui"
)

// TestPasswordWipedFromArgv starts dumpscope with the password on its command line and a
// FIFO as the dump: once dumpscope opens the FIFO it has parsed its flags, and
// /proc/PID/cmdline — what ps and any local user see — must no longer hold the password.
// Its output must not hold it either.
func TestPasswordWipedFromArgv(t *testing.T) {
	for _, form := range []string{"-p%s", "--password=%s"} {
		t.Run(form, func(t *testing.T) {
			const secret = "Sekr1t-pw-4242"
			arg := strings.Replace(form, "%s", secret, 1)
			fifo := filepath.Join(t.TempDir(), "dump.sql")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], "import", "--no-defaults", "-u", "nobody", "-S", filepath.Join(t.TempDir(), "none.sock"), arg, "--no-advisor", fifo)
			cmd.Env = append(os.Environ(), "DUMPSCOPE_TEST_MAIN=1")
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = cmd.Process.Kill() })
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			opened := make(chan *os.File, 1)
			go func() {
				// Blocks until dumpscope opens the FIFO for reading.
				f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
				if err == nil {
					opened <- f
				}
			}()
			var w *os.File
			select {
			case w = <-opened:
			case err := <-exited:
				t.Fatalf("dumpscope exited before reading the dump: %v\n%s", err, out.String())
			}
			cmdline, err := os.ReadFile("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/cmdline")
			if err != nil {
				t.Fatal(err)
			}
			w.Close()
			// dumpscope opens the dump a second time to import it: feed it empty opens
			// until it exits (it then fails to connect: no server at none.sock).
			for done := false; !done; {
				select {
				case <-exited:
					done = true
				case f := <-opened:
					f.Close()
				default:
					go func() {
						if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
							opened <- f
						}
					}()
					select {
					case <-exited:
						done = true
					case f := <-opened:
						f.Close()
					}
				}
			}
			if bytes.Contains(cmdline, []byte(secret)) {
				t.Errorf("/proc/PID/cmdline still shows the password: %q", cmdline)
			}
			wiped := strings.Replace(form, "%s", strings.Repeat("x", len(secret)), 1)
			if !bytes.Contains(cmdline, []byte("\x00"+wiped+"\x00")) {
				t.Errorf("/proc/PID/cmdline %q lacks the wiped argument %q", cmdline, wiped)
			}
			if strings.Contains(out.String(), secret) {
				t.Errorf("the output shows the password:\n%s", out.String())
			}
			if !strings.Contains(out.String(), "none.sock") {
				t.Errorf("dumpscope did not go on to connect with the copied flags:\n%s", out.String())
			}
		})
	}
}

// TestSingleDashPasswordNotEchoed: -password=SECRET is refused (long options take two
// dashes), and the message must not repeat the password.
func TestSingleDashPasswordNotEchoed(t *testing.T) {
	const secret = "Sekr1t-pw-4242"
	var out, errb bytes.Buffer
	code := runCommand([]string{"import", "--no-defaults", "-password=" + secret, "x.sql"}, stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	if code != exitUsage || strings.Contains(out.String()+errb.String(), secret) {
		t.Errorf("exit %d (want %d), output %q must not hold the password", code, exitUsage, out.String()+errb.String())
	}
}

// TestResumeCommandPrompts: the printed resume command never carries the password nor
// the unusable `-p***`; a password from the command line becomes -p (prompt), and a path
// with a space survives pasting.
func TestResumeCommandPrompts(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-uapp", "-pSECRET", "--parallel", "2", "my dump.sql"},
			"dumpscope import --resume --checkpoint /j/x.json -uapp -p --parallel 2 'my dump.sql'"},
		{[]string{"--password=SECRET", "--checkpoint", "/j/x.json", "d.sql"},
			"dumpscope import --resume --checkpoint /j/x.json -p d.sql"},
		{[]string{"-password=SECRET", "--resume", "-p", "--defaults-file=/etc/app.cnf", "d.sql"},
			"dumpscope import --resume --checkpoint /j/x.json -p -p --defaults-file=/etc/app.cnf d.sql"},
		{[]string{"-pxxxxxx", "--parallel=2", "d.sql"}, // as os.Args reads after the wipe
			"dumpscope import --resume --checkpoint /j/x.json -p --parallel=2 d.sql"},
	}
	for _, c := range cases {
		got := resumeCommand(append([]string{"dumpscope", "import"}, c.args...), "/j/x.json", "")
		if got != c.want {
			t.Errorf("resumeCommand(%q)\n got %s\nwant %s", c.args, got, c.want)
		}
	}
}

// TestControlCharactersEscaped: a dump whose table name carries terminal escape
// sequences (retitle the window, clear the screen, a C1 CSI) fails on that table; the
// error names the table with the controls escaped, never as raw bytes a terminal runs.
func TestControlCharactersEscaped(t *testing.T) {
	srv := testsandbox.Start(t)
	name := "t\x1b]0;pwned\x07\x1b[2J\u009b31m"
	dump := writeDump(t, "evil.sql", []byte("CREATE DATABASE esc;\nUSE esc;\nINSERT INTO `"+name+"` VALUES (1);\n"))
	code, stdout, stderr := dumpscopeImport(t, srv, []string{"--no-advisor"}, dump)
	if code != exitFailure {
		t.Fatalf("exit %d, want %d:\n%s", code, exitFailure, stderr)
	}
	for _, out := range []string{stdout, stderr} {
		if strings.ContainsAny(out, "\x1b\x07\u009b") {
			t.Errorf("raw control characters reached the output: %q", out)
		}
	}
	if !strings.Contains(stderr, `t\x1b]0;pwned\x07\x1b[2J\u009b31m`) {
		t.Errorf("the error does not name the table with its controls escaped:\n%q", stderr)
	}
}

// TestDashboardSeesTerminalThroughEscaping: import wraps its streams to escape dump bytes;
// the dashboard must still find the terminal underneath (a pseudo-terminal here) and open.
func TestDashboardSeesTerminalThroughEscaping(t *testing.T) {
	_, pts := openPTY(t)
	t.Setenv("TERM", "xterm-256color")
	s := stdio{In: pts, Out: &lockedWriter{w: termsafe.NewWriter(pts)}, Err: &lockedWriter{w: termsafe.NewWriter(pts)}}
	if d := newDashboard(tui.ModeImport, false, s, func() {}, nil); d == nil {
		t.Fatal("no dashboard on a terminal behind the escaping writer")
	}
}

// TestStatusLineThroughEscaping: on a terminal, import's status line redraws itself with
// CR ESC[K and reaches the terminal; a table name's escape sequence in it does not, and
// an escape sequence written through the command's stderr is escaped too.
func TestStatusLineThroughEscaping(t *testing.T) {
	ptmx, pts := openPTY(t)
	_, errW, screen := tui.NewStatusScreen(pts, pts)
	screen.Status("", "10% table t\x1b[2J")
	w := &lockedWriter{w: termsafe.NewWriter(errW)}
	if _, err := w.Write([]byte("table t\x1b[2J\n")); err != nil {
		t.Fatal(err)
	}
	screen.End()
	want := advisor.StatusPrefix + `10% table t\x1b[2J` + advisor.StatusPrefix + `table t\x1b[2J` + "\r\n" + `10% table t\x1b[2J` + advisor.StatusPrefix
	buf := make([]byte, 0, 256)
	for len(buf) < len(want) {
		b := make([]byte, 256)
		n, err := ptmx.Read(b)
		if err != nil {
			t.Fatal(err)
		}
		buf = append(buf, b[:n]...)
	}
	if got := string(buf); got != want {
		t.Errorf("the terminal got %q, want %q", got, want)
	}
}
