package replay

import (
	"bytes"
	"fmt"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/split"
)

// The mariadb client splits the dump by the server's status flags, not by the session's
// sql_mode: add_line() in client/mysql.cc reads `mysql.server_status &
// SERVER_STATUS_NO_BACKSLASH_ESCAPES` (and SERVER_STATUS_ANSI_QUOTES), which the library
// takes from the last OK or EOF packet of each reply. The server sets those bits only
// when a SET assigns the session's sql_mode (fix_sql_mode in sql/sys_vars.cc), also
// inside a stored procedure, function or trigger; the routine's end puts sql_mode back
// but not the bits. So after `CALL p()` whose body sets sql_mode = 'NO_ENGINE_
// SUBSTITUTION', in a session under NO_BACKSLASH_ESCAPES, the server still reads strings
// without backslash escapes and the client splits the next statements with them (difffuzz
// seed 57262: ERROR 1064 under the client, where dumpscope, following sql_mode, split
// without and succeeded). The replay follows the bits the way the client does, from the
// packets of its own connection (PacketWatch.status), around each dump statement that
// runs there: the serial replay's connection, the parallel replay's control connection
// (the CALLs, and everything once a routine that sets session variables may run).

// The status bits the client's splitter reads.
const (
	statusNoBackslashEscapes = 0x0200 // SERVER_STATUS_NO_BACKSLASH_ESCAPES
	statusANSIQuotes         = 0x8000 // SERVER_STATUS_ANSI_QUOTES (MariaDB)
)

// wireStatus is the status of the last OK or EOF packet a PacketWatch read, and how many
// it has read.
type wireStatus struct {
	status uint16
	ends   uint64
}

// statusNow is the status of the last OK or EOF packet read.
func (w *PacketWatch) statusNow() wireStatus {
	w.mu.Lock()
	defer w.mu.Unlock()
	return wireStatus{status: w.status, ends: w.statusEnds}
}

// statusQuoting is what the replay learned of the client's quoting flags from the reply
// to the statement it just sent.
type statusQuoting struct {
	known     bool // the reply ended with an OK or EOF packet (an ERR leaves the client's flags)
	nbe, ansi bool // the bits that packet carried
	changed   uint16
}

// armStatus makes the watch read the next reply where nothing armed it (the parallel
// replay's control connection, whose warnings are not counted from the wire): only its
// status is used then. The replies to the replay's own statements stay unread, so the
// status is that of the dump's last statement: a SET sql_mode of the replay's own
// (checkpoint's definitionDigest, around an ALTER TABLE's intent) that set again the bit
// a routine had left is seen at the dump's next statement as its change.
func (w *PacketWatch) armStatus() {
	w.mu.Lock()
	if w.state == stIdle {
		w.state = stFirst
	}
	w.mu.Unlock()
}

// quotingBefore is the status on c before a dump statement is sent there; ok is false
// where the replay cannot read it (another connection, or no watch: the driver's own TLS,
// compression).
func (r *Replayer) quotingBefore(c Conn) (wireStatus, bool) {
	if r.quoteWire == nil || c != r.conn {
		return wireStatus{}, false
	}
	r.quoteWire.armStatus()
	return r.quoteWire.statusNow(), true
}

// quotingAfter reads the reply's status against before (quotingBefore), at once after the
// statement returned, before any statement of the replay's own.
func (r *Replayer) quotingAfter(before wireStatus, ok bool) statusQuoting {
	if !ok {
		return statusQuoting{}
	}
	after := r.quoteWire.statusNow()
	if after.ends == before.ends {
		return statusQuoting{}
	}
	if before.ends == 0 {
		// The first reply read on the connection: the bits before it are the session's
		// sql_mode's, not none. A target whose global sql_mode has NO_BACKSLASH_ESCAPES
		// or ANSI_QUOTES had its first statement taken for one that turned the flag on,
		// and the first statement with a backslash refused (x-fix79,
		// TestXFix79ReadAheadGlobalQuoting). A server that never sets the ANSI_QUOTES bit
		// (MySQL) leaves it to the mode.
		before.status = r.sessionQuoting
		if after.status&statusANSIQuotes == 0 {
			before.status &^= statusANSIQuotes
		}
	}
	return statusQuoting{
		known:   true,
		nbe:     after.status&statusNoBackslashEscapes != 0,
		ansi:    after.status&statusANSIQuotes != 0,
		changed: (after.status ^ before.status) & (statusNoBackslashEscapes | statusANSIQuotes),
	}
}

// followQuoting gives the splitter the flags the client splits the next statement by,
// after st: the bits that changed in its reply (a routine's SET sql_mode), and, after a
// SET of sql_mode itself, NO_BACKSLASH_ESCAPES as the reply has it (afterSession has set
// both from the mode; ANSI_QUOTES stays the mode's there: a server that never sets its
// bit, MySQL, leaves it to the mode as before).
func (r *Replayer) followQuoting(st *split.Statement, q statusQuoting) {
	if !q.known {
		return
	}
	if q.changed&statusNoBackslashEscapes != 0 || split.TouchesSQLMode(*st) {
		r.split.SetNoBackslashEscapes(q.nbe)
	}
	if q.changed&statusANSIQuotes != 0 {
		r.split.SetANSIQuotes(q.ansi)
	}
}

