package importer_test

import (
	"context"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestXFix62TargetTriggerOnEmptyTable (x-review24's TestReviewX24TargetTriggerOnEmptyTable):
// the target holds other.e, an empty table with a trigger that writes other.k; a data-only
// dump fills other.e (rows into a table empty at the start pass without --overwrite) and
// the target's trigger wrote other.k, silently against §Preflight. The check now reads the
// target's trigger bodies with its routines' (preflight/calls.go) and refuses the rows,
// naming the trigger's write. Guard: a trigger that fills another empty table (Sakila's
// film_text) still passes.
func TestXFix62TargetTriggerOnEmptyTable(t *testing.T) {
	f := newSessionFixture(t, "")
	for mode, o := range map[string]importer.Options{"serial": {}, "preflight-scan": {Parallel: 2, PreflightScan: true}} {
		t.Run(mode, func(t *testing.T) {
			for _, q := range x23Other {
				f.exec(q)
			}
			f.exec("CREATE TABLE other.e (i int)")
			f.exec("CREATE TRIGGER other.tre AFTER INSERT ON other.e FOR EACH ROW INSERT INTO other.k VALUES (NEW.i + 100)")
			path := writeFile(t, "d.sql", []byte("USE other;\nINSERT INTO e VALUES (1),(2);\n"))
			var log strings.Builder
			o.Log = &log
			res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: path}, o)
			if err == nil {
				err = res.Err
			}
			const want = "INSERT INTO `other`.`e`, whose trigger runs INSERT INTO other.k VALUES (NEW.i + 100) (offset 10, line 2), which writes into what exists in the target"
			if err == nil || !strings.Contains(err.Error()+log.String(), want) {
				t.Errorf("import: %v; want it refused naming %q\n%s", err, want, log.String())
			}
			if got := f.query("SELECT GROUP_CONCAT(i ORDER BY i) FROM other.k"); got != "1" {
				t.Errorf("other.k holds %q, want 1 (not overwritten without --overwrite)", got)
			}
		})
	}
	t.Run("fills another empty table", func(t *testing.T) {
		for _, q := range x23Other {
			f.exec(q)
		}
		f.exec("CREATE TABLE other.e (i int)")
		f.exec("CREATE TABLE other.e2 (i int)")
		f.exec("CREATE TRIGGER other.tre AFTER INSERT ON other.e FOR EACH ROW INSERT INTO other.e2 VALUES (NEW.i + 100)")
		path := writeFile(t, "d.sql", []byte("USE other;\nINSERT INTO e VALUES (1),(2);\n"))
		var log strings.Builder
		res, err := importer.Import(context.Background(), f.cfg, importer.Source{Path: path}, importer.Options{Log: &log})
		if err == nil {
			err = res.Err
		}
		if got := f.query("SELECT GROUP_CONCAT(i ORDER BY i) FROM other.e2"); err != nil || got != "101,102" {
			t.Errorf("other.e2 holds %q, import %v; want 101,102\n%s", got, err, log.String())
		}
	})
}
