package importer

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// Cases a differential corpus of hand- and tool-written scripts found where a parallel
// replay differed from the client's (cmd/dumpscope/plan_corpus2_test.go): each helper here
// keeps one of them in stream order or on one connection.

// keyOf names a table for the planner and the scheduler (checkpoint.TableKey, the one
// spelling of a table key: the checkpoint's intents and reloads compare the same keys).
func keyOf(db, table string) string { return checkpoint.TableKey(db, table) }

// splitKey is keyOf's inverse, for the few places that need a key's names back (the
// preflight's lookups): a key is cut at its first dot only when neither name holds one,
// else its backquoted names are read.
func splitKey(key string) (db, table string) {
	if !strings.HasPrefix(key, "`") {
		db, table, _ = strings.Cut(key, ".")
		return db, table
	}
	name := func(s string) (string, string) { // a backquoted name at the start of s, the rest
		var b strings.Builder
		for i := 1; i < len(s); i++ {
			switch {
			case s[i] == '`' && i+1 < len(s) && s[i+1] == '`':
				b.WriteByte('`')
				i++
			case s[i] == '`':
				return b.String(), s[i+1:]
			default:
				b.WriteByte(s[i])
			}
		}
		return b.String(), ""
	}
	db, rest := name(key)
	table, _ = name(strings.TrimPrefix(rest, "."))
	return db, table
}

// isRollbackTo reports whether st is ROLLBACK [WORK] TO [SAVEPOINT] x: it undoes part of
// the open transaction and leaves it open (it ends nothing).
func isRollbackTo(st *split.Statement) bool {
	if st.Kind != split.KindTxn || !strings.HasPrefix(st.Verb, "ROLLBACK") {
		return false
	}
	l := st.Tokens()
	l.Next()
	t := l.Next()
	if t.Is("WORK") {
		t = l.Next()
	}
	return t.Is("TO")
}

