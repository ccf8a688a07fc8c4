package replay

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// Which statements keep the diagnostics area, checked on MariaDB 10.11.19 with the
// mariadb client (the reference): INSERT IGNORE INTO an InnoDB table with one warning
// (ROW_COUNT 1), the statement, then GET DIAGNOSTICS @n = NUMBER, @rc = ROW_COUNT, and
// SHOW WARNINGS after it alone. The server empties the area before a statement whose
// table list is not empty; any other statement keeps it, and adds its own conditions.
//
//	statement                                     area after it       ROW_COUNT
//	UNLOCK TABLES                                 kept                0
//	LOCK TABLES t WRITE                           emptied             0
//	DO 1, DO @v, DO 1+1, DO CHARSET(@v)           kept                0
//	SELECT 1, SELECT 1+1, SELECT @v, @@sql_mode   kept                -1
//	SELECT @v INTO @w                             kept                1
//	SET @z = 1, @v + 1, (SELECT 1)                kept                0
//	SET @z = (SELECT 1 FROM t LIMIT 1)            emptied             0
//	COMMIT, BEGIN, START TRANSACTION, ROLLBACK    kept                0
//	PREPARE s FROM 'SELECT 1', DEALLOCATE         kept                0
//	PREPARE s FROM 'SELECT 1 FROM t'              emptied             0
//	  (a PREPARE keeps it whenever the text names no table: 'SET @w =
//	  @@warning_count', 'GET DIAGNOSTICS @w = NUMBER', 'SELECT (SELECT 1)',
//	  'SELECT f()' of a stored function that reads a table, 'DO 1', 'COMMIT';
//	  'INSERT INTO t VALUES (1)' empties it)
//	SET autocommit, sql_mode, unique_checks,      kept                0
//	  foreign_key_checks, time_zone, sql_notes,
//	  completion_type, sql_log_bin, SET NAMES,
//	  character_set_client, /*!40101 SET … */,
//	  SET [SESSION] TRANSACTION ISOLATION LEVEL
//	USE d (the same or another database)          kept                0
//	FLUSH TABLES                                  kept                0
//	SHOW WARNINGS                                 kept                -1
//	; alone, /* c */;, -- c (the client sends     kept                1 (unchanged)
//	  nothing)
//	ALTER TABLE t DISABLE KEYS (InnoDB)           emptied             0
//	ALTER TABLE t ENABLE KEYS (InnoDB)            Note 1031 alone     0
//	ALTER TABLE t DISABLE/ENABLE KEYS (MyISAM,    emptied             0
//	  keys enabled or disabled, rows or none)

// keepsArea reports whether st provably keeps the diagnostics area the statement before
// it left and may run inside the transaction diagTail holds open for that statement's
// progress row: a SET of user variables to literals or other user variables, a SET of
// session variables that neither ends nor changes a transaction (excludedSessionVar),
// SET NAMES (not SET CHARACTER SET, which the replay runs its own way:
// setsCharsetFromDatabase), a DO or SELECT of literals and variables without tables,
// and UNLOCK TABLES (diagTail.before waits past it only when the dump holds no
// table locks: then it commits nothing). Each opens no table (the table above). A reader
// after it reads what the statement before left, so diagTail waits past it
// (TestDiffFuzzFound4KeeperBeforeReader, TestDiffFuzzSeed21003KeptDiagnostics). Other
// keepers are not waited past: COMMIT, BEGIN, ROLLBACK and a SET of autocommit or of a
// transaction's characteristics would end or change that transaction, USE goes its own
// way through the replay. A plain COMMIT outside the dump's transaction is waited past
// without being sent (absorbsCommit), a PREPARE of a text that names no table
// (preparesTableFree) as a reader. Anything that may open a table (a subquery, a
// stored function) is no keeper here: a chain of keepers only, each judged alone.
func keepsArea(st *split.Statement) bool {
	if st.Kind == split.KindClient || len(st.SQL) == 0 {
		return false
	}
	l := sqlscan.New(st.SQL, st.Syntax())
	switch t := l.Next(); {
	case t.Is("SET"):
		return keepingSet(&l)
	case t.Is("DO"):
		return tableFree(&l, false)
	case t.Is("SELECT"):
		return tableFree(&l, true)
	case t.Is("UNLOCK"):
		if t := l.Next(); !t.Is("TABLES") && !t.Is("TABLE") {
			return false
		}
		return atEnd(&l)
	}
	return false
}

