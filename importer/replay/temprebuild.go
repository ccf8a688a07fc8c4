package replay

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/go-sql-driver/mysql"
)

// tempRebuilds are the temporary tables a resume rebuilt otherwise than the client made
// them, while it passed statements an earlier attempt committed. A resume sends every
// write of a temporary table again (its new connection has none: Plan.Volatile), and
// skips what that attempt committed. Two rebuilds differ:
//   - a fill from a real table (CREATE TEMPORARY TABLE tt SELECT * FROM k, INSERT INTO tt
//     SELECT …) reads k as the interrupted run left it, with the rows committed after it
//     (TestReviewX14TemporaryRefilledOnResume);
//   - the temporary table's rows of a transaction the dump rolled back are sent again
//     without the transaction, and the skipped ROLLBACK leaves them
//     (TestReviewX14TemporaryRollbackOnResume).
//
// Neither can be made exact from the dump alone. One the dump drops again before the
// resume point does no harm: what read it was committed, or, a temporary table sent
// again, took the difference over (inherit); one still there where the resume goes on
// stops it, in one line that names the statement that made it differ. A rename moves
// the difference with the name (Plan.TemporaryRenames).
type tempRebuilds map[string]inexactRebuild

// inexactRebuild is the statement that made a temporary table differ, and why.
type inexactRebuild struct {
	st  split.Statement
	why string
	// from are the tables a fill read (plan.FillSources) while it may still be exact:
	// sent again, it reads them as the interrupted run left them, which is as the dump
	// had them at the fill when no statement the resume skips after it may have written
	// them (mayWriteTables), they are InnoDB and not reloaded, and no trigger, view or
	// routine exists to write them behind another name (exactFill). nil: refused.
	from []string
	// code: the tables were read by code the statement runs (plan.Plan.TemporaryReads),
	// with routines on the server: a skipped statement that may call a stored function
	// may have written them too.
	code bool
	// like: only the definitions of from were taken (CREATE TEMPORARY TABLE … LIKE,
	// plan.LikeDefinition, or a fill from such a temporary table): a skipped write of
	// their rows leaves the rebuild exact (mayChangeDefinition).
	like bool
	// byCode: st, skipped, ran code that made (made) or dropped the table
	// (plan.Plan.TemporaryByCode): the resume's session
	// lacks it, or still has it, where the client's had the opposite; no statement that
	// names it may be sent again (refuseByCode), but the DROP of one made (standIns).
	byCode, made bool
}

// refusal notes st (planned as pl), and returns the refusal at the first statement the
// earlier attempt did not commit while a temporary table rebuilt otherwise is still
// there.
func (tr *tempRebuilds) refusal(ctx context.Context, p *ParallelReplayer, st *split.Statement, pl plan.Plan) error {
	cp := p.opt.Checkpoint
	if cp == nil {
		return nil
	}
	if cp.Skip(st.Offset) || st.Offset < cp.Furthest() {
		if err := tr.refuseByCode(ctx, p, st, pl); err != nil {
			return err
		}
		if cp.Skip(st.Offset) && !pl.Volatile {
			for table, r := range *tr {
				if r.from == nil {
					continue
				}
				var write bool
				if r.like {
					write = mayChangeDefinition(p.ctl, st, r.from)
				} else {
					write = mayWriteTables(p.ctl, st, r.from)
				}
				if !write && r.code && !r.like {
					// With routines on the server a function may write what was read
					// (mayWriteTables reads the statement's own text).
					calls, err := mayCallFunction(ctx, p, p.control, runsInnermost(p, st))
					write = calls || err != nil
				}
				if write {
					r.from = nil // a later write of what the fill read committed
					(*tr)[table] = r
				}
			}
		}
		if err := tr.notSentAgain(ctx, p, st, pl); err != nil {
			return err
		}
		for _, rn := range pl.TemporaryRenames { // what the table passed on goes with it
			if r, ok := (*tr)[rn[0]]; ok {
				delete(*tr, rn[0])
				(*tr)[rn[1]] = r
			}
		}
		switch {
		case pl.Temporary == "" || len(pl.TemporaryRenames) > 0:
		case pl.TemporaryInexact == plan.RolledBack && p.ctl.ownTxn.rolledBack == st.Offset+1:
			// The resume sent those rows again inside its own transaction, and
			// rolled it back here as the dump did (tempTxn).
		case pl.DropsTemporary:
			delete((*tr), pl.Temporary)
		case pl.TemporaryInexact != "":
			var from []string
			if strings.HasPrefix(pl.TemporaryInexact, plan.FilledFrom) {
				from = exactFill(ctx, p, st, pl)
			}
			for _, table := range append([]string{pl.Temporary}, pl.TemporaryAlso...) {
				tr.add(table, inexactRebuild{st: *st, why: pl.TemporaryInexact, from: from, code: len(pl.TemporaryReads) > 0,
					like:   len(pl.TemporaryReads) == 0 && strings.Contains(pl.TemporaryInexact, plan.LikeDefinition),
					byCode: slices.Contains(pl.TemporaryByCode.Made, table) || slices.Contains(pl.TemporaryByCode.Dropped, table),
					made:   slices.Contains(pl.TemporaryByCode.Made, table)})
				if pl.Volatile && len(pl.TemporaryReads) > 0 {
					tr.inherit(p, st, table, pl.TemporaryReads)
				}
			}
		case pl.Volatile:
			for _, table := range append([]string{pl.Temporary}, pl.TemporaryAlso...) {
				tr.inherit(p, st, table, pl.TemporaryReads)
			}
		}
		return tempTxn(ctx, p.ctl, st, pl)
	}
	for table, r := range *tr {
		if r.from != nil {
			continue
		}
		return tr.refuse(ctx, p, table, r, "")
	}
	return nil
}

