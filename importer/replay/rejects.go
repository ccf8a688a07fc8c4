package replay

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/dumpscope/dumpscope/importer/split"
)

// Rejects writes the statements that failed under --force to a file that can itself be
// imported once they are fixed: each one preceded by a comment with its offset, line and
// error, and by the session state it failed under (character set, sql_mode, checks, time
// zone, database) whenever that changed, so `dumpscope import rejects.sql` (or `mariadb <
// rejects.sql`) runs it as the dump would have. Statements that hold semicolons (routine
// bodies) are written inside a DELIMITER block.
type Rejects struct {
	mu    sync.Mutex
	w     *bufio.Writer
	file  *os.File // the file CreateRejects opened; nil on NewRejects' writer
	state string   // the session header last written
	n     int
	err   error
}

// NewRejects starts a rejects file on w; name names the dump in its header.
func NewRejects(w io.Writer, name string) *Rejects {
	r := &Rejects{w: bufio.NewWriter(w)}
	fmt.Fprintf(r.w, "-- dumpscope: statements of %s that failed under --force, with the error each one got.\n", name)
	fmt.Fprintf(r.w, "-- Fix them, then import this file: dumpscope import --overwrite FILE (or: mariadb < FILE).\n")
	return r
}

// CreateRejects creates the rejects file at path (0600: the failed statements carry the
// dump's rows) and starts it; name names the dump ("" or "-": stdin). Close closes the
// file, and removes it when no statement failed.
func CreateRejects(path, name string) (*Rejects, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return nil, err
	}
	if name == "" || name == "-" {
		name = "stdin"
	}
	r := NewRejects(f, name)
	r.file = f
	return r, nil
}

// Count is the number of statements written.
func (r *Rejects) Count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.n
}

// Close flushes the file, and closes the one CreateRejects opened (removing it when it
// holds no statement); it returns the first write error.
func (r *Rejects) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.w.Flush(); r.err == nil {
		r.err = err
	}
	if r.file == nil {
		return r.err
	}
	if err := r.file.Close(); r.err == nil {
		r.err = err
	}
	if r.err == nil && r.n == 0 {
		r.err = os.Remove(r.file.Name())
	}
	r.file = nil
	return r.err
}

// sessionState reads what the failed statement ran under, on the connection it failed on.
func sessionState(ctx context.Context, c Conn) string {
	var cs, mode, tz string
	var fk, uc int
	var db sql.NullString
	err := c.QueryRowContext(ctx, "SELECT @@character_set_client, @@sql_mode, @@foreign_key_checks, @@unique_checks, @@time_zone, DATABASE()").Scan(&cs, &mode, &fk, &uc, &tz, &db)
	if err != nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "SET NAMES %s;\nSET sql_mode = '%s', foreign_key_checks = %d, unique_checks = %d, time_zone = '%s';\n", cs, mode, fk, uc, strings.ReplaceAll(tz, "'", "''"))
	if db.Valid {
		fmt.Fprintf(&b, "USE `%s`;\n", strings.ReplaceAll(db.String, "`", "``"))
	}
	return b.String()
}

// write adds one failed statement q with its error se; state is sessionState's.
func (r *Rejects) write(se *StatementError, q []byte, state string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if state != "" && state != r.state {
		r.w.WriteString("\n" + state)
		r.state = state
	}
	msg := strings.Join(strings.Fields(se.Message), " ")
	if se.Code != 0 {
		fmt.Fprintf(r.w, "\n-- %s: ERROR %d (%s): %s\n", split.Position{Offset: se.Offset, Line: se.Line}, se.Code, se.SQLState, msg)
	} else {
		fmt.Fprintf(r.w, "\n-- %s: %s\n", split.Position{Offset: se.Offset, Line: se.Line}, msg)
	}
	if !bytes.ContainsRune(q, ';') {
		r.w.Write(q)
		r.w.WriteString(";\n")
	} else {
		delim := ";;"
		for _, d := range []string{";;", "$$", "//", "~~~~"} {
			if !bytes.Contains(q, []byte(d)) {
				delim = d
				break
			}
		}
		fmt.Fprintf(r.w, "DELIMITER %s\n", delim)
		r.w.Write(q)
		fmt.Fprintf(r.w, "\n%s\nDELIMITER ;\n", delim)
	}
	r.n++
	if err := r.w.Flush(); err != nil && r.err == nil {
		r.err = err
	}
}
