package difffuzz

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
)

// resetGlobalVars are the global variables the session constructs change (SET GLOBAL
// autocommit, completion_type, globalVars; proc-global-packet's packet sizes): the runner gives them back the values the
// server had when the runner first read them before every import and before every
// re-dump, so that a script's SET GLOBAL (or a script stopped at an error before it set
// one back) changes neither the next import's sessions nor mariadb-dump's. What a SET
// GLOBAL did is compared through the values the script stores (readGlobals).
var resetGlobalVars = []string{"autocommit", "completion_type", "lock_wait_timeout", "net_read_timeout", "time_zone", "sql_mode", "max_allowed_packet", "net_buffer_length"}

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

// fuzzAccounts are the accounts the filter profile creates (gen_filter.go): dropped
// before every import, their grants listed after it.
const fuzzAccounts = "SELECT User, Host FROM mysql.user WHERE User LIKE 'fzu%' ORDER BY User, Host"

// dropAccounts drops the fuzzAccounts an earlier import left.
func (r *Runner) dropAccounts(ctx context.Context) error {
	users, err := r.accounts(ctx)
	if err != nil {
		return err
	}
	for _, u := range users {
		if _, err := r.db.ExecContext(ctx, "DROP USER "+u); err != nil {
			return fmt.Errorf("dropping %s: %w", u, err)
		}
	}
	return nil
}

// accountGrants is SHOW GRANTS of each of the fuzzAccounts, for the re-dump ("" when
// there are none, as in every profile but the filter one).
func (r *Runner) accountGrants(ctx context.Context) ([]byte, error) {
	users, err := r.accounts(ctx)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	for _, u := range users {
		rows, err := r.db.QueryContext(ctx, "SHOW GRANTS FOR "+u)
		if err != nil {
			return nil, err
		}
		var gs []string
		for rows.Next() {
			var g string
			if err := rows.Scan(&g); err != nil {
				rows.Close()
				return nil, err
			}
			gs = append(gs, g)
		}
		rows.Close()
		slices.Sort(gs)
		fmt.Fprintf(&b, "-- grants of %s\n%s\n", u, strings.Join(gs, "\n"))
	}
	return []byte(b.String()), nil
}

// accounts are the fuzzAccounts as 'user'@'host'.
func (r *Runner) accounts(ctx context.Context) ([]string, error) {
	rows, err := r.db.QueryContext(ctx, fuzzAccounts)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var u, h string
		if err := rows.Scan(&u, &h); err != nil {
			return nil, err
		}
		out = append(out, "'"+u+"'@'"+h+"'")
	}
	return out, rows.Err()
}
