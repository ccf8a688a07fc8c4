package dbconn

import (
	"fmt"
	"strconv"
	"strings"
)

// clientOptionNames are the long options of the mariadb 10.11 client (`mariadb --help`).
// my_getopt accepts any unique prefix of them ("pass" is password, "pa" is ambiguous:
// pager, password), so option-file keys are matched against this whole list, not only
// against the few options dumpscope uses.
func clientOptionNames() []string {
	return []string{
		"abort-source-on-error", "auto-rehash", "auto-vertical-output", "batch",
		"binary-as-hex", "binary-mode", "character-sets-dir", "column-names",
		"column-type-info", "comments", "compress", "connect-expired-password",
		"connect-timeout", "database", "debug", "debug-check", "debug-info",
		"default-auth", "default-character-set", "delimiter", "disable-named-commands",
		"enable-cleartext-plugin", "execute", "force", "help", "host", "html",
		"i-am-a-dummy", "ignore-spaces", "init-command", "line-numbers", "local-infile",
		"max-allowed-packet", "max-join-size", "named-commands", "net-buffer-length",
		"no-auto-rehash", "no-beep", "one-database", "pager", "password", "plugin-dir",
		"port", "print-query-on-error", "progress-reports", "prompt", "protocol", "quick",
		"quick-max-column-width", "raw", "reconnect", "safe-updates", "sandbox",
		"secure-auth", "select-limit", "server-arg", "show-warnings", "sigint-ignore",
		"silent", "skip-column-names", "skip-line-numbers", "socket", "ssl", "ssl-ca",
		"ssl-capath", "ssl-cert", "ssl-cipher", "ssl-crl", "ssl-crlpath", "ssl-key",
		"ssl-mode", // MySQL 8's client; MariaDB's has --ssl and --ssl-verify-server-cert instead
		// MySQL 8's client: where the RSA key for caching_sha2_password/sha256_password
		// comes from when the connection has no TLS.
		"server-public-key-path", "get-server-public-key",
		"ssl-verify-server-cert", "table", "tee", "tls-version", "unbuffered", "user",
		"verbose", "version", "vertical", "wait", "xml",
	}
}

// unsupportedOptions are client options that change how the client connects but that
// dumpscope does not implement; setting one gives a warning instead of silently
// connecting differently.
func unsupportedOptions() map[string]bool {
	return map[string]bool{
		"ssl-capath": true, "ssl-cipher": true, "ssl-crl": true, "ssl-crlpath": true,
		"tls-version": true, "init-command": true, "compress": true, "default-auth": true,
		"plugin-dir": true, "character-sets-dir": true,
	}
}

// normalizeKey makes '_' and '-' equivalent, as my_getopt does.
func normalizeKey(k string) string { return strings.ReplaceAll(k, "_", "-") }

// findOption is my_getopt's findopt: an exact name, or a unique prefix of one.
func findOption(name string) (full string, ok bool, err error) {
	var matches []string
	for _, n := range clientOptionNames() {
		if n == name {
			return n, true, nil
		}
		if strings.HasPrefix(n, name) {
			matches = append(matches, n)
		}
	}
	switch len(matches) {
	case 0:
		return "", false, nil
	case 1:
		return matches[0], true, nil
	}
	// safe-updates and i-am-a-dummy are one option under two names.
	if len(matches) == 2 && matches[0] == "i-am-a-dummy" && matches[1] == "safe-updates" {
		return "safe-updates", true, nil
	}
	return "", false, fmt.Errorf("ambiguous option '--%s' (%s)", name, strings.Join(matches, ", "))
}

// optionPrefix is how my_getopt's special prefixes modify an option.
type optionPrefix int

const (
	prefixNone optionPrefix = iota
	prefixDisable
	prefixEnable
	prefixMaximum
)

