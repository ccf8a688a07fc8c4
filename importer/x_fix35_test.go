package importer_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
	"github.com/google/go-cmp/cmp"
)

// x-fix35 (session 44): a statement that sets user variables from a stored function's
// result outside the dump's transaction (SET @x = g(5), SELECT g(5) INTO @x), killed
// right after it ran; row counts and insert ids a resume gives back.

// x35Modes are the checkpointed modes the kill tests run in: the parallel replay (its
// control connection), one gone serial (a SELECT … INTO @c turns it so), and the serial
// --checkpoint.
func x35Modes() map[string]struct {
	before string
	o      importer.Options
} {
	return map[string]struct {
		before string
		o      importer.Options
	}{
		"parallel":             {"", importer.Options{Parallel: 2, BatchBytes: 512}},
		"parallel gone serial": {"SELECT 5 INTO @c;\n", importer.Options{Parallel: 2, BatchBytes: 512}},
		"serial checkpoint":    {"", importer.Options{}},
	}
}

// TestXFix35FunctionSetKilled: `SET @x = g(5)` (or `SELECT g(5) INTO @x`, `DO @x :=
// g(5)`) outside the dump's transaction, g inserting into a MyISAM table m (or an
// InnoDB one), killed right after it ran: before the next statement is sent, which
// reads the diagnostics area (GET DIAGNOSTICS) or not (nothing owed is written, as when
// the process dies). Such a statement has no progress row, and its user-variable
// journal row waits for the next statement (diagTail.holdVars), after it when it reads
// the area: killed there, the resume found no journal row and ran it again, g's row
// twice where the client has it once. It must end with the client's database, or
// refuse the statement by name as maybe half applied.
func TestXFix35FunctionSetKilled(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, engine := range []string{"MyISAM", "InnoDB"} {
		for _, call := range []string{"SET @x = g(5);", "SELECT g(5) INTO @x;", "DO @x := g(5);"} {
			for _, next := range []string{"GET DIAGNOSTICS @w = NUMBER;", "INSERT INTO k VALUES (1, @x);"} {
				for mode, m := range x35Modes() {
					t.Run(engine+"/"+call+"/"+next+"/"+mode, func(t *testing.T) {
						dump := "CREATE DATABASE x35;\nUSE x35;\n" +
							"CREATE TABLE m (id int, v int) ENGINE=" + engine + ";\n" +
							"CREATE TABLE k (id int PRIMARY KEY, v int) ENGINE=InnoDB;\n" +
							"DELIMITER ;;\nCREATE FUNCTION g(x int) RETURNS int BEGIN INSERT INTO m VALUES (x, 1); RETURN x; END;;\nDELIMITER ;\n" +
							m.before + call + "\n" + next + "\n" + // killed before next is sent
							"INSERT INTO k VALUES (2, 2);\nINSERT INTO k VALUES (3, @x);\n"
						// A SET keeps the area of the statement before it, which the resume
						// skipped: a GET DIAGNOSTICS after it is refused by name (lostState).
						x35KillBefore(t, ref, srv, "x35", dump, lineOf(t, dump, next), m.o, "it may be half applied|cannot recreate the diagnostics area")
					})
				}
			}
		}
	}
}

// x35KillBefore imports dump with the client into ref and into srv with o and a
// checkpoint, killed right before the statement at line is sent (its context cancelled,
// so that nothing owed is written), then resumes; the re-dumps of db must be the same,
// or the resume refuse with refusal (a part of its error, or of one of its |-separated
// alternatives; "" allows none).
func x35KillBefore(t *testing.T, ref, srv *sandbox.Server, db, dump string, line int64, o importer.Options, refusal string) {
	t.Helper()
	x35Kill(t, ref, srv, db, dump, o, refusal, func(o importer.Options, kill func(*split.Statement) error) importer.Options {
		o.OnStatement = func(_ context.Context, st *split.Statement) error {
			if st.Line == line {
				return kill(st)
			}
			return nil
		}
		return o
	})
}

