package importer_test

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// TestSystemRefusalUncheckedDynamicSQL: PREPARE s FROM @q is refused without
// --allow-system-schemas because nothing before it runs can tell what it will run; the
// refusal said "…, in a system schema", which the dump does not name (x-review5's notes).
// It must say the statement could change one.
func TestSystemRefusalUncheckedDynamicSQL(t *testing.T) {
	srv := testsandbox.Start(t)
	dump := writeFile(t, "d.sql", []byte("SET @q = 'SELECT 1';\nPREPARE s FROM @q;\nEXECUTE s;\n"))
	res, err := tryImport(t, srv, "", importer.Source{Path: dump}, importer.Options{SkipRowCounts: true, Log: &strings.Builder{}})
	if err == nil {
		err = res.Err
	}
	if err == nil {
		t.Fatal("PREPARE s FROM @q was not refused")
	}
	msg := err.Error()
	if strings.Contains(msg, "in a system schema") || !strings.Contains(msg, "could change a system schema") || !strings.Contains(msg, "line 2") {
		t.Errorf("refusal: %s\nwant it to say the statement at line 2 could change a system schema, not that it is in one", msg)
	}
}
