package dbconn

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// resolved is the part of a driver config the tests compare.
type resolved struct {
	User, Passwd, Net, Addr, DBName, Collation string
	TLS, Fallback, SkipVerify                  bool
}

func resolveArgs(t *testing.T, env Env, argv []string) (resolved, []string, error) {
	t.Helper()
	o := parsedOptions(t, env, argv)
	cfg, err := o.Resolve()
	if err != nil {
		return resolved{}, o.Warnings(), err
	}
	r := resolved{User: cfg.User, Passwd: cfg.Passwd, Net: cfg.Net, Addr: cfg.Addr, DBName: cfg.DBName,
		Collation: cfg.Collation, TLS: cfg.TLS != nil, Fallback: cfg.AllowFallbackToPlaintext}
	if cfg.TLS != nil {
		r.SkipVerify = cfg.TLS.InsecureSkipVerify
	}
	if cfg.DialFunc != nil { // guardTLS: the unverified default over TCP, upgraded by dumpscope
		r.TLS, r.Fallback, r.SkipVerify = true, true, true
	}
	if cfg.MaxAllowedPacket != 0 || cfg.InterpolateParams || cfg.MultiStatements || cfg.ParseTime || !cfg.AllowNativePasswords {
		t.Errorf("fixed fields wrong: %+v", cfg)
	}
	return r, o.Warnings(), nil
}