// lookupKey resolves an option-file key the way my_getopt does: exact name or unique
// prefix first; otherwise strip loose-, skip-, disable-, enable-, maximum- (in any
// nesting) and retry. known is false for an option the client does not have; loose
// reports a loose- prefix (the client only warns about those).
func lookupKey(key string) (name string, prefix optionPrefix, loose, known bool, err error) {
	k := normalizeKey(key)
	if name, ok, err := findOption(k); err != nil || ok {
		return name, prefixNone, false, ok, err
	}
	for {
		stripped := false
		for _, p := range []struct {
			s  string
			px optionPrefix
		}{{"skip-", prefixDisable}, {"disable-", prefixDisable}, {"enable-", prefixEnable}, {"maximum-", prefixMaximum}, {"loose-", prefixNone}} {
			if !strings.HasPrefix(k, p.s) {
				continue
			}
			k = k[len(p.s):]
			if p.s == "loose-" {
				loose = true
			} else {
				prefix = p.px
			}
			stripped = true
			name, ok, err := findOption(k)
			if err != nil {
				return "", prefix, loose, false, err
			}
			if ok {
				return name, prefix, loose, true, nil
			}
			break
		}
		if !stripped {
			return "", prefix, loose, false, nil
		}
	}
}

// settings are the connection options after files and command line, before defaults
// from the environment are filled in.
type settings struct {
	host, user, socket, database, charset string
	sslCA, sslCert, sslKey                string
	protocol                              string // "", "tcp" or "socket"
	port                                  int
	connectTimeoutSec                     int
	password                              string
	passwordSet, passwordPrompt           bool
	ssl, sslVerifyServerCert              bool
	// sslMode is MySQL 8's --ssl-mode, upper case; "" when not given, then --ssl,
	// --ssl-ca and --ssl-verify-server-cert decide as in the MariaDB client.
	sslMode string
	// sslModeInFile is set when sslMode came from an option file; cmdlineSSL and
	// cmdlineVerify when the command line gave --ssl (or an --ssl-* path, which implies
	// it) and --ssl-verify-server-cert. The command line wins over the files, whichever
	// spelling it uses: see givenSSLMode.
	sslModeInFile, cmdlineSSL, cmdlineVerify bool
	// serverPublicKeyPath and getServerPublicKey are MySQL 8's options for sending the
	// password RSA-encrypted without TLS (see applyPublicKey).
	serverPublicKeyPath string
	getServerPublicKey  bool
	warnings            []string
}

func newSettings() settings {
	// ssl defaults to on in the 10.11 client (`mariadb --help`: "ssl TRUE"): TLS when the
	// server offers it, without verifying the certificate, plaintext otherwise.
	return settings{ssl: true, charset: "auto"}
}

// apply applies one option in the client's order. fromCommandLine matters for -P and -S:
// given on the command line (not in a file), they pick TCP or the socket as the client
// does since MariaDB 10.6.1 (MDEV-14974), the later one winning.
func (st *settings) apply(s Setting, fromCommandLine bool) error {
	name, prefix, loose, known, err := lookupKey(s.Key)
	if err != nil {
		return fmt.Errorf("%s: %v", s.Source, err)
	}
	if !known {
		if !loose {
			// The client echoes the whole line; an unknown key may be a misspelt
			// password (password1=…) and a bare line a password written alone, so
			// only a key that has a value is named (issue 22).
			if s.HasValue {
				st.warnings = append(st.warnings, fmt.Sprintf("%s: unknown variable '%s' ignored, value not shown (the mariadb client would refuse it)", s.Source, s.Key))
			} else {
				st.warnings = append(st.warnings, fmt.Sprintf("%s: a line that is no client option ignored, text not shown in case it is a secret (the mariadb client would refuse it)", s.Source))
			}
		}
		return nil
	}
	if prefix == prefixMaximum {
		return nil
	}
	disabled := prefix == prefixDisable
	if prefix == prefixEnable && s.HasValue && s.Value == "0" {
		disabled = true
	}
	if prefix == prefixDisable && s.HasValue && s.Value == "0" {
		disabled = false // double negation: --skip-ssl=0 enables
	}
	if unsupportedOptions()[name] && !disabled {
		st.warnings = append(st.warnings, fmt.Sprintf("%s: option '%s' is not supported by dumpscope and is ignored", s.Source, name))
		return nil
	}
	return st.set(name, optionValue{s: s, name: name, prefix: prefix, disabled: disabled, st: st}, fromCommandLine)
}

