package replay

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/dumpscope/dumpscope/importer/checkpoint"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/transform"
	"github.com/dumpscope/dumpscope/internal/maxpacket"
)

// Conn is what the replayers, preflight and checkpoints need from a pinned connection;
// *sql.Conn satisfies it. A *sql.DB would not do: its pool may run the next statement on
// a fresh connection that never saw the dump's SET NAMES, sql_mode or USE.
type Conn = checkpoint.Conn

// ReplayOptions control what the serial replayer does with each statement.
type ReplayOptions struct {
	// Name names the dump in errors (file name or "stdin").
	Name string
	// Force continues after SQL errors, counting and listing them (the client's --force).
	Force bool
	// LocalInfile permits LOAD DATA LOCAL INFILE; without it the statement is refused,
	// because a dump is untrusted input and the statement reads the client machine's files.
	LocalInfile bool
	// StripDefiners removes DEFINER=user@host clauses from views, triggers, routines and
	// events, so they are created by (and run as) the importing user.
	StripDefiners bool
	// SkipWarningCount turns warning counting off: it saves the SHOW WARNINGS after a
	// statement that raised any, and under the parallel replay the `SELECT
	// @@warning_count` after each statement.
	SkipWarningCount bool
	// MaxErrorsListed bounds how many SQL errors the result keeps under Force (0: 100).
	MaxErrorsListed int
	// OnStatement, when set, is called before each statement is sent (e.g. by the
	// preflight that checks what a stdin dump overwrites). A non-nil error stops the
	// import before the statement runs.
	OnStatement func(ctx context.Context, st *split.Statement) error
	// Judge, when set, is OnStatement called before it, but on a text of several
	// statements (split.ServerParts) whole, before any part runs (multistmt.go textJudge).
	Judge func(ctx context.Context, st *split.Statement) error
	// Stop, when closed, ends the replay before the next statement with ErrStopped: the
	// graceful first Ctrl-C. The statement in flight finishes; nothing is rolled back.
	Stop <-chan struct{}
	// Transform, when set, filters and rewrites the statements between the splitter and
	// the replay (importer/transform); both replayers pull from it. Skipped statements count as
	// consumed bytes.
	Transform *transform.Transform
	// Rejects, under Force, receives each failed statement whole (rejects.go); serial
	// replays only (a parallel batch's rows do not reach it).
	Rejects *Rejects
	// Resumable says a checkpoint journal lets the import be resumed (messages say
	// "resume" only then).
	Resumable bool
	// CheckParallel follows the statements with the planner (parallel_check.go), so that
	// Progress says whether the dump could run in parallel exactly.
	CheckParallel bool

	TablesTotal int // Progress.TablesTotal, from the preflight scan
	// InWorker, when set, is called by a parallel worker before each entry it runs: the
	// tests' way to make one panic.
	InWorker func()
	// AfterDDL, when set, is called once a statement run with progress rows as a barrier
	// (a DDL, or DML in the transaction of its progress row) has returned, before its
	// progress row: an error it returns ends the import there, the tests' way to stop
	// between the two as a kill would.
	AfterDDL func(*split.Statement) error
	// AfterMark, when set, is called where a statement that left an intent of a
	// non-transactional write has been marked run (or found not to need the mark,
	// markRan), before its progress row: an error it returns ends the import there, the
	// tests' way to kill between the marker and the commit.
	AfterMark func(*split.Statement) error
	// BeforeIndexBuild, when set, is called as held-back indexes start to be built (the
	// build counted in the progress): the tests' way to read the progress then.
	BeforeIndexBuild func()
	// Wire, when set, reads the warning counts of the replay's own connection from the
	// server's packets (okpacket.go), so that counting them sends nothing between the
	// dump's statements.
	Wire *PacketWatch
	// Wires, when set and Wire is not, gives the watch of the replay's own connection
	// (the parallel replay's control connection), from whose packets the replay reads
	// the status flags the client splits by (quoting.go).
	Wires *WireWatch
}

// rerunHint is how to go on after fixing what stopped the import.
func (o ReplayOptions) rerunHint() string {
	if o.Resumable {
		return "resume with the command printed below"
	}
	return "import again (into an empty target, or with --overwrite)"
}

