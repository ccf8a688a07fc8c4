package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/mysqlerr"
)

// Hints name the next step a user can take after an error they can fix. They are chosen
// by the error's type, not its text: the server's error number (*mysql.MySQLError) and
// the dialer's network and errno (*net.OpError), which every layer (dbconn, importer,
// run) wraps with %w.
const (
	hintNoPassword = "the server wants a password: add -p to be prompted for it, or put password=… in the [client] group of ~/.my.cnf"
	hintBadLogin   = "check the user (-u) and the password; option files are read as the client reads them (--no-defaults skips them, --defaults-file=FILE uses one)"
	hintNoSocket   = "no server socket at that path: name the server's socket with -S PATH, or connect over TCP with -h HOST (-P PORT); --sandbox starts a throwaway server"
	hintDeadSocket = "the socket file is there but no server answers on it: is the server running? (-S PATH names another socket)"
	hintSocketPerm = "this user may not open the server's socket: run as a user in the server's group, or connect over TCP with -h 127.0.0.1"
	hintNoListener = "nothing listens on that host and port: check -h and -P, and that the server runs"
	hintFull       = "the server's max_connections is reached: use a smaller --parallel, or raise it (SET GLOBAL max_connections = …)"
	hintBadDB      = "the database given with -D (or database= in an option file) does not exist on the server: create it, or leave -D out when the dump creates its databases"
)

// errorHint returns the next step for err, or "" when there is none.
func errorHint(err error) string {
	var me *mysql.MySQLError
	if errors.As(err, &me) {
		switch me.Number {
		case mysqlerr.AccessDenied:
			// The server's own words say whether a password was sent.
			if strings.Contains(me.Message, "using password: NO") {
				return hintNoPassword
			}
			return hintBadLogin
		case mysqlerr.ConCount:
			return hintFull
		case mysqlerr.BadDB:
			return hintBadDB
		}
		return ""
	}
	var oe *net.OpError
	if !errors.As(err, &oe) || oe.Op != "dial" {
		return ""
	}
	switch {
	case oe.Net == "unix" && errors.Is(err, syscall.ENOENT):
		return hintNoSocket
	case oe.Net == "unix" && errors.Is(err, syscall.ECONNREFUSED):
		return hintDeadSocket
	case oe.Net == "unix" && errors.Is(err, syscall.EACCES):
		return hintSocketPerm
	case strings.HasPrefix(oe.Net, "tcp") && errors.Is(err, syscall.ECONNREFUSED):
		return hintNoListener
	}
	return ""
}

// printError prints a command's error in one line and, when the error is one a user can
// fix, the fix on the next.
func printError(w io.Writer, cmd string, err error) {
	fmt.Fprintf(w, "dumpscope %s: %v\n", cmd, err)
	if h := errorHint(err); h != "" {
		fmt.Fprintf(w, "dumpscope %s: hint: %s\n", cmd, h)
	}
}
