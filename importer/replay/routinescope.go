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

// The scope of a stored routine's CREATE, ALTER or DROP (plan.RoutineKey). Creating,
// changing or dropping a procedure or function runs no table code; what it changes is
// what a later call does. In a parallel replay the calls that can be in flight while
// the dispatcher reaches it are those of triggers fired by rows on the workers: a row
// of the client's before the statement saw the old routine (or none), one after it the
// new one. So it waits for the rows in flight of every table whose triggers may call
// the routine, directly, through another routine or view, or through a trigger of a
// table they write; the others go on beside it. A row statement that calls a function
// itself (INSERT … VALUES (f(1)), INSERT … SELECT f()) is not a plain row insert and
// waits for everything, and MariaDB refuses a stored function in a column DEFAULT, a
// generated column or a CHECK constraint (ERROR 1901), so rows of a table without
// triggers call none. On the generated dump CREATE PROCEDURE order_total, a global
// barrier, waited 2.4–10 s for the last table's batches; now it waits for none, but the
// final CREATE VIEW after it (global: it reads tables) and the end of the stream wait for
// the same batches, so the wall time is the same there. What it frees is a routine
// followed by more rows, as a function's CREATE OR REPLACE between batches; under
// mysqldump --databases each database's routines are followed by its final views, which
// still wait for everything.

// barrierScope completes the scope a statement that runs in stream order waits for: a
// routine's CREATE, ALTER or DROP gets the tables whose triggers may call it
// (routineScope), every other scope its tables' kin (catalog.withKin). local: what
// else is in flight, barrier items included, may go on while it runs (localDDL; a
// routine's creation reads no table, and no barrier item calls one).
func barrierScope(ctx context.Context, p *ParallelReplayer, st *split.Statement, keys []string, global bool) (_ []string, _, local bool) {
	_, routine := plan.RoutineKey(st, p.serial.database)
	if routine && !global {
		keys, global = routineScope(ctx, p, st, keys)
	}
	if !global {
		keys = p.cat.withKin(ctx, st, keys)
	}
	return keys, global, !global && (routine || localDDL(st))
}

// routineScope returns keys, a routine statement's scope (its routine's key), with the
// tables whose rows in flight may call the routine (see above); global when the server
// could not say which triggers there are, as every statement not understood is.
func routineScope(ctx context.Context, p *ParallelReplayer, st *split.Statement, keys []string) ([]string, bool) {
	cg := p.cat
	if len(cg.triggerBodies) == 0 {
		return keys, false // no row in flight fires a trigger
	}
	var known []string
	for k := range cg.triggerBodies {
		known = append(known, k)
	}
	if !p.sched.isBusy(cg.withTriggerKin(known)) {
		return keys, false // nothing in flight may fire one: no need to ask the server
	}
	bodies, reach, err := routineReachers(ctx, p.control)
	if err != nil {
		return nil, true
	}
	for k, b := range cg.triggerBodies {
		bodies[k] = append(bodies[k], b...) // a CREATE TRIGGER queued on a worker, not yet run
	}
	reach = append(reach, strings.ToLower(st.Table))
	if !byteMatchable(bodies, reach) {
		return nil, true
	}
	return append(keys, triggersReaching(bodies, reach)...), false
}

// byteMatchable reports whether mentionsAny's byte match finds every call the server
// would make: only where each name is plain ASCII (letters, digits, _ and $) and each
// body is ASCII. The server unquotes names (`f“x` is f`x) and compares them by
// collation (fe calls fé, s calls ß: x-review8's TestReviewX8RoutineNameSpelledOtherwise),
// which a byte match misses; there the statement waits for everything, as before.
func byteMatchable(bodies map[string][]string, names []string) bool {
	for _, n := range names {
		for i := 0; i < len(n); i++ {
			if n[i] >= 0x80 || !sqlscan.IsWordByte(n[i]) {
				return false
			}
		}
	}
	for _, bs := range bodies {
		for _, b := range bs {
			if !sqlscan.IsASCII(b) {
				return false
			}
		}
	}
	return true
}

// routineReachers reads from the server every trigger's body (lower-cased, by its
// table, db.table; checkpoint.TriggerBodies, the one reader) and the names, lower-cased, through which a trigger may call a
// stored routine without naming it: every stored routine and view.
func routineReachers(ctx context.Context, c Conn) (bodies map[string][]string, names []string, err error) {
	triggers, err := checkpoint.TriggerBodies(ctx, c, "", "")
	if err != nil {
		return nil, nil, err
	}
	bodies = map[string][]string{}
	for _, b := range triggers {
		k := plan.KeyOf(b.Schema, b.Table)
		bodies[k] = append(bodies[k], strings.ToLower(b.Text))
	}
	for _, q := range []string{"SELECT ROUTINE_NAME FROM information_schema.ROUTINES", "SELECT TABLE_NAME FROM information_schema.VIEWS"} {
		rows, err := c.QueryContext(ctx, q)
		if err != nil {
			return nil, nil, err
		}
		for rows.Next() {
			var name string
			if err := rows.Scan(&name); err != nil {
				rows.Close()
				return nil, nil, err
			}
			names = append(names, strings.ToLower(name))
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, nil, err
		}
	}
	return bodies, names, nil
}

// triggersReaching returns the tables (db.table) one of whose trigger bodies mentions a
// name of reach (lower-cased), or the name of a table so returned: a trigger that writes
// a table whose trigger calls the routine calls it too.
func triggersReaching(bodies map[string][]string, reach []string) []string {
	var out []string
	for changed := true; changed; {
		changed = false
		for k, bs := range bodies {
			if plan.ContainsKey(out, k) || !mentionsAny(bs, reach) {
				continue
			}
			out = append(out, k)
			_, table := sqlscan.TableKey(k).Names()
			reach = append(reach, strings.ToLower(table))
			changed = true
		}
	}
	return out
}

// mentionsAny reports whether one of bodies (lower-cased) holds one of names as a word:
// not inside a longer name. Quoting is not read, so a name in a string or comment counts
// too, which only widens the scope.
func mentionsAny(bodies, names []string) bool {
	for _, b := range bodies {
		for _, n := range names {
			for at := 0; n != ""; {
				i := strings.Index(b[at:], n)
				if i < 0 {
					break
				}
				i += at
				end := i + len(n)
				if (i == 0 || !sqlscan.IsWordByte(b[i-1])) && (end == len(b) || !sqlscan.IsWordByte(b[end])) {
					return true
				}
				at = i + 1
			}
		}
	}
	return false
}

// noteTriggerBody keeps a trigger body seen on table key (routineScope), once: a table
// is looked up again after each DDL on it.
func (cg *catalog) noteTriggerBody(key, body string) {
	if cg.triggerBodies == nil {
		cg.triggerBodies = map[string][]string{}
	}
	if b := strings.ToLower(body); !slices.Contains(cg.triggerBodies[key], b) {
		cg.triggerBodies[key] = append(cg.triggerBodies[key], b)
	}
}
