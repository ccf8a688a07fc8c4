package difffuzz

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	_ "github.com/go-sql-driver/mysql" // the runner's own connection

	"github.com/dumpscope/dumpscope/internal/redump"
	"github.com/dumpscope/dumpscope/sandbox"
)

// Mode is one way of running `dumpscope import`: its flags, and for Kill a SIGKILL at a
// seeded random moment followed by --resume (with the same flags) until the import ends.
type Mode struct {
	Name string
	Args []string
	Kill bool
	// InSuiteSeeds is how many of its seeds the in-suite run (TestDiffFuzzShort) gives
	// the mode (0: all): the modes added for the long runs cost CI a few scripts each.
	InSuiteSeeds int
	// Profile is the shape of the mode's scripts (Config.Profile): the modes with
	// --load-data get ProfileLoadData, whose scripts it loads, not turns into INSERTs.
	Profile Profile
	// NonEmpty gives dumpscope a target that holds an unrelated database (readAheadDB:
	// a table with rows, a view and a procedure, made before the import, re-dumped before
	// and after it, which must be byte-identical, then dropped before the re-dump that is
	// compared). With --preflight-scan (read-ahead's Args) the overwrite preflight reads
	// the whole file ahead before anything runs, which an empty target skips
	// (TestDiffFuzzFoundS46TextSetsModeBack was only seen so); without it (the non-empty
	// modes, session 49) each statement is checked just before it runs (docs/import.md
	// §Preflight), a path no mode took before.
	NonEmpty bool
	// Overlap runs the mode's oracle of the stop before an overwrite instead of the
	// client comparison (runner_overlap.go): the target first holds part of what the
	// script makes.
	Overlap bool
}

// batchBytes is small so that the multi-row INSERTs of a generated script (a few KB to
// tens of KB) split into several batches, committed on several connections.
const batchBytes = "2K"

// spoolBatchBytes makes the memory queue (2 × workers × --batch-bytes) 2 KB, which a
// script's parallel part overruns while a worker starves or both share a table: then
// batches go through the read-ahead spool (importer/replay/spool.go, budget.go). With
// 2K batches 1 script in 20 spooled; with 512 bytes 4 or 5 in 10 (seeds 21000–21009).
const spoolBatchBytes = "512"

// Modes are the import modes the fuzzer compares with the client, by name. A Kill mode
// resumes with its own flags: a resume keeps --defer-indexes from the journal whatever it
// is given; --load-data, --parallel and --batch-bytes are not journaled and are taken as
// given. So the README's everyday
// `--resume --parallel 2 --load-data` after a killed `--load-data` run is what
// resume-load-data runs.
var Modes = []Mode{
	{Name: "serial"},
	{Name: "parallel", Args: []string{"--parallel", "3", "--batch-bytes", batchBytes}},
	{Name: "load-data", Args: []string{"--parallel", "2", "--load-data", "--batch-bytes", batchBytes}, Profile: ProfileLoadData},
	{Name: "defer-indexes", Args: []string{"--parallel", "2", "--defer-indexes", "--batch-bytes", batchBytes}},
	{Name: "resume", Args: []string{"--parallel", "2", "--batch-bytes", batchBytes, "--checkpoint", journalArg}, Kill: true},
	{Name: "spool", Args: []string{"--parallel", "2", "--load-data", "--batch-bytes", spoolBatchBytes}, InSuiteSeeds: 4, Profile: ProfileLoadData},
	{Name: "resume-load-data", Args: []string{"--parallel", "2", "--load-data", "--batch-bytes", batchBytes, "--checkpoint", journalArg}, Kill: true, InSuiteSeeds: 4, Profile: ProfileLoadData},
	{Name: "resume-defer-indexes", Args: []string{"--parallel", "2", "--defer-indexes", "--batch-bytes", batchBytes, "--checkpoint", journalArg}, Kill: true, InSuiteSeeds: 4},
	{Name: "resume-spool", Args: []string{"--parallel", "2", "--load-data", "--batch-bytes", spoolBatchBytes, "--checkpoint", journalArg}, Kill: true, InSuiteSeeds: 4, Profile: ProfileLoadData},
	// The filter modes (x-fuzz, session 46): each script carries a filter (gen_filter.go)
	// that dumpscope gets; the client runs the script with what it leaves out removed.
	{Name: "filter", Profile: ProfileFilter, InSuiteSeeds: 2},
	{Name: "filter-parallel", Args: []string{"--parallel", "2", "--load-data", "--batch-bytes", batchBytes}, Profile: ProfileFilter, InSuiteSeeds: 2},
	{Name: "filter-resume", Args: []string{"--parallel", "2", "--batch-bytes", batchBytes, "--checkpoint", journalArg}, Kill: true, Profile: ProfileFilter, InSuiteSeeds: 2},
	{Name: "read-ahead", Args: []string{"--parallel", "2", "--batch-bytes", batchBytes, "--preflight-scan"}, NonEmpty: true, InSuiteSeeds: 2},
	// The non-empty-target modes (x-fuzz4, session 49): without --preflight-scan, the
	// default's statement-by-statement check, which may stop nothing here (the script
	// never names readAheadDB), yet runs on every statement.
	{Name: "non-empty", Args: []string{"--parallel", "2", "--batch-bytes", batchBytes}, NonEmpty: true, InSuiteSeeds: 1},
	{Name: "non-empty-load-data", Args: []string{"--parallel", "2", "--load-data", "--batch-bytes", batchBytes}, NonEmpty: true, InSuiteSeeds: 1, Profile: ProfileLoadData},
	// overlap: the target holds part of what the script makes (runner_overlap.go); the
	// import must stop before the first statement that overwrites.
	{Name: "overlap", Args: []string{"--parallel", "2", "--batch-bytes", batchBytes, "--checkpoint", journalArg}, Overlap: true, InSuiteSeeds: 1},
	{Name: "overlap-load-data", Args: []string{"--parallel", "2", "--load-data", "--batch-bytes", batchBytes, "--checkpoint", journalArg}, Overlap: true, InSuiteSeeds: 1, Profile: ProfileLoadData},
}

