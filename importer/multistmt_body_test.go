package importer_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
	"github.com/spf13/pflag"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/internal/dbconn"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// bodyThenMore are texts under DELIMITER // that hold a statement with a body and more
// statements after its END: the mariadb client sends each whole, and its server
// (CLIENT_MULTI_STATEMENTS) ends the routine's or compound statement's text at its END
// and runs what follows as statements of their own.
var bodyThenMore = []string{
	"CREATE PROCEDURE p() BEGIN INSERT INTO lg VALUES (1); INSERT INTO lg VALUES (2); END; CALL p()",
	"DROP FUNCTION IF EXISTS f; CREATE FUNCTION f(x int) RETURNS int DETERMINISTIC RETURN x * 2; INSERT INTO lg VALUES (f(21))",
	"CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN IF NEW.v = 'x' THEN SET NEW.v = 'y'; END IF; END; INSERT INTO t VALUES (500, 'x')",
	"CREATE PROCEDURE q(IN n int) l1: BEGIN DECLARE i int DEFAULT 0; DECLARE CONTINUE HANDLER FOR SQLSTATE '23000' BEGIN INSERT INTO lg VALUES (-1); END; " +
		"w: WHILE i < n DO SET i = i + 1; INSERT INTO lg VALUES (100 + i); END WHILE w; " +
		"REPEAT SET i = i - 1; UNTIL i <= CASE WHEN n > 5 THEN 1 ELSE 0 END END REPEAT; " +
		"CASE WHEN n > 1 THEN INSERT INTO t VALUES (1, 'dup'); ELSE BEGIN END; END CASE; END l1; CALL q(2); INSERT INTO lg VALUES (7)",
	"BEGIN NOT ATOMIC INSERT INTO lg VALUES (8); END; INSERT INTO lg VALUES (9)",
	"IF (SELECT COUNT(*) FROM lg) > 0 THEN INSERT INTO lg VALUES (10); END IF; INSERT INTO lg VALUES (11)",
}

func bodyThenMoreDump() string {
	return "SET NAMES utf8mb4;\nCREATE DATABASE mb;\nUSE mb;\n" +
		"CREATE TABLE t (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		"CREATE TABLE lg (n int) ENGINE=InnoDB;\n" +
		x7Rows("t", 1, 41) + "DELIMITER //\n" + strings.Join(bodyThenMore, " //\n") + " //\nDELIMITER ;\n" +
		x7Rows("t", 200, 241) + "CALL q(1);\nINSERT INTO lg VALUES (f(50));\n"
}

// TestServerPartsAfterBody (x-fix37): a statement after a routine's or compound
// statement's END in the same text ran with the body as one statement, which the server
// refused (ERROR 1064) in every mode, where the client's server ran both. Each mode now
// ends with the client's database. Failed before in every subtest (ERROR 1064).
func TestServerPartsAfterBody(t *testing.T) {
	dump := bodyThenMoreDump()
	for name, o := range map[string]importer.Options{
		"serial":        {},
		"parallel":      {Parallel: 2, BatchBytes: 512},
		"load-data":     {LoadData: true, Parallel: 2},
		"defer-indexes": {DeferIndexes: true, Parallel: 2, BatchBytes: 512},
		"checkpoint":    checkpointed(t),
	} {
		t.Run(name, func(t *testing.T) { importMatchesClient(t, dump, o, "mb") })
	}
}

// TestServerPartsAfterBodyStops (x-fix37): the parts of those texts are progress units as
// any part is (x-fix29): a stop at the statement after a body's END (CALL p(), the INSERT
// that calls f, CALL q(2)), or a kill before it, resumes there with the client's
// database: the routine made once, its caller run once.
func TestServerPartsAfterBodyStops(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := bodyThenMoreDump()
	o := importer.Options{Parallel: 2, BatchBytes: 512}
	for _, part := range []string{"CALL p()", "INSERT INTO lg VALUES (f(21))", "CALL q(2)", "INSERT INTO lg VALUES (9)"} {
		t.Run("stop at "+part, func(t *testing.T) {
			partsResumeDBs(t, ref, srv, dump, o, []string{"mb"}, "", func(o importer.Options, killed error) importer.Options {
				stop := make(chan struct{})
				o.Stop = stop
				o.OnStatement = func(_ context.Context, st *split.Statement) error {
					if string(st.SQL) == part {
						close(stop)
					}
					return nil
				}
				return o
			})
		})
		t.Run("killed before "+part, func(t *testing.T) {
			partsResumeDBs(t, ref, srv, dump, o, []string{"mb"}, "", func(o importer.Options, killed error) importer.Options {
				o.OnStatement = func(_ context.Context, st *split.Statement) error {
					if string(st.SQL) == part {
						return killed
					}
					return nil
				}
				return o
			})
		})
	}
}

