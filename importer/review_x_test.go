package importer_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/replay"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// The hostile review of the fast modes (branch x-review, session 33): each test here
// failed against main when it was written, and shows the database, or what dumpscope
// says, differing from what `mariadb < same input` makes of it. They are open findings,
// not regressions: they skip unless DUMPSCOPE_REVIEW_X=1, so that a merge of the branch
// does not turn main's suite red. Run them with
//
//	DUMPSCOPE_REVIEW_X=1 go test -count=1 $(scripts/gotags) ./importer/ -run TestReviewX
//
// The review fixes nothing: each test says what it shows and the cause found. A fix
// removes its test's reviewX call (and the test then guards the fix).

// reviewX skips an open finding's test unless DUMPSCOPE_REVIEW_X=1 (see above).
func reviewX(t *testing.T) {
	t.Helper()
	if os.Getenv("DUMPSCOPE_REVIEW_X") != "1" {
		t.Skip("an open finding of the x-review (fails on main): DUMPSCOPE_REVIEW_X=1 runs it")
	}
}

// reviewCase is a dump imported by the client into ref and by dumpscope into srv with a
// stop after a line and a resume (the same options both times, Resume added).
type reviewCase struct {
	db, dump string
	stop     int64
	opt      importer.Options
	// between runs on srv between the stop and the resume (nil: nothing).
	between func(t *testing.T, srv *sandbox.Server, dump string)
	// killAtDDL, when set, ends the first run right after the DDL statement at that line
	// returned, before its progress row (importer.WithAfterDDLHook), instead of stop.
	killAtDDL int64
	// setup runs on both servers before the imports (after the database is dropped).
	setup []string
	// changed, when set, replaces the dump file between the stop and the resume (the dump
	// re-made or edited since); the client imports it, not dump.
	changed string
	// refused, when set, is what the resume must refuse with (a part of its error), instead
	// of ending with the client's database.
	refused string
	// resumeSays, when set, is a phrase the resume's messages must hold.
	resumeSays string
	// force: the client, and both attempts, run with --force (the dump has statements
	// that fail); the resume finishes with the errors it let pass.
	force bool
	// settled, when set, is a query on srv that must give a non-zero count before the stop
	// at line stop takes effect: a stop that a test's premise needs past work the workers
	// run on their own (a barrier item marking a load complete) would otherwise come
	// before it when the dispatcher runs ahead of them (a loaded machine).
	settled string
	// resume, when set, runs the resume instead of importer.Import.
	resume func(ctx context.Context, cfg *mysql.Config, path string, o importer.Options) (*importer.Result, error)
}

// settledStop makes the stop hook of o (stopAfter) wait, at line, until the query q on srv
// gives a non-zero count (reviewCase.settled); q == "" leaves o as it is.
func settledStop(srv *sandbox.Server, q string, line int64, o importer.Options) importer.Options {
	if q == "" {
		return o
	}
	stop := o.OnStatement
	o.OnStatement = func(ctx context.Context, st *split.Statement) error {
		if st.Line != line {
			return stop(ctx, st)
		}
		db, err := sql.Open("mysql", srv.DSN(""))
		if err != nil {
			return err
		}
		defer db.Close()
		for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
			var n int
			if err := db.QueryRowContext(ctx, q).Scan(&n); err != nil && !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("settled: %s: %w", q, err)
			}
			if n != 0 {
				return stop(ctx, st)
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("settled: %s still 0 after a minute at line %d", q, line)
			}
		}
	}
	return o
}