// For is m with the flags of script s's filter added (m itself when s has none).
func (m Mode) For(s Script) Mode {
	if s.Filter == nil {
		return m
	}
	m.Args = append(append([]string(nil), m.Args...), s.Filter.Args()...)
	return m
}

// journalArg in Mode.Args becomes a fresh journal path for each import.
const journalArg = "JOURNAL"

// ModeNames resolves a comma-separated list of mode names ("" or "all": every mode).
func ModeNames(list string) ([]Mode, error) {
	if list == "" || list == "all" {
		return Modes, nil
	}
	var out []Mode
	for _, n := range strings.Split(list, ",") {
		found := false
		for _, m := range Modes {
			if m.Name == strings.TrimSpace(n) {
				out, found = append(out, m), true
			}
		}
		if !found {
			names := make([]string, len(Modes))
			for i, m := range Modes {
				names[i] = m.Name
			}
			return nil, fmt.Errorf("unknown mode %q (modes: %s)", n, strings.Join(names, ", "))
		}
	}
	return out, nil
}

// Target is the server the imports go into and the programs that run them. Every import
// starts from a server without user databases: the runner drops them, and dumpscope's
// progress database, first (one server for every run: starting one costs seconds).
type Target struct {
	// ClientArgs point the mariadb client and mariadb-dump at the server (--no-defaults
	// first), e.g. sandbox.Server.ClientArgs().
	ClientArgs []string
	// DumpscopeArgs are the connection flags for `dumpscope import`.
	DumpscopeArgs []string
	// DSN opens the runner's own connection (go-sql-driver form).
	DSN string
	// Client, Dump and Dumpscope are the programs: mariadb, mariadb-dump, dumpscope.
	Client, Dump, Dumpscope string
}

// Outcome is what one import left: whether it failed and with which error at which line,
// and the re-dump of the databases it left.
type Outcome struct {
	Failed  bool
	ErrCode string // the server's error number, when the output names one
	ErrLine string // the script line it names
	Refused string // dumpscope's refusal that names what to check (an allowed outcome)
	Hung    bool   // killed after Runner.Timeout
	Server  string // what the server was doing when a hung import was killed (runner_bound.go)
	Kills   int    // SIGKILLs that interrupted dumpscope (each followed by --resume)
	// KillsInLoad are the kills sent while the server ran a LOAD DATA of dumpscope's
	// (its processlist, read just before the kill).
	KillsInLoad int
	// Loaded and Spooled say how much of the fast paths the import took (over a Kill
	// mode's runs that ended; a killed one prints nothing): batches loaded by LOAD DATA,
	// and whether batches went through the read-ahead spool. A mode the scripts never
	// drive there tests nothing the others do not.
	Loaded  int
	Spooled bool
	DBs     []string
	Dump    []byte
	Output  string // the tail of the program's output, for the report
	// Touched says what the import changed of what the target held before it (a NonEmpty
	// mode's unrelated database; the overlap mode's objects): "" when nothing.
	Touched string
}

