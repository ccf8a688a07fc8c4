package importer_test

import (
	"context"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestXFix69SequenceInRowInsert (reread item 3): the target holds the sequence other.s; a
// dump whose INSERT … SELECT (or VALUES of NEXTVAL) moves it ran without --overwrite, the
// per-statement check skipping every INSERT. It is refused now, named, and other.s is
// where it was; rows of literal values into the dump's own table pass.
func TestXFix69SequenceInRowInsert(t *testing.T) {
	f := newSessionFixture(t, "")
	for name, tc := range map[string]struct {
		o    importer.Options
		stmt string
	}{
		"serial select":      {importer.Options{}, "INSERT INTO log SELECT SETVAL(other.s, 1000)"},
		"serial values":      {importer.Options{}, "INSERT INTO log VALUES (1), (NEXTVAL(other.s))"},
		"parallel 2 values":  {importer.Options{Parallel: 2}, "INSERT INTO log VALUES (NEXT VALUE FOR other.s)"},
		"preflight-scan sel": {importer.Options{Parallel: 2, PreflightScan: true}, "INSERT INTO log SELECT SETVAL(other.s, 1000)"},
	} {
		t.Run(name, func(t *testing.T) {
			for _, q := range x23Other {
				f.exec(q)
			}
			f.exec("CREATE SEQUENCE other.s")
			path := writeFile(t, "d.sql", []byte("CREATE DATABASE IF NOT EXISTS fresh69;\nUSE fresh69;\nDROP TABLE IF EXISTS log;\nCREATE TABLE log (v bigint);\nINSERT INTO log VALUES (7),(8);\n"+tc.stmt+";\n"))
			var log strings.Builder
			o := tc.o
			o.Log = &log
			res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: path}, o)
			if err == nil {
				err = res.Err
			}
			if err == nil || !strings.Contains(err.Error()+log.String(), "`other`.`s`") {
				t.Errorf("import: %v; want it refused naming other.s\n%s", err, log.String())
			}
			if got := f.query("SELECT next_not_cached_value FROM other.s"); got != "1" {
				t.Errorf("other.s's next value %q, want 1 (not moved without --overwrite)", got)
			}
			f.exec("DROP DATABASE IF EXISTS fresh69")
		})
	}
}

// TestXFix69SeveralTargetTriggers (reread item 4): other.e, empty, has two triggers, the
// first made under ANSI_QUOTES (INSERT INTO "k": the table other.k), the second under the
// default sql_mode ("a" a string). The bodies were joined and read under the second's
// quoting, where "k" is a string: the rows into other.e passed and its trigger wrote
// other.k. Each trigger is judged under its own sql_mode now.
func TestXFix69SeveralTargetTriggers(t *testing.T) {
	f := newSessionFixture(t, "")
	for _, q := range x23Other {
		f.exec(q)
	}
	f.exec("CREATE TABLE other.e (i int)")
	f.exec("SET sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES')")
	f.exec(`CREATE TRIGGER other.tr1 AFTER INSERT ON other.e FOR EACH ROW INSERT INTO "k" VALUES (NEW.i + 100)`)
	f.exec("SET sql_mode = REPLACE(@@sql_mode, 'ANSI_QUOTES', '')")
	f.exec(`CREATE TRIGGER other.tr2 AFTER INSERT ON other.e FOR EACH ROW FOLLOWS tr1 SET @x = "a"`)
	path := writeFile(t, "d.sql", []byte("USE other;\nINSERT INTO e VALUES (1),(2);\n"))
	var log strings.Builder
	res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: path}, importer.Options{Log: &log})
	if err == nil {
		err = res.Err
	}
	const want = "INSERT INTO `other`.`e`, whose trigger runs INSERT INTO \"k\" VALUES (NEW.i + 100) (offset 10, line 2), which writes into what exists in the target"
	if err == nil || !strings.Contains(err.Error()+log.String(), want) {
		t.Errorf("import: %v; want it refused naming %q\n%s", err, want, log.String())
	}
	if got := f.query("SELECT GROUP_CONCAT(i ORDER BY i) FROM other.k"); got != "1" {
		t.Errorf("other.k holds %q, want 1 (not overwritten without --overwrite)", got)
	}
}

// TestXFix69TriggerWithoutTriggerRight (reread item 4, second bullet): an account with
// INSERT on other.e but no TRIGGER sees its trigger listed with the body NULL (MariaDB
// 10.11, information_schema.TRIGGERS; the reread took it for no row at all): rows into
// other.e, empty, are refused in one line naming the table and the right that would let
// the body be read.
func TestXFix69TriggerWithoutTriggerRight(t *testing.T) {
	f := newSessionFixture(t, "")
	for _, q := range x23Other {
		f.exec(q)
	}
	f.exec("CREATE TABLE other.e (i int)")
	f.exec("CREATE TRIGGER other.tre AFTER INSERT ON other.e FOR EACH ROW INSERT INTO other.k VALUES (NEW.i + 100)")
	for _, q := range []string{"DROP USER IF EXISTS x69@localhost", "CREATE USER x69@localhost", "GRANT ALL ON fresh.* TO x69@localhost",
		"GRANT SELECT, INSERT ON other.* TO x69@localhost"} {
		f.exec(q)
	}
	t.Cleanup(func() { f.exec("DROP USER IF EXISTS x69@localhost") }) // the sandbox is reused
	cfg := f.cfg.Clone()
	cfg.User = "x69"
	path := writeFile(t, "d.sql", []byte("USE other;\nINSERT INTO e VALUES (1),(2);\n"))
	var log strings.Builder
	res, err := importer.Import(context.Background(), cfg, importer.Source{Path: path}, importer.Options{Log: &log})
	if err == nil {
		err = res.Err
	}
	const want = "INSERT INTO `other`.`e`, whose trigger this account cannot read (grant it TRIGGER on the table to have it read) (offset 10, line 2), which could write into what exists in the target"
	if err == nil || !strings.Contains(err.Error()+log.String(), want) {
		t.Errorf("import: %v; want it refused naming %q\n%s", err, want, log.String())
	}
	if got := f.query("SELECT GROUP_CONCAT(i ORDER BY i) FROM other.k"); got != "1" {
		t.Errorf("other.k holds %q, want 1 (not overwritten without --overwrite)", got)
	}
}
