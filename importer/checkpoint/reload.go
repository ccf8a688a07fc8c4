package checkpoint

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/mysqlerr"
)

// truncateForReload empties a table a resume reloads (planReload), with foreign_key_checks
// off for the TRUNCATE alone: with them on, TRUNCATE refuses a table another table's
// foreign key references (ERROR 1701), as mysqldump's child tables, created before their
// parent in name order, do. The reload sends the same rows again, so a child's references
// hold again once it is done; TRUNCATE with checks off cascades to nothing (MariaDB and
// MySQL alike). The session's own setting is given back before the dump's session
// statements are replayed over it.
func truncateForReload(ctx context.Context, c Conn, name string) error {
	var checks int
	if err := c.QueryRowContext(ctx, "SELECT @@SESSION.foreign_key_checks").Scan(&checks); err != nil {
		return err
	}
	if _, err := c.ExecContext(ctx, "SET SESSION foreign_key_checks = 0"); err != nil {
		return err
	}
	_, err := c.ExecContext(ctx, "TRUNCATE TABLE "+name)
	if me := (*mysql.MySQLError)(nil); errors.As(err, &me) && me.Number == mysqlerr.VersNotSupported {
		err = emptyVersioned(ctx, c, name)
	}
	if _, rerr := c.ExecContext(ctx, fmt.Sprintf("SET SESSION foreign_key_checks = %d", checks)); err == nil {
		err = rerr
	}
	return err
}

// emptyVersioned empties a system-versioned table (MariaDB's WITH SYSTEM VERSIONING),
// which refuses TRUNCATE TABLE (ERROR 4137), as TRUNCATE would: DELETE moves its rows to
// its history, DELETE HISTORY removes all of that (the interrupted run's rows and any
// history they made), and the AUTO_INCREMENT counter goes back to 1 (planReload then
// gives it the one the load began with). The client's history holds only what the dump's
// own statements made, and the reload makes those again; mariadb-dump writes no history
// without --dump-history. A resume of such a table stopped at ERROR 4137 before
// (TestDiffFuzzFound3VersionedReload).
func emptyVersioned(ctx context.Context, c Conn, name string) error {
	for _, q := range []string{"DELETE FROM " + name, "DELETE HISTORY FROM " + name, "ALTER TABLE " + name + " AUTO_INCREMENT = 1"} {
		if _, err := c.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	return nil
}

// refuseTriggers refuses (*ReloadRefusedError) the reload of db.table when one of its
// triggers may do more than set the columns of the row it fires for: TRUNCATE fires no
// trigger, and the reload's rows fire them again, so a trigger that writes another table
// (a log, a counter) or a user variable, or calls a routine that may, would do it a second
// time for the rows the interrupted run had committed, where the client's import did it
// once. A trigger that only sets NEW's columns (SET NEW.c = …, built-in functions) gives
// the reloaded row what it gave it the first time, so the reload stays exact. It runs
// before any table is truncated.
func refuseTriggers(ctx context.Context, c Conn, db, table string) error {
	triggers, err := TriggerBodies(ctx, c, db, table) // each read in its own sql_mode
	if err != nil {
		return fmt.Errorf("resume: %w", err)
	}
	if len(triggers) == 0 {
		return nil
	}
	functions, err := storedFunctions(ctx, c)
	if err != nil {
		return fmt.Errorf("resume: read the stored functions: %w", err)
	}
	var writers []string
	for _, t := range triggers {
		if !rowLocalTrigger(t.Text, functions) {
			writers = append(writers, sqlscan.QuoteIdent(t.Name))
		}
	}
	if len(writers) == 0 {
		return nil
	}
	return &ReloadRefusedError{DB: db, Table: table, Why: "its trigger(s) " + strings.Join(writers, ", ") + " may write other tables or variables, and the reload's rows would fire them again for the rows that run committed"}
}

// rowLocalTrigger reports whether a trigger's body (TriggerBody.Text: as the default
// syntax reads it) does nothing but compute the row it fires for: no statement that
// writes or reads into anything (INSERT, UPDATE, DELETE, REPLACE, CALL, SELECT … INTO,
// DO, LOAD), no user variable, and no call of a stored function (functions, lower-cased
// names), which may write.
func rowLocalTrigger(body string, functions map[string]bool) bool {
	l := sqlscan.New([]byte(body), sqlscan.Syntax{})
	var prev sqlscan.Token
	for t := l.Next(); t.Kind != sqlscan.EOF; prev, t = t, l.Next() {
		switch {
		case t.Kind == sqlscan.Var && !strings.HasPrefix(t.Text, "@@"):
			return false
		case t.Kind == sqlscan.Word:
			switch strings.ToUpper(t.Text) {
			case "INSERT", "UPDATE", "DELETE", "REPLACE", "CALL", "SELECT", "DO", "LOAD", "EXECUTE", "PREPARE",
				// A sequence is a table: NEXT VALUE FOR, NEXTVAL(), SETVAL() write it, and
				// fired again they number the reloaded rows anew (TestReviewX2ReloadSequenceTrigger).
				"NEXT", "NEXTVAL", "SETVAL", "LASTVAL", "PREVIOUS":
				return false
			}
		case t.Kind == sqlscan.Punct && t.Text == "(" && prev.IsName() && functions[strings.ToLower(prev.Text)]:
			return false
		}
	}
	return true
}

// storedFunctions are the names (lower-cased) of the server's stored functions, in any
// schema: a trigger's call of one is taken as a write (rowLocalTrigger).
func storedFunctions(ctx context.Context, c Conn) (map[string]bool, error) {
	rows, err := c.QueryContext(ctx, "SELECT ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_TYPE = 'FUNCTION'")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	names := map[string]bool{}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		names[strings.ToLower(n)] = true
	}
	return names, rows.Err()
}
