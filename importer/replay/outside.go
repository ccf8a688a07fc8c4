package replay

import (
	"context"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// Code run outside a transaction of dumpscope's own (x-fuzz8 finding A, x-fix82).
//
// runBarrier ran a statement with its progress row in one transaction: START
// TRANSACTION, the statement, the progress row, COMMIT. For one statement that is what
// the client's autocommit gives. Code runs several: a top-level block (BEGIN NOT ATOMIC
// … END, IF … END IF), a CALL, an EXECUTE of one. The client commits each of its
// statements on its own; inside one transaction, under mysqldump's unique_checks=0 and
// foreign_key_checks=0, InnoDB takes the bulk path for the transaction's first insert
// into an empty table (bulkpath.go), and a later statement of the code that meets a
// duplicate key (INSERT IGNORE, REPLACE, ON DUPLICATE KEY UPDATE, an INSERT whose error
// a CONTINUE HANDLER takes) made it keep none of the bulk rows: `BEGIN NOT ATOMIC INSERT
// INTO g (v) VALUES (7); INSERT IGNORE INTO r VALUES (1); END` into an empty g left g
// empty where the client keeps the row (MariaDB 10.11; TestXFuzz8BlockBulkPathIgnore,
// TestXFix82CodeBulkPath). A write to another table earlier in the transaction does not
// keep InnoDB off the path, so no statement of dumpscope's can stand before it.
//
// So where the bulk path may be taken (checksOff: the dump's session may have either
// check off) such code runs in autocommit, as the client's does, journaled like a write
// of a non-transactional table whose part nobody can checksum: an intent before it
// (checkpoint.BeginOutsideIntent), its progress row after it (in a transaction of its
// own, with its user variables and the intent's removal). Killed between the two, the
// resume cannot tell how much of it committed and refuses by name ("may be half
// applied"); --resume-applied takes it for run.

// checkState is what the dispatcher knows of one of the dump's session checks
// (unique_checks, foreign_key_checks) on the client's connection: the zero value is
// on, a new session's default.
type checkState uint8

const (
	checkOn checkState = iota
	checkOff
	checkUnknown // set from an expression, DEFAULT, GLOBAL, or inside code or a wrapper
)

// sessionChecks follows unique_checks and foreign_key_checks as the dump sets them, in
// stream order (noteChecks, from the dispatcher): InnoDB's bulk path needs both off.
type sessionChecks struct{ unique, foreign checkState }

// mayBeOff reports whether both checks may be off: the bulk path may be taken.
func (s sessionChecks) mayBeOff() bool {
	return s.unique != checkOn && s.foreign != checkOn
}

// noteChecks follows st, a statement of the dump about to be planned: a plain SET of
// either check to a literal gives its value; any other assignment (SET UNIQUE_CHECKS =
// @OLD_UNIQUE_CHECKS, DEFAULT, a GLOBAL) makes it unknown; a statement of another kind
// that names either (a block, a procedure's body, SET STATEMENT … FOR, a PREPARE) makes
// both unknown for the rest of the run unless a plain SET of a literal comes. Unknown
// counts as off: runsOutside's path is exact either way, and only refuses a resume more.
func (s *sessionChecks) noteChecks(st *split.Statement) {
	if st.Kind == split.KindClient || len(st.SQL) == 0 {
		return
	}
	names := sqlscan.ContainsFoldASCII(st.SQL, "unique_checks") || sqlscan.ContainsFoldASCII(st.SQL, "foreign_key_checks")
	if !names {
		return
	}
	if st.Kind != split.KindSession {
		s.unique, s.foreign = checkUnknown, checkUnknown
		return
	}
	found := false
	for _, a := range plan.ParseSet(st.SQL, st.Syntax()) {
		var to *checkState
		switch a.Name {
		case "unique_checks":
			to = &s.unique
		case "foreign_key_checks":
			to = &s.foreign
		default:
			continue
		}
		found = true
		switch v := strings.ToUpper(strings.Trim(a.Value, "'\" ")); {
		case a.Global:
			*to = checkUnknown // the session's stays, but a later DEFAULT reads it
		case v == "0" || v == "OFF" || v == "FALSE":
			*to = checkOff
		case v == "1" || v == "ON" || v == "TRUE":
			*to = checkOn
		default:
			*to = checkUnknown
		}
	}
	if !found { // named where the SET's reading cannot place it
		s.unique, s.foreign = checkUnknown, checkUnknown
	}
}

// runsOutside reports whether st, about to run as a barrier with progress rows, is code
// (runsCode) that runs outside a transaction of dumpscope's own: when the dump's session
// may have both checks off (sessionChecks), in autocommit outside the dump's transaction
// (the client's statements each commit on their own there). In stream order only: the
// dispatcher's state; a barrier item carries it (barrierItem.outside).
func runsOutside(dp *dispatcher, st *split.Statement) bool {
	if !dp.checks.mayBeOff() || !plan.AutocommitOn(dp.planner) || dp.planner.InTransaction() {
		return false
	}
	in := innermost(dp.p, st)
	if in == nil {
		// An EXECUTE whose statement is not known counts as code.
		return runsCode(st)
	}
	return runsCode(in)
}

// runsCode reports whether st may run several statements of the server's: a top-level
// compound statement, a CALL, an EXECUTE (wrappers read through by the caller: an
// EXECUTE of a prepared INSERT is one statement, as the client's).
func runsCode(st *split.Statement) bool {
	return plan.CompoundStatement(st) || mayRunCode(st)
}

// beginOutsideIntent records the intent of st, code about to run outside a transaction
// (runsOutside), on c: committed at once, before it. A statement that reads the
// diagnostics area of the one before it is refused by name on the control connection:
// the intent's write would empty that area (refuseIntentBeforeReader's reason).
func beginOutsideIntent(ctx context.Context, p *ParallelReplayer, c Conn, st *split.Statement, end int64, digest string) (bool, error) {
	if c == p.control && p.disp.planner.ReadsDiagnostics(st) {
		se := p.serial.refuse(st, "it is code that reads the diagnostics area (warnings, errors, row count) of the statement before it, and runs outside a transaction (unique_checks and foreign_key_checks may be off: InnoDB's bulk insert would change what it does inside one), after the record of its intent that --resume needs, which would empty that area; "+
			"import this dump without --parallel, --checkpoint, --load-data and --defer-indexes: the serial replay sends only the client's statements")
		se.Err = ErrSerialOnly
		return false, se
	}
	in := checkpoint.Intent{Start: st.Offset, End: end, Statement: split.Describe(p.opt.Name, st), Digest: digest}
	ok, err := checkpoint.BeginOutsideIntent(ctx, p.opt.Checkpoint, c, in)
	if err != nil {
		return false, p.at(st, fmt.Errorf("record the intent of code run outside a transaction: %w", err))
	}
	return ok, nil
}
