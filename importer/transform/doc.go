// Package transform owns what happens to the statement stream between the splitter and
// a replayer: which statements are kept (--include-databases, --tables,
// --exclude-tables, --schema-only, --data-only, filter.go), where a serial import starts
// again (--start-at: before it only session statements and client commands), and how
// the kept ones are rewritten (--rename-database, rename.go; --compat mariadb and
// --gtid-purged, compat.go; --definer, definer.go, which also reads and strips DEFINER=
// clauses for the replay's --strip-definers and the preflight's definer check).
//
// A Transform is a StatementSource wrapped around another (a *split.Splitter); the
// replayers pull from it and never see what it leaves out, though its bytes count as
// consumed. Its Options' Fingerprint is what a checkpoint journal and the ETA history
// record of it. The rewriters read each statement with the quoting it was split under
// (split.Statement.Syntax), so the Transform keeps no sql_mode of its own.
//
// It reads SQL with importer/sqlscan and statements from importer/split; it must not
// import the rest of the importer (the replay and the preflight call it), nor advisor,
// report, tui or rules: `dumpscope split` uses it without a server.
package transform
