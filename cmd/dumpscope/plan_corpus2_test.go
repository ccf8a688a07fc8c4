package main

import (
	"bytes"
	"context"
	"database/sql"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/internal/longtest"
	rd "github.com/dumpscope/dumpscope/internal/redump"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// The second differential corpus: scripts in testdata/corpus, each creating its own
// databases, in the styles of the tools that write dumps (mysqldump/mariadb-dump with
// --no-autocommit, --single-transaction, --insert-ignore, --replace, --complete-insert,
// --skip-extended-insert, --hex-blob, --tz-utc, --compact, --skip-add-locks,
// --add-drop-database, --skip-opt; phpMyAdmin, Adminer, HeidiSQL, Navicat, Sequel Ace,
// Laravel's schema:dump, Rails' structure.sql) and hand-written SQL (user variables,
// LAST_INSERT_ID, @@last_insert_id, sequences, PREPARE, HANDLER, SET STATEMENT, savepoints,
// XA, LOCK TABLES … READ, triggers that write other tables, views and MERGE tables as
// INSERT targets, foreign keys checked while parents load, temporary tables, ANSI_QUOTES
// and sql_mode changes mid-dump, time zones, names with dots, INSERT IGNORE / REPLACE /
// ON DUPLICATE KEY UPDATE across batches). Some fail in the client on purpose: dumpscope
// must then fail with the same error at the same line. The scripts were made once with
// the real tools against a sandbox (the mariadb-dump ones) or by hand.

const corpusDir = "testdata/corpus"

// corpusModes are the dumpscope options each script is imported with; JOURNAL becomes a
// fresh journal path, GZ (not a flag) imports a gzip copy of the script (ISA-L in an
// isal build). The first two are the default run (the client's statements, each checked
// for an overwrite before it runs: the target holds the scripts before it) and the
// README's lead form on gzip input.
var corpusModes = [][]string{
	{},
	{"GZ", "--parallel", "2", "--load-data"},
	{"--parallel", "3", "--batch-bytes", "4K"},
	{"--parallel", "3", "--batch-bytes", "4K", "--checkpoint", "JOURNAL"},
	{"--parallel", "3", "--batch-bytes", "4K", "--defer-indexes"},
	{"--parallel", "3", "--batch-bytes", "4K", "--load-data"},
	{"--parallel", "3", "--batch-bytes", "4K", "--load-data", "--defer-indexes", "--checkpoint", "JOURNAL"},
	{"--checkpoint", "JOURNAL", "--defer-indexes"},
	{"--load-data"},
}

// corpusRefusals are the scripts the client runs to their end but dumpscope may only
// refuse, with this text, in the modes that batch rows: a dump whose header names
// mysqldump (so its autocommit=0 rows ran in parallel and committed) ends without
// committing them, which the client rolls back when it disconnects.
var corpusRefusals = map[string]string{
	"autocommit-quit": "the dump ends inside a transaction",
}

// kill9Skip are scripts left out of the kill -9 test, and why: a DML statement on a
// non-transactional table (MyISAM, Aria, MERGE) that commits before its progress row
// can run twice after kill -9 and --resume. Exactly-once resume of those is issue 11's
// checkpoint work; the scripts stay in the differential test.
var kill9Skip = map[string]string{
	"merge-target":  "INSERT through a MERGE table into MyISAM",
	"misc-admin":    "UPDATE of a MyISAM table",
	"engine-change": "DELETE from an Aria table",
}

// clientResult is what the mariadb client did with one script: the databases it created,
// their re-dump, and its error (code and line) when it stopped at one.
type clientResult struct {
	name, path string
	dbs        []string
	dump       []byte
	errCode    string // "" when the script ran to its end
	errLine    string
}

var (
	clientErrRe = regexp.MustCompile(`ERROR (\d+) \([0-9A-Z]+\) at line (\d+)`)
	dsErrRe     = regexp.MustCompile(`line (\d+): [^\n]*ERROR (\d+) \(`)
)

// userDatabases lists the server's databases other than the system ones and dumpscope's.
func userDatabases(t *testing.T, db *sql.DB) []string {
	t.Helper()
	out, err := rd.UserDatabases(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func dropUserDatabases(t *testing.T, db *sql.DB) {
	t.Helper()
	if err := rd.DropUserDatabases(context.Background(), db); err != nil {
		t.Fatal(err)
	}
}

// clientRuns imports every corpus script through the mariadb client into ref, one after
// the other, and records what each did.
func clientRuns(t *testing.T, ref *sandbox.Server) []clientResult {
	t.Helper()
	client := testsandbox.RequireTool(t, "mariadb")
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.sql"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus in %s: %v", corpusDir, err)
	}
	sort.Strings(files)
	var out []clientResult
	db := openDB(t, ref, "") // one pool: a pool per script ran the server out of connections
	dir := t.TempDir()       // the default journal goes beside the dump: not into testdata
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		f = filepath.Join(dir, filepath.Base(f))
		if err := os.WriteFile(f, data, 0o644); err != nil {
			t.Fatal(err)
		}
		before := userDatabases(t, db)
		in, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(client, ref.ClientArgs()...)
		cmd.Stdin = in
		msg, runErr := cmd.CombinedOutput()
		in.Close()
		r := clientResult{name: strings.TrimSuffix(filepath.Base(f), ".sql"), path: f}
		for _, d := range userDatabases(t, db) {
			if !slices.Contains(before, d) {
				r.dbs = append(r.dbs, d)
			}
		}
		if runErr != nil {
			m := clientErrRe.FindSubmatch(msg)
			if m == nil {
				t.Fatalf("mariadb < %s: %v: %s", f, runErr, msg)
			}
			r.errCode, r.errLine = string(m[1]), string(m[2])
		} else if len(r.dbs) == 0 {
			t.Fatalf("%s created no database: the comparison would prove nothing", f)
		}
		if len(r.dbs) > 0 {
			r.dump = redump(t, ref, r.dbs...)
		}
		out = append(out, r)
	}
	return out
}