// Difference is how dumpscope's outcome in Mode differs from the client's. Kind is
// "exit" (one succeeded, the other failed), "error" (both failed, with other errors or
// at other lines), "dump" (both succeeded, the databases differ), "hang", "touched"
// (what the target held before the import changed) or one of the overlap mode's
// (runner_overlap.go).
type Difference struct {
	Mode   string
	Kind   string
	Detail string
	// Server is what the server was doing when a hang's import was killed (runner_bound.go).
	Server string
	// Sig is what the shrinker keeps: the kind and the error numbers on each side, so
	// that a smaller script with another error is not taken for the same difference.
	Sig string
}

func (d *Difference) Error() string { return d.Mode + ": " + d.Kind + ": " + d.Detail }

// Runner imports scripts into Target and compares.
type Runner struct {
	Target Target
	// Dir holds the scripts, journals and dumpscope's state (its ETA history).
	Dir string
	// Timeout bounds one import; 0 means the larger of 2 minutes and clientTimes × the
	// client's time on the last script (timeout).
	Timeout time.Duration
	// Log receives a line per import when not nil.
	Log func(format string, args ...any)
	// Kills is how many times a Kill mode's import is killed: 0, once and a second time
	// (its first resume) one time in three; n, the first n attempts each (every resume
	// but the last is killed too: the CLI's --kills). Seed 115003's difference was seen
	// once in 62 runs of two kills (docs/difffuzz.md).
	Kills int

	db             *sql.DB
	restoreGlobals string        // resetGlobals' statement (runner_globals.go)
	lastOverlap    overlapFiles  // the last overlap import's P and D (runner_overlap.go)
	atBound        string        // the server's state read when an import reached the bound (runner_bound.go)
	clientTook     time.Duration // the client's wall time on the last script (Client), for timeout
}

// NewRunner opens the runner's connection to t.
func NewRunner(t Target, dir string) (*Runner, error) {
	db, err := sql.Open("mysql", t.DSN)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, err
	}
	return &Runner{Target: t, Dir: dir, db: db}, nil
}

// Close closes the runner's connection.
func (r *Runner) Close() error { return r.db.Close() }

// Check imports script with the client and with dumpscope in mode and returns their
// difference, or nil. rng chooses the kill moments of a Kill mode.
func (r *Runner) Check(ctx context.Context, script []byte, mode Mode, rng *rand.Rand) (*Difference, error) {
	want, err := r.Client(ctx, script)
	if err != nil {
		return nil, err
	}
	have, err := r.Dumpscope(ctx, script, mode, rng)
	if err != nil {
		return nil, err
	}
	return Compare(mode.Name, want, have), nil
}

// CheckScript is Check of a generated script: the client runs its Reference (the
// filter profile's statements the filter keeps), dumpscope the script with the
// filter's flags.
func (r *Runner) CheckScript(ctx context.Context, s Script, mode Mode, rng *rand.Rand) (*Difference, error) {
	if mode.Overlap {
		d, _, err := r.Overlap(ctx, s, mode)
		return d, err
	}
	want, err := r.Client(ctx, s.Reference().SQL())
	if err != nil {
		return nil, err
	}
	have, err := r.Dumpscope(ctx, s.SQL(), mode.For(s), rng)
	if err != nil {
		return nil, err
	}
	return Compare(mode.Name, want, have), nil
}

var (
	clientErrRe = regexp.MustCompile(`ERROR (\d+) \([0-9A-Z]+\) at line (\d+)`)
	dsErrRe     = regexp.MustCompile(`line (\d+): [^\n]*ERROR (\d+) \(`)
	// loadedRe and spooledRe read dumpscope's closing lines (cmd/dumpscope import_output.go).
	loadedRe  = regexp.MustCompile(`--load-data: (\d+) batches loaded in bulk`)
	spooledRe = regexp.MustCompile(`of SQL went through the read-ahead spool`)
)