// xaVerb returns the word after XA (START, BEGIN, END, PREPARE, COMMIT, ROLLBACK,
// RECOVER), upper-cased, or "" when st is not an XA statement.
func xaVerb(st *split.Statement) string {
	l := st.Tokens()
	if !l.Next().Is("XA") {
		return ""
	}
	if t := l.Next(); t.Kind == sqlscan.Word {
		return strings.ToUpper(t.Text)
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
func setsForeignKeyChecks(st *split.Statement) bool {
	if st.Kind != split.KindSession {
		return false
	}
	for _, a := range parseSet(st.SQL, st.Syntax()) {
		if a.name == "foreign_key_checks" {
			return true
		}
	}
	return false
}

// lostCounter refuses, on --resume, a statement this attempt would run that the earlier
// one may have been inside when it was killed, when it takes AUTO_INCREMENT ids or
// sequence values: a rolled-back INSERT (or NEXTVAL) does not give back the ids it took,
// and running it again would number its rows after them, silently unlike the client.
// Such statements are the first one not committed, and, since batches of plain rows on
// the workers run beside the control connection, every one up to the first not committed
// that runs on the control connection (which runs one at a time, in stream order): a
// batch committed nothing of it, while the control connection may have been inside it
// (difffuzz seed 16: a table's AUTO_INCREMENT 418 where the client's was 255). Inside a
// transaction, every statement up to its end: the earlier attempt may have run them all
// before it was killed, and their rollback kept the ids they took (seed 2178: an id the
// client's INSERT got was taken, ERROR 1062 where the client went on). That statement,
// or the transaction's end, marks the resume point passed.
func (p *ParallelReplayer) lostCounter(ctx context.Context, st *split.Statement, pl Plan) error {
	cp := p.opt.Checkpoint
	if cp == nil || p.resumePassed || len(st.SQL) == 0 || pl.Volatile || pl.Kind == PlanSkip || pl.Kind == PlanControl {
		return nil // what gets no progress row does not tell where the earlier attempt was
	}
	if w := sqlscan.DDLWords(st.SQL, 6); st.Verb == "ALTER TABLE" && len(w) == 5 && strings.EqualFold(w[4], "KEYS") {
		return nil // DISABLE/ENABLE KEYS: a no-op on InnoDB, without a progress row
	}
	switch st.Kind {
	case split.KindTxn:
		// The COMMIT or ROLLBACK of a transaction a resume did not skip: the earlier
		// attempt was inside it at most until here.
		if committed, _ := cp.Committed(); committed > 0 && !pl.OpenAfter && !cp.Skip(st.Offset) {
			p.resumePassed = true
		}
		return nil
	case split.KindSession, split.KindClient, split.KindLock:
		return nil
	}
	if committed, _ := cp.Committed(); committed == 0 {
		p.resumePassed = true // a first run, or nothing committed yet
		return nil
	}
	if cp.Skip(st.Offset) {
		return nil
	}
	p.resumePassed = pl.Kind != PlanRows && !pl.OpenAfter
	what := ""
	switch {
	case takesSequenceValues(st):
		what = "sequence values"
	case st.Kind == split.KindInsert && st.Table != "":
		db := st.Database
		if db == "" {
			db = p.serial.database
		}
		f, err := p.idFactsOf(ctx, db, st.Table)
		if err != nil {
			return p.at(st, err)
		}
		if f.sequence {
			what = "sequence values"
			break
		}
		what = takesIDs(st, p.planner.Syntax, keyOf(db, st.Table), f.TableFacts, f.triggers)
	}
	if what == "" {
		return nil
	}
	return p.serial.refuse(st, "--resume cannot recreate "+what+": the interrupted run may have been inside this statement, and ids it took are not given back when it rolls back. "+
		"Compare SHOW CREATE TABLE's AUTO_INCREMENT (or the sequence) with the dump's, set it (ALTER TABLE … AUTO_INCREMENT = n), then run the rest of the dump from this statement by hand, or import it again into an empty target")
}

// idFacts are what lostCounter reads about a table: its AUTO_INCREMENT column, whether
// its triggers name tables, whether a column defaults to a sequence's next value.
type idFacts struct {
	TableFacts
	triggers, sequence bool
}

// idFactsOf reads db.table's idFacts, once per table while lostCounter looks (until the
// resume point is passed: a statement that changes tables runs on the control connection
// and passes it), since every batch of rows up to there is checked.
func (p *ParallelReplayer) idFactsOf(ctx context.Context, db, table string) (idFacts, error) {
	key := keyOf(db, table)
	if f, ok := p.lostCounterFacts[key]; ok {
		return f, nil
	}
	var f idFacts
	var col sql.NullString
	var at sql.NullInt64
	if err := p.control.QueryRowContext(ctx, "SELECT MAX(COLUMN_NAME), MAX(ORDINAL_POSITION) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA=? AND TABLE_NAME=? AND EXTRA LIKE '%auto_increment%'", db, table).Scan(&col, &at); err != nil {
		return f, err
	}
	f.TableFacts = TableFacts{AutoIncrement: col.String, AutoIncrementAt: int(at.Int64) - 1}
	var err error
	if f.triggers, err = p.triggersNameTables(ctx, db, table); err != nil {
		return f, err
	}
	var seqDefaults int
	if err := p.control.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA=? AND TABLE_NAME=? AND "+sequenceDefault, db, table).Scan(&seqDefaults); err != nil {
		return f, err
	}
	f.sequence = seqDefaults > 0
	if p.lostCounterFacts == nil {
		p.lostCounterFacts = map[string]idFacts{}
	}
	p.lostCounterFacts[key] = f
	return f, nil
}

// triggersNameTables reports whether a trigger of db.table names a table (which it may
// write, taking ids) or calls a routine. One that only counts in a user variable (SET
// @trg = @trg + 1, difffuzz seed 809) takes none.
func (p *ParallelReplayer) triggersNameTables(ctx context.Context, db, table string) (bool, error) {
	rows, err := p.control.QueryContext(ctx, "SELECT ACTION_STATEMENT FROM information_schema.TRIGGERS WHERE EVENT_OBJECT_SCHEMA=? AND EVENT_OBJECT_TABLE=?", db, table)
	if err != nil {
		return false, err
	}
	defer rows.Close()
	names := false
	for rows.Next() {
		var body string
		if err := rows.Scan(&body); err != nil {
			return false, err
		}
		tables, known := triggerTables([]byte(body), db)
		names = names || !known || len(tables) > 0
	}
	return names, rows.Err()
}

// takesSequenceValues reports whether st calls NEXTVAL or NEXT VALUE FOR.
func takesSequenceValues(st *split.Statement) bool {
	return sqlscan.ContainsFoldASCII(st.SQL, "NEXTVAL") || sqlscan.ContainsFoldASCII(st.SQL, "NEXT VALUE FOR")
}

// takesIDs says which AUTO_INCREMENT counter an INSERT into key (facts f, triggers or not)
// moves in a way that a rollback does not undo, or "": one that leaves ids to the server
// (a plain row insert that gives them all is safe), or fires triggers that may.
func takesIDs(st *split.Statement, syn sqlscan.Syntax, key string, f TableFacts, triggers bool) string {
	if triggers {
		return "the AUTO_INCREMENT counters of the tables the triggers of " + key + " write"
	}
	if f.AutoIncrement == "" {
		return ""
	}
	if ri, plain := parseRowInsert(st.SQL, syn); plain && !ri.generatesIDs(f) {
		return ""
	}
	return "the AUTO_INCREMENT counter of " + key
}

// connectionOnlyVerbs change nothing but the connection (a prepared statement, a handler):
// they get no progress row, so that a resumed run, on a new connection, builds them again
// before an EXECUTE or HANDLER … READ that needs them.
var connectionOnlyVerbs = map[string]bool{"PREPARE": true, "DEALLOCATE": true, "HANDLER": true}

// sequenceDefault matches, in information_schema.COLUMNS, a column whose default takes
// the next value of a sequence (MariaDB shows DEFAULT NEXT VALUE FOR s as nextval(`db`.`s`)).
const sequenceDefault = "(COLUMN_DEFAULT LIKE '%nextval(%' OR COLUMN_DEFAULT LIKE '%next value for%')"

// routineUserVariable returns why a CREATE TRIGGER or CREATE FUNCTION depends on one
// connection: its body reads or sets a user variable, which lives on the connection
// that fires the trigger or calls the function (a worker), while the client's counts on
// its one connection (SET @n = @n + 1 in a trigger, then INSERT … VALUES (@n)).
// Procedures run only through CALL, which is serial already; events run on the
// scheduler's own connection, as for the client.
func routineUserVariable(st *split.Statement) string {
	what, vars := routineUserVars(st)
	if len(vars) == 0 {
		return ""
	}
	return "the " + what + " " + st.Table + " uses user variable " + vars[0] + ", which lives on the connection that runs it"
}

// routineUserVars returns what st creates ("trigger", "function"; "" for anything else)
// and the user variables its body names (as the lexer gives them), in order.
func routineUserVars(st *split.Statement) (what string, vars []string) {
	switch {
	case strings.Contains(st.Verb, "TRIGGER"):
		what = "trigger"
	case strings.Contains(st.Verb, "FUNCTION"):
		what = "function"
	default:
		return "", nil
	}
	l := st.Tokens()
	body := false
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		switch {
		case !body && what == "trigger" && t.Is("ROW"), !body && what == "function" && t.Is("RETURNS"):
			body = true // past DEFINER=user@host, which reads like a variable
		case body && t.Kind == sqlscan.Var && !strings.HasPrefix(t.Text, "@@") && !slices.Contains(vars, t.Text):
			vars = append(vars, t.Text)
		}
	}
	return what, vars
}

