package replay

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/mysqlerr"
)

// heldIndexes are the secondary indexes --defer-indexes holds back from CREATE TABLE,
// added once their table's rows are in (or at the end, or when a statement needs them).
type heldIndexes struct {
	p *ParallelReplayer
	// deferred are the indexes --defer-indexes holds back, per table, in CREATE order.
	deferred []deferredIndexes
	// referenced are, per table (plan.KeyOf), the column lists that FOREIGN KEYs of the
	// tables created so far reference in it: an index with those leading columns is not
	// held back, the child's rows need it (TestReviewX7DeferredKeyReferencedByEarlierChild).
	referenced map[string][][]string
}

// --defer-indexes in the parallel replay: which plain secondary indexes a CREATE TABLE
// holds back, and where they are added (at ENABLE KEYS, at the next statement that
// touches the table, at the end), plus mysqldump's no-op DISABLE/ENABLE KEYS on InnoDB.

// holdBackIndexes takes the plain secondary indexes out of a CREATE TABLE under
// --defer-indexes (rewriting st.SQL) and returns them, for the caller to remember in
// p.held.deferred (addDeferredIndexes) once the table exists.
func (hi *heldIndexes) holdBackIndexes(st *split.Statement) *deferredIndexes {
	p := hi.p
	if !p.opt.DeferIndexes || st.Kind != split.KindDDL || st.Verb != "CREATE TABLE" || st.Table == "" {
		return nil
	}
	// Under ANSI_QUOTES the definitions name columns "…": they are added later, maybe
	// after the dump has set another sql_mode (at the end, or after a resume), so they
	// keep their meaning quoted `…` (the rest of the CREATE means the same either way).
	q := sqlscan.Backticked(st.SQL, st.Syntax())
	db := st.Database
	if db == "" {
		db = p.serial.database
	}
	hi.noteReferences(q, st.Syntax(), db)
	stripped, add := deferredKeys(q, st.Syntax(), hi.referenced[p.cat.tableKey(st)])
	if add == nil {
		return nil
	}
	st.SQL = stripped
	return &deferredIndexes{key: p.cat.tableKey(st), db: db, table: st.Table, add: add, from: split.At(p.opt.Name, st)}
}

// onSkipped keeps the held-back indexes right across st, a statement a resume skips
// because an earlier attempt committed it. Any statement that, run, has the held-back
// indexes of its tables added before it (runStatement, sendBarrier) had them added in that
// attempt, before it committed: they are owed no more, and adding them at the end, after
// st's own change (an ALTER TABLE … DROP KEY, a DROP or RENAME TABLE), would undo or break
// what st did (TestReviewXDeferIndexesResumeAfterDDL). A CREATE TABLE whose indexes were
// held back still owes them, and they are held again (a duplicate key name when added
// means done), unless the table was not this run's to make: a CREATE TABLE IF NOT EXISTS
// that met the user's table, which the journal's created list does not name
// (TestReviewXDeferIndexesResumeIfNotExists).
func (hi *heldIndexes) onSkipped(ctx context.Context, st *split.Statement, pl plan.Plan) error {
	p := hi.p
	if !p.opt.DeferIndexes || len(st.SQL) == 0 {
		return nil
	}
	if !hi.disablesKeysOfDeferred(st) {
		hi.takeDeferred(pl.Tables, pl.Global)
	}
	d := hi.holdBackIndexes(st)
	if d == nil {
		return nil
	}
	if createsIfNotExists(st.SQL, st.Syntax()) {
		made, err := p.opt.Checkpoint.Created(ctx, p.control, d.db, d.table)
		if err != nil {
			return p.at(st, fmt.Errorf("--defer-indexes: look up whether this import created %s: %w", d.key, err))
		}
		if !made {
			return nil
		}
	}
	s, err := readKeySession(ctx, p.control)
	if err != nil {
		return p.at(st, err)
	}
	d.session = s
	hi.deferred = append(hi.deferred, *d)
	return nil
}

// noteReferences remembers what the FOREIGN KEYs of q, a CREATE TABLE in db, reference.
func (hi *heldIndexes) noteReferences(q []byte, syn sqlscan.Syntax, db string) {
	for _, r := range foreignRefs(q, syn) {
		rdb := r.db
		if rdb == "" {
			rdb = db
		}
		if hi.referenced == nil {
			hi.referenced = map[string][][]string{}
		}
		k := plan.KeyOf(rdb, r.table)
		hi.referenced[k] = append(hi.referenced[k], r.cols)
	}
}

