package plan

import "strings"

// A system variable read by a temporary write that a resume sends again must give the
// value it gave the first time, like a function call (stablecalls.go): `INSERT INTO tt
// VALUES (1, @@pseudo_thread_id)` sent again stored the resume's connection id, where a
// later reader compared it with the first run's (TestReviewX20TemporaryRowSystemVariable:
// silent before; a @@ name is no word, and passed the functions' allow-list). Which give
// the same value is an allow-list: the settings a resume gives back (the dump's SET
// statements are sent again, the journal restores the character set) and the server's
// own, which a new connection reads alike. The per-connection and per-statement values
// (pseudo_thread_id, timestamp, rand_seed1, last_insert_id, identity, insert_id,
// warning_count, error_count, in_transaction, last_gtid, …) are not in it.

// restoredVariables are the system variables (lower-cased, without @@ and scope) whose
// session value a resume's connection reads as the interrupted run's did. Not in it:
// max_allowed_packet and net_buffer_length, whose session value no SET changes (a new
// session takes the GLOBAL, which a SET GLOBAL of the dump changed for good: replay's
// setglobal.go refuses such a resume); character_set_database and collation_database,
// the current database's defaults, which an ALTER DATABASE the resume skips changed for
// good (TestReviewX21TemporaryDatabaseDefaults: silent before).
var restoredVariables = map[string]bool{
	"sql_mode": true, "character_set_client": true, "character_set_connection": true, "character_set_results": true,
	"character_set_server": true, "character_set_filesystem": true,
	"collation_connection": true, "collation_server": true, "time_zone": true,
	"lc_time_names": true, "lc_messages": true, "autocommit": true, "foreign_key_checks": true,
	"unique_checks": true, "sql_notes": true, "sql_warnings": true, "sql_quote_show_create": true, "sql_safe_updates": true,
	"sql_auto_is_null": true, "sql_big_selects": true, "sql_select_limit": true,
	"div_precision_increment": true, "group_concat_max_len": true, "default_storage_engine": true, "storage_engine": true,
	"default_tmp_storage_engine": true, "max_statement_time": true, "auto_increment_increment": true,
	"auto_increment_offset": true, "tx_isolation": true, "transaction_isolation": true, "tx_read_only": true,
	"transaction_read_only": true, "check_constraint_checks": true, "explicit_defaults_for_timestamp": true,
	"old_mode": true, "innodb_strict_mode": true, "default_week_format": true, "max_sort_length": true,
	"server_id": true,
}

// serverConstants are the server's own values (lower-cased, without @@ and scope), which
// no SET changes while it runs: any connection, in any scope, reads them alike.
var serverConstants = map[string]bool{
	"version": true, "version_comment": true, "version_compile_os": true, "version_compile_machine": true,
	"lower_case_table_names": true, "hostname": true, "port": true, "datadir": true, "basedir": true,
	"system_time_zone": true,
}

// unrestoredVariable returns text, a Var token's text (lower-cased, with its @s), when it
// is a system variable a resume's connection may read otherwise; "" for a user variable
// (@v: the dump's SETs give it back), a server constant (serverConstants), or a session
// value a resume gives back (restoredVariables). A GLOBAL value (@@global.x) is none of
// those: the resume gives back the session's, and a SET GLOBAL of the dump after the
// read changed the GLOBAL for good (`INSERT INTO tt VALUES (1, @@global.sql_mode)`, then
// SET GLOBAL sql_mode = 'ANSI', resent, stored 'ANSI': TestReviewX21TemporaryGlobalVariable,
// silent before).
func unrestoredVariable(text string) string {
	name, ok := strings.CutPrefix(text, "@@")
	if !ok {
		return ""
	}
	global := false
	for _, scope := range []string{"session.", "local.", "global."} {
		if rest, ok := strings.CutPrefix(name, scope); ok {
			name, global = rest, scope == "global."
		}
	}
	name = strings.Trim(name, "`")
	if serverConstants[name] || !global && restoredVariables[name] {
		return ""
	}
	return text
}

// UnstablePhrase says what a name UnstableCall or UnstableDefault returned does, for a
// refusal's line: a system variable (@@name) is read, a function is called.
func UnstablePhrase(name string) string {
	if strings.HasPrefix(name, "@@") {
		return "reads " + name + ", a system variable whose value the resume's connection does not give back"
	}
	return "calls " + name + "(), a function not known to give the same value again"
}