// TestImportPlanCorpus2: every script of testdata/corpus imported by dumpscope in each of
// corpusModes gives the client's re-dump, or, where the client stops at an error, the same
// error at the same line. By default each script runs in a third of the modes and each
// mode with a third of the scripts, the pairs rotating with a logged seed (the 553 imports
// took 262 s of CI under load); DUMPSCOPE_LONG=1 (scripts/longtests.sh) runs them all.
func TestImportPlanCorpus2(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	results := clientRuns(t, ref)
	srvDB := openDB(t, srv, "")
	sampled := longtest.Every(t, 3)
	for m, mode := range corpusModes {
		dropUserDatabases(t, srvDB)
		for i, c := range results {
			if !sampled(i + m) {
				continue
			}
			args := append([]string{"--no-advisor"}, mode...)
			path := c.path
			for j, a := range args {
				if a == "JOURNAL" {
					args[j] = filepath.Join(t.TempDir(), c.name+".journal")
				}
			}
			if j := slices.Index(args, "GZ"); j >= 0 {
				args = slices.Delete(args, j, j+1)
				data, err := os.ReadFile(c.path)
				if err != nil {
					t.Fatal(err)
				}
				path = compressTo(t, t.TempDir(), c.name, data, "gz")
			}
			code, stdout, stderr := dumpscopeImport(t, srv, args, path)
			if c.errCode != "" {
				m := dsErrRe.FindStringSubmatch(stderr)
				if code == 0 || m == nil || m[1] != c.errLine || m[2] != c.errCode {
					t.Errorf("%v %s: the client stopped with ERROR %s at line %s; dumpscope exit %d:\n%s", mode, c.name, c.errCode, c.errLine, code, stderr)
				}
				continue
			}
			if why, ok := corpusRefusals[c.name]; ok && code != 0 && strings.Contains(stderr, why) {
				continue // refused, saying why: never a silent difference
			}
			if code != 0 {
				t.Errorf("%v %s: exit %d, the client's import succeeded:\n%s", mode, c.name, code, stderr)
				continue
			}
			if strings.Contains(stdout+stderr, "error:") {
				// The summary's row count could not read a table the dump wrote.
				t.Errorf("%v %s: the summary reports an error:\n%s%s", mode, c.name, stdout, stderr)
			}
			if have := redump(t, srv, c.dbs...); !bytes.Equal(c.dump, have) {
				t.Errorf("%v %s: re-dump differs from the client's; first difference at %s", mode, c.name, firstDiff(c.dump, have))
			}
		}
	}
}

