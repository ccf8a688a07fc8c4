package dbconn

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// writeTree creates files (path relative to root → content) and returns root. A "{root}"
// in a content is replaced by root, so includes can name absolute paths.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(strings.ReplaceAll(content, "{root}", root)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// testEnv is an Env rooted in a temp tree: global dirs root/etc and root/etc/mysql, HOME
// root/home, and only the given environment variables.
func testEnv(root string, vars map[string]string) Env {
	return Env{
		SystemDirs: []string{filepath.Join(root, "etc"), filepath.Join(root, "etc/mysql")},
		Getenv: func(k string) string {
			if k == "HOME" {
				if v, ok := vars[k]; ok {
					return v
				}
				return filepath.Join(root, "home")
			}
			return vars[k]
		},
		Charmap: func() (string, error) { return "UTF-8", nil },
	}
}

func args(s []Setting) []string {
	out := make([]string, 0, len(s))
	for _, x := range s {
		out = append(out, x.Arg())
	}
	return out
}

func TestParseOptionFile(t *testing.T) {
	tests := []struct {
		name    string
		content string
		want    []string
		wantErr string
	}{
		{
			name: "comments, spaces, quotes, escapes",
			content: "# c\n; c\n\n[client]\n  user = alice   # trailing\npassword = \"pa#ss word\"  # c\n" +
				"host='h1'\ne1=ab#cd\ne2='ab#cd' tail\ne3=\"x\\\"y\" # c\nssl_ca=a\\tb\\\\c\\sd\\qe\\\n" +
				"q1 = \"abc\nq2 = 'a'b'\npass=\"'abc'\"\nnovalue =\nkey with space = v\n",
			want: []string{"--user=alice", "--password=pa#ss word", "--host=h1", "--e1=ab",
				"--e2='ab#cd' tail", "--e3=x\"y", "--ssl_ca=a\tb\\c d\\qe\\", "--q1=\"abc", "--q2=a'b",
				"--pass='abc'", "--novalue=", "--key with space=v"},
		},
		{
			name:    "groups: only client ones, case-insensitive, leading space inside brackets kept",
			content: "[mysqld]\nport=1\n[CLIENT]\nport=2\n[ mariadb-client ]\nport=3\n[mariadb-client ]\nport=4\n[mariadb]\nport=5\n[mariadb-10.11]\nport=6\n[client-server]\nsocket=/s\n[client-mariadb]\nuser=u\n[mysql]\ndatabase=d\n[mysqldump]\nquick\n",
			want:    []string{"--port=2", "--port=4", "--socket=/s", "--user=u", "--database=d"},
		},
		{
			name:    "bare key",
			content: "[client]\npassword\ncompress\n",
			want:    []string{"--password", "--compress"},
		},
		{name: "option before group", content: "user=x\n[client]\n", wantErr: "found option without preceding group"},
		{name: "unterminated group", content: "[client\nuser=x\n", wantErr: "wrong group definition"},
		{name: "BOM is not skipped", content: "\xef\xbb\xbf[client]\nuser=x\n", wantErr: "found option without preceding group"},
		{name: "CRLF", content: "[client]\r\nuser = x \r\n", want: []string{"--user=x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := writeTree(t, map[string]string{"f.cnf": tt.content})
			o := &Options{Env: testEnv(root, nil)}
			o.files.defaultsFile = filepath.Join(root, "f.cnf")
			got, err := o.Settings()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, args(got)); diff != "" {
				t.Errorf("settings (-want +got):\n%s", diff)
			}
		})
	}
}

