package preflight

import (
	"context"
	"database/sql"
	"errors"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/mysqlerr"
)

// Conn is what the checks ask the target with: a *sql.Conn (the importer's pinned
// connections), or anything with its query methods.
type Conn interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// PrivilegeHint is "; "+fix when err is the server refusing for want of a privilege, ""
// otherwise: what dumpscope does on the user's behalf (progress rows, global settings) is
// then explained with the grant or the flag that avoids it.
func PrivilegeHint(err error, fix string) string {
	var me *mysql.MySQLError
	if !errors.As(err, &me) {
		return ""
	}
	if mysqlerr.PrivilegeMissing(me.Number) {
		return "; " + fix
	}
	return ""
}

// CurrentAccount is the account the server authenticated, quoted for a GRANT ('u'@'h').
func CurrentAccount(ctx context.Context, c Conn) string {
	var user, host string
	if err := c.QueryRowContext(ctx, "SELECT SUBSTRING_INDEX(CURRENT_USER(), '@', 1), SUBSTRING_INDEX(CURRENT_USER(), '@', -1)").Scan(&user, &host); err != nil {
		return "the importing account"
	}
	return "'" + user + "'@'" + host + "'"
}
