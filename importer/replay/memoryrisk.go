package replay

import (
	"context"
	"slices"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// refuseLostMemory, on a resume after a server restart, refuses the resume at the first
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
	if pl.Volatile || !mayWriteTables(cr, st, risk) {
		return nil
	}
	if err := p.disp.flush(ctx); err != nil {
		return err
	}
	return p.serial.refuse(st, checkpoint.MemoryLost(cp, "this statement").Error())
}

// mayWriteTables reports whether st, skipped, may have written one of the tables risk
// (keys): MEMORY tables a restart emptied, the tables a temporary table was filled from
// (temprebuild.go). Where no trigger, view or stored routine existed when the resume began
// (checkpoint's refuseLostMemoryRows), a statement writes what it names: rows into a
// table, an UPDATE or DELETE of one table, a CREATE TABLE … SELECT, an ALTER or TRUNCATE.
// Anything it cannot read so (a routine created, RENAME, a multi-table UPDATE, CALL) may.
func mayWriteTables(cr *controller, st *split.Statement, risk []string) bool {
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
