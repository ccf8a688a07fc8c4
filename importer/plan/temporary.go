package plan

import (
	"cmp"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// keepsTransaction reports whether st, DDL, leaves the open transaction open: CREATE [OR
// REPLACE] TEMPORARY TABLE and DROP TEMPORARY TABLE commit nothing (tried on MariaDB
// 10.11: @@in_transaction stays 1), where every other DDL commits, on a temporary table
// too (DROP TABLE of one without TEMPORARY, ALTER, TRUNCATE, RENAME, CREATE INDEX, CREATE
// TEMPORARY SEQUENCE). Taken for a commit, a CREATE TEMPORARY TABLE inside the dump's
// START TRANSACTION ended the planner's region, and a checkpointed run gave the rows
// after it transactions of their own, which committed what the client's ROLLBACK undid
// (TestFixX10aTemporaryTableInTransaction).
func keepsTransaction(st *split.Statement) bool {
	return TemporaryTableDDL(st)
}

// TemporaryTableDDL reports whether st is CREATE [OR REPLACE] TEMPORARY TABLE or DROP
// TEMPORARY TABLE (split.Statement.TemporaryTableDDL, shared with the preflight).
func TemporaryTableDDL(st *split.Statement) bool { return st.TemporaryTableDDL() }

// volatile reports whether st's effect lives only in the connection: it creates, drops or
// writes a temporary table, or only sets user variables (SELECT … INTO @v, DO, SET). A
// wrapper is read as what it runs (registry.runs): a temporary table made through SET
// STATEMENT … FOR, EXECUTE IMMEDIATE or EXECUTE s is one all the same
// (TestReviewX14WrappedTemporaryResume). A DROP TABLE without TEMPORARY of a name the
// planner holds for a temporary table drops that one (the server looks for a temporary
// table first): it is volatile, and the name is a real table's again
// (TestReviewX14TemporaryDroppedWithoutKeyword). literal: st is a row insert of literal
// values (Plan.Literal), whose text the function check skips (functemps.go).
func (p *Planner) volatile(st *split.Statement, db string, literal bool) bool {
	if st.Kind == split.KindSession {
		if !p.temps.madeByFunctions(&p.bodies, st, db, false) { // SET @x = f(): functemps.go
			p.temps.throughCode(&p.bodies, st, db, func() bool { return true })
		}
		return true
	}
	d, ddb := p.reg.runs(st, db)
	p.bodies.observe(d, ddb)
	if p.temps.volatile(d, ddb) {
		return true
	}
	if p.temps.madeByCode(&p.bodies, d, ddb) || p.temps.madeByFunctions(&p.bodies, d, ddb, literal) { // bodytemps.go, functemps.go
		return false
	}
	// Read only where a temporary table is held: exprState scans the whole statement, a
	// 1 MiB INSERT too (2 s more client CPU for the 200M generated dump, stop 44).
	if p.temps.throughCode(&p.bodies, d, ddb, func() bool { return exprState(st.SQL, st.Syntax()) != "" }) {
		return true // it writes temporary tables only, through code it runs (routinetemp.go)
	}
	w := strings.ToUpper(sqlscan.FirstWord(st.SQL, st.Syntax()))
	if connectionOnlyVerbs[w] {
		return true // a prepared statement or handler lives in the connection: rebuilt on resume
	}
	in := st
	if st.Verb == "SET STATEMENT" {
		// SET STATEMENT … FOR SELECT … INTO @v sets only user variables, as the SELECT
		// alone: judged by SET it was skipped on resume, and a ROW_COUNT() reader after
		// its give-back refused (TestXFix71WrappedSelectIntoCounts).
		in, w = d, strings.ToUpper(sqlscan.FirstWord(d.SQL, d.Syntax()))
	}
	return (w == "SELECT" || w == "DO" || w == "VALUES") && exprState(in.SQL, in.Syntax()) != ""
}

// runs is the statement st runs through its wrappers (SET STATEMENT … FOR, EXECUTE
// IMMEDIATE, EXECUTE of a statement the dump prepared), and the database its names belong
// to; st and db themselves when it wraps nothing, or nothing that can be read. A
// temporary table made or dropped through a wrapper is one all the same
// (TestReviewX14WrappedTemporaryResume).
func (r *registry) runs(st *split.Statement, db string) (*split.Statement, string) {
	for depth := 0; depth < wrapDepth && st.Kind == split.KindOther; depth++ {
		if _, prepare := transform.PrepareName(st); prepare {
			break
		}
		in, prepared, _ := transform.Wrapped(st)
		if prepared != "" {
			ps, ok := r.prepared[prepared]
			if !ok || ps.st == nil {
				break
			}
			in, db = ps.st, ps.db
		}
		if in == nil {
			break
		}
		st = in
	}
	return st, db
}

// temporaryTables is what the planner knows of the dump's temporary tables.
type temporaryTables struct {
	names map[string]bool // created and not dropped since (db.table)
	// nonTx are those of names made in an engine without transactions (MyISAM, MEMORY,
	// Aria: nonTransactionalEngine): a ROLLBACK leaves their rows.
	nonTx map[string]bool
	// inTxn are the transactional temporary tables written in the open transaction, in
	// the order first written: its ROLLBACK undid rows of each. One name (the last
	// written) left the others' rolled-back rows in a resume's rebuild, unrefused
	// (TestReviewX15TemporaryRollbackTwoTables).
	inTxn []string
	// savepoints are the open transaction's, each with the tables of inTxn written
	// after it (tempsavepoint.go).
	savepoints []savepoint
	// renamed: the statement planned last renamed these temporary tables (old and new
	// key, in turn: ALTER TABLE tt RENAME TO tt2, RENAME TABLE tt TO tt2); mixedRename:
	// it renamed this one (its new key) with real tables.
	renamed     [][2]string
	mixedRename string
	// mixedDrop: the statement planned last was a DROP TABLE of this temporary table
	// with real ones (volatile).
	mixedDrop string
	// wrote: the statement planned last was an UPDATE or DELETE of this temporary table
	// alone (volatile); mixedWrite: of it with real tables, or reading them (not).
	wrote, mixedWrite string
	// codeWrite: the statement planned last writes this temporary table through code it
	// runs and cannot be sent again exactly (codeWhy); codeFuncs: the dump's functions a
	// volatile one calls; ranBy: what such ones wrote, by body run (routinetemp.go).
	codeWrite, codeWhy  string
	codeAlso, codeFuncs []string
	// byCode: of codeWrite and codeAlso, the tables the code makes or drops
	// (holdCodeTemps): Plan.TemporaryByCode.
	byCode CodeTemps
	// codeReads, codeHeldReads: the real and temporary tables the code of the volatile
	// statement planned last reads (routineReach.reads): Plan.TemporaryReads.
	codeReads, codeHeldReads []string
	ranBy                    map[ranRoutine][]string
}

// volatile reports whether d (what a statement runs: registry.runs), whose names belong
// to db, creates, drops or writes a temporary table, and notes the ones it creates and
// drops. A DROP TABLE without TEMPORARY drops the temporary table of a name first: only
// temporary tables, it is volatile; with real ones too it is not (sent again, it dropped
// them a second time), and mixedDrop names the temporary table a resume that skips it
// keeps.
func (tt *temporaryTables) volatile(d *split.Statement, db string) bool {
	tt.mixedDrop, tt.wrote, tt.mixedWrite, tt.renamed, tt.mixedRename = "", "", "", nil, ""
	if pairs := renamePairs(d, db); len(pairs) > 0 {
		return tt.rename(pairs)
	}
	switch {
	case TemporaryTableDDL(d) && d.Verb == "CREATE TABLE":
		if tt.names == nil {
			tt.names = map[string]bool{}
		}
		if tt.nonTx == nil {
			tt.nonTx = map[string]bool{}
		}
		key := StatementTableKey(d, db)
		tt.names[key] = true
		tt.nonTx[key] = nonTransactionalEngine(d)
		return true
	case TemporaryTableDDL(d):
		if tt.names == nil {
			tt.names = map[string]bool{}
		}
		for _, k := range dropKeys(d, db) {
			tt.names[k] = false
			tt.inTxn = slices.DeleteFunc(tt.inTxn, func(w string) bool { return w == k }) // a ROLLBACK brings no dropped table back
		}
		return true
	case d.Verb == "DROP TABLE":
		keys := dropKeys(d, db)
		var held []string
		for _, k := range keys {
			if tt.names[k] {
				held = append(held, k)
				delete(tt.names, k)
				tt.inTxn = slices.DeleteFunc(tt.inTxn, func(w string) bool { return w == k })
			}
		}
		if len(held) > 0 && len(held) < len(keys) {
			tt.mixedDrop = held[0]
		}
		return len(held) > 0 && len(held) == len(keys)
	case d.Verb == "UPDATE" || d.Verb == "DELETE":
		// The splitter gives INSERT and REPLACE their table, not these: an UPDATE or DELETE
		// of a temporary table was skipped as committed, and the rebuilt table lacked it
		// (TestFixX25TemporaryUpdateOnResume). One that also writes or reads real tables
		// is not sent again (it would write them twice, or read them as the interrupted
		// run left them): a resume past it refuses while the temporary table is there.
		written := false
		for _, k := range dmlTables(writeZone(d), db) {
			written = written || tt.names[k]
		}
		if !written {
			return false // it reads a temporary table at most: committed, skipped
		}
		var temp, real string
		for _, k := range dmlTables(d, db) {
			if tt.names[k] {
				temp = cmp.Or(temp, k)
			} else {
				real = cmp.Or(real, k)
			}
		}
		switch {
		case temp == "":
		case real == "" && tt.readsReal(d, db) == "":
			tt.wrote = temp
			return true
		default:
			tt.mixedWrite = temp
		}
		return false
	case d.Verb == "CREATE TABLE":
		// Without TEMPORARY (read above) a real table, though a temporary one of its name
		// exists: the server makes it beside that one. Sent again by a resume, it failed
		// with ERROR 1050 where the client made it (TestReviewX15RealTableCreatedUnderTemporaryName).
		return false
	}
	return d.Table != "" && tt.names[StatementTableKey(d, db)]
}

// rename moves the names of the temporary tables pairs renames (old and new key, in the
// order the server renames them: RENAME TABLE a TO b, b TO c), and reports whether it
// renames temporary tables only (volatile: a resume makes them under the old names and
// renames them again). One that renames real tables too is not sent again (it would
// rename them twice): mixedRename names the temporary table a resume that skips it
// leaves under its old name. Followed as CREATE and DROP only, the new name was a real
// table's to the planner, and a resume skipped its rows as committed data
// (TestReviewX15TemporaryRenamed).
func (tt *temporaryTables) rename(pairs [][2]string) bool {
	real := false
	for _, pr := range pairs {
		if !tt.names[pr[0]] {
			real = true
			continue
		}
		delete(tt.names, pr[0])
		tt.names[pr[1]] = true
		tt.nonTx[pr[1]] = tt.nonTx[pr[0]]
		delete(tt.nonTx, pr[0])
		for i, w := range tt.inTxn {
			if w == pr[0] {
				tt.inTxn[i] = pr[1]
			}
		}
		tt.renamed = append(tt.renamed, pr)
	}
	if real && len(tt.renamed) > 0 {
		tt.mixedRename, tt.renamed = tt.renamed[0][1], nil
		return false
	}
	return !real
}

// renamePairs are the old and new keys of the tables d renames: each `a TO b` of RENAME
// TABLE[S], or ALTER TABLE a … RENAME [TO|AS] b (not RENAME COLUMN, INDEX or KEY); nil
// for any other statement, or where a name cannot be read.
func renamePairs(d *split.Statement, db string) [][2]string {
	switch d.Verb {
	case "RENAME TABLE", "RENAME": // RENAME TABLES is verb RENAME to the splitter
		l := sqlscan.New(d.SQL, d.Syntax())
		l.Next()
		t := l.Next()
		if t.Is("TABLE") || t.Is("TABLES") {
			t = l.Next()
		}
		if t.Is("IF") && l.Next().Is("EXISTS") {
			t = l.Next()
		}
		var pairs [][2]string
		for {
			odb, old := l.Name(t)
			t = l.Next()
			if t.Is("WAIT") {
				l.Next()
				t = l.Next()
			} else if t.Is("NOWAIT") {
				t = l.Next()
			}
			if old == "" || !t.Is("TO") {
				return nil
			}
			ndb, name := l.Name(l.Next())
			if name == "" {
				return nil
			}
			pairs = append(pairs, [2]string{KeyOf(cmp.Or(odb, db), old), KeyOf(cmp.Or(ndb, db), name)})
			if t = l.Next(); t.Kind != sqlscan.Punct || t.Text != "," {
				return pairs
			}
			t = l.Next()
		}
	case "ALTER TABLE":
		l := sqlscan.New(d.SQL, d.Syntax())
		for t := range sqlscan.TopLevel(&l) {
			if !t.Is("RENAME") {
				continue
			}
			n := l.Next()
			if n.Is("COLUMN") || n.Is("INDEX") || n.Is("KEY") {
				continue
			}
			if n.Is("TO") || n.Is("AS") {
				n = l.Next()
			}
			if tdb, name := l.Name(n); name != "" {
				return [][2]string{{StatementTableKey(d, db), KeyOf(cmp.Or(tdb, db), name)}}
			}
			return nil
		}
	}
	return nil
}

// writeZone is d, an UPDATE or DELETE, up to where the tables it may write are named:
// before UPDATE's SET, before DELETE's WHERE, ORDER BY, LIMIT or RETURNING (at the
// statement's own depth, not a subquery's). A temporary table named after it (UPDATE t
// SET a = (SELECT … FROM tt)) is only read.
func writeZone(d *split.Statement) *split.Statement {
	l := sqlscan.New(d.SQL, d.Syntax())
	for t := range sqlscan.TopLevel(&l) {
		if t.Is("SET") || t.Is("WHERE") || t.Is("ORDER") || t.Is("LIMIT") || t.Is("RETURNING") {
			c := *d
			c.SQL = d.SQL[:l.Pos-len(t.Text)]
			return &c
		}
	}
	return d
}

// dmlTables are the keys of the tables an UPDATE or DELETE names where it may write, or
// a fill reads (FillSources): every table of its table lists, each once (tableRefs).
// Subqueries' tables come too (after their FROM): read, not written, but a resume must
// not send a statement that reads a real table again either. Where tableRefs cannot tell
// every table, readsReal answers unreadSources and the statement is refused.
func dmlTables(d *split.Statement, db string) []string {
	keys, _ := tableRefs(d.SQL, d.Syntax(), db) // not ok: readsReal refuses
	return keys
}

// nonTransactionalEngine reports whether st, CREATE [OR REPLACE] TEMPORARY TABLE, names
// an engine without transactions (ENGINE=MyISAM, MEMORY, HEAP, Aria, CSV, ARCHIVE,
// BLACKHOLE): a ROLLBACK does not take back its rows (warning 1196), so a resume that
// sends them again outside the dump's transaction makes the client's table, and its
// ROLLBACK need not be refused (TestFixX25NonTransactionalTemporaryRollback). Without
// ENGINE (the server's default_tmp_storage_engine), or LIKE another table, it is taken
// for transactional: refused as before.
func nonTransactionalEngine(st *split.Statement) bool {
	l := sqlscan.New(st.SQL, st.Syntax())
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind != sqlscan.Word || !(t.Is("ENGINE") || t.Is("TYPE")) {
			continue
		}
		n := l.Next()
		if n.Kind == sqlscan.Punct && n.Text == "=" {
			n = l.Next()
		}
		switch strings.ToUpper(n.Text) {
		case "MYISAM", "MEMORY", "HEAP", "ARIA", "CSV", "ARCHIVE", "BLACKHOLE":
			return n.IsName()
		}
		return false
	}
	return false
}

