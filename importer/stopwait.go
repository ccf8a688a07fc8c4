package importer

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/dumpscope/dumpscope/internal/dbconn"
	"github.com/go-sql-driver/mysql"
)

// stopWaitEvery is how often a graceful stop that is still waiting for the statement in
// flight says so. A first Ctrl-C or SIGTERM finishes that statement rather than cutting it
// (a MyISAM statement cut halfway is half applied); when the statement waits for a lock
// another session holds, or builds an index for minutes, the import used to print one line
// ("stopping after the statement in flight") and then nothing for as long as it took.
var stopWaitEvery = 15 * time.Second

// defaultStopAbortHint is how a stop's statement is aborted without the dashboard.
const defaultStopAbortHint = "press Ctrl-C again (or send the signal again)"

// stopWaitSessions is how many of the server's longest-running statements the line names.
const stopWaitSessions = 3

// watchStopWait, once stop is closed, says every stopWaitEvery until end is called (more
// than once is fine) what the stop waits for: the table the replay is at (table, "" before
// the replay) and, from the server's processlist, the
// import account's statements that have run longest, with their state (e.g. "Waiting for
// table metadata lock"). It reads the processlist on a connection of its own, opened only
// when there is something to say; when that fails the line says so and goes on without.
// note, when set, gets the same news without the prefix and the advice (the dashboard).
// abortHint is how the operator aborts the statement (Options.StopAbortHint).
func watchStopWait(ctx context.Context, stop <-chan struct{}, cfg *mysql.Config, table func() string, log io.Writer, note func(what string), abortHint string) (end func()) {
	if stop == nil {
		return func() {}
	}
	if abortHint == "" {
		abortHint = defaultStopAbortHint
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	var once sync.Once
	go func() {
		defer close(finished)
		select {
		case <-stop:
		case <-done:
			return
		}
		asked := time.Now()
		tick := time.NewTicker(stopWaitEvery)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			what := fmt.Sprintf("still waiting for the statement in flight to end, %d s after the stop was asked", int(time.Since(asked).Seconds()))
			if t := table(); t != "" {
				what += " (at " + t + ")"
			}
			what += serverStatements(ctx, cfg)
			if note != nil {
				note(what)
			}
			fmt.Fprintln(log, "dumpscope: stopping: "+what+"; "+abortHint+" to abort it: an InnoDB statement is rolled back, a MyISAM or Aria one may stay half applied")
		}
	}()
	return func() {
		once.Do(func() { close(done) })
		<-finished
	}
}

// serverStatements is "; on the server: session 12 (41 s, Waiting for table metadata lock:
// INSERT INTO …), …" for the import account's running statements, longest first; "; the server's processlist cannot be read: …" when it cannot.
func serverStatements(ctx context.Context, cfg *mysql.Config) string {
	qctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	db, c, err := dbconn.OpenConn(qctx, cfg)
	if err != nil {
		return "; the server's processlist cannot be read: " + oneLine(err.Error())
	}
	defer db.Close()
	defer c.Close()
	rows, err := c.QueryContext(qctx, "SELECT ID, TIME, COALESCE(STATE, ''), COALESCE(LEFT(INFO, 80), '') FROM information_schema.PROCESSLIST "+
		"WHERE ID <> CONNECTION_ID() AND USER = ? AND COMMAND IN ('Query', 'Execute') ORDER BY TIME DESC, ID LIMIT ?", cfg.User, stopWaitSessions)
	if err != nil {
		return "; the server's processlist cannot be read: " + oneLine(err.Error())
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id, secs int64
		var state, info string
		if err := rows.Scan(&id, &secs, &state, &info); err != nil {
			return "; the server's processlist cannot be read: " + oneLine(err.Error())
		}
		s := fmt.Sprintf("session %d (%d s", id, secs)
		if state != "" {
			s += ", " + state
		}
		if info = oneLine(info); info != "" {
			s += ": " + info
		}
		out = append(out, s+")")
	}
	if rows.Err() != nil {
		return "; the server's processlist cannot be read: " + oneLine(rows.Err().Error())
	}
	if len(out) == 0 {
		return "; the server shows no statement of the import running"
	}
	return "; on the server: " + strings.Join(out, ", ")
}

// oneLine folds s's runs of white space (a statement's newlines) into single spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
