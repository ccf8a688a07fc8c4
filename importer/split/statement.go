package split

import "github.com/dumpscope/dumpscope/importer/sqlscan"

// Kind classifies a statement for progress, barriers and error messages.
type Kind uint8

const (
	KindOther   Kind = iota // anything not listed below (e.g. SELECT, CALL)
	KindDDL                 // CREATE/DROP/ALTER/RENAME/TRUNCATE TABLE|DATABASE|VIEW|INDEX
	KindInsert              // INSERT / REPLACE (rows counted)
	KindSession             // SET, USE, and /*!40101 SET … */ forms: session state every connection needs
	KindLock                // LOCK TABLES / UNLOCK TABLES
	KindRoutine             // CREATE PROCEDURE/FUNCTION/TRIGGER/EVENT (usually in a DELIMITER block)
	KindTxn                 // BEGIN, START TRANSACTION, COMMIT, ROLLBACK, SET AUTOCOMMIT is KindSession
	KindClient              // a client command (DELIMITER, \-, \!, system, source, …): never sent as SQL
)

var kindNames = [...]string{"other", "ddl", "insert", "session", "lock", "routine", "txn", "client"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Statement is one unit the splitter produced.
//
// Raw spans tile the input exactly: concatenating Raw of every statement, in order,
// reproduces the uncompressed stream byte for byte (leading whitespace and comments belong
// to the statement that follows them; trailing bytes after the last delimiter form a final
// statement, possibly with empty SQL).
//
// The slices alias the splitter's buffer and are valid only until the next call to Next.
type Statement struct {
	Kind Kind
	// Verb is the upper-cased leading keyword(s) used for Kind, e.g. "INSERT", "CREATE TABLE",
	// "DELIMITER", "SOURCE" (for KindClient: the client command name).
	Verb string
	// Database is the explicit schema of Table when the statement qualifies it (`db`.`t`).
	Database string
	// Table is the unquoted table (or view/routine/trigger) name the statement acts on, where known.
	Table string
	// Offset is the byte offset of Raw's first byte in the uncompressed stream.
	Offset int64
	// Line is the 1-based line number of the first byte of SQL (of Raw when SQL is empty).
	Line int64
	// Raw is the exact input span, including comments, whitespace and the delimiter.
	Raw []byte
	// SQL is what the mariadb client would send to the server: delimiter removed, plain
	// comments stripped (unless the splitter keeps comments), executable comments kept.
	// Empty for client commands and for spans holding only whitespace and comments.
	SQL []byte
	// Rows is the number of row tuples an INSERT/REPLACE carries (0 otherwise).
	Rows int64
	// Arg is the argument of a client command (the new delimiter for DELIMITER, the file
	// for SOURCE, the command line for \! / system).
	Arg string

	// Tolerated is set by the replay when --force let the statement's error pass (the
	// splitter leaves it false): what follows the statement in the replay reads it.
	Tolerated bool
	// EndOfInput: the input ended inside the statement, before its delimiter. The client
	// sends it as it is; a dump cut off in the middle of a statement ends so, and the
	// server's "syntax error … near ''" then says nothing of that (StatementError adds it).
	EndOfInput bool
	// OwnDelimiter: the statement ended at a delimiter other than ";" (DELIMITER ;;), so
	// its SQL may hold a ';' the server ends a statement at (ServerParts).
	OwnDelimiter bool

	// syn is the quoting the statement was split under (NO_BACKSLASH_ESCAPES,
	// ANSI_QUOTES, the connection's character set), for whatever reads its SQL again.
	syn sqlscan.Syntax
	// spans are the splitter's string spans of SQL (nil when it kept none): valid, like
	// SQL, until the next Next, and used only for SQL exactly as the splitter made it.
	spans *sqlscan.StringSpans
}

// Syntax is the quoting st was split under, for whatever reads its SQL again: reading it
// under other rules would misplace its quotes.
func (st *Statement) Syntax() sqlscan.Syntax { return st.syn }

// Tokens returns a tokenizer over st's SQL with the quoting rules it was split under.
func (st *Statement) Tokens() sqlscan.Tokenizer { return sqlscan.New(st.SQL, st.syn) }

// Spans returns where the splitter found st's strings (nil when it kept none), for the
// row reader to jump over them (sqlscan.Tokenizer.UseSpans checks that they index the
// SQL it reads).
func (st *Statement) Spans() *sqlscan.StringSpans { return st.spans }