// TestX37RoutineCharsetAfterStop (found by x-fix37): a dump without SET NAMES creates a
// procedure, and the import is stopped in the rows after it and resumed (serial and
// --parallel 2, checkpointed). The procedure's character_set_client, _results and
// collation_connection were utf8mb4 where the client's were utf8mb3: the harness's, not
// the resume's. partsResumeDBs connected with the driver's default (utf8mb4) where the
// mariadb client of the reference, and dumpscope's CLI (dbconn, as TestServerPartsAfterBody
// imports), take the locale's (utf8mb3 here): the first run created the procedure in
// utf8mb4 before the stop, and a straight import through that connection does the same.
// Connected as the client (clientLikeConfig), the first run matches; and a resume whose
// own connection defaults to another character set still sets the interrupted run's
// again (checkpoint's restoreCharset, Journal.Charset) for what it sends: the procedure
// is created after the stop here, by the resume.
func TestX37RoutineCharsetAfterStop(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	dump := "CREATE DATABASE mb;\nUSE mb;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" +
		x7Rows("t", 1, 41) + "DELIMITER //\nCREATE PROCEDURE p() BEGIN DO 1; END //\nDELIMITER ;\n" + x7Rows("t", 200, 241) +
		"DELIMITER //\nCREATE PROCEDURE p2() BEGIN DO 2; END //\nDELIMITER ;\n" + x7Rows("t", 300, 341)
	dir := t.TempDir()
	path := filepath.Join(dir, "d.sql")
	if err := os.WriteFile(path, []byte(dump), 0o600); err != nil {
		t.Fatal(err)
	}
	resetDBs(t, ref, "mb")
	clientImport(t, ref, path)
	want := redumps(t, ref, "mb")
	if !strings.Contains(want, "character_set_client  = utf8mb3") {
		t.Fatalf("the client's procedure is not utf8mb3 (the locale's default changed?):\n%s", want)
	}
	driverDefault, err := mysql.ParseDSN(srv.DSN("")) // utf8mb4: another locale's
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []struct {
		name string
		o    importer.Options
	}{{"parallel", importer.Options{Parallel: 2, BatchBytes: 512}}, {"serial", importer.Options{}}} {
		for _, resumeAs := range []struct {
			name string
			cfg  *mysql.Config
		}{{"resumed as the client", clientLikeConfig(t, srv)}, {"resumed under another default", driverDefault}} {
			t.Run(mode.name+", "+resumeAs.name, func(t *testing.T) {
				resetDBs(t, srv, "mb", "dumpscope_progress")
				o := mode.o
				o.CheckpointPath, o.SkipWarningCount = filepath.Join(t.TempDir(), "journal"), true
				first := o
				stop := make(chan struct{})
				first.Stop = stop
				n := 0
				first.OnStatement = func(_ context.Context, st *split.Statement) error {
					if st.Kind == split.KindInsert {
						if n++; n == 3 { // in t's rows between the procedures
							close(stop)
						}
					}
					return nil
				}
				ctx := context.Background()
				if res, err := importer.Import(ctx, clientLikeConfig(t, srv), importer.Source{Path: path}, first); err != nil || res.Status != importer.Interrupted {
					t.Fatalf("first run: %v, %v; want it stopped", res, err)
				}
				o.Resume = true
				res, err := importer.Import(ctx, resumeAs.cfg, importer.Source{Path: path}, o)
				if err == nil {
					err = res.Err
				}
				if err != nil || res.Status != importer.Finished {
					t.Fatalf("resume: %v, %v", res, err)
				}
				sameDump(t, mode.name+", "+resumeAs.name, want, redumps(t, srv, "mb"))
			})
		}
	}
}

// clientLikeConfig is how dumpscope's CLI connects to srv with --no-defaults: the
// character set the mariadb client takes (dbconn, from the locale), as tryImport.
func clientLikeConfig(t *testing.T, srv *sandbox.Server) *mysql.Config {
	t.Helper()
	fs := pflag.NewFlagSet("import", pflag.ContinueOnError)
	conn := dbconn.AddFlags(fs)
	if err := fs.Parse([]string{"--no-defaults"}); err != nil {
		t.Fatal(err)
	}
	conn.TargetSandbox(srv.Socket)
	cfg, err := conn.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// resetDBs drops dbs on srv.
func resetDBs(t *testing.T, srv *sandbox.Server, dbs ...string) {
	t.Helper()
	db := sandboxDB(t, srv, "")
	for _, name := range dbs {
		if _, err := db.Exec("DROP DATABASE IF EXISTS " + name); err != nil {
			t.Fatal(err)
		}
	}
}
