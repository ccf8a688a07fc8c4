package importer

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/preflight"
)

// Setting is one global server variable and its value.
type Setting struct{ Name, Value string }

// relaxedSetting is a global --relax-durability changes: the value it sets for the import,
// and the values that are more durable than that, the only ones it saves and puts back.
type relaxedSetting struct {
	Name, Relaxed string
	durable       func(value string) bool
}

// relaxedDurability are the settings --relax-durability applies for the import: commits
// are written to the OS at each commit but flushed once a second, and the binary log is not
// fsynced per commit. Risk: a crash of the *server's machine* (not of mysqld) loses up to
// about a second of committed transactions; for a restore that is rerun anyway, harmless.
// They are also the allow-list of what a restore sets: saved_settings is a table any
// account with rights on dumpscope_progress can write, and the restore runs as an
// administrator.
var relaxedDurability = []relaxedSetting{
	// 1 flushes at each commit, 3 too (MariaDB: MySQL 5.5's group commit); 0 and 2 flush
	// once a second.
	{"innodb_flush_log_at_trx_commit", "2", func(v string) bool { return v == "1" || v == "3" }},
	// N ≥ 1 fsyncs the binary log every N commits; 0 leaves it to the OS.
	{"sync_binlog", "0", func(v string) bool {
		n, err := strconv.ParseUint(v, 10, 32)
		return err == nil && n >= 1 && strconv.FormatUint(n, 10) == v
	}},
}

func relaxedByName(name string) (relaxedSetting, bool) {
	for _, s := range relaxedDurability {
		if s.Name == name {
			return s, true
		}
	}
	return relaxedSetting{}, false
}

// RelaxDurability saves the current values of the relaxed settings in the target
// (dumpscope_progress.saved_settings, so `dumpscope restore-settings` can put them back
// after a crash of dumpscope) and applies the relaxed ones. It returns what it changed.
//
// A setting already as relaxed or weaker (innodb_flush_log_at_trx_commit=0 on a test
// box) is left alone: raising it for the import and then putting the weak value back
// would make the restore accept weak values. A row saved by an earlier run that never
// restored is kept when the server still has the relaxed value (the row is the real
// original); when the server has another value, that value is the original and replaces
// the row, which is stale or was planted.
func RelaxDurability(ctx context.Context, c Conn) ([]Setting, error) {
	for _, q := range []string{
		"CREATE DATABASE IF NOT EXISTS " + checkpoint.ProgressSchema + " DEFAULT CHARACTER SET ascii",
		"CREATE TABLE IF NOT EXISTS " + checkpoint.ProgressSchema + ".saved_settings (name VARCHAR(64) PRIMARY KEY, value VARCHAR(255), saved_at DATETIME(6)) ENGINE=InnoDB",
	} {
		if _, err := c.ExecContext(ctx, q); err != nil {
			return nil, fmt.Errorf("relax durability: %w%s", err, preflight.PrivilegeHint(err, "--relax-durability saves the settings it changes in "+checkpoint.ProgressSchema+" (GRANT ALL ON "+checkpoint.ProgressSchema+".* TO "+preflight.CurrentAccount(ctx, c)+") and needs the SUPER privilege; or import without --relax-durability"))
		}
	}
	var changed []Setting
	for _, s := range relaxedDurability {
		var cur sql.NullString
		if err := c.QueryRowContext(ctx, "SELECT @@GLOBAL."+s.Name).Scan(&cur); err != nil {
			continue // not on this server (e.g. sync_binlog without binary logging support)
		}
		if !s.durable(cur.String) {
			continue
		}
		if _, err := c.ExecContext(ctx, "REPLACE INTO "+checkpoint.ProgressSchema+".saved_settings VALUES (?, ?, NOW(6))", s.Name, cur.String); err != nil {
			return changed, fmt.Errorf("relax durability: save %s: %w", s.Name, err)
		}
		if _, err := c.ExecContext(ctx, "SET GLOBAL "+s.Name+" = "+s.Relaxed); err != nil {
			// Nothing changed: forget the value saved just now, so that the restore at the
			// end (and restore-settings) has nothing to put back and says nothing.
			_, _ = c.ExecContext(ctx, "DELETE FROM "+checkpoint.ProgressSchema+".saved_settings WHERE name = ?", s.Name)
			return changed, fmt.Errorf("relax durability: SET GLOBAL %s = %s: %w%s", s.Name, s.Relaxed, err, preflight.PrivilegeHint(err, "--relax-durability needs the SUPER privilege (SYSTEM_VARIABLES_ADMIN on MySQL 8) to change global settings; grant it, or import without --relax-durability"))
		}
		changed = append(changed, Setting{s.Name, s.Relaxed})
	}
	return changed, nil
}

