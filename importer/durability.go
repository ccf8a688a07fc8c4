package importer

import (
	"context"
	"database/sql"
	"errors"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/dbconn"
)

// restoreSettingsAnyConn puts back what --relax-durability changed over c, and when that
// fails — the import ended because c died (KILL, wait_timeout, a server restart) — over a
// fresh connection: the saved values live in the server, and leaving
// innodb_flush_log_at_trx_commit=2 behind on a production server is worse than a
// second connection.
func restoreSettingsAnyConn(ctx context.Context, c *sql.Conn, cfg *mysql.Config) ([]Setting, error) {
	restored, err := RestoreSettings(ctx, c)
	if err == nil || ctx.Err() != nil {
		return restored, err
	}
	db, fresh, ferr := dbconn.OpenConn(ctx, cfg)
	if ferr != nil {
		return restored, errors.Join(err, ferr)
	}
	defer db.Close()
	defer fresh.Close()
	more, err2 := RestoreSettings(ctx, fresh)
	if err2 != nil {
		return append(restored, more...), errors.Join(err, err2)
	}
	return append(restored, more...), nil
}