// quoteDivergence is a change of the client's quoting flags in a resumable run that a
// resume could not follow (unresumableQuoting): where, and which bit.
type quoteDivergence struct {
	line int64
	what string
	bit  string
	on   bool
}

// noteUnresumableQuoting, after st, remembers a change of the flags the client splits by
// that a resume could not follow: st changed them (a routine's SET sql_mode) and a resume
// would not send it again (rerun false: not a session statement, plan.Plan.Session, nor
// one that lives in the connection, Volatile), so it would skip it and split what follows
// with the flags the statements it sends again leave. A session statement that sets
// sql_mode, which a resume sends again, makes the flags follow the mode again. It returns
// the change it noted, for the journal (journalQuoting), or nil.
func (r *Replayer) noteUnresumableQuoting(st *split.Statement, rerun bool) *quoteDivergence {
	q := r.quoting
	switch {
	case !r.opt.Resumable || !q.known:
	case rerun && split.TouchesSQLMode(*st):
		r.diverged = nil
	case q.changed != 0 && !rerun:
		r.diverged = divergenceOf(st, q)
		return r.diverged
	}
	return nil
}

// divergenceOf is the change of the quoting flags q, st's reply, says st made.
func divergenceOf(st *split.Statement, q statusQuoting) *quoteDivergence {
	d := &quoteDivergence{line: st.Line, what: split.What(st), bit: "NO_BACKSLASH_ESCAPES", on: q.nbe}
	if q.changed&statusNoBackslashEscapes == 0 {
		d.bit, d.on = "ANSI_QUOTES", q.ansi
	}
	return d
}

// journalQuotingNow journals, right after st's reply is read and before anything of the
// replay's own (st's progress row: a kill after it and before the dispatcher's
// journalQuoting lost the change), a change of the quoting flags st made, where st is not
// one a resume sends again (quoteRerun, set by the dispatcher as st is planned). The
// dispatcher's noteUnresumableQuoting finds it journaled. A function: Replayer is at its
// limit of methods.
func journalQuotingNow(r *Replayer, st *split.Statement) error {
	q := r.quoting
	if r.quoteJournal == nil || r.quoteRerun || !r.opt.Resumable || !q.known || q.changed == 0 {
		return nil
	}
	if err := journalQuoting(r.quoteJournal, st, divergenceOf(st, q)); err != nil {
		return fmt.Errorf("%s: %w", split.Describe(r.opt.Name, st), err)
	}
	return nil
}

// journalQuoting writes d, the change of the quoting flags st made (noteUnresumableQuoting),
// to the checkpoint journal at once: the reply it was read from is this attempt's alone,
// and a resume that skips st as committed reads none. Kept in memory only, a stop between
// st and the statement the flag decides lost it (TestReviewX15QuotingFlagLostOverStop).
func journalQuoting(cp *checkpoint.Run, st *split.Statement, d *quoteDivergence) error {
	if d == nil {
		return nil
	}
	f := checkpoint.QuotingFlag{Offset: st.Offset, Line: d.line, What: d.what, Bit: d.bit, On: d.on}
	if err := checkpoint.RecordQuotingFlag(cp, f); err != nil {
		return fmt.Errorf("journal the quoting flag it left (%s %v): %w", d.bit, d.on, err)
	}
	return nil
}

// resumedQuoting, on a resume, brings back the change of the quoting flags an earlier
// attempt journaled for st (journalQuoting) when st is skipped as committed (skipped: not
// sent again; one sent again reads its own reply): the statements after it are refused
// by unresumableQuoting as they were in the attempt that ran it, in stream order, until a
// session statement the resume sends again sets sql_mode (noteUnresumableQuoting).
func resumedQuoting(r *Replayer, cp *checkpoint.Run, st *split.Statement, skipped bool) {
	if !skipped {
		return
	}
	if f, ok := checkpoint.QuotingFlagAt(cp, st.Offset); ok {
		r.diverged = &quoteDivergence{line: f.Line, what: f.What, bit: f.Bit, on: f.On}
	}
}

// unresumableQuoting refuses st, before it runs, where the flags the client splits by
// changed in a way a resume could not follow (noteUnresumableQuoting) and st holds a
// backslash: only there do the flags decide where a statement ends (a backslash inside
// quotes escapes under one and not under the other). A dump with none after the change
// imports; the statement that changed them has run, this one has not.
func (r *Replayer) unresumableQuoting(st *split.Statement) error {
	d := r.diverged
	if d == nil || bytes.IndexByte(st.Raw, '\\') < 0 {
		return nil
	}
	state := "off"
	if d.on {
		state = "on"
	}
	se := r.refuse(st, fmt.Sprintf("the %s at line %d turned the server's %s status flag %s without a SET of the session's sql_mode (a routine's SET sql_mode: the routine's end puts sql_mode back, not the flag); the mariadb client splits this statement's backslashes by that flag, which a resume, skipping line %d, could not; import this dump without --parallel, --checkpoint, --load-data and --defer-indexes: the serial replay follows the flag", d.what, d.line, d.bit, state, d.line))
	se.Err = ErrSerialOnly
	return se
}
