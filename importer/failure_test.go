package importer_test

// How an import that fails ends: what the Result says ran, and the schema it leaves.
// (They lived in cmd/dumpscope and read its summary.)

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestImportParallelFailureOffset: when a batch fails on several connections, batches of
// other connections may be ahead of it or behind it. Those before it still run, and the
// Result's "everything up to offset X was executed" (Replay.Bytes) must hold: every row of the
// statements that end before X is in the server, X is the failed batch's start, and the
// error names the failed statement (the first in the stream when two fail).
func TestImportParallelFailureOffset(t *testing.T) {
	srv := testsandbox.Start(t)
	var dump bytes.Buffer
	dump.WriteString("CREATE DATABASE pfail;\nUSE pfail;\nCREATE TABLE t (id int PRIMARY KEY, v varchar(64));\n")
	type stmt struct{ end, rows int }
	var stmts []stmt
	bad := -1
	id := 0
	for i := 0; i < 200; i++ {
		start := dump.Len()
		dump.WriteString("INSERT INTO t VALUES ")
		for r := 0; r < 40; r++ {
			id++
			v, val := id, "'"+strings.Repeat("v", 50)+"'"
			if (i == 118 || i == 130) && r == 20 {
				v = 5 // a duplicate key: ERROR 1062 in the middle of the rows
				if bad < 0 {
					bad = start
					// The first failure in the stream comes second in time: its row
					// sleeps a second while the other connection reaches statement 130.
					val = "IF(SLEEP(1)=0,'slow','')"
				}
			}
			if r > 0 {
				dump.WriteByte(',')
			}
			fmt.Fprintf(&dump, "(%d,%s)", v, val)
		}
		dump.WriteString(";\n")
		stmts = append(stmts, stmt{dump.Len(), 40})
	}
	path := writeFile(t, "pfail.sql", dump.Bytes())
	res := importFile(t, srv, "", path, importer.Options{Parallel: 2, BatchBytes: 8 << 10})
	var se *importer.StatementError
	if res.Status != importer.Failed || !errors.As(res.Err, &se) {
		t.Fatalf("status %v, err %v: want Failed with a StatementError", res.Status, res.Err)
	}
	// Two statements fail, in batches that run at once on two connections, the later one
	// first; the one reported is the first in the stream: line 122 (three lines of DDL,
	// then one INSERT per line). Its offset is where its span begins, the newline
	// before it.
	if se.Offset != int64(bad-1) || se.Line != 122 || se.Code != 1062 {
		t.Errorf("the error does not name the first failed statement (offset %d, line 122, ERROR 1062): %v (offset %d)", bad-1, se, se.Offset)
	}
	upTo := int(res.Replay.Bytes)
	if upTo > bad {
		t.Errorf("the result says everything up to offset %d ran, past the failed statement at %d", upTo, bad)
	}
	// Batches before the failed one (8K each) still run; only the failed batch's
	// earlier statements roll back with it.
	if bad-upTo > 8<<10 {
		t.Errorf("the result says everything up to offset %d ran: more than the failed batch before %d was left out", upTo, bad)
	}
	want := 0
	for _, s := range stmts {
		if s.end <= upTo {
			want += s.rows
		}
	}
	db := sandboxDB(t, srv, "pfail")
	var below int
	if err := db.QueryRow("SELECT COUNT(*) FROM t WHERE id <= ?", want).Scan(&below); err != nil {
		t.Fatal(err)
	}
	if below != want {
		t.Errorf("the result says everything up to offset %d ran (%d rows), but the server has %d of them", upTo, want, below)
	}
	t.Logf("failed at %d; everything up to %d (%d rows) ran", bad, upTo, want)
}

// TestImportDeferIndexesFailureKeepsSchema: DeferIndexes holds a table's plain keys
// back until its rows are in. When a run that cannot be resumed (stdin without
// --checkpoint) fails before that point, the keys are still added: the tables it created
// must not be left without them.
func TestImportDeferIndexesFailureKeepsSchema(t *testing.T) {
	srv := testsandbox.Start(t)
	var dump bytes.Buffer
	dump.WriteString("CREATE DATABASE dfail;\nUSE dfail;\n" +
		"CREATE TABLE `t` (\n  `id` int(11) NOT NULL,\n  `k` int(11) NOT NULL,\n  PRIMARY KEY (`id`),\n  KEY `k_1` (`k`)\n) ENGINE=InnoDB;\n")
	for i := 0; i < 20; i++ {
		fmt.Fprintf(&dump, "INSERT INTO t VALUES (%d,%d),(%d,%d);\n", 2*i, i, 2*i+1, i)
	}
	// ERROR 1064 on the control connection, in a statement of another table, which stops
	// the stream before t's ENABLE KEYS.
	dump.WriteString("CREATE TABLE u (id int PRIMARY KEY, bogus);\n")
	dump.WriteString("/*!40000 ALTER TABLE `t` ENABLE KEYS */;\n")
	res := importSource(t, srv, "", importer.Source{Reader: bytes.NewReader(dump.Bytes()), Name: "stdin", Stdin: true},
		importer.Options{Parallel: 2, DeferIndexes: true})
	var se *importer.StatementError
	if res.Status != importer.Failed || !errors.As(res.Err, &se) || se.Code != 1064 {
		t.Fatalf("status %v, err %v: want Failed with ERROR 1064", res.Status, res.Err)
	}
	db := sandboxDB(t, srv, "dfail")
	var name, create string
	if err := db.QueryRow("SHOW CREATE TABLE t").Scan(&name, &create); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(create, "KEY `k_1` (`k`)") {
		t.Errorf("after the failed run, t lacks the key held back:\n%s", create)
	}
}

// TestImportDeferIndexesCreateFails: under Force a CREATE TABLE that fails because the
// table exists (the dump has no DROP) does not hand its held-back keys to the table that
// was there: DeferIndexes must not add keys to a table the dump did not create.
func TestImportDeferIndexesCreateFails(t *testing.T) {
	srv := testsandbox.Start(t)
	db := sandboxDB(t, srv, "")
	for _, q := range []string{"CREATE DATABASE dexist", "CREATE TABLE dexist.t (id int PRIMARY KEY, k int NOT NULL)"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	dump := "USE dexist;\n" +
		"CREATE TABLE `t` (\n  `id` int(11) NOT NULL,\n  `k` int(11) NOT NULL,\n  PRIMARY KEY (`id`),\n  KEY `k_1` (`k`)\n) ENGINE=InnoDB;\n" +
		"INSERT INTO t VALUES (1,1),(2,2);\n"
	path := writeFile(t, "dexist.sql", []byte(dump))
	res := importFile(t, srv, "", path, importer.Options{Parallel: 2, DeferIndexes: true, Force: true, Overwrite: true})
	if res.Status != importer.Finished || res.Replay.Errors != 1 || len(res.Replay.ErrorList) != 1 || res.Replay.ErrorList[0].Code != 1050 {
		t.Fatalf("status %v, %d tolerated errors %v: want Finished with ERROR 1050 listed", res.Status, res.Replay.Errors, res.Replay.ErrorList)
	}
	var name, create string
	if err := db.QueryRow("SHOW CREATE TABLE dexist.t").Scan(&name, &create); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(create, "k_1") {
		t.Errorf("the existing table got the failed CREATE's key:\n%s", create)
	}
}