// TestImportPlanCorpus2Kill9: the scripts the client runs to their end, imported with
// --parallel 3 and progress rows (with --load-data and --defer-indexes on every other
// one), killed with SIGKILL at random moments and resumed, end as the client's import did,
// or are refused with what to check. By default half the scripts run, in pairs so that
// both sets of options do, rotating with a logged seed; DUMPSCOPE_LONG=1 runs them all.
func TestImportPlanCorpus2Kill9(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	results := clientRuns(t, ref)
	srvDB := openDB(t, srv, "")
	seed := time.Now().UnixNano()
	rng := rand.New(rand.NewSource(seed))
	t.Logf("kill points from seed %d", seed)
	sampled := longtest.Every(t, 2)
	for i, c := range results {
		if _, refused := corpusRefusals[c.name]; c.errCode != "" || refused || kill9Skip[c.name] != "" || !sampled(i/2) {
			continue
		}
		journal := filepath.Join(t.TempDir(), c.name+".journal")
		args := []string{"--checkpoint", journal, "--parallel", "3", "--batch-bytes", "4K"}
		if i%2 == 1 {
			args = append(args, "--load-data", "--defer-indexes")
		}
		if refused := corpusKillAndResume(t, srv, rng, journal, args, c.path, c.name); refused {
			dropCorpusDatabases(t, srvDB, c.dbs)
			continue
		}
		if have := redump(t, srv, c.dbs...); !bytes.Equal(c.dump, have) {
			t.Errorf("%s %v: after kill -9 and --resume the re-dump differs from the client's; first difference at %s", c.name, args, firstDiff(c.dump, have))
		}
	}
}

// corpusKillAndResume runs dumpscope on dump, kills it with SIGKILL a random moment after its
// journal appears (up to three times), resumes until it finishes, and reports whether a
// resume was refused with what to check (the other allowed outcome).
func corpusKillAndResume(t *testing.T, srv *sandbox.Server, rng *rand.Rand, journal string, args []string, dump, name string) (refused bool) {
	t.Helper()
	for attempt := 0; ; attempt++ {
		a := args
		if attempt > 0 {
			if _, err := os.Stat(journal); os.IsNotExist(err) {
				return false // the kill came after the import had finished
			}
			a = append([]string{"--resume"}, args...)
		}
		cmd := dumpscopeProcess(t, srv, append(a, dump)...)
		if attempt < 3 {
			for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
				if _, err := os.Stat(journal); err == nil {
					break
				}
			}
			time.Sleep(time.Duration(rng.Intn(150)) * time.Millisecond)
			_ = cmd.Process.Signal(os.Kill)
		}
		err := cmd.Wait()
		out := cmd.Stdout.(*bytes.Buffer).String()
		if err == nil {
			return false
		}
		if i := refusalAt(out); i >= 0 {
			t.Logf("%s: resume refused: %s", name, out[i:])
			return true
		}
		if ee, ok := err.(*exec.ExitError); (ok && ee.ExitCode() > 0) || attempt >= 3 {
			t.Fatalf("%s: attempt %d failed on its own: %v\n%s", name, attempt, err, out)
		}
	}
}

func dropCorpusDatabases(t *testing.T, db *sql.DB, dbs []string) {
	t.Helper()
	// A run killed between XA PREPARE and its XA COMMIT leaves the XA transaction prepared
	// in the server, holding its locks (the resume refuses and says to end it): end it as
	// the refusal tells the user to, or the DROP waits on its locks.
	rows, err := db.Query("XA RECOVER FORMAT='SQL'")
	if err != nil {
		t.Fatal(err)
	}
	var xids []string
	for rows.Next() {
		var format, gtridLen, bqualLen int
		var xid string
		if err := rows.Scan(&format, &gtridLen, &bqualLen, &xid); err != nil {
			t.Fatal(err)
		}
		xids = append(xids, xid)
	}
	rows.Close()
	for _, xid := range xids {
		if _, err := db.Exec("XA ROLLBACK " + xid); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range dbs {
		if _, err := db.Exec("DROP DATABASE IF EXISTS `" + strings.ReplaceAll(d, "`", "``") + "`"); err != nil {
			t.Fatal(err)
		}
	}
}

// refusalAt returns where out says that --resume refuses, naming what to check (-1: it
// does not): the planner's "--resume cannot recreate …", or the checkpoint package's
// "… may be half applied" for a non-transactional statement the interrupted run was in.
func refusalAt(out string) int {
	for _, s := range []string{"--resume cannot", "may be half applied"} {
		if i := strings.Index(out, s); i >= 0 {
			return i
		}
	}
	return -1
}
