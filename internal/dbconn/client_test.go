package dbconn

import (
	"bytes"
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// printDefaults runs `mariadb <args> --print-defaults` with env and returns the argument
// line it prints (each argument followed by a space).
func printDefaults(t *testing.T, bin string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, append(args, "--print-defaults")...)
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %q: %v: %s", bin, args, err, stderr.String())
	}
	lines := strings.SplitN(string(out), "\n", 3)
	if len(lines) < 2 || !strings.Contains(lines[0], "would have been started with the following arguments") {
		t.Fatalf("unexpected --print-defaults output %q", out)
	}
	return lines[1]
}

// differentialFixture exercises the parser: groups the client reads and does not,
// comments, quotes, escapes, bare keys, prefixes, includes and an !includedir whose
// names sort differently by byte and by locale.
func differentialFixture(t *testing.T) (root string) {
	return writeTree(t, map[string]string{
		"main.cnf": "# comment\n; comment\n[client]\nuser = alice   # trailing\npassword = \"pa#ss\"  # c\n" +
			"host='h1'\ne1=ab#cd\ne3=\"x\\\"y\" # c\nssl_ca=a\\tb\\\\c\\sd\\qe\\\nq1 = \"abc\nq2 = 'a'b'\n" +
			"pass=\"'abc'\"\nnovalue =\ncompress\nloose-foo=bar\n" +
			"[mysqld]\nport=1\n[CLIENT]\nport=4000\n[ mariadb-client ]\nport=3\n[mariadb-client]\nport=5\n" +
			"[mariadb]\nx=1\n[mariadb-10.11]\ny=2\n[client-server]\nsocket = /x/y.sock\n[client-mariadb]\nuser=bob\n" +
			"[mysql]\ndatabase=db1\ndefault_character_set = latin1\n[mysqldump]\nquick\n" +
			"[client]\n!include {root}/inc/one.cnf\n!includedir {root}/inc/d\n!include {root}/missing.cnf\nafter=1\n" +
			"[client_suffix]\nsuffixed=1\n",
		"inc/one.cnf":  "[client]\nfrom_include=1\n[mysqld]\nport=9\n",
		"inc/d/b.cnf":  "[client]\nd=b\n",
		"inc/d/a.cnf":  "[client]\nd=a\n",
		"inc/d/B.cnf":  "[client]\nd=B\n",
		"inc/d/10.cnf": "[client]\nd=10\n",
		"inc/d/c.ini":  "[client]\nd=c\n",
		"home/.my.cnf": "[client]\nuser=home\n",
		"mh/my.cnf":    "[mysql]\ndatabase=from-mysql-home\n",
	})
}

// TestPrintDefaultsMatchesClient compares what this package reads from option files
// with what the real client prints for the same files: --defaults-file alone, and the
// real global files plus $MYSQL_HOME, --defaults-extra-file and ~/.my.cnf.
func TestPrintDefaultsMatchesClient(t *testing.T) {
	bin := testsandbox.RequireTool(t, "mariadb")
	root := differentialFixture(t)
	home := filepath.Join(root, "home")
	main := filepath.Join(root, "main.cnf")
	tests := []struct {
		name string
		vars map[string]string
		spec fileSpec
		args []string
	}{
		{name: "defaults-file", spec: fileSpec{defaultsFile: main}, args: []string{"--defaults-file=" + main}},
		{name: "defaults-file with group suffix", spec: fileSpec{defaultsFile: main, groupSuffix: "_suffix"},
			args: []string{"--defaults-file=" + main, "--defaults-group-suffix=_suffix"}},
		{name: "global files, MYSQL_HOME, extra file, home", vars: map[string]string{"MYSQL_HOME": filepath.Join(root, "mh")},
			spec: fileSpec{extraFile: main}, args: []string{"--defaults-extra-file=" + main}},
		{name: "global files and home", args: nil},
		{name: "no-defaults", spec: fileSpec{noDefaults: true}, args: []string{"--no-defaults"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vars := map[string]string{"HOME": home, "PATH": os.Getenv("PATH"), "LANG": "C.UTF-8"}
			for k, v := range tt.vars {
				vars[k] = v
			}
			var env []string
			for k, v := range vars {
				env = append(env, k+"="+v)
			}
			want := printDefaults(t, bin, env, tt.args...)
			e := Env{Getenv: func(k string) string { return vars[k] }} // real /etc files
			st, _, err := e.readDefaults(tt.spec)
			if err != nil {
				t.Fatal(err)
			}
			var got string
			for _, s := range st {
				got += s.Arg() + " "
			}
			if got != want {
				t.Errorf("settings differ from the client's --print-defaults\nclient: %q\ndbconn: %q", want, got)
			}
		})
	}
}