// refusals are the outputs of dumpscope refusing, saying what to check, where the client
// would go on: never a silent difference, so not one the fuzzer reports.
var refusals = []string{"--resume cannot", "may be half applied", "the dump ends inside a transaction",
	"cannot be replayed without those statements", "cannot be emptied and reloaded from its first row",
	// the planner's refusals (ROW_COUNT()/FOUND_ROWS()/@@in_transaction readers, diagnostics
	// readers, completion_type RELEASE, FLUSH TABLES WITH READ LOCK) end with this advice
	"import this dump without --parallel, --checkpoint, --load-data and --defer-indexes",
	// a dump that ends inside a string or comment (split.endInsideText): refused before any
	// of the rest is sent, where the client sends the rest as one text and the server may
	// run it (seed 100068: a routine's SET sql_mode left the client reading backslashes
	// the server's session mode no longer does); the refusal names the offset, and what
	// ran before it is what the client ran
	"none of it is sent (the mariadb client sends the rest as one statement",
	// a DELIMITER text of several statements one of whose SETs may change how the server
	// reads the statements after it, to a value not known before it runs
	// (replay/multistmt.go, split.PartsUnsure; x-fix40): refused in every mode, serial too,
	// naming the text's place (the multi-stmt construct writes such a SET, seed 113317)
	"refused: write them as statements of their own (under DELIMITER ;)",
	// into a target that holds a database, without --overwrite (the non-empty modes,
	// read-ahead): dynamic SQL from something other than a literal (prepared-forms) may
	// write into what exists, which is known only when it runs (x-fix58, session 49);
	// refused before it runs, naming the statement
	"which could write into what exists in the target (what it will run is known only when it runs)"}

// Client imports script with the mariadb client (the reference).
func (r *Runner) Client(ctx context.Context, script []byte) (Outcome, error) {
	if err := redump.DropUserDatabases(ctx, r.db); err != nil {
		return Outcome{}, err
	}
	if err := r.resetGlobals(ctx); err != nil {
		return Outcome{}, err
	}
	if err := r.dropAccounts(ctx); err != nil {
		return Outcome{}, err
	}
	parent := ctx // the re-dump after a hang needs a live context
	ctx, cancel := context.WithTimeout(ctx, r.timeout())
	defer cancel()
	start := time.Now()
	out, err := r.runClient(ctx, script)
	r.clientTook = time.Since(start)
	o := Outcome{Output: tail(out)}
	if ctx.Err() != nil {
		o.Hung, o.Failed = true, true
	} else if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			return o, fmt.Errorf("mariadb: %w", err)
		}
		o.Failed = true
		if m := clientErrRe.FindSubmatch(out); m != nil {
			o.ErrCode, o.ErrLine = string(m[1]), string(m[2])
		}
	}
	return o, r.capture(parent, &o)
}

// runClient runs the client on script into the target as it is.
func (r *Runner) runClient(ctx context.Context, script []byte) ([]byte, error) {
	// The connection charset is named for both programs: each would otherwise take it
	// from the locale.
	cmd := exec.CommandContext(ctx, r.Target.Client, append(append([]string(nil), r.Target.ClientArgs...), "--default-character-set=utf8mb4")...)
	cmd.Stdin = bytes.NewReader(script)
	return cmd.CombinedOutput()
}

// Dumpscope imports script with `dumpscope import` in mode.
func (r *Runner) Dumpscope(ctx context.Context, script []byte, mode Mode, rng *rand.Rand) (Outcome, error) {
	if err := redump.DropUserDatabases(ctx, r.db); err != nil {
		return Outcome{}, err
	}
	if err := r.resetGlobals(ctx); err != nil {
		return Outcome{}, err
	}
	if err := r.dropAccounts(ctx); err != nil {
		return Outcome{}, err
	}
	if err := os.MkdirAll(r.Dir, 0o755); err != nil {
		return Outcome{}, err
	}
	file := filepath.Join(r.Dir, "script.sql")
	journal := filepath.Join(r.Dir, "script.journal")
	os.Remove(journal)
	if err := os.WriteFile(file, script, 0o644); err != nil {
		return Outcome{}, err
	}
	args := r.importArgs(mode, journal)
	var unrelated []byte // readAheadDB's re-dump before the import
	if mode.NonEmpty {
		var err error
		if unrelated, err = r.makeUnrelated(ctx); err != nil {
			return Outcome{}, err
		}
	}
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, r.timeout())
	defer cancel()
	var o Outcome
	kills, inLoad, loaded, spooled := 0, 0, 0, false
	for attempt := 0; ; attempt++ {
		a := append([]string(nil), args...)
		if attempt > 0 {
			a = append(a, "--resume")
		}
		a = append(a, file)
		kill := mode.Kill && attempt == 0 || mode.Kill && attempt == 1 && rng.Intn(3) == 0
		if r.Kills > 0 {
			kill = mode.Kill && attempt < r.Kills
		}
		out, killed, loading, err := r.runDumpscope(ctx, a, journal, kill, slices.Contains(mode.Args, "--load-data"), rng)
		if m := loadedRe.FindSubmatch(out); m != nil {
			n, _ := strconv.Atoi(string(m[1]))
			loaded += n
		}
		spooled = spooled || spooledRe.Match(out)
		o = Outcome{Output: tail(out), Kills: kills, KillsInLoad: inLoad, Loaded: loaded, Spooled: spooled}
		if ctx.Err() != nil && parent.Err() == nil {
			o.Hung, o.Failed, o.Server, r.atBound = true, true, r.atBound, ""
			break
		}
		if killed {
			if _, err := os.Stat(journal); err == nil {
				kills++
				if loading {
					inLoad++
				}
				continue // interrupted: resume
			}
			// The kill came after the import had finished and removed its journal.
			break
		}
		if err != nil {
			readFailure(&o, out) // killpoint.go
		}
		break
	}
	if mode.NonEmpty {
		if err := r.dropUnrelated(parent, unrelated, &o); err != nil {
			return o, err
		}
	}
	return o, r.capture(parent, &o)
}

