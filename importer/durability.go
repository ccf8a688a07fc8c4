package importer

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"io"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/internal/dbconn"
)

// restoreDurability puts back what RelaxDurability changed, once the import is over.
//
// The import's connections are closed first, as the client's are when it exits: the
// server rolls back what a dump left open (a failed statement inside START TRANSACTION,
// a dump ending under autocommit=0) and releases its LOCK TABLES. The restore then runs
// on a connection of its own: run on the dump's session, its SET GLOBAL, DELETE and DROP
// DATABASE committed the dump's open transaction, which the client never does. A fresh
// connection also works when the import ended because its connection died (KILL,
// wait_timeout, a server restart): the saved values live in the server, and leaving
// innodb_flush_log_at_trx_commit=2 behind on a production server is worse than a second
// connection. It uses its own context: the import's may have been cancelled by a second
// Ctrl-C.
func restoreDurability(conns []*sql.Conn, cfg *mysql.Config, log io.Writer) {
	discardConns(conns)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	restored, ignored, err := restoreSettingsFresh(ctx, cfg)
	for _, r := range restored {
		fmt.Fprintf(log, "dumpscope: restored SET GLOBAL %s = %s\n", r.Name, r.Value)
	}
	for _, s := range ignored {
		fmt.Fprintln(log, "dumpscope: warning:", s)
	}
	if err != nil {
		fmt.Fprintln(log, "dumpscope: could not restore the relaxed settings (run dumpscope restore-settings):", err)
	}
}

func restoreSettingsFresh(ctx context.Context, cfg *mysql.Config) ([]Setting, []IgnoredSetting, error) {
	db, c, err := dbconn.OpenConn(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	defer db.Close()
	defer c.Close()
	return RestoreSettings(ctx, c)
}

// discardConns closes the connections themselves, not only the *sql.Conn handles:
// (*sql.Conn).Close returns a connection to its pool, where it stays open with whatever
// transaction and locks the dump left on it. Returning driver.ErrBadConn from Raw makes
// database/sql close the driver connection (COM_QUIT, then the socket).
func discardConns(conns []*sql.Conn) {
	for _, c := range conns {
		_ = c.Raw(func(any) error { return driver.ErrBadConn })
	}
}
