package importer

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/preflight"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/importer/transform"
	"github.com/dumpscope/dumpscope/internal/dbconn"
	"github.com/dumpscope/dumpscope/internal/stopmsg"
	"github.com/go-sql-driver/mysql"
)

// preflightProgressEvery is how often a long preflight scan says how far it got.
const preflightProgressEvery = 5 * time.Second

// openPreflightScan opens the dump a second time for the preflight's scan ahead (a
// variable: tests count how often the file is read).
var openPreflightScan = dumpfile.Open

// runPreflight checks, before the first statement, what the dump would do to the target:
// existing databases and tables it drops or writes into (refused unless r.Overwrite, or a
// yes from Confirm) and DEFINER clauses the account may not assign (refused unless
// StripDefiners). A dump file is scanned in full when definers are checked, when a
// terminal can be asked (Confirm) or with PreflightScan; a stream cannot be scanned ahead,
// and a file whose only check is the overwrites is not (scanAhead): there the returned
// hook checks each statement as it arrives and the import stops before the first
// offending one. A scan that reads the file anyway also looks for code read later that a
// parallel replay would refuse (runSerially).
func runPreflight(ctx context.Context, src Source, o *Options, r *resolved, in *dumpfile.Input, conn *sql.Conn, log io.Writer) (func(context.Context, *split.Statement) error, error) {
	var pf *preflight.Preflight
	var current sql.NullString
	if err := conn.QueryRowContext(ctx, "SELECT DATABASE()").Scan(&current); err != nil {
		return nil, err
	}
	// System schemas and accounts are refused with Overwrite too (see SystemCheck).
	var sys *preflight.SystemCheck
	if !o.AllowSystemSchemas {
		sys = preflight.NewSystemCheck(current.String)
	}
	var start []byte // pf's start, for the journal of a run checked statement by statement
	if !r.Overwrite {
		var err error
		if r.resumeCheck != nil {
			if pf, err = preflight.FromState(r.resumeCheck, current.String); err == nil {
				err = pf.NoteMadeViews(ctx, conn) // what the skipped CREATE VIEWs noted
			}
		} else {
			pf, err = preflight.NewWithout(ctx, conn, current.String, r.ownSchema)
		}
		if err != nil {
			return nil, err
		}
		if pf.Empty() {
			pf = nil
		}
		if pf != nil && r.resumeCheck == nil && makesCheckpoint(o, r) {
			if start, err = pf.State(); err != nil {
				return nil, err
			}
		}
	}
	var definers *preflight.DefinerCheck
	if !o.StripDefiners {
		var err error
		if definers, err = preflight.NewDefinerCheck(ctx, conn); err != nil {
			return nil, err
		}
	}
	if pf == nil && definers == nil && sys == nil {
		return nil, nil
	}
	if src.Path == "" || !scanAhead(o, pf, definers) {
		// No scan ahead (a stream, or nothing but the system and overwrite checks, which
		// are not worth a second read of the file): each statement is checked as it comes,
		// and the import stops before the first offending one.
		if pf != nil {
			r.overwriteCheck = start
		}
		return preflightHook(in.Name, sys, definers, pf), nil
	}
	scan, err := openPreflightScan(src.Path)
	if err != nil {
		return nil, err
	}
	defer scan.Close()
	what := "objects it would overwrite in the target (--overwrite skips this)"
	if pf == nil {
		what = "DEFINER clauses this account may not assign (--strip-definers skips this)"
	}
	fmt.Fprintf(log, "dumpscope: preflight: reading %s once for %s…\n", in.Name, what)
	scanOpt, err := readAheadOptions(ctx, conn, o)
	if err != nil {
		return nil, err
	}
	raw := split.NewSplitter(scan.Reader, scanOpt)
	sp := transform.NewScan(ctx, conn, o.Transform, raw)
	var found, system []preflight.Overwrite
	var later *plan.LaterReaders // nil when the replay is serial anyway, or resumes a parallel one
	if !o.Resume && (r.Parallel > 1 || o.CheckpointPath != "" || r.DeferIndexes || o.LoadData) {
		later = &plan.LaterReaders{}
	}
	laterWhy := ""
	tables := newTableCounter(current.String) // the progress's TablesTotal
	began, shown := time.Now(), time.Now()
	var ranRoutine bool // a CALL or routine read: quoting may follow server flags from here
	var scannedEnd int64
	var blind string // why the read-ahead stopped before the statement at scannedEnd
	var blindLine int64
	for n := 0; sp.Next(); n++ {
		if n%256 == 0 {
			// A large compressed dump takes minutes to read: say how far, and stop on Ctrl-C.
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("preflight stopped: %w", err)
			}
			select {
			case <-o.Stop:
				return nil, fmt.Errorf("preflight: %w before the first statement", ErrStopped)
			default:
			}
			if time.Since(shown) >= preflightProgressEvery && scan.Size > 0 {
				shown = time.Now()
				frac := float64(scan.CompressedBytesRead()) / float64(scan.Size)
				fmt.Fprintf(log, "dumpscope: preflight: %.0f%% of %s read in %s\n", 100*frac, in.Name, time.Since(began).Round(time.Second))
			}
		}
		st := sp.Statement()
		// The parallel plan and the table count read every statement, past the stop
		// below too: a reading that guesses the quoting wrong can only make the run serial
		// sooner (the replay's own planner judges every statement again), and a prepared
		// INSERT firing a trigger that reads ROW_COUNT() still turns the run serial from
		// the start (TestFixX13ReadAheadRunsSerially).
		if later != nil && laterWhy == "" {
			if why := later.Refuses(&st); why != "" {
				laterWhy = fmt.Sprintf("at line %d %s", st.Line, why)
			}
		}
		tables.observe(&st)
		if blind == "" {
			if blind = quotingUnknown(&st, raw); blind != "" {
				scannedEnd, blindLine = st.Offset, st.Line
			}
		}
		if blind != "" {
			continue // the checks run as the statements do from here (checkFrom)
		}
		scannedEnd = st.Offset + int64(len(st.Raw))
		ranRoutine = ranRoutine || mayLeaveQuotingFlags(&st)
		if err := definers.Check(in.Name, &st); err != nil {
			return nil, err
		}
		// A DELIMITER text run as several statements is listed at its start, with which
		// of its statements, as the per-statement stop names it (preflight.InTextOf).
		system = append(system, preflight.InTextOf(sys.Observe(&st), &st)...)
		if pf == nil {
			continue
		}
		found = append(found, preflight.InTextOf(pf.ObserveAll(&st), &st)...)
	}
	var tail func(context.Context, *split.Statement) error
	var se *split.SplitError
	if err := sp.Err(); blind != "" {
		// The read-ahead cannot tell how the server reads the names from here on: the
		// rest is checked as it runs, under the session's sql_mode the replay follows
		// (TestReviewX24ScanMissesAnsiQuotes: `DELETE FROM "other"."k"` after ANSI_QUOTES
		// was read as a DELETE of no table, and other.k emptied).
		fmt.Fprintf(log, "dumpscope: preflight: %s: the read-ahead stops at line %d: %s; this statement and the ones after it are checked as they run\n", in.Name, blindLine, blind)
		tail = checkFrom(scannedEnd, r, start, in.Name, definers, pf)
	} else if err != nil && ranRoutine && errors.As(err, &se) && (pf != nil || definers != nil) {
		// The replay follows the server's quoting flags, which a routine's SET sql_mode
		// leaves behind it (replay/quoting.go); the read-ahead cannot: past a CALL it may
		// split where the client will not. The rest is checked as it runs.
		fmt.Fprintf(log, "dumpscope: preflight: %s: the read-ahead stops at line %d (%s): a routine before it may have left the server's quoting flags that the mariadb client splits by; the statements after it are checked as they run\n", in.Name, se.Line, se.Msg)
		tail = checkFrom(scannedEnd, r, start, in.Name, definers, pf)
	} else if err != nil {
		if strings.Contains(err.Error(), in.Name) { // the reader's error names the file
			return nil, fmt.Errorf("preflight: %w", err)
		}
		return nil, fmt.Errorf("preflight: %s: %w", in.Name, err)
	}
	r.tablesTotal = tables.total()
	if laterWhy != "" {
		runSerially(r, laterWhy, log)
	}
	if len(system) > 0 {
		fmt.Fprintf(log, "dumpscope: the dump changes (or, with dynamic SQL it cannot read ahead, may change) %d object(s) in system schemas or accounts:\n", len(system))
		printOverwrites(log, system)
		return nil, errors.New("refusing to change system schemas or accounts; rerun with --allow-system-schemas if that is what you want")
	}
	// The system check goes on during the replay too, on the statements as the replay
	// splits them: the read-ahead follows sql_mode on its own (TrackSQLMode), the replay
	// reads it back from the server, and where the two could differ (SET sql_mode =
	// CONCAT(…)) the replay's view is the one that runs.
	var hook func(context.Context, *split.Statement) error
	if sys != nil {
		hook = preflightHook(in.Name, preflight.NewSystemCheck(current.String), nil, nil)
	}
	hook = chainStatementHooks(hook, tail)
	if len(found) == 0 {
		return hook, nil
	}
	fmt.Fprintf(log, "dumpscope: the dump drops or writes into %d existing object(s) in the target:\n", len(found))
	printOverwrites(log, found)
	if o.Confirm != nil && o.Confirm("Overwrite them? [y/N] ") {
		return hook, nil
	}
	return nil, errors.New("refusing to overwrite existing objects; rerun with --overwrite")
}