func TestResolve(t *testing.T) {
	root := writeTree(t, map[string]string{
		"etc/mysql/my.cnf": "[client-server]\nsocket = /run/mysqld/mysqld.sock\n",
		"home/.my.cnf":     "[client]\nuser=fileuser\npassword=\"file pw\"\n[mysql]\ndefault_character_set=latin1\n",
		"port.cnf":         "[client]\nport=4000\n",
		"tcp.cnf":          "[client]\nport=4000\nprotocol=TCP\n",
		"host.cnf":         "[client]\nhost=db1\nport=4000\n",
		"prompt.cnf":       "[client]\npassword\n",
		"prefix.cnf":       "[client]\nus=bob\nsock=/s.sock\nloose-foo=1\nloose_ssl_ca=\nskip-ssl\nfoo=bar\ndefault-char=gbk\n",
		"ambig.cnf":        "[client]\npa=x\n",
	})
	env := testEnv(root, nil)
	sock := resolved{User: "fileuser", Passwd: "file pw", Net: "unix", Addr: "/run/mysqld/mysqld.sock", Collation: "latin1_swedish_ci", TLS: true, Fallback: true, SkipVerify: true}
	with := func(f func(*resolved)) resolved { r := sock; f(&r); return r }
	tests := []struct {
		name     string
		vars     map[string]string
		argv     []string
		want     resolved
		wantWarn string
		wantErr  string
	}{
		{name: "files", want: sock},
		{name: "command line wins", argv: []string{"-ubob", "-ppw", "-Dsakila", "--default-character-set=utf8mb4"},
			want: with(func(r *resolved) {
				r.User, r.Passwd, r.DBName, r.Collation = "bob", "pw", "sakila", "utf8mb4_general_ci"
			}),
			wantWarn: "password on the command line"},
		{name: "MYSQL_PWD below files", vars: map[string]string{"MYSQL_PWD": "envpw"}, want: sock},
		{name: "MYSQL_PWD when nothing else", vars: map[string]string{"MYSQL_PWD": "envpw"}, argv: []string{"--no-defaults", "-uroot"},
			want: resolved{User: "root", Passwd: "envpw", Net: "unix", Addr: "/run/mysqld/mysqld.sock", Collation: "utf8_general_ci", TLS: true, Fallback: true, SkipVerify: true}},
		{name: "empty password beats MYSQL_PWD", vars: map[string]string{"MYSQL_PWD": "envpw"}, argv: []string{"--no-defaults", "-uroot", "--password="},
			want:     resolved{User: "root", Net: "unix", Addr: "/run/mysqld/mysqld.sock", Collation: "utf8_general_ci", TLS: true, Fallback: true, SkipVerify: true},
			wantWarn: "password on the command line"},
		{name: "MYSQL_UNIX_PORT without files", vars: map[string]string{"MYSQL_UNIX_PORT": "/env.sock"}, argv: []string{"--no-defaults", "-uroot"},
			want: resolved{User: "root", Net: "unix", Addr: "/env.sock", Collation: "utf8_general_ci", TLS: true, Fallback: true, SkipVerify: true}},
		{name: "MYSQL_UNIX_PORT below files", vars: map[string]string{"MYSQL_UNIX_PORT": "/env.sock"}, want: sock},
		{name: "localhost is the socket", argv: []string{"-hlocalhost"}, want: sock},
		{name: "port in a file keeps the socket", argv: []string{"--defaults-extra-file=" + filepath.Join(root, "port.cnf")}, want: sock},
		{name: "protocol=TCP in a file", argv: []string{"--defaults-extra-file=" + filepath.Join(root, "tcp.cnf")},
			want: with(func(r *resolved) { r.Net, r.Addr = "tcp", "localhost:4000" })},
		{name: "-P on the command line means TCP", argv: []string{"-P3307"},
			want: with(func(r *resolved) { r.Net, r.Addr = "tcp", "localhost:3307" })},
		{name: "-S after -P means the socket", argv: []string{"-P3307", "-S/x.sock"}, want: with(func(r *resolved) { r.Addr = "/x.sock" })},
		{name: "-P after -S means TCP", argv: []string{"-S/x.sock", "-P3307"}, want: with(func(r *resolved) { r.Net, r.Addr = "tcp", "localhost:3307" })},
		{name: "--protocol=socket after -P", argv: []string{"-P3307", "--protocol=socket"}, want: sock},
		{name: "host from file, port from file", argv: []string{"--defaults-extra-file=" + filepath.Join(root, "host.cnf")},
			want: with(func(r *resolved) { r.Net, r.Addr = "tcp", "db1:4000" })},
		{name: "IPv6 host, MYSQL_TCP_PORT", vars: map[string]string{"MYSQL_TCP_PORT": "3310"}, argv: []string{"-h::1"},
			want: with(func(r *resolved) { r.Net, r.Addr = "tcp", "[::1]:3310" })},
		{name: "MYSQL_HOST", vars: map[string]string{"MYSQL_HOST": "127.0.0.1", "MYSQL_TCP_PORT": "33999"}, argv: []string{"-S/x.sock"},
			want: with(func(r *resolved) { r.Net, r.Addr = "tcp", "127.0.0.1:33999" })},
		{name: "host in a file beats MYSQL_HOST", vars: map[string]string{"MYSQL_HOST": "127.0.0.1"}, argv: []string{"-hlocalhost"}, want: sock},
		{name: "LOCALHOST is a host name", argv: []string{"-hLOCALHOST", "-P1"}, want: with(func(r *resolved) { r.Net, r.Addr = "tcp", "LOCALHOST:1" })},
		{name: "option prefixes, loose, skip", argv: []string{"--defaults-file=" + filepath.Join(root, "prefix.cnf")},
			want:     resolved{User: "bob", Net: "unix", Addr: "/s.sock", Collation: "gbk_chinese_ci"},
			wantWarn: "unknown variable 'foo' ignored, value not shown"},
		{name: "ambiguous prefix", argv: []string{"--defaults-file=" + filepath.Join(root, "ambig.cnf")}, wantErr: "ambiguous option '--pa' (pager, password)"},
		{name: "skip-ssl", argv: []string{"--skip-ssl"}, want: with(func(r *resolved) { r.TLS, r.Fallback, r.SkipVerify = false, false, false })},
		{name: "verify server cert", argv: []string{"--ssl-verify-server-cert"}, want: with(func(r *resolved) { r.Fallback, r.SkipVerify = false, false })},
		{name: "unknown charset", argv: []string{"--default-character-set=latin9"}, wantErr: "can't initialize character set latin9"},
		{name: "not a client charset", argv: []string{"--default-character-set=ucs2"}, wantErr: "can't be set to the value of 'ucs2'"},
		{name: "charset case-insensitive", argv: []string{"--default-character-set=UTF8MB4"}, want: with(func(r *resolved) { r.Collation = "utf8mb4_general_ci" })},
		{name: "bad protocol", argv: []string{"--protocol=pipe"}, wantErr: "unsupported option to protocol: pipe"},
		{name: "bad port", argv: []string{"-Pabc"}, wantErr: "invalid number 'abc'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := env
			env.Getenv = testEnv(root, tt.vars).Getenv
			got, warns, err := resolveArgs(t, env, tt.argv)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("resolved (-want +got):\n%s", diff)
			}
			if w := strings.Join(warns, "\n"); tt.wantWarn != "" && !strings.Contains(w, tt.wantWarn) || tt.wantWarn == "" && w != "" {
				t.Errorf("warnings = %q, want %q", w, tt.wantWarn)
			}
		})
	}
}

