package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/dumpscope/dumpscope/internal/mysqlerr"
)

// errorHints map what an error says to the next step a user can take. Each entry is
// matched on the error's text, the one thing every layer (driver, dialer, importer)
// keeps: all of its substrings must be present. The first match wins, so the more
// specific entries come first.
var errorHints = []struct {
	all  []string
	hint string
}{
	{[]string{"Access denied", "using password: NO"},
		"the server wants a password: add -p to be prompted for it, or put password=… in the [client] group of ~/.my.cnf"},
	{[]string{"Access denied", "using password: YES"},
		"check the user (-u) and the password; option files are read as the client reads them (--no-defaults skips them, --defaults-file=FILE uses one)"},
	{[]string{"dial unix", "no such file or directory"},
		"no server socket at that path: name the server's socket with -S PATH, or connect over TCP with -h HOST (-P PORT); --sandbox starts a throwaway server"},
	{[]string{"dial unix", "connection refused"},
		"the socket file is there but no server answers on it: is the server running? (-S PATH names another socket)"},
	{[]string{"dial unix", "permission denied"},
		"this user may not open the server's socket: run as a user in the server's group, or connect over TCP with -h 127.0.0.1"},
	{[]string{"dial tcp", "connection refused"},
		"nothing listens on that host and port: check -h and -P, and that the server runs"},
	{[]string{driverError(mysqlerr.ConCount)},
		"the server's max_connections is reached: use a smaller --parallel, or raise it (SET GLOBAL max_connections = …)"},
	{[]string{"Too many connections"},
		"the server's max_connections is reached: use a smaller --parallel, or raise it (SET GLOBAL max_connections = …)"},
	{[]string{driverError(mysqlerr.BadDB), "Unknown database"},
		"the database given with -D (or database= in an option file) does not exist on the server: create it, or leave -D out when the dump creates its databases"},
}

// driverError is how go-sql-driver starts the text of a server error ("Error 1040").
func driverError(code int) string { return fmt.Sprintf("Error %d", code) }

// errorHint returns the next step for an error message, or "" when there is none.
func errorHint(msg string) string {
	for _, h := range errorHints {
		ok := true
		for _, s := range h.all {
			if !strings.Contains(msg, s) {
				ok = false
				break
			}
		}
		if ok {
			return h.hint
		}
	}
	return ""
}

// printError prints a command's error in one line and, when the error is one a user can
// fix, the fix on the next.
func printError(w io.Writer, cmd string, err error) {
	fmt.Fprintf(w, "dumpscope %s: %v\n", cmd, err)
	if h := errorHint(err.Error()); h != "" {
		fmt.Fprintf(w, "dumpscope %s: hint: %s\n", cmd, h)
	}
}

// hintWriter passes writes through and, after a whole line of dumpscope's own that
// carries an error with a known fix, adds the hint line. It lets a command whose errors
// are printed deep inside (import) name the fix without each print site knowing it.
// Writes are never held back: a status line rewritten with \r passes at once.
type hintWriter struct {
	w   io.Writer
	cmd string
}

func (h *hintWriter) Write(p []byte) (int, error) {
	n, err := h.w.Write(p)
	if err != nil || !bytes.HasPrefix(p, []byte("dumpscope")) || !bytes.HasSuffix(p, []byte("\n")) || bytes.Contains(p, []byte(": hint: ")) {
		return n, err
	}
	if hint := errorHint(string(p)); hint != "" {
		fmt.Fprintf(h.w, "dumpscope %s: hint: %s\n", h.cmd, hint)
	}
	return n, err
}

// Fd is the underlying file's descriptor when there is one, so a sink writing through
// this wrapper can still ask the terminal for its width.
func (h *hintWriter) Fd() uintptr { return fdOf(h.w) }

// fdOf is w's file descriptor, or ^uintptr(0) (no terminal) when w is not a file.
func fdOf(w io.Writer) uintptr {
	if f, ok := w.(interface{ Fd() uintptr }); ok {
		return f.Fd()
	}
	return ^uintptr(0)
}
