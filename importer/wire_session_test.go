package importer_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestParallelWorkerSessionKnown: a worker keeps its connection's session values from
// batch to batch (replay/workersession.go) and forgets them when it replays the dump's
// session statements. The dumps switch between two settings a dozen times, with rows of
// one table after each switch, in batches of one statement, so that a worker's batch
// follows a switch it has not seen yet: the same bytes are other rows under the other
// setting. SET NAMES latin1 makes 'é' (C3 A9 in the file) two characters; USE (of three
// databases: a table's batches tend to stay on one worker) sends the unqualified rows into
// another database's table (a latin1 one in b); under
// EMPTY_STRING_IS_NULL an INSERT stores an empty string as NULL, which a LOAD DATA does not (the
// --load-data converter leaves such rows to the INSERTs). With the values read once and
// never forgotten (the forget in runEntry taken out), every case but binary names under
// sql_mode (where the server reads the rows as the client's) stored other rows than the
// client (with two databases instead of three, use with --load-data only sometimes).
func TestParallelWorkerSessionKnown(t *testing.T) {
	rows := func(b *strings.Builder, from int, value string) {
		for s := 0; s < 3; s++ {
			b.WriteString("INSERT INTO t VALUES ")
			for r := 0; r < 40; r++ {
				if r > 0 {
					b.WriteString(",")
				}
				fmt.Fprintf(b, "(%d,%s)", from+s*40+r, value)
			}
			b.WriteString(";\n")
		}
	}
	dump := func(head string, switches []string, value string) string {
		var b strings.Builder
		b.WriteString(head)
		for k := 0; k < 12; k++ {
			b.WriteString(switches[k%len(switches)])
			rows(&b, 1+k*1000, value)
		}
		return b.String()
	}
	const utf8Table = "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(40)) DEFAULT CHARSET=utf8mb4;\n"
	cases := []struct{ name, dump string }{
		{"set names", dump("/*!40101 SET NAMES utf8mb4 */;\nCREATE DATABASE a;\nCREATE DATABASE b;\nCREATE DATABASE c;\nUSE a;\n"+utf8Table,
			[]string{"/*!40101 SET NAMES utf8mb4 */;\n", "/*!40101 SET NAMES latin1 */;\n"}, "'é-abcdefghij'")},
		{"use", dump("/*!40101 SET NAMES utf8mb4 */;\nCREATE DATABASE a;\nCREATE DATABASE b;\nCREATE DATABASE c;\nUSE b;\nCREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(40) CHARACTER SET latin1);\nUSE c;\n"+utf8Table+"USE a;\n"+utf8Table,
			[]string{"USE a;\n", "USE b;\n", "USE c;\n"}, "'é-abcdefghij'")},
		{"sql_mode", dump("/*!40101 SET NAMES utf8mb4 */;\nCREATE DATABASE a;\nCREATE DATABASE b;\nCREATE DATABASE c;\nUSE a;\n"+utf8Table,
			[]string{"SET sql_mode = '';\n", "SET sql_mode = 'EMPTY_STRING_IS_NULL';\n"}, "''")},
	}
	for _, c := range cases {
		for _, loadData := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s load-data=%v", c.name, loadData), func(t *testing.T) {
				f := newSessionFixture(t, c.dump)
				f.client()
				want := redumps(t, f.srv, "a", "b", "c")
				for _, db := range []string{"a", "b", "c"} {
					f.exec("DROP DATABASE " + db)
				}
				res := f.dumpscope(importer.Options{Parallel: 2, BatchBytes: 1 << 10, LoadData: loadData})
				if res.Err != nil {
					t.Fatalf("%v", res.Err)
				}
				if got := redumps(t, f.srv, "a", "b", "c"); got != want {
					t.Errorf("re-dump differs from the client's:\n%s\nthe client's:\n%s", got, want)
				}
				if loadData && (res.Replay.LoadData == nil || res.Replay.LoadData.Loaded == 0) {
					t.Errorf("no batch was loaded: %+v", res.Replay.LoadData)
				}
				if !loadData && c.name != "sql_mode" && res.Replay.BinaryNames == 0 {
					t.Errorf("no batch ran under binary names")
				}
			})
		}
	}
}

// TestLoadDataWarningsFromWire: a LOAD DATA's warning count is read from its OK packet
// (replay's loadWarnings), not asked for. A LOAD that stores as many rows as the batch has
// but warns must still be replayed as the INSERTs: under strict mode a value out of range
// stops the client with ERROR 1264, where LOAD DATA LOCAL clamps it with a warning; a
// non-strict session's '12x' warns under both and is stored as 12. With the count taken as
// 0, the clamped row was committed and the import went on past the client's error, and
// the truncated rows were loaded, their warnings lost (no batch replayed).
func TestLoadDataWarningsFromWire(t *testing.T) {
	rows := func(b *strings.Builder, from int, value string) {
		for s := 0; s < 3; s++ {
			b.WriteString("INSERT INTO t VALUES ")
			for r := 0; r < 40; r++ {
				if r > 0 {
					b.WriteString(",")
				}
				v := "7"
				if s == 2 && r == 39 {
					v = value
				}
				fmt.Fprintf(b, "(%d,%s)", from+s*40+r, v)
			}
			b.WriteString(";\n")
		}
	}
	for _, c := range []struct{ name, mode, value, fails string }{
		{"strict out of range", "STRICT_ALL_TABLES", "300", "Out of range value"},
		{"non-strict truncated", "", "'12x'", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var d strings.Builder
			fmt.Fprintf(&d, "/*!40101 SET NAMES utf8mb4 */;\nSET sql_mode = '%s';\nCREATE DATABASE a;\nUSE a;\nCREATE TABLE t (id INT PRIMARY KEY, n TINYINT UNSIGNED) DEFAULT CHARSET=utf8mb4;\n", c.mode)
			rows(&d, 1, "7")
			rows(&d, 1000, c.value)
			rows(&d, 2000, "7")
			f := newSessionFixture(t, d.String())
			f.client()
			want := redumps(t, f.srv, "a")
			f.exec("DROP DATABASE a")
			res := f.dumpscope(importer.Options{Parallel: 2, BatchBytes: 16 << 20, LoadData: true})
			if c.fails == "" && res.Err != nil {
				t.Fatalf("%v", res.Err)
			}
			if c.fails != "" && (res.Err == nil || !strings.Contains(res.Err.Error(), c.fails)) {
				t.Errorf("the error does not say %q as the client's does: %v", c.fails, res.Err)
			}
			if c.fails != "" {
				// The failing batch's earlier statements are rolled back with it
				// (docs/import.md, --parallel): the clamped row must not be there.
				if got := f.query("SELECT COUNT(*) FROM a.t WHERE n <> 7"); got != "0" {
					t.Errorf("%s rows other than 7 committed, want none: the clamped value went in", got)
				}
			} else if got := redumps(t, f.srv, "a"); got != want {
				t.Errorf("re-dump differs from the client's:\n%s\nthe client's:\n%s", got, want)
			}
			if ld := res.Replay.LoadData; ld == nil || ld.Replayed == 0 {
				t.Errorf("no LOAD was replayed as INSERTs: %+v", ld)
			}
		})
	}
}