func TestPasswordPrompt(t *testing.T) {
	root := writeTree(t, map[string]string{"prompt.cnf": "[client]\npassword\nuser=u\n"})
	var asked []string
	env := testEnv(root, map[string]string{"MYSQL_PWD": "env"})
	env.Prompt = func(p string) (string, error) { asked = append(asked, p); return "typed", nil }
	for _, argv := range [][]string{
		{"--no-defaults", "-p"},
		{"--no-defaults", "--password"},
		{"--defaults-file=" + filepath.Join(root, "prompt.cnf")},
		{"--no-defaults", "-pgiven", "-p"},
	} {
		asked = nil
		got, _, err := resolveArgs(t, env, argv)
		if err != nil {
			t.Fatal(err)
		}
		if got.Passwd != "typed" || len(asked) != 1 || asked[0] != "Enter password: " {
			t.Errorf("%q: password %q, prompts %q", argv, got.Passwd, asked)
		}
	}
	// -pX after -p: no prompt.
	asked = nil
	got, _, err := resolveArgs(t, env, []string{"--no-defaults", "-p", "-pgiven"})
	if err != nil || got.Passwd != "given" || len(asked) != 0 {
		t.Errorf("-p -pgiven: %q, %v, prompts %q", got.Passwd, err, asked)
	}
	env.Prompt = func(string) (string, error) { return "", ErrNoTerminal }
	if _, _, err := resolveArgs(t, env, []string{"--no-defaults", "-p"}); !errors.Is(err, ErrNoTerminal) {
		t.Errorf("no terminal: err = %v", err)
	}
}

func TestAutoCharset(t *testing.T) {
	tests := []struct{ charmap, want string }{
		{"UTF-8", "utf8_general_ci"},
		{"ANSI_X3.4-1968", "latin1_swedish_ci"}, // C / POSIX / a locale that is not installed
		{"ISO-8859-1", "latin1_swedish_ci"},
		{"ISO-8859-2", "latin2_general_ci"},
		{"GBK", "gbk_chinese_ci"},
		{"EUC-JP", "latin1_swedish_ci"}, // not spelled as in libmariadb's table (eucJP)
		{"KOI8-R", "koi8r_general_ci"},
	}
	for _, tt := range tests {
		env := Env{Charmap: func() (string, error) { return tt.charmap, nil }}
		col, err := collationFor("auto", env)
		if err != nil || col != tt.want {
			t.Errorf("auto with %s: %q, %v; want %q", tt.charmap, col, err, tt.want)
		}
	}
}

func TestSystemCharmap(t *testing.T) {
	for _, tt := range []struct {
		vars map[string]string
		want string
	}{
		{map[string]string{}, "ANSI_X3.4-1968"},
		{map[string]string{"LANG": "C"}, "ANSI_X3.4-1968"},
		{map[string]string{"LC_ALL": "C.UTF-8", "LANG": "C"}, "UTF-8"},
		{map[string]string{"LC_CTYPE": "C.UTF-8", "LANG": "C"}, "UTF-8"},
		{map[string]string{"LANG": "C.UTF-8"}, "UTF-8"},
	} {
		got, err := systemCharmap(Env{Getenv: func(k string) string { return tt.vars[k] }})
		if err != nil {
			t.Skipf("locale charmap: %v", err)
		}
		if got != tt.want {
			t.Errorf("%v: charmap %q, want %q", tt.vars, got, tt.want)
		}
	}
}

func TestDescribe(t *testing.T) {
	root := writeTree(t, nil)
	for _, tt := range []struct {
		argv []string
		want string
	}{
		{[]string{"--no-defaults", "-uroot"}, "root@localhost via /run/mysqld/mysqld.sock"},
		{[]string{"--no-defaults", "-uapp", "-hdb1", "-P3307", "-psecret"}, "app@db1:3307 via TCP/IP"},
		{[]string{"--no-defaults", "-uapp", "-hdb1", "--ssl-verify-server-cert"}, "app@db1:3306 via TCP/IP (TLS required)"},
	} {
		cfg := resolveConfig(t, testEnv(root, nil), tt.argv)
		if got := Describe(cfg); got != tt.want {
			t.Errorf("Describe = %q, want %q", got, tt.want)
		}
	}
}

func TestTargetSandbox(t *testing.T) {
	root := writeTree(t, map[string]string{"home/.my.cnf": "[client]\nuser=app\npassword=pw\nhost=db1\nport=3307\n"})
	fs, o := newTestFlagSet()
	o.Env = testEnv(root, nil)
	a, _ := PreprocessArgs(fs, []string{"-uother", "-P3308", "--default-character-set=gbk"})
	if err := fs.Parse(a); err != nil {
		t.Fatal(err)
	}
	o.TargetSandbox("/tmp/sb/mysqld.sock")
	cfg, err := o.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	got := resolved{User: cfg.User, Passwd: cfg.Passwd, Net: cfg.Net, Addr: cfg.Addr, Collation: cfg.Collation}
	want := resolved{User: "root", Net: "unix", Addr: "/tmp/sb/mysqld.sock", Collation: "gbk_chinese_ci"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("resolved (-want +got):\n%s", diff)
	}
}