// ErrStopped is returned by Run when ReplayOptions.Stop was closed.
var ErrStopped = errors.New("import stopped on request")

// Progress is a consistent-enough snapshot of the replay, safe to read from another
// goroutine while the import runs.
type Progress struct {
	// Bytes is uncompressed dump bytes consumed (up to the end of the last statement sent).
	Bytes      int64
	Statements int64 // statements executed (sent to the server)
	Rows       int64 // row tuples in executed INSERT/REPLACE statements
	Commits    int64 // statements that ended a transaction (autocommit statements, COMMIT, DDL)
	Errors     int64 // SQL errors tolerated under Force
	Warnings   int64 // server warnings (not notes) raised by the dump's statements
	Table      string
	// PendingBytes is SQL a parallel replay has read past Bytes' share but not yet
	// committed: queued in memory or in the spool, or in flight. Bytes − PendingBytes is
	// what was applied; progress and ETA count that, not what was read ahead.
	PendingBytes int64
	// SpooledBytes is the SQL a parallel replay has written to its read-ahead spool so
	// far (ParallelOptions.SpoolBytes): read beyond memory to place a worker (budget.go).
	SpooledBytes int64
	// Phase is what the import does now (PhaseLoading, PhaseIndexes, PhaseVerifying).
	Phase string
	// TablesDone counts tables whose rows are complete (progress_tables.go) of
	// TablesTotal, the tables the dump inserts into (0: unknown, no preflight scan).
	TablesDone, TablesTotal int
	// ParallelChecked: a serial replay follows its statements with the planner
	// (ReplayOptions.CheckParallel); SerialReason is then the planner's first reason to
	// run the dump on one connection, "" while it could run in parallel exactly.
	ParallelChecked bool
	SerialReason    string
	Indexes         *IndexFacts // the CREATE TABLEs' secondary indexes so far (indexfacts.go); nil before the first
}

// TableCount is the rows the dump carried for one table.
type TableCount struct {
	Database string
	Table    string
	Rows     int64
}

// ReplayResult is what a finished (or failed) replay knows.
type ReplayResult struct {
	Progress
	// DispatchedThrough is, for a parallel replay, the offset of the last dump statement
	// the dispatcher sent (-1: none): no statement after it ran in this attempt, which a
	// resume uses to tell the dump's own DDL error from a DDL that ran unrecorded
	// (checkpoint.RecordEnd).
	DispatchedThrough int64
	// Errors lists tolerated SQL errors under Force (at most MaxErrorsListed).
	ErrorList []*StatementError
	// WarningList holds the first server warnings (not notes), with their positions.
	WarningList []ServerWarning
	// Tables are the tables that received INSERT/REPLACE rows, in first-seen order.
	Tables []TableCount
	// Early are the COUNT(*)s a parallel replay took of tables done before its end, under
	// ParallelOptions.EarlyRowCounts (nil: none): the row check need not count them again.
	Early *EarlyCounts
	// LargestStatementBytes is the largest SQL sent.
	LargestStatementBytes int64
	// LoadData is what --load-data did (nil without it).
	LoadData *LoadDataStats
	// BinaryNames counts the row batches a parallel replay's workers ran under binary
	// names, where the server parses literals more cheaply (binarynames.go).
	BinaryNames int64
	// SentBytes, when beyond Progress.Bytes, is how far a parallel replay had sent the
	// stream when a statement at Progress.Bytes failed: what lies between ran on other
	// connections or not, as its progress rows record.
	SentBytes int64
}

