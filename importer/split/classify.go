package split

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// The classifier reads the first words of a statement's SQL to fill Kind, Verb, Database,
// Table and Rows. It sees through executable comments (/*!40101 … */, /*M!100100 … */),
// so mysqldump's `/*!50003 CREATE*/ /*!50017 DEFINER=…*/ /*!50003 TRIGGER t …` is a
// CREATE TRIGGER on t. It looks only at the head of the statement: O(head), not O(size),
// except INSERT row counting, which the splitter does while scanning.

// Syntax is the quoting the splitter is at now (NO_BACKSLASH_ESCAPES, ANSI_QUOTES, the
// connection's character set): what a reader of the statements that follow reads them under.
func (s *Splitter) Syntax() sqlscan.Syntax {
	return sqlscan.Syntax{NoBackslashEscapes: s.nbe, ANSIQuotes: s.ansiQuotes, Charset: s.mb, Server: s.opt.Server}
}

// classify fills Kind, Verb, Database, Table and Rows of s.cur from its SQL.
func (s *Splitter) classify() {
	st := &s.cur
	l := sqlscan.New(st.SQL, s.Syntax())
	t := l.Next()
	if t.Kind != sqlscan.Word {
		return
	}
	w := strings.ToUpper(t.Text)
	st.Verb = w
	switch w {
	case "INSERT", "REPLACE":
		st.Kind = KindInsert
		for {
			t = l.Next()
			if t.Is("LOW_PRIORITY") || t.Is("DELAYED") || t.Is("HIGH_PRIORITY") || t.Is("IGNORE") || t.Is("INTO") {
				continue
			}
			break
		}
		st.Database, st.Table = l.Name(t)
		st.Rows = s.insertRows(&l)
	case "CREATE", "ALTER", "DROP":
		s.classifyDDL(&l, w)
	case "RENAME", "TRUNCATE":
		st.Kind = KindDDL
		t = l.Next()
		if t.Is("TABLE") {
			st.Verb = w + " TABLE"
			t = l.Next()
		}
		st.Database, st.Table = l.Name(t)
	case "LOCK", "UNLOCK":
		st.Kind = KindLock
		t = l.Next()
		if t.Is("TABLES") || t.Is("TABLE") {
			st.Verb = w + " TABLES"
			if w == "LOCK" {
				st.Database, st.Table = l.Name(l.Next())
			}
		} else {
			st.Kind = KindOther
		}
	case "SET":
		if l.Next().Is("STATEMENT") {
			// SET STATEMENT var=… FOR stmt: the variables hold for stmt alone, which
			// changes data; not session state to replay on every connection or resume.
			st.Kind, st.Verb = KindOther, "SET STATEMENT"
			break
		}
		st.Kind = KindSession
		s.track.set(s, st.SQL)
	case "USE":
		st.Kind = KindSession
		st.Database = l.Next().Text
	case "BEGIN":
		st.Kind = KindTxn
		// BEGIN NOT ATOMIC … END, and sql_mode=ORACLE's anonymous block `BEGIN stmt; …
		// END` (sql_yacc_ora.yy's sp_unlabeled_block): a compound statement. Only BEGIN
		// and BEGIN WORK start a transaction; anything else after BEGIN is such a block,
		// or ERROR 1064 outside Oracle mode (TestReviewX21OracleAnonymousBlockAfterTrigger:
		// read as BEGIN WORK, its rows ran before the CREATE TRIGGER before it).
		if n := l.Next(); n.Kind != sqlscan.EOF && !isPunct(n, ";") && !n.Is("WORK") {
			st.Kind = KindOther
		}
	case "COMMIT", "ROLLBACK":
		st.Kind = KindTxn
	case "START":
		if l.Next().Is("TRANSACTION") {
			st.Kind = KindTxn
			st.Verb = "START TRANSACTION"
		}
	}
}

func (s *Splitter) classifyDDL(l *sqlscan.Tokenizer, verb string) {
	st := &s.cur
	st.Kind = KindOther
	for {
		t := l.Next()
		if t.Kind != sqlscan.Word {
			return
		}
		switch strings.ToUpper(t.Text) {
		case "OR", "REPLACE", "TEMPORARY", "ONLINE", "OFFLINE", "IGNORE", "AGGREGATE",
			"UNIQUE", "FULLTEXT", "SPATIAL", "NOT", "EXISTS":
			continue
		case "DEFINER":
			l.SkipDefiner()
			continue
		case "ALGORITHM":
			l.Next() // =
			l.Next()
			continue
		case "SQL":
			l.Next() // SECURITY
			l.Next()
			continue
		case "TABLE", "DATABASE", "SCHEMA", "VIEW", "INDEX", "SEQUENCE":
			st.Kind = KindDDL
		case "TRIGGER", "PROCEDURE", "FUNCTION", "EVENT", "PACKAGE":
			st.Kind = KindRoutine
		default:
			return
		}
		obj := strings.ToUpper(t.Text)
		st.Verb = verb + " " + obj
		n := l.Next()
		for n.Is("IF") || n.Is("NOT") || n.Is("EXISTS") {
			n = l.Next()
		}
		if obj == "PACKAGE" && n.Is("BODY") {
			n = l.Next()
		}
		if obj == "DATABASE" || obj == "SCHEMA" {
			if n.IsName() {
				st.Database = n.Text
			}
			return
		}
		st.Database, st.Table = l.Name(n)
		if obj == "INDEX" {
			// CREATE INDEX i ON t: the table is what the statement acts on
			for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
				if t.Is("ON") {
					st.Database, st.Table = l.Name(l.Next())
					break
				}
			}
		}
		return
	}
}

// insertRows returns the row tuples of an INSERT/REPLACE whose table was just read: the
// splitter counted the top-level parenthesised groups of the whole statement; the ones
// before VALUES (a column list, a PARTITION list) are not rows. INSERT … SET is one row;
// INSERT … SELECT is 0 (unknown).
func (s *Splitter) insertRows(l *sqlscan.Tokenizer) int64 {
	var before int64
	for {
		t := l.Next()
		switch {
		case t.Kind == sqlscan.EOF:
			return 0
		case t.Kind == sqlscan.Punct && t.Text == "(":
			before++
			depth := 1
			for depth > 0 {
				t = l.Next()
				switch {
				case t.Kind == sqlscan.EOF:
					return 0
				case t.Kind == sqlscan.Punct && t.Text == "(":
					depth++
				case t.Kind == sqlscan.Punct && t.Text == ")":
					depth--
				}
			}
		case t.Is("VALUES") || t.Is("VALUE"):
			if n := s.groups - before; n > 0 {
				return n
			}
			return 0
		case t.Is("SET"):
			return 1
		case t.Is("PARTITION"):
		default:
			if t.Kind == sqlscan.Word && (t.Is("SELECT") || t.Is("WITH") || t.Is("TABLE")) {
				return 0
			}
		}
	}
}

// TouchesSQLMode reports whether a statement may change the session's sql_mode (a SET that
// names sql_mode), after which a replayer re-reads @@session.sql_mode and calls
// SetNoBackslashEscapes.
func TouchesSQLMode(st Statement) bool {
	return st.Kind == KindSession && sqlscan.ContainsFoldASCII(st.SQL, "sql_mode")
}