// tempTxn opens a transaction of the resume's own on the control connection before st, a
// write of a temporary table inside the dump's transaction that a resume sends again
// while it passes what the earlier attempt committed (Plan.Volatile; the transaction's
// own statements are skipped, its START too). endReloadTxn ends it where the dump's
// ended: a ROLLBACK (XA ROLLBACK) undoes those rows as the client's undid them, where sent
// on their own they stayed and the resume refused "this ROLLBACK undid rows of it"
// (plan.RolledBack) wherever the table was still there: the common stop after a rolled-
// back transaction (TestXFix63RolledBackTemporaryResumed). The ROLLBACK lets the table go
// only when this transaction is still open there (ownTxnState.rolledBack): then it holds
// every write the resume sent again since the dump's began. Not under table locks: START
// TRANSACTION would release those the resume took again (lockregion.go). refusal calls it
// for each statement a resume passes, once nothing refused it.
func tempTxn(ctx context.Context, cr *controller, st *split.Statement, pl plan.Plan) error {
	p := cr.p
	if cr.reloadTxn || !pl.Volatile || !pl.InRegion || pl.Locked || pl.Session || pl.Temporary == "" || pl.DropsTemporary || pl.EndsRegion ||
		st.Kind == split.KindClient || len(st.SQL) == 0 {
		return nil
	}
	if _, err := p.control.ExecContext(ctx, "START TRANSACTION"); err != nil {
		return p.at(st, err)
	}
	cr.reloadTxn = true
	return nil
}

// ownTxnState is what the resume keeps of its own transaction (controller.reloadTxn)
// besides that it is open.
type ownTxnState struct {
	// reloadRows: rows of a reload are in it (replayReloaded): a savepoint of the dump
	// inside it is refused (endReloadTxn).
	reloadRows bool
	// rolledBack: 1 + the offset of the dump's ROLLBACK at which endReloadTxn rolled it
	// back while it was still open (0: none): what the resume sent again of the
	// temporary tables that ROLLBACK undid is undone as the client's (tempTxn).
	rolledBack int64
}

// refuse refuses the resume at r.st, the statement that made table differ: after what
// came before commits, as at a planned refusal. also, if not "", is appended to why.
func (tr tempRebuilds) refuse(ctx context.Context, p *ParallelReplayer, table string, r inexactRebuild, also string) error {
	if err := p.disp.flush(ctx); err != nil {
		return err
	}
	return p.serial.refuse(&r.st, "--resume cannot rebuild temporary table "+table+" as the dump made it: "+r.why+also+"; import the dump again into an empty target")
}