// errOpenAtEnd is why a dump that names a producer which always commits (mysqldump,
// phpMyAdmin …), so that its regions' rows went out in parallel batches, fails when it
// ends (or quits) with such rows not committed by the dump itself.
const errOpenAtEnd = "the dump ends inside a transaction (autocommit=0 or START TRANSACTION) whose rows were already committed on other connections " +
	"(its header names a tool that always commits, so they ran in parallel); the mariadb client would roll them back when it disconnects, here they stay in the target. " +
	"Import it without --parallel, --checkpoint or --load-data to get the client's result"

// LostAtEnd reports whether the client's connection, closing here, would roll back rows
// that went to other connections and committed there (a trusted producer's open region).
func (p *Planner) LostAtEnd() bool { return p.region() && p.parallelIn }

// noteInsertID follows SET insert_id = n: it applies to the next INSERT that takes an id.
func (p *ParallelReplayer) noteInsertID(st *split.Statement) {
	for _, a := range parseSet(st.SQL, st.Syntax()) {
		if a.name == "insert_id" {
			p.insertIDPending = true
		}
	}
}

// dropInsertID, when a resumed run skips an INSERT an earlier attempt committed, cancels
// a SET insert_id replayed before it (session statements always run again): it belonged
// to that INSERT, and would give the next one its id (a duplicate key).
func (p *ParallelReplayer) dropInsertID(ctx context.Context, st *split.Statement) error {
	if !p.insertIDPending || st.Kind != split.KindInsert {
		return nil
	}
	p.insertIDPending = false
	if _, err := p.control.ExecContext(ctx, "SET insert_id = 0"); err != nil {
		return p.at(st, err)
	}
	return nil
}