// scanAhead reports whether a dump file is read through before its first statement:
// definers to check (an ERROR 1227 half-way otherwise), a terminal to ask about the
// overwrites (one question, listing them all, before anything runs) or PreflightScan.
// The overwrite check alone needs no scan: checked just before each statement runs, it
// stops the import before the first one that would drop or write into what exists, so
// nothing it protects is touched, and the file is inflated and split once (the second
// read cost 0.6–0.8 s of CPU on the 200 MiB gen dump, against 1.4 s for the whole
// import). What the scan alone gives is then as into an empty target: what ran before a
// refusal stays, a dump a parallel replay refuses half-way is refused there (not run
// serially from the start), the progress counts tables without their total.
func scanAhead(o *Options, pf *preflight.Preflight, definers *preflight.DefinerCheck) bool {
	return definers != nil || (pf != nil && (o.Confirm != nil || o.PreflightScan))
}

// overwriteStop is the per-statement preflight's refusal of a statement that would
// overwrite an existing object. The run ends there, not resumable: a --resume writes over
// what exists (it takes the target's objects for the interrupted run's own), and would
// run the refused statement (finish ends the checkpoint).
type overwriteStop struct{ error }

func (e overwriteStop) Unwrap() error { return e.error }

// runSerially makes the import serial from the start (no --parallel, --checkpoint,
// --load-data or --defer-indexes) because of why (plan.LaterReaders), and says so once:
// a parallel replay would be refused at that statement, after part of the dump ran.
func runSerially(r *resolved, why string, log io.Writer) {
	r.Serial, r.Parallel, r.DeferIndexes = true, 1, false
	line := "runs serially: " + why + ", which only the serial replay gives the client's values (no --parallel, --checkpoint, --load-data or --defer-indexes)"
	r.because(line)
	fmt.Fprintln(log, "dumpscope:", line)
}

