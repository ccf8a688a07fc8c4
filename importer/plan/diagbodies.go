package plan

import (
	"strings"
	"sync"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// diagBodies follows what the dump's CALLs and EXECUTEs run, for ReadsDiagnostics: the
// procedures the dump created and the statements it prepared, each with whether it may
// read the caller's diagnostics area. A CALL of a procedure the dump did not create (it
// was in the target already, or was dropped) or an EXECUTE of an unknown name may read
// it: a possible reader runs right after the statement before it (replay's diagTail) in a
// run gone serial and is refused while the run is parallel. CALLs are rare in dumps
// (none in Sakila, mysqldump or mydumper output), so the caution costs little.
type diagBodies struct {
	procedures map[string]bool // lower-cased name (any database) → its body may read the area
	prepared   map[string]bool // lower-cased prepared statement name → it may read the area
}

// note follows st: a CREATE or DROP PROCEDURE, a PREPARE or DEALLOCATE PREPARE.
func (d *diagBodies) note(st *split.Statement) {
	switch {
	case st.Verb == "CREATE PROCEDURE" && st.Table != "":
		name := strings.ToLower(st.Table)
		if d.procedures == nil {
			d.procedures = map[string]bool{}
		}
		// Names are kept without their database: two procedures of one name in two
		// databases are taken for a reader if either is.
		d.procedures[name] = d.procedures[name] || bodyReadsDiagnostics(st)
	case st.Verb == "DROP PROCEDURE" && st.Table != "":
		delete(d.procedures, strings.ToLower(st.Table))
	case st.Kind == split.KindClient || len(st.SQL) == 0:
	default:
		if w := sqlscan.FirstWord(st.SQL); strings.EqualFold(w, "PREPARE") || strings.EqualFold(w, "DEALLOCATE") || strings.EqualFold(w, "DROP") {
			d.notePrepare(st)
		}
	}
}

// notePrepare follows PREPARE name FROM '…' (and from anything else: a possible reader)
// and DEALLOCATE/DROP PREPARE name.
func (d *diagBodies) notePrepare(st *split.Statement) {
	l := st.Tokens()
	switch w := l.Next(); {
	case w.Is("PREPARE"):
		name := strings.ToLower(l.Next().Text)
		reads := true
		if l.Next().Is("FROM") {
			if text, ok := sqlscan.LiteralStatement(&l); ok {
				reads = d.verdict(readsDiagnostics([]byte(text), st.Syntax(), 1), []byte(text), st.Syntax())
			}
		}
		if d.prepared == nil {
			d.prepared = map[string]bool{}
		}
		d.prepared[name] = reads
	case w.Is("DEALLOCATE") || w.Is("DROP"):
		if l.Next().Is("PREPARE") {
			delete(d.prepared, strings.ToLower(l.Next().Text))
		}
	}
}

// reads reports whether st may read the diagnostics area the statement before it left.
func (d *diagBodies) reads(st *split.Statement) bool {
	if st.Kind == split.KindClient || len(st.SQL) == 0 {
		return false
	}
	return d.verdict(readsDiagnostics(st.SQL, st.Syntax(), 0), st.SQL, st.Syntax())
}

// verdict settles v for q: a CALL by its procedure's body, an EXECUTE by its PREPARE;
// unknown ones may read the area. SHOW WARNINGS reads none to keep (KeepsDiagnostics).
func (d *diagBodies) verdict(v diagVerdict, q []byte, syn sqlscan.Syntax) bool {
	if v != diagCall && v != diagPrepared {
		return v == diagReads
	}
	l := sqlscan.New(q, syn)
	l.Next() // CALL, EXECUTE
	if v == diagCall {
		_, name := l.Name(l.Next())
		reads, known := d.procedures[strings.ToLower(name)]
		return reads || !known
	}
	reads, known := d.prepared[strings.ToLower(l.Next().Text)]
	return reads || !known
}

// refusal is why st, a possible reader (reads), is refused while the run is parallel:
// diagnosticsRefusal, and for a CALL or EXECUTE whose body the dump did not show, that
// it may read the area, not that it does.
func (d *diagBodies) refusal(st *split.Statement) string {
	l := st.Tokens()
	w := l.Next()
	switch {
	case w.Is("CALL"):
		_, name := l.Name(l.Next())
		if _, known := d.procedures[strings.ToLower(name)]; !known {
			return "the procedure " + name + " was not created by the dump (it was there before, or dropped), and may read " + diagnosticsArea + ": " + diagnosticsWhy
		}
	case w.Is("EXECUTE") && !l.Next().Is("IMMEDIATE"):
		l = st.Tokens()
		l.Next()
		name := l.Next().Text
		if _, known := d.prepared[strings.ToLower(name)]; !known {
			return "the prepared statement " + name + " was not prepared by the dump from a string literal, and may read " + diagnosticsArea + ": " + diagnosticsWhy
		}
	}
	return diagnosticsRefusal
}

// bodyReadsDiagnostics reports whether a CREATE PROCEDURE's body may read the caller's
// diagnostics area: it names GET … DIAGNOSTICS, @@warning_count or @@error_count, or runs
// code of its own choosing (CALL, EXECUTE), anywhere in it (only its first statement
// reads the caller's, but the body is not parsed into statements).
func bodyReadsDiagnostics(st *split.Statement) bool {
	l := st.Tokens()
	for t := l.Next(); t.Kind != sqlscan.EOF; t = l.Next() {
		if t.Is("DIAGNOSTICS") || t.Is("CALL") || t.Is("EXECUTE") || diagnosticsVar(t) {
			return true
		}
	}
	return false
}

// ReadsDiagnostics reports whether st may read the diagnostics area the statement before
// it left: ReadsDiagnostics, with a CALL's procedure and an EXECUTE's prepared statement
// read from what the planner saw of the dump (diagBodies).
func (p *Planner) ReadsDiagnostics(st *split.Statement) bool { return p.diag.reads(st) }

// DiagnosticsReaders follows the dump's procedures and prepared statements for a reader
// of the statements that do not pass the planner (the replay's warning counts), as the
// planner does (ReadsDiagnostics). Safe for concurrent use: a worker runs barrier items
// through the same replayer.
type DiagnosticsReaders struct {
	mu sync.Mutex
	d  diagBodies
}

// Reads notes st (a CREATE PROCEDURE, PREPARE, …; noting one twice changes nothing) and
// reports whether it may read the diagnostics area the statement before it left, or
// keeps it (KeepsDiagnostics).
func (x *DiagnosticsReaders) Reads(st *split.Statement) bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.d.note(st)
	return x.d.reads(st) || KeepsDiagnostics(st)
}