// refuseByCode refuses st, a statement the resume sends while it passes what the earlier
// attempt committed (a write of a temporary table, a session statement), before it is
// sent, when it names a temporary table that skipped code made or dropped
// (inexactRebuild.byCode): CALL p() whose body makes ptc1, then INSERT INTO ptc1 …, killed
// past both, sent the INSERT again without the CALL and failed with ERROR 1146 where the
// client ran on (TestDiffFuzzFoundS49cProcTempResumed: loud; a DROP TEMPORARY TABLE of it
// with ERROR 1051); under a real table's name it would have written that one. The refusal
// names the statement that made it, as where the resume goes on while such a table is
// there. Names are matched in the text as whole words in any case (tableNamed), rows
// only by the plan's fields: a false match refuses, as before.
func (tr tempRebuilds) refuseByCode(ctx context.Context, p *ParallelReplayer, st *split.Statement, pl plan.Plan) error {
	if len(tr) == 0 || st.Kind == split.KindClient || len(st.SQL) == 0 ||
		p.opt.Checkpoint.Skip(st.Offset) && !pl.Volatile && !pl.Session { // skipped, not sent
		return nil
	}
	var tables []string
	for table, r := range tr {
		if r.byCode && tableNamed(p, st, pl, table) {
			tables = append(tables, table)
		}
	}
	if len(tables) == 0 {
		return nil
	}
	if done, err := tr.standIns(ctx, p, st, pl, tables); done || err != nil {
		return err
	}
	slices.Sort(tables) // the same line each time
	table := tables[0]
	return tr.refuse(ctx, p, table, tr[table], fmt.Sprintf(" (line %d names it, and the resume would send it again)", st.Line))
}

// standIns lets st, DROP TEMPORARY TABLE of tables that skipped code made (tables, each
// inexactRebuild.made), go: it makes each again, empty, on the control connection
// before st is sent (IF NOT EXISTS: a plain CREATE the resume sent again may have made
// it before the body's CREATE … IF NOT EXISTS), and notes it gone. The resume then drops what the client's dropped,
// and st leaves the diagnostics area and ROW_COUNT() the client's left, where left out
// or refused every resume killed past such a DROP stopped (the fuzzer's proc-temp: CALL
// ptp1(0) … DROP TEMPORARY TABLE pta1; TestXFix61ProcTempDropped). Only without IF
// EXISTS and --force: the interrupted run went past st, so the table was there, as at
// the client's (with IF EXISTS it may not have been, and the client's got a note).
// done: st is to be sent.
func (tr tempRebuilds) standIns(ctx context.Context, p *ParallelReplayer, st *split.Statement, pl plan.Plan, tables []string) (done bool, err error) {
	d := runsInnermost(p, st)
	if p.serial.opt.Force || !pl.DropsTemporary || !d.TemporaryTableDDL() || d.Verb != "DROP TABLE" || hasWord(d, "EXISTS") {
		return false, nil
	}
	keys, ok := d.NamedTables(p.serial.database)
	if !ok {
		return false, nil
	}
	for _, table := range tables {
		if !tr[table].made || !slices.Contains(keys, table) {
			return false, nil
		}
	}
	for _, table := range tables {
		db, name := sqlscan.TableKey(table).Names()
		if _, err := p.control.ExecContext(ctx, "CREATE TEMPORARY TABLE IF NOT EXISTS "+sqlscan.QuoteIdent(db)+"."+sqlscan.QuoteIdent(name)+" (dumpscope_stand_in int)"); err != nil {
			return true, p.at(st, err)
		}
		delete(tr, table)
	}
	return true, nil
}

// tableNamed reports whether st (planned as pl), or what it runs through a wrapper, names
// table (a key): as the temporary table it writes, drops, renames or reads through code
// (the plan's fields), or anywhere in its text as a whole word, in any case. A row insert
// of literal values is read by its plan only (a megabyte of rows is not scanned).
func tableNamed(p *ParallelReplayer, st *split.Statement, pl plan.Plan, table string) bool {
	if pl.Temporary == table || slices.Contains(pl.TemporaryAlso, table) || slices.Contains(pl.TemporaryReads, table) ||
		slices.ContainsFunc(pl.TemporaryRenames, func(rn [2]string) bool { return rn[0] == table || rn[1] == table }) {
		return true
	}
	if pl.Literal {
		return false
	}
	_, name := sqlscan.TableKey(table).Names()
	return holdsWordFold(st.SQL, name) || holdsWordFold(runsInnermost(p, st).SQL, name)
}

