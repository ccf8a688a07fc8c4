// Package redump is how the differential tests and the differential fuzzer
// (internal/difffuzz) decide that two imports gave the same database: each target is
// dumped with mariadb-dump (routines, triggers and events included) and the dumps are
// compared byte for byte. Only what differs between two servers by design is taken out:
// the "-- Server version" header line.
package redump

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
)

// Dump runs the mariadb-dump at bin with clientArgs (a server's connection flags,
// --no-defaults first) over the databases dbs and returns its output, without the
// "-- Server version" line: it gains "-log" when the general log is on.
func Dump(ctx context.Context, bin string, clientArgs []string, dbs ...string) ([]byte, error) {
	if len(dbs) == 0 {
		return nil, nil // mariadb-dump --databases with none is a usage error
	}
	args := append(append([]string(nil), clientArgs...), "--routines", "--triggers", "--events", "--skip-dump-date", "--databases")
	args = append(args, dbs...)
	out, err := exec.CommandContext(ctx, bin, args...).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			err = fmt.Errorf("%w: %s", err, bytes.TrimSpace(ee.Stderr))
		}
		return nil, fmt.Errorf("mariadb-dump %v: %w", dbs, err)
	}
	if i := bytes.Index(out, []byte("-- Server version")); i >= 0 {
		if j := bytes.IndexByte(out[i:], '\n'); j >= 0 {
			out = append(out[:i:i], out[i+j:]...)
		}
	}
	return out, nil
}

// FirstDiff names the first line where a (the client's re-dump) and b (dumpscope's)
// differ, each cut to 300 bytes, for a failure message.
func FirstDiff(a, b []byte) string {
	la, lb := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := 0; i < len(la) && i < len(lb); i++ {
		if !bytes.Equal(la[i], lb[i]) {
			return "line " + strconv.Itoa(i+1) + ":\n client:    " + trunc(la[i]) + "\n dumpscope: " + trunc(lb[i])
		}
	}
	return "lengths differ: " + strconv.Itoa(len(la)) + " vs " + strconv.Itoa(len(lb)) + " lines"
}

func trunc(b []byte) string {
	if len(b) > 300 {
		b = b[:300]
	}
	return string(b)
}

// systemSchemas are the databases a comparison leaves out: the server's own and
// dumpscope's progress rows (which only the checkpointed import has).
const systemSchemas = "'mysql','sys','performance_schema','information_schema','dumpscope_progress'"

// UserDatabases lists db's server's databases other than the system ones and
// dumpscope's, sorted.
func UserDatabases(ctx context.Context, db *sql.DB) ([]string, error) {
	rows, err := db.QueryContext(ctx, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME NOT IN ("+systemSchemas+") ORDER BY 1")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// DropUserDatabases drops every user database and dumpscope's progress database, so
// that the next import starts from an empty server without a restart. An XA transaction
// left prepared (an import killed between XA PREPARE and its end; the server keeps it
// after the connection is gone) is rolled back first: its locks would hold the DROP.
func DropUserDatabases(ctx context.Context, db *sql.DB) error {
	if err := rollbackPreparedXA(ctx, db); err != nil {
		return err
	}
	dbs, err := UserDatabases(ctx, db)
	if err != nil {
		return err
	}
	for _, d := range append(dbs, "dumpscope_progress") {
		if _, err := db.ExecContext(ctx, "DROP DATABASE IF EXISTS "+QuoteIdent(d)); err != nil {
			return err
		}
	}
	return nil
}

// QuoteIdent quotes an identifier with backticks, doubling any inside.
func QuoteIdent(s string) string {
	return "`" + strings.ReplaceAll(s, "`", "``") + "`"
}

// rollbackPreparedXA ends with XA ROLLBACK every XA transaction prepared in the server.
func rollbackPreparedXA(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, "XA RECOVER FORMAT='SQL'")
	if err != nil {
		return fmt.Errorf("XA RECOVER: %w", err)
	}
	var xids []string
	for rows.Next() {
		var format, gtridLen, bqualLen int
		var xid string
		if err := rows.Scan(&format, &gtridLen, &bqualLen, &xid); err != nil {
			rows.Close()
			return err
		}
		xids = append(xids, xid)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, xid := range xids {
		if _, err := db.ExecContext(ctx, "XA ROLLBACK "+xid); err != nil {
			return fmt.Errorf("XA ROLLBACK %s: %w", xid, err)
		}
	}
	return nil
}
