package importer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// TestSummarizeDump: the summary counts what the filter keeps and what it skipped, lists
// what a rename maps, reads stdin as "-", and a dump cut inside a statement is an error
// naming the file and the position.
func TestSummarizeDump(t *testing.T) {
	dir := t.TempDir()
	dump := filepath.Join(dir, "d.sql")
	sql := "CREATE DATABASE shop;\nUSE shop;\nCREATE TABLE a (id INT);\nINSERT INTO a VALUES (1),(2);\nCREATE TABLE b (id INT);\nINSERT INTO b VALUES (3);\n"
	if err := os.WriteFile(dump, []byte(sql), 0o600); err != nil {
		t.Fatal(err)
	}
	opt := split.SplitOptions{Charset: "utf8mb4", TrackSQLMode: true}
	sum, err := SummarizeDump(dump, nil, transform.Options{Tables: []string{"shop.a"}, RenameDatabases: map[string]string{"shop": "s2"}}, "", opt)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Filter == nil || sum.Filter.SkippedStatements != 2 || sum.Rows != 2 {
		t.Errorf("filter %+v, rows %d: want b's 2 statements skipped and a's 2 rows", sum.Filter, sum.Rows)
	}
	var text strings.Builder
	sum.WriteText(&text)
	if len(sum.Mappings) == 0 || !strings.Contains(text.String(), "would map ") || !strings.Contains(text.String(), "database shop → s2") {
		t.Errorf("mappings %+v, text:\n%s", sum.Mappings, text.String())
	}
	in, err := SummarizeDump("-", strings.NewReader(sql), transform.Options{}, "", opt)
	if err != nil || in.File != "stdin" || in.Rows != 3 {
		t.Errorf("stdin: %+v, %v; want 3 rows from stdin", in, err)
	}
	cut := filepath.Join(dir, "cut.sql")
	if err := os.WriteFile(cut, []byte("INSERT INTO t VALUES ('abc"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := SummarizeDump(cut, nil, transform.Options{}, "", opt); err == nil || !strings.Contains(err.Error(), cut+": offset ") {
		t.Errorf("cut dump: %v, want an error naming %s and the offset", err, cut)
	}
}
