package importer_test

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestXFix47TemporaryDefaultResent (x-fix47's probe of a note of x-fix45; silent before):
// a temporary table's column with DEFAULT (FLOOR(RAND() * 1000000)) (UUID_SHORT(),
// CONNECTION_ID() likewise), filled by an INSERT that leaves it out or names DEFAULT,
// stopped and resumed (--parallel 2): the resume sent the INSERT again, which took a new
// default, and k got two distinct values where the client's has one (the first four
// cases differed). Refused in one line now (replay's unstableDefault reads the table's
// definition before sending a write again); an ALTER TABLE that adds such a column is
// refused by its own text, as before, now naming RAND. A default that repeats stays
// exact (the last case).
func TestXFix47TemporaryDefaultResent(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	tail := "INSERT INTO k SELECT n + 100, v FROM tt;\nCREATE TABLE chk AS SELECT COUNT(DISTINCT v) AS d FROM k WHERE id IN (1000, 101);\nDELETE FROM k WHERE id IN (1000, 101);\n"
	o := importer.Options{Parallel: 2, BatchBytes: 512}
	for _, c := range []struct{ name, body, refused string }{
		{"default rand", "CREATE TEMPORARY TABLE tt (n int, v int DEFAULT (FLOOR(RAND() * 1000000)));\nINSERT INTO tt (n) VALUES (1);\n", "takes a default that calls RAND()"},
		{"default uuid_short", "CREATE TEMPORARY TABLE tt (n int, v int DEFAULT (UUID_SHORT() % 1000000));\nINSERT INTO tt (n) VALUES (1);\n", "takes a default that calls UUID_SHORT()"},
		{"default connection_id", "CREATE TEMPORARY TABLE tt (n int, v int DEFAULT (CONNECTION_ID()));\nINSERT INTO tt (n) VALUES (1);\n", "takes a default that calls CONNECTION_ID()"},
		{"default rand named", "CREATE TEMPORARY TABLE tt (n int, v int DEFAULT (FLOOR(RAND() * 1000000)));\nINSERT INTO tt VALUES (1, DEFAULT);\n", "takes a default that calls RAND()"},
		{"alter add default rand", "CREATE TEMPORARY TABLE tt (n int);\nINSERT INTO tt VALUES (1);\nALTER TABLE tt ADD v int DEFAULT (FLOOR(RAND() * 1000000));\n", "it calls RAND()"},
		{"default crc32", "CREATE TEMPORARY TABLE tt (n int, v int DEFAULT (CRC32('x') % 1000000));\nINSERT INTO tt (n) VALUES (1);\n", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dump := x15Head + c.body + "INSERT INTO k SELECT 1000, v FROM tt;\n" + x15Rows() + tail
			runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, x15Stop), opt: o, refused: c.refused})
		})
	}
}

// TestXFix47SessionTransactionResumed (x-fix47's probe of x-fix41's note: ParseSet reads
// no assignment from SET SESSION TRANSACTION): a wrapped, plain or EXECUTE IMMEDIATE
// `SET SESSION TRANSACTION ISOLATION LEVEL …` before a stop, read after it on the dump's
// connection. The resume keeps it (passed before any change of x-fix47's): the
// isolation level is not lost.
func TestXFix47SessionTransactionResumed(t *testing.T) {
	ref, srv := testsandbox.Start(t), testsandbox.Start(t)
	for _, c := range []struct{ name, set string }{
		{"wrapped", "/*!40101 SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED */;\n"},
		{"plain", "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED;\n"},
		{"execute immediate", "EXECUTE IMMEDIATE 'SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE';\n"},
	} {
		for mode, opt := range map[string]importer.Options{"parallel 2": {Parallel: 2, BatchBytes: 512}, "serial": {}} {
			t.Run(c.name+"/"+mode, func(t *testing.T) {
				dump := x15Head + "CREATE TABLE u (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;\n" + rowsOf("u", 0, 50) + c.set +
					"SELECT @@session.tx_isolation INTO @iso;\nCREATE TABLE iso AS SELECT @iso AS iso;\n" + rowsOf("u", 50, 100)
				runReviewCase(t, ref, srv, reviewCase{db: "r15", dump: dump, stop: lineOf(t, dump, "SELECT @@session.tx_isolation"), opt: opt})
			})
		}
	}
}

// TestXFix47SessionReadOnlyRefused (x-fix47; loud before): `/*!40101 SET SESSION
// TRANSACTION READ ONLY */; SELECT @@session.tx_read_only INTO @ro; SET SESSION
// TRANSACTION READ WRITE; …`. With progress rows (serial --checkpoint, --parallel 2)
// dumpscope journals @ro on the dump's connection, and the run failed with "journal the
// user variables @ro: Error 1792 (25006): Cannot execute statement in a READ ONLY
// transaction", naming no place, where the client's import ends (a resume met it too;
// every case failed before). Refused in one line at the SET now (replay/readonly.go);
// without progress rows (--load-data) the import is the client's.
func TestXFix47SessionReadOnlyRefused(t *testing.T) {
	for name, set := range map[string]string{
		"wrapped":           "/*!40101 SET SESSION TRANSACTION READ ONLY */;\n",
		"plain":             "SET SESSION TRANSACTION READ ONLY;\n",
		"variable":          "SET SESSION tx_read_only = 1;\n",
		"execute immediate": "EXECUTE IMMEDIATE 'SET SESSION TRANSACTION READ ONLY';\n",
	} {
		dump := "CREATE DATABASE r47;\nUSE r47;\nCREATE TABLE k (id int PRIMARY KEY) ENGINE=InnoDB;\nINSERT INTO k VALUES (1);\n" + set +
			"SELECT @@session.tx_read_only INTO @ro;\nSET SESSION TRANSACTION READ WRITE;\nCREATE TABLE ro AS SELECT @ro AS ro;\n"
		for mode, o := range map[string]importer.Options{
			"serial checkpoint": {CheckpointPath: "x"},
			"parallel 2":        {Parallel: 2},
			"load-data":         {LoadData: true},
		} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				f := newSessionFixture(t, dump)
				f.client()
				want := redump(t, f.srv, "r47")
				f.exec("DROP DATABASE r47")
				if o.CheckpointPath != "" {
					o.CheckpointPath = t.TempDir() + "/cp"
				}
				res := f.dumpscope(o)
				if res.Err != nil {
					if !strings.Contains(res.Err.Error(), "it makes the connection read-only") || !strings.Contains(res.Err.Error(), "line 5") {
						t.Fatalf("not refused in one line that names the place: %v", res.Err)
					}
					return
				}
				if got := redump(t, f.srv, "r47"); got != want {
					t.Errorf("re-dump differs from the client's:\n%s\nthe client's:\n%s", got, want)
				}
			})
		}
	}
}
