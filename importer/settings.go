package importer

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
)

// Setting is one global server variable and its value.
type Setting struct{ Name, Value string }

// relaxedDurability are the settings --relax-durability applies for the import: commits
// are written to the OS at each commit but flushed once a second, and the binary log is not
// fsynced per commit. Risk: a crash of the *server's machine* (not of mysqld) loses up to
// about a second of committed transactions; for a restore that is rerun anyway, harmless.
var relaxedDurability = []Setting{
	{"innodb_flush_log_at_trx_commit", "2"},
	{"sync_binlog", "0"},
}

// RelaxDurability saves the current values of the relaxed settings in the target
// (dumpscope_progress.saved_settings, so `dumpscope restore-settings` can put them back
// after a crash of dumpscope) and applies the relaxed ones. Values saved by an earlier run
// that never restored them are kept: they are the real originals. It returns what it
// changed.
func RelaxDurability(ctx context.Context, c Conn) ([]Setting, error) {
	for _, q := range []string{
		"CREATE DATABASE IF NOT EXISTS " + checkpoint.ProgressSchema + " DEFAULT CHARACTER SET ascii",
		"CREATE TABLE IF NOT EXISTS " + checkpoint.ProgressSchema + ".saved_settings (name VARCHAR(64) PRIMARY KEY, value VARCHAR(255), saved_at DATETIME(6)) ENGINE=InnoDB",
	} {
		if _, err := c.ExecContext(ctx, q); err != nil {
			return nil, fmt.Errorf("relax durability: %w%s", err, privilegeHint(err, "--relax-durability saves the settings it changes in "+checkpoint.ProgressSchema+" (GRANT ALL ON "+checkpoint.ProgressSchema+".* TO "+currentAccount(ctx, c)+") and needs the SUPER privilege; or import without --relax-durability"))
		}
	}
	var changed []Setting
	for _, s := range relaxedDurability {
		var cur sql.NullString
		if err := c.QueryRowContext(ctx, "SELECT @@GLOBAL."+s.Name).Scan(&cur); err != nil {
			continue // not on this server (e.g. sync_binlog without binary logging support)
		}
		if cur.String == s.Value {
			continue
		}
		res, err := c.ExecContext(ctx, "INSERT IGNORE INTO "+checkpoint.ProgressSchema+".saved_settings VALUES (?, ?, NOW(6))", s.Name, cur.String)
		if err != nil {
			return changed, fmt.Errorf("relax durability: save %s: %w", s.Name, err)
		}
		if _, err := c.ExecContext(ctx, "SET GLOBAL "+s.Name+" = "+s.Value); err != nil {
			// Nothing changed: forget the value saved just now, so that the restore at the
			// end (and restore-settings) has nothing to put back and says nothing.
			if n, _ := res.RowsAffected(); n == 1 {
				_, _ = c.ExecContext(ctx, "DELETE FROM "+checkpoint.ProgressSchema+".saved_settings WHERE name = ?", s.Name)
			}
			return changed, fmt.Errorf("relax durability: SET GLOBAL %s = %s: %w%s", s.Name, s.Value, err, privilegeHint(err, "--relax-durability needs the SUPER privilege (SYSTEM_VARIABLES_ADMIN on MySQL 8) to change global settings; grant it, or import without --relax-durability"))
		}
		changed = append(changed, Setting{s.Name, s.Value})
	}
	return changed, nil
}

// RestoreSettings puts back the global settings saved by RelaxDurability and forgets them,
// dropping the progress schema when nothing else is left in it. It returns what it set.
func RestoreSettings(ctx context.Context, c Conn) ([]Setting, error) {
	var n int
	if err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'saved_settings'", checkpoint.ProgressSchema).Scan(&n); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, nil
	}
	rows, err := c.QueryContext(ctx, "SELECT name, value FROM "+checkpoint.ProgressSchema+".saved_settings ORDER BY name")
	if err != nil {
		return nil, err
	}
	var saved []Setting
	for rows.Next() {
		var s Setting
		if err := rows.Scan(&s.Name, &s.Value); err != nil {
			rows.Close()
			return nil, err
		}
		saved = append(saved, s)
	}
	rows.Close()
	var restored []Setting
	for _, s := range saved {
		if !validVariableName(s.Name) {
			return restored, fmt.Errorf("restore settings: refusing odd variable name %q", s.Name)
		}
		if _, err := c.ExecContext(ctx, "SET GLOBAL "+s.Name+" = "+settingLiteral(s.Value)); err != nil {
			return restored, fmt.Errorf("restore settings: SET GLOBAL %s = %s: %w", s.Name, s.Value, err)
		}
		if _, err := c.ExecContext(ctx, "DELETE FROM "+checkpoint.ProgressSchema+".saved_settings WHERE name = ?", s.Name); err != nil {
			return restored, err
		}
		restored = append(restored, s)
	}
	return restored, checkpoint.DropSchemaIfUnused(ctx, c)
}

// settingLiteral writes a saved value back as SQL: a number stays a number (SET GLOBAL
// refuses the string '1' for numeric variables), anything else is a quoted string.
func settingLiteral(v string) string {
	if v != "" && strings.Trim(v, "0123456789.-") == "" {
		return v
	}
	return "'" + strings.NewReplacer(`\`, `\\`, "'", "''").Replace(v) + "'"
}

func validVariableName(s string) bool {
	return s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyz0123456789_") == ""
}
