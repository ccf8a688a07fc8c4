package replay

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"strings"
	"sync"
)

// A string literal costs the server less under character_set_client and
// collation_connection binary than under the utf8mb4 a mysqldump dump sets: the parser
// names every literal in the system character set (Item::set_name), converting it from
// the connection's one character at a time (my_convert_using_func), where from binary it
// copies the bytes. Measured (issue 24, stop 44): perf put ≈1 s of the server's ≈10 s
// for the sysbench tables in "parse: string literals"; scripts/srvwork -variants names,
// the same 52k sbtest rows in alternating chunks, 0.364 s of server CPU under binary
// against 0.412 s under utf8mb4 (medians of 8, 12 % less).
//
// A worker runs a row batch so only where the bytes stored and what the server says are
// the same as under the dump's character set:
//   - every statement of the batch is a plain INSERT of literal rows, its names ASCII:
//     strings in single quotes, numbers, NULL (the planner's plan.Plan.Literal, which
//     reads every row anyway; literalHead the names; a comment between values is
//     skipped byte by byte alike). No function, variable or
//     introducer sees the connection's character set, and in the character sets of
//     asciiNames no byte of a multibyte character is ASCII (a byte ≥ 0x80 is never a
//     quote or a backslash), so the lexer ends and unescapes each string under binary as
//     under them, with or without NO_BACKSLASH_ESCAPES; the planner read the strings
//     under the sql_mode the worker's session has (rowBatch.readNBE), so that what it
//     found is what the server parses;
//   - the session's character_set_client is its character_set_connection, one of
//     asciiNames, and every character column of the table (CHAR, VARCHAR, TEXT, ENUM,
//     SET, JSON) is in it: a literal reaches such a column through the same copy from
//     binary as from the column's own character set (String_copier::well_formed_copy
//     takes copy_fix for both), and numbers and dates are read by the same 8-bit routines
//     (a value they refuse warns); the table has no triggers and no generated columns (code that runs
//     with the row under the session's settings);
//   - a statement that fails or warns (a message quotes a value in its literal's
//     character set; binary names read a DECIMAL's trailing space as garbage) undoes the
//     batch, which runs again under the dump's settings: so the table must be InnoDB, whose
//     ROLLBACK takes the rows back (an Aria table kept them, and the batch run again met
//     its own rows: ERROR 1062, difffuzz seed 97109).
// The session's own values are set back before anything else runs on the connection
// (the progress row, the commit, the next entry's session statements).

// binaryNamesOff is a measuring switch (DUMPSCOPE_BINARY_NAMES=off): every batch under the
// session's own names, so that whole runs with and without them can be set side by side.
var binaryNamesOff = os.Getenv("DUMPSCOPE_BINARY_NAMES") == "off"

// asciiNames are the client character sets a batch may leave for binary.
var asciiNames = map[string]bool{"utf8mb4": true, "utf8mb3": true, "utf8": true, "latin1": true}

// binaryNames is a worker connection's switch to binary names for one batch.
type binaryNames struct {
	c Conn
	// restore sets the session's own character_set_client and collation_connection back;
	// "" while the connection is not switched.
	restore string
}

// namesFacts is what binary names need to know of a table, read from information_schema
// by the first batch that asks (the SELECT costs the server ≈3 ms, every batch of a 4 MiB
// run of rows paid it) and kept for the batches the dispatcher sent with no other statement
// before them since (rowBatch.namesGen): a statement that changes what is read here (an
// ALTER, a trigger, a DROP and CREATE) goes through the dispatcher between them.
type namesFacts struct {
	gen int64 // the dispatcher's namesGen of the batch that read them
	// charsets are the distinct character sets of the table's character columns (CHAR,
	// VARCHAR, TEXT, ENUM, SET, JSON); cols counts its columns, unfit those binary names
	// cannot take (generated, of a type outside binaryNamesTypes, or with a DEFAULT
	// reading a system variable), triggers its triggers; innoDB: its engine is InnoDB.
	charsets              []string
	cols, unfit, triggers int64
	innoDB                bool
}

// namesCache is the namesFacts read so far, by schema and table.
type namesCache struct {
	mu    sync.Mutex
	facts map[string]namesFacts
}