// preparesTableFree reports whether st is PREPARE s FROM '…' of a text (SELECT, DO, SET
// or GET DIAGNOSTICS) that names no table: no FROM, no TABLE, no WITH. Preparing it
// opens nothing, so it keeps the diagnostics area (the table above; difffuzz seeds 51073
// and 51099, TestDiffFuzzFoundGen4KeepersCommitSelectPrepare), whatever the text would
// read when executed. A PREPARE FROM @v is not read (its text is not known here).
func preparesTableFree(st *split.Statement) bool {
	if st.Kind == split.KindClient || !strings.EqualFold(sqlscan.FirstWord(st.SQL, st.Syntax()), "PREPARE") {
		return false
	}
	in, _, unreadable := transform.Wrapped(st)
	if in == nil || unreadable != "" || len(in.SQL) == 0 {
		return false
	}
	l := sqlscan.New(in.SQL, in.Syntax())
	switch t := l.Next(); {
	case t.Is("SELECT"), t.Is("DO"), t.Is("SET"), t.Is("GET"):
	default:
		return false
	}
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Is("FROM") || t.Is("TABLE") || t.Is("WITH") || t.Is("JOIN") {
			return false
		}
	}
	return true
}

// keepsAreaCounted reports whether st keeps the diagnostics area the statement before it
// left, for the warning count (warnLog.countsWarnings): keepsArea's statements, a COMMIT
// (plan.PlainCommit; every COMMIT keeps it on the server), a PREPARE of a text that names
// no table, and DEALLOCATE or DROP PREPARE, which opens nothing and raises no condition
// where it succeeds. Counted, the list was emptied before it (clearStaleWarnings) and
// @@warning_count read after it, which leaves ROW_COUNT() −1 where the client's COMMIT
// and PREPARE leave 0; `SET @dw2 = CAST('0y' AS SIGNED); PREPARE dps4 FROM 'SELECT 1';
// DEALLOCATE PREPARE dps4; CALL rdp1()` (a body storing @@warning_count) stored 0 where
// the client stores 1 (TestReviewX19PrepareBetweenWarningAndReader, x-fix46).
func keepsAreaCounted(st *split.Statement) bool {
	return keepsArea(st) || plan.PlainCommit(st) || preparesTableFree(st) || deallocates(st)
}

// deallocates reports whether st is DEALLOCATE PREPARE or DROP PREPARE.
func deallocates(st *split.Statement) bool {
	return preparesOnly(st) && !strings.EqualFold(sqlscan.FirstWord(st.SQL, st.Syntax()), "PREPARE")
}

// isUnlockTables reports whether st is UNLOCK TABLES.
func isUnlockTables(st *split.Statement) bool {
	return st.Kind != split.KindClient && strings.EqualFold(sqlscan.FirstWord(st.SQL, st.Syntax()), "UNLOCK")
}

// atEnd reports whether nothing but semicolons is left in l.
func atEnd(l *sqlscan.Tokenizer) bool {
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind != sqlscan.Punct || t.Text != ";" {
			return false
		}
	}
	return true
}

