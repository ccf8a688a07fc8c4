package dbconn

import (
	"flag"
	"fmt"
	"strings"
)

// cmdSource names settings given as flags in errors and warnings.
const cmdSource = "command line"

// Options collects the connection flags of one command. Flags are recorded in order and
// applied after the option files in Resolve, so the command line wins and, within it,
// the last occurrence wins, as for the client.
type Options struct {
	// Env is where option files and environment variables come from; the zero value
	// is the real machine.
	Env Env

	files   fileSpec
	cmdline []Setting
	// passwordOnCommandLine is set by -pSECRET / --password=SECRET, which any user of
	// the machine can read in the process list; Warnings says so.
	passwordOnCommandLine bool
	warnings              []string
}

// settingValue is a flag.Value that records a client option as a command-line setting.
type settingValue struct {
	o       *Options
	key     string
	isBool  bool
	current string
}

func (v *settingValue) String() string {
	if v == nil {
		return ""
	}
	return v.current
}

func (v *settingValue) Set(s string) error {
	if v.key == "password" {
		v.o.passwordOnCommandLine = true
		v.current = "***"
	} else {
		v.current = s
	}
	v.o.cmdline = append(v.o.cmdline, Setting{Key: v.key, Value: s, HasValue: true, Source: cmdSource})
	return nil
}

func (v *settingValue) IsBoolFlag() bool { return v.isBool }

// promptValue is the internal flag PreprocessArgs turns a bare -p / --password into.
type promptValue struct{ o *Options }

func (v *promptValue) String() string   { return "" }
func (v *promptValue) IsBoolFlag() bool { return true }
func (v *promptValue) Set(s string) error {
	if b, ok := parseBool(s); !ok || !b {
		return fmt.Errorf("%s takes no value", passwordPromptFlag)
	}
	v.o.cmdline = append(v.o.cmdline, Setting{Key: "password", Source: cmdSource})
	return nil
}

// passwordPromptFlag is what a bare -p or --password becomes: Go's flag package cannot
// tell `-p` from `-p=true`.
const passwordPromptFlag = "password-prompt"

// AddFlags registers the mariadb client's connection flags on fs. Call PreprocessArgs on
// the arguments before fs.Parse so the client's attached forms (-uroot, -psecret) and a
// bare -p work. See docs/connection.md for the accepted forms.
func AddFlags(fs *flag.FlagSet) *Options {
	o := &Options{}
	str := func(key, short, usage string) {
		v := &settingValue{o: o, key: key}
		fs.Var(v, key, usage)
		if short != "" {
			fs.Var(v, short, "short for --"+key)
		}
	}
	boolean := func(key, usage string) {
		fs.Var(&settingValue{o: o, key: key, isBool: true}, key, usage)
	}
	str("host", "h", "server host; none or `localhost` means the unix socket, as for the mariadb client")
	str("port", "P", "TCP port (on the command line it also selects TCP, as for the client)")
	str("user", "u", "user name (default: root when run as root, else the login name)")
	// -p/--password is a bool-shaped flag so that a following argument is never taken
	// as the password, as in the client; PreprocessArgs turns `-pX` into --password=X.
	pw := &settingValue{o: o, key: "password", isBool: true}
	fs.Var(pw, "password", "password; -p or --password alone prompts on the terminal; -pSECRET and --password=SECRET work but are insecure")
	fs.Var(pw, "p", "short for --password")
	fs.Var(&promptValue{o: o}, passwordPromptFlag, "(internal) what a bare -p or --password becomes")
	str("socket", "S", "unix socket path (default /run/mysqld/mysqld.sock, or $MYSQL_UNIX_PORT)")
	str("database", "D", "default database")
	str("default-character-set", "", "connection character set (default `auto`: from the locale, as the client: UTF-8 → utf8 (utf8mb3), else latin1)")
	str("protocol", "", "tcp or socket")
	str("connect-timeout", "", "connect timeout in seconds")
	str("ssl-ca", "", "CA file in PEM format; the server certificate chain is verified against it")
	str("ssl-cert", "", "client certificate in PEM format")
	str("ssl-key", "", "client key in PEM format")
	str("ssl-mode", "", "TLS as the MySQL 8 client: `DISABLED`, PREFERRED (the default), REQUIRED, VERIFY_CA or VERIFY_IDENTITY; with --ssl-ca at least VERIFY_CA")
	str("server-public-key-path", "", "PEM `file` with the server's RSA public key, for caching_sha2_password/sha256_password accounts without TLS (as the MySQL 8 client)")
	boolean("get-server-public-key", "without TLS, accept the RSA key the server sends for caching_sha2_password (a man in the middle can send his own and read the password)")
	boolean("ssl", "use TLS when the server offers it (default true; --skip-ssl disables)")
	boolean("ssl-verify-server-cert", "require TLS and verify the server certificate and host name")
	fs.Func("defaults-file", "read options only from this file", func(s string) error {
		o.files.defaultsFile = s
		return nil
	})
	fs.Func("defaults-extra-file", "read this option file after the global ones, before ~/.my.cnf", func(s string) error {
		o.files.extraFile = s
		return nil
	})
	fs.Func("defaults-group-suffix", "also read the groups with this suffix", func(s string) error {
		o.files.groupSuffix = s
		return nil
	})
	fs.BoolFunc("no-defaults", "read no option files", func(s string) error {
		b, ok := parseBool(s)
		if !ok {
			return fmt.Errorf("invalid boolean %q", s)
		}
		o.files.noDefaults = b
		return nil
	})
	return o
}

