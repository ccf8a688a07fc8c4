package dbconn

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/spf13/pflag"
)

// newTestFlagSet is a command's flag set: the connection flags plus flags of its own.
func newTestFlagSet() (*pflag.FlagSet, *Options) {
	fs := pflag.NewFlagSet("import", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o := AddFlags(fs)
	fs.Bool("no-tui", false, "")
	fs.String("sandbox-dir", "", "")
	fs.Bool("progress", false, "")
	return fs, o
}

func TestPreprocessArgs(t *testing.T) {
	tests := []struct {
		name string
		in   []string
		want []string
	}{
		{"bare -p unchanged", []string{"-p", "dump.sql"}, []string{"-p", "dump.sql"}},
		{"bare -password prompts", []string{"-password"}, []string{"--password"}},
		{"attached -p", []string{"-psecret"}, []string{"--password=secret"}},
		{"--password=", []string{"--password=a b"}, []string{"--password=a b"}},
		{"attached short left to pflag", []string{"-uroot", "-hlocalhost"}, []string{"-uroot", "-hlocalhost"}},
		{"separate value not rewritten", []string{"-u", "-pfoo"}, []string{"-u", "-pfoo"}},
		{"own flag value not rewritten", []string{"--sandbox-dir", "-pfoo"}, []string{"--sandbox-dir", "-pfoo"}},
		{"skip-ssl", []string{"--skip-ssl"}, []string{"--ssl=false"}},
		{"stdin dash", []string{"-"}, []string{"-"}},
		{"after --", []string{"-psecret", "--", "-pfoo"}, []string{"--password=secret", "--", "-pfoo"}},
		{"positional then flags", []string{"dump.sql", "-pX"}, []string{"dump.sql", "--password=X"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs, _ := newTestFlagSet()
			got, err := PreprocessArgs(fs, tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("PreprocessArgs(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestFlagsRecordSettings parses preprocessed arguments and checks what the options
// recorded, in order, with the password warning.
func TestFlagsRecordSettings(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		want       []string // Setting.Arg() of each recorded setting
		rest       []string
		insecure   bool
		wantFiles  fileSpec
		wantParseE bool
	}{
		{
			name: "client forms",
			args: []string{"-uroot", "-psecret", "-hdb1", "-P3307", "-Dsakila", "--default-character-set=utf8mb4", "dump.sql"},
			want: []string{"--user=root", "--password=secret", "--host=db1", "--port=3307", "--database=sakila", "--default-character-set=utf8mb4"},
			rest: []string{"dump.sql"}, insecure: true,
		},
		{
			name: "prompt and socket",
			args: []string{"-p", "-S", "/tmp/s.sock", "x.sql"},
			want: []string{"--password", "--socket=/tmp/s.sock"},
			rest: []string{"x.sql"},
		},
		{
			name: "bare -p never takes the next word",
			args: []string{"-p", "secret", "--password", "x.sql"},
			want: []string{"--password", "--password"},
			rest: []string{"secret", "x.sql"},
		},
		{
			name: "flags after the file",
			args: []string{"x.sql", "-uroot", "-P", "3307"},
			want: []string{"--user=root", "--port=3307"},
			rest: []string{"x.sql"},
		},
		{
			name:      "defaults flags",
			args:      []string{"--defaults-file=/a.cnf", "--defaults-extra-file", "/b.cnf", "--no-defaults", "--defaults-group-suffix=_x"},
			wantFiles: fileSpec{noDefaults: true, defaultsFile: "/a.cnf", extraFile: "/b.cnf", groupSuffix: "_x"},
		},
		{
			name: "ssl flags",
			args: []string{"--ssl-ca=/ca.pem", "--ssl-verify-server-cert", "--skip-ssl"},
			want: []string{"--ssl-ca=/ca.pem", "--ssl-verify-server-cert=true", "--ssl=false"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs, o := newTestFlagSet()
			args, err := PreprocessArgs(fs, tt.args)
			if err != nil {
				t.Fatal(err)
			}
			if err := fs.Parse(args); err != nil {
				t.Fatalf("Parse(%q): %v", args, err)
			}
			var got []string
			for _, s := range o.cmdline {
				got = append(got, s.Arg())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("settings (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.rest, fs.Args(), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("rest (-want +got):\n%s", diff)
			}
			if o.passwordOnCommandLine != tt.insecure {
				t.Errorf("passwordOnCommandLine = %v, want %v", o.passwordOnCommandLine, tt.insecure)
			}
			if diff := cmp.Diff(tt.wantFiles, o.files, cmp.AllowUnexported(fileSpec{})); diff != "" {
				t.Errorf("files (-want +got):\n%s", diff)
			}
			for _, r := range []string{o.Redacted(), fmt.Sprintf("%v", o), fmt.Sprintf("%+v", *o)} {
				if containsSecret(r) {
					t.Errorf("%q shows the password", r)
				}
			}
		})
	}
}

func containsSecret(s string) bool { return strings.Contains(s, "secret") }