// Replayer replays a split dump on one connection, in order, exactly as the mariadb client
// would: each statement's SQL as one COM_QUERY.
type Replayer struct {
	conn  Conn
	split transform.StatementSource
	opt   ReplayOptions

	maxPacketBytes int64 // server's max_allowed_packet
	database       string
	// ownTransactions: the parallel replay adds transactions of its own (forcetxn.go).
	ownTransactions bool

	bytes, statements, rows, commits, errs, warnings atomic.Int64
	// conditions counts what warnings does and the notes (warnLog.warningsCounted): the
	// diagnostics area holds both (diagregion.go's lostArea).
	conditions atomic.Int64
	table      atomic.Pointer[string]
	judged     textJudge // ReplayOptions.Judge (multistmt.go)

	result     ReplayResult
	listMu     sync.Mutex // WarningList and ErrorList are appended to by parallel workers too
	warn       warnLog    // the warnings' bookkeeping (warnings.go)
	tableIndex map[string]int
	tables     tableProgress // tables whose rows are complete, for Progress
	// schemaChanged, when set, is called after each statement that may change a table
	// (changesTables), before exec returns: --load-data's column facts go stale.
	schemaChanged func()
	check         *parallelCheck // ReplayOptions.CheckParallel; nil without
	// counts, in a parallel replay, follows ROW_COUNT() and FOUND_ROWS() of the client's
	// connection (rowcount.go); nil in a serial one.
	counts *rowCounts
	// quoteWire reads the status flags the client splits by from the replay's connection
	// (quoting.go): the serial replay's Wire, the parallel replay's control connection's
	// watch; nil where none can be read. quoting is what the last statement's reply said.
	quoteWire *PacketWatch
	// sessionQuoting: the quoting status bits the session's sql_mode gave when the
	// replay read it (syncSQLMode), before any reply to the dump's statements was read.
	sessionQuoting uint16
	quoting        statusQuoting
	diverged       *quoteDivergence // a change of those flags a resume could not follow
	// quoteJournal is the checkpoint a change of them is journaled to as soon as the
	// reply is read (journalQuotingNow), and quoteRerun whether the statement in flight
	// is one a resume sends again: set by the parallel replay's dispatcher.
	quoteJournal *checkpoint.Run
	quoteRerun   bool
}

// NewReplayer prepares a replay of split onto conn. It reads the server's
// max_allowed_packet and session sql_mode so that oversized statements are refused before
// they are sent and NO_BACKSLASH_ESCAPES is honoured from the first byte.
func NewReplayer(ctx context.Context, conn Conn, split *split.Splitter, opt ReplayOptions) (*Replayer, error) {
	r := &Replayer{conn: conn, split: split, opt: opt, tableIndex: map[string]int{}, quoteWire: opt.Wire}
	r.warn.r = r
	r.tables.total = opt.TablesTotal
	if opt.CheckParallel {
		r.check = newParallelCheck()
	}
	if r.opt.MaxErrorsListed == 0 {
		r.opt.MaxErrorsListed = 100
	}
	var db sql.NullString
	if err := conn.QueryRowContext(ctx, "SELECT @@max_allowed_packet, DATABASE()").Scan(&r.maxPacketBytes, &db); err != nil {
		return nil, fmt.Errorf("read max_allowed_packet: %w", err)
	}
	r.database = db.String
	if opt.Transform != nil {
		opt.Transform.Attach(split, r.database, func(end int64) { r.bytes.Store(end) })
		r.split = opt.Transform
	}
	if err := r.syncSQLMode(ctx); err != nil {
		return nil, err
	}
	if r.quoteWire == nil {
		r.quoteWire = opt.Wires.Of(ctx, conn)
	}
	return r, nil
}

// Progress returns the replay's counters; safe for concurrent use.
func (r *Replayer) Progress() Progress {
	p := Progress{
		Bytes: r.bytes.Load(), Statements: r.statements.Load(), Rows: r.rows.Load(),
		Commits: r.commits.Load(), Errors: r.errs.Load(), Warnings: r.warnings.Load(),
		Phase: PhaseLoading, TablesDone: r.tables.done(nil), TablesTotal: r.tables.total, Indexes: r.tables.indexes.snapshot(),
	}
	if t := r.table.Load(); t != nil {
		p.Table = *t
	}
	p.ParallelChecked, p.SerialReason = r.check.state()
	return p
}

// Run replays every statement. It returns the result and the first error that stopped the
// replay: a split error, a refusal, a connection loss, or (without Force) an SQL error.
// Under Force, SQL errors are counted and listed and Run returns a nil error.
func (r *Replayer) Run(ctx context.Context) (*ReplayResult, error) {
	err := r.run(ctx)
	r.warn.readPending(ctx, nil)
	if err == nil {
		r.tables.end()
	}
	r.result.Progress = r.Progress()
	return &r.result, err
}