// dropKeys are the keys of the tables DROP [TEMPORARY] TABLE[S] [IF EXISTS] names.
func dropKeys(d *split.Statement, db string) []string {
	l := sqlscan.New(d.SQL, d.Syntax())
	t := l.Next()
	for t.Is("DROP") || t.Is("TEMPORARY") || t.Is("TABLE") || t.Is("TABLES") || t.Is("IF") || t.Is("EXISTS") {
		t = l.Next()
	}
	var keys []string
	for {
		tdb, name := l.Name(t)
		if name == "" {
			return keys
		}
		if tdb == "" {
			tdb = db
		}
		keys = append(keys, KeyOf(tdb, name))
		if n := l.Next(); n.Kind != sqlscan.Punct || n.Text != "," {
			return keys
		}
		t = l.Next()
	}
}

// readsReal is the first table st names after FROM, JOIN or UPDATE (and the commas of
// their lists) that is not one of the temporary tables, "" when there is none. A
// statement that fills a temporary table from a real one (CREATE TEMPORARY TABLE tt
// SELECT * FROM k, INSERT INTO tt SELECT …) is sent again by a resume (it is volatile),
// and then reads k as the interrupted run left it, with the rows committed after it: the
// resume refuses it (Plan.TemporaryInexact, TestReviewX14TemporaryRefilledOnResume). A stored
// function that reads tables is not seen here: the replay refuses a write of a temporary
// table that may call one where a resume would send it again (replay's notSentAgain). A
// fill from a temporary table is the replay's to judge too (tempRebuilds.inherit).
func (tt *temporaryTables) readsReal(st *split.Statement, db string) string {
	keys, ok := tableRefs(st.SQL, st.Syntax(), db)
	for _, k := range keys {
		if !tt.names[k] {
			_, name := sqlscan.TableKey(k).Names()
			return name
		}
	}
	if !ok {
		return unreadSources
	}
	return ""
}

