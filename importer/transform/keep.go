package transform

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// What keep does with the statements the splitter does not attribute (split.KindOther):
// some are transaction statements, some belong to the server rather than a database,
// some name their one table as plainly as an INSERT does (x-review5's findings 2–5, 8, 11).

// alwaysPasses reports whether st passes every filter: transaction statements the
// splitter leaves KindOther (XA …, SAVEPOINT, RELEASE SAVEPOINT), which keep promises to
// pass like BEGIN and COMMIT (a kept row inside a rolled-back XA transaction committed on
// its own, and ROLLBACK TO a dropped SAVEPOINT failed with ERROR 1305), and statements
// of the server rather than of a database (mysqldump --master-data's CHANGE MASTER TO
// before any USE, START/STOP SLAVE, RESET MASTER, PURGE, FLUSH): a filtered restore for a
// replica needs its coordinates as much as the GTID statements that already passed.
func alwaysPasses(st *split.Statement) bool {
	if st.Kind != split.KindOther {
		return false
	}
	l := st.Tokens()
	w0 := strings.ToUpper(l.Next().Text)
	switch w0 {
	case "XA", "SAVEPOINT", "PURGE", "FLUSH":
		return true
	case "RELEASE":
		return l.Next().Is("SAVEPOINT")
	case "CHANGE":
		w := l.Next()
		return w.Is("MASTER") || w.Is("REPLICATION")
	case "START", "STOP":
		w := l.Next()
		return w.Is("SLAVE") || w.Is("REPLICA") || w.Is("ALL")
	case "RESET":
		w := l.Next()
		return w.Is("MASTER") || w.Is("SLAVE") || w.Is("REPLICA")
	}
	return false
}

// otherTables returns the tables a KindOther statement belongs to, when it names them:
// mariadb-dump's DO SETVAL(`s`, n, 0) (a sequence's state: with the sequence, not its
// database, or the SETVAL of a sequence left out failed with ERROR 4091), the table an
// UPDATE, DELETE or LOAD DATA writes (--exclude-tables x ran DELETE FROM x and LOAD DATA
// INTO TABLE x), and the table the statement a wrapper runs writes (SET STATEMENT … FOR
// INSERT INTO x, EXECUTE IMMEDIATE 'UPDATE x …': see wrapped). ok is false for the statements the filter cannot attribute (CALL,
// SELECT, a multi-table statement it cannot read), which follow their database.
func (t *Transform) otherTables(st *split.Statement, db string) (keys []sqlscan.TableKey, ok bool) {
	if sdb, seq, ok := setvalSequence(st); ok {
		if sdb == "" {
			sdb = db
		}
		return []sqlscan.TableKey{sqlscan.TableKeyOf(sdb, seq)}, true
	}
	q := st.SQL
	if inner, _, wraps := t.wrapped(st); wraps {
		q = inner // the rows of SET STATEMENT … FOR INSERT go with the table they write
	} else if st.Verb != "UPDATE" && st.Verb != "DELETE" && st.Verb != "LOAD" {
		return nil, false
	}
	switch strings.ToUpper(sqlscan.FirstWord(q)) {
	case "UPDATE", "DELETE", "LOAD", "INSERT", "REPLACE":
		keys = sqlscan.DMLTables(q, db, st.Syntax())
		return keys, len(keys) > 0
	}
	return nil, false
}

// setvalSequence reads DO SETVAL(seq, …), the one statement mariadb-dump writes for a
// sequence's state.
func setvalSequence(st *split.Statement) (db, seq string, ok bool) {
	if st.Verb != "DO" {
		return "", "", false
	}
	l := st.Tokens()
	l.Next()
	if !l.Next().Is("SETVAL") {
		return "", "", false
	}
	if p := l.Next(); p.Kind != sqlscan.Punct || p.Text != "(" {
		return "", "", false
	}
	n := l.Next()
	if !n.IsName() {
		return "", "", false
	}
	db, seq = l.Name(n)
	return db, seq, seq != ""
}

// dataVerbs are the statements --schema-only leaves out and --data-only keeps besides
// rows: DML and what runs it.
var dataVerbs = map[string]bool{"INSERT": true, "REPLACE": true, "UPDATE": true, "DELETE": true, "LOAD": true,
	"CALL": true, "DO": true, "SELECT": true, "WITH": true, "TABLE": true, "VALUES": true, "HANDLER": true}

// wrappedData reports whether a KindOther statement that runs another one is data (see
// wrapped). A statement that runs SQL which cannot be read counts as data (a compound
// statement in a dump is DML far more often than DDL), and warnJudge gives the place, so
// that nothing goes in or stays out silently (TestReviewX5SchemaOnlyHiddenRows).
func (t *Transform) wrappedData(st *split.Statement) (data, judged bool) {
	inner, what, wraps := t.wrapped(st)
	switch {
	case !wraps, inner == nil && what == "":
		return false, false
	case inner == nil:
		t.warnJudge(st, what)
		return true, true
	}
	return dataVerbs[strings.ToUpper(sqlscan.FirstWord(inner))], true
}

// wrapped returns the statement a KindOther statement runs, when it wraps one: SET
// STATEMENT … FOR <statement>; EXECUTE IMMEDIATE '…' and PREPARE s FROM '…' (the statement
// their literal holds); EXECUTE s and DEALLOCATE PREPARE s (their PREPARE's, so that they
// are kept or left out with it). inner is nil when what it runs cannot be read: what then
// names it for a warning (dynamic SQL from something other than a string literal, a
// compound statement), or is "" for an EXECUTE of a statement prepared from such SQL
// (its PREPARE was warned about).
func (t *Transform) wrapped(st *split.Statement) (inner []byte, what string, wraps bool) {
	l := st.Tokens()
	w0 := strings.ToUpper(l.Next().Text)
	switch w0 {
	case "SET":
		for tok := l.Next(); tok.Kind != sqlscan.EOF; tok = l.Next() {
			if tok.Is("FOR") {
				return st.SQL[tok.End:], "", true
			}
		}
		return nil, "", false
	case "EXECUTE", "PREPARE":
		name := ""
		if w0 == "PREPARE" {
			name = strings.ToLower(l.Next().Text)
			if !l.Next().Is("FROM") {
				return nil, "", false
			}
		} else if tok := l.Next(); !tok.Is("IMMEDIATE") {
			return t.prepared[strings.ToLower(tok.Text)], "", true
		}
		text, ok := sqlscan.LiteralStatement(&l)
		if ok {
			inner = []byte(text)
		}
		if name != "" {
			if t.prepared == nil {
				t.prepared = map[string][]byte{}
			}
			t.prepared[name] = inner
		}
		if !ok {
			return nil, "dynamic SQL from something other than a string literal", true
		}
		return inner, "", true
	case "DEALLOCATE", "DROP":
		if l.Next().Is("PREPARE") {
			return t.prepared[strings.ToLower(l.Next().Text)], "", true
		}
		return nil, "", false
	case "BEGIN", "IF", "CASE", "LOOP", "WHILE", "REPEAT", "FOR":
		return nil, "a compound statement", true
	}
	return nil, "", false
}

// warnJudge says that --schema-only or --data-only could not tell what st writes.
func (t *Transform) warnJudge(st *split.Statement, what string) {
	switch {
	case t.opt.SchemaOnly:
		t.warn(st, "--schema-only left out %s: what it runs cannot be read (rows or DDL); run it by hand if it creates objects", what)
	case t.opt.DataOnly:
		t.warn(st, "--data-only kept %s: what it runs cannot be read (rows or DDL)", what)
	}
}