func (r *Replayer) run(ctx context.Context) error {
	for nextIdle(r.split, r.conn) {
		if err := ctx.Err(); err != nil {
			return err
		}
		select {
		case <-r.opt.Stop:
			return ErrStopped
		default:
		}
		stv := r.split.Statement()
		st := &stv
		asSent(st)
		observeRead(r, st)
		if err := r.one(ctx, st); err != nil {
			if err == errQuit {
				r.bytes.Store(st.Offset + int64(len(st.Raw)))
				return nil
			}
			return err
		}
		r.bytes.Store(st.Offset + int64(len(st.Raw)))
	}
	return r.splitErr()
}

// splitErr is the splitter's error with the dump's name in front, when it does not name
// it already (input errors do).
func (r *Replayer) splitErr() error {
	err := r.split.Err()
	var se *split.SplitError
	if errors.As(err, &se) {
		return fmt.Errorf("%s: %w", r.opt.Name, err)
	}
	return err
}

func (r *Replayer) one(ctx context.Context, st *split.Statement) error {
	if parts := split.ServerParts(st); parts != nil {
		// Two statements in one text: the client's server runs them one after the other
		// and stops at the first error (CLIENT_MULTI_STATEMENTS), as this does.
		return r.runParts(ctx, st, parts) // multistmt.go
	}
	q, err := r.prepare(ctx, st)
	if err != nil || q == nil {
		return err
	}
	return r.exec(ctx, r.conn, st, q)
}

// prepare decides what a statement sends, in stream order: nil for client commands and
// empty statements; a refusal for what must not run. The parallel replay calls it in its
// dispatcher and exec on whichever connection runs the statement.
func (r *Replayer) prepare(ctx context.Context, st *split.Statement) ([]byte, error) {
	if st.Kind == split.KindClient {
		return nil, r.clientCommand(st)
	}
	if len(st.SQL) == 0 {
		return nil, nil
	}
	if isLoadDataLocal(st.SQL) && !r.opt.LocalInfile {
		return nil, r.refuse(st, "LOAD DATA LOCAL INFILE reads files on the client machine; refused (pass --local-infile to allow it)")
	}
	q := st.SQL
	if r.opt.StripDefiners && (st.Kind == split.KindRoutine || st.Kind == split.KindDDL) {
		q = transform.StripDefiner(q)
	}
	if isLoadDataLocal(q) {
		if _, err := localInfileNames(q); err != nil {
			return nil, r.refuse(st, err.Error())
		}
	}
	if !maxpacket.Fits(int64(len(q)), r.maxPacketBytes) {
		return nil, r.refuse(st, fmt.Sprintf("statement is %d bytes, larger than the server's max_allowed_packet (%d); raise it: SET GLOBAL max_allowed_packet=%d (or max_allowed_packet in my.cnf [mysqld]), then %s",
			len(q), r.maxPacketBytes, maxpacket.Advised(int64(len(q))), r.opt.rerunHint()))
	}
	if err := r.judged.before(ctx, &r.opt, st); err != nil {
		return nil, err
	}
	if _, ok := wrappedUseOf(r, st); ok && useRefusal(r.opt.Transform) != "" {
		return nil, r.refuse(st, useRefusal(r.opt.Transform))
	}
	if st.Table != "" {
		// Qualified, as the parallel replay's batches name their tables: a record whose
		// early ticks said event_log and later ones dumpscope_gen.event_log listed two
		// tables in its report.
		t := st.Table
		if st.Database != "" || r.database != "" {
			t = plan.StatementTableKey(st, r.database)
		}
		r.table.Store(&t)
	}
	if int64(len(q)) > r.result.LargestStatementBytes {
		r.result.LargestStatementBytes = int64(len(q))
	}
	return q, nil
}

