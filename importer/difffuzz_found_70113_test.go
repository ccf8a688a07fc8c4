package importer_test

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestDiffFuzzFound70113UnknownClientCommand (difffuzz seed 70113, the lead's search of
// session 42; internal/difffuzz/testdata/found/seed-70113-serial.sql): a backslash outside
// a string followed by a byte that names no client command (`\"`, left by the shrinker's
// unbalanced quotes). The mariadb client without --force prints "ERROR at line 5: Unknown
// command '\"'." and stops, sending nothing of that statement; with --force it keeps the
// two bytes and goes on. dumpscope kept
// the bytes in both cases: without --force the server failed the statement with ERROR
// 1064, another error for another reason. Now the splitter stops where the client stops,
// in one line naming the file, line, offset and the client's reason: where a file is read
// ahead (the overwrite preflight, for a target that holds databases) before anything
// runs; otherwise (a stream, an empty target) there, as the client does (the database is
// the client's). With --force both go on alike. Failed before: no
// "Unknown command" in dumpscope's error (ERROR 1064).
func TestDiffFuzzFound70113UnknownClientCommand(t *testing.T) {
	dump := "CREATE DATABASE fz0;\nUSE fz0;\nCREATE TABLE t1 (id int PRIMARY KEY, c varchar(20));\n" +
		"INSERT INTO t1 VALUES (1, 'a');\n" +
		"INSERT INTO t1 VALUES (2, 'b') \\\" ;\n" + // line 5, the backslash at offset 146
		"INSERT INTO t1 VALUES (3, 'c');\n"
	const off = "offset 146, line 5"
	client := func(t *testing.T, force bool) (string, string) {
		ref := testsandbox.Start(t)
		args := ref.ClientArgs()
		if force {
			args = append(args, "--force")
		}
		cmd := exec.Command(testsandbox.RequireTool(t, "mariadb"), args...)
		cmd.Stdin = strings.NewReader(dump)
		out, err := cmd.CombinedOutput()
		want := "ERROR at line 5: Unknown command '\\\"'."
		if (err == nil) == !force || !strings.Contains(string(out), want) {
			t.Fatalf("client (force %v): %v: %s; want %q", force, err, out, want)
		}
		return redumps(t, ref, "fz0"), string(out)
	}
	t.Run("without force", func(t *testing.T) {
		want, _ := client(t, false)
		for name, src := range map[string]importer.Source{
			"file":                 {Path: writeFile(t, "d.sql", []byte(dump))},
			"file with read-ahead": {Path: writeFile(t, "d.sql", []byte(dump))},
			"stream":               {Reader: bytes.NewReader([]byte(dump)), Name: "stdin"},
		} {
			t.Run(name, func(t *testing.T) {
				srv := testsandbox.Start(t)
				db := sandboxDB(t, srv, "")
				if name == "file with read-ahead" {
					// A database in the target: the overwrite preflight reads the file ahead.
					if _, err := db.Exec("CREATE DATABASE other0"); err != nil {
						t.Fatal(err)
					}
				}
				res, err := tryImport(t, srv, "", src, importer.Options{PreflightScan: name == "file with read-ahead"})
				if err == nil && res != nil {
					err = res.Err
				}
				if err == nil || !strings.Contains(err.Error(), off) || !strings.Contains(err.Error(), "Unknown command '\\\"'") || strings.Contains(err.Error(), "\n") {
					t.Fatalf("%v; want one line naming %s and the client's Unknown command '\\\"'", err, off)
				}
				if strings.Contains(err.Error(), "1064") {
					t.Fatalf("%v: the server ran the statement", err)
				}
				var n int
				if err := db.QueryRow("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'fz0'").Scan(&n); err != nil {
					t.Fatal(err)
				}
				switch {
				case name == "file with read-ahead" && (n != 0 || !strings.HasPrefix(err.Error(), "preflight: ")):
					t.Fatalf("%v (fz0 made: %v); want the read-ahead to refuse before anything runs", err, n != 0)
				case name != "file with read-ahead":
					sameDump(t, name+" stopped where the client stops", want, redumps(t, srv, "fz0"))
				}
			})
		}
	})
	t.Run("with force", func(t *testing.T) {
		want, _ := client(t, true)
		srv := testsandbox.Start(t)
		res, err := tryImport(t, srv, "", importer.Source{Path: writeFile(t, "d.sql", []byte(dump))}, importer.Options{Force: true})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != importer.Finished {
			t.Errorf("with Force: %v, %v; want it finished as the client does", res.Status, res.Err)
		}
		sameDump(t, "with force", want, redumps(t, srv, "fz0"))
	})
}