func TestIncludes(t *testing.T) {
	root := writeTree(t, map[string]string{
		"main.cnf": "[client]\nhost=a\n!include {root}/inc/one.cnf\n! include {root}/inc/one.cnf\n!includefoo\n!foo bar\n" +
			"!includedir {root}/inc/d\n!include {root}/missing.cnf\n[mysqld]\n!include {root}/inc/grp.cnf\nuser=stays-in-mysqld\n" +
			"[client]\n!include {root}/inc/bad.cnf\nport=5\nafter=1\n",
		"inc/one.cnf":  "[client]\nfrom_include=1\n",
		"inc/grp.cnf":  "[client]\nuser=inc\n",
		"inc/bad.cnf":  "user=bad\n[client]\nuser=never\n",
		"inc/d/b.cnf":  "[client]\nd=b\n",
		"inc/d/a.cnf":  "[client]\nd=a\n",
		"inc/d/B.cnf":  "[client]\nd=B\n",
		"inc/d/10.cnf": "[client]\nd=10\n",
		"inc/d/c.ini":  "[client]\nd=c\n",
		"inc/d/x.cnf~": "[client]\nd=backup\n",
	})
	o := &Options{Env: testEnv(root, nil)}
	o.files.defaultsFile = filepath.Join(root, "main.cnf")
	st, warns, err := o.Env.readDefaults(o.files)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"--host=a", "--from_include=1", "--from_include=1", "--d=10", "--d=B", "--d=a", "--d=b",
		"--user=inc", "--port=5", "--after=1"}
	if diff := cmp.Diff(want, args(st)); diff != "" {
		t.Errorf("settings (-want +got):\n%s", diff)
	}
	if len(warns) != 1 || !strings.Contains(warns[0], "bad.cnf at line: 1") {
		t.Errorf("warnings = %q, want one about bad.cnf line 1", warns)
	}
}

func TestIncludeRecursionLimit(t *testing.T) {
	root := writeTree(t, map[string]string{"self.cnf": "[client]\nhost=r\n!include {root}/self.cnf\n"})
	o := &Options{Env: testEnv(root, nil)}
	o.files.defaultsFile = filepath.Join(root, "self.cnf")
	st, warns, err := o.Env.readDefaults(o.files)
	if err != nil {
		t.Fatal(err)
	}
	if len(st) != maxIncludeDepth+1 {
		t.Errorf("read %d settings, want %d (levels 0..%d)", len(st), maxIncludeDepth+1, maxIncludeDepth)
	}
	if len(warns) != 1 || !strings.Contains(warns[0], "maximum include recursion") {
		t.Errorf("warnings = %q", warns)
	}
}

func TestIncludedirMissingIsFatalAtTopLevel(t *testing.T) {
	root := writeTree(t, map[string]string{"f.cnf": "[client]\n!includedir {root}/nope\n"})
	o := &Options{Env: testEnv(root, nil)}
	o.files.defaultsFile = filepath.Join(root, "f.cnf")
	if _, err := o.Settings(); err == nil || !strings.Contains(err.Error(), "can't read dir") {
		t.Fatalf("err = %v, want can't read dir", err)
	}
}

