package importer

import (
	"strings"
)

// Cases a differential corpus of hand- and tool-written scripts found where a parallel
// replay differed from the client's (cmd/dumpscope/plan_corpus2_test.go): each helper here
// keeps one of them in stream order or on one connection.

// keyOf names a table for the planner and the scheduler: db.table, or `db`.`table` when
// either name holds a dot or a backquote, so that `d.x`.`y` and `d`.`x.y` (two tables) never
// share a key and so a batch.
func keyOf(db, table string) string {
	if strings.ContainsAny(db, ".`") || strings.ContainsAny(table, ".`") {
		return quoteName(db) + "." + quoteName(table)
	}
	return db + "." + table
}

// isRollbackTo reports whether st is ROLLBACK [WORK] TO [SAVEPOINT] x: it undoes part of
// the open transaction and leaves it open (it ends nothing).
func isRollbackTo(st *Statement) bool {
	if st.Kind != KindTxn || !strings.HasPrefix(st.Verb, "ROLLBACK") {
		return false
	}
	l := lexer{b: st.SQL}
	l.next()
	t := l.next()
	if t.is("WORK") {
		t = l.next()
	}
	return t.is("TO")
}

// xaVerb returns the word after XA (START, BEGIN, END, PREPARE, COMMIT, ROLLBACK,
// RECOVER), upper-cased, or "" when st is not an XA statement.
func xaVerb(st *Statement) string {
	l := lexer{b: st.SQL}
	if !l.next().is("XA") {
		return ""
	}
	if t := l.next(); t.kind == tWord {
		return strings.ToUpper(t.text)
	}
	return ""
}

// connStateVars are system variables whose value is one connection's state (or the
// moment it is read): a row or SET that reads one depends on the connection it runs on.
var connStateVars = map[string]bool{
	"last_insert_id": true, "identity": true, "insert_id": true, "warning_count": true,
	"error_count": true, "pseudo_thread_id": true, "in_transaction": true, "last_gtid": true,
	"rand_seed1": true, "rand_seed2": true, "timestamp": true, "sql_last_value": false,
}

// connStateVar reports whether a variable token (@@x, @@session.x) reads connection state.
func connStateVar(v string) bool {
	if !strings.HasPrefix(v, "@@") {
		return false
	}
	name := strings.ToLower(strings.TrimPrefix(v, "@@"))
	for _, s := range []string{"session.", "local.", "global."} {
		name = strings.TrimPrefix(name, s)
	}
	return connStateVars[name]
}

// relateTriggerTables notes that the tables a trigger names (its own and those its body
// touches) form one group: a statement that waits for one of them waits for the others'
// rows in flight too, since a row of one may write another through the trigger (rows of
// t whose trigger inserts into log, then an INSERT into log that takes AUTO_INCREMENT ids
// after them).
func (p *ParallelReplayer) relateTriggerTables(tables []string) {
	if len(tables) < 2 {
		return
	}
	if p.triggerKin == nil {
		p.triggerKin = map[string][]string{}
	}
	for _, t := range tables {
		for _, u := range tables {
			if u != t && !containsKey(p.triggerKin[t], u) {
				p.triggerKin[t] = append(p.triggerKin[t], u)
			}
		}
	}
}

// withTriggerKin returns keys and every table a trigger relates to one of them.
func (p *ParallelReplayer) withTriggerKin(keys []string) []string {
	if len(p.triggerKin) == 0 {
		return keys
	}
	out := keys
	for _, k := range keys {
		for _, u := range p.triggerKin[k] {
			if !containsKey(out, u) {
				if len(out) == len(keys) {
					out = append([]string(nil), keys...)
				}
				out = append(out, u)
			}
		}
	}
	return out
}

// plainEngines are the storage engines whose rows go where the INSERT names: into that
// table alone. A view, a MERGE table or a federated/connect/spider table writes
// elsewhere, so rows into one wait for everything before them.
var plainEngines = map[string]bool{
	"INNODB": true, "MYISAM": true, "ARIA": true, "MEMORY": true, "HEAP": true, "CSV": true,
	"ARCHIVE": true, "BLACKHOLE": true, "ROCKSDB": true, "TOKUDB": true, "MROONGA": true,
	"COLUMNSTORE": true, "S3": true,
}

// notPlainTarget returns why rows into a table of this type and engine may write other
// tables ("" when they cannot): a view, or an engine outside plainEngines. An unknown
// table (it does not exist: the INSERT will fail) is plain.
func notPlainTarget(tableType, engine string) string {
	switch {
	case strings.EqualFold(tableType, "VIEW"):
		return "a view"
	case tableType == "" && engine == "":
		return ""
	case engine != "" && !plainEngines[strings.ToUpper(engine)]:
		return "a table of engine " + engine
	}
	return ""
}

// setsForeignKeyChecks reports whether a session statement assigns foreign_key_checks
// (what the catalog looked up about parent tables then no longer holds).
func setsForeignKeyChecks(st *Statement) bool {
	if st.Kind != KindSession {
		return false
	}
	for _, a := range parseSet(st.SQL) {
		if a.name == "foreign_key_checks" {
			return true
		}
	}
	return false
}
