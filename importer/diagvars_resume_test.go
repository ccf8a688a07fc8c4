package importer_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
	"github.com/google/go-cmp/cmp"
)

// The user-variable journal's rows wait for a reader of the diagnostics area (replay's
// diagTail.holdVars): a SELECT … INTO @d that warns, then GET DIAGNOSTICS, SET @w =
// @@warning_count or a CALL that reads it; and SHOW WARNINGS between an INSERT IGNORE
// that warns and its reader once a trigger sets @trg. Each dump is killed right before
// each of its statements from the warning on is sent (nothing owed is written, as when
// the process dies), and stopped after each, then resumed: the re-dump must be the
// client's (a stop settles a progress row owed, and the resume may refuse the reader after
// it instead, by name) (TestDiffFuzzFound2SelectIntoDiagnostics
// and …ShowWarningsAfterTriggerVars without the kills).

// diagVarsDumps are the dumps, each with the line its warning is on.
func diagVarsDumps() map[string]string {
	const head = "SET NAMES utf8mb4;\nCREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE sv (n int PRIMARY KEY, name varchar(40), v varchar(400)) ENGINE=InnoDB;\n" +
		"CREATE TABLE k (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n"
	const tail = "INSERT INTO k VALUES (1, 'a'), (2, 'b');\nINSERT INTO sv (n, name, v) VALUES (2, 'w again', @w), (3, 'd', @d);\n"
	const trigger = "CREATE TABLE t3 (id int) ENGINE=Aria;\n" +
		"DELIMITER ;;\nCREATE TRIGGER trg4 BEFORE INSERT ON t3 FOR EACH ROW\nBEGIN\n  SET @trg = COALESCE(@trg, 0) + 1;\nEND ;;\nDELIMITER ;\n" +
		"INSERT INTO t3 VALUES (1);\n"
	readers := map[string]string{
		"get-diagnostics": "GET DIAGNOSTICS @w = NUMBER;\n",
		"set":             "SET @w = @@warning_count + @@error_count;\n",
		"call":            "CALL p();\n",
	}
	out := map[string]string{}
	for name, reader := range readers {
		proc := ""
		if name == "call" {
			proc = "CREATE PROCEDURE p() SELECT @@warning_count INTO @w;\n"
		}
		out["select-into, "+name] = head + proc + "SELECT CAST('7x' AS SIGNED) INTO @d;\n" + reader +
			"INSERT INTO sv (n, name, v) VALUES (1, 'w', @w);\n" + tail
	}
	out["trigger-var, show-warnings"] = head + trigger +
		"INSERT IGNORE INTO sv (n, name, v) VALUES (7, 'd', 'a'), (7, 'd', 'b');\nSHOW WARNINGS;\nGET DIAGNOSTICS @w = NUMBER;\n" +
		"INSERT INTO sv (n, name, v) VALUES (1, 'w', @w);\nINSERT INTO t3 VALUES (2);\n" + tail +
		"INSERT INTO sv (n, name, v) VALUES (4, 'trg', @trg);\n"
	return out
}

func TestDiagVarsKilledOrStopped(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for name, dump := range diagVarsDumps() {
		warning := "INTO @d;"
		if strings.HasPrefix(name, "trigger-var") {
			warning = "INSERT IGNORE"
		}
		first := lineOf(t, dump, warning)
		last := int64(strings.Count(dump, "\n"))
		for line := first; line <= last; line++ {
			for _, kill := range []bool{true, false} {
				how := "stopped after"
				if kill {
					how = "killed before"
				}
				t.Run(fmt.Sprintf("%s, %s line %d", name, how, line), func(t *testing.T) {
					runDiagVarsCase(t, ref, srv, dump, line, kill)
				})
			}
		}
	}
}

// errKilled ends the first run of runDiagVarsCase.
var errKilled = errors.New("killed")

// runDiagVarsCase imports dump with the client into ref and into srv with --parallel 2
// and a checkpoint, killed right before the statement at line is sent (kill: its context
// cancelled, so that nothing owed is written) or stopped after it, then resumed; the
// re-dumps of fz0 must be the same.
func runDiagVarsCase(t *testing.T, ref, srv *sandbox.Server, dump string, line int64, kill bool) {
	t.Helper()
	runDiagVarsCaseOr(t, ref, srv, dump, line, kill, false)
}