// renamedAlready reports whether a RENAME TABLE that failed with 1146 (no such table)
// had run before a crash: every source is gone and every new name exists. (A resumed run
// sends unrecorded DDL again; for CREATE and DROP "already exists" says the same.)
func (p *ParallelReplayer) renamedAlready(ctx context.Context, c Conn, st *split.Statement, code uint16) bool {
	if code != 1146 || st.Verb != "RENAME TABLE" {
		return false
	}
	keys, ok := namedTables(st, p.serial.database)
	if !ok || len(keys)%2 != 0 {
		return false
	}
	for i, k := range keys {
		var n int
		q := "SELECT COUNT(*) FROM information_schema.TABLES WHERE CONCAT(TABLE_SCHEMA, '.', TABLE_NAME) = ?"
		if c.QueryRowContext(ctx, q, k).Scan(&n) != nil || (i%2 == 0) != (n == 0) {
			return false
		}
	}
	return true
}

// reloadKey names st's table as the checkpoint package's reload list does (keyOf).
func reloadKey(st *split.Statement, db string) string { return tableKeyOf(st, db) }

// errXADupID is the server's XAER_DUPID: an XA transaction with that xid exists.
const errXADupID = 1440

// leftPreparedXA turns, on --resume, the dump's XA START failing with XAER_DUPID into a
// refusal that says what to do. Killed between XA PREPARE and its XA COMMIT or ROLLBACK,
// the interrupted run left the XA transaction prepared: the server keeps it after the
// connection is gone, holding its row locks, and the resume sends the dump's XA START
// again (the XA statements' stretch is recorded after their end). Whether the prepared
// xid is the interrupted run's or another client's cannot be told here, so it is not
// ended for the user.
func (p *ParallelReplayer) leftPreparedXA(st *split.Statement, err error) error {
	var se *StatementError
	cp := p.opt.Checkpoint
	if cp == nil || !errors.As(err, &se) || se.Code != errXADupID || (xaVerb(st) != "START" && xaVerb(st) != "BEGIN") {
		return err
	}
	if committed, _ := cp.Committed(); committed == 0 {
		return err
	}
	return p.serial.refuse(st, "--resume cannot start this XA transaction: one with its xid is prepared in the server, left by the interrupted run if it was killed between XA PREPARE and its XA COMMIT or XA ROLLBACK (XA RECOVER lists it). "+
		"If it is the import's, end it with XA ROLLBACK and the xid, then resume to run the dump's XA statements again")
}
