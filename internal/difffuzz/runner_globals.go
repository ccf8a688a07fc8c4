package difffuzz

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// resetGlobalVars are the global variables the session constructs change (SET GLOBAL
// autocommit, completion_type, globalVars): the runner gives them back the values the
// server had when the runner first read them before every import and before every
// re-dump, so that a script's SET GLOBAL (or a script stopped at an error before it set
// one back) changes neither the next import's sessions nor mariadb-dump's. What a SET
// GLOBAL did is compared through the values the script stores (readGlobals).
var resetGlobalVars = []string{"autocommit", "completion_type", "lock_wait_timeout", "net_read_timeout", "time_zone", "sql_mode"}

// resetGlobals sets resetGlobalVars back to their first values (read the first time).
func (r *Runner) resetGlobals(ctx context.Context) error {
	if r.restoreGlobals == "" {
		s, err := readGlobalVars(ctx, r.db)
		if err != nil {
			return err
		}
		r.restoreGlobals = s
	}
	if _, err := r.db.ExecContext(ctx, r.restoreGlobals); err != nil {
		return fmt.Errorf("setting the server's global variables back: %w", err)
	}
	return nil
}

// readGlobalVars is the SET GLOBAL statement that gives resetGlobalVars the values
// they have now.
func readGlobalVars(ctx context.Context, db *sql.DB) (string, error) {
	var sets []string
	for _, v := range resetGlobalVars {
		var val string
		if err := db.QueryRowContext(ctx, "SELECT @@global."+v).Scan(&val); err != nil {
			return "", fmt.Errorf("reading @@global.%s: %w", v, err)
		}
		if strings.Trim(val, "0123456789") != "" || val == "" {
			val = "'" + strings.ReplaceAll(val, "'", "''") + "'" // a number stays one: autocommit = '1' is refused
		}
		sets = append(sets, v+" = "+val)
	}
	return "SET GLOBAL " + strings.Join(sets, ", "), nil
}