// IgnoredSetting is a saved_settings row the restore did not apply, and why.
type IgnoredSetting struct {
	Setting
	Reason string
}

// String names the row and says why it was ignored, on one line.
func (s IgnoredSetting) String() string {
	return fmt.Sprintf("ignored %s.saved_settings row (%q, %q): %s", checkpoint.ProgressSchema, s.Name, s.Value, s.Reason)
}

// RestoreSettings puts back the global settings saved by RelaxDurability and forgets them,
// dropping the progress schema when nothing else is left in it. It returns what it set
// and the rows it ignored.
//
// The rows are checked before anything is set, because anyone with rights on
// dumpscope_progress can write them and whoever restores has SUPER: a row is applied only
// for a variable --relax-durability changes (relaxedDurability), with a legal value more
// durable than the relaxed one, and only while the server still has the relaxed value —
// the mark that dumpscope set it and nobody has changed it since. Ignored rows are
// forgotten too: they name something dumpscope never changed, or a value that is no
// longer the one to put back.
func RestoreSettings(ctx context.Context, c Conn) (restored []Setting, ignored []IgnoredSetting, err error) {
	var n int
	if err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'saved_settings'", checkpoint.ProgressSchema).Scan(&n); err != nil {
		return nil, nil, err
	}
	if n == 0 {
		return nil, nil, nil
	}
	rows, err := c.QueryContext(ctx, "SELECT name, value FROM "+checkpoint.ProgressSchema+".saved_settings ORDER BY name")
	if err != nil {
		return nil, nil, err
	}
	var saved []Setting
	for rows.Next() {
		var s Setting
		var v sql.NullString
		if err := rows.Scan(&s.Name, &v); err != nil {
			rows.Close()
			return nil, nil, err
		}
		s.Value = v.String
		saved = append(saved, s)
	}
	rows.Close()
	for _, s := range saved {
		if reason := checkSaved(ctx, c, s); reason != "" {
			ignored = append(ignored, IgnoredSetting{s, reason})
		} else if _, err := c.ExecContext(ctx, "SET GLOBAL "+s.Name+" = "+s.Value); err != nil {
			return restored, ignored, fmt.Errorf("restore settings: SET GLOBAL %s = %s: %w", s.Name, s.Value, err)
		} else {
			restored = append(restored, s)
		}
		if _, err := c.ExecContext(ctx, "DELETE FROM "+checkpoint.ProgressSchema+".saved_settings WHERE name = ?", s.Name); err != nil {
			return restored, ignored, err
		}
	}
	return restored, ignored, checkpoint.DropSchemaIfUnused(ctx, c)
}

// checkSaved says why the saved row s must not be applied ("" when it may).
func checkSaved(ctx context.Context, c Conn, s Setting) string {
	r, ok := relaxedByName(s.Name)
	if !ok {
		return "dumpscope changes only innodb_flush_log_at_trx_commit and sync_binlog"
	}
	if !r.durable(s.Value) {
		return "not a value --relax-durability saves (one more durable than " + r.Relaxed + ")"
	}
	var cur sql.NullString
	if err := c.QueryRowContext(ctx, "SELECT @@GLOBAL."+r.Name).Scan(&cur); err != nil {
		return "cannot read it: " + err.Error()
	}
	if cur.String != r.Relaxed {
		return "the server has " + cur.String + ", not the " + r.Relaxed + " dumpscope sets: changed since, left as it is"
	}
	return ""
}