// tableFacts returns the namesFacts of schema.table for a batch sent at dispatcher
// generation gen: those kept where they were read at gen, else read now on c.
func (nc *namesCache) tableFacts(ctx context.Context, c Conn, schema, table string, gen int64) (namesFacts, error) {
	key := schema + "." + table // both plainName: no '.' in either
	nc.mu.Lock()
	f, ok := nc.facts[key]
	nc.mu.Unlock()
	if ok && f.gen == gen {
		return f, nil
	}
	f = namesFacts{gen: gen}
	var charsets sql.NullString
	var notInnoDB int64
	q := fmt.Sprintf("SELECT (SELECT GROUP_CONCAT(DISTINCT CHARACTER_SET_NAME) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = '%[1]s' AND TABLE_NAME = '%[2]s'), "+
		"(SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = '%[1]s' AND TABLE_NAME = '%[2]s'), "+
		"(SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = '%[1]s' AND TABLE_NAME = '%[2]s' AND "+
		"(IS_GENERATED <> 'NEVER' OR DATA_TYPE NOT IN ("+binaryNamesTypes+") OR COLUMN_DEFAULT LIKE '%%@@%%')), "+
		"(SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE EVENT_OBJECT_SCHEMA = '%[1]s' AND EVENT_OBJECT_TABLE = '%[2]s'), "+
		"(SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '%[1]s' AND TABLE_NAME = '%[2]s' AND (ENGINE IS NULL OR ENGINE <> 'InnoDB'))",
		schema, table)
	if err := c.QueryRowContext(ctx, q).Scan(&charsets, &f.cols, &f.unfit, &f.triggers, &notInnoDB); err != nil {
		return f, err
	}
	if charsets.Valid && charsets.String != "" {
		f.charsets = strings.Split(charsets.String, ",")
	}
	f.innoDB = notInnoDB == 0
	nc.mu.Lock()
	if nc.facts == nil {
		nc.facts = map[string]namesFacts{}
	}
	if old, ok := nc.facts[key]; !ok || old.gen <= gen {
		nc.facts[key] = f
	}
	nc.mu.Unlock()
	return f, nil
}

// allows reports whether rows into a table of facts f may be sent under binary names by a
// session whose client and connection character set is cs.
func (f namesFacts) allows(cs string) bool {
	if f.cols == 0 || f.unfit > 0 || f.triggers > 0 || !f.innoDB {
		return false
	}
	for _, c := range f.charsets {
		if !strings.EqualFold(c, cs) {
			return false
		}
	}
	return true
}

// tryBinaryNames switches c to binary names for batch b when that is exact (see above),
// and returns the switch (nil: b runs under the session's own names).
// sess is the session values c's worker knows (workersession.go).
func (wp *workerPool) tryBinaryNames(ctx context.Context, c Conn, sess *workerSession, b *rowBatch) (*binaryNames, error) {
	if binaryNamesOff || b.plainNames || b.writesOthers || b.asInserts || wp.raw[c] == nil || len(b.stmts) == 0 {
		return nil, nil
	}
	if !b.literal {
		return nil, nil // a value other than a string, a number or NULL (plan.Plan.Literal)
	}
	for _, s := range b.stmts {
		if !literalHead(s.sql) {
			return nil, nil
		}
	}
	ip := insertParser{q: stringBytes(b.stmts[0].sql)}
	db, table, ok := ip.target()
	if !ok || !plainName(table) || (db != "" && !plainName(db)) {
		return nil, nil
	}
	// The session's own values: read unless the worker knows them (the entry's session
	// statements may have changed them: workersession.go).
	v, err := sess.values(ctx, c)
	if err != nil {
		return nil, nil // not known: the session's own names
	}
	cs, conn, coll, mode, current := v.cs, v.conn, v.coll, v.mode, v.db
	if db == "" {
		if !current.Valid || !plainName(current.String) {
			return nil, nil
		}
		db = current.String
	}
	if !strings.EqualFold(cs, conn) || !asciiNames[strings.ToLower(cs)] || !plainName(coll) {
		return nil, nil
	}
	if strings.Contains(mode, "NO_BACKSLASH_ESCAPES") != b.readNBE {
		// The planner read the strings (plan.Plan.Literal) under other escapes than the
		// server reads them under now: what it found need not be what the server parses.
		return nil, nil
	}
	f, err := wp.names.tableFacts(ctx, c, db, table, b.namesGen)
	if err != nil || !f.allows(cs) {
		return nil, nil
	}
	if _, err := c.ExecContext(ctx, "SET character_set_client = binary, collation_connection = binary"); err != nil {
		return nil, err
	}
	wp.binaryBatches.Add(1)
	return &binaryNames{c: c, restore: "SET character_set_client = " + cs + ", collation_connection = " + coll}, nil
}

