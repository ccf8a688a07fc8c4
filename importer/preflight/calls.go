package preflight

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/termsafe"
)

// Calls of the target's own procedures and functions. The dump's routines are judged at
// their CREATE (guard_body.go), but `CALL other.p()` or `DO other.f()` of a routine the
// target already held ran a body nothing read: other.p's `INSERT INTO other.k` wrote into
// what exists without --overwrite, silently against docs/import.md §Preflight
// (TestXFix58CallTargetRoutine). New reads the bodies of the target's procedures and
// functions once (information_schema.ROUTINES.ROUTINE_DEFINITION, one query per run) and
// judges each with the overwrite check's body reader, following the target's routines it
// calls in turn; what is kept is the finding of each routine that has one (calls), never
// the bodies, and a resume gets the same from the journal (State). A statement that
// calls such a routine is then refused where it stands, as a body of the dump's that
// calls one is at its CREATE. A body this account may not read (the server shows NULL to
// an account that is not its definer and has no right to read mysql.proc) is refused the
// same way: what it writes cannot be known.
//
// Cost: nothing unless the target holds a procedure or function with a finding. Then a
// statement that is no row insert is read once more for calls; a row insert only where
// its text holds the name of such a function (a function in VALUES runs as any other:
// INSERT INTO t VALUES (other.f())), one case-blind search per such function.

// unreadableBody is the finding of a routine whose body the account cannot read.
const unreadableBody = "whose body this account cannot read"

// targetBody is one routine the target held: its body as the server shows it, the
// database its unqualified names belong to, and the quoting it was created under.
type targetBody struct {
	db, body string
	syn      sqlscan.Syntax
	readable bool
}

// loadCalls reads the bodies of the target's procedures and functions and keeps the
// findings of those that write into what the target holds (p.calls); p's tables,
// databases and objects are read already.
func (p *Preflight) loadCalls(ctx context.Context, q Conn) error {
	rows, err := q.QueryContext(ctx, "SELECT ROUTINE_TYPE, ROUTINE_SCHEMA, ROUTINE_NAME, ROUTINE_DEFINITION, SQL_MODE FROM information_schema.ROUTINES WHERE ROUTINE_TYPE IN ('PROCEDURE', 'FUNCTION')")
	if err != nil {
		return fmt.Errorf("preflight: read the bodies of routines: %w", err)
	}
	bodies := map[string]targetBody{}
	for rows.Next() {
		var kind, db, name, mode string
		var def sql.NullString
		if err := rows.Scan(&kind, &db, &name, &def, &mode); err != nil {
			rows.Close()
			return err
		}
		if systemSchemas[strings.ToLower(db)] {
			continue // SystemCheck's
		}
		nbe, ansi := split.SQLModeQuoting(mode)
		bodies[objectKey(strings.ToUpper(kind), db, name)] = targetBody{db: db, body: def.String, readable: def.Valid,
			syn: sqlscan.Syntax{NoBackslashEscapes: nbe, ANSIQuotes: ansi}}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	p.judgeBodies(bodies)
	return nil
}

// judgeBodies sets p.calls from the target's routine bodies: each judged once, a routine
// it calls before it (a cycle reads as nothing more: its own writes are found anyway).
func (p *Preflight) judgeBodies(bodies map[string]targetBody) {
	p.calls = map[string]string{}
	judged := map[string]bool{}
	var judge func(k string) string
	judge = func(k string) string {
		if judged[k] {
			return p.calls[k]
		}
		judged[k] = true
		b, ok := bodies[k]
		switch {
		case !ok:
		case !b.readable:
			p.calls[k] = unreadableBody
		default:
			if f := bodyFinding(p.reader(), []byte(b.body), b.syn, b.db); f != "" {
				p.calls[k] = "whose body runs " + f
			}
		}
		return p.calls[k]
	}
	p.judge, p.rd = judge, nil
	defer func() { p.judge, p.rd = nil, nil }() // the reader follows calls only where one has a finding
	for _, k := range slices.Sorted(maps.Keys(bodies)) {
		judge(k)
	}
	p.noteCalls()
}

// noteCalls lists the names of the functions with a finding, for the row inserts' search.
func (p *Preflight) noteCalls() {
	p.callFuncs = nil
	for k := range p.calls {
		if kind, rest, _ := strings.Cut(k, "\x00"); kind == "FUNCTION" {
			_, name, _ := strings.Cut(rest, "\x00")
			if !slices.Contains(p.callFuncs, name) {
				p.callFuncs = append(p.callFuncs, name)
			}
		}
	}
	slices.Sort(p.callFuncs)
}

// called is the body reader's question at a call of kind ("PROCEDURE", "FUNCTION") d.name:
// what the target's routine of that name runs that is a finding, as "procedure `d`.`p`,
// whose body runs …"; "" when nothing, or the routine is none of the target's (one the
// dump made is judged at its CREATE).
func (p *Preflight) called(kind, d, name string) string {
	k := objectKey(kind, d, name)
	if !p.objects[k] || p.createdObjects[k] {
		return ""
	}
	f := ""
	if p.judge != nil {
		f = p.judge(k)
	} else {
		f = p.calls[k]
	}
	if f == "" {
		return ""
	}
	return strings.ToLower(kind) + " " + termsafe.Line(sqlscan.QuoteIdent(d)+"."+sqlscan.QuoteIdent(name)) + ", " + f
}

// callFinding is the first call st makes of a target's routine that writes into what the
// target holds (or whose body cannot be read), as an Overwrite whose Detail names it; nil
// when none. Routines are judged at their CREATE, compound statements by compoundFinding.
func (p *Preflight) callFinding(st *split.Statement) *Overwrite {
	if len(p.calls) == 0 || st.Kind == split.KindRoutine || st.Kind == split.KindClient {
		return nil
	}
	if st.Kind == split.KindInsert && !slices.ContainsFunc(p.callFuncs, func(name string) bool { return sqlscan.ContainsFoldASCII(st.SQL, name) }) {
		return nil // rows: no procedure runs there, and none of the functions is named
	}
	db := p.current
	if st.Database != "" {
		db = st.Database
	}
	f := callsFinding(p.reader(), st.SQL, st.Syntax(), db, 0)
	if f == "" {
		return nil
	}
	return &Overwrite{Action: "CALL", Database: db, Offset: st.Offset, Line: st.Line, Through: true, Detail: "call " + f,
		Unreadable: strings.HasSuffix(f, unreadableBody)}
}