// runDiagVarsCaseOr is runDiagVarsCase; killRefused: after a kill too, the resume may
// refuse a reader of the diagnostics area in one line instead (a statement before it
// skipped: skipState.lostState).
func runDiagVarsCaseOr(t *testing.T, ref, srv *sandbox.Server, dump string, line int64, kill, killRefused bool) {
	t.Helper()
	dir, path, cfg := clientFirst(t, ref, srv, dump, "fz0")
	want := redump(t, ref, "fz0")
	o := importer.Options{Parallel: 2, BatchBytes: 512, CheckpointPath: filepath.Join(dir, "journal")}
	if kill {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		o.OnStatement = func(_ context.Context, st *split.Statement) error {
			if st.Line == line {
				cancel()
				return errKilled
			}
			return nil
		}
		res, err := importer.Import(ctx, cfg, importer.Source{Path: path}, o)
		if err == nil && res.Status == importer.Finished {
			t.Fatalf("first run: %v; want it killed at line %d", res, line)
		}
		o.OnStatement = nil
	} else if res, err := importer.Import(context.Background(), cfg, importer.Source{Path: path}, stopAfter(line, o)); err != nil || res.Status != importer.Interrupted {
		t.Fatalf("first run: %v, %v", res, err)
	}
	o.Stop = nil
	o.Resume = true
	var log strings.Builder
	o.Log = &log
	res, err := importer.Import(context.Background(), cfg, importer.Source{Path: path}, o)
	if err == nil && res.Err != nil {
		err = res.Err
	}
	if (!kill || killRefused) && err != nil && strings.Contains(err.Error(), "--resume cannot recreate the diagnostics area") {
		// A stop settles a statement's progress row that waited for a reader: the resume
		// skips the statement, and refuses the reader after it (TestDiagnosticsAfterStatementKilledOrStopped).
		t.Logf("the resume refused the reader: %v", err)
		return
	}
	if err != nil || res.Status != importer.Finished {
		t.Fatalf("resume: %v, %v\n%s", res, err, log.String())
	}
	if have := redump(t, srv, "fz0"); have != want {
		t.Errorf("after the first run and the resume the re-dump differs from the client's:\n%s\n%s", cmp.Diff(want, have), log.String())
	}
}

// TestDiagVarsRowCount: GET DIAGNOSTICS @w = ROW_COUNT right after a statement whose user
// variables are journaled with no progress row (SELECT … INTO @d, SET @d = (SELECT …)),
// alone and with NUMBER, after SHOW WARNINGS and in a run with a trigger that sets @trg.
// Once the journal's row waited for the reader, the reader still read −1 (the SELECT of
// the values, the replay's SELECT ROW_COUNT() and warning count) or 0 (the START
// TRANSACTION of the journal's row) where the client's read the statement's count
// (difffuzz seed 42002, its script; diagTail's giveRowCount).
func TestDiagVarsRowCount(t *testing.T) {
	seed, err := os.ReadFile("../internal/difffuzz/testdata/found/seed-42002-parallel.sql")
	if err != nil {
		t.Fatal(err)
	}
	const head = "SET NAMES utf8mb4;\nCREATE DATABASE fz0;\nUSE fz0;\n" +
		"CREATE TABLE sv (n int AUTO_INCREMENT PRIMARY KEY, name varchar(40), v varchar(400)) ENGINE=InnoDB;\n" +
		"CREATE TABLE k (id int PRIMARY KEY) ENGINE=InnoDB;\n"
	const store = "INSERT INTO sv (name, v) VALUES ('w', @w), ('r', @r);\n"
	cases := map[string]string{
		"seed-42002":    string(seed),
		"one row":       head + "SELECT CAST('7x' AS SIGNED) INTO @d;\nGET DIAGNOSTICS @w = NUMBER, @r = ROW_COUNT;\n" + store,
		"no row":        head + "SELECT id INTO @d FROM k;\nGET DIAGNOSTICS @r = ROW_COUNT, @w = NUMBER;\n" + store,
		"set":           head + "SET @d = (SELECT COUNT(*) FROM k);\nGET DIAGNOSTICS @r = ROW_COUNT;\n" + store,
		"rows returned": head + "SELECT @d := COUNT(*) FROM k;\nGET DIAGNOSTICS @r = ROW_COUNT;\n" + store,
		"show warnings": head + "SELECT CAST('7x' AS SIGNED) INTO @d;\nSHOW WARNINGS;\nGET DIAGNOSTICS @r = ROW_COUNT, @w = NUMBER;\n" + store,
		"trigger var": head + "CREATE TABLE t3 (id int) ENGINE=InnoDB;\nCREATE TRIGGER trg4 BEFORE INSERT ON t3 FOR EACH ROW SET @trg = COALESCE(@trg, 0) + 1;\n" +
			"SELECT CAST('7x' AS SIGNED) INTO @d;\nGET DIAGNOSTICS @r = ROW_COUNT, @w = NUMBER;\n" + store +
			"INSERT IGNORE INTO t3 VALUES (1), (2);\nGET DIAGNOSTICS @r = ROW_COUNT;\n" + store,
	}
	for name, dump := range cases {
		for mode, o := range map[string]importer.Options{
			"parallel":     {Parallel: 3, BatchBytes: 2 << 10},
			"checkpointed": checkpointed(t),
		} {
			t.Run(name+"/"+mode, func(t *testing.T) { importMatchesClient(t, dump, o, "fz0") })
		}
	}
}