// TestConnectSandbox connects to a real server through its socket with every option
// coming from a defaults file, and checks the session the server sees.
func TestConnectSandbox(t *testing.T) {
	srv := testsandbox.Start(t, "max_allowed_packet=128M")
	root := writeTree(t, map[string]string{
		"my.cnf": "[client]\nsocket=" + srv.Socket + "\nuser=root\n[mysql]\ndefault-character-set=utf8mb4\ndatabase=mysql\n",
	})
	cfg := resolveConfig(t, testEnv(root, nil), []string{"--defaults-file=" + filepath.Join(root, "my.cnf")})
	if got, want := Describe(cfg), "root@localhost via "+srv.Socket; got != want {
		t.Errorf("Describe = %q, want %q", got, want)
	}
	ctx := context.Background()
	db, conn, err := OpenConn(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	defer conn.Close()

	var csClient, colConn, csResults, user, database string
	var connID1, connID2 int64
	row := conn.QueryRowContext(ctx, "SELECT @@character_set_client, @@collation_connection, @@character_set_results, CURRENT_USER(), DATABASE(), CONNECTION_ID()")
	if err := row.Scan(&csClient, &colConn, &csResults, &user, &database, &connID1); err != nil {
		t.Fatal(err)
	}
	got := []string{csClient, colConn, csResults, user, database}
	want := []string{"utf8mb4", "utf8mb4_general_ci", "utf8mb4", "root@localhost", "mysql"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("session = %q, want %q", got, want)
	}

	// Session state survives on the pinned connection.
	if _, err := conn.ExecContext(ctx, "SET @dumpscope_probe = 42"); err != nil {
		t.Fatal(err)
	}
	var probe int
	if err := conn.QueryRowContext(ctx, "SELECT @dumpscope_probe, CONNECTION_ID()").Scan(&probe, &connID2); err != nil {
		t.Fatal(err)
	}
	if probe != 42 || connID2 != connID1 {
		t.Errorf("session lost: @dumpscope_probe=%d, connection %d then %d", probe, connID1, connID2)
	}

	// A 65 MiB statement passes only because the driver learned the server's 128M
	// max_allowed_packet: the driver's own default (64 MiB) refuses it before sending.
	const stmtBytes = 65 << 20
	var q strings.Builder
	q.Grow(stmtBytes + 32)
	q.WriteString("SELECT LENGTH('")
	q.WriteString(strings.Repeat("x", stmtBytes))
	q.WriteString("')")
	var n int
	if err := conn.QueryRowContext(ctx, q.String()).Scan(&n); err != nil {
		t.Fatalf("65 MiB statement with server max_allowed_packet=128M: %v", err)
	}
	if n != stmtBytes {
		t.Errorf("LENGTH = %d, want %d", n, stmtBytes)
	}
	fixed := cfg.Clone()
	fixed.MaxAllowedPacket = mysql.NewConfig().MaxAllowedPacket
	db2, conn2, err := OpenConn(ctx, fixed)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	defer conn2.Close()
	if err := conn2.QueryRowContext(ctx, q.String()).Scan(&n); !errors.Is(err, mysql.ErrPktTooLarge) {
		t.Errorf("with the driver's default max packet: err = %v, want %v", err, mysql.ErrPktTooLarge)
	}
}

// TestConnectAutoCharsetMatchesClient checks that with no --default-character-set and
// no --user the server sees the same character_set_client and USER() from dumpscope as
// from the real client, under the same locale.
func TestConnectAutoCharsetMatchesClient(t *testing.T) {
	bin := testsandbox.RequireTool(t, "mariadb")
	srv := testsandbox.Start(t)
	for _, lang := range []string{"C.UTF-8", "C"} {
		cmd := exec.Command(bin, "--no-defaults", "--socket="+srv.Socket, "-N", "-e", "SELECT CONCAT(@@character_set_client, ' ', USER())")
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "LANG=" + lang}
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("client: %v", err)
		}
		want := strings.TrimSpace(string(out))

		o := &Options{Env: Env{Getenv: func(k string) string {
			if k == "LANG" {
				return lang
			}
			return ""
		}}}
		o.files.noDefaults = true
		o.Set("socket", srv.Socket)
		cfg, err := o.Resolve()
		if err != nil {
			t.Fatal(err)
		}
		db, conn, err := OpenConn(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		var got string
		err = conn.QueryRowContext(context.Background(), "SELECT CONCAT(@@character_set_client, ' ', USER())").Scan(&got)
		conn.Close()
		db.Close()
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("LANG=%s: charset and user %q, the client gets %q", lang, got, want)
		}
	}
}