// TestSSLModeFileYieldsToCommandLine: an ssl-mode in an option file must not undo the TLS
// options given on the command line (issue 22, item 9): ssl-mode=DISABLED in ~/.my.cnf
// and --ssl-verify-server-cert on the command line once connected in plaintext.
func TestSSLModeFileYieldsToCommandLine(t *testing.T) {
	root := writeTree(t, map[string]string{
		"disabled.cnf":  "[client]\nssl-mode=DISABLED\n",
		"required.cnf":  "[client]\nssl-mode=REQUIRED\n",
		"verifyid.cnf":  "[client]\nssl-mode=VERIFY_IDENTITY\n",
		"preferred.cnf": "[client]\nssl-mode=PREFERRED\n",
	})
	file := func(name string) string { return "--defaults-file=" + filepath.Join(root, name) }
	tests := []struct {
		name string
		argv []string
		// verify: certificate and host name checked; tls: TLS configured at all;
		// fallback: plaintext allowed when the server has no TLS.
		tls, verify, fallback bool
	}{
		{"file DISABLED, command line verifies", []string{file("disabled.cnf"), "--ssl-verify-server-cert"}, true, true, false},
		{"file PREFERRED, command line verifies", []string{file("preferred.cnf"), "--ssl-verify-server-cert"}, true, true, false},
		{"file REQUIRED, command line verifies", []string{file("required.cnf"), "--ssl-verify-server-cert"}, true, true, false},
		{"file DISABLED, command line --ssl", []string{file("disabled.cnf"), "--ssl"}, true, false, true},
		{"file REQUIRED, command line --ssl keeps REQUIRED", []string{file("required.cnf"), "--ssl"}, true, false, false},
		{"file VERIFY_IDENTITY, command line --ssl keeps it", []string{file("verifyid.cnf"), "--ssl"}, true, true, false},
		{"file REQUIRED, command line --skip-ssl", []string{file("required.cnf"), "--skip-ssl"}, false, false, false},
		{"file DISABLED alone", []string{file("disabled.cnf")}, false, false, false},
		{"command-line ssl-mode beats verify", []string{"--no-defaults", "--ssl-verify-server-cert", "--ssl-mode=DISABLED"}, false, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := resolveConfig(t, plainEnv(), append(tt.argv, "-uroot", "-hdb1"))
			gotTLS := cfg.TLS != nil || cfg.DialFunc != nil // DialFunc: guardTLS's own upgrade
			gotVerify := cfg.TLS != nil && !cfg.TLS.InsecureSkipVerify && cfg.TLS.ServerName == "db1"
			gotFallback := cfg.AllowFallbackToPlaintext || cfg.DialFunc != nil
			if gotTLS != tt.tls || gotVerify != tt.verify || gotFallback != tt.fallback {
				t.Errorf("tls %v verify %v fallback %v, want %v %v %v", gotTLS, gotVerify, gotFallback, tt.tls, tt.verify, tt.fallback)
			}
		})
	}
}

// TestUnknownOptionNotEchoed: a key dumpscope does not know may be a misspelt password
// (`password1=…`, `passwrod=…`), and a bare line may be a password written alone, so the
// warning names the key, the file and the line, never the value or a bare line's text
// (issue 22, item 17); Setting.String hides such values too.
func TestUnknownOptionNotEchoed(t *testing.T) {
	const secret = "hunter2-s3cret"
	root := writeTree(t, map[string]string{
		"my.cnf": "[client]\nuser=app\npassword1=" + secret + "\n" + secret + "\nloose-passwd=" + secret + "\n",
	})
	path := filepath.Join(root, "my.cnf")
	o := parsedOptions(t, plainEnv(), []string{"--defaults-file=" + path})
	if _, err := o.Resolve(); err != nil {
		t.Fatal(err)
	}
	warns := strings.Join(o.Warnings(), "\n")
	for _, want := range []string{path + ":3: unknown variable 'password1'", path + ":4: "} {
		if !strings.Contains(warns, want) {
			t.Errorf("warnings %q do not say %q", warns, want)
		}
	}
	if strings.Contains(warns, secret) {
		t.Errorf("warnings show the value: %q", warns)
	}
	settings, err := o.Settings()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range settings {
		if strings.Contains(s.String(), secret) {
			t.Errorf("Setting.String() = %q shows the value", s.String())
		}
	}
}

// TestCharsetGiven: only a --default-character-set that names a charset counts as given
// (a resumed import then refuses one that contradicts the interrupted run's); auto, or none,
// follows the locale.
func TestCharsetGiven(t *testing.T) {
	for args, want := range map[string]bool{
		"--no-defaults": false,
		"--no-defaults --default-character-set=auto":          false,
		"--no-defaults --default-character-set=latin1":        true,
		"--no-defaults --default-character-set latin1 -uroot": true,
	} {
		if got := parsedOptions(t, plainEnv(), strings.Fields(args)).CharsetGiven(); got != want {
			t.Errorf("%s: CharsetGiven() = %v, want %v", args, got, want)
		}
	}
}
