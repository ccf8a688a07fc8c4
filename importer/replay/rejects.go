package replay

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io"
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
	state string // the session header last written
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

// Count is the number of statements written.
func (r *Rejects) Count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.n
}

// Close flushes the file; it returns the first write error.
func (r *Rejects) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.w.Flush(); r.err == nil {
		r.err = err
	}
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