// unreadSources is readsReal's answer where tableRefs cannot tell every table st reads
// (LATERAL, FOR SYSTEM_TIME AS OF, …): not a name, and note refuses the fill as inexact
// without the replay's exact-fill check (which would check a short list).
const unreadSources = "\x00"

// note sets pl's Temporary, DropsTemporary and TemporaryInexact at st, planned as pl (a
// volatile statement is sent again by a resume), eff being what st runs that changes the
// transaction. Inexact: st fills a temporary table from a real one
// (TestReviewX14TemporaryRefilledOnResume), or eff is the ROLLBACK (or ROLLBACK TO
// SAVEPOINT) of a transaction that wrote a temporary table: the resume sends the
// temporary table's writes again, each on its own (the transaction's statements
// committed: dispatch's skip), so what the dump's ROLLBACK undid stays
// (TestReviewX14TemporaryRollbackOnResume). region: a transaction is open after st
// (Planner.region, after its bookkeeping).
func (tt *temporaryTables) note(reg *registry, st, eff *split.Statement, db string, region bool, pl *Plan) {
	d, ddb := reg.runs(st, db)
	if pl.Volatile && st.Kind != split.KindSession && len(tt.renamed) > 0 {
		pl.Temporary, pl.TemporaryRenames = tt.renamed[len(tt.renamed)-1][1], tt.renamed
	} else if pl.Volatile && st.Kind != split.KindSession {
		key := StatementTableKey(d, ddb)
		switch held, known := tt.names[key]; {
		case held: // made or written
			pl.Temporary = key
			if from := tt.readsReal(d, ddb); from == unreadSources {
				pl.TemporaryInexact = "this importer cannot list from its text every table it is filled from (LATERAL, FOR SYSTEM_TIME AS OF, a table function), and the interrupted run may have changed them after it"
			} else if from != "" {
				pl.TemporaryInexact = FilledFrom + "`" + from + "`, whose rows or definition the interrupted run may have changed after it"
			} else if like := likeSource(d, ddb); like != "" && !tt.names[like] {
				_, name := sqlscan.TableKey(like).Names()
				pl.TemporaryInexact = FilledFrom + "`" + name + "`" + LikeDefinition + ", which the interrupted run may have changed after it"
			}
			tt.written(key, region)
		case known || d.Verb == "DROP TABLE": // dropped (DROP TEMPORARY TABLE, or DROP TABLE of one)
			pl.Temporary, pl.DropsTemporary = key, true
		}
	}
	if tt.wrote != "" {
		pl.Temporary = tt.wrote
		tt.written(tt.wrote, region)
		if tt.codeWrite == "" && len(tt.codeReads)+len(tt.codeHeldReads) > 0 {
			// Through code that reads tables: exact while what it reads is as it was
			// (replay's exactFill and inherit, from TemporaryReads).
			pl.TemporaryAlso = slices.Clone(tt.codeAlso)
			for _, k := range tt.codeAlso {
				tt.written(k, region)
			}
			pl.TemporaryReads = append(slices.Clone(tt.codeReads), tt.codeHeldReads...)
			if len(tt.codeReads) > 0 {
				pl.TemporaryInexact = FilledFrom + "`" + strings.Join(tt.codeReads, "`, `") + "` (read by the code it runs), whose rows committed after it the interrupted run may have changed"
			}
		}
	}
	if pl.Temporary != "" && !pl.DropsTemporary && TakesSequenceValues(d) {
		// Sent again, it takes the sequence's values a second time: the resume stops
		// before it (TestReviewX15TemporaryFillSideEffects).
		pl.TemporaryInexact = NotSentAgain + "it takes values of a sequence (NEXTVAL), which a resume that sends it again would take a second time"
	}
	if tt.mixedRename != "" {
		pl.Temporary = tt.mixedRename
		pl.TemporaryInexact = NotSentAgain + "this statement renames it together with real tables: sent again it would rename them twice, and skipped it leaves the temporary table under its old name"
	}
	if tt.codeWrite != "" {
		pl.Temporary, pl.TemporaryAlso = tt.codeWrite, tt.codeAlso
		pl.TemporaryInexact = "this statement writes it through a procedure, function or trigger, and " + tt.codeWhy + ": the resume, which skips it, rebuilds the temporary table without it"
		pl.TemporaryByCode = tt.byCode
	}
	pl.TemporaryFunctions = tt.codeFuncs
	if tt.mixedWrite != "" {
		pl.Temporary = tt.mixedWrite
		pl.TemporaryInexact = "this statement writes it with real tables, or from them, and the resume, which skips it, rebuilds the temporary table without it"
	}
	if tt.mixedDrop != "" {
		pl.Temporary = tt.mixedDrop
		pl.TemporaryInexact = "this DROP TABLE drops it with real tables, and the resume, which skips it, keeps the temporary table it rebuilt"
	}
	tt.databaseDefaults(d, ddb, pl)
	var undone []string
	switch {
	case isRollbackTo(eff):
		undone = tt.rolledBackTo(eff) // the rows written after the savepoint only
	case len(tt.inTxn) == 0:
	case IsRollback(eff) || XAVerb(eff) == "ROLLBACK":
		// XA ROLLBACK undoes the XA transaction's rows as ROLLBACK does; missed, the
		// resume kept them (TestReviewX15TemporaryXARollback).
		undone = tt.inTxn
	}
	if len(undone) > 0 {
		pl.Temporary, pl.TemporaryAlso = undone[0], slices.Clone(undone[1:])
		pl.TemporaryInexact = RolledBack
	}
	tt.bodyReplaced(d, ddb, pl)
	tt.noteSavepoint(eff)
	if !region {
		tt.inTxn, tt.savepoints = nil, nil
	}
	tt.wrote, tt.mixedWrite, tt.codeWrite, tt.codeWhy, tt.codeAlso, tt.codeFuncs = "", "", "", "", nil, nil // volatile runs for some statements only
	tt.byCode = CodeTemps{}
	tt.codeReads, tt.codeHeldReads = nil, nil
}

// written notes that key, a temporary table, was written; in the open transaction
// (region), a ROLLBACK undoes that unless its engine has no transactions.
func (tt *temporaryTables) written(key string, region bool) {
	if region && !tt.nonTx[key] && !slices.Contains(tt.inTxn, key) {
		tt.inTxn = append(tt.inTxn, key)
	}
	for i, sp := range tt.savepoints {
		if region && !tt.nonTx[key] && !slices.Contains(sp.written, key) {
			tt.savepoints[i].written = append(sp.written, key)
		}
	}
}

// RolledBack is Plan.TemporaryInexact of a ROLLBACK (XA ROLLBACK, ROLLBACK TO SAVEPOINT)
// that undid rows of a temporary table: the replay lets it go where its resume sent
// those rows again inside a transaction of its own and rolled that back with it
// (replay's tempTxn).
const RolledBack = "this ROLLBACK undid rows of it that the resume would send again outside the transaction"

// NotSentAgain starts Plan.TemporaryInexact of a statement a resume may not send again
// at all (a write of a temporary table that takes sequence values, a RENAME of it with
// real tables): the replay refuses at the statement itself when the resume passes it,
// not where it goes on.
const NotSentAgain = "a resume cannot send it again: "
