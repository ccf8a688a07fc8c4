// Package split is the mariadb client's statement splitter, byte for byte: it cuts a dump
// into the statements Debian's `mariadb` 10.11 client sends when it reads the file on
// stdin (read_and_execute() and add_line() in client/mysql.cc) — quotes and their escapes,
// comments, DELIMITER, executable comments (/*!…*/, /*M!…*/), the client's own commands
// (use, source, system, \g, …) and its charset command — and classifies each one
// (Statement: Kind, Verb, table, rows, Position in the dump). split.go lists what the
// client does and where this splitter deliberately differs; DESIGN.md ("The splitter must
// behave like the mysql client") lists the cases, and TestSplitMatchesClient checks them
// against the real client.
//
// It reads SQL with importer/sqlscan and keeps its own byte loop for speed. It must not
// import the rest of the importer (the transforms, the planner, the replay read its
// statements, not the other way round), nor advisor, report, tui or rules: the split
// command and the fuzzers use it alone.
package split