// importArgs are `dumpscope import`'s arguments in mode, but the file (and --resume).
func (r *Runner) importArgs(mode Mode, journal string) []string {
	args := []string{"import"}
	args = append(args, r.Target.DumpscopeArgs...)
	// --allow-system-schemas: the scripts change no system schema, but the guard refuses
	// dynamic SQL it cannot read before it runs (PREPARE … FROM @v, EXECUTE IMMEDIATE @v:
	// prepared-forms), by design and in every mode; without it such a script would test
	// nothing past that statement.
	args = append(args, "--no-advisor", "--no-tui", "--default-character-set", "utf8mb4", "--allow-system-schemas")
	for _, a := range mode.Args {
		if a == journalArg {
			a = journal
		}
		args = append(args, a)
	}
	return args
}

// runDumpscope runs dumpscope once; with kill, it sends SIGKILL a random 0–250 ms after
// the journal appears (the import has begun), and reports whether the kill ended it and
// whether a LOAD DATA was running on the server just before it. With aimLoad, half the
// kills wait instead for the server to run one of dumpscope's LOAD DATA (polled every
// 2 ms, for at most the same 0–250 ms): a kill chosen by time alone landed inside a LOAD
// in 11 of 358 kills of the load-data profile (seeds 30000–30157), whose LOADs are short;
// aimed so, 3 of 29 (seeds 31000–31014).
func (r *Runner) runDumpscope(ctx context.Context, args []string, journal string, kill, aimLoad bool, rng *rand.Rand) (out []byte, killed, loading bool, err error) {
	cmd := exec.CommandContext(ctx, r.Target.Dumpscope, args...)
	r.recordAtBound(ctx, cmd)
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+filepath.Join(r.Dir, "state"))
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	if err := cmd.Start(); err != nil {
		return nil, false, false, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	if !kill {
		err = <-done
		return buf.Bytes(), false, false, err
	}
	delay := time.Duration(rng.Intn(250)) * time.Millisecond
	aim := aimLoad && rng.Intn(2) == 0
	loads := func() bool {
		var n int
		_ = r.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE 'LOAD DATA LOCAL INFILE%'").Scan(&n)
		return n > 0
	}
	var deadline time.Time // set when the journal appears
	for {
		select {
		case err := <-done:
			return buf.Bytes(), false, false, err
		case <-time.After(2 * time.Millisecond):
		}
		if deadline.IsZero() {
			if _, err := os.Stat(journal); err == nil {
				deadline = time.Now().Add(delay)
			}
			continue
		}
		if time.Now().After(deadline) || aim && loads() {
			break
		}
	}
	loading = loads()
	_ = cmd.Process.Signal(syscall.SIGKILL)
	err = <-done
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return buf.Bytes(), true, loading, err
		}
	}
	return buf.Bytes(), false, false, err
}

// capture lists the databases the import left and re-dumps them.
func (r *Runner) capture(ctx context.Context, o *Outcome) error {
	if err := r.resetGlobals(ctx); err != nil {
		return err
	}
	dbs, err := redump.UserDatabases(ctx, r.db)
	if err != nil {
		return err
	}
	o.DBs = dbs
	if o.Dump, err = redump.Dump(ctx, r.Target.Dump, r.Target.ClientArgs, dbs...); err != nil {
		return err
	}
	grants, err := r.accountGrants(ctx)
	o.Dump = append(o.Dump, grants...)
	return err
}

