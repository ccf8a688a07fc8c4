package dbconn

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"
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

// settingValue is a pflag.Value that records a client option as a command-line setting.
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

func (v *settingValue) Type() string {
	if v.isBool {
		return "bool"
	}
	return "string"
}

func (v *settingValue) Set(s string) error {
	switch {
	case v.key == "password" && s == promptValue:
		// A bare -p or --password: prompt, as the client does.
		v.o.cmdline = append(v.o.cmdline, Setting{Key: "password", Source: cmdSource})
		return nil
	case v.key == "password":
		v.o.passwordOnCommandLine = true
		v.current = "***"
	default:
		v.current = s
	}
	v.o.cmdline = append(v.o.cmdline, Setting{Key: v.key, Value: s, HasValue: true, Source: cmdSource})
	return nil
}

// promptValue is what pflag hands to --password when it has no attached value (its
// NoOptDefVal): a bare -p or --password prompts, and the next argument is never taken as
// the password, as in the client. A NUL cannot come from a command line.
const promptValue = "\x00prompt"

// AddFlags registers the mariadb client's connection flags on fs, with the client's
// short letters (-h -P -u -p -S -D). pflag parses the attached forms (-uroot, -psecret)
// itself; call PreprocessArgs first for the client forms it does not know (--skip-ssl, a
// bare -password). See docs/connection.md for the accepted forms.
func AddFlags(fs *pflag.FlagSet) *Options {
	o := &Options{}
	str := func(key, short, usage string) {
		fs.VarP(&settingValue{o: o, key: key}, key, short, usage)
	}
	boolean := func(key, usage string) {
		fs.VarPF(&settingValue{o: o, key: key, isBool: true}, key, "", usage).NoOptDefVal = "true"
	}
	str("host", "h", "server `HOST`; none or localhost means the unix socket, as for the mariadb client")
	str("port", "P", "TCP `PORT` (on the command line it also selects TCP, as for the client)")
	str("user", "u", "`USER` name (default: root when run as root, else the login name)")
	// -p/--password takes its value only attached (-pSECRET, --password=SECRET) so that a
	// following argument is never taken as the password, as in the client.
	fs.VarPF(&settingValue{o: o, key: "password"}, "password", "p",
		"`PASSWORD`; -p or --password alone prompts on the terminal; -pSECRET and --password=SECRET work but other users can read them").NoOptDefVal = promptValue
	str("socket", "S", "unix socket `PATH` (default /run/mysqld/mysqld.sock, or $MYSQL_UNIX_PORT)")
	str("database", "D", "default `DATABASE`")
	str("default-character-set", "", "connection `CHARSET` (default auto: from the locale, as the client: UTF-8 → utf8 (utf8mb3), else latin1)")
	str("protocol", "", "`PROTOCOL`: tcp or socket")
	str("connect-timeout", "", "connect timeout in `SECONDS`")
	str("ssl-ca", "", "CA `FILE` in PEM format; the server certificate chain is verified against it")
	str("ssl-cert", "", "client certificate `FILE` in PEM format")
	str("ssl-key", "", "client key `FILE` in PEM format")
	boolean("ssl", "use TLS when the server offers it (default true; --skip-ssl disables)")
	boolean("ssl-verify-server-cert", "require TLS and verify the server certificate and host name")
	fs.Func("defaults-file", "read options only from this `FILE`", func(s string) error {
		o.files.defaultsFile = s
		return nil
	})
	fs.Func("defaults-extra-file", "read this option `FILE` after the global ones, before ~/.my.cnf", func(s string) error {
		o.files.extraFile = s
		return nil
	})
	fs.Func("defaults-group-suffix", "also read the option groups with this `SUFFIX`", func(s string) error {
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

// PreprocessArgs rewrites the mariadb client's argument forms that pflag does not parse
// as the client does, for flags registered by AddFlags on fs:
//
//	-password                      → --password (prompt; pflag would take "assword")
//	-pSECRET                       → --password=SECRET (pflag would read -p -S ECRET)
//	--skip-ssl, --disable-ssl      → --ssl=false
//
// Everything else the client accepts pflag parses itself: -p and --password alone prompt
// and never take the next argument, --password=SECRET, -uroot and -u root.
// The separate value of a flag of fs that takes one, and everything after "--", is left
// alone. Long-option prefixes (--us=bob) are not accepted on the command line.
func PreprocessArgs(fs *pflag.FlagSet, args []string) ([]string, error) {
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
		name, _, hasEq := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case a == "-password":
			out = append(out, "--password")
			continue
		case len(a) > 2 && a[1] == 'p' && fs.ShorthandLookup("p") != nil && fs.ShorthandLookup("p").Name == "password":
			out = append(out, "--password="+a[2:])
			continue
		case strings.HasPrefix(a, "--") && (name == "skip-ssl" || name == "disable-ssl"):
			if hasEq {
				return nil, fmt.Errorf("%s takes no value", a)
			}
			out = append(out, "--ssl=false")
			continue
		}
		out = append(out, a)
		var f *pflag.Flag
		switch {
		case strings.HasPrefix(a, "--") && !hasEq:
			f = fs.Lookup(name)
		case !strings.HasPrefix(a, "--") && len(a) == 2:
			f = fs.ShorthandLookup(a[1:])
		}
		if f != nil && f.NoOptDefVal == "" && i+1 < len(args) {
			i++
			out = append(out, args[i])
		}
	}
	return out, nil
}