// keepingSet reports whether the rest of a SET, after the word SET, assigns user
// variables a literal or a variable each, or session variables (not excludedSessionVar)
// a literal, a word (ON, DEFAULT, a mode's name) or a variable, or is SET NAMES.
func keepingSet(l *sqlscan.Tokenizer) bool {
	const (
		wantVar = iota
		wantAssign
		wantValue
		wantComma
		wantFraction // after a number's "." (the tokenizer splits 2.5 into 2 . 5)
	)
	number := false // the value just read is a number
	system := false // the variable assigned is a session variable: a word may be its value
	state := wantVar
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		switch state {
		case wantVar:
			switch {
			case t.Is("NAMES"):
				return charsetTail(l)
			case t.Is("CHARACTER") || t.Is("CHARSET"):
				return false // runBarrier runs it its own way (setsCharsetFromDatabase)
			case t.Is("SESSION") || t.Is("LOCAL"):
				t = l.Next()
				if t.Kind != sqlscan.Word || excludedSessionVar(t.Text) {
					return false
				}
				system = true
			case t.Kind == sqlscan.Var && strings.HasPrefix(t.Text, "@@"):
				name := strings.TrimPrefix(t.Text, "@@")
				if strings.HasPrefix(name, "session.") || strings.HasPrefix(name, "local.") {
					name = name[strings.IndexByte(name, '.')+1:]
				}
				if strings.Contains(name, ".") || excludedSessionVar(name) {
					return false // @@global.x
				}
				system = true
			case t.Kind == sqlscan.Var:
				if len(t.Text) < 2 {
					return false
				}
				system = false
			case t.Kind == sqlscan.Word:
				if excludedSessionVar(t.Text) {
					return false
				}
				system = true
			default:
				return false
			}
			state = wantAssign
		case wantAssign:
			if t.Kind != sqlscan.Punct || (t.Text != "=" && t.Text != ":=") {
				return false
			}
			state = wantValue
		case wantValue:
			if t.Kind == sqlscan.Punct && t.Text == "-" {
				continue // a negative number
			}
			word := system && (t.Kind == sqlscan.Word || t.Kind == sqlscan.Quoted) && !digits(t.Text)
			if !literalOrVar(t) && !word {
				return false
			}
			number = t.Kind == sqlscan.Word && digits(t.Text)
			state = wantComma
		case wantFraction:
			if t.Kind != sqlscan.Word || !digits(t.Text) {
				return false
			}
			number, state = false, wantComma
		case wantComma:
			if t.Kind == sqlscan.Punct && t.Text == ";" {
				continue
			}
			if number && t.Kind == sqlscan.Punct && t.Text == "." {
				state = wantFraction
				continue
			}
			if t.Kind != sqlscan.Punct || t.Text != "," {
				return false
			}
			state = wantVar
		}
	}
	return state == wantComma
}

// charsetTail reports whether the rest of SET NAMES is a character set's name (or
// DEFAULT) with an optional COLLATE and a collation's name.
func charsetTail(l *sqlscan.Tokenizer) bool {
	name := func(t sqlscan.Token) bool {
		return t.Kind == sqlscan.Word || t.Kind == sqlscan.Quoted || t.Kind == sqlscan.String
	}
	if !name(l.Next()) {
		return false
	}
	t := l.Next()
	if t.Is("COLLATE") {
		if !name(l.Next()) {
			return false
		}
		t = l.Next()
	}
	for ; t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind != sqlscan.Punct || t.Text != ";" {
			return false
		}
	}
	return true
}

