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