// holdsWordFold reports whether q holds w (ASCII, any case) with no identifier byte
// right before or after it.
func holdsWordFold(q []byte, w string) bool {
	if w == "" || !sqlscan.ContainsFoldASCII(q, w) {
		return false
	}
	for i := 0; i+len(w) <= len(q); i++ {
		if sqlscan.EqualFoldASCII(q[i:i+len(w)], w) && (i == 0 || !sqlscan.IsWordByte(q[i-1])) &&
			(i+len(w) == len(q) || !sqlscan.IsWordByte(q[i+len(w)])) {
			return true
		}
	}
	return false
}

// add notes r for table: a first cause, a second fill (exact while both are), or a
// cause that replaces a fill's exemption. r.st is copied: the stream reuses its buffers.
func (tr *tempRebuilds) add(table string, r inexactRebuild) {
	if *tr == nil {
		*tr = tempRebuilds{}
	}
	r.st.SQL, r.st.Raw = append([]byte(nil), r.st.SQL...), nil
	old, ok := (*tr)[table]
	switch {
	case !ok, r.byCode && !old.byCode: // byCode is the cause to name: the table is not there
		(*tr)[table] = r
	case old.from != nil && r.from != nil: // a second fill
		old.from, old.code, old.like = append(old.from, r.from...), old.code || r.code, old.like && r.like
		(*tr)[table] = old
	case old.from != nil: // refused now for another cause
		r.from = nil
		(*tr)[table] = r
	}
}

// inherit notes that st, sent again, writes the temporary table table from the tables it
// names (plan.FillSources): one of them a temporary table rebuilt otherwise than the
// client made it (CREATE TEMPORARY TABLE t2 SELECT * FROM t1, t1 filled from a real table
// that changed since) makes table differ too, and stays so after t1 is dropped; while t1
// may still be exact (r.from), table is exact as long as t1's sources are not written.
// Taken for exact, t2 was rebuilt from k as the interrupted run left it, unrefused
// (TestReviewX15TemporaryFilledFromTemporary).
func (tr *tempRebuilds) inherit(p *ParallelReplayer, st *split.Statement, table string, codeReads []string) {
	if len(*tr) == 0 {
		return
	}
	for _, k := range append(plan.FillSources(runsInnermost(p, st), p.serial.database), codeReads...) {
		r, ok := (*tr)[k]
		if !ok || k == table {
			continue
		}
		// r.from != nil: still exact; the same sources are followed for table too.
		// r.like: k took only definitions, its rows are the dump's, sent again: so are
		// table's (TestXFix56TemporaryLikeRowsAfter).
		tr.add(table, inexactRebuild{st: *st, why: "it is filled from temporary table " + k + " (" + r.why + ")", from: slices.Clone(r.from), like: r.like})
	}
}

