package replay

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/transform"
	"github.com/dumpscope/dumpscope/internal/mysqlerr"
)

// StatementError is an SQL error or a refusal, naming where in the dump it happened.
type StatementError struct {
	Name   string
	Offset int64
	Line   int64
	Kind   split.Kind
	// What names the statement in the message (split.What: its verb or first word); the
	// kind when empty.
	What  string
	Table string
	// Code and SQLState are the server's; zero for refusals.
	Code     uint16
	SQLState string
	Message  string
	// Head is the first 200 bytes of the statement.
	Head string
	Err  error
}

func (e *StatementError) Error() string {
	var b strings.Builder
	what := e.What
	if what == "" {
		what = e.Kind.String()
	}
	b.WriteString(split.Position{Name: e.Name, Offset: e.Offset, Line: e.Line}.Statement(what, e.Table))
	if e.Code != 0 {
		fmt.Fprintf(&b, ": ERROR %d (%s): %s", e.Code, e.SQLState, e.Message)
	} else {
		fmt.Fprintf(&b, ": %s", e.Message)
	}
	if e.Head != "" {
		fmt.Fprintf(&b, ": %s", e.Head)
	}
	return b.String()
}

func (e *StatementError) Unwrap() error { return e.Err }

func (r *Replayer) refuse(st *split.Statement, msg string) *StatementError {
	return &StatementError{Name: r.opt.Name, Offset: st.Offset, Line: st.Line, Kind: st.Kind, What: split.What(st), Table: st.Table, Message: msg, Head: split.Head(st.SQL)}
}

// sqlError turns a server error into a StatementError; under Force it is recorded and
// swallowed. A lost connection always stops the replay: the session state (SET NAMES,
// sql_mode, USE, an open transaction) died with it.
func (r *Replayer) sqlError(st *split.Statement, q []byte, err error) error {
	se, server := r.statementError(st, q, err)
	if !server || !r.opt.Force || mysqlerr.ConnectionFatal(se.Code) {
		return se
	}
	if why := forceStops(r, st); why != "" { // forcetxn.go
		se.Message += why
		return se
	}
	return r.forgive(st, q, se)
}

// statementError turns err, st's, into a StatementError; server says it is the server's
// error (an SQL error --force may forgive), not a lost connection or the client's own.
func (r *Replayer) statementError(st *split.Statement, q []byte, err error) (se *StatementError, server bool) {
	se = &StatementError{Name: r.opt.Name, Offset: st.Offset, Line: st.Line, Kind: st.Kind, What: split.What(st), Table: st.Table, Head: split.Head(q), Err: err}
	var me *mysql.MySQLError
	switch {
	case errors.As(err, &me):
		se.Code, se.SQLState, se.Message = me.Number, string(me.SQLState[:]), me.Message
		if r.opt.Transform == nil || r.opt.Transform.Options().Compat == "" {
			se.Message += transform.CompatHint(q)
		}
		if me.Number == 1064 && st.EndOfInput {
			se.Message += " (the dump ends inside this statement, before its delimiter: is the file cut off?)"
		}
		return se, true
	case lostConnection(err):
		se.Message = "connection to the server lost (" + err.Error() + "); statements before this offset are committed as far as the server got"
	case errors.Is(err, context.Canceled):
		// A second Ctrl-C, the dashboard's abort, or a failed sampler: "context canceled"
		// told the operator nothing of what became of the statement.
		se.Message = "aborted while it ran: an InnoDB statement is rolled back, a MyISAM or Aria one may be half applied"
	default:
		se.Message = err.Error()
	}
	return se, false
}

// lostConnection says whether err is the connection's end, not an error the server
// answered with: the driver's words for it ("driver: bad connection", "invalid
// connection") are no error code and name no cause.
func lostConnection(err error) bool {
	return errors.Is(err, driver.ErrBadConn) || errors.Is(err, mysql.ErrInvalidConn) || errors.Is(err, io.EOF) || errors.Is(err, sql.ErrConnDone)
}

// mayBeAppliedKey marks the context of a resumed run's DDL (isDDL) in runBarrier: an
// error of it that may say it ran before the interrupted run ended (mayBeAppliedDDL) is
// returned by exec even under --force, for runBarrier to decide (forgive).
type mayBeAppliedKey struct{}

// statementErrorOf is exec's error for st's own failure err: sqlError's, or under a
// mayBeAppliedKey context, for an error that may say st had run, not forgiven yet.
func (r *Replayer) statementErrorOf(ctx context.Context, st *split.Statement, q []byte, err error) error {
	var me *mysql.MySQLError
	if ctx.Value(mayBeAppliedKey{}) == nil || !errors.As(err, &me) || !mayBeAppliedDDL(true, st, me.Number) {
		return r.sqlError(st, q, err)
	}
	se, _ := r.statementError(st, q, err)
	return se
}

// forgive records and swallows se, an SQL error of st, under --force.
func (r *Replayer) forgive(st *split.Statement, q []byte, se *StatementError) error {
	se.Err = nil
	st.Tolerated = true
	r.tolerate(se)
	if r.opt.Rejects != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		r.opt.Rejects.write(se, q, sessionState(ctx, r.conn))
		cancel()
	}
	return nil
}

// tolerate counts an SQL error that --force lets pass and lists the first ones. Parallel
// workers call it too.
func (r *Replayer) tolerate(se *StatementError) {
	r.errs.Add(1)
	r.listMu.Lock()
	defer r.listMu.Unlock()
	if len(r.result.ErrorList) < r.opt.MaxErrorsListed {
		r.result.ErrorList = append(r.result.ErrorList, se)
	}
}

// at gives an error of the dispatcher's own bookkeeping the dump's name and the position of
// the statement it was doing it for, unless it names a position already. A lost
// connection says so, as a statement's own does (statementError): a server stopped
// under a graceful stop ended seed 164241's run with "record the intent …: driver: bad
// connection" (x-triage, session 53).
func (p *ParallelReplayer) at(st *split.Statement, err error) error {
	var se *StatementError
	if errors.As(err, &se) {
		return err
	}
	if lostConnection(err) {
		return fmt.Errorf("%s: connection to the server lost (%w); statements before this offset are committed as far as the server got", split.Describe(p.opt.Name, st), err)
	}
	return fmt.Errorf("%s: %w", split.Describe(p.opt.Name, st), err)
}