// TestFileOrder checks the global files, $MYSQL_HOME, the extra file and ~/.my.cnf are
// read in the client's order, and that --defaults-file and --no-defaults replace them.
func TestFileOrder(t *testing.T) {
	root := writeTree(t, map[string]string{
		"etc/my.cnf":                    "[client]\nuser=etc\n!includedir {root}/etc/mysql/conf.d\n",
		"etc/mysql/my.cnf":              "[client-server]\nsocket=/etc-mysql\n[client]\nuser=etc-mysql\n",
		"etc/mysql/conf.d/mysql.cnf":    "[mysql]\ndatabase=confd\n",
		"mysqlhome/my.cnf":              "[client]\nuser=mysql-home\n",
		"mariadbhome/my.cnf":            "[client]\nuser=mariadb-home\n",
		"extra.cnf":                     "[client]\nuser=extra\n",
		"home/.my.cnf":                  "[client]\nuser=home\n",
		"only.cnf":                      "[client]\nuser=only\n",
		"home/my.cnf":                   "[client]\nuser=not-read-without-dot\n",
		"etc/mysql/conf.d/ignored.conf": "[client]\nuser=wrong-ext\n",
	})
	tests := []struct {
		name    string
		vars    map[string]string
		spec    fileSpec
		want    []string
		wantErr string
	}{
		{name: "globals and home", want: []string{"--user=etc", "--database=confd", "--socket=/etc-mysql", "--user=etc-mysql", "--user=home"}},
		{name: "MYSQL_HOME and extra", vars: map[string]string{"MYSQL_HOME": filepath.Join(root, "mysqlhome")},
			spec: fileSpec{extraFile: filepath.Join(root, "extra.cnf")},
			want: []string{"--user=etc", "--database=confd", "--socket=/etc-mysql", "--user=etc-mysql", "--user=mysql-home", "--user=extra", "--user=home"}},
		{name: "MARIADB_HOME wins over MYSQL_HOME", vars: map[string]string{"MYSQL_HOME": filepath.Join(root, "mysqlhome"), "MARIADB_HOME": filepath.Join(root, "mariadbhome")},
			want: []string{"--user=etc", "--database=confd", "--socket=/etc-mysql", "--user=etc-mysql", "--user=mariadb-home", "--user=home"}},
		{name: "defaults-file only", spec: fileSpec{defaultsFile: filepath.Join(root, "only.cnf")}, want: []string{"--user=only"}},
		{name: "no-defaults", spec: fileSpec{noDefaults: true, defaultsFile: filepath.Join(root, "only.cnf")}, want: []string{}},
		{name: "missing extra file", spec: fileSpec{extraFile: filepath.Join(root, "nope.cnf")}, wantErr: "could not open required defaults file"},
		{name: "missing defaults file", spec: fileSpec{defaultsFile: filepath.Join(root, "nope.cnf")}, wantErr: "could not open required defaults file"},
		{name: "group suffix", vars: map[string]string{"MYSQL_GROUP_SUFFIX": "_x"}, spec: fileSpec{defaultsFile: writeTree(t, map[string]string{"s.cnf": "[client_x]\nuser=sx\n[client]\nuser=c\n[client_y]\nuser=sy\n"}) + "/s.cnf"},
			want: []string{"--user=sx", "--user=c"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := &Options{Env: testEnv(root, tt.vars), files: tt.spec}
			got, err := o.Settings()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, args(got)); diff != "" {
				t.Errorf("settings (-want +got):\n%s", diff)
			}
		})
	}
}

func TestWorldWritableIgnored(t *testing.T) {
	root := writeTree(t, map[string]string{"etc/my.cnf": "[client]\nuser=ww\n", "home/.my.cnf": "[client]\nuser=home\n"})
	if err := os.Chmod(filepath.Join(root, "etc/my.cnf"), 0o666); err != nil {
		t.Fatal(err)
	}
	st, warns, err := testEnv(root, nil).readDefaults(fileSpec{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"--user=home"}, args(st)); diff != "" {
		t.Errorf("settings (-want +got):\n%s", diff)
	}
	if len(warns) != 1 || !strings.Contains(warns[0], "world-writable") {
		t.Errorf("warnings = %q", warns)
	}
}

func TestSettingStringHidesPassword(t *testing.T) {
	for _, s := range []Setting{
		{Key: "password", Value: "secret", HasValue: true},
		{Key: "pass", Value: "secret", HasValue: true},
		{Key: "loose_password", Value: "secret", HasValue: true},
	} {
		if got := fmt.Sprint([]Setting{s}); strings.Contains(got, "secret") {
			t.Errorf("%s printed as %q", s.Key, got)
		}
	}
	if got := (Setting{Key: "user", Value: "bob", HasValue: true}).String(); got != "--user=bob" {
		t.Errorf("user printed as %q", got)
	}
}

// FuzzParseOptionFile checks the parser never panics and yields at most one setting per
// line of input.
func FuzzParseOptionFile(f *testing.F) {
	f.Add([]byte("[client]\nuser = 'a#b' # c\npassword\n!include /nonexistent\n"))
	f.Add([]byte("[client]\nk=\"x\\\"y\\\\\" \n[mysqld]\nport=1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &optReader{groups: ClientGroups()}
		_ = r.parse(bytes.NewReader(data), "fuzz.cnf", maxIncludeDepth)
		if lines := bytes.Count(data, []byte("\n")) + 1; len(r.settings) > lines {
			t.Fatalf("%d settings from %d lines", len(r.settings), lines)
		}
	})
}