// TestTransportMatchesClient compares the socket-or-TCP decision with the client's,
// read from the error it gives when nothing listens: "through socket 'PATH'" or "on
// 'HOST'". No server is needed; ports and sockets are chosen so none answers.
func TestTransportMatchesClient(t *testing.T) {
	bin := testsandbox.RequireTool(t, "mariadb")
	root := writeTree(t, map[string]string{
		"port.cnf": "[client]\nport=1\nsocket=/nonexistent/file.sock\n",
		"tcp.cnf":  "[client]\nport=1\nprotocol=tcp\n",
		"host.cnf": "[client]\nhost=127.0.0.1\nport=1\n",
	})
	tests := []struct {
		name string
		vars map[string]string
		args []string
	}{
		{"socket flag", nil, []string{"--no-defaults", "-S/nonexistent/a.sock"}},
		{"port flag means TCP", nil, []string{"--no-defaults", "-P1"}},
		{"socket after port", nil, []string{"--no-defaults", "-P1", "-S/nonexistent/a.sock"}},
		{"port after socket", nil, []string{"--no-defaults", "-S/nonexistent/a.sock", "-P1"}},
		{"localhost with port", nil, []string{"--no-defaults", "-hlocalhost", "-P1"}},
		{"IP host", nil, []string{"--no-defaults", "-h127.0.0.1", "-P1"}},
		{"IPv6 host", nil, []string{"--no-defaults", "-h::1", "-P1"}},
		{"port in file keeps socket", nil, []string{"--defaults-file=" + filepath.Join(root, "port.cnf")}},
		{"protocol tcp in file", nil, []string{"--defaults-file=" + filepath.Join(root, "tcp.cnf")}},
		{"host in file", nil, []string{"--defaults-file=" + filepath.Join(root, "host.cnf")}},
		{"protocol socket with IP host", nil, []string{"--no-defaults", "-h127.0.0.1", "-P1", "--protocol=socket", "-S/nonexistent/a.sock"}},
		{"MYSQL_UNIX_PORT", map[string]string{"MYSQL_UNIX_PORT": "/nonexistent/env.sock"}, []string{"--no-defaults"}},
		{"MYSQL_UNIX_PORT below file", map[string]string{"MYSQL_UNIX_PORT": "/nonexistent/env.sock"}, []string{"--defaults-file=" + filepath.Join(root, "port.cnf")}},
		{"MYSQL_HOST with socket flag", map[string]string{"MYSQL_HOST": "127.0.0.1", "MYSQL_TCP_PORT": "1"}, []string{"--no-defaults", "-S/nonexistent/a.sock"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vars := map[string]string{"PATH": os.Getenv("PATH"), "HOME": filepath.Join(root, "home")}
			for k, v := range tt.vars {
				vars[k] = v
			}
			var env []string
			for k, v := range vars {
				env = append(env, k+"="+v)
			}
			cmd := exec.Command(bin, append(append([]string{}, tt.args...), "-uroot", "-e", "SELECT 1")...)
			cmd.Env = env
			out, _ := cmd.CombinedOutput()
			var want string
			switch s := string(out); {
			case strings.Contains(s, "through socket '"):
				want = "unix " + strings.SplitN(strings.SplitN(s, "through socket '", 2)[1], "'", 2)[0]
			case strings.Contains(s, "Can't connect to server on '"):
				want = "tcp " + strings.SplitN(strings.SplitN(s, "on '", 2)[1], "'", 2)[0]
			default:
				t.Fatalf("unexpected client output %q", s)
			}

			cfg := resolveConfig(t, Env{Getenv: func(k string) string { return vars[k] }, Charmap: func() (string, error) { return "UTF-8", nil }}, tt.args)
			got := "unix " + cfg.Addr
			if cfg.Net == "tcp" {
				host, _, _ := net.SplitHostPort(cfg.Addr)
				got = "tcp " + host
			}
			if got != want {
				t.Errorf("dumpscope: %s; the client: %s", got, want)
			}
		})
	}
}