// notSentAgain refuses st, a statement the resume passes that it may not send again
// (plan.NotSentAgain: it takes sequence values, or renames a temporary table with real
// ones), or a write of a temporary table, sent again, that may call a stored function:
// the function would read real tables as the interrupted run left them, or write them a
// second time (an INSERT into lg landed twice: TestReviewX15TemporaryFillSideEffects,
// TestReviewX15TemporaryFilledByFunction), unless each function it may call is pure
// (pureCalls: RETURN x * 2, as the dump created it). Refused at st itself: sending it is
// the harm.
func (tr *tempRebuilds) notSentAgain(ctx context.Context, p *ParallelReplayer, st *split.Statement, pl plan.Plan) error {
	why, found := strings.CutPrefix(pl.TemporaryInexact, plan.NotSentAgain)
	if !found && pl.Volatile && pl.Temporary != "" && !pl.DropsTemporary {
		d := runsInnermost(p, st)
		calls, err := mayCallFunction(ctx, p, p.control, d)
		if calls && err == nil {
			var pure bool
			pure, err = pureCalls(ctx, p, d) // purefuncs.go
			calls = !pure
		}
		if err != nil {
			return p.at(st, err)
		}
		if calls && len(pl.TemporaryFunctions) > 0 {
			// The planner read the bodies of these (plan/routinetemp.go): they write
			// temporary tables only. Any other function still refuses.
			calls = callsFunctionBesides(p, d, pl.TemporaryFunctions)
		}
		found, why = calls, "it may call a stored function, which, sent again, would read real tables as the interrupted run left them or write them a second time"
		if gone, err := procedureGone(ctx, p, d); err != nil {
			return p.at(st, err)
		} else if !found && gone != "" {
			found, why = true, "procedure "+gone+", which it CALLs, is no longer on the server (the interrupted run dropped it, or its database, after it)"
		}
		if f := plan.UnstableCall(d.SQL, d.Syntax(), func(name string) bool { return slices.Contains(p.cat.functions.names, name) }); !found && f != "" {
			// Sent again, RAND() and the like take a new value where the dump's took one
			// (TestReviewX19TemporaryRowVolatileResent).
			found, why = true, "it "+plan.UnstablePhrase(f)+": sent again, it may give the temporary table a value other than the one the interrupted run gave it"
		}
		if !found {
			f, err := unstableDefault(ctx, p, d, pl.Temporary)
			if err != nil {
				return p.at(st, err)
			}
			found, why = f != "", "a column of the table takes a default that "+plan.UnstablePhrase(f)+": sent again, it may give a row another value than the interrupted run gave it"
		}
	}
	if !found {
		return nil
	}
	if err := p.disp.flush(ctx); err != nil {
		return err
	}
	return p.serial.refuse(st, "--resume cannot send this statement of temporary table "+pl.Temporary+" again, nor skip it: "+why+"; import the dump again into an empty target")
}

// exactFill are the tables st, a fill of a temporary table from real ones, reads (what
// its wrappers run, every level: runsInnermost), when they are InnoDB tables the resume does not
// reload and no trigger, view or stored routine exists on the server; nil otherwise
// (refused), nor when a foreign key of one may change it from a write of another table
// (cascadingKeys). A table WITH SYSTEM VERSIONING (TABLE_TYPE `SYSTEM VERSIONED`) is one too:
// its current rows, and its history (FOR SYSTEM_TIME ALL), are what the dump made of them
// while no statement after the fill writes it (mayWriteTables). Looked up on the control connection before st is sent again, so that the
// diagnostics area st leaves is st's.
func exactFill(ctx context.Context, p *ParallelReplayer, st *split.Statement, pl plan.Plan) []string {
	from, objects := plan.FillSources(runsInnermost(p, st), p.serial.database), codeObjects
	if len(pl.TemporaryReads) > 0 {
		// Read by the code st runs: its tables, the real ones; routines are there (the
		// code), and a skipped statement that may call a function refuses (refusal).
		from, objects = nil, triggersAndViews
		for _, k := range pl.TemporaryReads {
			if strings.Contains(pl.TemporaryInexact, "`"+k+"`") {
				from = append(from, k)
			}
		}
	}
	if len(from) == 0 {
		return nil
	}
	var n int
	if err := p.control.QueryRowContext(ctx, objects).Scan(&n); err != nil || n > 0 {
		return nil
	}
	for _, k := range from {
		db, table := sqlscan.TableKey(k).Names()
		var engine string
		if err := p.control.QueryRowContext(ctx, "SELECT ENGINE FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND TABLE_TYPE IN ('BASE TABLE', 'SYSTEM VERSIONED')", db, table).Scan(&engine); err != nil ||
			!strings.EqualFold(engine, "InnoDB") || len(p.opt.Checkpoint.ReloadedTables()) > 0 && slices.Contains(p.opt.Checkpoint.ReloadedTables(), k) {
			return nil
		}
		// A foreign key of k whose ON DELETE/ON UPDATE changes k's rows (CASCADE, SET
		// NULL, SET DEFAULT) writes k from a statement that names only its parent: the
		// fill, sent again, read k as the cascade left it
		// (TestReviewX20TemporaryFillCascade: silent before).
		if err := p.control.QueryRowContext(ctx, cascadingKeys, db, table).Scan(&n); err != nil || n > 0 {
			return nil
		}
	}
	return from
}

