package replay

import (
	"context"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// refuseLostMemory (refuseResumeLost calls it), on a resume after a server restart, refuses the resume at the first
// statement it skips (an earlier attempt committed it) that may have written one of the
// MEMORY tables the restart emptied (checkpoint.MemoryAtRisk): those rows are gone, and
// the resume would not send them again. Once past every skipped statement without one,
// the restart lost nothing (checkpoint.MemoryKept). Refused at the resume's start, a
// MEMORY table the dump creates and fills only after the stop, or never (a cache table),
// stopped a resume that lost nothing (TestReviewX2RestartEmptyMemoryTable). A function,
// not a method: controller is at its limit.
func refuseLostMemory(ctx context.Context, cr *controller, st *split.Statement, pl plan.Plan) error {
	p := cr.p
	cp := p.opt.Checkpoint
	risk := checkpoint.MemoryAtRisk(cp)
	if len(risk) == 0 {
		return nil
	}
	if !cp.Skip(st.Offset) {
		if st.Offset >= cp.Furthest() {
			checkpoint.MemoryKept(ctx, cp, p.control)
		}
		return nil
	}
	if pl.Volatile || !mayWriteRows(cr, st, risk) {
		return nil
	}
	if err := p.disp.flush(ctx); err != nil {
		return err
	}
	return p.serial.refuse(st, checkpoint.MemoryLost(cp, "this statement").Error())
}

// mayWriteTables reports whether st, skipped, may have changed one of the tables from
// (keys) that a temporary table was filled from (temprebuild.go): written its rows
// (mayWriteRows), or put another table under its name (mayReplaceTables). The fill, sent
// again, reads whatever table has the name now.
func mayWriteTables(cr *controller, st *split.Statement, from []string) bool {
	return mayWriteRows(cr, st, from) || mayReplaceTables(cr, st, from)
}

// mayChangeDefinition reports whether st, skipped, may have changed the definition of
// one of the tables from (keys) that a temporary table took with CREATE … LIKE
// (inexactRebuild.like): mayWriteTables, less the statements that write rows only (a
// row insert, an UPDATE or DELETE; what they may fire, a trigger or a stored function,
// cannot run DDL). The LIKE sent again reads the definition as the interrupted run left
// it, the same where only rows were written since (seed 115003's INSERT INTO tk1 after
// its LIKE refused the resume: TestXFix56TemporaryLikeRowsAfter).
func mayChangeDefinition(cr *controller, st *split.Statement, from []string) bool {
	switch {
	case st.Kind == split.KindInsert:
		return false
	case st.Kind == split.KindOther && (st.Verb == "UPDATE" || st.Verb == "DELETE"):
		return false
	}
	return mayWriteTables(cr, st, from)
}

// mayReplaceTables reports whether st, skipped, may have dropped one of the tables from
// (keys), or made another under its name: a DROP TABLE naming one, a DROP DATABASE of
// one's database, a CREATE [OR REPLACE] TABLE of one. mayWriteRows counts none of them:
// a dropped MEMORY table's rows are owed no more; but a fill from k2 sent again after
// `DROP TABLE k2; CREATE TABLE k2 …` read the new, empty k2 where the client's read the
// rows (TestReviewX21TemporaryFillSourceReplaced: silent before).
func mayReplaceTables(cr *controller, st *split.Statement, from []string) bool {
	if st.Kind != split.KindDDL {
		return false
	}
	switch st.Verb {
	case "DROP TABLE", "CREATE TABLE":
		keys, ok := st.NamedTables(cr.p.serial.database)
		if !ok {
			return true
		}
		if st.Verb == "CREATE TABLE" {
			keys = keys[:1] // not the table of its LIKE
		}
		for _, k := range keys {
			if slices.Contains(from, k) {
				return true
			}
		}
	case "DROP DATABASE", "DROP SCHEMA":
		if st.Database == "" {
			return true
		}
		for _, k := range from {
			if db, _ := sqlscan.TableKey(k).Names(); strings.EqualFold(db, st.Database) {
				return true
			}
		}
	}
	return false
}

// mayWriteRows reports whether st, skipped, may have written rows of one of the tables
// risk (keys): MEMORY tables a restart emptied, the tables a temporary table was filled
// from (mayWriteTables). Where no trigger, view or stored routine existed when the resume began
// (checkpoint's refuseLostMemoryRows), a statement writes what it names: rows into a
// table, an UPDATE or DELETE of one table, a CREATE TABLE … SELECT, an ALTER or TRUNCATE.
// Anything it cannot read so (a routine created, RENAME, a multi-table UPDATE, CALL) may.
func mayWriteRows(cr *controller, st *split.Statement, risk []string) bool {
	p := cr.p
	key := func(db, table string) bool {
		if db == "" {
			db = p.serial.database
		}
		return slices.Contains(risk, plan.KeyOf(db, table))
	}
	switch st.Kind {
	case split.KindSession, split.KindClient, split.KindTxn, split.KindLock:
		return false
	case split.KindInsert:
		return key(st.Database, st.Table)
	case split.KindDDL:
		switch st.Verb {
		case "CREATE DATABASE", "DROP DATABASE", "DROP TABLE", "CREATE SCHEMA", "DROP SCHEMA":
			return false
		case "CREATE TABLE":
			return key(st.Database, st.Table) && hasWord(st, "SELECT")
		case "ALTER TABLE":
			// EXCHANGE PARTITION … WITH TABLE k and CONVERT TABLE k TO PARTITION move
			// k's rows under kp's name: the fill of tt from k, sent again, read kp's
			// old rows (TestReviewX20TemporaryFillExchangePartition: silent before).
			// Read by word, not by the table named: x-fix48 teaches split's
			// NamedTables these forms for barriers.
			return key(st.Database, st.Table) || hasWord(st, "RENAME") || hasWord(st, "EXCHANGE") || hasWord(st, "CONVERT")
		case "TRUNCATE TABLE", "CREATE INDEX", "DROP INDEX":
			return key(st.Database, st.Table)
		}
		return true
	case split.KindOther:
		switch st.Verb {
		case "SELECT", "DO", "SHOW", "VALUES", "GET": // GET DIAGNOSTICS sets variables
			return false
		case "PREPARE", "DEALLOCATE":
			// Only the connection's prepared statement; what it runs is its EXECUTE's
			// (runsInnermost).
			return false
		case "XA":
			// The statements inside write, and are read one by one; XA ROLLBACK may
			// take back rows a fill read, so it stays a write.
			return plan.XAVerb(st) == "ROLLBACK" || plan.XAVerb(st) == ""
		case "UPDATE", "DELETE":
			db, table, ok := dmlTarget(st.SQL, st.Syntax())
			return !ok || key(db, table)
		}
	}
	return true
}

// hasWord reports whether st holds the keyword w (not a name or a string).
func hasWord(st *split.Statement, w string) bool {
	l := sqlscan.New(st.SQL, st.Syntax())
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind == sqlscan.Word && t.Is(w) {
			return true
		}
	}
	return false
}
