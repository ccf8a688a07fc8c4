package importer_test

import (
	"strings"
	"testing"
)

// TestXFix75SequenceDefaultGiven: rows into the target's empty table whose column has
// DEFAULT NEXTVAL(other.s) pass when they give that column (no column list, or one that
// names it): the default is not used, nothing of the target's moves (not refused); rows
// that leave it out are refused naming the column and the sequence.
func TestXFix75SequenceDefaultGiven(t *testing.T) {
	f := newSessionFixture(t, "")
	setup := []string{"CREATE DATABASE other", "CREATE SEQUENCE other.s START WITH 1 NOCACHE",
		"CREATE TABLE other.e (id int DEFAULT NEXTVAL(other.s), v int)"}
	for name, dump := range map[string]string{
		"no column list": "USE other;\nINSERT INTO e VALUES (5,1),(6,2);\n",
		"named":          "USE other;\nINSERT INTO e (v, `ID`) VALUES (1,5);\n",
	} {
		for mode, o := range x25Modes() {
			t.Run(name+"/"+mode, func(t *testing.T) {
				log := x25Import(t, f, setup, dump, o)
				if !strings.HasPrefix(log, "import: <nil>") {
					t.Errorf("refused: %s", log)
				}
				if got := f.query("SELECT COUNT(*) FROM other.e"); got == "0" {
					t.Errorf("no rows written; %s", log)
				}
			})
		}
	}
	log := x25Import(t, f, setup, "USE other;\nINSERT INTO e (v) VALUES (1);\n", x25Modes()["serial"])
	if want := "without column `id`, whose DEFAULT moves the target's sequence `other`.`s`"; !strings.Contains(log, want) {
		t.Errorf("refusal without %q: %s", want, log)
	}
}

// TestXFix75ChecksumPersistentReopened pins what stop 50 took for the premise of
// difffuzz's overlap snapshot: CHECKSUM TABLE … EXTENDED of this small table with
// PERSISTENT generated columns is stable once the table is reopened (FLUSH TABLES t),
// nothing written. Before the flush the first checksum after the rows were written
// differed (2295229591 against 2744977384 on the sandbox, 10.11): seed 161018's "gc1
// changed" was that, a harness false positive. It does not hold in general: seed 168006's
// gc1 (an indexed VIRTUAL and a STORED column) changed its checksum after a plain FLUSH
// TABLES and differed between fresh sandboxes with the same rows (session 53, x-triage),
// so the overlap snapshot no longer uses CHECKSUM TABLE (internal/difffuzz
// runner_rowsum.go, TestOverlapSnapshotGeneratedColumns).
func TestXFix75ChecksumPersistentReopened(t *testing.T) {
	f := newSessionFixture(t, "")
	for _, q := range []string{"DROP DATABASE IF EXISTS fz0", "CREATE DATABASE fz0",
		"CREATE TABLE fz0.gc1 (id int NOT NULL, a int, s varchar(30), g0 int AS (id % 7) PERSISTENT, g1 bigint GENERATED ALWAYS AS (a + 1000) PERSISTENT, PRIMARY KEY (id)) ENGINE=InnoDB",
		"INSERT INTO fz0.gc1 (id, a, s) VALUES (1,186,'x'),(2,198,'yy'),(3,161,NULL),(4,-190,'z'),(5,64,NULL),(7,NULL,'q')"} {
		f.exec(q)
	}
	var sums []string
	for range 3 {
		f.exec("FLUSH TABLES fz0.gc1")
		var name, sum string
		if err := f.db.QueryRow("CHECKSUM TABLE fz0.gc1 EXTENDED").Scan(&name, &sum); err != nil {
			t.Fatal(err)
		}
		sums = append(sums, sum)
	}
	if sums[0] != sums[1] || sums[1] != sums[2] {
		t.Errorf("CHECKSUM TABLE … EXTENDED after FLUSH TABLES, nothing written: %v", sums)
	}
}