// cascadingKeys counts the foreign keys of a table (schema, name) through which a write
// of another table may change its rows.
const cascadingKeys = "SELECT COUNT(*) FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = ? AND TABLE_NAME = ?" +
	" AND (DELETE_RULE NOT IN ('RESTRICT', 'NO ACTION') OR UPDATE_RULE NOT IN ('RESTRICT', 'NO ACTION'))"

// codeObjects counts the triggers, views and stored routines of the server's user
// databases: code that may write a table under another name; triggersAndViews the
// first two.
const (
	triggersAndViews = "SELECT (SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA NOT IN ('mysql', 'sys'))" +
		" + (SELECT COUNT(*) FROM information_schema.VIEWS WHERE TABLE_SCHEMA NOT IN ('mysql', 'sys'))"
	codeObjects = triggersAndViews + " + (SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA NOT IN ('mysql', 'sys'))"
)

// procedureGone returns the name of the procedure d CALLs when the server holds none of
// that name: the interrupted run committed a DROP of it or of its database, and the
// CALL, sent again, failed with ERROR 1305 where the client's had run
// (TestReviewX19TemporaryFillBodyReplaced). "" when d is no CALL or the procedure is there.
func procedureGone(ctx context.Context, p *ParallelReplayer, d *split.Statement) (string, error) {
	l := d.Tokens()
	if !l.Next().Is("CALL") {
		return "", nil
	}
	db, name := l.Name(l.Next())
	if name == "" {
		return "", nil
	}
	if db == "" {
		db = p.serial.database
	}
	var n int
	if err := p.control.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_TYPE = 'PROCEDURE' AND ROUTINE_SCHEMA = ? AND ROUTINE_NAME = ?", db, name).Scan(&n); err != nil || n > 0 {
		return "", err
	}
	return "`" + db + "`.`" + name + "`", nil
}

// unstableDefault returns the function a column default of temporary table key calls
// that may give another value when d, a write of it a resume sends again, runs again
// (plan.UnstableDefault), "" when there is none: `CREATE TEMPORARY TABLE tt (n int, v int
// DEFAULT (FLOOR(RAND() * 1000000))); INSERT INTO tt (n) VALUES (1)` sent again put a new
// v in tt where the text of the INSERT calls nothing (TestXFix47TemporaryDefaultResent,
// silent before). The table's definition is read from the server, as the resume rebuilt
// it (SHOW CREATE TABLE on the control connection, before d is sent: d's diagnostics area
// is its own); a CREATE … SELECT is read from its own text. A statement that adds no row
// and sets no column to its default (ALTER, DELETE, TRUNCATE, RENAME, a CREATE of no
// rows) is not judged by it: an ALTER that adds such a column calls the function itself.
func unstableDefault(ctx context.Context, p *ParallelReplayer, d *split.Statement, key string) (string, error) {
	switch strings.ToUpper(sqlscan.FirstWord(d.SQL, d.Syntax())) {
	case "ALTER", "DELETE", "TRUNCATE", "RENAME", "DROP":
		return "", nil
	case "CREATE":
		if !sqlscan.ContainsFoldASCII(d.SQL, "SELECT") {
			return "", nil
		}
		return plan.UnstableDefault(d.SQL, d.Syntax()), nil
	}
	db, table := sqlscan.TableKey(key).Names()
	var name string
	var create []byte
	err := p.control.QueryRowContext(ctx, "SHOW CREATE TABLE "+sqlscan.QuoteIdent(db)+"."+sqlscan.QuoteIdent(table)).Scan(&name, &create)
	if err != nil {
		var me *mysql.MySQLError
		if errors.As(err, &me) && me.Number == 1146 {
			return "", nil // not there: the write fails as the client's did
		}
		return "", fmt.Errorf("read the definition of temporary table %s: %w", key, err)
	}
	return plan.UnstableDefault(create, sqlscan.Syntax{}), nil
}
