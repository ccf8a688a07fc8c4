package runrecord

import (
	"regexp"
	"strings"
)

// redacted replaces a secret in a recorded command line.
const redacted = "***"

// RedactCommand returns args with passwords removed, for the run record's "command":
//   - "-pSECRET" → "-p***" (the mysql client's attached form);
//   - "--password=SECRET", "-password=SECRET" → "--password=***";
//   - a bare "-p" or "--password" is the client's "prompt" form (dbconn parses it so): it
//     carries no secret and the next argument is not a password;
//   - "user:SECRET@" inside a DSN-like argument → "user:***@".
//
// The input is not modified.
func RedactCommand(args []string) []string {
	out := make([]string, len(args))
	copy(out, args)
	for i, a := range out {
		name, _, hasValue := strings.Cut(a, "=")
		switch {
		case (name == "--password" || name == "-password") && hasValue:
			out[i] = name + "=" + redacted
		case a == "-p" || a == "--password" || a == "-password":
		case strings.HasPrefix(a, "-p") && !strings.HasPrefix(a, "--") && len(a) > 2 && !singleDashLongFlag(name):
			out[i] = "-p" + redacted
		default:
			out[i] = redactDSN(a)
		}
	}
	return out
}

// singleDashLongFlag reports whether name is a dumpscope flag written with one dash
// (Go's flag package accepts "-parallel") rather than the mysql client's "-pSECRET".
func singleDashLongFlag(name string) bool {
	switch name {
	case "-parallel", "-port", "-probe", "-progress", "-pid", "-profile", "-password":
		return true
	}
	return false
}

// dsnPassword matches the password part of "user:password@" (go-sql-driver DSNs,
// mysql:// URLs).
var dsnPassword = regexp.MustCompile(`^((?:[a-z][a-z0-9+.-]*://)?[^:@/\s]*):[^@\s]*@`)

func redactDSN(a string) string {
	// Flags may carry a DSN as their value: --dsn=user:pw@tcp(h)/db.
	prefix := ""
	if strings.HasPrefix(a, "-") {
		name, value, ok := strings.Cut(a, "=")
		if !ok {
			return a
		}
		prefix, a = name+"=", value
	}
	if loc := dsnPassword.FindStringSubmatchIndex(a); loc != nil {
		return prefix + a[:loc[3]] + ":" + redacted + "@" + a[loc[1]:]
	}
	return prefix + a
}