// createsIfNotExists reports whether q is CREATE TABLE IF NOT EXISTS. A TEMPORARY one is
// not: it does not see base tables (it is created beside one of its name), and
// information_schema.TABLES, where tableExists looks, lists no temporary table. syn is
// the statement's: a TEMPORARY in a comment the server skips makes no temporary table.
func createsIfNotExists(q []byte, syn sqlscan.Syntax) bool {
	w := sqlscan.DDLWords(q, 6, syn)
	for i := 1; i+3 < len(w); i++ {
		if strings.EqualFold(w[i], "TEMPORARY") {
			return false
		}
		if strings.EqualFold(w[i], "TABLE") {
			return strings.EqualFold(w[i+1], "IF") && strings.EqualFold(w[i+2], "NOT") && strings.EqualFold(w[i+3], "EXISTS")
		}
	}
	return false
}

// tableExists looks db.table up on the control connection.
func (cg *catalog) tableExists(ctx context.Context, db, table string) (bool, error) {
	p := cg.p
	var n int
	if err := p.control.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA=? AND TABLE_NAME=?", db, table).Scan(&n); err != nil {
		return false, fmt.Errorf("--defer-indexes: look up %s.%s: %w", sqlscan.QuoteIdent(db), sqlscan.QuoteIdent(table), err)
	}
	return n > 0, nil
}

// noOpKeysToggle reports whether st is mysqldump's `ALTER TABLE t DISABLE KEYS` or
// `ENABLE KEYS` on a transactional (InnoDB) table, where it does nothing, and whose table
// has no held-back indexes waiting for it. MyISAM/Aria tables keep them: there they
// postpone and rebuild the non-unique indexes.
func (hi *heldIndexes) noOpKeysToggle(ctx context.Context, st *split.Statement) bool {
	p := hi.p
	if st.Verb != "ALTER TABLE" || st.Table == "" {
		return false
	}
	if !sqlscan.IsKeysToggle(st.SQL, st.Syntax()) {
		return false
	}
	key := p.cat.tableKey(st)
	for _, d := range hi.deferred {
		if d.key == key {
			return false
		}
	}
	if p.sched.barrierPending(key) {
		return false // an ALTER in flight may change the engine: queue it behind that
	}
	info, known := p.cat.tables[key]
	if !known {
		var err error
		if info, err = p.cat.lookupTable(ctx, st, key); err != nil {
			return false // let the statement run as a barrier and report what is wrong
		}
	}
	return info.transactional
}

// disablesKeysOfDeferred reports whether st is mysqldump's `ALTER TABLE t DISABLE KEYS`
// before the rows of a table whose indexes are held back: not yet the time to add them.
func (hi *heldIndexes) disablesKeysOfDeferred(st *split.Statement) bool {
	p := hi.p
	if st.Verb != "ALTER TABLE" || !bytes.Contains(bytes.ToUpper(st.SQL), []byte("DISABLE KEYS")) {
		return false
	}
	key := p.cat.tableKey(st)
	for _, d := range hi.deferred {
		if d.key == key {
			return true
		}
	}
	return false
}

// addDeferredIndexes adds, on the control connection, the held-back indexes of the tables
// in scope (their batches have committed): at mysqldump's ENABLE KEYS, at the next
// statement that touches the table, or at the end.
func (hi *heldIndexes) addDeferredIndexes(ctx context.Context, keys []string, global bool) error {
	p := hi.p
	return hi.addIndexes(ctx, p.control, hi.takeDeferred(keys, global))
}

// hold keeps d (nil: none), the indexes st, a CREATE TABLE that has just run, held back,
// for later. Only a table the CREATE made owes them (not one that existed, under
// --force: st.Tolerated). And only on InnoDB. A table of another engine (MyISAM, Aria) gets them at once, while it is
// empty: there ALTER TABLE … ADD KEY copies the rows, which drops the space of the rows
// a REPLACE or DELETE removed, where the client's table puts its next rows. Added
// between those and later rows, the keys left the table's rows in another order than
// the client's (difffuzz seed 21038, TestImportDeferIndexesMyISAMRowOrder).
func (hi *heldIndexes) hold(ctx context.Context, st *split.Statement, d *deferredIndexes) error {
	if d == nil || st.Tolerated {
		return nil
	}
	var engine sql.NullString
	s := &d.session
	s.known = true // and what the CREATE read its keys under (deferindex_session.go)
	if err := hi.p.control.QueryRowContext(ctx, "SELECT (SELECT MAX(ENGINE) FROM information_schema.TABLES WHERE TABLE_SCHEMA=? AND TABLE_NAME=?), "+keySessionQuery[len("SELECT "):], d.db, d.table).Scan(&engine, &s.sqlMode, &s.charsetClient, &s.collationConnection); err != nil {
		return fmt.Errorf("--defer-indexes: look up the engine of %s.%s: %w", sqlscan.QuoteIdent(d.db), sqlscan.QuoteIdent(d.table), err)
	}
	if !engine.Valid || strings.EqualFold(engine.String, "InnoDB") {
		hi.deferred = append(hi.deferred, *d)
		return nil
	}
	return hi.addIndexes(ctx, hi.p.control, []deferredIndexes{*d})
}