// readAheadOptions are the split options of the import itself (newReplayer), so that the
// preflight reads the statements the replay will send: with other options (it used
// --binary-mode's) a `use mysql` line without a semicolon, or `\u mysql`, was no command
// there, and the INSERT after it hid inside the text of the statement before it. The
// session's sql_mode gives NO_BACKSLASH_ESCAPES and ANSI_QUOTES at the start; the
// splitter follows the dump's SET sql_mode itself.
func readAheadOptions(ctx context.Context, conn *sql.Conn, o *Options) (split.SplitOptions, error) {
	var mode string
	if err := conn.QueryRowContext(ctx, "SELECT @@session.sql_mode").Scan(&mode); err != nil {
		return split.SplitOptions{}, fmt.Errorf("preflight: read sql_mode: %w", err)
	}
	nbe, ansi := split.SQLModeQuoting(mode)
	return split.SplitOptions{KeepComments: o.Comments, BinaryMode: o.BinaryMode, Force: o.Force, Charset: connCharset(ctx, conn),
		NoBackslashEscapes: nbe, ANSIQuotes: ansi, TrackSQLMode: true, Server: connServer(ctx, conn)}, nil
}

// printOverwrites lists objects the preflight found, at most 20.
func printOverwrites(log io.Writer, found []preflight.Overwrite) {
	for i, ow := range found {
		if i == 20 {
			fmt.Fprintf(log, "  … and %d more\n", len(found)-20)
			break
		}
		line := "  " + ow.String()
		if ow.Through { // code writes into what exists, or may (dynamic SQL): say which
			line += ", " + ow.Exists()
		}
		fmt.Fprintln(log, line)
	}
}

// preflightHook checks each statement as it comes, when the dump is not scanned ahead:
// the import stops before the first one that would change a system schema, assign a
// definer the account may not, or overwrite an existing object. It is the replay's Judge:
// a DELIMITER text of several statements comes whole, and a stop is before all of it,
// at its start (preflight.InTextOf).
func preflightHook(name string, sys *preflight.SystemCheck, definers *preflight.DefinerCheck, pf *preflight.Preflight) func(context.Context, *split.Statement) error {
	return func(_ context.Context, st *split.Statement) error {
		if ow := preflight.InTextOf(sys.Observe(st), st); len(ow) > 0 {
			return fmt.Errorf("%s: the dump would %s, %s; stopped before it — rerun with --allow-system-schemas to allow it", name, ow[0], ow[0].Where())
		}
		if err := definers.Check(name, st); err != nil {
			return err
		}
		if pf == nil {
			return nil
		}
		if ow := preflight.InTextOf(pf.ObserveAll(st), st); len(ow) > 0 {
			return overwriteStop{fmt.Errorf("%s: the dump would %s, %s; %s", name, ow[0], ow[0].Exists(), stopmsg.OverwriteStopEnd)}
		}
		return nil
	}
}

