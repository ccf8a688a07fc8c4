package replay

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// mysqldump writes each view's final CREATE VIEW after every table's rows (its stand-in
// table or view comes where the view sorts among the tables). plan.BarrierScope makes a
// view that reads tables global, as every statement that may name any table: the
// dispatcher then waited for every batch in flight, the last table's too, before it read
// on to the end of the stream (the 200M generated dump: 2.1 s under load, while one worker
// ran the last batches of sbtest4; its view reads customers and orders).
//
// A CREATE VIEW reads no rows and writes none. The server parses the SELECT, opens the
// tables it names (a shared metadata lock, which a worker's open transaction on a table
// does not block, nor is blocked by) and stores the definition: the names and types of the
// columns, never their rows; a function the SELECT calls is looked up, not run. So what
// the view is does not depend on which rows of any table have committed. Here it waits
// anyway for the rows in flight of every table whose name its text holds as a word, a
// quoted name or a string, compared without regard to case (a superset of the tables it
// names; those it opens through a view or function it names are not waited for, as no
// row of them is read either), and, as any statement that is not local DDL, for every
// barrier item (waitBarriers: an ALTER on a worker may still change a table's columns).
// The other tables go on loading meanwhile.
//
// Not narrowed where rows in flight run code that could read the view: a table in flight
// has triggers (their bodies may read it, or call a routine that does), or a trigger calls
// a routine (catalog.allOrdered); plain rows themselves call no function and read no view.
// Nor under --defer-indexes (a global statement adds every index held back, and the run
// keeps that order), inside a transaction region, for text that is not ASCII or tables in
// flight whose names are not (the server compares names as they are stored; the byte
// comparison here would not be a superset), and for a text longer than plan.BarrierScope
// reads.

// viewScope returns the scope of st, a CREATE VIEW the planner made a global barrier
// because it reads tables, narrowed to the view itself and the tables in flight its text
// may name (see above); ok false keeps the planner's scope.
func viewScope(p *ParallelReplayer, st *split.Statement, pl plan.Plan) (keys []string, ok bool) {
	if st.Kind != split.KindDDL || st.Verb != "CREATE VIEW" || pl.Kind != plan.Barrier || !pl.Global || pl.InRegion ||
		p.opt.DeferIndexes || st.Table == "" || len(st.SQL) > 64<<10 || !sqlscan.IsASCII(string(st.SQL)) || p.cat.allOrdered {
		return nil, false
	}
	names := map[string]bool{}
	l := sqlscan.New(st.SQL, st.Syntax())
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Kind == sqlscan.Word || t.Kind == sqlscan.Quoted || t.Kind == sqlscan.String {
			names[strings.ToLower(t.Text)] = true
		}
	}
	keys = []string{plan.StatementTableKey(st, p.serial.database)}
	for _, k := range p.sched.busyKeys() {
		_, table := sqlscan.TableKey(k).Names()
		if !sqlscan.IsASCII(k) || len(p.cat.triggerBodies[k]) > 0 {
			return nil, false
		}
		if names[strings.ToLower(table)] {
			keys = append(keys, k)
		}
	}
	return keys, true
}