// takeDeferred removes and returns the held-back indexes of the tables in scope.
func (hi *heldIndexes) takeDeferred(keys []string, global bool) []deferredIndexes {
	var taken []deferredIndexes
	kept := hi.deferred[:0]
	for _, d := range hi.deferred {
		if inScope(d.key, keys, global) {
			taken = append(taken, d)
		} else {
			kept = append(kept, d)
		}
	}
	hi.deferred = kept
	return taken
}

// addIndexesAfterAll adds, after a run that cannot be resumed ended early, the held-back
// indexes of the tables it created. A table whose CREATE failed is not there (1146).
func (hi *heldIndexes) addIndexesAfterAll(ctx context.Context, ds []deferredIndexes) error {
	p := hi.p
	var errs []error
	for _, d := range ds {
		if err := hi.addIndexes(ctx, p.control, []deferredIndexes{d}); err != nil {
			var me *mysql.MySQLError
			if !errors.As(err, &me) || me.Number != mysqlerr.NoSuchTable {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}

// hasDeferred reports whether any of the tables has indexes held back.
func (hi *heldIndexes) hasDeferred(keys []string) bool {
	for _, d := range hi.deferred {
		if inScope(d.key, keys, false) {
			return true
		}
	}
	return false
}

// addIndexes adds held-back indexes on c, one ALTER TABLE per table. A "duplicate key
// name" error means a resumed run's earlier attempt added them already.
func (hi *heldIndexes) addIndexes(ctx context.Context, c Conn, ds []deferredIndexes) error {
	p := hi.p
	p.serial.tables.indexBuilds.Add(1)
	defer p.serial.tables.indexBuilds.Add(-1)
	if f := p.opt.BeforeIndexBuild; f != nil && len(ds) > 0 {
		f()
	}
	for _, d := range ds {
		p.serial.warn.setWarningsEmpty(c, false) // the ALTER's warnings are not counted
		q := "ALTER TABLE " + sqlscan.QuoteIdent(d.db) + "." + sqlscan.QuoteIdent(d.table) + " " + strings.Join(d.add, ", ")
		err := underKeySession(ctx, c, d.session, func() error {
			_, err := c.ExecContext(ctx, q)
			return err
		})
		if err != nil {
			var me *mysql.MySQLError
			if !errors.As(err, &me) || !(checkpoint.AlreadyApplied(me.Number) || gone(p.opt.Checkpoint, me.Number)) {
				return deferredKeyError(p.opt.Name, d, q, err)
			}
		}
	}
	return nil
}

// gone reports whether code, an ALTER TABLE … ADD KEY's error, says on resume that the
// table is not there where the dump has not yet dropped or renamed it: a DROP or RENAME
// TABLE after it ran before the interrupted run ended, without its progress row, and the
// keys had been added before it then (that attempt ran the statements in order), so
// they are owed no more (difffuzz seed 21365, TestResumeFoundDeferredKeyOfDroppedTable).
func gone(cp *checkpoint.Run, code uint16) bool {
	return code == mysqlerr.NoSuchTable && cp != nil && cp.Resumed()
}

// deferredKeyError is the failure of q, the ALTER TABLE that adds back the keys d's
// CREATE TABLE held back: a StatementError at that CREATE TABLE (the statement the user
// would look at; the ALTER is dumpscope's own, and the statement it ran before may be
// any other), with the server's error spelled as every other statement error's
// ("ERROR 1904 (HY000): …", not the driver's "Error 1904 (HY000)").
func deferredKeyError(name string, d deferredIndexes, q string, err error) error {
	at := d.from
	if at.Name == "" {
		at.Name = name
	}
	var me *mysql.MySQLError
	if !errors.As(err, &me) {
		return fmt.Errorf("%s: --defer-indexes: adding back the keys it held back (%s): %w", at.Statement("CREATE TABLE", d.table), q, err)
	}
	return &StatementError{Name: at.Name, Offset: at.Offset, Line: at.Line, Kind: split.KindDDL, What: "CREATE TABLE", Table: d.table,
		Code: me.Number, SQLState: string(me.SQLState[:]),
		Message: me.Message + " (--defer-indexes: in " + q + ", which adds back the keys this CREATE TABLE held back)", Err: err}
}