// binaryNamesTypes lists the column types whose value the server reads from a literal
// the same way whether the literal is binary or in the session's character set: numbers,
// dates and times by the same 8-bit routines, strings by the same copy into the column's
// character set, binary strings byte for byte. A type outside it (INET4, INET6, UUID, which
// take a binary string as their binary form; the geometry types; a plugin's type) keeps
// the dump's names (x-review19 #1: '::ffff:10.0.0.12', 16 characters, stored as its
// 16 bytes). A DEFAULT that reads a system variable (@@collation_connection) is evaluated in
// the session, so it keeps them too (x-review19 #6).
const binaryNamesTypes = "'tinyint','smallint','mediumint','int','bigint','decimal','float','double','bit'," +
	"'date','datetime','timestamp','time','year','char','varchar','binary','varbinary'," +
	"'tinytext','text','mediumtext','longtext','tinyblob','blob','mediumblob','longblob','enum','set'"

// end sets the session's own names back (nil, or already back: nothing to do).
func (bn *binaryNames) end(ctx context.Context) error {
	if bn == nil || bn.restore == "" {
		return nil
	}
	q := bn.restore
	bn.restore = ""
	_, err := bn.c.ExecContext(ctx, q)
	return err
}

// undoBinaryNames rolls back batch b, which a statement did not run cleanly under binary
// names, sets c's names back and marks b to run again under them (errRerun).
func (wp *workerPool) undoBinaryNames(ctx context.Context, c Conn, b *rowBatch, bn *binaryNames) error {
	wp.binaryBatches.Add(-1)
	b.plainNames = true
	if _, err := c.ExecContext(ctx, "ROLLBACK"); err != nil {
		return err
	}
	if err := bn.end(ctx); err != nil {
		return err
	}
	return errRerun
}

// plainName reports whether s is a name that needs no quoting or escaping in a string
// literal under any sql_mode: ASCII letters, digits, '_' and '$'.
func plainName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$') {
			return false
		}
	}
	return true
}

// literalHead reports whether q begins `INSERT INTO name [(names)] VALUES` with names of
// ASCII letters, digits, '_' and '$' (bare or in backticks): what binary names read of a
// statement whose values the planner read (plan.Plan.Literal).
func literalHead(q string) bool {
	s := rowScan{q: q}
	return s.head()
}

// head reads `INSERT INTO name [(names)] VALUES`.
func (s *rowScan) head() bool {
	if !s.word("INSERT") || !s.space() || !s.word("INTO") || !s.space() || !s.name() {
		return false
	}
	if s.peek() == '.' {
		s.i++
		if !s.name() {
			return false
		}
	}
	s.skipSpace()
	if s.peek() == '(' {
		s.i++
		if !s.list(s.name) {
			return false
		}
		s.skipSpace()
	}
	return s.word("VALUES")
}

// list reads `item, item, … )` after its '(' (a column list, a row), spaces allowed
// around each item.
func (s *rowScan) list(item func() bool) bool {
	for {
		s.skipSpace()
		if !item() {
			return false
		}
		s.skipSpace()
		if s.peek() == ')' {
			s.i++
			return true
		}
		if s.peek() != ',' {
			return false
		}
		s.i++
	}
}

// rowScan is literalHead's position in q.
type rowScan struct {
	q string
	i int
}

func (s *rowScan) peek() byte {
	if s.i < len(s.q) {
		return s.q[s.i]
	}
	return 0
}

// word reads w, case-insensitively, not followed by a name's byte.
func (s *rowScan) word(w string) bool {
	if len(s.q)-s.i < len(w) || !strings.EqualFold(s.q[s.i:s.i+len(w)], w) {
		return false
	}
	s.i += len(w)
	return !isNameByte(s.peek())
}

func (s *rowScan) space() bool {
	at := s.i
	s.skipSpace()
	return s.i > at
}

func (s *rowScan) skipSpace() {
	for s.i < len(s.q) && (s.q[s.i] == ' ' || s.q[s.i] == '\n' || s.q[s.i] == '\t' || s.q[s.i] == '\r') {
		s.i++
	}
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$'
}

// name reads a bare name or one in backticks of plainName's bytes.
func (s *rowScan) name() bool {
	quoted := s.peek() == '`'
	if quoted {
		s.i++
	}
	at := s.i
	for s.i < len(s.q) && isNameByte(s.q[s.i]) {
		s.i++
	}
	if s.i == at {
		return false
	}
	if quoted {
		if s.peek() != '`' {
			return false
		}
		s.i++
	}
	return true
}