// excludedSessionVar reports whether a SET of the session variable name (or of what
// the word after SET names: GLOBAL, TRANSACTION, PASSWORD, …) may not run inside the
// transaction diagTail holds open, or changes what dumpscope's own statements after it
// do: it ends or changes the transaction (autocommit, completion_type, the isolation
// level and read-only; the server refuses inside one sql_log_bin, binlog_format,
// binlog_direct_non_transactional_updates, skip_replication, the gtid_ and wsrep
// variables: checked on 10.11), gives the next INSERT its id or time (insert_id,
// timestamp: the progress row would take them), limits dumpscope's own reads
// (sql_select_limit, sql_safe_updates), or is not the session's at all.
func excludedSessionVar(name string) bool {
	name = strings.ToLower(name)
	switch name {
	case "global", "persist", "persist_only", "transaction", "password", "role", "default", "statement",
		"autocommit", "completion_type", "sql_log_bin", "transaction_isolation", "tx_isolation",
		"transaction_read_only", "tx_read_only", "insert_id", "last_insert_id", "identity", "timestamp",
		"rand_seed1", "rand_seed2", "warning_count", "error_count", "in_transaction", "pseudo_thread_id",
		"skip_replication", "binlog_format", "binlog_direct_non_transactional_updates",
		"sql_select_limit", "sql_safe_updates", "max_join_size", "sql_big_selects":
		return true
	}
	return strings.HasPrefix(name, "gtid_") || strings.HasPrefix(name, "wsrep")
}

// tableFree reports whether the rest of a DO (or a SELECT: select) is a list of
// expressions of literals, variables and operators, with aliases and INTO user
// variables for a SELECT: no table, no function (a stored one may open tables), no
// subquery.
func tableFree(l *sqlscan.Tokenizer, selects bool) bool {
	seen, into := false, false
	prevDigits := false
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		wasDigits := prevDigits
		prevDigits = false
		switch t.Kind {
		case sqlscan.String:
		case sqlscan.Var:
			if len(t.Text) < 2 || stateVariable(t.Text) || (into && strings.HasPrefix(t.Text, "@@")) {
				return false
			}
		case sqlscan.Word:
			switch {
			case into:
				return false // INTO @v only
			case digits(t.Text):
				prevDigits = true
			case t.Is("NULL") || t.Is("TRUE") || t.Is("FALSE") || t.Is("AND") || t.Is("OR") || t.Is("XOR") ||
				t.Is("NOT") || t.Is("IS") || t.Is("DIV") || t.Is("MOD"):
			case selects && t.Is("AS"):
				if a := l.Next(); a.Kind != sqlscan.Word && a.Kind != sqlscan.Quoted && a.Kind != sqlscan.String {
					return false
				}
			case selects && t.Is("INTO") && seen:
				into = true
				continue
			default:
				return false
			}
		case sqlscan.Punct:
			switch t.Text {
			case "+", "-", "*", "/", "%", "<", ">", "=", "!", "|", "&", "^", "~", ",", "(", ")", ";":
			case ".":
				if !wasDigits {
					return false
				}
			default:
				return false
			}
		default:
			return false
		}
		seen = true
	}
	return seen
}

// stateVariable reports whether v (a Var token's text) is a session variable that reads
// the connection's state (as plan's connStateVars): @@warning_count and @@error_count (a
// reader, which plan.ReadsDiagnostics tells), and what reads otherwise inside the
// transaction diagTail holds open than after it: @@in_transaction (1 there, 0 for the
// client: difffuzz seed 48546), the last insert id, the clock.
func stateVariable(v string) bool {
	name := strings.TrimPrefix(v, "@@")
	if name == v {
		return false
	}
	name = strings.TrimPrefix(strings.TrimPrefix(name, "session."), "local.")
	switch name {
	case "warning_count", "error_count", "in_transaction", "last_insert_id", "identity", "insert_id",
		"pseudo_thread_id", "last_gtid", "rand_seed1", "rand_seed2", "timestamp",
		"character_set_database", "collation_database":
		return true
	}
	return false
}

// literalOrVar reports whether t is a number, a string, NULL, a user variable or a
// session variable that is not the connection's state (stateVariable).
func literalOrVar(t sqlscan.Token) bool {
	switch t.Kind {
	case sqlscan.String:
		return true
	case sqlscan.Var:
		return len(t.Text) >= 2 && !stateVariable(t.Text) && !strings.HasPrefix(t.Text, "@@global.")
	case sqlscan.Word:
		if t.Is("NULL") {
			return true
		}
		return digits(t.Text)
	}
	return false
}

// digits reports whether s is one or more decimal digits.
func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
