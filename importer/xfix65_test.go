package importer_test

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
)

// TestXFix65ViewsFollowed: the view subtests of TestReviewX24OverwriteMissed (ungated
// since x-tidy2's sqlscan.TableRefs read its multi-table UPDATE/DELETE forms), which
// x-fix65's views.go reads: a view of the dump's view, mysqldump's parenthesised join
// form, `FROM (other.k)`, ALTER VIEW, and a write into such a view from a procedure, a
// trigger, PREPARE or SET STATEMENT … FOR. Each was silent against §Preflight in every
// mode (24 subtests failed before).
func TestXFix65ViewsFollowed(t *testing.T) {
	f := newSessionFixture(t, "")
	for name, body := range x24Missed {
		if !strings.HasPrefix(name, "view") && name != "alter view" {
			continue
		}
		for mode, o := range map[string]importer.Options{"serial": {}, "parallel 2": {Parallel: 2, BatchBytes: 512}, "preflight-scan": {Parallel: 2, PreflightScan: true}} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				x23Untouched(t, f, "CREATE DATABASE fresh;\nUSE fresh;\n"+body, o)
			})
		}
	}
}
