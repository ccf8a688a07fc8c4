// Package sqlscan reads SQL the way the server does, for everything in the importer that
// looks inside a statement: Tokenizer (quotes and their escapes, NO_BACKSLASH_ESCAPES,
// ANSI_QUOTES, comments and executable comments, user and system variables; ReadRows, its
// fast reader of a row insert's VALUES list, the planner's hot path) and Charset
// (the multibyte character sets — gbk, gb18030, sjis/cp932, big5 — whose second bytes can
// be a backslash or a quote, the client's my_ismbchar()); the two quick readers of a
// statement's head that the preflight, the planner and the filters share (DDLWords,
// TriggerTable); and the table-list reader they share (ReadTableRefs: the tables a
// statement reads or writes, for the planner's fills; DMLTables: those a DML statement
// writes, for the preflight's overwrite check and the filters).
//
// It knows statements only as bytes: it must not import the rest of the importer (the
// splitter, which keeps its own byte loop for speed and uses Charset, is its caller), nor
// advisor, report, tui or rules.
package sqlscan
