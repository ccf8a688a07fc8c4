package preflight

import (
	"context"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// The target's routines, events and triggers by name: a dump's DROP PROCEDURE/FUNCTION/
// EVENT IF EXISTS (mysqldump --routines, --events), CREATE OR REPLACE of one, ALTER of
// one, and DROP TRIGGER (--add-drop-trigger) destroy the target's own object as surely as
// DROP VIEW does, and passed without --overwrite while the neighbouring DROP VIEW and
// CREATE OR REPLACE TRIGGER were refused (TestReviewX5OverwriteRoutinesAndTriggers).

// objectKey names a routine, event or trigger: its kind, database and name (routine and
// event names compare case-insensitively, as the server does; trigger names exactly).
func objectKey(kind, db, name string) string {
	if kind != "TRIGGER" {
		name = strings.ToLower(name)
	}
	return kind + "\x00" + db + "\x00" + name
}

// loadObjects reads the target's routines, events and triggers outside the system schemas.
func (p *Preflight) loadObjects(ctx context.Context, q Conn) error {
	p.objects = map[string]bool{}
	p.createdObjects = map[string]bool{}
	for _, query := range []string{
		"SELECT ROUTINE_TYPE, ROUTINE_SCHEMA, ROUTINE_NAME FROM information_schema.ROUTINES",
		"SELECT 'EVENT', EVENT_SCHEMA, EVENT_NAME FROM information_schema.EVENTS",
		"SELECT 'TRIGGER', TRIGGER_SCHEMA, TRIGGER_NAME FROM information_schema.TRIGGERS",
	} {
		rows, err := q.QueryContext(ctx, query)
		if err != nil {
			return fmt.Errorf("preflight: list routines, events and triggers: %w", err)
		}
		for rows.Next() {
			var kind, db, name string
			if err := rows.Scan(&kind, &db, &name); err != nil {
				rows.Close()
				return err
			}
			if !systemSchemas[strings.ToLower(db)] {
				p.objects[objectKey(strings.ToUpper(kind), db, name)] = true
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return nil
}

// observeObject returns the overwrite of an existing routine, event or trigger st drops,
// replaces or alters; it records the ones the dump creates.
func (p *Preflight) observeObject(st *split.Statement) *Overwrite {
	if st.Kind != split.KindRoutine || st.Table == "" || p.objects == nil {
		return nil
	}
	verb, kind, _ := strings.Cut(st.Verb, " ")
	switch kind {
	case "PROCEDURE", "FUNCTION", "EVENT", "TRIGGER":
	default:
		return nil
	}
	db := st.Database
	if db == "" {
		db = p.current
	}
	if systemSchemas[strings.ToLower(db)] {
		return nil // SystemCheck's
	}
	k := objectKey(kind, db, st.Table)
	existed := p.objects[k] && !p.createdObjects[k]
	if verb == "CREATE" {
		if w := sqlscan.DDLWords(st.SQL, 3, st.Syntax()); len(w) > 1 && strings.EqualFold(w[1], "OR") {
			verb = "CREATE OR REPLACE"
		}
	}
	hit := p.objectOverwrite(verb, kind, db, st.Table)
	switch verb {
	case "CREATE":
		p.createdObjects[k] = !existed // CREATE fails on an existing name: it replaces none
	case "CREATE OR REPLACE":
		p.createdObjects[k] = true
	case "DROP":
		delete(p.objects, k) // reported once: afterwards it no longer exists
	}
	ow := Overwrite{Action: verb + " " + kind, Database: db, Table: st.Table, Offset: st.Offset, Line: st.Line}
	if !hit || !p.report(ow) {
		return nil
	}
	return &ow
}

// objectOverwrite reports whether verb ("CREATE", "CREATE OR REPLACE", "DROP", "ALTER")
// of the routine, event or trigger of kind db.name drops, replaces or alters one the
// target held (not one the dump made since): the one judgement of the top level
// (observeObject) and of the statements inside code (the body reader's object:
// `EXECUTE IMMEDIATE 'DROP EVENT other.ev'`, TestReviewX25CodeMissesObjects).
// CREATE fails on an existing name and replaces none; CREATE OR REPLACE TRIGGER … ON is
// reported on its table (statementWrites).
func (p *Preflight) objectOverwrite(verb, kind, db, name string) bool {
	if systemSchemas[strings.ToLower(db)] {
		return false // SystemCheck's
	}
	switch verb {
	case "CREATE OR REPLACE":
		if kind == "TRIGGER" {
			return false
		}
	case "DROP", "ALTER":
	default:
		return false
	}
	k := objectKey(kind, db, name)
	return p.objects[k] && !p.createdObjects[k]
}
