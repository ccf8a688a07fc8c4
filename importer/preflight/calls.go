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
// the target holds such a function, its text holds the function's name (or there are
// many) and its values are not all literals (rowsToRead, literalRows: a function in VALUES
// runs as any other, INSERT INTO t VALUES (other.f())). With a short name most rows hold,
// the row reader's one pass decides, not a tokenizing of the whole INSERT.

// unreadableBody is the finding of a routine whose body the account cannot read.
const unreadableBody = "whose body this account cannot read"

// targetBody is one routine the target held: its body as the server shows it, the
// database its unqualified names belong to, and the quoting it was created under.
type targetBody struct {
	db, body string
	syn      sqlscan.Syntax
	readable bool
	// next is the table's next trigger: several triggers on one table are one entry
	// (what rows into it run), each judged under its own quoting and each unreadable one a
	// finding. Joined into one body they were read under the last one's sql_mode, and a
	// readable one after an unreadable one lost its finding (x-fix69).
	next *targetBody
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
	// The target's triggers, by the table they are on: rows into a table that was empty
	// pass (nothing there to lose), but its trigger runs all the same
	// (TestXFix62TargetTriggerOnEmptyTable).
	rows, err = q.QueryContext(ctx, "SELECT TRIGGER_SCHEMA, EVENT_OBJECT_SCHEMA, EVENT_OBJECT_TABLE, ACTION_STATEMENT, SQL_MODE FROM information_schema.TRIGGERS")
	if err != nil {
		return fmt.Errorf("preflight: read the bodies of triggers: %w", err)
	}
	for rows.Next() {
		var db, tdb, table, mode string
		var def sql.NullString
		if err := rows.Scan(&db, &tdb, &table, &def, &mode); err != nil {
			rows.Close()
			return err
		}
		if systemSchemas[strings.ToLower(tdb)] {
			continue
		}
		nbe, ansi := split.SQLModeQuoting(mode)
		k := triggerKey(sqlscan.TableKeyOf(tdb, table))
		addTrigger(bodies, k, targetBody{db: db, body: def.String, readable: def.Valid, syn: sqlscan.Syntax{NoBackslashEscapes: nbe, ANSIQuotes: ansi}})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	p.judgeBodies(bodies)
	return nil
}

// addTrigger adds b, a trigger of the target's on the table of calls key k, to bodies:
// the table's first, or linked to those before it (targetBody.next).
func addTrigger(bodies map[string]targetBody, k string, b targetBody) {
	if prev, ok := bodies[k]; ok {
		b.next = &prev
	}
	bodies[k] = b
}

// triggerKey is the calls key of the target's triggers on table key.
func triggerKey(key sqlscan.TableKey) string { return "TRIGGER ON\x00" + string(key) }

// triggerRuns is the finding of the target's triggers on key ("whose body runs …"), ""
// when none.
func (p *Preflight) triggerRuns(key sqlscan.TableKey) string {
	if p.judge != nil {
		return p.judge(triggerKey(key))
	}
	return p.calls[triggerKey(key)]
}

// triggerFinding is the overwrite of a write (action) of rows into key, a table of the
// target's that was empty, whose trigger writes into what the target holds; nil when it
// has none. TRUNCATE and mysqldump's DISABLE/ENABLE KEYS run no trigger.
func (p *Preflight) triggerFinding(key sqlscan.TableKey, action string, st *split.Statement) *Overwrite {
	switch action {
	case "INSERT INTO", "REPLACE INTO", "LOAD DATA INTO", "UPDATE", "DELETE FROM":
	default:
		return nil
	}
	f := p.triggerRuns(key)
	if f == "" {
		return nil
	}
	d, t := key.Names()
	what := withRight(strings.TrimPrefix(f, "whose body "))
	if f == unreadableBody {
		what += " (" + readTriggerRight + ")"
	}
	return &Overwrite{Action: action, Database: d, Table: t, Offset: st.Offset, Line: st.Line, Through: true,
		Detail:     action + " " + termsafe.Line(sqlscan.QuoteIdent(d)+"."+sqlscan.QuoteIdent(t)) + ", whose trigger " + what,
		Unreadable: strings.HasSuffix(f, unreadableBody) || strings.HasSuffix(f, unreadTables)}
}

// readTriggerRight names the right an account needs to read the body of a trigger of the
// target's: without TRIGGER on its table the server lists the trigger (MariaDB 10.11:
// information_schema.TRIGGERS and SHOW TRIGGERS, to an account with any right on the
// table) with its body NULL (x-fix69, measured on the sandbox).
const readTriggerRight = "grant it TRIGGER on the table to have it read"

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
		for at := &b; ok && at != nil && p.calls[k] == ""; at = at.next {
			if !at.readable {
				p.calls[k] = unreadableBody
			} else if f := bodyFinding(p.reader(), []byte(at.body), at.syn, at.db); f != "" {
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

// noteCalls lists the names of the functions with a finding, for the row inserts' search,
// and whether any procedure or function has one (callsRoutines: statements are read for
// calls).
func (p *Preflight) noteCalls() {
	p.callFuncs, p.callsRoutines = nil, false
	for k := range p.calls {
		kind, rest, _ := strings.Cut(k, "\x00")
		p.callsRoutines = p.callsRoutines || kind == "FUNCTION" || kind == "PROCEDURE"
		if kind == "FUNCTION" {
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
// A row insert is read only where readRows (the target holds a function with a finding,
// and the values are not all literals: literalRows).
func (p *Preflight) callFinding(st *split.Statement, readRows bool) *Overwrite {
	if !p.callsRoutines || st.Kind == split.KindRoutine || st.Kind == split.KindClient {
		return nil
	}
	if st.Kind == split.KindInsert && !readRows {
		return nil // rows: no procedure runs there, and no function in literal values
	}
	db := p.current
	if st.Database != "" {
		db = st.Database
	}
	f := callsFinding(p.reader(), st.SQL, st.Syntax(), db, 0)
	if f == "" {
		return nil
	}
	return &Overwrite{Action: "CALL", Database: db, Offset: st.Offset, Line: st.Line, Through: true, Detail: "call " + withRight(f),
		Unreadable: strings.HasSuffix(f, unreadableBody) || strings.HasSuffix(f, unreadTables)}
}

// readRoutineRight names the right an account needs to read a routine's body it did not
// define, for the refusal of a call of one it cannot read: "grant the right" did not say
// which (x-fix69, reread item 8).
const readRoutineRight = "grant it SELECT on mysql.proc, or SHOW_ROUTINE on MySQL 8.0.20+, to have it read"

// withRight is finding f with readRoutineRight after it where it ends in a routine body
// the account cannot read.
func withRight(f string) string {
	if strings.HasSuffix(f, unreadableBody) {
		return f + " (" + readRoutineRight + ")"
	}
	return f
}