// x35Kill is x35KillBefore with the kill placed by install, which calls kill where the
// first run is to die; it returns what the resume said.
func x35Kill(t *testing.T, ref, srv *sandbox.Server, db, dump string, o importer.Options, refusal string, install func(importer.Options, func(*split.Statement) error) importer.Options) string {
	t.Helper()
	dir, path, cfg := clientFirst(t, ref, srv, dump, db)
	want := redump(t, ref, db)
	o.CheckpointPath = filepath.Join(dir, "journal")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	reached := false
	first := install(o, func(*split.Statement) error {
		reached = true
		cancel()
		return errKilled
	})
	res, err := importer.Import(ctx, cfg, importer.Source{Path: path}, first)
	if (err == nil && res.Status == importer.Finished) || !reached {
		t.Fatalf("first run: %v, %v (the kill reached: %v); want it killed", res, err, reached)
	}
	o.Resume = true
	var log strings.Builder
	o.Log = &log
	res, err = importer.Import(context.Background(), cfg, importer.Source{Path: path}, o)
	if err == nil && res.Err != nil {
		err = res.Err
	}
	for _, r := range strings.Split(refusal, "|") {
		if r != "" && err != nil && strings.Contains(err.Error(), r) {
			t.Logf("the resume refused: %v", err)
			return log.String()
		}
	}
	if err != nil || res.Status != importer.Finished {
		t.Fatalf("resume: %v, %v\n%s", res, err, log.String())
	}
	if have := redump(t, srv, db); have != want {
		t.Errorf("after the kill and the resume the re-dump differs from the client's:\n%s\n%s", cmp.Diff(want, have), log.String())
	}
	return log.String()
}

// TestXFix35TableFreeFunctionNoIntent: `SELECT f(1)` beside a MyISAM table, killed right
// after it returned (before its progress row), in each checkpointed mode. f's body
// writes no table (RETURN x * 2; one that reads k), or the call is a built-in's (ABS):
// no intent, so no CHECKSUM TABLE of every non-transactional table of the server before
// and after it (the cost measured in x-fix35's report: x-fix31's intent of any table for
// a function call, and the planner's global scope of a read-only statement), and the
// resume runs it again without a word of one. f calling w, which writes m, is still
// refused by name as maybe half applied.
func TestXFix35TableFreeFunctionNoIntent(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, c := range map[string]struct{ body, call, refusal string }{
		"pure":           {"RETURN x * 2", "SELECT f(1);", ""},
		"reads a table":  {"BEGIN DECLARE v int; SELECT COUNT(*) INTO v FROM k; RETURN v + x; END", "SELECT f(1);", ""},
		"built-in":       {"RETURN x", "SELECT ABS(-1);", ""},
		"calls a writer": {"RETURN w(x)", "SELECT f(1);", "it may be half applied"},
	} {
		for mode, m := range x35Modes() {
			t.Run(name+"/"+mode, func(t *testing.T) {
				dump := "CREATE DATABASE x35;\nUSE x35;\n" +
					"CREATE TABLE m (id int, v int) ENGINE=MyISAM;\nINSERT INTO m VALUES (0, 0);\n" +
					"CREATE TABLE k (id int PRIMARY KEY) ENGINE=InnoDB;\n" +
					"DELIMITER ;;\nCREATE FUNCTION w(x int) RETURNS int BEGIN INSERT INTO m VALUES (x, 1); RETURN x; END;;\n" +
					"CREATE FUNCTION f(x int) RETURNS int " + c.body + ";;\nDELIMITER ;\n" +
					m.before + c.call + "\nINSERT INTO k VALUES (1);\n"
				line := lineOf(t, dump, c.call)
				said := x35Kill(t, ref, srv, "x35", dump, m.o, c.refusal, func(o importer.Options, kill func(*split.Statement) error) importer.Options {
					return importer.WithAfterDDLHook(o, func(st *split.Statement) error {
						if st.Line == line {
							return kill(st)
						}
						return nil
					})
				})
				if c.refusal == "" && strings.Contains(said, "had not changed") {
					t.Errorf("the resume settled an intent of %s, which writes no table:\n%s", c.call, said)
				}
			})
		}
	}
}