// exec sends q, prepared from st, on c and does the bookkeeping that follows. Session
// statements and INSERTs only ever run here on the replay's own connection, in stream
// order; what the parallel replay runs on other connections is DDL.
func (r *Replayer) exec(ctx context.Context, c Conn, st *split.Statement, q []byte) error {
	wired := r.opt.Wire != nil && c == r.conn
	if wired {
		r.warn.readPending(ctx, st)
		if isUse(st) {
			// The client's `use`: SELECT DATABASE(), then COM_INIT_DB. Sent after the USE,
			// as it was to learn the database, it made the dump's next ROW_COUNT() −1
			// where the client's is 0; the database is the statement's (afterSession).
			if err := r.conn.QueryRowContext(ctx, "SELECT DATABASE()").Scan(new(sql.NullString)); err != nil {
				return r.sqlError(st, q, err)
			}
		}
		r.opt.Wire.arm()
	} else if err := r.warn.clearStaleWarnings(ctx, c, st); err != nil {
		return r.sqlError(st, q, err)
	}
	if r.opt.LocalInfile && isLoadDataLocal(q) {
		// Only the file the statement names, and only while it runs (localinfile.go);
		// prepare refused a statement whose file cannot be told.
		if names, err := localInfileNames(q); err == nil {
			defer allowLocalFiles(names)()
		}
	}
	if err := r.counts.giveBefore(ctx, c, c == r.conn, st, q); err != nil { // rowgive.go
		var code errRowCountToCode
		if errors.As(err, &code) {
			se := r.refuse(st, code.Error()+"; import this dump without --parallel, --checkpoint, --load-data and --defer-indexes: the serial replay sends only the client's statements")
			se.Err = ErrSerialOnly
			return se
		}
		return r.sqlError(st, q, err)
	}
	keeper := r.warn.armKeeper(c, st) // diagcount.go
	before, watched := r.quotingBefore(c)
	res, err := c.ExecContext(ctx, bytesToString(q))
	r.quoting = r.quotingAfter(before, watched) // read before the replay's own statements
	movedTo, moved := wireMovedTo(r, wired, st) // read before the replay's own statements
	r.followQuoting(st, r.quoting)
	if err == nil {
		if jerr := journalQuotingNow(r, st); jerr != nil { // quoting.go
			return jerr
		}
	}
	if cerr := r.counts.noteRan(ctx, c, c == r.conn, st, res, err); cerr != nil && err == nil {
		return r.sqlError(st, q, cerr)
	}
	if cerr := r.warn.countUncounted(ctx, c, st, keeper, err); cerr != nil && err == nil { // diagcount.go
		return r.sqlError(st, q, cerr)
	}
	if r.schemaChanged != nil && changesTables(st) {
		r.schemaChanged() // even after an error: a CALL may have changed a table first
	}
	if err != nil || !r.warn.countsWarnings(c, st) {
		r.warn.setWarningsEmpty(c, false) // an error or uncounted warnings may sit in the list
	}
	r.statements.Add(1)
	if st.Kind == split.KindInsert {
		// The summary's "dump rows" are the rows the dump carried, whether or not the
		// server took them (a statement skipped under --force is a difference to show).
		r.countTable(st)
	}
	if c == r.conn { // dynamic SQL runs there (EXECUTE and CALL are serial verbs)
		if db, ok := wrappedUseOf(r, st); ok && err == nil {
			r.database = db
		} else if err == nil {
			if !moved && !wired && r.counts != nil && dynamicUnread(st) {
				// The parallel replay's control connection has no wire; its own statements
				// there are given back to the dump's readers (rowCounts).
				if movedTo, err = currentDatabase(ctx, c); err != nil {
					return r.sqlError(st, q, err)
				}
				moved = true
			}
			if moved && movedTo != r.database {
				r.database = movedTo // dynamic SQL that cannot be read ran a USE (wireschema.go)
				if why := useRefusal(r.opt.Transform); why != "" {
					return r.refuse(st, why)
				}
			}
		}
	}
	if err != nil {
		return r.statementErrorOf(ctx, st, q, err)
	}
	if endsTransaction(st) {
		r.commits.Add(1)
	}
	if !r.warn.laterReader && plan.LaterCountsReader(st) != "" {
		r.warn.laterReader = true
	}
	switch st.Kind {
	case split.KindInsert:
		r.rows.Add(st.Rows)
	case split.KindSession:
		return r.afterSession(ctx, st, q)
	}
	if r.warn.countsWarnings(c, st) {
		switch {
		case wired:
			r.warn.notePending(st)
		case r.warn.hold && c == r.conn:
			r.warn.held = heldStatement(st, false) // counted when its commit is settled (diagtail.go)
		default:
			if err := r.warn.countWarnings(ctx, c, st); err != nil {
				return r.sqlError(st, q, err)
			}
		}
	}
	return nil
}

