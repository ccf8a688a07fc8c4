package plan

import (
	"sync"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// The readers of the diagnostics area behind a CALL or EXECUTE are judged by what the
// registry (registry.go) holds: the procedures the dump created and the statements it
// prepared, each with whether it may read the caller's area. A CALL of a procedure the
// dump did not create (it was in the target already, or was dropped) or an EXECUTE of an
// unknown name may read it: a possible reader runs right after the statement before it
// (replay's diagTail) in a run gone serial and is refused while the run is parallel.
// CALLs are rare in dumps (none in Sakila, mysqldump or mydumper output), so the caution
// costs little.

// diagRefusal is why st, a possible reader (readsDiag), is refused while the run is
// parallel: diagnosticsRefusal, and for a CALL or EXECUTE whose body the dump did not
// show, that it may read the area, not that it does.
func (r *registry) diagRefusal(st *split.Statement) string {
	l := st.Tokens()
	w := l.Next()
	switch {
	case w.Is("CALL"):
		if name, _, known := r.call(st); !known {
			return "the procedure " + name + " was not created by the dump (it was there before, or dropped), and may read " + diagnosticsArea + ": " + diagnosticsWhy
		}
	case w.Is("EXECUTE") && !l.Next().Is("IMMEDIATE"):
		if _, name, _ := transform.Wrapped(st); r.prepared[name].st == nil {
			return "the prepared statement " + name + " was not prepared by the dump from a string literal, and may read " + diagnosticsArea + ": " + diagnosticsWhy
		}
	}
	return diagnosticsRefusal
}

// bodyReadsDiagnostics reports whether a CREATE PROCEDURE's body may read the caller's
// diagnostics area: it names GET … DIAGNOSTICS, @@warning_count or @@error_count anywhere
// in it (only its first statement reads the caller's, but the body is not parsed into
// statements), or a statement of it runs code of its own choosing (CALL, EXECUTE: a
// column of that name does not count, bodyStatementStarts).
func bodyReadsDiagnostics(st *split.Statement) bool {
	l := st.Tokens()
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Is("DIAGNOSTICS") || diagnosticsVar(t) {
			return true
		}
	}
	return bodyStatementStarts(st, func(w string) bool { return w == "CALL" || w == "EXECUTE" })
}

// ReadsDiagnostics reports whether st may read the diagnostics area the statement before
// it left: ReadsDiagnostics, with a CALL's procedure and an EXECUTE's prepared statement
// read from what the planner saw of the dump (registry).
func (p *Planner) ReadsDiagnostics(st *split.Statement) bool { return p.reg.readsDiag(st) }

// DiagnosticsReaders follows the dump's procedures and prepared statements for a reader
// of the statements that do not pass the planner (the replay's warning counts), as the
// planner does (ReadsDiagnostics). Safe for concurrent use: a worker runs barrier items
// through the same replayer.
type DiagnosticsReaders struct {
	mu  sync.Mutex
	reg registry
}

// Reads notes st (a USE, CREATE PROCEDURE, PREPARE, …; noting one twice changes nothing)
// and reports whether it may read the diagnostics area the statement before it left, or
// keeps it (KeepsDiagnostics). db is the current database before st (the replay's).
func (x *DiagnosticsReaders) Reads(st *split.Statement, db string) bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.reg.db = db
	x.reg.observe(st)
	return x.reg.readsDiag(st) || KeepsDiagnostics(st)
}

// UseRun notes st as Reads does and returns the database a USE that st runs through
// dynamic SQL makes current (ok: it runs one the registry can read: EXECUTE IMMEDIATE
// 'USE y', EXECUTE u of PREPARE u FROM 'USE y'). db is the current database before st.
// The replay's current database follows it (replay's wrappedUseOf) from this registry,
// the one that judges the same EXECUTE for the diagnostics area and the planner's
// transactions, where it kept a map of prepared USE statements of its own.
func (x *DiagnosticsReaders) UseRun(st *split.Statement, db string) (string, bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.reg.db = db
	moved := x.reg.movedDatabase
	x.reg.movedDatabase = false
	x.reg.observe(st)
	now, ran := x.reg.db, x.reg.movedDatabase
	x.reg.movedDatabase = moved || ran
	return now, ran
}

// KeepsWrapped reports whether st is a wrapper (EXECUTE IMMEDIATE of a literal, EXECUTE of
// a statement the dump prepared from a literal, SET STATEMENT … FOR, nested) whose
// innermost statement is a SELECT, DO, VALUES or SET that MayKeepArea takes for a keeper
// (it names no table): running it opens nothing, so the server keeps the diagnostics area
// the statement before it left (measured on 10.11: `EXECUTE IMMEDIATE 'SELECT 1'`, an
// EXECUTE of a prepared 'SELECT 1', `SET STATEMENT max_statement_time = 0 FOR DO 1`
// between `SET @dw2 = CAST('0y' AS SIGNED)` and a reader of @@warning_count: 1).
// Prepared statements are looked up as they stand after the statements Reads noted.
func (x *DiagnosticsReaders) KeepsWrapped(st *split.Statement) bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	in := st
	for depth := 0; depth < wrapDepth && in.Kind == split.KindOther; depth++ {
		if _, prepare := transform.PrepareName(in); prepare {
			return false
		}
		next, prepared, unreadable := transform.Wrapped(in)
		if unreadable != "" {
			return false
		}
		if prepared != "" {
			p, ok := x.reg.prepared[prepared]
			if !ok || p.st == nil {
				return false
			}
			next = p.st
		}
		if next == nil {
			break
		}
		in = next
	}
	if in == st || len(in.SQL) == 0 {
		return false
	}
	l := sqlscan.New(in.SQL, in.Syntax())
	switch t := l.Next(); {
	case t.Is("SELECT"), t.Is("DO"), t.Is("VALUES"), t.Is("SET"):
		return MayKeepArea(in)
	}
	return false
}
