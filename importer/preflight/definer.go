package preflight

import (
	"context"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// DefinerCheck reports statements whose DEFINER= clause names an account other than the
// importing one, which the server refuses without SUPER (MySQL: SET_USER_ID; MariaDB ≥
// 10.5: SET USER). NewDefinerCheck returns nil when the account may set any definer.
type DefinerCheck struct {
	account string // CURRENT_USER() as user@host
}

// NewDefinerCheck reads the account's grants.
func NewDefinerCheck(ctx context.Context, q Conn) (*DefinerCheck, error) {
	rows, err := q.QueryContext(ctx, "SELECT CURRENT_USER()")
	if err != nil {
		return nil, fmt.Errorf("preflight: current user: %w", err)
	}
	var account string
	for rows.Next() {
		if err := rows.Scan(&account); err != nil {
			rows.Close()
			return nil, err
		}
	}
	rows.Close()
	rows, err = q.QueryContext(ctx, "SHOW GRANTS")
	if err != nil {
		return nil, fmt.Errorf("preflight: grants: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var g string
		if err := rows.Scan(&g); err != nil {
			return nil, err
		}
		if MayAssignDefiner(g) {
			return nil, rows.Err()
		}
	}
	return &DefinerCheck{account: account}, rows.Err()
}

// MayAssignDefiner reports whether one SHOW GRANTS line lets its account create objects
// with any DEFINER: a global (ON *.*) grant of ALL PRIVILEGES, SUPER, SET USER (MariaDB
// 10.5+) or SET_USER_ID / SET_ANY_DEFINER (MySQL 8.0 / 8.2+).
func MayAssignDefiner(grant string) bool {
	g := strings.ToUpper(grant)
	on := strings.Index(g, " ON *.* ")
	if on < 0 {
		return false
	}
	privs := g[:on]
	for _, p := range []string{"ALL PRIVILEGES", "SUPER", "SET USER", "SET_USER_ID", "SET_ANY_DEFINER"} {
		if strings.Contains(privs, p) {
			return true
		}
	}
	return false
}

// Check returns an error for a statement whose definer the account may not assign: of
// each statement of a text the server runs as several (split.ServerParts), since read
// whole by its first, `DROP PROCEDURE p; CREATE DEFINER=… PROCEDURE p …` hid the clause
// behind the DROP's PROCEDURE (x-review17 #3) and the server's ERROR 1227 came mid-import.
func (c *DefinerCheck) Check(name string, st *split.Statement) error {
	if c == nil || len(st.SQL) == 0 {
		return nil
	}
	if parts := split.ServerParts(st); parts != nil {
		for i := range parts {
			if err := c.Check(name, &parts[i]); err != nil {
				return err
			}
		}
		return nil
	}
	def, ok := transform.Definer(st.SQL)
	if !ok || def == "CURRENT_USER" || strings.EqualFold(def, c.account) {
		return nil
	}
	return fmt.Errorf("%s sets DEFINER=%s, which %s may not assign (it needs SUPER or SET USER); rerun with --strip-definers, or as a privileged account",
		split.Describe(name, st), def, c.account)
}