// runReviewCase runs c and compares the re-dumps; it returns the resume's result.
func runReviewCase(t *testing.T, ref, srv *sandbox.Server, c reviewCase) *importer.Result {
	t.Helper()
	dir := t.TempDir()
	dump := filepath.Join(dir, "d.sql")
	if err := os.WriteFile(dump, []byte(c.dump), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, s := range []*sandbox.Server{ref, srv} {
		db, err := sql.Open("mysql", s.DSN(""))
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{"DROP DATABASE IF EXISTS " + c.db, "DROP DATABASE IF EXISTS dumpscope_progress"} {
			if _, err := db.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		for _, q := range c.setup {
			if _, err := db.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		db.Close()
	}
	switch {
	case c.changed != "":
		edited := filepath.Join(dir, "changed.sql")
		if err := os.WriteFile(edited, []byte(c.changed), 0o600); err != nil {
			t.Fatal(err)
		}
		clientImport(t, ref, edited)
	case c.force:
		cmd := exec.Command(testsandbox.RequireTool(t, "mariadb"), append(ref.ClientArgs(), "--force")...)
		cmd.Stdin = strings.NewReader(c.dump)
		_, _ = cmd.CombinedOutput() // it goes on after the errors the dump holds
	default:
		clientImport(t, ref, dump)
	}
	want := redump(t, ref, c.db)
	cfg, err := mysql.ParseDSN(srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	o := c.opt
	o.CheckpointPath = filepath.Join(dir, "journal")
	o.SkipWarningCount = true
	if c.killAtDDL > 0 {
		killed := errors.New("killed after the DDL")
		first := importer.WithAfterDDLHook(o, func(st *split.Statement) error {
			if st.Line == c.killAtDDL {
				return killed
			}
			return nil
		})
		if res, err := importer.Import(ctx, cfg, importer.Source{Path: dump}, first); err != nil || !errors.Is(res.Err, killed) {
			t.Fatalf("first run: %v, %v; want it killed after the DDL at line %d", res, err, c.killAtDDL)
		}
	} else if res, err := importer.Import(ctx, cfg, importer.Source{Path: dump}, settledStop(srv, c.settled, c.stop, stopAfter(c.stop, o))); err != nil || res.Status != importer.Interrupted {
		t.Fatalf("first run: %v, %v", res, err)
	}
	if c.between != nil {
		c.between(t, srv, dump)
	}
	if c.changed != "" {
		if err := os.WriteFile(dump, []byte(c.changed), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	o.Resume = true
	var log strings.Builder
	o.Log = &log
	run := c.resume
	if run == nil {
		run = func(ctx context.Context, cfg *mysql.Config, path string, o importer.Options) (*importer.Result, error) {
			return importer.Import(ctx, cfg, importer.Source{Path: path}, o)
		}
	}
	res, err := run(ctx, cfg, dump, o)
	if err == nil && res.Err != nil && !c.force {
		err = res.Err
	}
	if c.resumeSays != "" && !strings.Contains(log.String(), c.resumeSays) {
		t.Errorf("the resume did not say %q:\n%s", c.resumeSays, log.String())
	}
	if c.refused != "" {
		if err == nil || !strings.Contains(err.Error(), c.refused) {
			t.Fatalf("resume: %v, %v; want it refused with %q\n%s", res, err, c.refused, log.String())
		}
		return res
	}
	if err != nil || res.Status != importer.Finished {
		t.Fatalf("resume: %v, %v\n%s", res, err, log.String())
	}
	t.Logf("the resume said:\n%s", log.String())
	if have := redump(t, srv, c.db); have != want {
		t.Errorf("after the stop and the resume the re-dump differs from the client's:\n%s", cmp.Diff(want, have))
	}
	return res
}

// createT is a mysqldump-style CREATE TABLE whose plain key kb --defer-indexes holds back.
const createT = "CREATE TABLE `t` (\n  `id` int(11) NOT NULL,\n  `b` int(11) DEFAULT NULL,\n  PRIMARY KEY (`id`),\n  KEY `kb` (`b`)\n) ENGINE=InnoDB;\n"

// TestReviewXDeferIndexesResumeAfterDDL: under --defer-indexes, a CREATE TABLE whose key
// was held back, its rows, then a DDL that names the table (ALTER TABLE … DROP KEY, DROP
// TABLE, RENAME TABLE), then another table's rows. Stopped in those rows, the resume skips
// the CREATE TABLE and the DDL (both committed) but holds the CREATE's key back again
// (dispatch.go: "A CREATE TABLE whose indexes were held back still owes them: they are added
// again"), and adds it at the end: to a table that the dump's own DDL, skipped, had already
// changed. Only ERROR 1061 "duplicate key name" (checkpoint.AlreadyApplied) is forgiven.
//   - ALTER TABLE t DROP KEY kb: the resume adds kb back: silent wrong schema (t has a key
//     the client's has not);
//   - DROP TABLE t, RENAME TABLE t TO r: ALTER TABLE t ADD KEY fails with ERROR 1146, the
//     resume ends failed after it sent everything.
//
// Cause: the skip branch of dispatcher.dispatch re-holds the keys of every skipped CREATE
// TABLE, and a skipped statement that names the table (which, run, would have taken them:
// addDeferredIndexes at a DDL that names it) does not take them back.
func TestReviewXDeferIndexesResumeAfterDDL(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	head := "CREATE DATABASE xr;\nUSE xr;\n" + createT + "INSERT INTO `t` VALUES (1,1),(2,2),(3,3);\n"
	tail := "CREATE TABLE u (id int PRIMARY KEY, v varchar(40));\n" + rowsOf("u", 0, 100) + rowsOf("u", 100, 200) + rowsOf("u", 200, 300)
	for _, c := range []struct{ name, ddl string }{
		{"drop key", "ALTER TABLE t DROP KEY kb;\n"},
		{"drop table", "DROP TABLE t;\n"},
		{"rename table", "RENAME TABLE t TO r;\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dump := head + c.ddl + tail
			// Stopped after u's second INSERT: t's CREATE, rows and DDL have committed.
			stop := int64(strings.Count(head+c.ddl, "\n")) + 3
			runReviewCase(t, ref, srv, reviewCase{db: "xr", dump: dump, stop: stop, opt: importer.Options{Parallel: 2, BatchBytes: 2 << 10, DeferIndexes: true}})
		})
	}
}

// TestReviewXForceResumeUnrecordedCreate: --force --defer-indexes, the first run killed
// right after a CREATE TABLE (its keys held back) returned and before its progress row.
// The resume sends the CREATE again; ERROR 1050 "already exists" there means it had run
// (checkpoint.AlreadyApplied, dispatch.go runBarrier). Under --force the error has passed
// through Replayer.sqlError first, which marks the statement Tolerated and counts it as an
// SQL error of the dump: so the held-back keys are dropped ("only a table this CREATE made
// owes the keys", dispatch.go), the table's load is not recorded as created
// (RecordCreated is skipped), and the summary reports an ERROR 1050 the client never met.
// Silent wrong schema (the table lacks its KEY kb) and a false report (exit status 4,
// "finished with SQL errors", where the client had none).
func TestReviewXForceResumeUnrecordedCreate(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	head := "CREATE DATABASE xr;\nUSE xr;\n"
	dump := head + strings.Replace(createT, "`b` int(11)", "`b` varchar(40)", 1) + rowsOf("t", 1, 50) + rowsOf("t", 50, 100)
	res := runReviewCase(t, ref, srv, reviewCase{db: "xr", dump: dump, killAtDDL: 3, opt: importer.Options{Parallel: 2, BatchBytes: 2 << 10, DeferIndexes: true, Force: true}})
	if res.Replay != nil && res.Replay.Errors > 0 {
		t.Errorf("the resume reports %d SQL error(s) (%v) where the client's import had none", res.Replay.Errors, res.Replay.ErrorList)
	}
}

// TestReviewXDeferIndexesResumeIfNotExists: the same cause as
// TestReviewXDeferIndexesResumeAfterDDL, another face. A CREATE TABLE IF NOT EXISTS of a
// table that was there before the import leaves it alone, with the client and with
// --defer-indexes (dispatch.go: "the keys it held back are not this table's to add"). But
// once the statement is committed and skipped on resume, the skip branch holds its keys
// back without that check and adds them at the end: the user's table gains KEY kb, which
// the client's import never gave it. Silent wrong schema.
func TestReviewXDeferIndexesResumeIfNotExists(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	head := "CREATE DATABASE IF NOT EXISTS xr;\nUSE xr;\n" + strings.Replace(createT, "CREATE TABLE", "CREATE TABLE IF NOT EXISTS", 1)
	tail := "CREATE TABLE u (id int PRIMARY KEY, v varchar(40));\n" + rowsOf("u", 0, 100) + rowsOf("u", 100, 200) + rowsOf("u", 200, 300)
	runReviewCase(t, ref, srv, reviewCase{db: "xr", dump: head + tail, stop: int64(strings.Count(head, "\n")) + 3,
		setup: []string{"CREATE DATABASE xr", "CREATE TABLE xr.t (id int PRIMARY KEY, b int) ENGINE=InnoDB", "INSERT INTO xr.t VALUES (7,7)"},
		opt:   importer.Options{Parallel: 2, BatchBytes: 2 << 10, DeferIndexes: true, Overwrite: true}})
}

// TestReviewXResumeEditedAfterCommitted: docs/import.md says a resume reads the dump up to
// the furthest committed byte, refuses it when it differs there, and accepts one "that
// differs only after it", since "everything from there is sent anew". Not everything is:
// the values a SET @n = (SELECT …) gave in the interrupted run are journaled
// (dumpscope_progress.vars) without a progress row or a digest of the dump, and a resume
// sends them in place of whatever statement starts at that offset now. Here the dump (over
// 1 MiB, so the identity check's first MiB is the same, and the same size) was edited after
// the stop: MAX(id) became MIN(id) in the SET, which lies after the furthest committed
// byte. The client's import of the edited file gives @n = 1; the resume gives the
// interrupted run's 3, silently. (The XA markers, dumpscope_progress.xa, are keyed the same
// way.) A contrived edit, but the promise is the documented one.
//
// Cause: checkpoint.Run.VarsAt (vars.go) trusts the journaled offset; VerifyStream
// (resume.go) checks only the progress rows' digests.
func TestReviewXResumeEditedAfterCommitted(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	head := "CREATE DATABASE xr;\nUSE xr;\nCREATE TABLE f (id int PRIMARY KEY, v longtext);\n" +
		"INSERT INTO f VALUES (1, '" + strings.Repeat("y", 1200<<10) + "');\n" +
		"CREATE TABLE t (id int PRIMARY KEY);\nINSERT INTO t VALUES (1),(2),(3);\n"
	set := "SET @n = (SELECT MAX(id) FROM t);\n"
	tail := "CREATE TABLE r (n int);\nINSERT INTO r VALUES (@n);\n"
	dump := head + set + tail
	runReviewCase(t, ref, srv, reviewCase{db: "xr", dump: dump, stop: int64(strings.Count(head+set, "\n")),
		changed: strings.Replace(dump, "MAX(id)", "MIN(id)", 1),
		opt:     importer.Options{Parallel: 2, BatchBytes: 2 << 10}})
}

// TestReviewXLoadDataForceAutoIncrement: --load-data --force, a batch of three INSERTs
// into a table with an AUTO_INCREMENT key, the second repeating a key (ERROR 1062, which
// --force skips, as the client's --force does). The batch's LOAD DATA takes every row but
// the duplicate, with a warning, so it is rolled back and replayed as INSERTs, whose result
// is the client's — except the AUTO_INCREMENT counter: the LOAD moved it past id 10, a row
// of the skipped statement the client never inserted, and InnoDB does not give ids back on
// ROLLBACK. The client's table has AUTO_INCREMENT=5, dumpscope's 11; the next id the server
// gives differs. Silent.
//
// Cause: loadData.load (loaddata.go) rolled a LOAD that was not clean back "as if it had
// never been tried"; the counter it moved stayed moved. Without --force a failing batch
// stops the import (and the client's too), so only --force shows it. Fixed: under --force,
// rows into a table with an AUTO_INCREMENT column run as INSERTs (replay/loadcounter.go).
func TestReviewXLoadDataForceAutoIncrement(t *testing.T) {
	dump := "CREATE DATABASE xr;\nUSE xr;\nCREATE TABLE t (id int NOT NULL AUTO_INCREMENT, v int, PRIMARY KEY (id)) ENGINE=InnoDB;\n" +
		"INSERT INTO t VALUES (1,1),(2,2);\nINSERT INTO t VALUES (3,3),(2,9),(10,10);\nINSERT INTO t VALUES (4,4);\n"
	path := writeFile(t, "force.sql", []byte(dump))
	ref, srv := testsandbox.Start(t), testsandbox.Start(t, "local_infile=ON")
	cmd := exec.Command(testsandbox.RequireTool(t, "mariadb"), append(ref.ClientArgs(), "--force")...)
	cmd.Stdin = strings.NewReader(dump)
	if out, _ := cmd.CombinedOutput(); !strings.Contains(string(out), "at line 5: Duplicate entry '2'") {
		t.Fatalf("client: %s; want the duplicate at line 5", out)
	}
	res, err := tryImport(t, srv, "", importer.Source{Path: path}, importer.Options{Parallel: 2, LoadData: true, Force: true, SkipRowCounts: true, Log: &strings.Builder{}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Replay.Errors != 1 {
		t.Errorf("%d tolerated errors, want the client's one", res.Replay.Errors)
	}
	sameDump(t, "--load-data --force", redumps(t, ref, "xr"), redumps(t, srv, "xr"))
}

// TestReviewXResumeAfterDDLError: the dump's own DDL fails (DROP TABLE of a table that is
// not there: ERROR 1051 at line 5, where the client stops too). dumpscope stops there and
// prints "resumable; continue with: dumpscope import --resume …". That resume sends the
// DROP again, meets ERROR 1051 again, and counts it as "it had run"
// (checkpoint.AlreadyApplied: "does not exist" of an unrecorded DDL within the interrupted
// run's connections past its furthest committed offset, Run.MayHaveRun); it finishes with
// success and the rows after the failing statement, which the client never imports. The
// same holds for the other errors that list names (1050 table exists, 1060 duplicate
// column, 1061 duplicate key, 1359 trigger exists …): a resume turns the dump's own error
// into success, silently. The resume must fail where the first run did.
//
// Cause: the first run does not record that the DDL failed (it is merely "not
// committed"), and MayHaveRun cannot tell a DDL that failed from one killed before its
// progress row.
func TestReviewXResumeAfterDDLError(t *testing.T) {
	srv := testsandbox.Start(t)
	dump := writeFile(t, "err.sql", []byte("CREATE DATABASE xr;\nUSE xr;\nCREATE TABLE t (id int PRIMARY KEY, c int);\nINSERT INTO t VALUES (1, 1);\nDROP TABLE nosuch;\nINSERT INTO t VALUES (2, 2);\n"))
	o := importer.Options{Parallel: 2, CheckpointPath: filepath.Join(t.TempDir(), "journal"), SkipRowCounts: true, Log: &strings.Builder{}}
	for _, resume := range []bool{false, true} {
		o.Resume = resume
		res, err := tryImport(t, srv, "", importer.Source{Path: dump}, o)
		if err == nil {
			err = res.Err
		}
		var se *replay.StatementError
		if !errors.As(err, &se) || se.Code != 1051 || se.Line != 5 {
			t.Fatalf("resume %v: %v, %v; want the client's ERROR 1051 at line 5", resume, res.Status, err)
		}
	}
}

// TestReviewXResumeVarsOfRolledBackTransaction: SELECT … INTO @m inside a transaction the
// dump rolls back. A user variable is not transactional: the client's @m keeps its value
// after the ROLLBACK, and a later INSERT reads it. The resume skips the rolled-back
// transaction (its progress row followed the ROLLBACK) and should give @m back from the
// journal (dumpscope_progress.vars); it refuses instead: "--resume cannot give back the
// value this statement gave @m in the interrupted run (it was not journaled: an older
// dumpscope, or …)". It was journaled, inside the dump's transaction, whose ROLLBACK took
// the journal row with it. A refusal that need not be, with a cause that is not the one
// named.
//
// Cause: controller.recordUserVars writes the vars row "in the statement's own
// transaction" (checkpoint.Run.RecordVars); in the dump's own transaction that is the
// dump's, which may end in ROLLBACK, while the variable outlives it.
func TestReviewXResumeVarsOfRolledBackTransaction(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	head := "CREATE DATABASE xr;\nUSE xr;\nCREATE TABLE t (id int PRIMARY KEY, v int);\nINSERT INTO t VALUES (1,1),(2,2);\n" +
		"START TRANSACTION;\nSELECT MAX(id) INTO @m FROM t;\nINSERT INTO t VALUES (3,3);\nROLLBACK;\nCREATE TABLE r (m int);\n"
	dump := head + "INSERT INTO r VALUES (@m);\n"
	runReviewCase(t, ref, srv, reviewCase{db: "xr", dump: dump, stop: int64(strings.Count(head, "\n")), opt: importer.Options{Parallel: 2, BatchBytes: 2 << 10}})
}
