// Package dbconn connects to a server exactly as Debian's `mariadb` 10.11 client would:
// the same flags and attached short forms (-uroot, -psecret, -p to prompt), the same
// option files in the same order and groups (mysys my_default.c), the same precedence
// (files, then the command line, the last occurrence winning; MYSQL_PWD only when no
// password was given), the same choice between the unix socket and TCP, the same
// character set (handshake only, `auto` from the locale) and the same TLS behaviour.
// docs/connection.md lists every rule with the measurement behind it.
//
// Used by import, watch and advise. It never prints or records a password: see
// Options.Redacted and Describe (run records redact their command line with runrecord.RedactCommand).
package dbconn
