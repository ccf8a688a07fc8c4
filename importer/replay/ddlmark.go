package replay

import (
	"context"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// The marks of DDL about to be sent (checkpoint/sent.go): which statements get one, and
// the pre-state a DROP's mark records. runBarrier and lockState.begin write them; the
// resume's MayHaveRun reads them.

// marksSent reports whether st, a statement that commits on its own (DDL, or an account's
// CREATE/DROP), is one its sender marks before sending it, and so one whose missing mark
// on resume means "never sent". Not a TEMPORARY table's CREATE or DROP (through a wrapper
// too): it commits nothing, so inside the dump's transaction its mark would wait for the
// dump's COMMIT, and a kill before that lost the mark of a statement that had run. Nor a
// DROP … IF EXISTS, which never fails "already applied" (checkpoint.AlreadyApplied): its
// mark would be a commit for nothing, and mysqldump writes one before every CREATE TABLE.
// (A CREATE … IF NOT EXISTS is marked: its definition may still fail so, ERROR 1061 of a
// key named twice.)
func marksSent(pl *plan.Planner, st *split.Statement) bool {
	layers := layersOf(pl, st)
	in := layers[len(layers)-1]
	if in.TemporaryTableDDL() {
		return false
	}
	w := sqlscan.DDLWords(in.SQL, 3, in.Syntax())
	return len(w) < 3 || !strings.EqualFold(w[0], "DROP") || !strings.EqualFold(w[2], "IF")
}

// markSent writes st's mark on c, where it is about to be sent (checkpoint.MarkSent),
// with its pre-state (sentPreState). Nothing without a checkpoint, or for a statement
// marksSent leaves unmarked.
func (dp *dispatcher) markSent(ctx context.Context, c Conn, st *split.Statement) error {
	cp := dp.p.opt.Checkpoint
	if cp == nil || !marksSent(dp.planner, st) {
		return nil
	}
	if err := checkpoint.MarkSent(ctx, cp, c, st.Offset, dp.sentPreState(ctx, c, st)); err != nil {
		return dp.p.at(st, err)
	}
	return nil
}

// sentPreState is what st's mark says of the objects it names (checkpoint.PreState): for
// a DROP TABLE, VIEW, DATABASE, PROCEDURE, FUNCTION, TRIGGER or EVENT without IF EXISTS, whether
// every one it drops is there now, right before it is sent (nothing else sends DDL before
// it has run: it is a barrier), read from information_schema as the server resolves the
// name (its look-up of one schema and table folds the case as lower_case_table_names
// does; the other names compare case-insensitively, which can only find one the server
// would not, the allowance's side); for a CREATE, createPreState; for RENAME TABLE and
// DROP USER, renamePreState and dropUserPreState (ddlmark_names.go). PreUnknown for every
// other statement, for a RENAME after the dump made a TEMPORARY table (it may rename that), and for a DROP TABLE after the dump made a TEMPORARY table (which
// information_schema does not list here: a DROP TABLE of it, there, was read as a DROP
// of a missing table) or the read fails.
func (dp *dispatcher) sentPreState(ctx context.Context, c Conn, st *split.Statement) checkpoint.PreState {
	w := sqlscan.DDLWords(st.SQL, 3, st.Syntax())
	if len(w) >= 2 && strings.EqualFold(w[0], "CREATE") {
		return dp.createPreState(ctx, c, st)
	}
	if len(w) >= 2 && strings.EqualFold(w[0], "RENAME") && (strings.EqualFold(w[1], "TABLE") || strings.EqualFold(w[1], "TABLES")) {
		if dp.made.madeTemporary() {
			return checkpoint.PreUnknown
		}
		return renamePreState(ctx, c, st, dp.statementDB(st))
	}
	if len(w) >= 2 && strings.EqualFold(w[0], "DROP") && strings.EqualFold(w[1], "USER") {
		return dropUserPreState(ctx, c, st)
	}
	if len(w) < 3 || !strings.EqualFold(w[0], "DROP") || strings.EqualFold(w[2], "IF") {
		return checkpoint.PreUnknown
	}
	var q string
	var names [][]any
	switch strings.ToUpper(w[1]) {
	case "TABLE", "VIEW":
		if st.Verb != "DROP "+strings.ToUpper(w[1]) || dp.made.madeTemporary() {
			return checkpoint.PreUnknown
		}
		keys, ok := st.NamedTables(dp.statementDB(st))
		if !ok {
			return checkpoint.PreUnknown
		}
		for _, k := range keys {
			db, table := sqlscan.TableKey(k).Names()
			names = append(names, []any{db, table})
		}
		q = "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?"
	case "DATABASE", "SCHEMA":
		l := st.Tokens()
		if !l.Next().Is("DROP") || !l.Next().Is(w[1]) {
			return checkpoint.PreUnknown // inside an executable comment
		}
		t := l.Next()
		if !t.IsName() {
			return checkpoint.PreUnknown
		}
		names = [][]any{{string(t.Ident(st.SQL))}}
		q = "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?"
	case "FUNCTION":
		// DROP FUNCTION also drops a loadable function (mysql.func), which
		// information_schema.ROUTINES does not list: either one there is "held" (its name
		// read case-insensitively, toward the allowance); a read of mysql.func the account
		// may not make leaves PreUnknown (x-review28: TestReviewX28MarkedNotSentUnknown's
		// DROP FUNCTION of a missing one, taken for one that ran).
		if st.Verb != "DROP FUNCTION" || st.Table == "" {
			return checkpoint.PreUnknown
		}
		names = [][]any{{dp.statementDB(st), st.Table, st.Table}}
		q = "SELECT (SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ? AND ROUTINE_NAME = ? AND ROUTINE_TYPE = 'FUNCTION') + (SELECT COUNT(*) FROM mysql.func WHERE LOWER(name) = LOWER(?))"
	case "PROCEDURE", "TRIGGER", "EVENT":
		if st.Verb != "DROP "+strings.ToUpper(w[1]) || st.Table == "" {
			return checkpoint.PreUnknown
		}
		names = [][]any{{dp.statementDB(st), st.Table}}
		q = map[string]string{
			"PROCEDURE": "SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ? AND ROUTINE_NAME = ? AND ROUTINE_TYPE = 'PROCEDURE'",
			"TRIGGER":   "SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ? AND TRIGGER_NAME = ?",
			"EVENT":     "SELECT COUNT(*) FROM information_schema.EVENTS WHERE EVENT_SCHEMA = ? AND EVENT_NAME = ?",
		}[strings.ToUpper(w[1])]
	default:
		return checkpoint.PreUnknown
	}
	for _, args := range names {
		var n int
		if err := c.QueryRowContext(ctx, q, args...).Scan(&n); err != nil {
			return checkpoint.PreUnknown
		}
		if n == 0 {
			return checkpoint.PreNotHeld
		}
	}
	return checkpoint.PreHeld
}

// createPreState is sentPreState for a CREATE: PreHeld when what it creates is not there
// (its "already exists" on resume can only mean it ran), PreNotHeld when it is (it fails
// wherever it is sent: the dump's own error, which the client stops at; x-review28's
// TestReviewX28MarkedNotSentUnknown: a kill between the mark and the send left '?', and
// the resume took the dump's own ERROR 1050 for a CREATE that had run). The statement's
// kind and name are read past its head by the one head reader (sqlscan.ObjectHead, the
// preflight's too), so mysqldump's `/*!50003 CREATE*/ /*!50017 DEFINER=…*/ /*!50003
// TRIGGER` is a trigger here as there. A table or view is looked up by the server itself
// (SHOW CREATE TABLE: ERROR 1146 when there is none, tableThere), which resolves the name
// as the CREATE does, case and all; a procedure, function or event in
// information_schema.ROUTINES/EVENTS, whose names the server compares case-insensitively
// as the read does; an index's key name in information_schema.STATISTICS; a trigger's
// name in its schema in information_schema.TRIGGERS, byte for byte (trigger names are
// case-sensitive where table names are: TR1 and tr1 live side by side on a server with
// lower_case_table_names=0, checked on 10.11, while the view's read is case-insensitive;
// where the server folds them, an exact read misses and keeps the allowance). PreUnknown
// (the allowance) for the rest: a TEMPORARY table made before (it would shadow the name),
// OR REPLACE and IF NOT EXISTS (never "already exists"), accounts, or a failed read. A
// view with mysqldump's head (ALGORITHM, DEFINER or SQL SECURITY between CREATE and VIEW)
// is read as any view: mysqldump drops its stand-in right before, so a view there at the
// mark is one the client's CREATE fails on too (x-review29's TestReviewX29MarkedNotSentForms:
// the allowance took that ERROR 1050 for "it ran").
func (dp *dispatcher) createPreState(ctx context.Context, c Conn, st *split.Statement) checkpoint.PreState {
	l := st.Tokens()
	if !l.Next().Is("CREATE") {
		return checkpoint.PreUnknown
	}
	object, replace, temporary := sqlscan.ObjectHead(&l)
	if replace || temporary || object.Kind != sqlscan.Word {
		return checkpoint.PreUnknown
	}
	nameTok := l.Next()
	if nameTok.Is("IF") {
		return checkpoint.PreUnknown
	}
	d, name := l.Name(nameTok)
	if name == "" {
		return checkpoint.PreUnknown
	}
	if d == "" {
		d = dp.statementDB(st)
	}
	var q string
	var args []any
	switch kind := strings.ToUpper(object.Text); kind {
	case "TABLE", "VIEW":
		if dp.made.madeTemporary() || d == "" {
			return checkpoint.PreUnknown
		}
		switch there, ok := tableThere(ctx, c, d, name); {
		case !ok:
			return checkpoint.PreUnknown
		case there:
			return checkpoint.PreNotHeld
		}
		return checkpoint.PreHeld
	case "PROCEDURE", "FUNCTION":
		q, args = "SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ? AND ROUTINE_NAME = ? AND ROUTINE_TYPE = ?", []any{d, name, kind}
	case "EVENT":
		q, args = "SELECT COUNT(*) FROM information_schema.EVENTS WHERE EVENT_SCHEMA = ? AND EVENT_NAME = ?", []any{d, name}
	case "TRIGGER":
		// The trigger's schema is its qualifier's or the default database (the table's
		// must be the same: ERROR 1435 otherwise). The plain comparisons let the server
		// look the schema up; the BINARY ones make the read exact.
		q, args = "SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ? AND TRIGGER_NAME = ? AND BINARY TRIGGER_SCHEMA = ? AND BINARY TRIGGER_NAME = ?", []any{d, name, d, name}
	case "INDEX":
		// CREATE [UNIQUE|FULLTEXT|SPATIAL] INDEX name … ON table: the key name on the
		// table (index names compare case-insensitively, as the read does).
		if dp.made.madeTemporary() {
			return checkpoint.PreUnknown
		}
		for t := l.Next(); t.Kind != sqlscan.EOF && !t.Is("ON"); t = l.Next() {
		}
		td, table := l.Name(l.Next())
		if table == "" {
			return checkpoint.PreUnknown
		}
		if td == "" {
			td = dp.statementDB(st)
		}
		q, args = "SELECT COUNT(*) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND INDEX_NAME = ?", []any{td, table, nameTok.Text}
	default:
		return checkpoint.PreUnknown
	}
	if d == "" {
		return checkpoint.PreUnknown
	}
	return countPreState(ctx, c, q, args)
}

// countPreState is a CREATE's pre-state from q, a count of the objects of its name:
// PreNotHeld when there is one, PreHeld when none, PreUnknown when the read fails.
func countPreState(ctx context.Context, c Conn, q string, args []any) checkpoint.PreState {
	var n int
	if err := c.QueryRowContext(ctx, q, args...).Scan(&n); err != nil {
		return checkpoint.PreUnknown
	}
	if n > 0 {
		return checkpoint.PreNotHeld
	}
	return checkpoint.PreHeld
}