// clientCommand handles what the client itself would act on. DELIMITER is the splitter's
// business and `\-` (mariadb-dump's sandbox-mode line) is harmless; anything that would run
// a program or read a file on this machine is refused, never executed. `tee` and `pager`
// do nothing in the client's batch mode (`mariadb < dump.sql`: com_tee() and com_pager()
// return at once), so here neither.
func (r *Replayer) clientCommand(st *split.Statement) error {
	switch name := split.CommandName(*st); name {
	case "system", "source", "edit", "connect":
		return r.refuse(st, fmt.Sprintf("client command %s %q would act on the client machine or read its files; refused (a dump is untrusted input)", name, st.Arg))
	case "quit", "exit":
		return errQuit
	default: // delimiter, sandbox (\-), and commands that only change the client's display
		return nil
	}
}

// errQuit ends a replay at a `quit`/`exit`/`\q` in the dump, where the client stops too.
var errQuit = errors.New("quit")

// afterSession keeps the splitter and the bookkeeping in step with session changes:
// NO_BACKSLASH_ESCAPES changes how strings are split, and USE changes the database that
// unqualified tables belong to.
func (r *Replayer) afterSession(ctx context.Context, st *split.Statement, q []byte) error {
	if split.TouchesSQLMode(*st) {
		if mode, assigned, ok := r.sqlModeFromWire(st); ok {
			if assigned {
				r.setSQLMode(mode)
			}
		} else if err := r.syncSQLMode(ctx); err != nil {
			return r.sqlError(st, q, err)
		}
		if r.quoting.known {
			r.split.SetNoBackslashEscapes(r.quoting.nbe) // the client's flag (quoting.go)
		}
	}
	if isUse(st) && r.opt.Wire != nil {
		r.database = st.Database
	} else if isUse(st) {
		var db sql.NullString
		if err := r.conn.QueryRowContext(ctx, "SELECT DATABASE()").Scan(&db); err != nil {
			return r.sqlError(st, q, err)
		}
		r.database = db.String
	}
	return nil
}

func (r *Replayer) countTable(st *split.Statement) {
	db := st.Database
	if db == "" {
		db = r.database
	}
	key := plan.KeyOf(db, st.Table)
	i, ok := r.tableIndex[key]
	if !ok {
		i = len(r.result.Tables)
		r.tableIndex[key] = i
		r.result.Tables = append(r.result.Tables, TableCount{Database: db, Table: st.Table})
	}
	r.result.Tables[i].Rows += st.Rows
	r.tables.rowsOf(key)
}

// endsTransaction reports whether, under autocommit, the statement ends a transaction
// whose commit the server must make durable.
func endsTransaction(st *split.Statement) bool {
	switch st.Kind {
	case split.KindInsert, split.KindDDL, split.KindRoutine, split.KindOther:
		return true
	case split.KindTxn:
		return strings.HasPrefix(strings.ToUpper(st.Verb), "COMMIT")
	}
	return false
}

// bytesToString views q as a string without copying it: statements can be hundreds of MB
// and the copy was a fifth of dumpscope's CPU. Safe because the splitter does not touch
// its buffer until the next call to Next, ExecContext returns only after the driver has
// written the packet, and nothing keeps the string (errors copy their head).
func bytesToString(q []byte) string {
	if len(q) == 0 {
		return ""
	}
	return unsafe.String(&q[0], len(q))
}

// containsFold reports whether s contains the upper-case ASCII word w in any case.
func containsFold(s []byte, w string) bool {
	for i := 0; i+len(w) <= len(s); i++ {
		j := 0
		for j < len(w) && s[i+j]&^0x20 == w[j]&^0x20 {
			j++
		}
		if j == len(w) {
			return true
		}
	}
	return false
}

func isUse(st *split.Statement) bool {
	return st.Kind == split.KindSession && strings.EqualFold(st.Verb, "USE")
}