// Compare says how dumpscope's outcome have differs from the client's want in mode,
// or nil when it does not (or when dumpscope refused, naming what to check). When both
// failed, the error and its line must be the same; the databases then may differ (a
// parallel import has committed other batches when one fails). When both succeeded,
// the databases and their re-dumps must be the same.
func Compare(mode string, want, have Outcome) *Difference {
	d := compare(mode, want, have)
	if d != nil {
		d.Sig = d.Kind + " " + want.ErrCode + "/" + have.ErrCode
	}
	return d
}

func compare(mode string, want, have Outcome) *Difference {
	switch {
	case have.Touched != "":
		return &Difference{Mode: mode, Kind: "touched", Detail: have.Touched + "\n dumpscope: " + have.Output}
	case have.Refused != "":
		return nil
	case have.Hung && !want.Hung:
		return &Difference{Mode: mode, Kind: "hang", Detail: "dumpscope did not finish; the client did:\n" + have.Output, Server: have.Server}
	case want.Failed != have.Failed:
		what := "the client failed, dumpscope succeeded"
		if have.Failed {
			what = "the client succeeded, dumpscope failed"
		}
		return &Difference{Mode: mode, Kind: "exit", Detail: what + "\n client:    " + want.Output + "\n dumpscope: " + have.Output}
	case want.Failed:
		if want.ErrCode != have.ErrCode || want.ErrLine != have.ErrLine {
			return &Difference{Mode: mode, Kind: "error", Detail: fmt.Sprintf("client ERROR %s at line %s, dumpscope ERROR %s at line %s\n client:    %s\n dumpscope: %s",
				want.ErrCode, want.ErrLine, have.ErrCode, have.ErrLine, want.Output, have.Output)}
		}
		return nil
	case strings.Join(want.DBs, ",") != strings.Join(have.DBs, ","):
		return &Difference{Mode: mode, Kind: "dump", Detail: fmt.Sprintf("databases: client %v, dumpscope %v", want.DBs, have.DBs)}
	case !bytes.Equal(want.Dump, have.Dump):
		return &Difference{Mode: mode, Kind: "dump", Detail: "first difference at " + redump.FirstDiff(want.Dump, have.Dump)}
	}
	return nil
}

// tail is the last 2000 bytes of out, for a report, after the lines of out that say why
// dumpscope stopped ("dumpscope import: …", its error or refusal, each cut to 600 bytes)
// when the 2000 bytes leave them out: behind a list of warnings, a report said only
// "…14' for key 'PRIMARY'" of a failed resume (seeds 56167, 58219).
func tail(out []byte) string {
	out = bytes.TrimSpace(out)
	if len(out) <= 2000 {
		return string(out)
	}
	cut := len(out) - 2000
	var why []byte
	for _, line := range bytes.SplitAfter(out[:cut], []byte("\n")) {
		if bytes.HasPrefix(line, []byte("dumpscope import:")) {
			if len(line) > 600 {
				line = append(line[:600:600], "…\n"...)
			}
			why = append(why, line...)
		}
	}
	return string(why) + "…" + string(out[cut:])
}

// SandboxTarget points at srv as root over its socket, with the mariadb and
// mariadb-dump programs found on PATH.
func SandboxTarget(srv *sandbox.Server, dumpscope string) (Target, error) {
	t := Target{
		ClientArgs:    srv.ClientArgs(),
		DumpscopeArgs: []string{"--no-defaults", "-u", "root", "-S", srv.Socket},
		DSN:           srv.DSN(""),
		Dumpscope:     dumpscope,
	}
	var err error
	if t.Client, err = exec.LookPath("mariadb"); err != nil {
		return t, err
	}
	t.Dump, err = exec.LookPath("mariadb-dump")
	return t, err
}

// SandboxSettings are the server settings the fuzzer's sandbox runs with: LOAD DATA
// LOCAL allowed for --load-data (MariaDB's default, named so a changed default cannot
// turn that mode into INSERTs unnoticed); no thread cache, because a connection that gets
// a cached thread starts with FOUND_ROWS() at what that thread's last connection left
// (x-diag2, seed 59237: 1 for the client, 0 for dumpscope, neither the dump's doing).
var SandboxSettings = []string{"local_infile=ON", "thread_cache_size=0"}