// connServer is the server c talks to, for which executable comments it runs (the zero
// Server, every comment below 999999 run, when @@version cannot be read).
func connServer(ctx context.Context, c Conn) sqlscan.Server {
	var v string
	if err := c.QueryRowContext(ctx, "SELECT @@version").Scan(&v); err != nil {
		return sqlscan.Server{}
	}
	return sqlscan.ServerFromVersion(v)
}

// announce says what is imported, on how many connections, into which server: two short
// lines rather than one that wraps (the socket path of a sandbox is long).
func announce(log io.Writer, in *dumpfile.Input, parallel int, cfg *mysql.Config) {
	nconn := "1 connection"
	if parallel > 1 {
		nconn = fmt.Sprintf("%d connections", parallel)
	}
	format := ""
	if in.Format != dumpfile.FormatPlain {
		format = " (" + in.Format + ")"
	}
	fmt.Fprintf(log, "dumpscope: importing %s%s on %s\n", in.Name, format, nconn)
	fmt.Fprintf(log, "dumpscope: into %s\n", dbconn.Describe(cfg))
}

// mayLeaveQuotingFlags reports whether st may run a routine body (a CALL, an EXECUTE of a
// prepared one, a routine or trigger created for later statements), whose SET sql_mode
// leaves the server's quoting flags behind (replay/quoting.go).
func mayLeaveQuotingFlags(st *split.Statement) bool {
	if st.Kind == split.KindRoutine {
		return true
	}
	w := sqlscan.FirstWord(st.SQL, st.Syntax())
	return strings.EqualFold(w, "CALL") || strings.EqualFold(w, "EXECUTE")
}

// checkFrom is the per-statement check of what the read-ahead did not read: the
// statements from offset on (preflightHook without the system check, which runs on
// every statement anyway).
func checkFrom(offset int64, r *resolved, start []byte, name string, definers *preflight.DefinerCheck, pf *preflight.Preflight) func(context.Context, *split.Statement) error {
	if pf != nil {
		r.overwriteCheck = start // a resume checks every statement from there: those before passed the read-ahead
	}
	return afterOffset(offset, preflightHook(name, nil, definers, pf))
}

// quotingUnknown says why, from st on, the read-ahead (raw its splitter) cannot tell how
// the server reads names in double quotes (ANSI_QUOTES), "" when it can: after a SET of
// sql_mode whose value it cannot evaluate (split.Splitter.SQLModeUnknownAt), and at
// dynamic SQL (EXECUTE, EXECUTE IMMEDIATE), which may set it. Read under the quoting it
// last knew, `DELETE FROM "other"."k"` deleted from no table. A routine's SET sql_mode
// ends with it (the server restores the caller's), so a CALL is no such place. Cost: a
// first word per statement, the parts of a DELIMITER text (ServerParts) when it holds
// more than one and the word EXECUTE.
func quotingUnknown(st *split.Statement, raw *split.Splitter) string {
	if at, ok := raw.SQLModeUnknownAt(); ok && st.Offset >= at {
		return "sql_mode is set (here or just before) to a value the read-ahead cannot evaluate, so whether names in double quotes are names (ANSI_QUOTES) is known only as the statements run"
	}
	execute := func(st *split.Statement) bool {
		return strings.EqualFold(sqlscan.FirstWord(st.SQL, st.Syntax()), "EXECUTE")
	}
	dynamic := execute(st)
	if !dynamic && st.OwnDelimiter && sqlscan.ContainsFoldASCII(st.SQL, "EXECUTE") {
		// A part starts with EXECUTE only where the text holds the word: a DELIMITER text
		// without it is not read into its parts here once more (the overwrite, definer
		// and system checks read it so).
		for _, p := range split.ServerParts(st) {
			dynamic = dynamic || execute(&p)
		}
	}
	if dynamic {
		return "it runs dynamic SQL, which may set sql_mode, so whether names in double quotes are names (ANSI_QUOTES) is known only as the statements run"
	}
	return ""
}

// afterOffset runs hook on the statements that start at or after offset.
func afterOffset(offset int64, hook func(context.Context, *split.Statement) error) func(context.Context, *split.Statement) error {
	return func(ctx context.Context, st *split.Statement) error {
		if st.Offset < offset {
			return nil
		}
		return hook(ctx, st)
	}
}