// Set records an option as if it had been given on the command line after the user's
// flags (key as the client spells it: "socket", "user", "ssl"...), so it wins over them
// and over the option files. Commands use it for settings they derive themselves.
func (o *Options) Set(key, value string) {
	o.cmdline = append(o.cmdline, Setting{Key: key, Value: value, HasValue: true, Source: cmdSource})
}

// TargetSandbox points the options at a throwaway server's socket as root without a
// password, whatever the flags and option files say about host, port, user and password;
// the character set and TLS options still apply, as they would to `mariadb
// --user=root --socket=…`.
func (o *Options) TargetSandbox(socket string) {
	o.Set("host", "localhost")
	o.Set("protocol", "socket")
	o.Set("socket", socket)
	o.Set("user", "root")
	o.Set("password", "")
}

// attachedShort are the short options whose value the client accepts attached
// (-uroot) or, except -p, as the next argument.
const attachedShort = "hPupSD"

// PreprocessArgs rewrites the mariadb client's argument forms that Go's flag package
// does not parse into forms it does, for flags registered by AddFlags on fs:
//
//	-p, --password, -password      → prompt for the password (never takes the next argument)
//	-pSECRET                       → --password=SECRET (warned about as insecure)
//	--password=SECRET              → unchanged (warned about as insecure)
//	-uroot -hHOST -P3306 -Ddb -S/s → -u root, -h HOST, ...
//	--skip-ssl                     → --ssl=false
//
// A password given in an argument is copied, then overwritten with x's in the process's
// argument memory (what /proc/PID/cmdline shows), as the client does.
//
// A single-dash argument that names a flag of fs (-host=x, -no-tui) keeps Go's meaning.
// The separate value of a flag of fs that takes one, and everything after "--", is left
// alone. Long-option prefixes (--us=bob) are not accepted on the command line.
func PreprocessArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			out = append(out, args[i:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			out = append(out, a)
			continue
		}
		name, value, hasEq := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case name == "password" && hasEq:
			out = append(out, strings.Clone(a))
			wipeArgv(value)
			continue
		case a == "-p" || name == "password" && !hasEq:
			out = append(out, "--"+passwordPromptFlag)
			continue
		case name == "skip-ssl" || name == "disable-ssl":
			if hasEq {
				return nil, fmt.Errorf("%s takes no value", a)
			}
			out = append(out, "--ssl=false")
			continue
		}
		if !strings.HasPrefix(a, "--") && len(a) > 2 && fs.Lookup(name) == nil && name != "help" && strings.IndexByte(attachedShort, a[1]) >= 0 && fs.Lookup(a[1:2]) != nil {
			if a[1] == 'p' {
				out = append(out, "--password="+a[2:]) // a copy
				wipeArgv(a[2:])
			} else {
				out = append(out, a[:2], a[2:])
			}
			continue
		}
		out = append(out, a)
		if f := fs.Lookup(name); f != nil && !hasEq && !isBoolFlag(f) && i+1 < len(args) {
			i++
			out = append(out, args[i])
		}
	}
	return out, nil
}

func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}