// set stores one known option's value; v reads it as the option's type wants.
func (st *settings) set(name string, v optionValue, fromCommandLine bool) error {
	s, disabled := v.s, v.disabled
	str, boolean, uint := v.str, v.boolean, v.uint
	switch name {
	case "host":
		return str(&st.host)
	case "user":
		return str(&st.user)
	case "database":
		return str(&st.database)
	case "default-character-set":
		return str(&st.charset)
	case "socket":
		if fromCommandLine {
			st.protocol = "socket"
		}
		return str(&st.socket)
	case "port":
		if fromCommandLine {
			st.protocol = "tcp"
		}
		return uint(&st.port)
	case "connect-timeout":
		return uint(&st.connectTimeoutSec)
	case "protocol":
		var p string
		if err := str(&p); err != nil {
			return err
		}
		switch strings.ToLower(p) {
		case "tcp", "socket":
			st.protocol = strings.ToLower(p)
		case "":
			st.protocol = ""
		default:
			return fmt.Errorf("%s: unknown or unsupported option to protocol: %s (dumpscope knows tcp and socket)", s.Source, p)
		}
	case "password":
		switch {
		case disabled:
			st.password, st.passwordSet, st.passwordPrompt = "", true, false
		case !s.HasValue:
			st.password, st.passwordSet, st.passwordPrompt = "", false, true
		default:
			st.password, st.passwordSet, st.passwordPrompt = s.Value, true, false
		}
	case "ssl":
		st.cmdlineSSL = st.cmdlineSSL || fromCommandLine
		return boolean(&st.ssl)
	case "ssl-verify-server-cert":
		st.cmdlineVerify = st.cmdlineVerify || fromCommandLine
		return boolean(&st.sslVerifyServerCert)
	case "server-public-key-path":
		return str(&st.serverPublicKeyPath)
	case "get-server-public-key":
		return boolean(&st.getServerPublicKey)
	case "ssl-mode":
		var m string
		if err := str(&m); err != nil {
			return err
		}
		m = strings.ToUpper(strings.TrimSpace(m))
		switch m {
		case "", sslDisabled, sslPreferred, sslRequired, sslVerifyCA, sslVerifyIdentity:
			st.sslMode, st.sslModeInFile = m, !fromCommandLine
		default:
			return fmt.Errorf("%s: --ssl-mode=%s: unknown mode (DISABLED, PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY)", s.Source, m)
		}
	case "ssl-ca", "ssl-cert", "ssl-key":
		dst := map[string]*string{"ssl-ca": &st.sslCA, "ssl-cert": &st.sslCert, "ssl-key": &st.sslKey}[name]
		if err := str(dst); err != nil {
			return err
		}
		if !disabled {
			st.ssl = true // sslopt-case.h: each --ssl-* path implies --ssl
			st.cmdlineSSL = st.cmdlineSSL || fromCommandLine
		}
	}
	return nil
}

// parseBool is my_getopt's boolean parsing: 1/true/on and 0/false/off, any case.
func parseBool(v string) (value, ok bool) {
	switch strings.ToLower(v) {
	case "1", "true", "on":
		return true, true
	case "0", "false", "off":
		return false, true
	}
	return false, false
}

// optionValue is one option as given (--skip-/--disable-/--enable- prefixes and a value
// or none), read the way my_getopt reads its type.
type optionValue struct {
	s        Setting
	name     string
	prefix   optionPrefix
	disabled bool
	st       *settings // for the warnings the client prints and goes on
}

func (v optionValue) str(dst *string) error {
	s, name, disabled := v.s, v.name, v.disabled
	if disabled {
		*dst = ""
		return nil
	}
	if !s.HasValue {
		return fmt.Errorf("%s: option '--%s' requires an argument", s.Source, name)
	}
	*dst = s.Value
	return nil
}

func (v optionValue) boolean(dst *bool) error {
	s, name, prefix, disabled, st := v.s, v.name, v.prefix, v.disabled, v.st
	if prefix != prefixNone {
		*dst = !disabled
		return nil
	}
	if !s.HasValue {
		*dst = true
		return nil
	}
	b, ok := parseBool(s.Value)
	if !ok {
		st.warnings = append(st.warnings, fmt.Sprintf("%s: option '%s': boolean value '%s' wasn't recognized. Set to OFF.", s.Source, name, s.Value))
	}
	*dst = b
	return nil
}

func (v optionValue) uint(dst *int) error {
	s, name, disabled := v.s, v.name, v.disabled
	if disabled {
		*dst = 0
		return nil
	}
	if !s.HasValue {
		return fmt.Errorf("%s: option '--%s' requires an argument", s.Source, name)
	}
	n, err := strconv.ParseUint(strings.TrimSpace(s.Value), 10, 31)
	if err != nil {
		return fmt.Errorf("%s: option '--%s': invalid number '%s'", s.Source, name, s.Value)
	}
	*dst = int(n)
	return nil
}
